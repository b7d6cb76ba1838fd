package bot_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/table"
)

// Dungeon Designer end to end: every build pass is picked secretly in DMs
// (or "Show my hand") and revealed at once; the market is public, and
// placing a tile on a grown dungeon goes through the two-step group select.

// dungeonSpec plays Dungeon Designer with ps; options are set in the lobby.
func dungeonSpec(ps []player, options map[string]string) spec {
	return spec{gameID: dd.ID, players: ps, options: options, rules: &dungeonRules{}, uniqueSecrets: true, restartAt: 25, maxMoves: 2000}
}

// dungeonRules: the rooms in a seat's hand, its pending pick and its second
// room are that seat's secrets until the reveal, which must then name every
// picked room in the channel.
type dungeonRules struct {
	reveals    int // passes revealed
	pickChecks int // picks verified hidden from the public view
}

// roomWords are the texts that give a room away: its names, its catalog key
// and the move ids that carry its id.
func roomWords(g *game, room dd.RoomView) []string {
	return []string{
		g.w.svc.Localize("en", room.Name.Key), g.w.svc.Localize("de", room.Name.Key), room.Name.Key,
		fmt.Sprintf("pick:%d:", room.ID), fmt.Sprintf("second:%d", room.ID),
	}
}

func (r *dungeonRules) secrets(g *game, tb *table.Table, st games.State) [][]string {
	t := g.t
	pub, ok := st.View(games.Public).(dd.PublicView)
	if !ok {
		t.Fatalf("public view is %T", st.View(games.Public))
	}
	pubJSON := string(jsonOf(t, pub))
	out := make([][]string, len(tb.Seats))
	for seat := range tb.Seats {
		pv, ok := st.View(seat).(dd.PrivateView)
		if !ok {
			t.Fatalf("private view of seat %d is %T", seat, st.View(seat))
		}
		if pub.Seats[seat].Picked && pv.Pick == nil {
			t.Fatalf("seat %d shows Picked without a pending pick", seat)
		}
		hidden := append([]dd.RoomView(nil), pv.Hand...)
		for _, room := range []*dd.RoomView{pv.Pick, pv.Second} {
			if room != nil {
				hidden = append(hidden, *room)
				r.pickChecks++
			}
		}
		for _, room := range hidden {
			if strings.Contains(pubJSON, `"`+room.Name.Key+`"`) {
				t.Fatalf("the public view shows %s, hidden with seat %d", room.Name.Key, seat)
			}
			out[seat] = append(out[seat], roomWords(g, room)...)
		}
	}
	return out
}

// pickOf is the room and column seat has picked in this pass, taking the
// move being made into account.
func pickOf(t testing.TB, st games.State, seat int, m appliedMove) (id, col int, ok bool) {
	if seat == m.seat && strings.HasPrefix(m.choice.move, "pick:") {
		parts := strings.Split(m.choice.move, ":")
		id, err1 := strconv.Atoi(parts[1])
		col, err2 := strconv.Atoi(strings.TrimPrefix(parts[2], "c"))
		if len(parts) != 3 || err1 != nil || err2 != nil {
			t.Fatalf("pick move %q", m.choice.move)
		}
		return id, col - 1, true
	}
	pv := st.View(seat).(dd.PrivateView)
	if pv.Pick == nil {
		return 0, 0, false
	}
	return pv.Pick.ID, pv.PickCol, true
}

func (r *dungeonRules) checkMove(g *game, m appliedMove) {
	t := g.t
	before := m.before.View(games.Public).(dd.PublicView)
	after := m.after.View(games.Public).(dd.PublicView)
	if before.Phase != dd.PhaseBuild {
		return
	}
	last, _ := m.tbAfter.History().Last()
	if !last.Revealed {
		if after.Phase != dd.PhaseBuild || after.Pass != before.Pass {
			t.Fatalf("build move %q ended pass %d without a reveal", m.choice.move, before.Pass)
		}
		if _, waiting := games.PromptFor(m.after, m.seat); !waiting && !after.Seats[m.seat].Picked {
			t.Fatalf("seat %d is done with pass %d but not shown as picked", m.seat, before.Pass)
		}
		return
	}
	// The reveal: the board's narration names every seat's room, in the
	// channel's language, and each room lies where it was put.
	var board string
	for _, msg := range m.fresh {
		if hasPNG(msg, "board.png") {
			board = msg.Content
			break
		}
	}
	for seat := range m.tbAfter.Seats {
		id, col, ok := pickOf(t, m.before, seat, m)
		if !ok {
			t.Fatalf("pass %d revealed without a pick of seat %d", before.Pass, seat)
		}
		name := g.w.svc.Localize(m.tbAfter.Lang, fmt.Sprintf("dd.room.%d", id))
		if !containsWord(board, name) {
			t.Fatalf("reveal narration %q does not name %q, seat %d's room", board, name, seat)
		}
		if room := after.Seats[seat].Dungeon.Rooms[before.Year-1][col]; room == nil || room.ID != id {
			t.Fatalf("seat %d's room %d is not at row %d, column %d: %+v", seat, id, before.Year, col+1, room)
		}
	}
	if r.reveals == 1 && len(m.tbAfter.Seats) > 1 {
		g.lookAt(len(m.tbAfter.Seats) - 1) // a dungeon with rooms, at full size
	}
	r.reveals++
}

// prefer steers towards dungeons full of free element spots, so that
// placing a tile late in the game offers more options than one select
// holds and goes through the two-step group select: it picks (or keeps)
// the rooms with the most empty spots and buys whenever gold allows.
func (r *dungeonRules) prefer(g *game, p games.Prompt, cs []choice) []choice {
	if slices.ContainsFunc(cs, func(c choice) bool { return strings.HasPrefix(c.move, "buy:") }) {
		return slices.DeleteFunc(slices.Clone(cs), func(c choice) bool { return !strings.HasPrefix(c.move, "buy:") })
	}
	if !slices.ContainsFunc(cs, func(c choice) bool { return strings.HasPrefix(c.move, "pick:") || strings.HasPrefix(c.move, "second:") }) {
		return cs
	}
	pv := g.w.state(g.t, g.w.table(g.t)).View(p.Seat).(dd.PrivateView)
	empty := map[string]int{} // by room id
	for _, room := range pv.Hand {
		for _, sp := range room.Spots {
			if sp.Element == "" {
				empty[strconv.Itoa(room.ID)]++
			}
		}
	}
	spots := func(c choice) int {
		if parts := strings.Split(c.move, ":"); len(parts) >= 2 && (parts[0] == "pick" || parts[0] == "second") {
			return empty[parts[1]]
		}
		return -1
	}
	most := -1
	for _, c := range cs {
		most = max(most, spots(c))
	}
	return slices.DeleteFunc(slices.Clone(cs), func(c choice) bool { return spots(c) < most })
}

// staleTarget: an old build DM is the one to click again.
func (r *dungeonRules) staleTarget(g *game, a answer) bool {
	return g.w.fake.Channels.IsDMChannel(a.msg.ChannelID) &&
		(strings.HasPrefix(a.choice.move, "pick:") || strings.HasPrefix(a.choice.move, "second:"))
}

func (r *dungeonRules) checkEnd(g *game) {
	t := g.t
	const passes = 4 * 4 // four years of four build passes
	if r.reveals != passes || r.pickChecks == 0 || g.groupPicks == 0 {
		t.Errorf("reveals %d (want %d), hidden picks checked %d, group selects %d", r.reveals, passes, r.pickChecks, g.groupPicks)
	}
	if len(g.players) > 1 && g.looks == 0 {
		t.Error("nobody looked at a seat's dungeon")
	}
	for _, p := range g.players {
		if !p.dmClosed && !g.staleChecked[p.UserID] {
			t.Errorf("no old build DM of %s was clicked again", p.Username)
		}
	}
}

func TestEndToEndDungeonGateway(t *testing.T) {
	t.Parallel()
	play(t, dungeonSpec(players(), nil), false)
}

func TestEndToEndDungeonSoloHTTP(t *testing.T) {
	t.Parallel()
	g := play(t, dungeonSpec(players()[:1], map[string]string{"solo": "legendary"}), true)
	st := g.w.state(t, g.w.table(t))
	if pub := st.View(games.Public).(dd.PublicView); pub.Players != 1 || pub.Difficulty != "legendary" || pub.Jael == nil {
		t.Errorf("solo game played %d seats at %q with Jael %v", pub.Players, pub.Difficulty, pub.Jael != nil)
	}
}
