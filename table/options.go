package table

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// OptDeadline is the core table option that bounds how long one decision
// may stay pending, in hours ("off" for no limit). It belongs to the table,
// not to the game: games never see it in their Setup.
const OptDeadline = "deadline"

// DeadlineOff is the OptDeadline choice without a time limit.
const DeadlineOff = "off"

// CoreOptions are the options every table offers besides its game's own.
// Their ids are reserved: a game must not declare an option with one of them.
func CoreOptions() []games.OptionSpec {
	return []games.OptionSpec{{
		ID:      OptDeadline,
		Label:   games.T(KeyOptDeadline),
		Choices: []string{DeadlineOff, "12", "24", "48", "72"},
		Default: DeadlineOff,
	}}
}

// OptionSpecs are all options of a table for a game: the game's own, then
// the core ones.
func OptionSpecs(info games.Info) []games.OptionSpec {
	return append(slices.Clone(info.Options), CoreOptions()...)
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
	for _, c := range CoreOptions() {
		if c.ID == id {
			return true
		}
	}
	return false
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

// DeadlineHours is the table's deadline per decision in hours, 0 for none.
func (t *Table) DeadlineHours() int {
	h, err := strconv.Atoi(t.Options[OptDeadline])
	if err != nil || h <= 0 {
		return 0
	}
	return h
}
