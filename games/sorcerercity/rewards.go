package sorcerercity

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Tasks of the Influence & Buy phase.
const (
	taskFree        = "free"         // gain a market tile for free: N the price limit (0: any), Arg "d" with discounts, "r" from the rainbow vendor
	taskPickReward  = "pick-reward"  // choose any year's reward (Golden Ring, "any reward" spell)
	taskUnused      = "unused"       // use one of the rewards left out at setup, or not
	taskKill        = "kill"         // kill a visible monster in one's district
	taskGiveMonster = "give-monster" // give a visible monster to another seat
	taskVendorAll   = "vendor-all"   // choose the vendor everyone gains from
	taskTake        = "take"         // gain a tile from vendor N
	taskGiftOthers  = "gift-others"  // after the winner: every other seat gains a tile from vendor N, in turn order
	taskDestroyOwn  = "destroy-own"  // destroy a non-monster tile of one's own
	taskGiveTile    = "give-tile"    // give a market tile to another seat
	taskCash        = "cash"         // take N as Money or Prestige
	taskKillOther   = "kill-other"   // kill a monster in another seat's district
	taskEarly       = "early"        // pick a tile of one's deck to place before building
)

// Amounts the rewards and spells name.
const (
	rewardFreeCost  = 7
	killOtherGain   = 10
	monsterPrestige = 5
	purplePay       = 3
	rewardCheaper   = 2
	spellCheaper    = 2
	wandCheaper     = 1
	crownCheaper    = 3
	rewardTwoFree   = 2
	rewardKills     = 2
	rewardDiscards  = 4
	spellDiscards   = 2
	vendorAllTakes  = 2
	earlyTiles      = 2
	freeSixLimit    = 6
	freeTenLimit    = 10
	gemLimit        = 5
	anyCost         = 0
)

// cost is what seat pays for tile now: the rewards' halving and 2 less
// first, then the spells' and artifacts' discounts; at least 1.
func (s *State) cost(seat int, tile string) int {
	st := s.Seats[seat]
	c := s.c.Tile(tile).Cost
	for range st.Half {
		c = (c + 1) / 2
	}
	c -= rewardCheaper * st.Cheaper
	c -= spellCheaper * s.has(seat, "cheaper-2")
	c -= wandCheaper * s.has(seat, "wand")
	if s.c.Tile(tile).HasColour(Green) {
		c -= crownCheaper * s.has(seat, "crown")
	}
	return max(1, c)
}

// purplePays gives seat 3 Money per "purple buys pay" spell when it buys a
// tile with purple.
func (s *State) purplePays(seat int, tile string, out *games.Outcome) {
	if n := s.has(seat, "purple-buys-pay"); n > 0 && s.c.Tile(tile).HasColour(Purple) {
		s.Seats[seat].Annual.Add(Money, purplePay*n)
		out.Events = append(out.Events, games.T("sc.ev.purplepays", "player", games.Player(seat), "n", purplePay*n))
	}
}

// startBuying begins seat's buys after its prize: the buy-phase spells
// and artifacts add buys, free tiles and discards, the "gain this year's
// reward" spell gives the reward again, and the "unused reward" spell
// offers one of the rewards left out.
func (s *State) startBuying(seat int, out *games.Outcome) {
	st := s.Seats[seat]
	for range s.has(seat, "gain-reward") {
		s.gainReward(seat, out)
	}
	st.Buys += s.has(seat, "extra-buy") + s.has(seat, "wand")
	st.FreeDiscards += spellDiscards * s.has(seat, "free-discards")
	add := func(n int, t Task) { st.Tasks = append(st.Tasks, repeat(n, t)...) }
	add(s.has(seat, "free-tile-6"), Task{Kind: taskFree, N: freeSixLimit})
	add(s.has(seat, "free-tile-10"), Task{Kind: taskFree, N: freeTenLimit})
	add(s.has(seat, "gem"), Task{Kind: taskFree, N: gemLimit})
	add(s.has(seat, "free-rainbow"), Task{Kind: taskFree, Arg: "r"})
	add(s.has(seat, "unused-reward"), Task{Kind: taskUnused})
	s.settleAllBuyTasks()
}

// gainReward gives seat this year's influence reward, or lets it choose
// any year's with the Golden Ring or the "any reward" spell.
func (s *State) gainReward(seat int, out *games.Outcome) {
	if s.has(seat, "any-reward") > 0 {
		s.Seats[seat].Tasks = append(s.Seats[seat].Tasks, Task{Kind: taskPickReward})
		return
	}
	s.applyReward(seat, s.Rewards[s.Year], out)
}

// applyReward carries a reward's effect out for seat; what needs a choice
// becomes a task, of seat or of the others.
func (s *State) applyReward(seat int, id string, out *games.Outcome) {
	out.Events = append(out.Events, games.T("sc.ev.reward", "player", games.Player(seat), "reward", games.Ref("sc.reward."+id)))
	st := s.Seats[seat]
	add := func(n int, t Task) { st.Tasks = append(st.Tasks, repeat(n, t)...) }
	switch id {
	case "kill-two":
		add(rewardKills, Task{Kind: taskKill})
	case "two-free-up-to-7":
		add(rewardTwoFree, Task{Kind: taskFree, N: rewardFreeCost, Arg: "d"})
	case "free-any":
		add(1, Task{Kind: taskFree, N: anyCost})
	case "cheaper-and-buy":
		st.Cheaper++
		st.Buys++
	case "half-price":
		st.Half++
	case "rainbow":
		add(1, Task{Kind: taskFree, Arg: "r"})
	case "four-discards":
		st.FreeDiscards += rewardDiscards
	case "give-monster":
		add(1, Task{Kind: taskGiveMonster})
	case "prestige-per-monster":
		n := 0
		for _, c := range st.District.Cells {
			for _, pl := range c.Stack {
				if s.c.Tile(pl.Tile).Kind == MonsterTile {
					n++
				}
			}
		}
		st.Annual.Add(Prestige, monsterPrestige*n)
		out.Events = append(out.Events, games.Counted("sc.ev.monsterprestige", "monsters", "player", games.Player(seat), "n", monsterPrestige*n, "monsters", n))
	case "vendor-for-all":
		add(1, Task{Kind: taskVendorAll})
	case "others-destroy":
		for k := 1; k < len(s.Seats); k++ {
			other := s.Seats[(seat+k)%len(s.Seats)]
			other.Tasks = append(other.Tasks, Task{Kind: taskDestroyOwn})
		}
	case "give-tile":
		add(1, Task{Kind: taskGiveTile})
	case "two-early":
		st.Early += earlyTiles
	case "kill-other":
		add(1, Task{Kind: taskKillOther})
	}
}

// otherTaskSeat is the first seat, clockwise from the one buying, other
// than it, with a task (gifts and losses the buyer's reward gave others):
// they come first, in turn order.
func (s *State) otherTaskSeat() (int, bool) {
	if s.Turn >= len(s.Order) {
		return 0, false
	}
	cur := s.Order[s.Turn]
	for k := 1; k < len(s.Seats); k++ {
		i := (cur + k) % len(s.Seats)
		if len(s.Seats[i].Tasks) > 0 {
			return i, true
		}
	}
	return 0, false
}

// visibleMonsters are the cells of d whose top is a monster face up.
func (s *State) visibleMonsters(d *District) []Pos {
	var out []Pos
	for _, c := range d.Cells {
		top, _ := d.Top(c.At)
		if !top.FaceDown && s.c.Tile(top.Tile).Kind == MonsterTile {
			out = append(out, c.At)
		}
	}
	return out
}

// buyTaskChoices lists the answers to seat's first Influence & Buy task.
func (s *State) buyTaskChoices(seat int) []choice {
	st := s.Seats[seat]
	t := st.Tasks[0]
	var out []choice
	vendorStep := func(v int) games.Step {
		if v == RainbowVendor-1 {
			return games.Step{ID: "v5", Label: s.label(func() games.Text { return games.T("sc.vendor.rainbow") })}
		}
		return games.Step{ID: "v" + strconv.Itoa(v+1), Label: s.label(func() games.Text { return games.T("sc.vendor", "n", v+1) })}
	}
	market := func(prefix string, ok func(tile string) bool, rainbow bool) {
		for v := range Vendors {
			for k, id := range s.Market.Up[v] {
				if ok(id) {
					out = append(out, choice{id: prefix + ":" + slotID(v, k), label: s.slotText(v, k), path: []games.Step{vendorStep(v)}})
				}
			}
		}
		if rainbow && s.Market.Rainbow > 0 && ok("rainbow") {
			out = append(out, choice{id: prefix + ":r", label: s.label(func() games.Text { return tileText(s.c, "rainbow") }), path: []games.Step{vendorStep(RainbowVendor - 1)}})
		}
	}
	others := func(each func(p int)) {
		for k := 1; k < len(s.Seats); k++ {
			each((seat + k) % len(s.Seats))
		}
	}
	switch t.Kind {
	case taskFree:
		switch {
		case t.Arg == "r":
			if s.Market.Rainbow > 0 {
				out = append(out, choice{id: "free:r", label: tileText(s.c, "rainbow")})
			}
		default:
			market("free", func(id string) bool {
				c := s.c.Tile(id).Cost
				if t.Arg == "d" {
					c = s.cost(seat, id)
				}
				return t.N == anyCost || c <= t.N
			}, false)
		}
	case taskPickReward:
		for y := 1; y < Years; y++ {
			id := s.Rewards[y]
			out = append(out, choice{id: "reward:" + id, label: games.T("sc.opt.yearreward", "year", y, "reward", games.Ref("sc.reward."+id))})
		}
	case taskUnused:
		for _, id := range s.Unused {
			out = append(out, choice{id: "unused:" + id, label: games.T("sc.opt.reward", "reward", games.Ref("sc.reward."+id))})
		}
		if len(out) > 0 {
			out = append(out, choice{id: "skip", label: games.T("sc.opt.skip")})
		}
	case taskKill:
		for _, p := range s.visibleMonsters(&st.District) {
			out = append(out, choice{id: "rm:" + p.String(), label: s.cellLabel(&st.District, p)})
		}
	case taskGiveMonster:
		for _, p := range s.visibleMonsters(&st.District) {
			if len(s.Seats) == 1 { // solo: the monster is discarded instead
				out = append(out, choice{id: "rm:" + p.String(), label: s.cellLabel(&st.District, p)})
				continue
			}
			cell := games.Step{ID: p.String(), Label: s.cellLabel(&st.District, p)}
			others(func(o int) {
				out = append(out, choice{id: fmt.Sprintf("give:%s:%d", p, o), label: games.T("sc.opt.to.player", "player", games.Player(o)), path: []games.Step{cell}})
			})
		}
	case taskVendorAll:
		for v := range Vendors {
			if len(s.Market.Up[v]) > 0 {
				out = append(out, choice{id: fmt.Sprintf("vendor:%d", v+1), label: games.T("sc.vendor", "n", v+1)})
			}
		}
		if s.Market.Rainbow > 0 {
			out = append(out, choice{id: "vendor:5", label: games.T("sc.vendor.rainbow")})
		}
	case taskTake:
		if t.N == RainbowVendor {
			if s.Market.Rainbow > 0 {
				out = append(out, choice{id: "take:r", label: tileText(s.c, "rainbow")})
			}
			break
		}
		for k := range s.Market.Up[t.N-1] {
			out = append(out, choice{id: fmt.Sprintf("take:%d:%d", t.N, k), label: s.slotText(t.N-1, k)})
		}
	case taskDestroyOwn:
		seen := map[string]bool{}
		for _, id := range s.owned(seat) {
			if !seen[id] && s.c.Tile(id).Kind != MonsterTile {
				seen[id] = true
				out = append(out, choice{id: "destroy:" + id, label: tileText(s.c, id)})
			}
		}
		slices.SortFunc(out, func(a, b choice) int { return strings.Compare(a.id, b.id) })
	case taskGiveTile:
		market("gift", func(string) bool { return true }, false)
		if len(s.Seats) > 1 {
			var withPlayers []choice
			for _, c := range out {
				tile := games.Step{ID: strings.TrimPrefix(c.id, "gift:"), Label: c.label}
				others(func(o int) {
					withPlayers = append(withPlayers, choice{id: fmt.Sprintf("%s:%d", c.id, o), label: games.T("sc.opt.to.player", "player", games.Player(o)),
						path: append(slices.Clone(c.path), tile)})
				})
			}
			out = withPlayers
		}
	case taskCash:
		out = []choice{
			{id: "cash:money", label: games.T("sc.opt.money", "n", t.N)},
			{id: "cash:prestige", label: games.T("sc.opt.prestige", "n", t.N)},
		}
	case taskKillOther:
		others(func(o int) {
			who := games.Step{ID: "p" + strconv.Itoa(o), Label: games.T("sc.opt.district", "player", games.Player(o))}
			for _, p := range s.visibleMonsters(&s.Seats[o].District) {
				out = append(out, choice{id: fmt.Sprintf("kill:%d:%s", o, p), label: s.cellLabel(&s.Seats[o].District, p), path: []games.Step{who}})
			}
		})
	case taskEarly:
		seen := map[string]bool{}
		for _, id := range st.Deck {
			if !seen[id] {
				seen[id] = true
				out = append(out, choice{id: "early:" + id, label: tileText(s.c, id)})
			}
		}
		slices.SortFunc(out, func(a, b choice) int { return strings.Compare(a.id, b.id) })
	}
	return out
}

// owned lists every tile seat has: its district, deck and the tiles beside.
func (s *State) owned(seat int) []string {
	st := s.Seats[seat]
	out := slices.Concat(st.Deck, st.Out)
	for _, c := range st.District.Cells {
		for _, pl := range c.Stack {
			out = append(out, pl.Tile)
		}
	}
	if st.Drawn != "" {
		out = append(out, st.Drawn)
	}
	return out
}

// settleBuyTasks carries out seat's tasks that need no choice (the
// others' turn at the vendor after the winner's) and skips those without
// an answer.
func (s *State) settleBuyTasks(seat int) {
	st := s.Seats[seat]
	for len(st.Tasks) > 0 {
		if t := st.Tasks[0]; t.Kind == taskGiftOthers {
			st.Tasks = st.Tasks[1:]
			for k := 1; k < len(s.Seats); k++ {
				o := (seat + k) % len(s.Seats)
				s.Seats[o].Tasks = append(s.Seats[o].Tasks, Task{Kind: taskTake, N: t.N})
			}
			continue
		}
		if len(s.buyTaskChoices(seat)) > 0 {
			return
		}
		st.Tasks = st.Tasks[1:]
	}
}

// takeMarket removes the tile at vendor v (0-based; Vendors is the
// rainbow vendor) slot k with the monster guarding it (solo), and turns up
// the next, reporting whether one was revealed.
func (s *State) takeMarket(v, k int) (id, guard string, revealed bool) {
	m := &s.Market
	if k < len(m.Guards[v]) {
		guard = m.Guards[v][k]
		m.Guards[v] = slices.Delete(m.Guards[v], k, k+1)
	}
	if v == RainbowVendor-1 {
		m.Rainbow--
		if m.Guards[v] != nil && m.Rainbow > 0 {
			m.Guards[v] = append(m.Guards[v], "") // the next rainbow tile shows, unguarded
		}
		return "rainbow", guard, false
	}
	id = m.Up[v][k]
	m.Up[v] = slices.Delete(m.Up[v], k, k+1)
	before := len(m.Up[v])
	s.refill(v)
	return id, guard, len(m.Up[v]) > before
}

// discardMarket puts the tile at vendor v slot k under its deck; a monster
// guarding it is destroyed.
func (s *State) discardMarket(v, k int, out *games.Outcome) bool {
	id, guard, revealed := s.takeMarket(v, k)
	s.Market.Decks[v] = slices.Insert(s.Market.Decks[v], 0, id)
	if guard != "" {
		s.Gone = append(s.Gone, guard)
		out.Events = append(out.Events, games.T("sc.ev.guardgone", "tile", guardText(s.c, guard)))
	}
	return revealed
}

// marketTile is the tile at vendor v (0-based; Vendors is the rainbow
// vendor) slot k.
func (s *State) marketTile(v, k int) string {
	if v == RainbowVendor-1 {
		return "rainbow"
	}
	return s.Market.Up[v][k]
}

// parseMarket reads "v:k" (1-based vendor) or "r" into a 0-based vendor
// and a slot.
func (s *State) parseMarket(rest string) (v, k int, ok bool) {
	if rest == "r" {
		return RainbowVendor - 1, 0, s.Market.Rainbow > 0
	}
	v, k, ok = parseSlot(rest)
	return v, k, ok && k < len(s.Market.Up[v])
}

// doBuyTask carries out move, one of the answers to seat's first task.
func (s *State) doBuyTask(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	var out games.Outcome
	legal := slices.ContainsFunc(s.buyTaskChoices(seat), func(c choice) bool { return c.id == move })
	if !legal {
		return out, games.Errorf("sc.err.illegal")
	}
	t := st.Tasks[0]
	st.Tasks = st.Tasks[1:]
	who := games.Player(seat)
	kind, rest, _ := strings.Cut(move, ":")
	gain := func(to int, v, k int) {
		id, guard, revealed := s.takeMarket(v, k)
		out.Revealed = out.Revealed || revealed
		s.Seats[to].Out = append(s.Seats[to].Out, id)
		out.Events = append(out.Events, games.T("sc.ev.gained", "player", games.Player(to), "tile", tileText(s.c, id)))
		s.gainGuard(to, guard, &out)
	}
	switch kind {
	case "free", "take":
		v, k, _ := s.parseMarket(rest)
		gain(seat, v, k)
	case "reward", "unused":
		if kind == "unused" {
			s.Unused = slices.DeleteFunc(s.Unused, func(id string) bool { return id == rest })
		}
		s.applyReward(seat, rest, &out)
	case "skip":
	case "rm":
		at, _, _ := parseAt(rest)
		pl, _ := st.District.Lift(at)
		if t.Kind == taskGiveMonster { // solo: discarded
			st.Out = append(st.Out, pl.Tile)
			out.Events = append(out.Events, games.T("sc.ev.discard", "player", who, "tile", tileText(s.c, pl.Tile)))
		} else {
			s.Gone = append(s.Gone, pl.Tile)
			out.Events = append(out.Events, games.T("sc.ev.killed", "player", who, "tile", tileText(s.c, pl.Tile)))
		}
	case "give":
		xy, o, _ := strings.Cut(rest, ":")
		at, _, _ := parseAt(xy)
		to, _ := strconv.Atoi(o)
		pl, _ := st.District.Lift(at)
		s.Seats[to].Out = append(s.Seats[to].Out, pl.Tile)
		out.Events = append(out.Events, games.T("sc.ev.gave", "player", who, "tile", tileText(s.c, pl.Tile), "to", games.Player(to)))
	case "vendor":
		v, _ := strconv.Atoi(rest)
		next := append(repeat(vendorAllTakes, Task{Kind: taskTake, N: v}), Task{Kind: taskGiftOthers, N: v})
		st.Tasks = append(next, st.Tasks...)
	case "destroy":
		s.destroyOwned(seat, rest)
		out.Events = append(out.Events, games.T("sc.ev.destroyed", "player", who, "tile", tileText(s.c, rest)))
	case "gift":
		parts := strings.Split(rest, ":")
		v, k, _ := s.parseMarket(parts[0] + ":" + parts[1])
		cost := s.c.Tile(s.marketTile(v, k)).Cost
		if len(parts) == 3 {
			to, _ := strconv.Atoi(parts[2])
			gain(to, v, k)
		} else { // solo: the tile is discarded under its vendor's deck, a monster on it too
			out.Events = append(out.Events, games.T("sc.ev.discarded", "player", who, "tile", tileText(s.c, s.Market.Up[v][k])))
			out.Revealed = s.discardMarket(v, k, &out) || out.Revealed
		}
		st.Tasks = append([]Task{{Kind: taskCash, N: cost}}, st.Tasks...)
	case "cash":
		r := Money
		if rest == "prestige" {
			r = Prestige
		}
		st.Annual.Add(r, t.N)
		out.Events = append(out.Events, games.T("sc.ev.cash", "player", who, "n", t.N, "what", games.Ref("sc.res."+r.String())))
	case "kill":
		o, xy, _ := strings.Cut(rest, ":")
		other, _ := strconv.Atoi(o)
		at, _, _ := parseAt(xy)
		pl, _ := s.Seats[other].District.Lift(at)
		s.Gone = append(s.Gone, pl.Tile)
		out.Events = append(out.Events, games.T("sc.ev.killedat", "player", who, "tile", tileText(s.c, pl.Tile), "owner", games.Player(other)))
		st.Tasks = append([]Task{{Kind: taskCash, N: killOtherGain}}, st.Tasks...)
	default:
		return out, games.Errorf("sc.err.illegal")
	}
	s.settleAllBuyTasks()
	return out, nil
}

// settleAllBuyTasks settles every seat's tasks until none changes: one
// seat's settling may give others tasks.
func (s *State) settleAllBuyTasks() {
	for changed := true; changed; {
		changed = false
		for i, st := range s.Seats {
			before := len(st.Tasks)
			s.settleBuyTasks(i)
			changed = changed || len(st.Tasks) != before
		}
	}
}

// destroyOwned removes one tile id of seat's for good: from the deck or
// the tiles beside the district first, else from the district.
func (s *State) destroyOwned(seat int, id string) {
	st := s.Seats[seat]
	if st.take(id) {
		s.Gone = append(s.Gone, id)
	}
}

// take removes one tile id the seat owns, reporting whether it had one.
func (st *Seat) take(id string) bool {
	if i := slices.Index(st.Deck, id); i >= 0 {
		st.Deck = slices.Delete(st.Deck, i, i+1)
		return true
	}
	if i := slices.Index(st.Out, id); i >= 0 {
		st.Out = slices.Delete(st.Out, i, i+1)
		return true
	}
	for k := range st.District.Cells {
		c := &st.District.Cells[k]
		if i := slices.IndexFunc(c.Stack, func(pl Placed) bool { return pl.Tile == id }); i >= 0 {
			c.Stack = slices.Delete(c.Stack, i, i+1)
			if len(c.Stack) == 0 {
				st.District.Cells = slices.Delete(st.District.Cells, k, k+1)
			}
			return true
		}
	}
	return false
}
