package dungeondesigner

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// needsSecond reports whether seat must choose a second room this pass:
// with 2 players one to discard, solo one to keep. In the fourth pass the
// last room goes to the discard pile without a choice.
func (s *State) needsSecond() bool {
	return (s.Players <= 2) && s.Pass < 4
}

// buildDone reports whether seat has answered everything for this pass.
func (s *State) buildDone(i int) bool {
	st := s.Seats[i]
	return st.PickRoom != 0 && (!s.needsSecond() || st.Second != 0)
}

func (s *State) buildPrompt(i int) (games.Prompt, bool) {
	st := s.Seats[i]
	if s.buildDone(i) {
		return games.Prompt{}, false
	}
	p := games.Prompt{Seat: i, Secret: true}
	row := s.Year - 1
	if st.PickRoom == 0 {
		p.Text = games.T("dd.prompt.pick", "pass", s.Pass, "year", s.Year)
		for _, id := range st.Hand {
			for col := range 4 {
				if st.Dungeon.Grid[row][col].Room != 0 {
					continue
				}
				p.Options = append(p.Options, games.Option{
					ID:    fmt.Sprintf("pick:%d:c%d", id, col+1),
					Label: games.T("dd.opt.pick", "room", games.Ref(roomKey(id)), "col", col+1),
					Path:  games.Under(fmt.Sprint("room", id), games.T(roomKey(id))),
				})
			}
		}
		return p, true
	}
	key := "dd.prompt.discard"
	if s.Solo() {
		key = "dd.prompt.keep"
	}
	p.Text = games.T(key)
	for _, id := range st.Hand {
		if id == st.PickRoom {
			continue
		}
		p.Options = append(p.Options, games.Option{
			ID:    fmt.Sprintf("second:%d", id),
			Label: games.T("dd.opt.room", "room", games.Ref(roomKey(id))),
		})
	}
	return p, true
}

func (s *State) applyBuild(i int, move string) (games.Outcome, error) {
	st := s.Seats[i]
	switch {
	case strings.HasPrefix(move, "pick:") && st.PickRoom == 0:
		parts := strings.Split(move, ":")
		if len(parts) != 3 || !strings.HasPrefix(parts[2], "c") {
			return games.Outcome{}, games.Errorf("dd.err.move")
		}
		id, err1 := strconv.Atoi(parts[1])
		col, err2 := strconv.Atoi(parts[2][1:])
		if err1 != nil || err2 != nil || !containsInt(st.Hand, id) || col < 1 || col > 4 ||
			st.Dungeon.Grid[s.Year-1][col-1].Room != 0 {
			return games.Outcome{}, games.Errorf("dd.err.move")
		}
		st.PickRoom, st.PickCol = id, col-1
	case strings.HasPrefix(move, "second:") && st.PickRoom != 0 && s.needsSecond() && st.Second == 0:
		id, err := strconv.Atoi(strings.TrimPrefix(move, "second:"))
		if err != nil || id == st.PickRoom || !containsInt(st.Hand, id) {
			return games.Outcome{}, games.Errorf("dd.err.move")
		}
		st.Second = id
	default:
		return games.Outcome{}, games.Errorf("dd.err.move")
	}
	out := games.Outcome{}
	if !s.buildDone(i) {
		return out, nil
	}
	out.Events = append(out.Events, games.T("dd.ev.ready", "seat", games.Player(i)))
	for j := range s.Seats {
		if !s.buildDone(j) {
			return out, nil
		}
	}
	out.Revealed = true
	out.Events = append(out.Events, s.revealPass()...)
	return out, nil
}

// revealPass places every pick at once, then handles the rest of the hands.
func (s *State) revealPass() []games.Text {
	var ev []games.Text
	row := s.Year - 1
	kept := make([]int, len(s.Seats))
	for i, st := range s.Seats {
		st.Dungeon.Grid[row][st.PickCol] = Cell{Room: st.PickRoom}
		st.Played = append(st.Played, st.PickRoom)
		st.Hand = removeInt(st.Hand, st.PickRoom)
		ev = append(ev, games.T("dd.ev.placed", "seat", games.Player(i), "room", games.Ref(roomKey(st.PickRoom)), "col", st.PickCol+1))
		if st.Second != 0 {
			st.Hand = removeInt(st.Hand, st.Second)
			if s.Solo() {
				kept[i] = st.Second
			} else {
				s.Discard = append(s.Discard, st.Second)
			}
		}
		st.PickRoom, st.PickCol, st.Second = 0, 0, 0
	}
	if s.Pass == 4 {
		for _, st := range s.Seats {
			s.Discard = append(s.Discard, st.Hand...)
			st.Hand = nil
		}
		ev = append(ev, games.T("dd.ev.improve", "year", s.Year))
		return append(ev, s.startImprove()...)
	}
	if s.Solo() {
		ev = append(ev, s.runeCheck()...)
		st := s.Seats[0]
		st.Hand = append(s.drawRooms(4-s.Pass), kept[0])
	} else {
		s.passHands()
		if s.Players == 2 {
			for _, st := range s.Seats {
				st.Hand = append(st.Hand, s.drawRooms(1)...)
			}
		}
	}
	s.Pass++
	return ev
}

// passHands hands every remaining hand to the left neighbour (seat i to
// seat i+1) in years 1 and 3 and to the right neighbour in years 2 and 4.
func (s *State) passHands() {
	n := len(s.Seats)
	hands := make([][]int, n)
	for i, st := range s.Seats {
		to := (i + 1) % n
		if s.Year%2 == 0 {
			to = (i + n - 1) % n
		}
		hands[to] = st.Hand
	}
	for i, st := range s.Seats {
		st.Hand = hands[i]
	}
}

func containsInt(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

func removeInt(list []int, x int) []int {
	out := make([]int, 0, len(list))
	removed := false
	for _, v := range list {
		if v == x && !removed {
			removed = true
			continue
		}
		out = append(out, v)
	}
	return out
}

func roomKey(id int) string { return fmt.Sprintf("dd.room.%d", id) }
