package sorcerercity

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// The solo game's stage and numbers.
const (
	stageGuard = "guard" // the solo seat lays the year's other monsters on market tiles
	taskGuard  = "guard" // lay monster Arg on a market tile
	soloGuards = 5
	// expertDraws is how many monsters a year brings in the expert
	// variant: one into the deck, five onto the market.
	expertDraws = 6
)

// Solo ranks by final Prestige: up to the bound, the title.
var soloRanks = []struct {
	upTo int
	key  string
}{{50, "junior"}, {100, "veteran"}, {150, "head"}, {-1, "legendary"}}

// guardText names a guard: a monster, or a Skeleton pair.
func guardText(c *Components, g string) games.Text {
	ids := strings.Split(g, "+")
	if t := c.Tile(ids[0]); len(ids) == 2 {
		return games.T("sc.pair", "look", looks(t), "monsters", games.Ref("sc.monsters."+t.Beast))
	}
	return tileText(c, g)
}

// guardColours are the colours a guard shows.
func (c *Components) guardColours(g string) Colour {
	var col Colour
	for _, id := range strings.Split(g, "+") {
		col |= c.Tile(id).Colours()
	}
	return col
}

// gainGuard gives seat the monster that lay on a tile it gained.
func (s *State) gainGuard(seat int, guard string, out *games.Outcome) {
	if guard == "" {
		return
	}
	s.Seats[seat].Out = append(s.Seats[seat].Out, strings.Split(guard, "+")...)
	out.Events = append(out.Events, games.T("sc.ev.guardgained", "player", games.Player(seat), "tile", guardText(s.c, guard)))
}

// guardChoices are the market tiles the first waiting monster may lie on:
// uncovered, sharing a colour with it.
func (s *State) guardChoices() []choice {
	t := s.Seats[0].Tasks[0]
	col := s.c.guardColours(t.Arg)
	var out []choice
	for v := range Vendors {
		for k, id := range s.Market.Up[v] {
			if s.Market.Guards[v][k] == "" && s.c.Tile(id).Colours()&col != 0 {
				out = append(out, choice{id: "guard:" + slotID(v, k), label: s.slotText(v, k),
					path: []games.Step{{ID: "v" + strconv.Itoa(v+1), Label: s.label(func() games.Text { return games.T("sc.vendor", "n", v+1) })}}})
			}
		}
	}
	if g := s.Market.Guards[Vendors]; s.Market.Rainbow > 0 && len(g) > 0 && g[0] == "" {
		out = append(out, choice{id: "guard:r", label: tileText(s.c, "rainbow"), path: []games.Step{{ID: "v5", Label: games.T("sc.vendor.rainbow")}}})
	}
	return out
}

func (s *State) guardPrompt() games.Prompt {
	t := s.Seats[0].Tasks[0]
	p := games.Prompt{Seat: 0, Text: s.label(func() games.Text { return games.T("sc.prompt.guard", "tile", guardText(s.c, t.Arg)) })}
	for _, c := range s.guardChoices() {
		p.Options = append(p.Options, games.Option{ID: c.id, Label: c.label, Path: c.path})
	}
	return p
}

// guard lays the waiting monster on the chosen market tile.
func (s *State) guard(move string) (games.Outcome, error) {
	var out games.Outcome
	if !slices.ContainsFunc(s.guardChoices(), func(c choice) bool { return c.id == move }) {
		return out, games.Errorf("sc.err.illegal")
	}
	st := s.Seats[0]
	t := st.Tasks[0]
	st.Tasks = st.Tasks[1:]
	rest := strings.TrimPrefix(move, "guard:")
	v, k := Vendors, 0
	if rest != "r" {
		v, k, _ = parseSlot(rest)
	}
	s.Market.Guards[v][k] = t.Arg
	out.Events = append(out.Events, games.T("sc.ev.guard", "tile", guardText(s.c, t.Arg)))
	s.guardIfSettled(&out)
	return out, nil
}

// guardIfSettled ends the solo game lost when a monster has nowhere to go
// or the market is all covered, and goes on to the next year when every
// monster lies.
func (s *State) guardIfSettled(out *games.Outcome) {
	covered, slots := s.guarded()
	if slots > 0 && covered == slots {
		s.lose(out, games.T("sc.ev.lost.covered", "year", s.Year))
		return
	}
	if len(s.Seats[0].Tasks) == 0 {
		s.nextYear(out)
		return
	}
	if len(s.guardChoices()) == 0 {
		s.lose(out, games.T("sc.ev.lost.noplace", "year", s.Year, "tile", guardText(s.c, s.Seats[0].Tasks[0].Arg)))
	}
}

// guarded counts the market tiles a monster lies on, of all of them.
func (s *State) guarded() (covered, slots int) {
	for v := range Vendors + 1 {
		for _, g := range s.Market.Guards[v] {
			slots++
			if g != "" {
				covered++
			}
		}
	}
	return covered, slots
}

// lose ends a solo game the monsters won, saying why and with what
// Prestige the player ends.
func (s *State) lose(out *games.Outcome, why games.Text) {
	s.Lost, s.Stage = true, stageOver
	for _, t := range s.Seats[0].Tasks {
		if t.Kind == taskGuard {
			s.Gone = append(s.Gone, t.Arg) // a monster that found no place
		}
	}
	s.Seats[0].Tasks = nil
	out.Events = append(out.Events, why, games.T("sc.end.lost", "player", games.Player(0), "score", prestigeText(s.Seats[0].Prestige)))
}

// dangerText tells the solo player, as a year begins, how close the
// monsters are to winning: the market tiles still free, and how many
// monsters come at this year's end (none after year 4).
func (s *State) dangerText() games.Text {
	covered, slots := s.guarded()
	coming := 0
	if s.Year < Years {
		each := monstersPerPut
		if s.Beasts[s.Year] == "skeleton" {
			each = 2
		}
		coming = min(soloGuards, max(len(*s.stack(s.Year))-each, 0))
	}
	if coming == 0 {
		return games.T("sc.ev.danger.none", "free", slots-covered, "slots", slots, "year", s.Year)
	}
	return games.T("sc.ev.danger", "free", slots-covered, "slots", slots, "year", s.Year, "n", coming)
}

// prestigeText is a score in Prestige.
func prestigeText(n int) games.Text { return games.T("sc.points", "n", n) }

// Rivals are the monsters a solo seat lost to.
func (s *State) Rivals() []games.Rival {
	if !s.Lost {
		return nil
	}
	return []games.Rival{{Name: games.T("sc.rival"), Rank: 1, Detail: games.T("sc.rival.won")}}
}

var _ games.Rivaled = (*State)(nil)

// soloRank is the title a solo game's Prestige earns.
func soloRank(prestige int) games.Text {
	for _, r := range soloRanks {
		if r.upTo < 0 || prestige <= r.upTo {
			return games.T("sc.rank." + r.key)
		}
	}
	return games.Text{}
}

// setupGuards makes the market ready for monsters (solo only).
func (s *State) setupGuards() {
	for v := range Vendors {
		s.Market.Guards[v] = make([]string, len(s.Market.Up[v]))
	}
	s.Market.Guards[Vendors] = []string{""}
}

// expertStacks deals the expert variant's monsters: half the Skeletons
// set aside, the other half shuffled with the other tier-1 monsters, six
// a year from them (a Skeleton drawn brings a second from those set
// aside, as a pair), and six a year from all tier-2 monsters.
func (s *State) expertStacks() {
	var tier1, tier2, skeletons []string
	for _, id := range s.c.ByKind[MonsterTile] {
		t := s.c.Tile(id)
		all := s.c.copies([]string{id})
		switch {
		case t.Beast == "skeleton":
			skeletons = append(skeletons, all...)
		case t.Tier == 1:
			tier1 = append(tier1, all...)
		default:
			tier2 = append(tier2, all...)
		}
	}
	games.Shuffle(s.RNG, skeletons)
	half := len(skeletons) / 2
	aside := skeletons[half:]
	tier1 = append(tier1, skeletons[:half]...)
	games.Shuffle(s.RNG, tier1)
	games.Shuffle(s.RNG, tier2)
	for y := 1; y < Years; y++ {
		pile := &tier1
		if y > 2 {
			pile = &tier2
		}
		s.Beasts[y] = ""
		s.Stacks[y] = nil
		for range expertDraws {
			n := len(*pile) - 1
			g := (*pile)[n]
			*pile = (*pile)[:n]
			if s.c.Tile(g).Beast == "skeleton" && len(aside) > 0 {
				g += "+" + aside[len(aside)-1]
				aside = aside[:len(aside)-1]
			}
			s.Stacks[y] = append(s.Stacks[y], g)
		}
	}
	s.Skeletons = aside // the Lich's stack
}
