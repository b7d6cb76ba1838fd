package viscounts

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// primaryRes is the resource that pays one icon of each kind.
var primaryRes = [numIcons]string{Merchant: "silver", Builder: "stone", Noble: "gold", Cleric: "ink"}

// maxExchanges bounds one trade's offers (a select holds 25 choices).
const maxExchanges = 12

// workerSteps are the noble icons that place 1, 2, 3 or 4 workers.
var workerSteps = []int{1, 3, 5, 8}

// pay is what a primary action costs: silver (including a dismissal)
// and resources.
type pay struct {
	Silver  int
	Res     [numResources]int
	Dismiss bool
}

func (p pay) units() int { return p.Silver + p.Res[Ink] + p.Res[Gold] + p.Res[Stone] }

// covers reports whether p spends no more of anything than q.
func (p pay) covers(q pay) bool {
	if p.Silver > q.Silver {
		return false
	}
	for r := range numResources {
		if p.Res[r] > q.Res[r] {
			return false
		}
	}
	return true
}

// moveOffer is a space a viscount can end on, in the fewest steps, and
// the silver they cost.
type moveOffer struct{ space, steps, cost int }

// moveOffers appends to out every space the viscount can end on: at
// least the played card's silver value in steps, one more free with the
// first Trading Post, each further step for a silver. Callers pass a
// buffer of numSpaces: the lookahead lists the moves at every move it
// tries.
func (s *State) moveOffers(seat int, out []moveOffer) (least int, _ []moveOffer) {
	st := s.Seats[seat]
	if s.Played >= 0 {
		least = s.folk(s.Played).Cost
	}
	free := min(st.Built[TradingPost], 1)
	best := reachable(st.Space, least, least+free+min(st.Silver, numSpaces))
	if least == 0 {
		best[st.Space] = 0
	}
	for sp, steps := range best {
		if steps >= 0 {
			out = append(out, moveOffer{sp, steps, max(0, steps-least-free)})
		}
	}
	return least, out
}

// moveIDs are the moves' option ids by space, built once: the lookahead
// lists the moves at every decision it tries.
var moveIDs = func() (ids [numSpaces]string) {
	for sp := range ids {
		ids[sp] = "m" + strconv.Itoa(sp)
	}
	return ids
}()

// moveChoices offers the moves.
func (s *State) moveChoices(t Task) (games.Text, bool, []choice) {
	var buf [numSpaces]moveOffer
	least, found := s.moveOffers(t.Seat, buf[:0])
	offers := slices.Clone(found) // the moves' action keeps them
	out := make([]choice, 0, len(offers))
	move := s.mover(t.Seat, offers)
	for i, m := range offers {
		var label games.Text
		if !s.quiet { // a quiet copy's label is empty, its arguments need not be built
			label = counted("vc.opt.move", "space", s.spaceName(m.space), "steps", m.steps, "silver", m.cost)
		}
		out = append(out, choice{opt: opt(moveIDs[m.space], label), act: move, arg: i})
	}
	return s.counted("vc.prompt.move", "least", least), false, out
}

// mover is the action of the moves offers lists: move to offer i.
func (s *State) mover(seat int, offers []moveOffer) func(int) {
	return func(i int) {
		m := offers[i]
		s.moveTo(seat, m.space, m.steps, m.cost)
	}
}

// moveChoice is moveChoices' option id on a quiet copy, without listing
// the others: the lookahead tries each move on a copy of its own.
func (s *State) moveChoice(t Task, id string) (choice, bool) {
	var buf [numSpaces]moveOffer
	_, offers := s.moveOffers(t.Seat, buf[:0])
	for _, m := range offers {
		if moveIDs[m.space] == id {
			seat, space, steps, cost := t.Seat, m.space, m.steps, m.cost
			return choice{opt: opt(id, games.Text{}), fn: func() { s.moveTo(seat, space, steps, cost) }}, true
		}
	}
	return choice{}, false
}

// moveTo moves seat's viscount; every other viscount already there lets
// its owner rearrange their board.
func (s *State) moveTo(seat, space, steps, cost int) {
	st := s.Seats[seat]
	st.Silver -= cost
	st.Space = space
	if !s.quiet {
		s.say("moved", "player", games.Player(seat), "space", s.spaceName(space), "steps", steps, "silver", cost)
	}
	var ts []Task
	for i := range s.Seats {
		o := (seat + i) % s.Players
		if o != seat && s.Seats[o].Space == space {
			ts = append(ts, Task{Seat: o, Kind: "rearrange"})
		}
	}
	s.push(ts...)
}

// dismissable is the townsfolk beside seat's viscount it may dismiss for
// an action funded by icon, and its cost; -1 when none.
func (s *State) dismissable(seat int, icon Icon) (card, cost int) {
	st := s.Seats[seat]
	if st.Dismissed {
		return -1, 0
	}
	card, _ = s.adjacentFolk(st.Space / 3)
	f := s.folk(card)
	if f.Icons[icon] == 0 && f.Icons[Criminal] == 0 {
		return -1, 0
	}
	return card, s.dismissCost(seat, card)
}

// dismissCost is what dismissing card costs seat: its silver value, at
// most 1 with the second Trading Post.
func (s *State) dismissCost(seat, card int) int {
	cost := s.folk(card).Cost
	if s.Seats[seat].Built[TradingPost] >= 2 {
		cost = min(cost, 1)
	}
	return cost
}

// conversions appends the conversions of seat's board cards to buf
// (callers pass a small array's: no allocation).
func (s *State) conversions(seat int, buf []Conversion) []Conversion {
	for _, c := range s.Seats[seat].Board {
		if c >= 0 {
			buf = append(buf, s.folk(c).Convert...)
		}
	}
	return buf
}

// freeIcons counts the icons seat has for an action of kind icon without
// paying: its board, criminals as wilds, merchant icons a card converts,
// and a dismissed card's icons.
func (s *State) freeIcons(seat int, icon Icon, dismissed int) int {
	ic := s.boardIcons(seat)
	if dismissed >= 0 {
		for i, n := range s.folk(dismissed).Icons {
			ic[i] += n
		}
	}
	n := ic[icon] + ic[Criminal]
	if icon != Merchant {
		best := 0
		var buf [boardSlots * 2]Conversion
		for _, cv := range s.conversions(seat, buf[:0]) {
			if cv.From == "merchant" && cv.To == icon {
				best = max(best, ic[Merchant]/cv.Per*cv.Gain)
			}
		}
		n += best
	}
	return n
}

// plans lists the least ways seat can pay need icons of kind icon, with
// or without dismissing (dismissCost silver for card); none if it cannot.
// Each plan is minimal (nothing can be left out) and none spends more of
// everything than another.
func (s *State) plans(seat int, icon Icon, need int, dismissed, dismissCost int) []pay {
	return s.appendPlans(nil, seat, icon, need, dismissed, dismissCost)
}

// appendPlans appends plans to out. The lookahead works out the payments
// of every action it lists, so the search keeps to the stack.
func (s *State) appendPlans(out []pay, seat int, icon Icon, need int, dismissed, dismissCost int) []pay {
	st := s.Seats[seat]
	short := need - s.freeIcons(seat, icon, dismissed)
	base := pay{Silver: dismissCost, Dismiss: dismissed >= 0}
	if st.Silver < dismissCost {
		return out
	}
	if short <= 0 {
		return append(out, base)
	}
	var chanBuf, convBuf [boardSlots*2 + 1]Conversion
	chans := append(chanBuf[:0], Conversion{From: primaryRes[icon], Per: 1, To: icon, Gain: 1})
	for _, cv := range s.conversions(seat, convBuf[:0]) {
		if cv.To == icon && cv.From != "merchant" {
			chans = append(chans, cv)
		}
	}
	var usesBuf [len(chanBuf)]int
	var uses []int
	if len(chans) <= len(usesBuf) {
		uses = usesBuf[:len(chans)]
	} else {
		uses = make([]int, len(chans))
	}
	var foundBuf [16]pay
	found := walkPlans(foundBuf[:0], st, chans, uses, short, 0, base, 0)
	start := len(out)
	for i, p := range found {
		dominated := false
		for j, q := range found {
			if i != j && q.covers(p) && (q != p || j < i) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out[start:], func(a, b pay) int { return a.units() - b.units() })
	if len(out) > start+5 {
		out = out[:start+5]
	}
	return out
}

// walkPlans is appendPlans' search: it tries every number of uses of
// channel i and on, having paid p for got of short icons, and appends
// to found every plan paying them. uses holds the channels' uses so far.
func walkPlans(found []pay, st *Seat, chans []Conversion, uses []int, short, i int, p pay, got int) []pay {
	if got >= short {
		// Minimal: dropping one use of any channel falls short.
		for j, u := range uses {
			if u > 0 && got-chans[j].Gain >= short {
				return found
			}
		}
		return append(found, p)
	}
	if i == len(chans) {
		return found
	}
	cv := chans[i]
	most := left(st, cv.From, p) / cv.Per
	if cv.Once {
		most = min(most, 1)
	}
	for u := 0; u <= most; u++ {
		uses[i] = u
		found = walkPlans(found, st, chans, uses, short, i+1, p.plus(cv.From, u*cv.Per), got+u*cv.Gain)
		if got+u*cv.Gain >= short {
			break
		}
	}
	uses[i] = 0
	return found
}

// left is what st has of from ("silver" or a resource) beyond p.
func left(st *Seat, from string, p pay) int {
	switch from {
	case "silver":
		return st.Silver - p.Silver
	case "ink":
		return st.Res[Ink] - p.Res[Ink]
	case "gold":
		return st.Res[Gold] - p.Res[Gold]
	}
	return st.Res[Stone] - p.Res[Stone]
}

// plus is p spending n more of from.
func (p pay) plus(from string, n int) pay {
	switch from {
	case "silver":
		p.Silver += n
	case "ink":
		p.Res[Ink] += n
	case "gold":
		p.Res[Gold] += n
	default:
		p.Res[Stone] += n
	}
	return p
}

// payOptions lists plans with and without dismissing the adjacent card.
func (s *State) payOptions(seat int, icon Icon, need int) []pay {
	var buf [maxPlans]pay // then one allocation of the right size
	out := s.appendPlans(buf[:0], seat, icon, need, -1, 0)
	if card, cost := s.dismissable(seat, icon); card >= 0 {
		out = s.appendPlans(out, seat, icon, need, card, cost)
	}
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// spendPay pays p, dismissing the adjacent card if it says so, and
// returns the tasks of the dismissal's effect.
func (s *State) spendPay(seat int, p pay) []Task {
	st := s.Seats[seat]
	st.Silver -= p.Silver
	for r := range numResources {
		st.Res[r] -= p.Res[r]
	}
	if !p.Dismiss {
		return nil
	}
	pos := st.Space / 3
	card, printed := s.adjacentFolk(pos)
	if !printed {
		s.takeFolk(pos)
		s.Gone = append(s.Gone, card)
	}
	st.Dismissed = true
	if !s.quiet {
		s.say("dismissed", "player", games.Player(seat), "card", s.cardName(card))
	}
	return s.effectTasks(seat, s.folk(card).Hire)
}

// payLabel names a plan: "2 Stone, 1 Silver, dismissing the Mason".
func (s *State) payLabel(seat int, p pay) games.Text {
	if s.quiet {
		return games.Text{}
	}
	var parts []games.Text
	silver := p.Silver
	if p.Dismiss {
		card, _ := s.adjacentFolk(s.Seats[seat].Space / 3)
		cost := s.dismissCost(seat, card)
		silver -= cost
		parts = append(parts, games.T("vc.pay.dismiss", "card", s.cardName(card), "silver", cost))
	}
	if silver > 0 {
		parts = append(parts, counted("vc.gain.silver", "n", silver))
	}
	for r := range numResources {
		if p.Res[r] > 0 {
			parts = append(parts, counted("vc.gain."+resourceNames[r], "n", p.Res[r]))
		}
	}
	if len(parts) == 0 {
		return games.T("vc.pay.free")
	}
	return list(parts)
}

// actionChoices offers the primary actions of the viscount's space, each
// as a path: the action, its target, how to pay.
func (s *State) actionChoices(t Task) (games.Text, bool, []choice) {
	out := s.actions(t, "")
	if s.quiet {
		return games.Text{}, false, out
	}
	return games.T("vc.prompt.action", "space", s.spaceName(s.Seats[t.Seat].Space)), false, out
}

// actionChoice is actionChoices' first option id, found without working
// out the payments of the other actions: the lookahead tries each action
// on a copy of its own.
func (s *State) actionChoice(t Task, id string) (choice, bool) {
	if out := s.actions(t, id); len(out) > 0 {
		return out[0], true
	}
	return choice{}, false
}

// actions lists the actions, or with want only the first option of that
// id, if any.
func (s *State) actions(t Task, want string) []choice {
	seat := t.Seat
	st := s.Seats[seat]
	p := st.Space / 3
	pass := choice{opt: opt("pass", s.text("vc.opt.pass")), fn: func() {}} // a quiet copy says nothing
	if !s.quiet {
		pass.fn = func() { s.say("passed", "player", games.Player(seat)) }
	}
	if want == "pass" {
		return []choice{pass}
	}
	// An action's option ids are kind.target.plan; wantsKind and wants
	// report whether a kind's or a target's options may hold want.
	wantKind, rest, _ := strings.Cut(want, ".")
	wantTarget, plan, _ := strings.Cut(rest, ".")
	wantPlan := 0
	if want != "" { // parsing "" fails, and a failure allocates
		n, err := strconv.Atoi(plan)
		if err != nil || strconv.Itoa(n) != plan {
			return nil
		}
		wantPlan = n
	}
	wantsKind := func(kind string) bool { return want == "" || kind == wantKind }
	wants := func(kind, target string) bool { return wantsKind(kind) && (want == "" || target == wantTarget) }
	// The options gather on the stack, then take one allocation of
	// their number (kept).
	var buf [16]choice
	out := buf[:0]
	if want == "" {
		out = append(out, pass)
	}
	// A choice reads "what — how to pay" with what short (a workshop on
	// plot 1); detail tells the rest (the plot's place and reward, the
	// manuscript), which the path's target step names in full. act(i)
	// carries out the action paid by plans[i].
	add := func(kind, id string, what, detail games.Text, target games.Step, plans []pay, act func(int)) {
		if !wants(kind, id) || (want != "" && (len(out) > 0 || wantPlan >= len(plans))) {
			return
		}
		action := games.Step{ID: kind}
		if !s.quiet {
			action.Label = games.T("vc.action." + kind)
		}
		var path []games.Step // a lookahead copy's options are read for their ids alone
		if s.mem == nil {
			path = []games.Step{action, target} // one for the plans: options only read their paths
		}
		for i, pl := range plans {
			if want != "" && i != wantPlan {
				continue
			}
			var label games.Text
			if !s.quiet {
				label = games.T("vc.opt.paid", "what", what, "pay", s.payLabel(seat, pl))
			}
			o := games.Option{ID: planID(kind, id, i), Label: label, Detail: detail, Path: path}
			out = append(out, choice{opt: o, act: act, arg: i})
		}
	}
	if outer(st.Space) {
		trade := s.side(p).Trades[min(st.Space%3, 1)]
		if trade == TradeSilver {
			// Silver paid adds nothing to this exchange: only icons count.
			variants := []pay{{}}
			if card, cost := s.dismissable(seat, Merchant); card >= 0 && st.Silver >= cost {
				variants = append(variants, pay{Silver: cost, Dismiss: true})
			}
			for _, d := range variants {
				n := s.freeIcons(seat, Merchant, s.dismissedBy(seat, d))
				if n == 0 {
					continue
				}
				label := s.text("vc.opt.trade.silver", "n", n)
				add("trade", "s"+strconv.Itoa(n), label, games.Text{}, games.Step{ID: "s" + strconv.Itoa(n), Label: label}, []pay{d}, func(int) { s.trade(seat, trade, n, d) })
			}
		} else if wantsKind("trade") {
			for n := 1; n <= maxExchanges && (want == "" || len(out) == 0); n++ {
				plans := s.payOptions(seat, Merchant, n*tradeRate[trade])
				if len(plans) == 0 {
					break
				}
				id := strconv.Itoa(n)
				if !wants("trade", id) {
					continue
				}
				var label games.Text
				if !s.quiet {
					label = counted("vc.opt.trade."+string(trade), "n", n)
				}
				add("trade", id, label, games.Text{}, games.Step{ID: id, Label: label}, plans, func(i int) { s.trade(seat, trade, n, plans[i]) })
			}
		}
		if !wantsKind("build") {
			return kept(out)
		}
		var buildPlans [numBuildings][]pay // the same for every plot of the bank, worked out once
		var planned [numBuildings]bool
		for _, plot := range s.bankPlots(st.Space) {
			for b := range numBuildings {
				id := buildID(b, plot)
				if st.Built[b] >= 3 || !wants("build", id) {
					continue
				}
				if !planned[b] {
					buildPlans[b], planned[b] = s.payOptions(seat, Builder, buildingCost[b]), true
				}
				plans := buildPlans[b]
				var what, label games.Text
				if !s.quiet { // a quiet copy's texts are empty (text), their arguments need not be built
					building := games.T("vc.building." + buildingNames[b])
					label = games.T("vc.opt.build", "building", building, "plot", s.plotLabel(p, plot))
					what = games.T("vc.opt.buildat", "building", building, "n", plot+1)
				}
				add("build", id, what, s.plotLabel(p, plot), games.Step{ID: id, Label: label}, plans, func(i int) {
					// The dismissal's effect first (the rulebook's build
					// example), then the plot and links, then the cards
					// reacting to the build: pushed last to first.
					ts := s.spendPay(seat, plans[i])
					s.push(s.triggered(seat, "build")...)
					s.build(seat, b, p, plot)
					s.push(ts...)
				})
			}
		}
	} else {
		for k := 1; k <= 4 && k <= st.Workers; k++ {
			if !wants("workers", strconv.Itoa(k)) {
				continue
			}
			label := s.counted("vc.opt.workers", "n", k)
			plans := s.payOptions(seat, Noble, workerSteps[k-1])
			add("workers", strconv.Itoa(k), label, games.Text{}, games.Step{ID: strconv.Itoa(k), Label: label}, plans, func(i int) {
				ts := s.spendPay(seat, plans[i])
				s.placeWorkers(seat, p, k)
				s.push(append(append(ts, Task{Seat: seat, Kind: "castle"}), s.triggered(seat, "noble")...)...)
			})
		}
		if ms, _, _ := s.scriptAt(p); !st.Transcribed && wants("script", "0") {
			var label games.Text
			if !s.quiet {
				label = games.T("vc.opt.script", "script", s.describeScript(ms))
			}
			plans := s.payOptions(seat, Cleric, ms.Cost)
			add("script", "0", s.text("vc.action.script"), s.describeScript(ms), games.Step{ID: "0", Label: label}, plans, func(i int) {
				ts := s.spendPay(seat, plans[i])
				st.Transcribed = true
				s.push(append(append(ts, s.transcribe(seat, p)...), s.triggered(seat, "transcribe")...)...)
			})
		}
	}
	return kept(out)
}

// buildIDs are the build actions' targets ("12": a trading post on plot
// 2) by building and plot, built once.
var buildIDs = func() (ids [numBuildings][10]string) {
	for b := range ids {
		for plot := range ids[b] {
			ids[b][plot] = strconv.Itoa(b) + strconv.Itoa(plot)
		}
	}
	return ids
}()

// buildID is the target of building b on plot.
func buildID(b, plot int) string {
	if plot < len(buildIDs[b]) {
		return buildIDs[b][plot]
	}
	return strconv.Itoa(b) + strconv.Itoa(plot)
}

// maxPlans bounds the plans payOptions lists: five with and five
// without dismissing.
const maxPlans = 10

// planIDs are the ids of the actions' options, "kind.target.plan", by
// "kind.target", built once for every target but the silver trade's:
// the lookahead lists the actions at every decision it tries.
var planIDs = func() map[string]*[maxPlans]string {
	ids := map[string]*[maxPlans]string{}
	add := func(kind, target string) {
		var plans [maxPlans]string
		for i := range plans {
			plans[i] = joinIDs(kind, target, strconv.Itoa(i))
		}
		ids[kind+"."+target] = &plans
	}
	for n := 1; n <= maxExchanges; n++ {
		add("trade", strconv.Itoa(n))
	}
	for b := range buildIDs {
		for _, target := range buildIDs[b] {
			add("build", target)
		}
	}
	for k := 1; k <= len(workerSteps); k++ {
		add("workers", strconv.Itoa(k))
	}
	add("script", "0")
	return ids
}()

// planID is the id of option plan of action kind at target.
func planID(kind, target string, plan int) string {
	if ids := planIDs[kind+"."+target]; ids != nil && plan < maxPlans {
		return ids[plan]
	}
	return joinIDs(kind, target, strconv.Itoa(plan))
}

// dismissedBy is the card plan p dismisses, or -1.
func (s *State) dismissedBy(seat int, p pay) int {
	if !p.Dismiss {
		return -1
	}
	card, _ := s.adjacentFolk(s.Seats[seat].Space / 3)
	return card
}

// adjacentFolk is the townsfolk a viscount at position p may dismiss:
// the top of the pile, or the card printed under an empty pile.
func (s *State) adjacentFolk(p int) (card int, printed bool) {
	if n := len(s.Folk[p]); n > 0 {
		return s.Folk[p][n-1], false
	}
	return s.c.Printed[s.seg(p).ID].Folk, true
}

// tradeText narrates n exchanges of kind trade: the option's words, but
// no "for your 💰 icons" (the narration is for everyone).
func tradeText(trade Trade, n int) games.Text {
	if trade == TradeSilver {
		return counted("vc.gain.silver", "n", n)
	}
	return counted("vc.opt.trade."+string(trade), "n", n)
}

// trade carries out n exchanges of kind trade.
func (s *State) trade(seat int, trade Trade, n int, pl pay) {
	ts := s.spendPay(seat, pl)
	st := s.Seats[seat]
	if !s.quiet {
		s.say("traded", "player", games.Player(seat), "what", tradeText(trade, n))
	}
	switch trade {
	case TradeSilver:
		st.Silver += n
	case TradeInk:
		st.Res[Ink] += n
	case TradeGold:
		st.Res[Gold] += n
	case TradeStone:
		st.Res[Stone] += n
	case TradeDestroy:
		ts = append(ts, Task{Seat: seat, Kind: "destroy", N: n})
	case TradeFlip:
		ts = append(ts, Task{Seat: seat, Kind: "flip", N: n})
	}
	s.push(append(ts, s.triggered(seat, "trade")...)...)
}

// bankPlots lists the free plots on the bank of an outer space.
func (s *State) bankPlots(space int) []int {
	p := space / 3
	side := s.side(p)
	lo, hi := 0, side.West
	if space%3 == slotRight {
		lo, hi = side.West, len(side.Plots)
	}
	var out []int
	for i := lo; i < hi; i++ {
		if s.Plots[p][i] < 0 {
			out = append(out, i)
		}
	}
	return out
}

// build places seat's building b on plot i at position p: the plot's
// reward, and every link whose other end holds a building pays both ends
// (once when both are the builder's).
func (s *State) build(seat, b, p, i int) {
	st := s.Seats[seat]
	st.Built[b]++
	s.Plots[p][i] = seat*numBuildings + b
	if !s.quiet {
		s.say("built", "player", games.Player(seat), "building", games.T("vc.building."+buildingNames[b]), "plot", s.plotLabel(p, i))
	}
	side := s.side(p)
	ts := s.effectTasks(seat, side.Plots[i].Reward)
	for _, l := range side.Links {
		other := -1
		switch i {
		case l.A:
			other = l.B
		case l.B:
			other = l.A
		default:
			continue
		}
		if s.Plots[p][other] < 0 {
			continue
		}
		owner := s.Plots[p][other] / numBuildings
		ts = append(ts, s.effectTasks(seat, l.Reward)...)
		if owner != seat {
			ts = append(ts, s.effectTasks(owner, l.Reward)...)
		}
	}
	s.push(ts...)
}

// freeBuildChoices offers the free plots for a free building.
func (s *State) freeBuildChoices(t Task) (games.Text, bool, []choice) {
	st := s.Seats[t.Seat]
	kinds := []int{}
	switch t.Kind {
	case "building":
		kinds = []int{Workshop, TradingPost, Guildhall}
	case "workshop":
		kinds = []int{Workshop}
	case "tradingpost":
		kinds = []int{TradingPost}
	case "guildhall":
		kinds = []int{Guildhall}
	}
	var out []choice
	for _, b := range kinds {
		if st.Built[b] >= 3 {
			continue
		}
		for p := range numSegments {
			if t.Where == "here" && p != st.Space/3 {
				continue
			}
			for i, owner := range s.Plots[p] {
				if owner >= 0 || (t.Where == "here" && !slices.Contains(s.bankPlots(st.Space), i)) {
					continue
				}
				label := games.T("vc.opt.build", "building", games.T("vc.building."+buildingNames[b]), "plot", s.plotLabel(p, i))
				out = append(out, choice{opt: opt(joinIDs("b", strconv.Itoa(b), strconv.Itoa(p), strconv.Itoa(i)), label,
					games.Step{ID: strconv.Itoa(p), Label: s.segName(p)}), fn: func() { s.build(t.Seat, b, p, i) }})
			}
		}
	}
	return games.T("vc.prompt.freebuild"), false, out
}
