package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/lineup"
)

// registry holds every game Tavern offers (package lineup lists them).
func registry() (*games.Registry, error) { return lineup.Registry() }

type simFlags struct {
	game    string
	games   int
	players int
	seed    uint64
	options string
}

func (s *simFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.game, "game", "", "game id (required)")
	fs.IntVar(&s.games, "games", 1000, "number of games")
	fs.IntVar(&s.players, "players", 0, "players per game (default: the game's minimum)")
	fs.Uint64Var(&s.seed, "seed", 1, "seed of the first game; game i uses seed+i")
	fs.StringVar(&s.options, "options", "", "game options besides the defaults, as in the lobby: artifacts=yes,expert=yes")
}

// runSim plays random complete games and checks every invariant after every
// move; any violation is an error, so the exit status says whether the rules
// held.
func runSim(ctx context.Context, f simFlags, out io.Writer) error {
	g, err := batchGame("sim", f.game, f.games)
	if err != nil {
		return err
	}
	if f.players == 0 {
		f.players = g.Info().MinPlayers
	}
	options, err := parseOptions(f.options)
	if err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	start := time.Now()
	rep, err := games.SimulateWith(g, f.players, f.games, f.seed, options)
	if err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	variant := ""
	if len(options) > 0 {
		variant = " (" + f.options + ")"
	}
	fmt.Fprintf(out, "%s%s, %d players: %d games, %d finished, %d moves (%.0f moves/game), %.1f games/s\n",
		rep.Game, variant, rep.Players, rep.Games, rep.Finished, rep.Moves, float64(rep.Moves)/float64(rep.Games), float64(rep.Games)/secs)
	if rep.Violation != "" {
		fmt.Fprintf(out, "VIOLATION in the game with seed %d after %d moves: %s\n", rep.Seed, len(rep.Log), rep.Violation)
		fmt.Fprintf(out, "reproduce: tavern sim --game %s --players %d --games 1 --seed %d --options %q\n", rep.Game, rep.Players, rep.Seed, f.options)
		return errors.New("sim: invariant violated")
	}
	fmt.Fprintln(out, "no violations")
	return nil
}

// parseOptions reads game options as the lobby takes them:
// "artifacts=yes,expert=yes".
func parseOptions(s string) (map[string]string, error) {
	options := map[string]string{}
	for _, kv := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("--options %q: write id=value pairs separated by commas", s)
		}
		options[k] = v
	}
	return options, nil
}

// batchGame is the game a batch of games (sim, bots) plays by id, once
// the number of games is checked.
func batchGame(verb, id string, n int) (games.Game, error) {
	reg, err := registry()
	if err != nil {
		return nil, err
	}
	g, ok := reg.Get(id)
	if !ok {
		return nil, fmt.Errorf("%s: unknown game %q (known: %v)", verb, id, reg.IDs())
	}
	if n < 1 {
		return nil, fmt.Errorf("%s: --games must be at least 1", verb)
	}
	return g, nil
}
