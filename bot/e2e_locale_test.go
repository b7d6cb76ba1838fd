package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestEndToEndGermanServer: on a German server an English host opens the
// table; its public messages and controls (lobby, boards, status, every
// board's hand button, checked at each move) speak German, the server's
// language, while each player's own answers (the host's /game new reply,
// /settings) speak their own (issue 31).
func TestEndToEndGermanServer(t *testing.T) {
	t.Parallel()
	s := zauberschwertSpec()
	for k := range s.players {
		s.players[k].GuildLocale = discordgo.German
	}
	if s.players[0].Locale != discordgo.EnglishUS {
		t.Fatalf("the host speaks %s, want English", s.players[0].Locale)
	}
	g := play(t, s, false)
	tb := g.w.table(t)
	if tb.Lang != "de" {
		t.Fatalf("table opened by an English host on a German server speaks %q, want de", tb.Lang)
	}
	if g.handLabels == 0 {
		t.Fatal("no board's hand button was checked")
	}
	lobby := g.w.fake.Channels.Messages(channelID)[0]
	// The lobby, once started, tells who plays: in German.
	if !strings.Contains(lobby.Content, "hat begonnen mit alice, bernd, carol") {
		t.Errorf("the lobby on a German server says %q, want it in German", lobby.Content)
	}
}
