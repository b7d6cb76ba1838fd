package table

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// Lobby is a table before its start: seats taken and left, options set,
// and the start.
type Lobby struct{ t *Table }

// Lobby is the table's lobby.
func (t *Table) Lobby() Lobby { return Lobby{t} }

// Join seats s at a table still in its lobby.
func (lo Lobby) Join(info games.Info, s Seat, now time.Time) error {
	t := lo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	if t.SeatOf(s.UserID) >= 0 {
		return games.Errorf(ErrAlreadySeated)
	}
	if len(t.Seats) >= info.MaxPlayers {
		return games.Errorf(ErrTableFull, "max", info.MaxPlayers)
	}
	s.PromptVersion, s.PromptSince = 0, time.Time{}
	t.Seats = append(t.Seats, s)
	t.touch(now)
	return nil
}

// Leave frees userID's seat in the lobby. When the host leaves, the next
// seat becomes host; when the last player leaves, the lobby is abandoned.
func (lo Lobby) Leave(userID string, now time.Time) error {
	t := lo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	i := t.SeatOf(userID)
	if i < 0 {
		return games.Errorf(ErrNotSeated)
	}
	t.Seats = slices.Delete(t.Seats, i, i+1)
	if len(t.Seats) == 0 {
		t.end(StatusAbandoned, now)
	} else if t.Host == userID {
		t.Host = t.Seats[0].UserID
	}
	t.touch(now)
	return nil
}

// SetOption changes one lobby option (host only), validated against the
// game's specs and the core ones (OptionSpecs).
func (lo Lobby) SetOption(info games.Info, userID, id, value string, now time.Time) error {
	t := lo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	if userID != t.Host {
		return games.Errorf(ErrNotHost)
	}
	merged := map[string]string{}
	for k, v := range t.Options {
		merged[k] = v
	}
	merged[id] = value
	if _, err := ValidateOptions(OptionSpecs(info), merged); err != nil {
		return err
	}
	t.Options = merged
	t.touch(now)
	return nil
}

// ParseOptions reads "key=value, key=value" as typed in /game new or /tournament new; an
// option given twice ("deadline=24,deadline=48") is refused, as no one
// can tell which was meant.
func ParseOptions(text string) (map[string]string, bool) {
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

// ValidateOptions checks typed options against the game's specs and returns
// a complete map with every default filled in. Unknown keys and values
// outside a spec's choices are errors a player can read.
func ValidateOptions(specs []games.OptionSpec, opts map[string]string) (map[string]string, error) {
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
			return nil, games.Errorf(ErrUnknownOption, "option", k, "known", specIDs(specs))
		}
		v := opts[k]
		if len(spec.Choices) > 0 && !slices.Contains(spec.Choices, v) {
			if k == OptAbsent && v == AbsentSkip {
				// A game whose rulebook has no rule for skipping a seat.
				return nil, games.Errorf(ErrSkipNotAllowed, "choices", strings.Join(spec.Choices, ", "))
			}
			return nil, games.Errorf(ErrBadOptionValue, "option", k, "value", v, "choices", strings.Join(spec.Choices, ", "))
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

// Start begins play (host only): it checks the player count, fills the
// option defaults, builds the initial state from the seed and stores it.
func (lo Lobby) Start(g games.Game, userID string, now time.Time) (games.State, error) {
	t := lo.t
	if t.Status != StatusLobby {
		return nil, games.Errorf(ErrAlreadyStarted)
	}
	if userID != t.Host {
		return nil, games.Errorf(ErrNotHost)
	}
	info := g.Info()
	if n := len(t.Seats); n < info.MinPlayers || n > info.MaxPlayers {
		return nil, &games.Error{Text: games.Counted(ErrPlayerCount, "n", "min", info.MinPlayers, "max", info.MaxPlayers, "n", n)}
	}
	opts, err := ValidateOptions(OptionSpecs(info), t.Options)
	if err != nil {
		return nil, err
	}
	st, err := g.New(games.Setup{Players: len(t.Seats), Options: gameOptions(opts), Seed: t.Seed})
	if err != nil {
		return nil, fmt.Errorf("table: start %s: %w", t.GameID, err)
	}
	if err := t.save(st); err != nil {
		return nil, err
	}
	t.Options = opts
	t.RulesVersion = info.RulesVersion
	t.Status = StatusPlaying
	t.restartDecisions(st, now)
	return st, nil
}
