package sorcerercity

import (
	"io/fs"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

// Game is Sorcerer City with one validated component set.
type Game struct {
	c    *Components
	info games.Info // built once: the catalog is a few hundred texts
}

// New returns the game with the embedded components; they are validated by
// the package tests, so a failure here is a build defect.
func New() *Game {
	c, err := LoadComponents(nil)
	if err != nil {
		panic(err)
	}
	return &Game{c: c, info: describe()}
}

// NewFromFS returns the game with component files from fsys (an owner's
// corrected tiles.json and board.json).
func NewFromFS(fsys fs.FS) (*Game, error) {
	c, err := LoadComponents(fsys)
	if err != nil {
		return nil, err
	}
	return &Game{c: c, info: describe()}, nil
}

// Player counts.
const (
	MinPlayers = 1
	MaxPlayers = 6
)

// Info describes the game for the command surface.
func (g *Game) Info() games.Info { return g.info }

func describe() games.Info {
	return games.Info{
		ID:           "sorcerer-city",
		RulesVersion: "4", // 2: the owner orders score-phase monsters; 3: monsters placed early are tame; 4: the Lich brings Skeletons beside a Skeleton year
		Name:         games.T("sc.name"),
		MinPlayers:   MinPlayers,
		MaxPlayers:   MaxPlayers,
		PhaseTimer:   true,
		PhaseDefault: "90s", // the sand timer's feel
		Options: []games.OptionSpec{
			{ID: "artifacts", Label: games.T("sc.option.artifacts"), Choices: []string{"no", "yes"}, Default: "no"},
			{ID: "expert", Label: games.T("sc.option.expert"), Choices: []string{"no", "yes"}, Default: "no"},
		},
		Rules:   ruleTopics(),
		Catalog: catalog(),
	}
}

// New sets a game up.
func (g *Game) New(setup games.Setup) (games.State, error) {
	if setup.Players < MinPlayers || setup.Players > MaxPlayers {
		return nil, games.Errorf("sc.err.players", "min", MinPlayers, "max", MaxPlayers)
	}
	artifacts, expert := setup.Options["artifacts"] == "yes", setup.Options["expert"] == "yes"
	if expert && setup.Players != 1 {
		return nil, games.Errorf("sc.err.expert")
	}
	s := g.newState(setup.Players, setup.Seed)
	if expert {
		s.expertStacks()
	}
	if artifacts {
		s.dealArtifacts()
	}
	return s, nil
}

// Load decodes a state from State.MarshalJSON.
func (g *Game) Load(data []byte) (games.State, error) { return load(g.c, data) }

// copies lists ids once per copy.
func (c *Components) copies(ids []string) []string {
	var out []string
	for _, id := range ids {
		for range c.Tile(id).Copies {
			out = append(out, id)
		}
	}
	return out
}

func (g *Game) newState(players int, seed uint64) *State {
	c := g.c
	s := &State{Schema: schemaVersion, Players: players, RNG: games.NewRNG(seed), Year: 1, c: c}
	rng := s.RNG
	for range players {
		s.Seats = append(s.Seats, &Seat{Deck: c.copies(c.ByKind[StartingTile])})
	}
	// The market: four vendor decks by tier, three tiles up each.
	byTier := [Vendors][]string{}
	for _, id := range c.ByKind[MarketTile] {
		t := c.Tile(id)
		byTier[t.Tier-1] = append(byTier[t.Tier-1], c.copies([]string{id})...)
	}
	for v := range Vendors {
		games.Shuffle(rng, byTier[v])
		s.Market.Decks[v] = byTier[v]
		s.refill(v)
	}
	s.Market.Rainbow = rainbowTiles
	// Influence rewards: the year-5 card is fixed; years 1–4 are drawn,
	// a card that cannot serve year 1 going under the deck.
	var deck []string
	for _, r := range c.Board.Rewards {
		switch {
		case r.Year5:
			s.Rewards[Years] = r.ID
		case players == 1 && (r.ID == "others-destroy" || r.ID == "kill-other"):
			// Meaningless alone: out of the solo game.
		default:
			deck = append(deck, r.ID)
		}
	}
	games.Shuffle(rng, deck)
	for y := 1; y < Years; y++ {
		for y == 1 && c.notYear1(deck[0]) {
			deck = append(deck[1:], deck[0])
		}
		s.Rewards[y], deck = deck[0], deck[1:]
	}
	s.Unused = deck
	// Monsters: two of tier 1 for years 1–2, two of tier 2 for years 3–4.
	for tier := 1; tier <= 2; tier++ {
		var pool []string
		for _, b := range Beasts {
			if b.Tier == tier {
				pool = append(pool, b.ID)
			}
		}
		games.Shuffle(rng, pool)
		first := pool[0]
		rest := pool[1:]
		if players >= 5 && (first == "skeleton" || first == "lich") {
			rest = slices.DeleteFunc(rest, func(b string) bool { return b == "skeleton" || b == "lich" })
		}
		s.Beasts[2*tier-1], s.Beasts[2*tier] = first, rest[0]
	}
	// The Skeletons are one stack: with the Lich in the game it is the
	// Lich's, and a Skeleton year deals its pairs from it (State.stack).
	lich := slices.Contains(s.Beasts[:], "lich")
	for y := 1; y < Years; y++ {
		for _, id := range c.ByKind[MonsterTile] {
			if c.Tile(id).Beast == s.Beasts[y] && !(lich && s.Beasts[y] == "skeleton") {
				s.Stacks[y] = append(s.Stacks[y], c.copies([]string{id})...)
			}
		}
	}
	if lich {
		for _, id := range c.ByKind[MonsterTile] {
			if c.Tile(id).Beast == "skeleton" {
				s.Skeletons = append(s.Skeletons, c.copies([]string{id})...)
			}
		}
		games.Shuffle(rng, s.Skeletons)
	}
	// The Mystery Players: one card a year with 2 players, two when solo.
	if n := map[int]int{1: 2, 2: 1}[players]; n > 0 {
		s.Mystery = make([][]int, Years+1)
		for y := 1; y <= Years; y++ {
			cards := slices.Clone(c.Board.Mystery[y])
			games.Shuffle(rng, cards)
			s.Mystery[y] = cards[:n]
		}
	}
	if players == 1 {
		s.setupGuards()
	}
	s.Start = rng.IntN(players)
	s.prepare()
	return s
}

func (c *Components) notYear1(reward string) bool {
	for _, r := range c.Board.Rewards {
		if r.ID == reward {
			return r.NotYear1
		}
	}
	return false
}

// refill turns tiles up at vendor v until it shows three or its deck is
// empty.
func (s *State) refill(v int) {
	m := &s.Market
	for len(m.Up[v]) < vendorSlots && len(m.Decks[v]) > 0 {
		n := len(m.Decks[v]) - 1
		m.Up[v] = append(m.Up[v], m.Decks[v][n])
		if m.Guards[v] != nil {
			m.Guards[v] = append(m.Guards[v], "")
		}
		m.Decks[v] = m.Decks[v][:n]
	}
}

// prepare begins a year: every seat shuffles its tiles into a new deck and
// builds.
func (s *State) prepare() {
	for _, st := range s.Seats {
		games.Shuffle(s.RNG, st.Deck)
		st.Done = len(st.Deck) == 0
		// The "two early" reward: tiles picked from the deck are placed
		// before building, their monsters' effects ignored.
		for range min(st.Early, len(st.Deck)) {
			st.Tasks = append(st.Tasks, Task{Kind: taskEarly})
			st.Done = false
		}
		st.Early = 0
	}
	s.Stage = stageBuild
}

// Components is the component set the game plays with (read-only by
// convention), for its renderer.
func (g *Game) Components() *Components { return g.c }
