package viscounts

import (
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// The castle has five sections, one facing each board position, each
// with three tiers. Tiers[0] is the first (outer) tier.

// count is how many of seat's workers stand in ws.
func count(ws []int, seat int) int {
	n := 0
	for _, w := range ws {
		if w == seat {
			n++
		}
	}
	return n
}

// removeOne takes one of seat's workers out of ws.
func removeOne(ws []int, seat int) []int {
	if i := slices.Index(ws, seat); i >= 0 {
		return slices.Delete(ws, i, i+1)
	}
	return ws
}

// placeWorkers puts up to n of seat's workers on the first tier at p.
func (s *State) placeWorkers(seat, p, n int) {
	st := s.Seats[seat]
	n = min(n, st.Workers)
	st.Workers -= n
	for range n {
		s.Tiers[0][p] = append(s.Tiers[0][p], seat)
	}
	if !s.quiet {
		s.say("workers", "player", games.Player(seat), "n", n, "place", s.segName(p))
	}
}

// castle settles the castle after workers arrived or moved: the current
// player's first-tier groups of three move (one inward with the second
// tier's reward, one each way round), then their second-tier groups (one
// inward for a resource), then the other players' in turn order; last,
// the current player bumps workers from crowded sections.
func (s *State) castle() {
	for i := range s.Players {
		x := (s.Current + i) % s.Players
		for sec := range numSegments {
			if count(s.Tiers[0][sec], x) >= 3 {
				s.push(Task{Seat: x, Kind: "cascade"})
				return
			}
		}
		for sec := range numSegments {
			if count(s.Tiers[1][sec], x) >= 3 {
				s.Tiers[1][sec] = removeOne(s.Tiers[1][sec], x)
				s.Tiers[2][sec] = append(s.Tiers[2][sec], x)
				s.say("tier3", "player", games.Player(x), "place", s.segName(sec))
				s.checkLeader(x)
				s.push(Task{Seat: x, Kind: "resource", N: 1}, Task{Seat: x, Kind: "castle"})
				return
			}
		}
	}
	for tier := range 2 {
		for sec := range numSegments {
			if len(s.Tiers[tier][sec]) > 3 {
				s.push(Task{Seat: s.Current, Kind: "bump"}, Task{Seat: s.Current, Kind: "castle"})
				return
			}
		}
	}
}

// cascadeChoices asks which first-tier group of three moves first.
func (s *State) cascadeChoices(t Task) (games.Text, bool, []choice) {
	var out []choice
	for sec := range numSegments {
		if count(s.Tiers[0][sec], t.Seat) >= 3 {
			out = append(out, choice{opt: s.sectionOpt("k"+strconv.Itoa(sec), sec), fn: func() {
				s.cascade(t.Seat, sec)
			}})
		}
	}
	return games.T("vc.prompt.cascade"), false, out
}

// tier2 is the second tier's reward of the section at position p.
func (s *State) tier2(p int) Effect { return s.c.Castle.Tier2[(p+s.CastleTurn)%numSegments] }

// cascade moves three of seat's first-tier workers at sec: one inward
// (the reward at once), one clockwise, one counter-clockwise.
func (s *State) cascade(seat, sec int) {
	for range 3 {
		s.Tiers[0][sec] = removeOne(s.Tiers[0][sec], seat)
	}
	s.Tiers[1][sec] = append(s.Tiers[1][sec], seat)
	cw, ccw := (sec+1)%numSegments, (sec+numSegments-1)%numSegments
	s.Tiers[0][cw] = append(s.Tiers[0][cw], seat)
	s.Tiers[0][ccw] = append(s.Tiers[0][ccw], seat)
	s.say("tier2", "player", games.Player(seat), "place", s.segName(sec))
	s.push(append(s.effectTasks(seat, s.tier2(sec)), Task{Seat: seat, Kind: "castle"})...)
}

// checkLeader hands the Castle Leader card to seat if it is the first in
// the third tier or has more there than the holder.
func (s *State) checkLeader(seat int) {
	mine := s.tier3(seat)
	if s.Leader == 0 || (s.Leader != seat+1 && mine > s.tier3(s.Leader-1)) {
		s.Leader = seat + 1
		s.say("leader", "player", games.Player(seat))
	}
}

// tier3 counts seat's third-tier workers.
func (s *State) tier3(seat int) int {
	n := 0
	for sec := range numSegments {
		n += count(s.Tiers[2][sec], seat)
	}
	return n
}

// bumpChoices lets the current player bump a worker off a section holding
// more than three.
func (s *State) bumpChoices(t Task) (games.Text, bool, []choice) {
	var out []choice
	for tier := range 2 {
		for sec := range numSegments {
			ws := s.Tiers[tier][sec]
			if len(ws) <= 3 {
				continue
			}
			for o := range s.Players {
				if count(ws, o) == 0 {
					continue
				}
				out = append(out, choice{opt: opt(joinIDs("u", strconv.Itoa(tier), strconv.Itoa(sec), strconv.Itoa(o)),
					games.T("vc.opt.bump", "player", games.Player(o), "tier", tier+1, "place", s.segName(sec))), fn: func() {
					s.bump(tier, sec, o)
				}})
			}
		}
	}
	return games.T("vc.prompt.bump"), false, out
}

// bump returns one of owner's workers to their supply: 2 silver from the
// first tier, a virtue and a resource from the second.
func (s *State) bump(tier, sec, owner int) {
	s.Tiers[tier][sec] = removeOne(s.Tiers[tier][sec], owner)
	st := s.Seats[owner]
	st.Workers++
	s.say("bumped", "player", games.Player(owner), "tier", tier+1, "place", s.segName(sec))
	if tier == 0 {
		s.push(Task{Seat: owner, Kind: "silver", N: 2})
	} else {
		s.push(Task{Seat: owner, Kind: "virtue", N: 1}, Task{Seat: owner, Kind: "resource", N: 1})
	}
}

// castleMoveChoices offers moving one first-tier worker to a neighbouring
// section, or not.
func (s *State) castleMoveChoices(t Task) (games.Text, bool, []choice) {
	var out []choice
	for sec := range numSegments {
		if count(s.Tiers[0][sec], t.Seat) == 0 {
			continue
		}
		for _, to := range []int{(sec + 1) % numSegments, (sec + numSegments - 1) % numSegments} {
			out = append(out, choice{opt: opt(joinIDs("x", strconv.Itoa(sec), strconv.Itoa(to)), games.T("vc.opt.castlemove", "from", s.segName(sec), "to", s.segName(to))), fn: func() {
				s.Tiers[0][sec] = removeOne(s.Tiers[0][sec], t.Seat)
				s.Tiers[0][to] = append(s.Tiers[0][to], t.Seat)
				s.say("castlemoved", "player", games.Player(t.Seat), "from", s.segName(sec), "to", s.segName(to))
				s.again(t)
				s.push(Task{Seat: t.Seat, Kind: "castle"})
			}})
		}
	}
	if len(out) == 0 {
		return games.Text{}, false, nil
	}
	out = append(out, choice{opt: opt("skip", games.T("vc.opt.skip")), fn: func() {}})
	return games.T("vc.prompt.castlemove"), false, out
}

// freeWorkerChoices offers the sections for free workers.
func (s *State) freeWorkerChoices(t Task) (games.Text, bool, []choice) {
	st := s.Seats[t.Seat]
	if st.Workers == 0 {
		return games.Text{}, false, nil
	}
	var out []choice
	for sec := range numSegments {
		if t.Where == "here" && sec != st.Space/3 {
			continue
		}
		out = append(out, choice{opt: s.sectionOpt("w"+strconv.Itoa(sec), sec), fn: func() {
			s.placeWorkers(t.Seat, sec, t.N)
			s.push(Task{Seat: t.Seat, Kind: "castle"})
		}})
	}
	return counted("vc.prompt.freeworkers", "n", min(t.N, st.Workers)), false, out
}

// sectionOpt offers castle section sec: named by its place, with its
// second tier's reward told under it (too long for a button beside the
// place in German).
func (s *State) sectionOpt(id string, sec int) games.Option {
	if s.quiet {
		return opt(id, games.Text{})
	}
	return detailed(opt(id, games.T("vc.opt.section", "place", s.segName(sec))),
		games.T("vc.opt.section.detail", "reward", s.effectText(s.tier2(sec))))
}
