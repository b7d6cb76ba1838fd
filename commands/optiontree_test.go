package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// treeOf is a fake game whose public turn prompt also offers the options
// that add builds (the fake game's own step, leap and draw stay loose, with
// no path); a move starting with "d:" is played as a step.
func treeOf(id string, add func(p *games.Prompt)) games.Game {
	return longGame{Game: tabletest.Game(), id: id, prefix: "d:", more: add}
}

// deepGame adds 95 options three levels deep, sector › block › spot:
// sector s1 has 30 blocks of 2 spots (its block level needs two selects),
// s2 has 4 blocks of 8 spots, s3 a single block of 3 spots (a level
// without a choice, which the menus skip).
func deepGame() games.Game {
	blocks := map[int]int{1: 30, 2: 4, 3: 1}
	spots := map[int]int{1: 2, 2: 8, 3: 3}
	return treeOf("deep", func(p *games.Prompt) {
		for z := 1; z <= 3; z++ {
			for b := 1; b <= blocks[z]; b++ {
				block := games.Step{ID: fmt.Sprint("b", b), Label: games.T("fake.grp.cell", "row", z, "col", b)}
				if z == 3 {
					block = games.Step{ID: "only", Label: games.T("fake.grp.cell", "row", z, "col", 9)}
				}
				for n := 1; n <= spots[z]; n++ {
					p.Options = append(p.Options, games.Option{ID: fmt.Sprintf("d:%d:%d:%d", z, b, n), Label: games.T("fake.opt.bid", "n", n),
						Path: []games.Step{{ID: fmt.Sprint("s", z), Label: games.T("fake.grp.cell", "row", z, "col", 0)}, block}})
				}
			}
		}
	})
}

// gameHarness starts g for Ann and Bo and plays the bids, so that Ann's
// long turn prompt is on the board.
func gameHarness(t *testing.T, g games.Game) *harness {
	h := newHarness(t)
	h.extra = []games.Game{g}
	h.restart()
	h.startGame(g.Info().ID, "rounds=1", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	return h
}

func (h *harness) board() Message {
	msgs := h.channelMsgs()
	return msgs[len(msgs)-1]
}

// selectWith finds the select of rows that offers value.
func selectWith(t *testing.T, rows []discordgo.MessageComponent, value string) discordgo.SelectMenu {
	t.Helper()
	for _, sel := range selects(rows) {
		if slices.Contains(values(sel), value) {
			return sel
		}
	}
	t.Fatalf("no select offers %q among %v", value, customIDs(rows))
	return discordgo.SelectMenu{}
}

// drillPath clicks Ann's way from the board down path, each value in the
// select of the previous level that offers it, and returns each level's
// components (the board's first).
func drillPath(t *testing.T, h *harness, path []string) [][]discordgo.MessageComponent {
	t.Helper()
	levels := [][]discordgo.MessageComponent{h.board().Components}
	for _, v := range path {
		sel := selectWith(t, levels[len(levels)-1], v)
		res := h.click(ann, sel.CustomID, v)
		if res.Reply == nil || len(res.Actions) != 0 {
			t.Fatalf("clicking %q: reply %+v, actions %d", v, res.Reply, len(res.Actions))
		}
		levels = append(levels, res.Reply.Components)
	}
	return levels
}

// menu describes a level's selects: the kind of each and its values.
func menu(t *testing.T, rows []discordgo.MessageComponent) (kinds []Kind, vals [][]string) {
	t.Helper()
	for _, sel := range selects(rows) {
		c, err := ParseCustomID(sel.CustomID)
		if err != nil {
			t.Fatalf("select id %q: %v", sel.CustomID, err)
		}
		kinds = append(kinds, c.Kind)
		vals = append(vals, values(sel))
	}
	return kinds, vals
}

func seq(format string, from, to int) []string {
	var out []string
	for k := from; k <= to; k++ {
		out = append(out, fmt.Sprintf(format, k))
	}
	return out
}

// Every level of a three-level tree: the board offers the sectors beside
// the loose options' buttons, a sector its blocks (in two selects when
// they exceed one), a block its spots, which answer the prompt.
func TestOptionTreeEveryLevel(t *testing.T) {
	h := gameHarness(t, deepGame())
	tests := []struct {
		name    string
		path    []string
		kinds   []Kind
		values  [][]string
		content string // the reply names the path chosen
	}{
		{name: "board", kinds: []Kind{KindGroup}, values: [][]string{{"s1", "s2", "s3"}}},
		{name: "sector of 30 blocks", path: []string{"s1"}, kinds: []Kind{KindGroup, KindGroup},
			values: [][]string{seq("s1/b%d", 1, 25), seq("s1/b%d", 26, 30)}, content: "Row 1, column 0"},
		{name: "block from the second select", path: []string{"s1", "s1/b27"}, kinds: []Kind{KindMoveSelect},
			values: [][]string{{"d:1:27:1", "d:1:27:2"}}, content: "Row 1, column 0 › Row 1, column 27"},
		{name: "sector of 4 blocks", path: []string{"s2"}, kinds: []Kind{KindGroup},
			values: [][]string{seq("s2/b%d", 1, 4)}, content: "Row 2, column 0"},
		{name: "block of 8 spots", path: []string{"s2", "s2/b3"}, kinds: []Kind{KindMoveSelect},
			values: [][]string{seq("d:2:3:%d", 1, 8)}, content: "Row 2, column 0 › Row 2, column 3"},
		{name: "a level without a choice is skipped", path: []string{"s3"}, kinds: []Kind{KindMoveSelect},
			values: [][]string{seq("d:3:1:%d", 1, 3)}, content: "Row 3, column 0 › Row 3, column 9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			levels := drillPath(t, h, tc.path)
			for k, rows := range levels {
				checkLimits(t, fmt.Sprintf("level %d", k), rows)
			}
			last := levels[len(levels)-1]
			kinds, vals := menu(t, last)
			if !slices.Equal(kinds, tc.kinds) || !slices.EqualFunc(vals, tc.values, slices.Equal) {
				t.Errorf("selects %v %v, want %v %v", kinds, vals, tc.kinds, tc.values)
			}
			if len(tc.path) == 0 {
				var loose []string
				for _, id := range customIDs(last) {
					if c, err := ParseCustomID(id); err == nil && c.Kind == KindMove {
						loose = append(loose, c.Arg)
					}
				}
				if !slices.Equal(loose, []string{"step", "leap", "draw"}) {
					t.Errorf("loose buttons %v", loose)
				}
			}
		})
	}
	// The content of each reply names the path: checked on fresh clicks.
	for _, tc := range tests[1:] {
		sel := selectWith(t, drillPath(t, h, tc.path[:len(tc.path)-1])[len(tc.path)-1], tc.path[len(tc.path)-1])
		if res := h.click(ann, sel.CustomID, tc.path[len(tc.path)-1]); !strings.Contains(res.Reply.Content, tc.content) {
			t.Errorf("%s: reply %q does not name %q", tc.name, res.Reply.Content, tc.content)
		}
	}
	spots := drillPath(t, h, []string{"s1", "s1/b27"})[2]
	h.wantReply(h.click(ann, selectWith(t, spots, "d:1:27:2").CustomID, "d:1:27:2"), "en", play.KeyOKMove)
	if log := h.table().Log; log[len(log)-1].Move != "d:1:27:2" {
		t.Errorf("last move %q", log[len(log)-1].Move)
	}
}

// Any level's menu made before a move is stale after it, and a second
// click on an answer is refused; the move is made once.
func TestOptionTreeStaleClicks(t *testing.T) {
	h := gameHarness(t, deepGame())
	levels := drillPath(t, h, []string{"s2", "s2/b3"})
	h.wantReply(h.click(ann, selectWith(t, levels[2], "d:2:3:5").CustomID, "d:2:3:5"), "en", play.KeyOKMove)
	moves := len(h.table().Log)
	tests := []struct {
		name  string
		level int
		value string
	}{
		{"board's sectors", 0, "s1"},
		{"level 2: a sector's blocks", 1, "s2/b1"},
		{"level 2: the block just drilled", 1, "s2/b3"},
		{"level 3: a double click on the spot", 2, "d:2:3:5"},
		{"level 3: another spot", 2, "d:2:3:6"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := h.click(ann, selectWith(t, levels[tc.level], tc.value).CustomID, tc.value)
			h.wantReply(res, "en", table.ErrStale)
			if len(res.Reply.Components) != 0 {
				t.Errorf("a stale click offered %v", customIDs(res.Reply.Components))
			}
		})
	}
	if n := len(h.table().Log); n != moves {
		t.Errorf("log grew from %d to %d moves", moves, n)
	}
}

// walk clicks through every step of the menus under rows as user and
// returns the options reachable by a click and whether some reply said
// the rest needs /move; every message on the way keeps Discord's limits.
func walk(t *testing.T, h *harness, user string, rows []discordgo.MessageComponent, what string) (reach map[string]bool, cut bool) {
	t.Helper()
	checkLimits(t, what, rows)
	reach = map[string]bool{}
	for _, id := range customIDs(rows) {
		if c, err := ParseCustomID(id); err == nil && c.Kind == KindMove {
			reach[c.Arg] = true
		}
	}
	for _, sel := range selects(rows) {
		c, _ := ParseCustomID(sel.CustomID)
		for _, v := range values(sel) {
			if c.Kind != KindGroup {
				reach[v] = true
				continue
			}
			res := h.click(user, sel.CustomID, v)
			if res.Reply == nil {
				t.Fatalf("%s › %s: no reply", what, v)
			}
			cut = cut || strings.Contains(res.Reply.Content, h.text("en", compose.KeyMoreUseMove))
			more, moreCut := walk(t, h, user, res.Reply.Components, what+" › "+v)
			cut = cut || moreCut
			for o := range more {
				reach[o] = true
			}
		}
	}
	return reach, cut
}

// Trees of every shape keep Discord's limits at every level, and every
// option is reachable by clicks unless a reply points to /move.
func TestOptionTreeLimits(t *testing.T) {
	long := strings.Repeat("x", 18)
	tests := []struct {
		name    string
		add     func(p *games.Prompt)
		allSeen bool // every option reachable by clicks
	}{
		{name: "four levels of 20-character step ids", allSeen: true, add: func(p *games.Prompt) {
			for a := range 3 {
				for b := range 3 {
					for c := range 4 {
						for d := range 3 {
							path := []games.Step{{ID: fmt.Sprint(long, "a", a)}, {ID: fmt.Sprint(long, "b", b)}, {ID: fmt.Sprint(long, "c", c)}}
							p.Options = append(p.Options, games.Option{ID: fmt.Sprintf("d:%d%d%d%d", a, b, c, d), Label: games.T("fake.opt.bid", "n", d), Path: path})
						}
					}
				}
			}
		}},
		// The board keeps a row of its own: four rows for the prompt.
		{name: "70 first steps take three selects beside the buttons", allSeen: true, add: func(p *games.Prompt) {
			for k := range 140 {
				p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:", k), Label: games.T("fake.opt.bid", "n", k),
					Path: games.Under(fmt.Sprint("g", k/2), games.T("fake.grp.cell", "row", k/2, "col", 0))})
			}
		}},
		{name: "76 first steps and the buttons do not fit the board", add: func(p *games.Prompt) {
			for k := range 152 {
				p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:", k), Label: games.T("fake.opt.bid", "n", k),
					Path: games.Under(fmt.Sprint("g", k/2), games.T("fake.grp.cell", "row", k/2, "col", 0))})
			}
		}},
		{name: "a sector of 130 blocks is cut", add: func(p *games.Prompt) {
			for k := range 300 {
				sector := "s1"
				if k >= 260 {
					sector = "s2"
				}
				p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:", k), Label: games.T("fake.opt.bid", "n", k),
					Path: []games.Step{{ID: sector}, {ID: fmt.Sprint("b", k/2)}}})
			}
		}},
		{name: "a sector's own options beside 100 blocks", allSeen: true, add: func(p *games.Prompt) {
			for k := range 30 {
				p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:s2:", k), Label: games.T("fake.opt.bid", "n", k), Path: games.Under("s2", games.Text{})})
			}
			for k := range 200 {
				p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:", k), Label: games.T("fake.opt.bid", "n", k),
					Path: []games.Step{{ID: "s1"}, {ID: fmt.Sprint("b", k/2)}}})
			}
			for k := range 3 {
				p.Options = append(p.Options, games.Option{ID: fmt.Sprint("d:s1:", k), Label: games.T("fake.opt.leap"), Path: games.Under("s1", games.Text{})})
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := gameHarness(t, treeOf("limits", tc.add))
			var all []string
			p := games.Prompt{}
			tc.add(&p)
			for _, o := range p.Options {
				all = append(all, o.ID)
			}
			all = append(all, "step", "leap", "draw")
			reach, cut := walk(t, h, ann, h.board().Components, "board")
			cut = cut || strings.Contains(h.board().Content, h.text("en", compose.KeyMoreUseMove))
			missing := 0
			for _, id := range all {
				if !reach[id] {
					missing++
				}
			}
			if len(reach) > len(all) {
				t.Errorf("%d options reachable, only %d offered", len(reach), len(all))
			}
			if tc.allSeen && (missing > 0 || cut) {
				t.Errorf("%d of %d options unreachable, /move note %v", missing, len(all), cut)
			}
			if !tc.allSeen && (missing == 0 || !cut) {
				t.Errorf("%d of %d options unreachable, /move note %v: want some cut and said so", missing, len(all), cut)
			}
		})
	}
}

// /move completes path by path: first steps, a step's children, options
// once they fit, typed labels filtering the whole label path.
func TestOptionTreeAutocompletePaths(t *testing.T) {
	h := gameHarness(t, deepGame())
	complete := func(typed string) []string {
		i := slashInteraction(ann, CmdMove, "")
		i.Type = discordgo.InteractionApplicationCommandAutocomplete
		i.Data = discordgo.ApplicationCommandInteractionData{Name: CmdMove, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: OptOption, Type: discordgo.ApplicationCommandOptionString, Value: typed, Focused: true}}}
		var out []string
		for _, c := range h.svc.Autocomplete(ctxBG, i) {
			out = append(out, c.Value.(string))
		}
		return out
	}
	var sector1 []string // in the order offered
	for b := 1; b <= 30; b++ {
		sector1 = append(sector1, fmt.Sprintf("d:1:%d:1", b), fmt.Sprintf("d:1:%d:2", b))
	}
	tests := []struct {
		typed string
		want  []string
	}{
		{"", []string{"s1/", "s2/", "s3/", "step", "leap", "draw"}},
		{"s2/", seq("s2/b%d/", 1, 4)},
		{"s2/b3/", seq("d:2:3:%d", 1, 8)},
		{"s3/", seq("d:3:1:%d", 1, 3)},
		// 30 blocks do not fit the list: its first 25 options.
		{"s1/", sector1[:25]},
		// A typed step name selects its subtree: its children.
		{"Row 2, column 0", seq("s2/b%d/", 1, 4)},
		{"row 2, column 0 › row 2, column 3", seq("d:2:3:%d", 1, 8)},
		{"Row 3, column 9 › bid zz 2", []string{"d:3:1:2"}},
		// Matches in several subtrees: the subtrees, a single match as itself.
		{"bid zz 2", []string{"s1/", "s2/", "d:3:1:2"}},
		{"lea", []string{"leap"}},
		{"S2/", nil}, // step ids are exact
	}
	for _, tc := range tests {
		if got := complete(tc.typed); !slices.Equal(got, tc.want) {
			t.Errorf("typing %q: %v, want %v", tc.typed, got, tc.want)
		}
	}
}

// A path prefix submitted to /move answers with the menu under it and
// moves nothing; other values are moves, refused unless pending.
func TestOptionTreeMovePrefix(t *testing.T) {
	h := gameHarness(t, deepGame())
	version := h.table().Version
	tests := []struct {
		value  string
		kinds  []Kind
		values [][]string
		err    string
	}{
		{value: "s2/", kinds: []Kind{KindGroup}, values: [][]string{seq("s2/b%d", 1, 4)}},
		{value: "s1/", kinds: []Kind{KindGroup, KindGroup}, values: [][]string{seq("s1/b%d", 1, 25), seq("s1/b%d", 26, 30)}},
		{value: "s2/b3/", kinds: []Kind{KindMoveSelect}, values: [][]string{seq("d:2:3:%d", 1, 8)}},
		{value: "s3/", kinds: []Kind{KindMoveSelect}, values: [][]string{seq("d:3:1:%d", 1, 3)}},
		{value: "s9/", err: table.ErrOptionNotPending},
		{value: "s2/b9/", err: table.ErrOptionNotPending},
		{value: "/", err: table.ErrOptionNotPending},
		{value: "s2", err: table.ErrOptionNotPending},
	}
	for _, tc := range tests {
		res := h.slash(ann, CmdMove, "", OptOption, tc.value)
		if tc.err != "" {
			h.wantReply(res, "en", tc.err)
			continue
		}
		if res.Reply == nil || len(res.Actions) != 0 {
			t.Fatalf("/move %s: %+v", tc.value, res)
		}
		checkLimits(t, tc.value, res.Reply.Components)
		if kinds, vals := menu(t, res.Reply.Components); !slices.Equal(kinds, tc.kinds) || !slices.EqualFunc(vals, tc.values, slices.Equal) {
			t.Errorf("/move %s: selects %v %v, want %v %v", tc.value, kinds, vals, tc.kinds, tc.values)
		}
	}
	if v := h.table().Version; v != version {
		t.Errorf("version %d after menus, want %d", v, version)
	}
	// Bo, not to move, gets no menu.
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "s2/"), "de", table.ErrNotYourTurn)
}
