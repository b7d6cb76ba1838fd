package games

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Move is one answer in a table's log: which seat chose which option.
type Move struct {
	Seat int    `json:"seat"`
	ID   string `json:"id"`
}

// Checker is implemented by states that can verify their own invariants
// (conservation of components, bounds). Random play calls it after every move.
type Checker interface {
	Check() error
}

// ErrStall reports a state with no pending prompt that is not over.
var ErrStall = errors.New("stall: no pending prompt but the game is not over")

// ErrTooLong reports a game that did not end within the move limit.
var ErrTooLong = errors.New("game exceeded the move limit")

// RandomPlay plays one game from setup by choosing, with rng, a random
// pending prompt and a random option of it, until the game is over. After
// every move it runs CheckPrompts, the state's own Check (if it is a
// Checker) and check (if not nil). A panic inside the game is returned as an
// error, as is a stall or a game longer than maxMoves. The moves played so
// far are always returned, so a failure can be replayed.
func RandomPlay(g Game, setup Setup, rng *RNG, maxMoves int, check func(State) error) (moves []Move, final State, err error) {
	return PlayWith(g, setup, rng, maxMoves, func(_ State, p Prompt, _ int) (string, bool) {
		return p.Options[rng.IntN(len(p.Options))].ID, true
	}, check)
}

// PlayWith is RandomPlay with the answer to the pending prompt rng picks
// chosen by choose (given the state, the prompt and the number of moves
// made so far), e.g. a seat's policy; a prompt choose has no answer for
// ends the game with an error.
func PlayWith(g Game, setup Setup, rng *RNG, maxMoves int, choose func(s State, p Prompt, moves int) (string, bool), check func(State) error) (moves []Move, final State, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic after %d moves: %v", len(moves), r)
		}
	}()
	s, err := g.New(setup)
	if err != nil {
		return nil, nil, fmt.Errorf("new: %w", err)
	}
	final = s
	runChecks := func(pending []Prompt) error {
		if err := checkPromptList(pending, setup.Players); err != nil {
			return err
		}
		if c, ok := s.(Checker); ok {
			if err := c.Check(); err != nil {
				return err
			}
		}
		if check != nil {
			return check(s)
		}
		return nil
	}
	pending := s.Pending()
	if err := runChecks(pending); err != nil {
		return moves, s, fmt.Errorf("after setup: %w", err)
	}
	for !s.Over() {
		if len(moves) >= maxMoves {
			return moves, s, fmt.Errorf("%w (%d)", ErrTooLong, maxMoves)
		}
		if len(pending) == 0 {
			return moves, s, ErrStall
		}
		p := pending[rng.IntN(len(pending))]
		id, ok := choose(s, p, len(moves))
		if !ok {
			return moves, s, fmt.Errorf("move %d: no answer for seat %d", len(moves)+1, p.Seat)
		}
		m := Move{Seat: p.Seat, ID: id}
		moves = append(moves, m)
		if _, err := s.Apply(m.Seat, m.ID); err != nil {
			return moves, s, fmt.Errorf("move %d %+v refused: %w", len(moves), m, err)
		}
		pending = s.Pending()
		if err := runChecks(pending); err != nil {
			return moves, s, fmt.Errorf("after move %d %+v: %w", len(moves), m, err)
		}
	}
	if len(pending) != 0 {
		return moves, s, errors.New("game over but prompts pending")
	}
	if err := CheckStandings(s, setup.Players); err != nil {
		return moves, s, err
	}
	return moves, s, nil
}

// CheckPrompts verifies the shape of the pending prompts: valid seats, at
// least one option each, option ids unique within a prompt, short ASCII
// ids without spaces (they travel in Discord custom ids).
func CheckPrompts(s State, players int) error {
	return checkPromptList(s.Pending(), players)
}

func checkPromptList(pending []Prompt, players int) error {
	for _, p := range pending {
		if p.Seat < 0 || p.Seat >= players {
			return fmt.Errorf("prompt for seat %d", p.Seat)
		}
		if len(p.Options) == 0 {
			return fmt.Errorf("prompt for seat %d without options", p.Seat)
		}
		seen := map[string]bool{}
		for _, o := range p.Options {
			if seen[o.ID] {
				return fmt.Errorf("duplicate option %q for seat %d", o.ID, p.Seat)
			}
			seen[o.ID] = true
			if o.ID == "" || len(o.ID) > 40 || strings.ContainsAny(o.ID, " \t\n") {
				return fmt.Errorf("bad option id %q", o.ID)
			}
			for _, r := range o.ID {
				if r > 126 {
					return fmt.Errorf("non-ASCII option id %q", o.ID)
				}
			}
		}
	}
	return nil
}

// CheckStandings verifies final standings: every seat once, ranks from 1,
// non-decreasing and never above the position.
func CheckStandings(s State, players int) error {
	st := s.Standings()
	if len(st) != players {
		return fmt.Errorf("standings: %d entries, want %d", len(st), players)
	}
	seen := map[int]bool{}
	for i, x := range st {
		if seen[x.Seat] || x.Seat < 0 || x.Seat >= players {
			return fmt.Errorf("standings: seat %d invalid or twice", x.Seat)
		}
		seen[x.Seat] = true
		// A lone seat may rank 2: beaten by the game's solo opponent.
		if i == 0 && x.Rank != 1 && (players != 1 || x.Rank != 2) {
			return fmt.Errorf("standings: first rank %d", x.Rank)
		}
		if i > 0 && (x.Rank < st[i-1].Rank || x.Rank > i+1) {
			return fmt.Errorf("standings: inconsistent at %d: %+v after %+v", i, x, st[i-1])
		}
	}
	return nil
}

// CheckRoundTrip verifies Marshal → Load → Marshal gives the same bytes.
func CheckRoundTrip(g Game, s State) error {
	a, err := s.MarshalJSON()
	if err != nil {
		return fmt.Errorf("round trip: %w", err)
	}
	loaded, err := g.Load(a)
	if err != nil {
		return fmt.Errorf("round trip: load: %w", err)
	}
	b, err := loaded.MarshalJSON()
	if err != nil {
		return fmt.Errorf("round trip: %w", err)
	}
	if !bytes.Equal(a, b) {
		return errors.New("round trip: JSON differs after Load")
	}
	return nil
}

// Replay rebuilds a state from setup and a move log.
func Replay(g Game, setup Setup, moves []Move) (State, error) {
	s, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("replay: new: %w", err)
	}
	for i, m := range moves {
		if _, err := s.Apply(m.Seat, m.ID); err != nil {
			return nil, fmt.Errorf("replay: move %d %+v: %w", i+1, m, err)
		}
	}
	return s, nil
}

// CheckReplay verifies that replaying moves from setup reproduces s exactly.
func CheckReplay(g Game, setup Setup, moves []Move, s State) error {
	r, err := Replay(g, setup, moves)
	if err != nil {
		return err
	}
	a, err := s.MarshalJSON()
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	b, err := r.MarshalJSON()
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	if !bytes.Equal(a, b) {
		return errors.New("replay: state differs from the replayed log")
	}
	return nil
}

// DefaultSetup fills every option with its default.
func DefaultSetup(g Game, players int, seed uint64) Setup {
	opts := map[string]string{}
	for _, o := range g.Info().Options {
		opts[o.ID] = o.Default
	}
	return Setup{Players: players, Options: opts, Seed: seed}
}

// SetupWith is DefaultSetup with some of the game's options set (a
// variant); an option the game does not offer, a value it does not allow
// or a player count outside the game's range is an error.
func SetupWith(g Game, players int, seed uint64, options map[string]string) (Setup, error) {
	info := g.Info()
	if players < info.MinPlayers || players > info.MaxPlayers {
		return Setup{}, fmt.Errorf("%s: %d players outside %d–%d", info.ID, players, info.MinPlayers, info.MaxPlayers)
	}
	for id, v := range options {
		i := slices.IndexFunc(info.Options, func(o OptionSpec) bool { return o.ID == id })
		if i < 0 || !slices.Contains(info.Options[i].Choices, v) {
			return Setup{}, fmt.Errorf("%s: option %s=%s is not offered", info.ID, id, v)
		}
	}
	setup := DefaultSetup(g, players, seed)
	maps.Copy(setup.Options, options)
	return setup, nil
}

// Report summarizes a batch of random games.
type Report struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	// Options are the game options set besides the defaults.
	Options  map[string]string `json:"options,omitempty"`
	Games    int               `json:"games"`    // games played (including a failing one)
	Finished int               `json:"finished"` // games that reached the end cleanly
	Moves    int               `json:"moves"`    // moves over all games
	// Violation is the first failure, empty if none; Seed reproduces it with
	// RandomPlay(g, DefaultSetup(g, Players, Seed), NewRNG(Seed), ...).
	Violation string `json:"violation,omitempty"`
	Seed      uint64 `json:"seed,omitempty"`
	// Log is the move log of the failing game.
	Log []Move `json:"log,omitempty"`
}

// SimMaxMoves bounds one random game; far above any real game's length.
const SimMaxMoves = 20000

// Simulate plays games random games of g with players seats, seeds seed,
// seed+1, …, and stops at the first violation (a failed check, a panic, a
// stall, a too-long game, a JSON round trip or a replay mismatch at the
// end, or a twin-deal check failing: see CheckTwins). The error is only for setups that cannot start at all.
func Simulate(g Game, players, games int, seed uint64) (Report, error) {
	return SimulateWith(g, players, games, seed, nil)
}

// SimulateWith is Simulate with some of the game's options set (a
// variant); the others keep their defaults. An option the game does not
// offer, or a value it does not allow, is an error.
func SimulateWith(g Game, players, games int, seed uint64, options map[string]string) (Report, error) {
	rep := Report{Game: g.Info().ID, Players: players, Options: options}
	if _, err := SetupWith(g, players, seed, options); err != nil {
		return rep, fmt.Errorf("simulate: %w", err)
	}
	for i := range games {
		sd := seed + uint64(i)
		setup, _ := SetupWith(g, players, sd, options)
		moves, final, err := RandomPlay(g, setup, NewRNG(sd), SimMaxMoves, nil)
		rep.Games++
		rep.Moves += len(moves)
		if err == nil {
			err = CheckRoundTrip(g, final)
		}
		if err == nil {
			err = CheckReplay(g, setup, moves, final)
		}
		if err == nil {
			// The twin-deal check plays a game of its own (same seed,
			// other choices), so a failure reports that game's log.
			var twinMoves []Move
			if twinMoves, err = CheckTwins(g, setup, NewRNG(^sd), SimMaxMoves); err != nil {
				err, moves = fmt.Errorf("twin-deal check (replay with CheckTwins and NewRNG(^seed)): %w", err), twinMoves
			}
		}
		if err != nil {
			rep.Violation, rep.Seed, rep.Log = err.Error(), sd, moves
			return rep, nil
		}
		rep.Finished++
	}
	return rep, nil
}
