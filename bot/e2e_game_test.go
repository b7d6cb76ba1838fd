package bot_test

import (
	"bytes"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/table"
)

// zauberschwertSpec is a 3-player game of Zauberschwert & Drachenei, one
// player with closed DMs, restarted after 25 moves.
func zauberschwertSpec() spec {
	return spec{gameID: "zauberschwert", players: players(), rules: zauberschwertRules{}, restartAt: 25, maxMoves: 5000}
}

// zauberschwertRules: a hand card the public view does not show is that
// seat's secret.
type zauberschwertRules struct{}

func (zauberschwertRules) secrets(g *game, tb *table.Table, st games.State) [][]string {
	pubJSON := jsonOf(g.t, st.View(games.Public))
	out := make([][]string, len(tb.Seats))
	for seat := range tb.Seats {
		pv, ok := st.View(seat).(zauberschwert.PrivateView)
		if !ok {
			g.t.Fatalf("private view of seat %d is %T", seat, st.View(seat))
		}
		for _, c := range pv.Hand {
			if !bytes.Contains(pubJSON, []byte(`"`+c.Artifact.Name+`"`)) {
				for _, lang := range []string{"en", "de"} {
					out[seat] = append(out[seat], g.w.svc.Localize(lang, c.Artifact.Name))
				}
			}
		}
	}
	return out
}

func (zauberschwertRules) checkMove(*game, appliedMove) {}

func (zauberschwertRules) prefer(_ *game, _ games.Prompt, cs []choice) []choice { return cs }

func (zauberschwertRules) staleTarget(*game, answer) bool { return true }

func (zauberschwertRules) checkEnd(*game) {}

func TestEndToEndGateway(t *testing.T) { play(t, zauberschwertSpec(), false) }

func TestEndToEndHTTP(t *testing.T) { play(t, zauberschwertSpec(), true) }
