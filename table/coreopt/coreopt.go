// Package coreopt holds the options every table offers besides its game's
// own (the clock, what happens to an absent player, rating, the replay, the
// next bot's strength): their specs, their choices, and the parsing and
// validation of options as typed. It knows no table; package table reads
// the chosen values.
package coreopt

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Deadline is the core table option that sets the seats' clock: "off",
// hours per decision ("24"), or a time bank ("3d+1d/7d": three days to
// start, a day more per answer, at most seven; see package clock). It
// belongs to the table, not to the game: games never see it in their Setup.
const Deadline = "deadline"

// Phase is the core option for the phase timer (see clock.Rules.Phase),
// offered only for games that mark phases in their prompts.
const Phase = "phase"

// DeadlineOff is the Deadline choice without a time limit.
const DeadlineOff = "off"

// Absent is the core option for a player whose time runs out: the
// game's safe answer each time (AbsentSafe); a bot takes the seat over
// until the player returns (AbsentBot, see table.Bots.Return); the players
// present vote on ending the game while the table waits one more clock
// period, then gives the safe answer (AbsentVote, the rule in table/absent.go);
// or the seat's decision is skipped, for games whose rulebook allows it
// (AbsentSkip, games.Skipper; offered only for them).
const Absent = "absent"

// Rated is the core option that makes a finished game change its
// players' ratings (package rating): "auto" rates a game of two or more
// people without bots, "yes" rates the people at a table with bots too
// (bots are never rated), "no" never. A one-person game is never rated.
const Rated = "rated"

// Replay is the core option that posts the replay (GIF and summary) by
// itself when a game is played to its end ("on", the default) or not
// ("off"); /game replay still posts one on request.
const Replay = "replay"

// The Replay choices.
const (
	ReplayOn  = "on"
	ReplayOff = "off"
)

// The Rated choices.
const (
	RatedAuto = "auto"
	RatedYes  = "yes"
	RatedNo   = "no"
)

// The Absent choices.
const (
	AbsentSafe = "safe"
	AbsentBot  = "bot"
	AbsentVote = "vote"
	AbsentSkip = "skip"
)

// absentChoices are the Absent choices a game offers: skip only where
// its rulebook allows it.
func absentChoices(info games.Info) []string {
	out := []string{AbsentSafe, AbsentBot, AbsentVote}
	if info.SkipsAbsent {
		out = append(out, AbsentSkip)
	}
	return out
}

// Specs are the options every table of a game offers besides the
// game's own. Their ids are reserved: a game must not declare one of them.
func Specs(info games.Info) []games.OptionSpec {
	spec := func(id, label, def string, choices ...string) games.OptionSpec {
		return games.OptionSpec{ID: id, Label: games.T(label), Choices: choices, Default: def}
	}
	out := []games.OptionSpec{
		spec(Deadline, KeyDeadline, DeadlineOff, DeadlineOff, "12", "24", "48", "72", "1d+12h/3d", "3d+1d/7d"),
		spec(Absent, KeyAbsent, AbsentSafe, absentChoices(info)...),
		spec(Rated, KeyRated, RatedAuto, RatedAuto, RatedYes, RatedNo),
		spec(Replay, KeyReplay, ReplayOn, ReplayOn, ReplayOff),
		spec(Bot, KeyBot, BotNormal, BotEasy, BotNormal, BotStrong),
	}
	if info.PhaseTimer {
		choices := []string{DeadlineOff, "90s", "2m", "5m", "10m", "30m", "2h", "12h", "1d"}
		def := cmp.Or(info.PhaseDefault, DeadlineOff)
		if !slices.Contains(choices, def) {
			choices = append(choices, def)
		}
		out = append(out, spec(Phase, KeyPhase, def, choices...))
	}
	return out
}

// All are all options of a table for a game: the game's own, then
// the core ones.
func All(info games.Info) []games.OptionSpec {
	return append(slices.Clone(info.Options), Specs(info)...)
}

// CheckIDs reports a game option that collides with a core option.
func CheckIDs(info games.Info) error {
	for _, o := range info.Options {
		if isCore(o.ID) {
			return fmt.Errorf("table: game %s declares option %q, which is reserved for the table", info.ID, o.ID)
		}
	}
	return nil
}

func isCore(id string) bool {
	return id == Deadline || id == Phase || id == Absent || id == Rated || id == Replay || id == Bot
}

// GameOnly drops the core options, leaving what the game is set up with.
func GameOnly(opts map[string]string) map[string]string {
	out := make(map[string]string, len(opts))
	for k, v := range opts {
		if !isCore(k) {
			out[k] = v
		}
	}
	return out
}

// Bot is the core option that sets how well the next bot the lobby
// seats plays (table.Bots.Add keeps it per bot): the game's heuristic (BotEasy),
// or a search over sampled worlds with a small (BotNormal) or a larger
// budget (BotStrong). Package search gives each its policy.
const Bot = "bot"

// The Bot choices, weakest first.
const (
	BotEasy   = "easy"
	BotNormal = "normal"
	BotStrong = "strong"
)

// Parse reads "key=value, key=value" as typed in /game new or /tournament new; an
// option given twice ("deadline=24,deadline=48") is refused, as no one
// can tell which was meant.
func Parse(text string) (map[string]string, bool) {
	out := map[string]string{}
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if _, twice := out[k]; !ok || twice || k == "" || v == "" {
			return nil, false
		}
		out[k] = v
	}
	return out, true
}

// Validate checks typed options against the game's specs and returns
// a complete map with every default filled in. Unknown keys and values
// outside a spec's choices are errors a player can read.
func Validate(specs []games.OptionSpec, opts map[string]string) (map[string]string, error) {
	byID := map[string]games.OptionSpec{}
	for _, s := range specs {
		byID[s.ID] = s
	}
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make(map[string]string, len(specs))
	for _, k := range keys {
		spec, ok := byID[k]
		if !ok {
			return nil, games.Errorf(ErrUnknown, "option", k, "known", specIDs(specs))
		}
		v := opts[k]
		if len(spec.Choices) > 0 && !slices.Contains(spec.Choices, v) {
			if k == Absent && v == AbsentSkip {
				// A game whose rulebook has no rule for skipping a seat.
				return nil, games.Errorf(ErrSkipNotAllowed, "choices", strings.Join(spec.Choices, ", "))
			}
			return nil, games.Errorf(ErrBadValue, "option", k, "value", v, "choices", strings.Join(spec.Choices, ", "))
		}
		out[k] = v
	}
	for _, s := range specs {
		if _, ok := out[s.ID]; !ok {
			out[s.ID] = s.Default
		}
	}
	return out, nil
}

func specIDs(specs []games.OptionSpec) string {
	ids := make([]string, len(specs))
	for i, s := range specs {
		ids[i] = s.ID
	}
	if len(ids) == 0 {
		return "-"
	}
	return strings.Join(ids, ", ")
}

// Catalog keys of the core options' labels and of the errors their
// validation reports to players.
const (
	ErrUnknown        = "table.err.unknown_option"
	ErrBadValue       = "table.err.bad_option_value"
	ErrSkipNotAllowed = "table.err.skip_not_allowed"
	// KeyDeadline labels the core deadline option in the lobby.
	KeyDeadline = "table.opt.deadline"
	// KeyPhase labels the core phase timer option.
	KeyPhase = "table.opt.phase"
	// KeyAbsent labels the core option for players whose time runs out.
	KeyAbsent = "table.opt.absent"
	// KeyBot labels the core option for the next bot's strength.
	KeyBot = "table.opt.bot"
	// KeyRated labels the core option that rates the game.
	KeyRated = "table.opt.rated"
	// KeyReplay labels the core option that posts the replay at the end.
	KeyReplay = "table.opt.replay"
)

// Catalog holds the English and German texts of the core options.
func Catalog() games.Catalog {
	return games.Catalog{
		"en": {
			ErrUnknown:        "Unknown option “{option}”. Known options: {known}.",
			ErrBadValue:       "“{value}” is not a valid value for {option}. Choose one of: {choices}.",
			KeyDeadline:       "Clock (hours per decision, or a time bank)",
			KeyPhase:          "Time per phase",
			KeyAbsent:         "When time runs out (safe answer, bot plays, vote to end)",
			KeyBot:            "Strength of the next bot added (easy, normal, strong)",
			ErrSkipNotAllowed: "This game's rulebook has no rule for skipping a player, so “absent=skip” is not offered. Choose one of: {choices}.",
			KeyRated:          "Rated (auto = when no bot plays, yes, no)",
			KeyReplay:         "Replay posted at the end (on, off)",
		},
		"de": {
			ErrUnknown:        "Unbekannte Option „{option}“. Bekannte Optionen: {known}.",
			ErrBadValue:       "„{value}“ ist kein gültiger Wert für {option}. Wähle eines von: {choices}.",
			KeyDeadline:       "Uhr (Stunden pro Entscheidung oder Zeitkonto)",
			KeyPhase:          "Zeit pro Phase",
			KeyAbsent:         "Wenn die Zeit abläuft (sichere Antwort, Bot spielt, Abstimmung übers Ende)",
			KeyBot:            "Stärke des nächsten Bots (easy = leicht, normal, strong = stark)",
			ErrSkipNotAllowed: "Die Spielregel dieses Spiels kennt kein Überspringen eines Spielers, darum gibt es „absent=skip“ hier nicht. Wähle eines von: {choices}.",
			KeyRated:          "Gewertet (auto = wenn kein Bot mitspielt, yes = ja, no = nein)",
			KeyReplay:         "Wiederholung am Ende posten (on = ja, off = nein)",
		},
	}
}
