package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
)

func TestBotsRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown game", []string{"bots", "--game", "chess"}, `unknown game "chess"`},
		{"no games", []string{"bots", "--game", "zauberschwert", "--games", "0"}, "--games"},
		{"unknown strength", []string{"bots", "--game", "zauberschwert", "--strength", "godlike"}, `unknown strength "godlike"`},
		{"unknown opponents", []string{"bots", "--game", "zauberschwert", "--against", "humans"}, `unknown strength "humans"`},
		{"solo with two players", []string{"bots", "--game", "viscounts", "--against", "solo", "--players", "2"}, "--players 1"},
		{"one player not solo", []string{"bots", "--game", "viscounts", "--players", "1"}, "--against solo"},
		{"solo game without one", []string{"bots", "--game", "zauberschwert", "--against", "solo"}, "players outside"},
		{"bad option", []string{"bots", "--game", "viscounts", "--against", "solo", "--options", "opponent=nobody"}, "opponent=nobody is not offered"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), tc.args, &out, &errOut, noenv)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run(%v) = %v, want an error mentioning %s", tc.args, err, tc.want)
			}
		})
	}
}

func TestBotsReports(t *testing.T) {
	var out, errOut bytes.Buffer
	args := []string{"bots", "--game", "zauberschwert", "--games", "2", "--strength", "easy", "--against", "random"}
	if err := run(context.Background(), args, &out, &errOut, noenv); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	for _, re := range []string{
		`game 1 \(seed 1\): the bot in seat 0; seat \d: rank [12], -?\d+; seat \d: rank [12], -?\d+`,
		`game 2 \(seed 2\): the bot in seat 1; `,
		`zauberschwert, 2 players, easy bot against random seats, 2 games from seed 1`,
		`wins: [0-2]/2 = \d+% \(95% CI \d+–\d+%\)`,
		`mean score: bot -?\d+\.\d, others -?\d+\.\d`,
		`bot decisions: [1-9]\d*; CPU p50 .+, p95 .+, max .+; wall p50 .+, p95 .+, max .+`,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("the report lacks %s:\n%s", re, out.String())
		}
	}
}

func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		wins, n int
		lo, hi  float64
	}{
		{0, 0, 0, 1},
		{10, 10, 0.7225, 1},
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{95, 100, 0.8883, 0.9785},
	} {
		lo, hi := wilson(tc.wins, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("wilson(%d, %d) = %.4f–%.4f, want %.4f–%.4f", tc.wins, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// cancelAfter is a writer that cancels a context once it has written a
// line containing mark.
type cancelAfter struct {
	bytes.Buffer
	mark   string
	cancel context.CancelFunc
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), w.mark) {
		w.cancel()
	}
	return w.Buffer.Write(p)
}

// TestBotsReportsWhenStopped: a run interrupted (as timeout(1) does)
// drops the game in progress and still reports the games it finished.
func TestBotsReportsWhenStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelAfter{mark: "game 1 (seed 1)", cancel: cancel}
	var errOut bytes.Buffer
	args := []string{"bots", "--game", "zauberschwert", "--games", "3", "--strength", "easy", "--against", "random"}
	err := run(ctx, args, out, &errOut, noenv)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("run = %v, want it stopped by the cancelled context", err)
	}
	for _, re := range []string{
		`stopped during game 2: context canceled`,
		`zauberschwert, 2 players, easy bot against random seats, 1 games from seed 1 \(stopped; 3 asked for\)`,
		`wins: [01]/1 = \d+% `,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("the report lacks %s:\n%s", re, out.String())
		}
	}
	if strings.Contains(out.String(), "game 2 (seed 2)") {
		t.Errorf("the interrupted game was reported as played:\n%s", out.String())
	}
}

// TestBotsStopsBetweenGamesAfterFor: --for bounds a run's wall time
// between games: the game begun is played out and counted, no other
// starts, and the report says the run was stopped.
func TestBotsStopsBetweenGamesAfterFor(t *testing.T) {
	for _, tc := range []struct {
		name   string
		within string
		played int
	}{
		{"passed after the first game", "1ns", 1},
		{"never reached", "1h", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			args := []string{"bots", "--game", "zauberschwert", "--games", "3", "--strength", "easy", "--against", "random", "--for", tc.within}
			if err := run(context.Background(), args, &out, &errOut, noenv); err != nil {
				t.Fatalf("%v\n%s", err, errOut.String())
			}
			games := regexp.MustCompile(`(?m)^game \d+ \(seed \d+\)`).FindAllString(out.String(), -1)
			if len(games) != tc.played {
				t.Errorf("%d games reported, want %d:\n%s", len(games), tc.played, out.String())
			}
			summary := fmt.Sprintf("%d games from seed 1", tc.played)
			if tc.played < 3 {
				summary += " (stopped; 3 asked for)"
			}
			if !strings.Contains(out.String(), summary) {
				t.Errorf("the report lacks %q:\n%s", summary, out.String())
			}
			if stopped := strings.Contains(out.String(), "stopped before game"); stopped != (tc.played < 3) {
				t.Errorf("the report says it stopped: %v, want %v:\n%s", stopped, tc.played < 3, out.String())
			}
		})
	}
}
