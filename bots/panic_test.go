package bots_test

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// panicking is a policy with a bug: it panics with value.
type panicking struct{ value func() any }

func (p panicking) Choose(games.State, int, uint64) (string, bool) { panic(p.value()) }

// secret stands for a hidden card a panic's value might carry.
const secret = "the dragon under the third tile"

// nilMapWrite is the runtime error a write to a nil map panics with.
func nilMapWrite() (r any) {
	defer func() { r = recover() }()
	var m map[string]int
	m[secret]++
	return nil
}

// A searching bot whose decision panics (a rules or search bug) crashes
// neither the pool nor its table: the seat plays the heuristic's move,
// or, if that panics too, the table's random legal one; the log says so
// with a runtime error's message but never another panic's value.
func TestAPanickingBotPlaysOn(t *testing.T) {
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	g, _ := reg.Get("zauberschwert")
	cases := []struct {
		name          string
		easy          func(games.Game) games.Policy
		wantHeuristic bool
		wantLog       []string
	}{
		{"the heuristic answers", games.PolicyOf, true,
			[]string{"a bot's decision failed", "a panic of type string"}},
		{"the heuristic panics too", func(games.Game) games.Policy { return panicking{nilMapWrite} }, false,
			[]string{"a bot's decision failed", "the heuristic failed too", "assignment to entry in nil map"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logged bytes.Buffer
			th, err := bots.New(t.Context(), reg, bots.Options{Workers: 1, Log: slog.New(slog.NewTextHandler(&logged, nil)),
				Policies: func(g games.Game, st search.Strength) (games.Policy, error) {
					if st == search.Easy {
						return c.easy(g), nil
					}
					return panicking{func() any { return secret }}, nil
				}})
			if err != nil {
				t.Fatal(err)
			}
			tb := botsOnly(t, g, coreopt.BotNormal, coreopt.BotNormal)
			st := mustLoad(t, tb, g)
			seat := st.Pending()[0].Seat
			seed := games.PolicySeed(tb.Seed, tb.Moves, seat)
			thought, err := th.Plan(t.Context(), tb, g, now)
			if err != nil {
				t.Fatalf("plan: %v", err)
			}
			move, ok := thought[seed]
			if !ok {
				t.Fatalf("the plan holds no move for the first decision (seed %d): %v", seed, thought)
			}
			want := ""
			if c.wantHeuristic {
				want, _ = games.PolicyOf(g).Choose(st, seat, seed)
			}
			if move != want {
				t.Errorf("the bot played %q, want %q", move, want)
			}
			res, err := tb.FireWith(g, thought, now)
			if err != nil || len(res.Steps) == 0 {
				t.Fatalf("the table did not play on: %d moves, %v", len(res.Steps), err)
			}
			for _, w := range c.wantLog {
				if !strings.Contains(logged.String(), w) {
					t.Errorf("the log lacks %q:\n%s", w, logged.String())
				}
			}
			if strings.Contains(logged.String(), secret) {
				t.Errorf("the log holds the panic's value:\n%s", logged.String())
			}
		})
	}
}
