package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

const wideID = "wide"

// longGame is the fake game whose public turn prompt gets more options
// (more adds them); a move with prefix is played as a step.
type longGame struct {
	games.Game
	id     string
	more   func(p *games.Prompt)
	prefix string
}

func (g longGame) Info() games.Info {
	info := g.Game.Info()
	info.ID = g.id
	return info
}

func (g longGame) New(s games.Setup) (games.State, error) {
	st, err := g.Game.New(s)
	return longState{st, g}, err
}

func (g longGame) Load(data []byte) (games.State, error) {
	st, err := g.Game.Load(data)
	return longState{st, g}, err
}

type longState struct {
	games.State
	g longGame
}

func (w longState) Pending() []games.Prompt {
	ps := w.State.Pending()
	for i := range ps {
		if !ps[i].Secret {
			w.g.more(&ps[i])
		}
	}
	return ps
}

func (w longState) Apply(seat int, move string) (games.Outcome, error) {
	if strings.HasPrefix(move, w.g.prefix) {
		move = "step"
	}
	return w.State.Apply(seat, move)
}

// wideGame's turn prompt is long and grouped: step, leap and draw in one
// group, plus 36 "far" steps grouped by grid cell (r1c1 … r3c4), as Dungeon
// Designer groups its tile spots.
func wideGame() games.Game {
	return longGame{Game: tabletest.Game(), id: wideID, prefix: "far:", more: func(p *games.Prompt) {
		for k := range p.Options {
			p.Options[k].Path = games.Under("moves", games.Text{})
		}
		for r := 1; r <= 3; r++ {
			for c := 1; c <= 4; c++ {
				for _, q := range []string{"a", "b", "c"} {
					p.Options = append(p.Options, games.Option{ID: fmt.Sprintf("far:r%dc%d:%s", r, c, q), Label: games.T("fake.opt.step"),
						Path: games.Under(fmt.Sprintf("r%dc%d", r, c), games.T("fake.grp.cell", "row", r, "col", c))})
				}
			}
		}
	}}
}

// selects lists the select menus of rows.
func selects(rows []discordgo.MessageComponent) []discordgo.SelectMenu {
	var out []discordgo.SelectMenu
	for _, r := range rows {
		for _, c := range r.(discordgo.ActionsRow).Components {
			if sel, ok := c.(discordgo.SelectMenu); ok {
				out = append(out, sel)
			}
		}
	}
	return out
}

func TestGroupedPromptRows(t *testing.T) {
	h := newHarness(t)
	tb := &table.Table{ID: "t1", ChannelID: chanA, Version: 4, Lang: "en", Seats: []table.Seat{{UserID: ann, Name: "Ann"}}}
	// mk files option k under the step group(k) names: "" none, "leap"
	// labelled Leap, "rXcY" labelled as a cell, anything else unlabelled.
	mk := func(n int, group func(k int) string) games.Prompt {
		p := games.Prompt{Seat: 0, Text: games.T("fake.prompt.turn")}
		for k := 0; k < n; k++ {
			o := games.Option{ID: "o" + itoa(k), Label: games.T("fake.opt.bid", "n", k)}
			var row, col int
			switch g := group(k); {
			case g == "":
			case g == "leap":
				o.Path = games.Under(g, games.T("fake.opt.leap"))
			case len(g) == 4 && g[0] == 'r':
				fmt.Sscanf(g, "r%dc%d", &row, &col)
				o.Path = games.Under(g, games.T("fake.grp.cell", "row", row, "col", col))
			default:
				o.Path = games.Under(g, games.Text{})
			}
			p.Options = append(p.Options, o)
		}
		return p
	}
	byTen := func(k int) string { return "g" + itoa(k/10) }
	tests := []struct {
		name   string
		prompt games.Prompt
		kind   Kind   // of the first select
		sizes  []int  // options per select
		labels string // of the group select's options
		loose  int    // buttons beside the group select
	}{
		{name: "short grouped list stays one select", prompt: mk(20, byTen), kind: KindMoveSelect, sizes: []int{20}},
		{name: "long grouped list offers groups", prompt: mk(40, byTen), kind: KindGroup, sizes: []int{4},
			labels: "Bid zz 0 … Bid zz 9|Bid zz 10 … Bid zz 19|Bid zz 20 … Bid zz 29|Bid zz 30 … Bid zz 39"},
		{name: "steps with labels", prompt: mk(30, func(k int) string {
			if k == 29 {
				return "leap"
			}
			return fmt.Sprintf("r%dc%d", k/10+1, k%2+1)
		}), kind: KindGroup, sizes: []int{7},
			labels: "Row 1, column 1|Row 1, column 2|Row 2, column 1|Row 2, column 2|Row 3, column 1|Row 3, column 2|Leap"},
		{name: "one group splits", prompt: mk(30, func(int) string { return "bid" }), kind: KindMoveSelect, sizes: []int{25, 5}},
		{name: "ungrouped options are buttons beside the groups", prompt: mk(30, func(k int) string {
			if k < 2 {
				return ""
			}
			return byTen(k)
		}), kind: KindGroup, sizes: []int{3}, labels: "Bid zz 2 … Bid zz 9|Bid zz 10 … Bid zz 19|Bid zz 20 … Bid zz 29", loose: 2},
		{name: "more ungrouped options than a button row split", prompt: mk(30, func(k int) string {
			if k < 6 {
				return ""
			}
			return byTen(k)
		}), kind: KindMoveSelect, sizes: []int{25, 5}},
		{name: "too many groups split", prompt: mk(30, func(k int) string { return "g" + itoa(k) }), kind: KindMoveSelect, sizes: []int{25, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rows, cut := h.svc.menus.PromptRows(tb, []games.Prompt{tc.prompt}, "en", 4)
			sels := selects(rows)
			if cut || len(sels) == 0 {
				t.Fatalf("cut %v, %d selects", cut, len(sels))
			}
			var sizes []int
			for _, s := range sels {
				sizes = append(sizes, len(s.Options))
			}
			c, err := ParseCustomID(sels[0].CustomID)
			if err != nil || c.Kind != tc.kind || c.Version != tb.Version || !slices.Equal(sizes, tc.sizes) {
				t.Fatalf("first select %s (%v), sizes %v; want kind %s, sizes %v", sels[0].CustomID, err, sizes, tc.kind, tc.sizes)
			}
			if tc.kind != KindGroup {
				return
			}
			var buttons []string
			for _, r := range rows {
				for _, c := range r.(discordgo.ActionsRow).Components {
					if b, ok := c.(discordgo.Button); ok {
						if id, err := ParseCustomID(b.CustomID); err != nil || id.Kind != KindMove {
							t.Errorf("loose button %s (%v) is not a move", b.CustomID, err)
						}
						buttons = append(buttons, b.Label)
					}
				}
			}
			if len(buttons) != tc.loose {
				t.Errorf("buttons %v, want %d", buttons, tc.loose)
			}
			// Games name their own things "group" (Sorcerer City's group
			// goal): the step select says only that a next step follows.
			if ph := strings.ToLower(sels[0].Placeholder); strings.Contains(ph, "group") || !strings.Contains(ph, "next step") {
				t.Errorf("group select placeholder %q", sels[0].Placeholder)
			}
			var labels []string
			for _, o := range sels[0].Options {
				labels = append(labels, o.Label)
				if !strings.HasSuffix(o.Description, " options") {
					t.Errorf("group %s description %q", o.Value, o.Description)
				}
			}
			if got := strings.Join(labels, "|"); got != tc.labels {
				t.Errorf("group labels %q, want %q", got, tc.labels)
			}
		})
	}
}

// wideHarness is a started two-seat table of the wide game at Ann's turn.
func wideHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.extra = []games.Game{wideGame()}
	h.restart()
	h.startGame(wideID, "rounds=1", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	return h
}

func TestGroupSelectFlow(t *testing.T) {
	h := wideHarness(t)
	groupID := findID(t, h.channelMsgs(), KindGroup, "0.0")
	tests := []struct {
		user, group string
		key         string   // reply key when refused
		options     []string // offered on success
	}{
		{user: nobody, group: "r2c3", key: table.ErrNotSeated},
		{user: bo, group: "r2c3", key: table.ErrNotYourTurn},
		{user: ann, group: "r9c9", key: table.ErrOptionNotPending},
		{user: ann, group: "r2c3", options: []string{"far:r2c3:a", "far:r2c3:b", "far:r2c3:c"}},
		{user: ann, group: "moves", options: []string{"step", "leap", "draw"}},
	}
	var picked Result
	for _, tc := range tests {
		res := h.click(tc.user, groupID, tc.group)
		if len(res.Actions) != 0 {
			t.Errorf("%s picks %s: %d actions, want none", tc.user, tc.group, len(res.Actions))
		}
		if tc.key != "" {
			h.wantReply(res, games.Lang(localeOf(tc.user)), tc.key)
			continue
		}
		sels := selects(res.Reply.Components)
		if len(sels) != 1 {
			t.Fatalf("%s: %d selects in the answer", tc.group, len(sels))
		}
		var got []string
		for _, o := range sels[0].Options {
			got = append(got, o.Value)
		}
		c, _ := ParseCustomID(sels[0].CustomID)
		if !slices.Equal(got, tc.options) || c.Kind != KindMoveSelect || c.Version != h.table().Version {
			t.Errorf("%s: select %s with %v, want %v at version %d", tc.group, sels[0].CustomID, got, tc.options, h.table().Version)
		}
		picked = res
	}
	// The group's select answers the prompt; a second pick of it is stale.
	moveID := findID(t, []Message{*picked.Reply}, KindMoveSelect, "")
	h.wantReply(h.click(ann, moveID, "leap"), "en", play.KeyOKMove)
	h.wantReply(h.click(ann, moveID, "step"), "en", table.ErrStale)
	if log := h.table().Log; log[len(log)-1].Move != "leap" {
		t.Errorf("last move %q, want leap", log[len(log)-1].Move)
	}
	h.assertNoSecrets()
}

func TestGroupSelectStale(t *testing.T) {
	h := wideHarness(t)
	groupID := findID(t, h.channelMsgs(), KindGroup, "0.0")
	// Ann opens a group, then moves by /move: both the group select and
	// the opened group's select are stale now.
	opened := h.click(ann, groupID, "r1c1")
	moveID := findID(t, []Message{*opened.Reply}, KindMoveSelect, "")
	h.wantReply(h.slash(ann, CmdMove, "", OptOption, "far:r1c1:b"), "en", play.KeyOKMove)
	version := h.table().Version
	h.wantReply(h.click(ann, groupID, "r1c1"), "en", table.ErrStale)
	h.wantReply(h.click(ann, moveID, "far:r1c1:a"), "en", table.ErrStale)
	// Bo's turn now: Bo's fresh group select works, Ann's old one is not hers.
	boGroup := findID(t, h.channelMsgs(), KindGroup, "1.0")
	if boGroup == groupID {
		t.Fatal("the new board reuses the old group select")
	}
	res := h.click(bo, boGroup, "r3c4")
	if sels := selects(res.Reply.Components); len(sels) != 1 || len(sels[0].Options) != 3 {
		t.Fatalf("Bo's group answer %+v", res.Reply)
	}
	if h.table().Version != version {
		t.Error("opening a group changed the table")
	}
	h.wantReply(h.click(bo, groupID, "r3c4"), "de", table.ErrStale)
	h.wantReply(h.click(ann, boGroup, "r3c4"), "en", table.ErrNotYourTurn)
}
