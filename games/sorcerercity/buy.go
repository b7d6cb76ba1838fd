package sorcerercity

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Influence places. A tie shares a place and uses up the places after it
// (a tie for 2nd leaves no 3rd place, as the rulebook says).
const (
	placeFirst  = 1
	placeSecond = 2
	placeThird  = 3
)

// Prizes a seat may still have to choose in its buy turn.
const (
	prizeSecond = "second" // this year's reward or its Prestige
	prizeLow    = "low"    // 5 Money or one more buy
)

// influence ranks the seats (and Mystery Players) by this year's
// Influence, gives the places' prizes that need no choice, and opens the
// buy turns in descending Influence (ties: the seat nearest the timer
// holder clockwise first).
func (s *State) influence(out *games.Outcome) {
	n := len(s.Seats)
	type rival struct{ seat, infl int } // seat -1: a Mystery Player
	var all []rival
	for i, st := range s.Seats {
		all = append(all, rival{i, st.Annual[Influence]})
	}
	if s.Mystery != nil {
		for _, v := range s.Mystery[s.Year] {
			all = append(all, rival{-1, v})
		}
		if len(s.Mystery[s.Year]) > 0 {
			out.Events = append(out.Events, mysteryText(s.Mystery[s.Year]))
		}
		s.Shown = s.Year
		out.Revealed = true
	}
	dist := func(seat int) int { return (seat - s.Start + n) % n }
	slices.SortStableFunc(all, func(a, b rival) int {
		if a.infl != b.infl {
			return b.infl - a.infl
		}
		if a.seat < 0 || b.seat < 0 {
			return 0
		}
		return dist(a.seat) - dist(b.seat)
	})
	s.Order = s.Order[:0]
	place := 0
	for i, r := range all {
		if i == 0 || r.infl != all[i-1].infl {
			place = i + 1
		}
		if r.seat < 0 {
			continue
		}
		st := s.Seats[r.seat]
		st.Place = place
		s.Order = append(s.Order, r.seat)
	}
	s.Turn = 0
	s.Stage = stageBuy
	if s.Year == Years {
		// The last year: the most Influence wins the Prestige, nothing else.
		for _, i := range s.Order {
			if s.Seats[i].Place == placeFirst {
				s.gainPrestige(i, s.c.Board.YearPrestige[s.Year], out)
			}
		}
		s.collect(out)
		return
	}
	s.openTurn(out)
}

// openTurn starts the buy turn of Order[Turn]: its prize, then its buys.
func (s *State) openTurn(out *games.Outcome) {
	if s.Turn >= len(s.Order) {
		s.collect(out)
		return
	}
	i := s.Order[s.Turn]
	st := s.Seats[i]
	st.Buys = baseBuys
	if st.Annual[Money] > richMoney {
		st.Buys++
	}
	switch {
	case st.Place == placeFirst:
		s.gainPrestige(i, s.c.Board.YearPrestige[s.Year], out)
		s.gainReward(i, out)
	case st.Place == placeSecond:
		st.Prize = prizeSecond
	case st.Place == placeThird && s.Players >= 4:
		// What 2nd place left: 2nd is a single seat here, or there
		// would be no 3rd place.
		if s.secondTook() == "reward" {
			s.gainPrestige(i, s.c.Board.YearPrestige[s.Year], out)
		} else {
			s.gainReward(i, out)
		}
	default:
		st.Prize = prizeLow
	}
	if st.Prize == "" {
		s.startBuying(i, out)
	}
}

// secondTook is what the 2nd-place seat chose: "reward" or "prestige".
func (s *State) secondTook() string {
	for _, st := range s.Seats {
		if st.Place == placeSecond {
			return st.Took
		}
	}
	return ""
}

func (s *State) gainPrestige(seat, n int, out *games.Outcome) {
	s.Seats[seat].Annual.Add(Prestige, n)
	out.Events = append(out.Events, games.T("sc.ev.prestige", "player", games.Player(seat), "n", n))
}

// buyPrompt is seat's turn at the market: a prize to choose first, then
// buys, one paid discard, and done.
func (s *State) buyPrompt(seat int) games.Prompt {
	st := s.Seats[seat]
	p := games.Prompt{Seat: seat}
	switch st.Prize {
	case prizeSecond:
		p.Text = games.T("sc.prompt.second", "reward", games.Ref("sc.reward."+s.Rewards[s.Year]), "prestige", s.c.Board.YearPrestige[s.Year])
		p.Options = []games.Option{
			{ID: "prize:reward", Label: games.T("sc.opt.reward", "reward", games.Ref("sc.reward."+s.Rewards[s.Year]))},
			{ID: "prize:prestige", Label: games.T("sc.opt.prestige", "n", s.c.Board.YearPrestige[s.Year])},
		}
		return p
	case prizeLow:
		p.Text = games.T("sc.prompt.low")
		p.Options = []games.Option{
			{ID: "prize:money", Label: games.T("sc.opt.money", "n", placeMoney)},
			{ID: "prize:buy", Label: games.T("sc.opt.buy")},
		}
		return p
	}
	money := st.Annual[Money]
	p.Text = s.label(func() games.Text { return counted("sc.prompt.market", "money", money, "buys", st.Buys) })
	vendor := func(v int) games.Step {
		return games.Step{ID: "v" + strconv.Itoa(v+1), Label: s.label(func() games.Text { return games.T("sc.vendor", "n", v+1) })}
	}
	if st.Buys > 0 {
		for v := range Vendors {
			for k, id := range s.Market.Up[v] {
				if c := s.cost(seat, id); c <= money {
					p.Options = append(p.Options, games.Option{ID: "buy:" + slotID(v, k),
						Label: s.label(func() games.Text { return games.T("sc.opt.buytile", "tile", s.slotText(v, k), "pay", c) }), Path: []games.Step{vendor(v)}})
				}
			}
		}
		if s.Market.Rainbow > 0 && s.cost(seat, "rainbow") <= money {
			p.Options = append(p.Options, games.Option{ID: "buy:r",
				Label: s.label(func() games.Text {
					return games.T("sc.opt.buytile", "tile", tileText(s.c, "rainbow"), "pay", s.cost(seat, "rainbow"))
				}),
				Path: []games.Step{{ID: "v5", Label: s.label(func() games.Text { return games.T("sc.vendor.rainbow") })}}})
		}
	}
	if st.FreeDiscards > 0 || (!st.Discarded && money >= discardCost) {
		for v := range Vendors {
			if len(s.Market.Decks[v]) == 0 {
				continue // nothing would come up in its place
			}
			for k := range s.Market.Up[v] {
				pay := discardCost
				if st.FreeDiscards > 0 {
					pay = 0
				}
				// The place and the price go under the label: a tile's
				// name alone may take most of what a select shows.
				o := games.Option{ID: "discard:" + slotID(v, k), Path: []games.Step{{ID: "d"}, vendor(v)}}
				if !s.bare {
					o.Label = games.T("sc.opt.discard", "tile", tileText(s.c, s.Market.Up[v][k]))
					o.Detail = games.T("sc.discard.detail", "n", k+1, "pay", pay)
					o.Path[0].Label = games.T("sc.discards")
				}
				p.Options = append(p.Options, o)
			}
		}
	}
	p.Options = append(p.Options, games.Option{ID: "done", Label: s.label(func() games.Text { return games.T("sc.opt.done") })})
	return p
}

// slotID names slot k (0-based) of vendor v (0-based) in a move: "v:k",
// the vendor counted from 1.
func slotID(v, k int) string { return strconv.Itoa(v+1) + ":" + strconv.Itoa(k) }

// parseSlot reads "v:k" of a market move.
func parseSlot(rest string) (v, k int, ok bool) {
	vs, ks, ok := strings.Cut(rest, ":")
	v, e1 := strconv.Atoi(vs)
	k, e2 := strconv.Atoi(ks)
	return v - 1, k, ok && e1 == nil && e2 == nil && v >= 1 && v <= Vendors && k >= 0
}

func (s *State) buy(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	var out games.Outcome
	who := games.Player(seat)
	switch {
	case move == "prize:reward" || move == "prize:prestige":
		st.Prize, st.Took = "", strings.TrimPrefix(move, "prize:")
		if st.Took == "reward" {
			s.gainReward(seat, &out)
		} else {
			s.gainPrestige(seat, s.c.Board.YearPrestige[s.Year], &out)
		}
		s.startBuying(seat, &out)
	case move == "prize:money":
		st.Prize = ""
		st.Annual.Add(Money, placeMoney)
		out.Events = append(out.Events, games.T("sc.ev.money", "player", who, "n", placeMoney))
		s.startBuying(seat, &out)
	case move == "prize:buy":
		st.Prize = ""
		st.Buys++
		out.Events = append(out.Events, games.T("sc.ev.extrabuy", "player", who))
		s.startBuying(seat, &out)
	case strings.HasPrefix(move, "buy:"):
		v, k, ok := s.parseMarket(strings.TrimPrefix(move, "buy:"))
		if !ok {
			return out, games.Errorf("sc.err.illegal")
		}
		pay := s.cost(seat, s.marketTile(v, k))
		st.Annual[Money] -= pay
		st.Buys--
		id, guard, revealed := s.takeMarket(v, k)
		st.Out = append(st.Out, id)
		out.Events = append(out.Events, games.T("sc.ev.bought", "player", who, "tile", tileText(s.c, id), "pay", pay))
		out.Revealed = revealed
		s.purplePays(seat, id, &out)
		s.gainGuard(seat, guard, &out)
	case strings.HasPrefix(move, "discard:"):
		v, k, ok := parseSlot(strings.TrimPrefix(move, "discard:"))
		if !ok || k >= len(s.Market.Up[v]) {
			return out, games.Errorf("sc.err.illegal")
		}
		id := s.Market.Up[v][k]
		if st.FreeDiscards > 0 {
			st.FreeDiscards--
		} else {
			st.Annual[Money] -= discardCost
			st.Discarded = true
		}
		out.Events = append(out.Events, games.T("sc.ev.discarded", "player", who, "tile", tileText(s.c, id)))
		out.Revealed = s.discardMarket(v, k, &out)
	case move == "done":
		out.Events = append(out.Events, games.T("sc.ev.done", "player", who))
		s.Turn++
		s.openTurn(&out)
	default:
		return out, games.Errorf("sc.err.illegal")
	}
	return out, nil
}

// collect is the Prestige phase: every seat takes its year's Prestige,
// and the seats that scored least get the top tile of the year's vendor
// for free. Then Cleanup, or the end after year 5.
func (s *State) collect(out *games.Outcome) {
	low := s.Seats[0].Annual[Prestige]
	for i, st := range s.Seats {
		st.Prestige += st.Annual[Prestige]
		low = min(low, st.Annual[Prestige])
		out.Events = append(out.Events, games.T("sc.ev.collect", "player", games.Player(i), "n", st.Annual[Prestige], "total", st.Prestige))
	}
	if s.Year == Years {
		s.Stage = stageOver
		over := games.T("sc.ev.over")
		if s.Market.Guards[0] != nil { // solo: the monsters were held off
			over = games.T("sc.ev.over.solo", "player", games.Player(0))
		}
		out.Events = append(out.Events, over, games.Verdict(s.Standings(), s.Rivals(), prestigeText))
		return
	}
	v := s.Year - 1
	for i, st := range s.Seats {
		deck := s.Market.Decks[v]
		if st.Annual[Prestige] != low || len(deck) == 0 {
			continue
		}
		id := deck[len(deck)-1]
		s.Market.Decks[v] = deck[:len(deck)-1]
		st.Out = append(st.Out, id)
		out.Revealed = true
		out.Events = append(out.Events, games.T("sc.ev.lowgift", "player", games.Player(i), "tile", tileText(s.c, id)))
	}
	s.cleanup(out)
}

// stack is the pile year y's monsters are dealt from: the Lich's stack of
// Skeletons for a Skeleton year when the Lich is in the game too (the box
// holds one set of Skeletons), else the year's own.
func (s *State) stack(y int) *[]string {
	if s.Beasts[y] == "skeleton" && slices.Contains(s.Beasts[:], "lich") {
		return &s.Skeletons
	}
	return &s.Stacks[y]
}

// cleanup deals the year's monster into every deck (two Skeletons
// each); alone, five more go onto the market first, one by one.
func (s *State) cleanup(out *games.Outcome) {
	pile := s.stack(s.Year)
	stack := *pile
	games.Shuffle(s.RNG, stack)
	each := monstersPerPut
	if s.Beasts[s.Year] == "skeleton" {
		each = 2
	}
	for i := range s.Seats {
		seat := (s.Start + i) % len(s.Seats)
		for range each {
			if len(stack) == 0 {
				break
			}
			// Dealt face down: straight into the deck, unseen.
			s.Seats[seat].Deck = append(s.Seats[seat].Deck, strings.Split(stack[len(stack)-1], "+")...)
			stack = stack[:len(stack)-1]
			out.Revealed = true
		}
	}
	switch b := s.Beasts[s.Year]; {
	case b != "" && each == 2: // the Skeleton comes in pairs
		out.Events = append(out.Events, games.T("sc.ev.monsters.pair", "monsters", games.Ref("sc.monsters."+b)))
	case b != "":
		out.Events = append(out.Events, games.T("sc.ev.monsters", "monster", games.Ref("sc.monster."+b)))
	default:
		out.Events = append(out.Events, games.T("sc.ev.monsters.mixed"))
	}
	if s.Market.Guards[0] != nil { // solo: five more monsters go onto the market
		n := min(soloGuards, len(stack))
		for _, g := range stack[len(stack)-n:] {
			s.Seats[0].Tasks = append(s.Seats[0].Tasks, Task{Kind: taskGuard, Arg: g})
		}
		stack = stack[:len(stack)-n]
	}
	*pile = stack
	if len(s.Seats[0].Tasks) > 0 {
		s.Stage = stageGuard
		s.guardIfSettled(out)
		return
	}
	s.nextYear(out)
}

// nextYear takes the districts apart into the decks, resets the tracks,
// passes the timer to the left and begins the next year.
func (s *State) nextYear(out *games.Outcome) {
	for _, st := range s.Seats {
		for _, cell := range st.District.Cells {
			for _, pl := range cell.Stack {
				st.Deck = append(st.Deck, pl.Tile)
			}
		}
		st.Deck = append(st.Deck, st.Out...)
		*st = Seat{Deck: st.Deck, Prestige: st.Prestige, Early: st.Early}
	}
	s.Start = (s.Start + 1) % len(s.Seats)
	s.Year++
	s.Order, s.Turn = nil, 0
	s.prepare()
	out.Events = append(out.Events, games.T("sc.ev.year", "year", s.Year))
	if s.Market.Guards[0] != nil {
		out.Events = append(out.Events, s.dangerText())
	}
}
