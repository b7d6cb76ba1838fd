package zauberschwert

import (
	"fmt"
	"io/fs"

	"github.com/tavern-bot/tavern/games"
)

// Game is Zauberschwert & Drachenei with one validated component set.
type Game struct {
	d    *Data
	info games.Info // built once: the catalog is a few hundred texts
}

// New returns the game with the embedded component data. The embedded files
// are validated by the package tests, so a failure here is a build defect.
func New() games.Game {
	d, err := defaultData()
	if err != nil {
		panic(err)
	}
	return &Game{d: d, info: describe()}
}

// NewFromFS returns the game with component files from fsys (a server
// owner's corrected adventure.json, artifacts.json and spells.json).
func NewFromFS(fsys fs.FS) (*Game, error) {
	d, err := LoadData(fsys)
	if err != nil {
		return nil, err
	}
	return &Game{d: d, info: describe()}, nil
}

// Data returns the component set (read-only by convention).
func (g *Game) Data() *Data { return g.d }

// Info describes the game for the command surface.
func (g *Game) Info() games.Info { return g.info }

func describe() games.Info {
	return games.Info{
		ID: "zauberschwert",
		// RulesVersion: bump when a rules fix changes what a recorded game replays to.
		RulesVersion: "3", // 3: a cast reopens the spell window
		Name:         games.T("zs.name"),
		MinPlayers:   2,
		MaxPlayers:   4,
		Rules:        ruleTopics(),
		Catalog:      catalog(),
	}
}

// New deals a new game.
func (g *Game) New(setup games.Setup) (games.State, error) {
	if setup.Players < 2 || setup.Players > 4 {
		return nil, games.Errorf("zs.err.players", "min", 2, "max", 4)
	}
	return g.newState(setup.Players, setup.Seed), nil
}

// Load decodes a state from State.MarshalJSON.
func (g *Game) Load(data []byte) (games.State, error) {
	s, err := load(g.d, data)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (g *Game) newState(players int, seed uint64) *State {
	s := &State{
		Schema:  schemaVersion,
		Players: players,
		RNG:     games.NewRNG(seed),
		Round:   1,
		Start:   0,
		Step:    stepRefill,
		Cur:     -1,
		Display: []Slot{},
		Removed: []string{},
		d:       g.d,
	}
	// Each letter pile is shuffled on its own; A ends on top, C at the bottom.
	for _, deck := range []string{"A", "B", "C"} {
		var pile []string
		for _, c := range g.d.Cards {
			if c.Deck == deck {
				pile = append(pile, c.ID)
			}
		}
		games.Shuffle(s.RNG, pile)
		s.Pile = append(s.Pile, pile...)
	}
	for _, a := range g.d.Artifacts {
		s.ArtPile = append(s.ArtPile, a.Index)
	}
	games.Shuffle(s.RNG, s.ArtPile)
	s.Start = s.RNG.IntN(players)
	for range players {
		s.Seats = append(s.Seats, Seat{Magic: 2, Spells: []OwnedSpell{}, Hand: []int{}, Laid: [][]int{}, Placed: NotPlaced})
	}
	s.advance()
	s.events = nil
	return s
}

// String is a short debug description (no hidden facts).
func (s *State) String() string {
	return fmt.Sprintf("zauberschwert round %d step %s start %d", s.Round, s.Step, s.Start)
}
