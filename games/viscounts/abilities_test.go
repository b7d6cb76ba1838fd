package viscounts

import (
	"slices"
	"strings"
	"testing"
)

// Every townsfolk ability, triggered the way the game triggers it, on a
// position where it can act (goods, debts and deeds to flip, a worker on
// the first tier, cards in hand, draw and discard piles, two more cards on
// the board), resolved by answering every question with its first real
// answer (or each alternative in turn): it must settle, keep the
// invariants and narrate at least one effect.

// effectKeys are the narrations of an effect taking place.
var effectKeys = map[string]bool{
	"gained": true, "discarded": true, "destroyed": true, "rearranged": true, "drew": true,
	"shuffled.virtue": true, "shuffled.corrupt": true, "flippeddebt": true, "flippeddeed": true,
	"castlemoved": true, "workers": true, "built": true, "transcribed": true, "hired": true,
}

// abilityTable prepares the position; the tested card is not placed yet.
func abilityTable(t *testing.T) *State {
	t.Helper()
	s := table(t, 3)
	st := s.Seats[0]
	st.Space, st.Silver = space(2, slotInner), 10
	st.Res = [numResources]int{2, 2, 2}
	st.Debts, st.Deeds = 2, 2
	s.Tiers[0][0] = []int{0}
	st.Workers--
	st.Draw = append(st.Draw, st.Hand...)
	st.Hand = nil
	toHand(t, s, 0, "abbot", "squire")
	toDiscard(t, s, 0, "labourer")
	return s
}

// settle answers questions until stop says so or nothing is left; alt
// picks the alternative at the first choice between alternatives. It
// returns the narration keys (without "vc.ev.") since s.events was last
// cleared.
func settle(t *testing.T, s *State, alt string, stop func(Task) bool) []string {
	t.Helper()
	var keys []string
	collect := func() {
		for _, e := range s.events {
			keys = append(keys, strings.TrimPrefix(e.Key, "vc.ev."))
		}
	}
	collect()
	for range 200 {
		if len(s.Tasks) == 0 || stop(s.Tasks[0]) {
			return keys
		}
		id := ""
		if s.Tasks[0].Kind == "alt" && alt != "" {
			id, alt = alt, ""
		} else {
			for _, o := range ids(s) {
				if o != "skip" && o != "keep" {
					id = o
					break
				}
			}
		}
		answer(t, s, id)
		collect()
	}
	t.Fatalf("not settled after 200 answers: %s %v", s.Tasks[0].Kind, ids(s))
	return nil
}

func countEffects(keys []string) int {
	n := 0
	for _, k := range keys {
		if effectKeys[k] {
			n++
		}
	}
	return n
}

// alternatives lists the alt answers of e: "" for a plain effect.
func alternatives(e Effect) []string {
	if len(e) < 2 {
		return []string{""}
	}
	var out []string
	for i := range e {
		out = append(out, "a"+itoa(i))
	}
	return out
}

func TestEveryTownsfolkAbilityResolves(t *testing.T) {
	c := New().c
	never := func(Task) bool { return false }
	tested := 0
	for _, f := range c.Townsfolk {
		type trigger struct {
			name   string
			effect Effect
			run    func(t *testing.T, s *State, alt string) []string
			// baseline is how many effect narrations the trigger makes
			// by itself (a criminal's corruption on play).
			baseline int
		}
		var triggers []trigger
		if len(f.Play) > 0 {
			base := 0
			if f.Icons[Criminal] > 0 {
				base = 1
			}
			triggers = append(triggers, trigger{"play", f.Play, func(t *testing.T, s *State, alt string) []string {
				toBoard(t, s, 0, "", "lender", "trader")
				toHand(t, s, 0, f.ID)
				s.events = nil
				do(s, Task{Seat: 0, Kind: "play"})
				answer(t, s, "c"+itoa(card(t, s, f.ID)))
				return settle(t, s, alt, never)
			}, base})
		}
		if len(f.DropOff) > 0 {
			triggers = append(triggers, trigger{"dropoff", f.DropOff, func(t *testing.T, s *State, alt string) []string {
				toBoard(t, s, 0, "lender", "trader", f.ID)
				s.events = nil
				do(s, Task{Seat: 0, Kind: "turn"})
				keys := settle(t, s, alt, func(t Task) bool { return t.Kind == "play" })
				if s.Seats[0].Board[2] >= 0 && s.Seats[0].Board[2] == card(t, s, f.ID) {
					t.Errorf("%s still on the board", f.ID)
				}
				return keys
			}, 0})
		}
		if f.Kind == "printed" {
			// Printed under a pile: dismissed when the pile is empty, never hired.
			triggers = append(triggers, trigger{"dismiss", f.Hire, func(t *testing.T, s *State, alt string) []string {
				p := segPos(t, s, strings.TrimPrefix(f.ID, "printed-"))
				st := s.Seats[0]
				st.Space = space(p, slotInner)
				s.Gone = append(s.Gone, s.Folk[p]...)
				s.Folk[p] = nil
				s.events = nil
				do(s, s.spendPay(0, pay{Silver: f.Cost, Dismiss: true})...)
				return settle(t, s, alt, never)
			}, 0})
		} else if len(f.Hire) > 0 {
			triggers = append(triggers, trigger{"hire", f.Hire, func(t *testing.T, s *State, alt string) []string {
				toBoard(t, s, 0, "lender", "trader")
				toFolk(t, s, 2, f.ID)
				s.events = nil
				do(s, Task{Seat: 0, Kind: "recruit"})
				answer(t, s, "hire")
				keys := settle(t, s, alt, never)
				return slices.DeleteFunc(keys, func(k string) bool { return k == "hired" })
			}, 0})
		}
		if f.Trigger != "" {
			triggers = append(triggers, trigger{"on " + f.Trigger, f.Ongoing, func(t *testing.T, s *State, alt string) []string {
				toBoard(t, s, 0, f.ID, "lender", "trader")
				ts := s.triggered(0, f.Trigger)
				if len(ts) == 0 {
					t.Fatalf("%s does not react to %s", f.ID, f.Trigger)
				}
				s.events = nil
				do(s, ts...)
				return settle(t, s, alt, never)
			}, 0})
		}
		for _, tr := range triggers {
			for _, alt := range alternatives(tr.effect) {
				tested++
				t.Run(f.ID+"/"+tr.name+"/"+alt, func(t *testing.T) {
					s := abilityTable(t)
					keys := tr.run(t, s, alt)
					if n := countEffects(keys); n <= tr.baseline {
						t.Errorf("%s (%s): no effect narrated: %v", tr.effect, tr.name, keys)
					}
					if err := s.Check(); err != nil {
						t.Error(err)
					}
				})
			}
		}
		for i, cv := range f.Convert {
			tested++
			t.Run(f.ID+"/convert/"+itoa(i), func(t *testing.T) {
				checkConversion(t, f.ID, cv)
			})
		}
	}
	if tested < len(c.Townsfolk)-2 {
		t.Errorf("only %d abilities tested for %d townsfolk", tested, len(c.Townsfolk))
	}
	// Cards with no ability at all: the starters Abbot, Labourer, Squire.
	for _, f := range c.Townsfolk {
		none := len(f.Play)+len(f.DropOff)+len(f.Hire)+len(f.Convert) == 0 && f.Trigger == ""
		if none != slices.Contains([]string{"abbot", "labourer", "squire"}, f.ID) {
			t.Errorf("%s: no ability %v", f.ID, none)
		}
	}
}

// checkConversion: with the card on an otherwise empty board a conversion
// funds icons that the same goods do not fund without it.
func checkConversion(t *testing.T, id string, cv Conversion) {
	s := table(t, 3)
	st := s.Seats[0]
	toBoard(t, s, 0, id)
	if cv.From == "merchant" {
		with := s.freeIcons(0, cv.To, -1)
		st.Board[0] = -1
		s.Seats[0].Discard = append(s.Seats[0].Discard, card(t, s, id))
		without := s.freeIcons(0, cv.To, -1)
		if want := s.folk(card(t, s, id)).Icons[Merchant] / cv.Per * cv.Gain; with-without != want {
			t.Errorf("%s: %d %s icons with it, %d without; want %d more", id, with, cv.To, without, want)
		}
		return
	}
	switch cv.From {
	case "silver":
		st.Silver = cv.Per
	case "ink":
		st.Res[Ink] = cv.Per
	case "gold":
		st.Res[Gold] = cv.Per
	case "stone":
		st.Res[Stone] = cv.Per
	}
	// Without the conversion one unit of the icon's own resource funds 1
	// icon; ask for what the conversion gives, more than the goods fund
	// without it.
	need := s.freeIcons(0, cv.To, -1) + cv.Gain
	if primaryRes[cv.To] == cv.From && cv.Gain <= cv.Per {
		t.Fatalf("%s: the conversion is no better than paying %s", id, cv.From)
	}
	if len(s.plans(0, cv.To, need, -1, 0)) == 0 {
		t.Errorf("%s: %d %s do not fund %d %s icons", id, cv.Per, cv.From, need, cv.To)
	}
	st.Board[0] = -1
	st.Discard = append(st.Discard, card(t, s, id))
	if len(s.plans(0, cv.To, need, -1, 0)) != 0 {
		t.Errorf("%s: without the card %d %s still fund %d %s icons", id, cv.Per, cv.From, need, cv.To)
	}
}

// Artist, Sculptor, Priest: one resource counts as 2 icons, once an
// action: 2 of it make 3 icons, not 4.
func TestConversionsOnce(t *testing.T) {
	for _, c := range []struct {
		id   string
		icon Icon
		res  int
	}{{"artist", Noble, Gold}, {"sculptor", Builder, Stone}, {"priest", Cleric, Ink}} {
		s := table(t, 3)
		st := s.Seats[0]
		toBoard(t, s, 0, c.id) // 1 icon of its own
		st.Res[c.res] = 2
		if got := s.plans(0, c.icon, 5, -1, 0); len(got) != 0 {
			t.Errorf("%s: 2 %s fund 5 %s icons: %+v", c.id, resourceNames[c.res], c.icon, got)
		}
		st.Res[c.res] = 3
		var want pay
		want.Res[c.res] = 3
		if got := s.plans(0, c.icon, 5, -1, 0); !slices.Equal(got, []pay{want}) {
			t.Errorf("%s: 5 %s icons with 3 %s: %+v, want all 3 spent", c.id, c.icon, resourceNames[c.res], got)
		}
	}
}

// Clergyman, Diplomat, Mason: each 2 silver count as 1 icon.
func TestConversionsPerTwoSilver(t *testing.T) {
	for _, c := range []struct {
		id   string
		icon Icon
	}{{"clergyman", Cleric}, {"diplomat", Noble}, {"mason", Builder}} {
		s := table(t, 3)
		st := s.Seats[0]
		toBoard(t, s, 0, c.id) // 1 icon of its own
		st.Silver = 3
		if got := s.plans(0, c.icon, 3, -1, 0); len(got) != 0 {
			t.Errorf("%s: 3 silver fund 2 %s icons: %+v", c.id, c.icon, got)
		}
		st.Silver = 4
		if got := s.plans(0, c.icon, 3, -1, 0); !slices.Equal(got, []pay{{Silver: 4}}) {
			t.Errorf("%s: 2 %s icons with 4 silver: %+v, want 4 silver", c.id, c.icon, got)
		}
	}
}

// Benefactor, Strongman, Traveller: each 2 merchant icons count as 1
// icon, the merchant icons of a card dismissed for the action included
// (the source's NOTE #1); criminals are not merchants.
func TestConversionsPerTwoMerchants(t *testing.T) {
	for _, c := range []struct {
		id, dismiss string
		icon        Icon
		// pair is what each 2 merchant icons count as: 2 noble icons for
		// the Benefactor (the rulebook's castle example), 1 cleric icon
		// for the Traveller (the rulebook's card layout), 1 builder icon
		// for the Strongman (the card list).
		pair int
	}{{"benefactor", "aristocrat", Noble, 2}, {"strongman", "mason", Builder, 1}, {"traveller", "clergyman", Cleric, 1}} {
		s := table(t, 3)
		st := s.Seats[0]
		toBoard(t, s, 0, c.id, "trader") // 2 + 1 merchant icons
		if got := s.freeIcons(0, c.icon, -1); got != c.pair {
			t.Errorf("%s with 3 merchant icons: %d %s icons, want %d", c.id, got, c.icon, c.pair)
		}
		d := card(t, s, c.dismiss) // 1 merchant and 1 of the action's icon
		if got := s.freeIcons(0, c.icon, d); got != 2*c.pair+1 {
			t.Errorf("%s dismissing the %s: %d %s icons, want %d (4 merchants make 2 pairs, and its own)", c.id, c.dismiss, got, c.icon, 2*c.pair+1)
		}
		// The same through the action's plans: the dismissal alone pays
		// for 3 icons (2 pairs of merchants and the card's own icon).
		p := 2
		st.Space, st.Silver = space(p, slotInner), s.folk(d).Cost
		if c.icon == Builder {
			st.Space = space(p, slotLeft)
		}
		toFolk(t, s, p, c.dismiss)
		if got := s.payOptions(0, c.icon, 3); !slices.Contains(got, pay{Silver: s.folk(d).Cost, Dismiss: true}) {
			t.Errorf("%s: ways to fund 3 %s icons %+v, want the dismissal alone", c.id, c.icon, got)
		}
		toBoard(t, s, 0, "", "thief", "conspirator")
		if got := s.freeIcons(0, c.icon, -1); got != c.pair+2 {
			t.Errorf("%s with two criminals instead of the Trader: %d %s icons, want %d (1 pair of merchants, 2 wild criminals that are no merchants)", c.id, got, c.icon, c.pair+2)
		}
	}
}

// Emma: Stone and Gold count as cleric icons.
func TestEmmaStoneAndGoldAsClerics(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	toBoard(t, s, 0, "emma")
	st.Res = [numResources]int{1, 1, 1}
	if got := s.plans(0, Cleric, 4, -1, 0); !slices.Equal(got, []pay{{Res: [numResources]int{1, 1, 1}}}) {
		t.Errorf("4 cleric icons with Emma, 1 ink, 1 gold, 1 stone: %+v", got)
	}
	st.Board[0] = -1
	st.Discard = append(st.Discard, card(t, s, "emma"))
	if got := s.plans(0, Cleric, 2, -1, 0); len(got) != 0 {
		t.Errorf("without Emma, 1 ink, 1 gold and 1 stone fund 2 cleric icons: %+v", got)
	}
}

// A card reacting to a primary action does so after that action, for its
// owner only.
func TestActionTriggers(t *testing.T) {
	last := 7
	for _, c := range []struct {
		name  string
		board []string
		setup func(s *State, st *Seat)
		act   string
		check func(st *Seat) bool
	}{
		{"trade: Jeweller's Virtue", []string{"jeweller"}, func(s *State, st *Seat) {
			st.Space = tradeSpace(t, s, TradeSilver)
		}, "trade.s2.0", func(st *Seat) bool { return st.Silver == 2 && st.Virtue == last-1 }},
		{"build: Woodcutter's Virtue", []string{"woodcutter-virtue"}, func(s *State, st *Seat) {
			st.Space, st.Res[Stone] = space(segPos(t, s, "market"), slotLeft), 2
		}, "build.00.0", func(st *Seat) bool { return st.Built[Workshop] == 1 && st.Virtue == last-1 }},
		{"build: Charlatan's Corruption", []string{"charlatan"}, func(s *State, st *Seat) {
			st.Space, st.Res[Stone] = space(segPos(t, s, "market"), slotLeft), 1
		}, "build.00.0", func(st *Seat) bool { return st.Built[Workshop] == 1 && st.Corruption == 1 }},
		{"noble: Enforcer's Corruption", []string{"enforcer"}, func(s *State, st *Seat) {
			st.Space, st.Res[Gold] = space(1, slotInner), 1
		}, "workers.2.0", func(st *Seat) bool { return st.Workers == 18 && st.Corruption == 1 }},
		{"transcribe: Bishop's Corruption", []string{"bishop"}, func(s *State, st *Seat) {
			st.Space, st.Res[Ink] = space(1, slotInner), 9
		}, "script.0.0", func(st *Seat) bool { return len(st.Scripts) == 1 && st.Corruption == 1 }},
		{"transcribe: Deacon's Virtue", []string{"deacon-virtue"}, func(s *State, st *Seat) {
			st.Space, st.Res[Ink] = space(1, slotInner), 9
		}, "script.0.0", func(st *Seat) bool { return len(st.Scripts) == 1 && st.Virtue == last-1 }},
	} {
		s := table(t, 3)
		if len(s.c.Track.Own)-1 != last {
			t.Fatalf("track length changed")
		}
		st := s.Seats[0]
		toBoard(t, s, 0, c.board...)
		c.setup(s, st)
		toFolk(t, s, st.Space/3, "squire")
		// Another seat's Trader does not react to Red's trade.
		toBoard(t, s, 1, "trader")
		do(s, Task{Seat: 0, Kind: "action"})
		answer(t, s, c.act)
		settled(t, s)
		if !c.check(st) {
			t.Errorf("%s: silver %d, markers %d/%d, built %v, workers %d, scripts %v", c.name, st.Silver, st.Corruption, st.Virtue, st.Built, st.Workers, st.Scripts)
		}
		if o := s.Seats[1]; o.Corruption != 0 || o.Virtue != last || o.Silver != 0 {
			t.Errorf("%s: another seat reacted: %+v", c.name, o)
		}
	}
}

// Collision cards react to any player's collision, in turn order from the
// current player, before the markers' rewards.
func TestCollisionTriggerAnyPlayer(t *testing.T) {
	s := table(t, 3)
	last := len(s.c.Track.Own) - 1
	s.Current = 1
	cur := s.Seats[1]
	cur.Corruption, cur.Virtue = 2, 2 // deed + resource for Blue; nothing for the others
	toBoard(t, s, 1, "peddler-silver")
	toBoard(t, s, 2, "peddler-ink")
	toBoard(t, s, 0, "ada", "peddler-gold")
	do(s, Task{Seat: 1, Kind: "collision"})
	// Blue's Peddler (2 silver) and the third seat's (ink) resolve alone;
	// then Red's board left to right: Ada asks for a resource, then the
	// Peddler's gold; then Blue's reward.
	asked(t, s, 0, "resource")
	if cur.Silver != 2 || s.Seats[2].Res[Ink] != 1 || s.Seats[0].Res[Gold] != 0 || cur.Deeds != 0 {
		t.Errorf("before Ada's resource: Blue's silver %d, deeds %d; third's ink %d; Red's gold %d", cur.Silver, cur.Deeds, s.Seats[2].Res[Ink], s.Seats[0].Res[Gold])
	}
	answer(t, s, "r2")
	asked(t, s, 1, "resource")
	answer(t, s, "r0")
	settled(t, s)
	red := s.Seats[0]
	if red.Res[Stone] != 1 || red.Res[Gold] != 1 || red.Virtue != last-1 || cur.Deeds != 1 || cur.Res[Ink] != 1 {
		t.Errorf("Red: stone %d, gold %d, virtue marker %d; Blue: deeds %d, ink %d", red.Res[Stone], red.Res[Gold], red.Virtue, cur.Deeds, cur.Res[Ink])
	}
	if red.Corruption != 0 || s.Seats[2].Virtue != last {
		t.Errorf("others' reward on space 2 is none: Red %d/%d, third %d", red.Corruption, red.Virtue, s.Seats[2].Virtue)
	}
}

// Racketeers react to their owner gaining a Debt; Debt Collectors to
// paying one (not to approving a Deed).
func TestDebtTriggers(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	toBoard(t, s, 0, "racketeer-rearrange-discard", "debt-collector-resource")
	toBoard(t, s, 1, "racketeer-destroy-discard")
	do(s, Task{Seat: 0, Kind: "debt"})
	asked(t, s, 0, "alt")
	answer(t, s, "a1")
	asked(t, s, 0, "discard")
	answer(t, s, "skip")
	settled(t, s)
	do(s, Task{Seat: 0, Kind: "flipdeed"})
	settled(t, s)
	if st.Approved != 0 {
		t.Fatalf("approved a Deed with none")
	}
	st.Deeds = 1
	do(s, Task{Seat: 0, Kind: "flipdeed"})
	settled(t, s)
	do(s, Task{Seat: 0, Kind: "flipdebt"})
	asked(t, s, 0, "resource") // the flip's own
	answer(t, s, "r0")
	asked(t, s, 0, "resource") // the Debt Collector's
	answer(t, s, "r1")
	settled(t, s)
	if st.Res != [numResources]int{1, 1, 0} || st.PaidDebts != 1 || st.Approved != 1 {
		t.Errorf("resources %v, paid %d, approved %d", st.Res, st.PaidDebts, st.Approved)
	}
	// Blue's Racketeer does not react to Red's Debt.
	do(s, Task{Seat: 0, Kind: "debt"})
	asked(t, s, 0, "alt")
}
