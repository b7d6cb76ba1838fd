package live_test

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/table/live"
)

func TestRefs(t *testing.T) {
	a1, a2, b3 := live.Ref{Channel: "a", ID: "1", Version: 1}, live.Ref{Channel: "a", ID: "2", Version: 2}, live.Ref{Channel: "b", ID: "3", Version: 3}
	tests := []struct {
		name      string
		do        func(l *live.Refs) live.Refs
		want      live.Refs // what was taken
		wantAfter live.Refs
	}{
		{"Add skips the same message", func(l *live.Refs) live.Refs {
			l.Add(live.Ref{Channel: "a", ID: "1", Version: 9}, b3)
			return nil
		}, nil, live.Refs{a1, a2, b3}},
		{"Take takes all", func(l *live.Refs) live.Refs { return l.Take() }, live.Refs{a1, a2}, nil},
		{"TakeVersion", func(l *live.Refs) live.Refs {
			r, ok := l.TakeVersion(2)
			if !ok {
				return nil
			}
			return live.Refs{r}
		}, live.Refs{a2}, live.Refs{a1}},
		{"TakeVersion of none", func(l *live.Refs) live.Refs {
			if _, ok := l.TakeVersion(7); ok {
				return live.Refs{{}}
			}
			return nil
		}, nil, live.Refs{a1, a2}},
		{"TakeBut keeps one", func(l *live.Refs) live.Refs { return l.TakeBut(live.Ref{Channel: "a", ID: "2"}) }, live.Refs{a1}, live.Refs{a2}},
		{"Drop", func(l *live.Refs) live.Refs { l.Drop(live.Ref{Channel: "a", ID: "1"}); return nil }, nil, live.Refs{a2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := live.Refs{a1, a2}
			got := tc.do(&l)
			if !slices.Equal(got, tc.want) || !slices.Equal(l, tc.wantAfter) {
				t.Errorf("took %v, left %v; want %v, left %v", got, l, tc.want, tc.wantAfter)
			}
		})
	}
}
