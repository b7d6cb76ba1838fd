package replays

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
)

// reg is a registry without games: the summary names no game.
func reg(t *testing.T) *games.Registry {
	t.Helper()
	r, err := games.NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSummarize: who led when and the biggest swing, by round or by turn,
// from the public scores; nothing without them or with one seat.
func TestSummarize(t *testing.T) {
	views := func(n int) []any { return make([]any, n) }
	cases := []struct {
		name      string
		course    games.Course
		byRound   bool
		lead      []leadSpan
		swing     *swing
		wantLines []string
	}{
		{name: "no public scores", course: games.Course{Views: views(3), Rounds: []int{1, 1, 2}}, byRound: true},
		{name: "one seat", course: games.Course{Views: views(2), Scores: [][]int{{0}, {4}}}},
		{name: "by turn", course: games.Course{Views: views(5), Scores: [][]int{{0, 0}, {2, 0}, {2, 3}, {2, 9}, {4, 9}}},
			lead:  []leadSpan{{1, 1, []int{0}}, {2, 4, []int{1}}},
			swing: &swing{Seat: 1, Before: 1, After: 7, When: 3},
			wantLines: []string{"Who led: Ann in turn 1, Bo in turns 2–4.",
				"Biggest swing: Bo, from 1 ahead to 7 ahead in turn 3."}},
		{name: "by round, a commit counts for the round it was made in, level and shared leads", byRound: true,
			course: games.Course{Views: views(7), Rounds: []int{1, 1, 2, 2, 3, 3, 4},
				Scores: [][]int{{0, 0, 0}, {1, 1, 0}, {1, 1, 1}, {5, 1, 1}, {5, 4, 1}, {5, 6, 6}, {5, 6, 6}}},
			lead:  []leadSpan{{1, 1, nil}, {2, 2, []int{0}}, {3, 3, []int{1, 2}}},
			swing: &swing{Seat: 0, Before: 0, After: 4, When: 2},
			wantLines: []string{"Who led: level in round 1, Ann in round 2, Bo & Cy in round 3.",
				"Biggest swing: Ann, from level to 4 ahead in round 2."}},
	}
	v := interact.NewVoice(reg(t), interact.Catalog(Texts()), nil)
	for _, c := range cases {
		sm := Summarize(c.course)
		if sm.byRound != c.byRound || !slices.EqualFunc(sm.lead, c.lead, func(a, b leadSpan) bool {
			return a.From == b.From && a.To == b.To && slices.Equal(a.Leaders, b.Leaders)
		}) {
			t.Errorf("%s: by round %v, lead %+v; want %v, %+v", c.name, sm.byRound, sm.lead, c.byRound, c.lead)
		}
		if (sm.swing == nil) != (c.swing == nil) || sm.swing != nil && *sm.swing != *c.swing {
			t.Errorf("%s: swing %+v, want %+v", c.name, sm.swing, c.swing)
		}
		if got := sm.Lines(v, []string{"Ann", "Bo", "Cy"}, "en"); !slices.Equal(got, c.wantLines) {
			t.Errorf("%s: lines %q, want %q", c.name, got, c.wantLines)
		}
		if de := sm.Lines(v, []string{"Ann", "Bo", "Cy"}, "de"); len(de) != len(c.wantLines) || len(de) > 0 && de[0] == c.wantLines[0] {
			t.Errorf("%s: German lines %q", c.name, de)
		}
	}
}
