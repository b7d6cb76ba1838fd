package bot_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/games"
	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/table"
)

// Sorcerer City end to end: building is private and simultaneous (draws
// and placements are steps in each player's DM, or "Show my hand" for a
// player without DMs), score choices and Raw Magic are DM prompts, buying
// is public.

// sorcererSpec plays Sorcerer City with ps; options are set in the lobby.
func sorcererSpec(ps []player, options map[string]string) spec {
	return spec{gameID: "sorcerer-city", players: ps, options: options, rules: &sorcererRules{}, restartAt: 25, maxMoves: 4000}
}

// fourPlayers are the usual three and a fourth, German-speaking one.
func fourPlayers() []player {
	return append(players(), player{Actor: fakediscord.Actor{UserID: "800000000000000004", Username: "dora",
		ChannelID: channelID, GuildID: guildID, Locale: discordgo.German}})
}

// sorcererRules: nothing a seat holds in hand or has face down is in the
// public view; placements happen.
type sorcererRules struct {
	placed, hiddenChecks int
	starts               int
}

// secrets: the tiles of Sorcerer City have no unique names (many tiles
// look alike), so no word is a seat's alone; what must stay hidden is
// checked on the views in checkMove.
func (r *sorcererRules) secrets(g *game, tb *table.Table, _ games.State) [][]string {
	return make([][]string, len(tb.Seats))
}

func (r *sorcererRules) checkMove(g *game, m appliedMove) {
	t := g.t
	if strings.HasPrefix(m.choice.move, "at:") || strings.HasPrefix(m.choice.move, "on:") {
		r.placed++
	}
	if m.choice.move == "start" {
		r.starts++
	}
	pub, ok := m.after.View(games.Public).(sc.View)
	if !ok {
		t.Fatalf("public view is %T", m.after.View(games.Public))
	}
	pubJSON := jsonOf(t, pub)
	for seat, sv := range pub.Seats {
		if sv.Drawn != "" {
			t.Fatalf("the public view shows seat %d's drawn tile %s", seat, sv.Drawn)
		}
		pv := m.after.View(seat).(sc.PrivateView)
		if pv.Drawn != "" {
			r.hiddenChecks++
			if bytes.Contains(pubJSON, []byte(`"Drawn":"`+pv.Drawn+`"`)) {
				t.Fatalf("seat %d's drawn tile shows publicly", seat)
			}
		}
		for _, c := range sv.District.Cells {
			for _, pl := range c.Stack {
				if pl.FaceDown && pl.Tile != "" {
					t.Fatalf("seat %d's face-down tile at %s shows as %s", seat, c.At, pl.Tile)
				}
			}
		}
	}
}

// prefer keeps drawing while a player can, so districts grow and monsters
// come up.
func (r *sorcererRules) prefer(_ *game, _ games.Prompt, cs []choice) []choice {
	for _, c := range cs {
		if c.move == "draw" || c.move == "start" {
			return []choice{c}
		}
	}
	return cs
}

// staleTarget: an old build DM is the one to click again.
func (r *sorcererRules) staleTarget(g *game, a answer) bool {
	return g.w.fake.Channels.IsDMChannel(a.msg.ChannelID) && (a.choice.move == "draw" || strings.HasPrefix(a.choice.move, "at:"))
}

func (r *sorcererRules) checkEnd(g *game) {
	if r.placed == 0 || r.hiddenChecks == 0 || g.inPlace == 0 {
		g.t.Errorf("placements %d, drawn tiles checked hidden %d, steps answered in place of their ephemeral %d", r.placed, r.hiddenChecks, g.inPlace)
	}
	// Starting to build is told in a line, without a board (and so is
	// stopping while others still build).
	if r.starts == 0 || g.quiet < r.starts {
		g.t.Errorf("%d quiet commits (told without a board) for %d starts to build", g.quiet, r.starts)
	}
}

func TestEndToEndSorcererGateway(t *testing.T) {
	t.Parallel()
	play(t, sorcererSpec(fourPlayers(), nil), false)
}

func TestEndToEndSorcererSoloHTTP(t *testing.T) {
	t.Parallel()
	g := play(t, sorcererSpec(players()[:1], map[string]string{"artifacts": "yes"}), true)
	if st := g.w.state(t, g.w.table(t)); !st.Over() {
		t.Error("the solo game did not end")
	}
}
