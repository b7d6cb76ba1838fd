package viscounts

import (
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// effectTasks turns an effect into tasks for seat: a sequence becomes its
// atoms in order, alternatives one choice.
func (s *State) effectTasks(seat int, e Effect) []Task {
	switch len(e) {
	case 0:
		return nil
	case 1:
		return s.seqTasks(seat, e[0])
	}
	return []Task{{Seat: seat, Kind: "alt", Alts: e}}
}

// seqTasks lists a sequence's atoms as tasks. Corruption gained with
// virtue at once moves first (the rulebook), whatever order the data
// writes them in.
func (s *State) seqTasks(seat int, seq Seq) []Task {
	out := make([]Task, 0, len(seq))
	for _, a := range seq {
		out = append(out, Task{Seat: seat, Kind: a.Kind, N: a.N, Reward: a.Reward})
	}
	slices.SortStableFunc(out, func(a, b Task) int {
		switch {
		case a.Kind == "corruption" && b.Kind == "virtue":
			return -1
		case a.Kind == "virtue" && b.Kind == "corruption":
			return 1
		}
		return 0
	})
	return out
}

// again re-queues what is left of an atom with a count after one was done.
func (s *State) again(t Task) {
	if t.N > 1 {
		t.N--
		s.push(t)
	}
}

// rewardFor queues the reward of an optional cost that was carried out.
func (s *State) rewardFor(t Task) {
	if t.Reward != nil {
		s.push(s.seqTasks(t.Seat, Seq{*t.Reward})...)
	}
}

// atomChoices lists the answers to an effect atom that needs a decision.
func (s *State) atomChoices(t Task) (games.Text, bool, []choice) {
	seat := t.Seat
	st := s.Seats[seat]
	switch t.Kind {
	case "alt":
		var out []choice
		for i, seq := range t.Alts {
			out = append(out, choice{opt: opt("a"+strconv.Itoa(i), s.effectText(Effect{seq})), fn: func() {
				s.push(s.seqTasks(seat, seq)...)
			}})
		}
		return games.T("vc.prompt.alt"), false, out
	case "resource":
		var out []choice
		for r := range numResources {
			out = append(out, choice{opt: opt("r"+strconv.Itoa(r), games.T("vc.res."+resourceNames[r])), fn: func() {
				st.Res[r]++
				s.say("gained", "player", games.Player(seat), "what", counted("vc.gain."+resourceNames[r], "n", 1))
				s.again(t)
			}})
		}
		return games.T("vc.prompt.resource"), false, out
	case "flip":
		var out []choice
		if st.Debts > 0 {
			out = append(out, choice{opt: opt("debt", games.T("vc.opt.flipdebt")), fn: func() { s.flipDebt(seat); s.again(t) }})
		}
		if st.Deeds > 0 {
			out = append(out, choice{opt: opt("deed", games.T("vc.opt.flipdeed")), fn: func() { s.flipDeed(seat); s.again(t) }})
		}
		return games.T("vc.prompt.flip"), false, out
	case "hire":
		return s.hireChoices(t)
	case "manuscript":
		return s.freeScriptChoices(t)
	case "workers":
		return s.freeWorkerChoices(t)
	case "workshop", "tradingpost", "guildhall", "building":
		return s.freeBuildChoices(t)
	case "rearrange":
		return s.rearrangeChoices(t)
	case "discard", "destroy":
		return s.cardChoices(t)
	case "castlemove":
		return s.castleMoveChoices(t)
	}
	return games.Text{}, false, nil
}

// autoAtom resolves an atom that needs no decision (or has no legal
// answer, in which case it is lost).
func (s *State) autoAtom(t Task) {
	seat := t.Seat
	st := s.Seats[seat]
	gained := func(key string, n int) {
		if !s.quiet {
			s.say("gained", "player", games.Player(seat), "what", counted("vc.gain."+key, "n", n))
		}
	}
	switch t.Kind {
	case "silver":
		st.Silver += t.N
		gained("silver", t.N)
	case "ink", "gold", "stone":
		r := map[string]int{"ink": Ink, "gold": Gold, "stone": Stone}[t.Kind]
		st.Res[r] += t.N
		gained(t.Kind, t.N)
	case "virtue":
		for range t.N {
			s.gainVirtue(seat)
		}
		gained("virtue", t.N)
	case "corruption":
		for range t.N {
			s.gainCorruption(seat)
		}
		gained("corruption", t.N)
	case "debt":
		// Narrated before the take: the Debt reveals the Poverty card.
		gained("debt", 1)
		s.gainDebt(seat)
		s.again(t)
	case "deed":
		gained("deed", 1)
		s.gainDeed(seat)
		s.again(t)
	case "flipdebt":
		if st.Debts > 0 {
			s.flipDebt(seat)
		}
		s.again(t)
	case "flipdeed":
		if st.Deeds > 0 {
			s.flipDeed(seat)
		}
		s.again(t)
	case "draw":
		n := 0
		for range t.N {
			if s.drawOne(seat) {
				n++
			}
		}
		s.say("drew", "player", games.Player(seat), "n", n)
	case "shuffle":
		if len(st.Discard) > 0 {
			s.reshuffle(seat)
		}
	}
}

// gainCorruption moves the corruption marker up the track, dragging the
// virtue marker along once they collided.
func (s *State) gainCorruption(seat int) {
	st := s.Seats[seat]
	last := len(s.c.Track.Own) - 1
	if st.Corruption == st.Virtue {
		if st.Corruption < last {
			st.Corruption++
			st.Virtue++
		}
		return
	}
	st.Corruption++
}

// gainVirtue moves the virtue marker down the track.
func (s *State) gainVirtue(seat int) {
	st := s.Seats[seat]
	if st.Corruption == st.Virtue {
		if st.Virtue > 0 {
			st.Corruption--
			st.Virtue--
		}
		return
	}
	st.Virtue--
}

// gainDebt takes the top Debt; revealing Poverty triggers the end.
func (s *State) gainDebt(seat int) {
	s.Seats[seat].Debts++
	s.takeAbove(&s.DebtsAbove, &s.Poverty, "poverty")
	s.push(s.triggered(seat, "gaindebt")...)
}

// gainDeed takes the top Deed; revealing Prosperity triggers the end.
func (s *State) gainDeed(seat int) {
	s.Seats[seat].Deeds++
	s.takeAbove(&s.DeedsAbove, &s.Prosperity, "prosperity")
}

// takeAbove takes a card from the pile above Poverty or Prosperity: the
// last one reveals the card below (event) and triggers the end; once it
// shows, the pile below serves without end. During setup the piles are
// not laid out yet (setup step 10 follows the draft of step 9): the Debts
// and Deeds of player cards and of the solo opponent's start come from the
// supply and leave the piles whole.
func (s *State) takeAbove(above *int, revealed *bool, event string) {
	if *above == 0 || s.Phase == phaseDraft {
		return
	}
	*above--
	if *above == 0 {
		*revealed = true
		if s.LastRound > 0 { // the other card already triggered the end
			s.say("divided." + event)
			return
		}
		s.triggerEnd(event)
	}
}

// flipDebt pays a Debt: any one resource, and the cards that react.
func (s *State) flipDebt(seat int) {
	st := s.Seats[seat]
	st.Debts--
	st.PaidDebts++
	s.say("flippeddebt", "player", games.Player(seat))
	s.push(append([]Task{{Seat: seat, Kind: "resource", N: 1}}, s.triggered(seat, "flipdebt")...)...)
}

// flipDeed approves a Deed.
func (s *State) flipDeed(seat int) {
	st := s.Seats[seat]
	st.Deeds--
	st.Approved++
	s.say("flippeddeed", "player", games.Player(seat))
}

// triggered lists the ongoing effects of seat's board cards that react to
// trigger, left to right.
func (s *State) triggered(seat int, trigger string) []Task {
	var out []Task
	for _, card := range s.Seats[seat].Board {
		if card >= 0 && s.folk(card).Trigger == trigger {
			out = append(out, s.effectTasks(seat, s.folk(card).Ongoing)...)
		}
	}
	return out
}
