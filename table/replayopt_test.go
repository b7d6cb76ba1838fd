package table_test

import (
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// TestReplayOption: a game played to its end stages its replay (DueReplay)
// unless the table's replay option is off.
func TestReplayOption(t *testing.T) {
	for _, tc := range []struct {
		replay string
		want   bool
	}{{"", true}, {coreopt.ReplayOn, true}, {coreopt.ReplayOff, false}} {
		g := tabletest.Game()
		tb := startedWith(t, g, "12")
		if tc.replay != "" {
			tb.Options[coreopt.Replay] = tc.replay // as chosen in the lobby
		}
		for k := 1; tb.Status == table.StatusPlaying; k++ {
			if k > 50 {
				t.Fatal("the game does not end on timeouts")
			}
			if _, err := tb.Fire(g, games.RandomPolicy, now.Add(time.Duration(k)*13*time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		staged := slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueReplay })
		if tb.Status != table.StatusOver || staged != tc.want {
			t.Errorf("replay=%q: status %s, replay due %v; want over, %v", tc.replay, tb.Status, staged, tc.want)
		}
	}
	if _, err := coreopt.Validate(coreopt.All(tabletest.Game().Info()), map[string]string{coreopt.Replay: "sometimes"}); err == nil {
		t.Error("replay=sometimes accepted")
	}
}
