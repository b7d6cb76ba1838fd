package commands

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

const treeID = "tree"

// treeGame's turn prompt also offers 90 options three levels deep: zone
// (3) › row (6) › spot (5), so that every level of the tree is longer than
// a button row and the options under a zone are longer than one select.
func treeGame() games.Game {
	return longGame{Game: tabletest.Game(), id: treeID, prefix: "t:", more: func(p *games.Prompt) {
		for z := 1; z <= 3; z++ {
			for r := 1; r <= 6; r++ {
				for c := 1; c <= 5; c++ {
					p.Options = append(p.Options, games.Option{ID: fmt.Sprintf("t:%d:%d:%d", z, r, c), Label: games.T("fake.opt.bid", "n", c),
						Path: []games.Step{{ID: fmt.Sprint("z", z), Label: games.T("fake.grp.cell", "row", 0, "col", z)}, {ID: fmt.Sprint("r", r), Label: games.T("fake.grp.cell", "row", r, "col", 0)}}})
				}
			}
		}
	}}
}

func treeHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.extra = []games.Game{treeGame()}
	h.restart()
	h.startGame(treeID, "rounds=1", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	return h
}

// checkLimits holds a message to Discord's component limits.
func checkLimits(t *testing.T, what string, rows []discordgo.MessageComponent) {
	t.Helper()
	if len(rows) > interact.MaxRows {
		t.Errorf("%s: %d rows", what, len(rows))
	}
	for _, r := range rows {
		row := r.(discordgo.ActionsRow)
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.SelectMenu:
				if len(c.Options) > interact.MaxSelectOptions || len(c.CustomID) > interact.MaxCustomIDLen {
					t.Errorf("%s: select %s with %d options", what, c.CustomID, len(c.Options))
				}
				for _, o := range c.Options {
					if len(o.Value) > 100 || len(o.Label) > 100 {
						t.Errorf("%s: option value %q", what, o.Value)
					}
				}
			case discordgo.Button:
				if len(row.Components) > interact.MaxButtonsPerRow || len(c.CustomID) > interact.MaxCustomIDLen {
					t.Errorf("%s: button %s in a row of %d", what, c.CustomID, len(row.Components))
				}
			}
		}
	}
}

func values(sel discordgo.SelectMenu) []string {
	var out []string
	for _, o := range sel.Options {
		out = append(out, o.Value)
	}
	return out
}

// The board offers the zones; a zone offers its rows; a row its spots,
// which answer the prompt. Every level keeps Discord's limits, and a
// click on a level made before a move is stale.
func TestOptionTreeDrillDown(t *testing.T) {
	h := treeHarness(t)
	board := h.channelMsgs()[len(h.channelMsgs())-1]
	checkLimits(t, "board", board.Components)
	top := selects(board.Components)
	if len(top) == 0 {
		t.Fatal("no select on the board")
	}
	if c, _ := ParseCustomID(top[0].CustomID); c.Kind != KindGroup || !slices.Equal(values(top[0]), []string{"z1", "z2", "z3"}) {
		t.Fatalf("first level %s %v, want the three zones", top[0].CustomID, values(top[0]))
	}
	zone := h.click(ann, top[0].CustomID, "z2")
	checkLimits(t, "zone", zone.Reply.Components)
	rows := selects(zone.Reply.Components)
	if len(rows) != 1 || !slices.Equal(values(rows[0]), []string{"z2/r1", "z2/r2", "z2/r3", "z2/r4", "z2/r5", "z2/r6"}) {
		t.Fatalf("second level %+v", rows)
	}
	if d := rows[0].Options[0].Description; d != "5 options" {
		t.Errorf("row description %q", d)
	}
	if !strings.Contains(zone.Reply.Content, "Row 0, column 2") {
		t.Errorf("the zone's answer does not name the zone: %q", zone.Reply.Content)
	}
	row := h.click(ann, rows[0].CustomID, "z2/r4")
	checkLimits(t, "row", row.Reply.Components)
	spots := selects(row.Reply.Components)
	if len(spots) != 1 || !slices.Equal(values(spots[0]), []string{"t:2:4:1", "t:2:4:2", "t:2:4:3", "t:2:4:4", "t:2:4:5"}) {
		t.Fatalf("third level %+v", spots)
	}
	if c, _ := ParseCustomID(spots[0].CustomID); c.Kind != KindMoveSelect {
		t.Fatalf("the spots' select is %s", spots[0].CustomID)
	}
	// Bo may not drill into Ann's tree; unknown paths are refused.
	h.wantReply(h.click(bo, rows[0].CustomID, "z2/r4"), "de", table.ErrNotYourTurn)
	h.wantReply(h.click(ann, rows[0].CustomID, "z9/r1"), "en", table.ErrOptionNotPending)
	h.wantReply(h.click(ann, spots[0].CustomID, "t:2:4:3"), "en", play.KeyOKMove)
	h.wantReply(h.click(ann, rows[0].CustomID, "z2/r5"), "en", table.ErrStale)
	h.wantReply(h.click(ann, spots[0].CustomID, "t:2:4:4"), "en", table.ErrStale)
	if log := h.table().Log; log[len(log)-1].Move != "t:2:4:3" {
		t.Errorf("last move %q", log[len(log)-1].Move)
	}
}

// /move completes path by path, and a step submitted as the answer opens
// the menu under it.
func TestOptionTreeAutocomplete(t *testing.T) {
	h := treeHarness(t)
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
	tests := []struct {
		typed string
		want  []string
	}{
		{"", []string{"z1/", "z2/", "z3/", "step", "leap", "draw"}},
		{"z3/", []string{"z3/r1/", "z3/r2/", "z3/r3/", "z3/r4/", "z3/r5/", "z3/r6/"}},
		{"z3/r2/", []string{"t:3:2:1", "t:3:2:2", "t:3:2:3", "t:3:2:4", "t:3:2:5"}},
		{"row 2, column 0 › bid zz 4", []string{"t:1:2:4", "t:2:2:4", "t:3:2:4"}},
		{"lea", []string{"leap"}},
	}
	for _, tc := range tests {
		if got := complete(tc.typed); !slices.Equal(got, tc.want) {
			t.Errorf("typing %q: %v, want %v", tc.typed, got, tc.want)
		}
	}
	res := h.slash(ann, CmdMove, "", OptOption, "z1/")
	if sels := selects(res.Reply.Components); len(sels) != 1 || len(sels[0].Options) != 6 || len(res.Actions) != 0 {
		t.Fatalf("/move z1/ answered %+v", res.Reply)
	}
	h.wantReply(h.slash(ann, CmdMove, "", OptOption, "z7/"), "en", table.ErrOptionNotPending)
}
