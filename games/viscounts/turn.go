package viscounts

import (
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// topScript is the manuscript on top of the pile at p.
func (s *State) topScript(p int) (int, bool) {
	if len(s.Scripts[p]) == 0 {
		return 0, false
	}
	return s.Scripts[p][len(s.Scripts[p])-1], true
}

// scriptAt is the manuscript a viscount at p may transcribe: the top of
// the pile (ok, with its index), or the one printed under an empty pile.
func (s *State) scriptAt(p int) (ms *Manuscript, m int, ok bool) {
	if m, ok := s.topScript(p); ok {
		return &s.c.Manuscripts[m], m, true
	}
	pr := s.c.Printed[s.seg(p).ID]
	return &pr.Script, -1, false
}

// transcribe gives seat the top manuscript at p: its instant effect, and
// the cleric bonus card of its ribbon for the first to hold three.
func (s *State) transcribe(seat, p int) []Task {
	ms, m, ok := s.scriptAt(p)
	if !ok {
		// The printed manuscript: its effect, nothing to keep.
		s.say("transcribed", "player", games.Player(seat), "script", s.describeScript(ms))
		return s.effectTasks(seat, ms.Now)
	}
	s.Scripts[p] = s.Scripts[p][:len(s.Scripts[p])-1]
	if len(s.Scripts[p]) > 0 {
		s.revealed = true
	}
	st := s.Seats[seat]
	st.Scripts = append(st.Scripts, m)
	s.say("transcribed", "player", games.Player(seat), "script", s.scriptLabel(m))
	if s.ClericBonus[ms.Ribbon] == 0 {
		n := 0
		for _, o := range st.Scripts {
			if s.c.Manuscripts[o].Ribbon == ms.Ribbon {
				n++
			}
		}
		if n >= 3 {
			s.ClericBonus[ms.Ribbon] = seat + 1
			st.Bonus = append(st.Bonus, ms.Ribbon)
			s.say("clericbonus", "player", games.Player(seat), "ribbon", games.T("vc.ribbon."+ms.Ribbon.String()))
		}
	}
	return s.effectTasks(seat, ms.Now)
}

// freeScriptChoices offers the visible manuscripts costing 3 or 4.
func (s *State) freeScriptChoices(t Task) (games.Text, bool, []choice) {
	var out []choice
	for p := range numSegments {
		m, ok := s.topScript(p)
		if !ok || s.c.Manuscripts[m].Cost > 4 || s.c.Manuscripts[m].Cost < 3 {
			continue
		}
		out = append(out, choice{opt: opt("s"+strconv.Itoa(p), games.T("vc.opt.scriptat", "script", s.scriptLabel(m), "place", s.segName(p))), fn: func() {
			s.push(s.transcribe(t.Seat, p)...)
			s.again(t)
		}})
	}
	return games.T("vc.prompt.freescript"), false, out
}

// collision resolves the current player's markers if they meet, in the
// rulebook's order: second Workshops without criminals, cards reacting to
// collisions, the current player's reward, the others' reward (for those
// without a criminal on their board); then the markers go back.
func (s *State) collision() {
	cur := s.Seats[s.Current]
	if cur.Corruption != cur.Virtue {
		return
	}
	s.say("collision", "player", games.Player(s.Current))
	var ts []Task
	order := make([]int, s.Players)
	for i := range order {
		order[i] = (s.Current + i) % s.Players
	}
	for _, x := range order {
		if s.Seats[x].Built[Workshop] >= 2 && s.boardIcons(x)[Criminal] == 0 {
			ts = append(ts, Task{Seat: x, Kind: "virtue", N: 1})
		}
	}
	for _, x := range order {
		ts = append(ts, s.triggered(x, "collision")...)
	}
	ts = append(ts, Task{Seat: s.Current, Kind: "collisionpay"}, Task{Seat: s.Current, Kind: "reset"})
	s.push(ts...)
}

// collisionPay pays the current player the reward above where the
// markers sit now (a second Workshop's virtue may have moved them since
// they met), and the others the reward below it; the others' reward goes
// to those without a criminal on their board (the collision example).
func (s *State) collisionPay() {
	pos := s.Seats[s.Current].Corruption
	ts := s.effectTasks(s.Current, s.c.Track.Own[pos])
	for i := 1; i < s.Players; i++ {
		x := (s.Current + i) % s.Players
		if s.boardIcons(x)[Criminal] == 0 {
			ts = append(ts, s.effectTasks(x, s.c.Track.Others[pos])...)
		}
	}
	s.push(ts...)
}

// handLimit is seat's hand size in phase 6: 3, one more for the third
// Workshop and one for the Castle Leader card.
func (s *State) handLimit(seat int) int {
	n := handStart
	if s.Seats[seat].Built[Workshop] >= 3 {
		n++
	}
	if s.Leader == seat+1 {
		n++
	}
	return n
}

// refill draws seat's hand up to its limit.
func (s *State) refill(seat int) {
	n := 0
	for len(s.Seats[seat].Hand) < s.handLimit(seat) && s.drawOne(seat) {
		n++
	}
	if n > 0 {
		s.say("drew", "player", games.Player(seat), "n", n)
	}
}
