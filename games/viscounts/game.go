package viscounts

import (
	"slices"

	"github.com/tavern-bot/tavern/games"
)

// Game is Viscounts of the West Kingdom with one validated component set.
type Game struct {
	c    *Catalog
	info games.Info // built once: the catalog is a few hundred texts
}

// New returns the game with the embedded components; the package tests
// validate them, so a failure here is a build defect.
func New() *Game {
	c, err := loadCatalog()
	if err != nil {
		panic(err)
	}
	g := &Game{c: c}
	g.info = g.describe()
	return g
}

// Player counts.
const (
	MinPlayers = 1 // solo: against one of the four automated opponents (solo.go)
	MaxPlayers = 4
)

// Info describes the game for the command surface.
func (g *Game) Info() games.Info { return g.info }

func (g *Game) describe() games.Info {
	return games.Info{
		ID:           "viscounts",
		RulesVersion: "2", // 2: setup Debts and Deeds leave the piles above Poverty and Prosperity whole
		Name:         games.T("vc.name"),
		MinPlayers:   MinPlayers,
		MaxPlayers:   MaxPlayers,
		Options:      g.c.soloOptions(),
		Rules:        ruleTopics(),
		Catalog:      g.catalog(),
	}
}

// Load decodes a state from State.MarshalJSON.
func (g *Game) Load(data []byte) (games.State, error) { return load(g.c, data) }

// New sets a game up: the segments, castle, piles and pairs to draft.
func (g *Game) New(setup games.Setup) (games.State, error) {
	if setup.Players < MinPlayers || setup.Players > MaxPlayers {
		return nil, games.Errorf("vc.err.players", "min", MinPlayers, "max", MaxPlayers)
	}
	c := g.c
	opp, difficulty, err := c.soloSetup(setup)
	if err != nil {
		return nil, err
	}
	solo := setup.Players == 1
	seats := setup.Players
	if solo {
		seats++ // the opponent's seat
	}
	s := &State{Schema: schemaVersion, RNG: games.NewRNG(setup.Seed), Players: seats, c: c, Played: -1}
	rng := s.RNG
	s.Large = setup.Players >= 3
	for i := range s.Layout {
		s.Layout[i] = i
	}
	games.Shuffle(rng, s.Layout[:])
	s.CastleTurn = rng.IntN(numSegments)
	for p := range numSegments {
		s.Plots[p] = slices.Repeat([]int{-1}, len(s.side(p).Plots))
	}

	// Five piles of neutral townsfolk, five of manuscripts with a
	// grey-backed one on top of each.
	var neutral, heroes []int
	for i, t := range c.Townsfolk {
		switch t.Kind {
		case "neutral":
			neutral = append(neutral, i)
		case "hero":
			heroes = append(heroes, i)
		}
	}
	games.Shuffle(rng, neutral)
	for i, card := range neutral {
		s.Folk[i%numSegments] = append(s.Folk[i%numSegments], card)
	}
	var grey, black []int
	for i, m := range c.Manuscripts {
		if m.Grey {
			grey = append(grey, i)
		} else {
			black = append(black, i)
		}
	}
	games.Shuffle(rng, grey)
	games.Shuffle(rng, black)
	per := len(black) / numSegments
	for p := range numSegments {
		s.Scripts[p] = append(s.Scripts[p], black[p*per:(p+1)*per]...)
		s.Scripts[p] = append(s.Scripts[p], grey[p%len(grey)])
	}

	s.DebtsAbove = c.Ending.Debts[setup.Players]
	s.DeedsAbove = c.Ending.Deeds[setup.Players]
	for n := range seats {
		seat := &Seat{Board: [boardSlots]int{-1, -1, -1}, Workers: workersEach, Hero: -1, Virtue: len(c.Track.Own) - 1}
		for i, t := range c.Townsfolk {
			if t.Kind == "starter" && n < setup.Players {
				seat.Draw = append(seat.Draw, i)
			}
		}
		s.Seats = append(s.Seats, seat)
	}
	if solo {
		s.startSolo(opp, difficulty) // the player holds the start marker
	} else {
		s.Start = rng.IntN(setup.Players)
	}

	// Players + 1 pairs of a player card and a hero, chosen in reverse
	// turn order.
	cards := make([]int, len(c.PlayerCards))
	for i := range cards {
		cards[i] = c.PlayerCards[i].Number
	}
	games.Shuffle(rng, cards)
	games.Shuffle(rng, heroes)
	s.DraftCards = cards[:setup.Players+1]
	s.DraftHeroes = heroes[:setup.Players+1]
	s.Phase = phaseDraft
	s.Current = s.draftSeat()
	s.Tasks = []Task{{Seat: s.Current, Kind: "draft"}}
	return s, nil
}

// draftSeat is the seat choosing its pair now: the start player's
// right-hand neighbour first, then counter-clockwise.
func (s *State) draftSeat() int {
	if s.Solo != nil {
		return 0 // the opponent takes the pair left over
	}
	return ((s.Start-1-s.Drafted)%s.Players + 2*s.Players) % s.Players
}

// playerCard is the catalog player card numbered n.
func (s *State) playerCard(n int) *PlayerCard {
	for i := range s.c.PlayerCards {
		if s.c.PlayerCards[i].Number == n {
			return &s.c.PlayerCards[i]
		}
	}
	return nil
}

// startSpace is the space whose printed start number is n.
func (s *State) startSpace(n int) int {
	for p := range numSegments {
		side := s.side(p)
		if side.Numbers[0] == n {
			return p*3 + slotLeft
		}
		if side.Numbers[1] == n {
			return p*3 + slotRight
		}
	}
	return 0
}
