package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
)

// A level with more steps than five selects hold offers as many steps as
// fit, keeping a row for the loose options, and says the rest need /move;
// a level whose step paths are too long for a select value offers its
// options instead of an empty menu.
func TestOptionTreeLevelTooLong(t *testing.T) {
	long := strings.Repeat("x", 19)
	blocks := func(p *games.Prompt) { // s1: 130 blocks of 2; s2: 2 options
		for k := range 260 {
			p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:", k), Label: games.T("fake.opt.bid", "n", k),
				Path: []games.Step{{ID: "s1"}, {ID: fmt.Sprint("b", k/2)}}})
		}
		for k := range 2 {
			p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:s2:", k), Label: games.T("fake.opt.leap"), Path: games.Under("s2", games.Text{})})
		}
	}
	tests := []struct {
		name      string
		add       func(p *games.Prompt)
		click     string
		steps     []string // step values offered, in order
		stepsRows int
		options   []string // option values offered, in order
		wantMove  bool     // the reply points to /move
	}{
		{name: "130 blocks: 125 in five selects", add: blocks,
			click: "s1", steps: seq("s1/b%d", 0, 124), stepsRows: 5, wantMove: true},
		{name: "130 blocks beside a loose option: 100 in four selects and the option",
			add: func(p *games.Prompt) {
				blocks(p)
				p.Options = append(p.Options, games.Option{ID: "d:s1", Label: games.T("fake.opt.leap"), Path: games.Under("s1", games.Text{})})
			},
			click: "s1", steps: seq("s1/b%d", 0, 99), stepsRows: 4, options: []string{"d:s1"}, wantMove: true},
		{
			// Under a0 the next three steps are shared (skipped), so its
			// blocks' paths are 5 ids of 20 characters: 104 > 100.
			name: "paths too long for a select value",
			add: func(p *games.Prompt) {
				for a := range 2 {
					for k := range 30 {
						path := []games.Step{{ID: fmt.Sprint(long, a)}, {ID: long + "b"}, {ID: long + "c"}, {ID: long + "d"}, {ID: fmt.Sprint(long, k%10)}}
						p.Options = append(p.Options, games.Option{ID: fmt.Sprintf("d:%d:%d", a, k), Label: games.T("fake.opt.bid", "n", k), Path: path})
					}
				}
			},
			click: long + "0", options: seq("d:0:%d", 0, 29),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := gameHarness(t, treeOf("cut", tc.add))
			sel := selectWith(t, h.board().Components, tc.click)
			res := h.click(ann, sel.CustomID, tc.click)
			if res.Reply == nil || len(res.Actions) != 0 {
				t.Fatalf("clicking %q: reply %+v, actions %d", tc.click, res.Reply, len(res.Actions))
			}
			checkLimits(t, tc.name, res.Reply.Components)
			kinds, vals := menu(t, res.Reply.Components)
			var steps, options []string
			stepsRows := 0
			for k, kind := range kinds {
				switch kind {
				case KindGroup:
					steps, stepsRows = append(steps, vals[k]...), stepsRows+1
				case KindMoveSelect:
					options = append(options, vals[k]...)
				}
			}
			if !slices.Equal(steps, tc.steps) || stepsRows != tc.stepsRows {
				t.Errorf("steps %v in %d selects, want %v in %d", steps, stepsRows, tc.steps, tc.stepsRows)
			}
			if !slices.Equal(options, tc.options) {
				t.Errorf("options %v, want %v", options, tc.options)
			}
			if got := strings.Contains(res.Reply.Content, h.text("en", compose.KeyMoreUseMove)); got != tc.wantMove {
				t.Errorf("/move note %v, want %v: %q", got, tc.wantMove, res.Reply.Content)
			}
		})
	}
}
