package table

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

// OptDeadline is the core table option that sets the seats' clock: "off",
// hours per decision ("24"), or a time bank ("3d+1d/7d": three days to
// start, a day more per answer, at most seven; see package clock). It
// belongs to the table, not to the game: games never see it in their Setup.
const OptDeadline = "deadline"

// OptPhase is the core option for the phase timer (see clock.Rules.Phase),
// offered only for games that mark phases in their prompts.
const OptPhase = "phase"

// DeadlineOff is the OptDeadline choice without a time limit.
const DeadlineOff = "off"

// OptAbsent is the core option for a player whose time runs out: the
// game's safe answer each time (AbsentSafe); a bot takes the seat over
// until the player returns (AbsentBot, see Table.Return); the players
// present vote on ending the game while the table waits one more clock
// period, then gives the safe answer (AbsentVote, the rule in absent.go);
// or the seat's decision is skipped, for games whose rulebook allows it
// (AbsentSkip, games.Skipper; offered only for them).
const OptAbsent = "absent"

// OptRated is the core option that makes a finished game change its
// players' ratings (package rating): "auto" rates a game of two or more
// people without bots, "yes" rates the people at a table with bots too
// (bots are never rated), "no" never. A one-person game is never rated.
const OptRated = "rated"

// OptReplay is the core option that posts the replay (GIF and summary) by
// itself when a game is played to its end ("on", the default) or not
// ("off"); /game replay still posts one on request.
const OptReplay = "replay"

// The OptReplay choices.
const (
	ReplayOn  = "on"
	ReplayOff = "off"
)

// The OptRated choices.
const (
	RatedAuto = "auto"
	RatedYes  = "yes"
	RatedNo   = "no"
)

// The OptAbsent choices.
const (
	AbsentSafe = "safe"
	AbsentBot  = "bot"
	AbsentVote = "vote"
	AbsentSkip = "skip"
)

// absentChoices are the OptAbsent choices a game offers: skip only where
// its rulebook allows it.
func absentChoices(info games.Info) []string {
	out := []string{AbsentSafe, AbsentBot, AbsentVote}
	if info.SkipsAbsent {
		out = append(out, AbsentSkip)
	}
	return out
}

// CoreOptions are the options every table of a game offers besides the
// game's own. Their ids are reserved: a game must not declare one of them.
func CoreOptions(info games.Info) []games.OptionSpec {
	out := []games.OptionSpec{{
		ID:      OptDeadline,
		Label:   games.T(KeyOptDeadline),
		Choices: []string{DeadlineOff, "12", "24", "48", "72", "1d+12h/3d", "3d+1d/7d"},
		Default: DeadlineOff,
	}}
	out = append(out, games.OptionSpec{
		ID:      OptAbsent,
		Label:   games.T(KeyOptAbsent),
		Choices: absentChoices(info),
		Default: AbsentSafe,
	})
	out = append(out, games.OptionSpec{
		ID:      OptRated,
		Label:   games.T(KeyOptRated),
		Choices: []string{RatedAuto, RatedYes, RatedNo},
		Default: RatedAuto,
	})
	out = append(out, games.OptionSpec{
		ID:      OptReplay,
		Label:   games.T(KeyOptReplay),
		Choices: []string{ReplayOn, ReplayOff},
		Default: ReplayOn,
	})
	out = append(out, games.OptionSpec{
		ID:      OptBot,
		Label:   games.T(KeyOptBot),
		Choices: []string{BotEasy, BotNormal, BotStrong},
		Default: BotNormal,
	})
	if info.PhaseTimer {
		choices := []string{DeadlineOff, "90s", "2m", "5m", "10m", "30m", "2h", "12h", "1d"}
		def := cmp.Or(info.PhaseDefault, DeadlineOff)
		if !slices.Contains(choices, def) {
			choices = append(choices, def)
		}
		out = append(out, games.OptionSpec{
			ID:      OptPhase,
			Label:   games.T(KeyOptPhase),
			Choices: choices,
			Default: def,
		})
	}
	return out
}

// OptionSpecs are all options of a table for a game: the game's own, then
// the core ones.
func OptionSpecs(info games.Info) []games.OptionSpec {
	return append(slices.Clone(info.Options), CoreOptions(info)...)
}

// CheckOptionIDs reports a game option that collides with a core option.
func CheckOptionIDs(info games.Info) error {
	for _, o := range info.Options {
		if isCoreOption(o.ID) {
			return fmt.Errorf("table: game %s declares option %q, which is reserved for the table", info.ID, o.ID)
		}
	}
	return nil
}

func isCoreOption(id string) bool {
	return id == OptDeadline || id == OptPhase || id == OptAbsent || id == OptRated || id == OptReplay || id == OptBot
}

// Rated reports whether the game, once over, changes its players'
// ratings (OptRated): people are seats played by persons (a seat a bot
// took over for its absent player included), bots the lobby seated.
func (t *Table) Rated() bool {
	people, bots := 0, 0
	for _, s := range t.Seats {
		if s.Bot && !s.Away {
			bots++
		} else {
			people++
		}
	}
	switch t.Options[OptRated] {
	case RatedNo:
		return false
	case RatedYes:
		return people >= 2
	}
	return people >= 2 && bots == 0
}

// gameOptions drops the core options, leaving what the game is set up with.
func gameOptions(opts map[string]string) map[string]string {
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		if !isCoreOption(k) {
			out[k] = v
		}
	}
	return out
}
