package viscounts

import (
	"github.com/tavern-bot/tavern/games"
)

// The solo opponent's turn and every effect it gains are tasks like a
// player's; aiChoices gives each exactly one answer, the one the
// rulebook's solo rules prescribe, so the game never asks it anything.

// aiChoices is the opponent's one answer to t; ok is false for tasks the
// standard rules resolve for it unchanged (gaining virtue, a debt, the
// castle settling, the collision, the end of its turn).
func (s *State) aiChoices(t Task) (out []choice, ok bool) {
	seat := t.Seat
	st := s.Seats[seat]
	one := func(do func()) ([]choice, bool) {
		return []choice{{opt: opt("ai", games.T("vc.opt.ai")), fn: do}}, true
	}
	switch t.Kind {
	case "turn":
		return one(s.aiBeginTurn)
	case "ai.dismiss":
		return one(s.aiDismiss)
	case "ai.move":
		return one(func() { s.aiMove(t.N) })
	case "ai.action":
		return one(func() { s.aiAction(t.Where, t.Alts) })
	case "ai.criminals":
		return one(func() {
			if n := s.boardIcons(seat)[Criminal]; n > 0 {
				s.push(Task{Seat: seat, Kind: "corruption", N: n})
			}
		})
	case "ai.future", "hire":
		// Every gain-a-card icon adds a future scheme.
		return one(func() { s.aiFuture(); s.again(t) })
	case "silver":
		// Column 1: 2 Silver are 1 resource; an odd one stays silver.
		return one(func() {
			st.Silver += t.N % 2
			if t.N%2 == 1 {
				s.say("gained", "player", games.Player(seat), "what", counted("vc.gain.silver", "n", 1))
			}
			if t.N >= 2 {
				s.push(Task{Seat: seat, Kind: "resource", N: t.N / 2})
			}
		})
	case "resource":
		return one(func() { s.aiResource(); s.again(t) })
	case "rearrange":
		// Column 1: a Rearrange is 1 resource.
		return one(s.aiResource)
	case "discard", "castlemove":
		// Column 3: 1 Virtue instead (and no reward of a discard).
		return one(func() {
			s.say("ai.instead", "player", games.Player(seat), "what", atomText(Atom{Kind: t.Kind, N: 1}), "gain", counted("vc.gain.virtue", "n", 1))
			s.gainVirtue(seat)
			s.again(t)
		})
	case "destroy":
		// Column 2: a Card Flip instead.
		return one(func() { s.aiFlip(); s.again(t) })
	case "flip":
		return one(func() { s.aiFlip(); s.again(t) })
	case "flipdebt", "flipdeed":
		return one(func() {
			if (t.Kind == "flipdebt" && st.Debts > 0) || (t.Kind == "flipdeed" && st.Deeds > 0) {
				if t.Kind == "flipdebt" {
					s.flipDebt(seat)
				} else {
					s.flipDeed(seat)
				}
			} else {
				s.aiNoFlip()
			}
			s.again(t)
		})
	case "manuscript":
		return one(func() { s.aiFreeScript(); s.again(t) })
	case "workers":
		return one(func() { s.aiFreeWorkers(t.N) })
	case "workshop", "tradingpost", "guildhall", "building":
		return one(func() { s.aiFreeBuild(t.Kind) })
	case "draw":
		// It has no hand: drawing does nothing for it.
		return one(func() {})
	case "shuffle":
		return one(func() {
			if len(s.Solo.Discard) > 0 {
				s.aiReshuffle()
			}
		})
	case "alt":
		// Its choice of rewards is always the first.
		return one(func() { s.push(s.seqTasks(seat, t.Alts[0])...) })
	case "cascade":
		return one(func() { s.cascade(seat, s.aiCascadeSection(seat)) })
	case "bump":
		return one(s.aiBump)
	}
	return nil, false
}

// aiBeginTurn shifts the opponent's schemes right, turns over the top of
// its draw pile (shuffling its discards when it is empty) into the left
// space, and queues the scheme's effects top to bottom, then the
// collision and the end of the turn.
func (s *State) aiBeginTurn() {
	so := s.Solo
	seat := so.Seat
	st := s.Seats[seat]
	st.Dismissed, st.Transcribed = false, false
	s.Phase = phaseTurn
	s.Played = -1
	if d := so.Board[boardSlots-1]; d >= 0 {
		so.Discard = append(so.Discard, d)
	}
	copy(so.Board[1:], so.Board[:boardSlots-1])
	so.Board[0] = -1
	if len(so.Draw) == 0 && len(so.Discard) > 0 {
		s.aiReshuffle()
	}
	var ts []Task
	if n := len(so.Draw); n > 0 {
		card := so.Draw[n-1]
		so.Draw = so.Draw[:n-1]
		so.Board[0] = card
		s.revealed = true
		if !s.quiet {
			s.say("ai.scheme", "player", games.Player(seat), "scheme", s.schemeText(card))
		}
		ts = s.schemeTasks(card)
	}
	s.push(append(ts, Task{Seat: seat, Kind: "collision"}, Task{Seat: seat, Kind: "endturn"})...)
}

// schemeTasks turns scheme card's steps into tasks.
func (s *State) schemeTasks(card int) []Task {
	seat := s.Solo.Seat
	sc := &s.c.Schemes[card]
	var ts []Task
	for _, step := range sc.Steps {
		switch step.Kind {
		case "effect":
			ts = append(ts, s.effectTasks(seat, step.Effect)...)
		case "action":
			action := step.Action
			if action == aiFocus {
				action = s.opponent().Focus
			}
			ts = append(ts, Task{Seat: seat, Kind: "ai.action", Where: action, Alts: sc.Fallback})
		case "future":
			ts = append(ts, Task{Seat: seat, Kind: "ai.future", N: 1})
		default:
			ts = append(ts, Task{Seat: seat, Kind: "ai." + step.Kind, N: step.N})
		}
	}
	return ts
}

// aiReshuffle makes the opponent's discards its draw pile; like a player,
// it gains 1 Corruption with a criminal on its board, else 1 Virtue.
func (s *State) aiReshuffle() {
	so := s.Solo
	so.Draw = append(so.Draw, so.Discard...)
	so.Discard = so.Discard[:0]
	games.Shuffle(s.RNG, so.Draw)
	s.revealed = true
	if s.boardIcons(so.Seat)[Criminal] > 0 {
		s.gainCorruption(so.Seat)
		s.say("shuffled.corrupt", "player", games.Player(so.Seat))
	} else {
		s.gainVirtue(so.Seat)
		s.say("shuffled.virtue", "player", games.Player(so.Seat))
	}
}

// aiDismiss removes the townsfolk beside the opponent's viscount from the
// game for its immediate effect only (never its icons); a printed one
// stays and gives its effect.
func (s *State) aiDismiss() {
	seat := s.Solo.Seat
	p := s.Seats[seat].Space / 3
	card, printed := s.adjacentFolk(p)
	if !printed {
		s.takeFolk(p)
		s.Gone = append(s.Gone, card)
	}
	s.say("dismissed", "player", games.Player(seat), "card", s.cardName(card))
	s.push(s.effectTasks(seat, s.folk(card).Hire)...)
}

// aiNext is the next space clockwise on the outside path.
func aiNext(space int) int {
	seg := space / 3
	if space%3 == slotLeft {
		return seg*3 + slotRight
	}
	return (seg+1)%numSegments*3 + slotLeft
}

// aiMove moves the opponent's viscount n spaces clockwise along the
// outside path (it never takes the inside one).
func (s *State) aiMove(n int) {
	seat := s.Solo.Seat
	space := s.Seats[seat].Space
	for range n {
		space = aiNext(space)
	}
	s.moveTo(seat, space, n, 0)
}

// aiPayRes is the resource that pays one icon of each kind for the
// opponent; merchant icons it never buys.
var aiPayRes = [numIcons]int{Merchant: -1, Builder: Stone, Noble: Gold, Cleric: Ink, Criminal: -1}

// aiFunds counts what the opponent has for an action funded by icon: the
// icons on its board (criminals wild) and the resources that may pay the
// rest (all of them for the card-focused AI).
func (s *State) aiFunds(icon Icon) (icons, res int) {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	ic := s.boardIcons(seat)
	icons = ic[icon] + ic[Criminal]
	switch r := aiPayRes[icon]; {
	case r < 0:
	case s.opponent().Single():
		res = st.Res[Ink] + st.Res[Gold] + st.Res[Stone]
	default:
		res = st.Res[r]
	}
	return icons, res
}

// aiSpend pays the need icons of kind icon its board lacks with
// resources, and narrates what it paid.
func (s *State) aiSpend(icon Icon, need, icons int) {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	var paid [numResources]int
	for range max(0, need-icons) {
		r := aiPayRes[icon]
		if s.opponent().Single() {
			// One type: it spends from its largest heap.
			r = Ink
			for x := range numResources {
				if st.Res[x] > st.Res[r] {
					r = x
				}
			}
		}
		st.Res[r]--
		paid[r]++
	}
	for r, n := range paid {
		if n > 0 {
			s.say("ai.paid", "player", games.Player(seat), "what", counted("vc.gain."+resourceNames[r], "n", n))
		}
	}
}

// aiAction takes one of the opponent's primary actions; when it cannot,
// the scheme's fallback resolves instead.
func (s *State) aiAction(action string, fallback Effect) {
	var done bool
	switch action {
	case aiWorkers:
		done = s.aiWorkers()
	case aiBuild:
		done = s.aiBuild()
	case aiTranscribe:
		done = s.aiTranscribe()
	case aiTrade:
		done = s.aiTrade()
	}
	if !done {
		seat := s.Solo.Seat
		s.say("ai.cannot", "player", games.Player(seat), "action", games.T("vc.aiaction."+action), "instead", s.effectText(fallback))
		s.push(s.effectTasks(seat, fallback)...)
	}
}

// aiWorkers places as many workers as it can afford, never one, on the
// first tier of the section of its viscount's segment.
func (s *State) aiWorkers() bool {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	icons, res := s.aiFunds(Noble)
	for k := min(len(workerSteps), st.Workers); k >= 2; k-- {
		if need := workerSteps[k-1]; icons+res >= need {
			s.aiSpend(Noble, need, icons)
			s.placeWorkers(seat, st.Space/3, k)
			s.push(Task{Seat: seat, Kind: "castle"})
			return true
		}
	}
	return false
}

// aiBuild builds the left-most building of its board it can afford on the
// left-most free plot of its viscount's bank of the river.
func (s *State) aiBuild() bool {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	plots := s.bankPlots(st.Space)
	if len(plots) == 0 {
		return false
	}
	icons, res := s.aiFunds(Builder)
	for _, b := range s.opponent().Buildings {
		if st.Built[b] < 3 && icons+res >= buildingCost[b] {
			s.aiSpend(Builder, buildingCost[b], icons)
			s.build(seat, b, st.Space/3, plots[0])
			return true
		}
	}
	return false
}

// aiTranscribe transcribes the manuscript of its viscount's segment (from
// the outside path), once a turn.
func (s *State) aiTranscribe() bool {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	p := st.Space / 3
	ms, _, _ := s.scriptAt(p)
	icons, res := s.aiFunds(Cleric)
	if st.Transcribed || icons+res < ms.Cost {
		return false
	}
	s.aiSpend(Cleric, ms.Cost, icons)
	st.Transcribed = true
	s.push(s.transcribe(seat, p)...)
	return true
}

// aiTrade uses the exchange of its viscount's space as often as its
// merchant icons (criminals wild) allow; it buys no merchant icons. The
// card-focused AI funds its trades the same way: the rulebook makes its
// resources one type, not its icons.
func (s *State) aiTrade() bool {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	if !outer(st.Space) {
		return false
	}
	trade := s.side(st.Space / 3).Trades[min(st.Space%3, 1)]
	icons, _ := s.aiFunds(Merchant)
	n := icons / tradeRate[trade]
	if n == 0 {
		return false
	}
	s.say("traded", "player", games.Player(seat), "what", tradeText(trade, n))
	switch trade {
	case TradeSilver:
		s.push(Task{Seat: seat, Kind: "silver", N: n})
	case TradeInk, TradeGold, TradeStone:
		s.push(Task{Seat: seat, Kind: string(trade), N: n})
	case TradeDestroy:
		s.push(Task{Seat: seat, Kind: "destroy", N: n})
	case TradeFlip:
		s.push(Task{Seat: seat, Kind: "flip", N: n})
	}
	return true
}

// aiChartResource is the resource the opponent takes when it may choose:
// its chart's, or for the card-focused AI (all one type) the one it has
// least of.
func (s *State) aiChartResource() int {
	st := s.Seats[s.Solo.Seat]
	o := s.opponent()
	if o.Single() {
		r := Ink
		for x := range numResources {
			if st.Res[x] < st.Res[r] {
				r = x
			}
		}
		return r
	}
	for _, c := range o.Chart {
		if c.Until == 0 || st.Res[c.Res] < c.Until {
			return c.Res
		}
	}
	return o.Chart[len(o.Chart)-1].Res
}

// aiResource gains one resource by the chart.
func (s *State) aiResource() {
	seat := s.Solo.Seat
	r := s.aiChartResource()
	s.Seats[seat].Res[r]++
	// The opponent's chart chooses, not the player.
	s.say("ai.chose", "player", games.Player(seat), "what", counted("vc.gain."+resourceNames[r], "n", 1))
}

// aiFlip flips the kind of card it has flipped least of, a Debt on a tie
// or the only kind it has; with nothing to flip, 1 Virtue.
func (s *State) aiFlip() {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	switch {
	case st.Debts == 0 && st.Deeds == 0:
		s.aiNoFlip()
	case st.Debts == 0, st.Deeds > 0 && st.Approved < st.PaidDebts:
		s.flipDeed(seat)
	default:
		s.flipDebt(seat)
	}
}

// aiNoFlip is column 3: a card flip with nothing to flip is 1 Virtue.
func (s *State) aiNoFlip() {
	seat := s.Solo.Seat
	s.say("ai.instead", "player", games.Player(seat), "what", counted("vc.atom.flip", "n", 1), "gain", counted("vc.gain.virtue", "n", 1))
	s.gainVirtue(seat)
}

// aiFuture puts the top future scheme face up on its discard pile; with
// none left, a card flip instead (column 2).
func (s *State) aiFuture() {
	so := s.Solo
	n := len(so.Future)
	if n == 0 {
		s.say("ai.nofuture", "player", games.Player(so.Seat))
		s.aiFlip()
		return
	}
	card := so.Future[n-1]
	so.Future = so.Future[:n-1]
	so.Discard = append(so.Discard, card)
	s.revealed = true
	if !s.quiet {
		s.say("ai.future", "player", games.Player(so.Seat), "scheme", s.schemeText(card))
	}
}

// aiFreeScript transcribes a free manuscript costing 3 or 4: its own
// segment's first, else the next clockwise; none, and it is forfeited.
func (s *State) aiFreeScript() {
	seat := s.Solo.Seat
	p := s.Seats[seat].Space / 3
	for i := range numSegments {
		q := (p + i) % numSegments
		if m, ok := s.topScript(q); ok && s.c.Manuscripts[m].Cost >= 3 && s.c.Manuscripts[m].Cost <= 4 {
			s.push(s.transcribe(seat, q)...)
			return
		}
	}
	s.say("ai.forfeit", "player", games.Player(seat), "what", games.T("vc.atom.manuscript"))
}

// aiFreeWorkers places free workers on the first tier of its viscount's
// segment (a single one too: the rule against one is for its action).
func (s *State) aiFreeWorkers(n int) {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	if st.Workers == 0 {
		s.say("ai.forfeit", "player", games.Player(seat), "what", counted("vc.atom.workers", "n", n))
		return
	}
	s.placeWorkers(seat, st.Space/3, n)
	s.push(Task{Seat: seat, Kind: "castle"})
}

// aiFreeBuild places a free building (kind, or for "building" the
// left-most on its board) on the left-most free plot at its viscount,
// else the next free plot clockwise round the board, rivers or not.
func (s *State) aiFreeBuild(kind string) {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	b := -1
	for _, x := range s.opponent().Buildings {
		if st.Built[x] < 3 && (kind == "building" || buildingNames[x] == kind) {
			b = x
			break
		}
	}
	if b >= 0 {
		if p, i, ok := s.aiFreePlot(); ok {
			s.build(seat, b, p, i)
			return
		}
	}
	s.say("ai.forfeit", "player", games.Player(seat), "what", games.T("vc.atom."+kind))
}

// aiFreePlot is the first free plot clockwise from the opponent's
// viscount's bank.
func (s *State) aiFreePlot() (p, plot int, ok bool) {
	space := s.Seats[s.Solo.Seat].Space
	home := space / 3
	start := 0
	if space%3 == slotRight {
		start = s.side(home).West
	}
	for k := 0; k <= numSegments; k++ {
		q := (home + k) % numSegments
		lo, hi := 0, len(s.Plots[q])
		switch k {
		case 0:
			lo = start
		case numSegments:
			hi = start
		}
		for i := lo; i < hi; i++ {
			if s.Plots[q][i] < 0 {
				return q, i, true
			}
		}
	}
	return 0, 0, false
}

// aiCascadeSection is the first section clockwise from its viscount's
// segment where it has three first-tier workers.
func (s *State) aiCascadeSection(seat int) int {
	home := s.Seats[seat].Space / 3
	for i := range numSegments {
		if sec := (home + i) % numSegments; count(s.Tiers[0][sec], seat) >= 3 {
			return sec
		}
	}
	return home
}

// aiBump bumps one worker from a crowded section: always the player's
// when it can, first tier first, clockwise from its viscount's segment;
// its own only when a crowded section holds none of the player's.
func (s *State) aiBump() {
	seat := s.Solo.Seat
	home := s.Seats[seat].Space / 3
	own := [2]int{-1, -1}
	for tier := range 2 {
		for i := range numSegments {
			sec := (home + i) % numSegments
			ws := s.Tiers[tier][sec]
			if len(ws) <= 3 {
				continue
			}
			for _, w := range ws {
				if w != seat {
					s.bump(tier, sec, w)
					return
				}
			}
			if own[0] < 0 {
				own = [2]int{tier, sec}
			}
		}
	}
	if own[0] >= 0 {
		s.bump(own[0], own[1], seat)
	}
}

// aiBoardIcons counts the icons on the opponent's board: its schemes and
// its permanent icons.
func (s *State) aiBoardIcons() Icons {
	ic := s.aiPermanentIcons()
	for _, c := range s.Solo.Board {
		if c >= 0 {
			for i, n := range s.c.Schemes[c].Icons {
				ic[i] += n
			}
		}
	}
	return ic
}

// aiPermanentIcons counts the icons its buildings uncovered and its
// cleric bonus cards show. They alone count for its manuscripts scoring
// per icon: a scheme's icons are there only to fund its actions.
func (s *State) aiPermanentIcons() Icons {
	st := s.Seats[s.Solo.Seat]
	var ic Icons
	o := s.opponent()
	for b := range numBuildings {
		for k := range st.Built[b] {
			if i := o.Uncovers[b][k]; i >= 0 {
				ic[i]++
			}
		}
	}
	ic[Cleric] += len(st.Bonus)
	return ic
}
