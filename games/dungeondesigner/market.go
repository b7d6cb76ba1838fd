package dungeondesigner

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// income is the gold a seat earns this year: the gold values of the rooms
// it played this year plus one per treasure chest in its dungeon.
func (s *State) income(st *seat) int {
	n := st.Dungeon.Count(s.c, "treasure")
	for _, id := range st.Played {
		n += s.c.Room(id).Gold
	}
	return n
}

// startImprove adds the year's income and, solo, runs Jael's first gold
// comparison; it returns that comparison's events.
func (s *State) startImprove() []games.Text {
	s.Phase = PhaseImprove
	s.NewOrder = nil
	for _, st := range s.Seats {
		st.Gold = min(maxGold, st.Gold+s.income(st))
		st.Passed = false
	}
	if !s.Solo() {
		return nil
	}
	s.Jael.Triggered = false
	return s.jaelCompare()
}

// acting is the seat to act in the market: most gold, ties to the seat
// further left in the order; -1 when everyone has passed.
func (s *State) acting() int {
	best := -1
	for _, i := range s.Order {
		st := s.Seats[i]
		if !st.Passed && (best < 0 || st.Gold > s.Seats[best].Gold) {
			best = i
		}
	}
	return best
}

var partNames = [2]string{"u", "l"}

func (s *State) marketPrompt() (games.Prompt, bool) {
	if s.Placing != nil {
		return s.placePrompt(), true
	}
	i := s.acting()
	if i < 0 {
		return games.Prompt{}, false
	}
	st := s.Seats[i]
	p := games.Prompt{Seat: i, Text: games.T("dd.prompt.market", "gold", st.Gold)}
	for k, slot := range s.Stalls {
		for pi, lower := range []bool{false, true} {
			part := s.c.Stall(slot.ID).Part(lower)
			if len(*slot.part(lower)) == 0 || part.Cost > st.Gold || !s.fits(&st.Dungeon, *slot.part(lower)) {
				continue
			}
			p.Options = append(p.Options, games.Option{
				ID:    fmt.Sprintf("buy:%d:%s", k+1, partNames[pi]),
				Label: games.T("dd.opt.buy."+partNames[pi], "stall", k+1, "cost", part.Cost),
				Path:  games.Under("buy", games.T("dd.grp.buy")),
			})
		}
	}
	if s.takesTask() && len(s.TaskOpen) > 0 {
		for _, n := range s.TaskOpen {
			p.Options = append(p.Options, games.Option{
				ID:    fmt.Sprintf("pass:t%d", n),
				Label: games.T("dd.opt.pass_task", "task", n),
				Path:  games.Under("pass", games.T("dd.grp.pass")),
			})
		}
	} else {
		p.Options = append(p.Options, games.Option{ID: "pass", Label: games.T("dd.opt.pass"), Path: games.Under("pass", games.T("dd.grp.pass"))})
	}
	return p, true
}

// takesTask: a passing player takes a task in years 1 to 3.
func (s *State) takesTask() bool { return s.Year < 4 }

func (s *State) applyMarket(i int, move string) (games.Outcome, error) {
	if s.Placing != nil {
		if i != s.Placing.Seat {
			return games.Outcome{}, games.Errorf("dd.err.turn")
		}
		return s.applyPlace(move)
	}
	if i != s.acting() {
		return games.Outcome{}, games.Errorf("dd.err.turn")
	}
	st := s.Seats[i]
	switch {
	case strings.HasPrefix(move, "buy:"):
		parts := strings.Split(move, ":")
		if len(parts) != 3 {
			return games.Outcome{}, games.Errorf("dd.err.move")
		}
		k, err := strconv.Atoi(parts[1])
		lower := parts[2] == "l"
		if err != nil || k < 1 || k > len(s.Stalls) || (parts[2] != "u" && !lower) {
			return games.Outcome{}, games.Errorf("dd.err.move")
		}
		slot := &s.Stalls[k-1]
		cost := s.c.Stall(slot.ID).Part(lower).Cost
		tiles := slot.part(lower)
		if len(*tiles) == 0 || cost > st.Gold {
			return games.Outcome{}, games.Errorf("dd.err.afford")
		}
		st.Gold -= cost
		s.Placing = &placing{Seat: i, Tiles: *tiles}
		*tiles = nil
		return games.Outcome{Events: []games.Text{games.T("dd.ev.bought", "seat", games.Player(i), "stall", k, "cost", cost)}}, nil
	case move == "pass" && !(s.takesTask() && len(s.TaskOpen) > 0):
		return games.Outcome{Events: s.pass(i, 0)}, nil
	case strings.HasPrefix(move, "pass:t") && s.takesTask():
		n, err := strconv.Atoi(strings.TrimPrefix(move, "pass:t"))
		if err != nil || !containsInt(s.TaskOpen, n) {
			return games.Outcome{}, games.Errorf("dd.err.move")
		}
		return games.Outcome{Events: s.pass(i, n)}, nil
	}
	return games.Outcome{}, games.Errorf("dd.err.move")
}

// pass ends seat i's market visit, taking task n (0 = none).
func (s *State) pass(i, task int) []games.Text {
	st := s.Seats[i]
	ev := []games.Text{games.T("dd.ev.passed", "seat", games.Player(i))}
	if s.Solo() && s.Year == 4 {
		st.GoldFlip = true // solo: the final gold is kept for scoring
	} else {
		st.Gold = 0
	}
	if task != 0 {
		st.Tasks = append(st.Tasks, task)
		s.TaskOpen = removeInt(s.TaskOpen, task)
		ev = append(ev, games.T("dd.ev.task", "seat", games.Player(i), "task", task))
	}
	st.Passed = true
	s.NewOrder = append(s.NewOrder, i)
	if s.Solo() {
		ev = append(ev, s.jaelTakeAll()...)
	}
	if s.acting() < 0 {
		ev = append(ev, s.cleanUp()...)
	}
	return ev
}

// fits reports whether every tile of a stall part has a place in d: all of
// a part's tiles are placed at once and no element may be covered or
// removed, so a part that cannot be placed whole is not for sale.
// Elements and passages never compete for a place, so counting suffices.
func (s *State) fits(d *Dungeon, tiles []int) bool {
	elements, passages := 0, 0
	for _, id := range tiles {
		if s.c.Tile(id).Element == "passage" {
			passages++
		} else {
			elements++
		}
	}
	return elements <= len(d.freeSpots(s.c)) && passages <= d.passageEdges()
}

// placePrompt offers every legal spot for the next tile being placed.
func (s *State) placePrompt() games.Prompt {
	i := s.Placing.Seat
	d := &s.Seats[i].Dungeon
	tile := s.c.Tile(s.Placing.Tiles[0])
	p := games.Prompt{Seat: i, Text: games.T("dd.prompt.place", "tile", games.Ref("dd.el."+tile.Element))}
	// Spots are numbered in the order offered; the seat's picture writes
	// each number on its spot (PlaceView.N).
	if tile.Element == "passage" {
		for _, sp := range d.passageSpots() {
			p.Options = append(p.Options, games.Option{
				ID:    fmt.Sprintf("put:r%dc%d:%s", sp[0]+1, sp[1]+1, sideCodes[sp[2]]),
				Label: games.T("dd.opt.edge", "n", len(p.Options)+1, "row", sp[0]+1, "col", sp[1]+1, "side", games.Ref("dd.side."+sideCodes[sp[2]])),
				Path:  cellPath(sp[0], sp[1]),
			})
		}
	} else {
		for _, sp := range d.freeSpots(s.c) {
			p.Options = append(p.Options, games.Option{
				ID:    fmt.Sprintf("put:r%dc%d:%s", sp[0]+1, sp[1]+1, quadCodes[sp[2]]),
				Label: games.T("dd.opt.spot", "n", len(p.Options)+1, "row", sp[0]+1, "col", sp[1]+1, "spot", games.Ref("dd.quad."+quadCodes[sp[2]])),
				Path:  cellPath(sp[0], sp[1]),
			})
		}
	}
	if len(p.Options) == 0 {
		p.Options = []games.Option{{ID: "drop", Label: games.T("dd.opt.drop")}}
	}
	return p
}

var (
	sideCodes = [4]string{"t", "r", "b", "l"}
	quadCodes = [4]string{"tl", "tr", "bl", "br"}
)

func indexOf(list [4]string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

func (s *State) applyPlace(move string) (games.Outcome, error) {
	legal := false
	for _, o := range s.placePrompt().Options {
		legal = legal || o.ID == move
	}
	if !legal {
		return games.Outcome{}, games.Errorf("dd.err.spot")
	}
	i := s.Placing.Seat
	d := &s.Seats[i].Dungeon
	tileID := s.Placing.Tiles[0]
	s.Placing.Tiles = s.Placing.Tiles[1:]
	var ev []games.Text
	if move == "drop" {
		s.TileDiscard = append(s.TileDiscard, tileID)
		ev = append(ev, games.T("dd.ev.dropped", "seat", games.Player(i), "tile", games.Ref("dd.el."+s.c.Tile(tileID).Element)))
	} else {
		var r, c int
		var where string
		if _, err := fmt.Sscanf(move, "put:r%dc%d:%s", &r, &c, &where); err != nil {
			return games.Outcome{}, games.Errorf("dd.err.spot")
		}
		r, c = r-1, c-1
		if s.c.Tile(tileID).Element == "passage" {
			d.Passages = append(d.Passages, Passage{Tile: tileID, Edge: edgeOf(r, c, indexOf(sideCodes, where))})
			ev = append(ev, games.T("dd.ev.passage", "seat", games.Player(i), "row", r+1, "col", c+1, "side", games.Ref("dd.side."+where)))
		} else {
			d.Grid[r][c].Tiles[indexOf(quadCodes, where)] = tileID
			ev = append(ev, games.T("dd.ev.tile", "seat", games.Player(i), "tile", games.Ref("dd.el."+s.c.Tile(tileID).Element), "row", r+1, "col", c+1))
		}
	}
	if len(s.Placing.Tiles) == 0 {
		s.Placing = nil
		if s.Solo() {
			ev = append(ev, s.jaelCompare()...)
		}
	}
	return games.Outcome{Events: ev}, nil
}

// cleanUp ends the year: the new order, then (years 1–3) fresh stalls,
// tasks and hands.
func (s *State) cleanUp() []games.Text {
	if !s.Solo() {
		s.Order = s.NewOrder
	}
	s.NewOrder = nil
	if s.Year == 4 {
		s.score()
		s.Phase = PhaseOver
		return []games.Text{games.T("dd.ev.end"), s.verdict()}
	}
	for _, slot := range s.Stalls {
		s.TileDiscard = append(s.TileDiscard, slot.Upper...)
		s.TileDiscard = append(s.TileDiscard, slot.Lower...)
		s.StallUsed = append(s.StallUsed, slot.ID)
	}
	s.Stalls = nil
	s.revealStalls(stallsFor(s.Players))
	if s.Year < 3 {
		s.TaskDiscard = append(s.TaskDiscard, s.TaskOpen...)
		s.TaskOpen = nil
		s.revealTasks()
	}
	s.Year++
	s.Pass = 1
	s.Phase = PhaseBuild
	for _, st := range s.Seats {
		st.Hand = s.drawRooms(5)
		st.Played = nil
	}
	if s.Solo() {
		s.revealJael()
	}
	return []games.Text{games.T("dd.ev.year", "year", s.Year)}
}

// cellPath files a placement under its room cell, labelled as players
// read the board's coordinates.
func cellPath(row, col int) []games.Step {
	return games.Under(fmt.Sprintf("r%dc%d", row+1, col+1), games.T("dd.grp.cell", "row", row+1, "col", col+1))
}
