package dungeondesigner

import (
	"github.com/tavern-bot/tavern/games"
)

// ID is the game id used in commands.
const ID = "dungeon-designer"

// Game builds Dungeon Designer states from one set of components.
type Game struct {
	c    *Components
	info games.Info // built once: the catalog is a few hundred texts
}

// New returns the game with the embedded component data.
func New() games.Game { return NewWithComponents(DefaultComponents()) }

// NewWithComponents returns the game with other component data, e.g. files
// corrected by a server owner (see LoadComponents).
func NewWithComponents(c *Components) games.Game { return Game{c: c, info: describe(c)} }

// Info describes the game for the command surface.
func (g Game) Info() games.Info { return g.info }

func describe(c *Components) games.Info {
	return games.Info{
		ID: ID,
		// RulesVersion: bump when a rules fix changes what a recorded game replays to.
		RulesVersion: "1",
		Name:         games.T("dd.name"),
		MinPlayers:   1,
		MaxPlayers:   5,
		Options: []games.OptionSpec{{
			ID:      "solo",
			Label:   games.T("dd.option.solo"),
			Choices: []string{"normal", "legendary"},
			Default: "normal",
		}},
		Rules:   ruleTopics(),
		Catalog: catalog(c),
	}
}

// New builds the initial state.
func (g Game) New(setup games.Setup) (games.State, error) {
	s, err := newState(g.c, setup)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Load decodes a state written by MarshalJSON.
func (g Game) Load(data []byte) (games.State, error) {
	s, err := loadState(g.c, data)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Pending lists the awaited decisions: every seat at once while building,
// one seat in the market.
func (s *State) Pending() []games.Prompt {
	var out []games.Prompt
	switch s.Phase {
	case PhaseBuild:
		for i := range s.Seats {
			if p, ok := s.buildPrompt(i); ok {
				out = append(out, p)
			}
		}
	case PhaseImprove:
		if p, ok := s.marketPrompt(); ok {
			out = append(out, p)
		}
	}
	return out
}

// Apply answers one of seat's prompts.
func (s *State) Apply(seat int, move string) (games.Outcome, error) {
	if seat < 0 || seat >= len(s.Seats) {
		return games.Outcome{}, games.Errorf("dd.err.turn")
	}
	var (
		out games.Outcome
		err error
	)
	s.drew = false
	switch s.Phase {
	case PhaseBuild:
		out, err = s.applyBuild(seat, move)
	case PhaseImprove:
		out, err = s.applyMarket(seat, move)
	default:
		return games.Outcome{}, games.Errorf("dd.err.over")
	}
	// Anything drawn (rooms, stalls and their tiles, tasks, Jael's card) is
	// revealed to someone: the move cannot be taken back fairly.
	out.Revealed = out.Revealed || s.drew
	s.drew = false
	return out, err
}

// Over reports the end of the game.
func (s *State) Over() bool { return s.Phase == PhaseOver }
