package commands

import (
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

const sandID = "sand"

// TestTimeUpToldOnce: when a game's own time-up move answers for a seat
// (Sorcerer City's sand timer), the channel and /game log tell the game's
// line about it and not also the table's "ran out of time", in English
// and German;
// the game's safe answer without such a move keeps the table's line
// (TestTickAppliesTimeouts).
func TestTimeUpToldOnce(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		h := newHarness(t)
		h.extra = []games.Game{tabletest.TimeUp(tabletest.Game(), sandID)}
		h.restart()
		h.startGame(sandID, "rounds=1, deadline=12", ann, bo)
		if err := h.store.Tables().Update(ctxBG, chanA, func(tb *table.Table) error { tb.Lang = lang; return nil }); err != nil {
			t.Fatal(err)
		}
		posts := len(h.history())
		h.advance(12 * time.Hour)
		h.tick()
		var said []string
		for _, m := range h.history()[posts:] {
			said = append(said, m.Content)
		}
		text := strings.Join(said, "\n")
		own := h.svc.voice.Text(lang, games.T("timeup.ev", "player", "?"))
		own = own[strings.Index(own, "?")+1:]
		if strings.Count(text, own) != 2 {
			t.Errorf("%s: the game's line %q is not told once per seat in %q", lang, own, text)
		}
		asker := map[string]string{"en": ann, "de": bo}[lang] // the log answers in the asker's language
		log := h.slash(asker, CmdGame, SubLog)
		if log.Reply == nil || strings.Count(log.Reply.Content, own) != 2 || strings.Contains(log.Reply.Content, h.svc.voice.Text(lang, games.T(play.KeyLogTimeout))) {
			t.Errorf("%s: /game log does not tell each time-up once, in the game's words: %+v", lang, log.Reply)
		}
		for _, who := range []string{"Ann", "Bo"} {
			if line := h.svc.voice.Text(lang, games.T(compose.KeyTimedOutQuiet, "player", who)); strings.Contains(text, line) {
				t.Errorf("%s: the table's line %q doubles the game's in %q", lang, line, text)
			}
		}
	}
}
