package table

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/tavern-bot/tavern/clock"
)

// MigrateV1 reads a table stored with schema 1 (its whole log inside the
// record, one deadline for the earliest pending decision) into today's
// shape, returning the log that storage now keeps apart. The deadline
// becomes a clock due event; the idle streaks are counted from the log.
func MigrateV1(raw []byte) (*Table, []Entry, error) {
	var t Table
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, nil, fmt.Errorf("table: migrate schema 1: %w", err)
	}
	var legacy struct {
		Log      []Entry   `json:"log"`
		Deadline time.Time `json:"deadline"`
	}
	if err := json.Unmarshal(raw, &legacy); err != nil {
		return nil, nil, fmt.Errorf("table %s: migrate schema 1: %w", t.ID, err)
	}
	t.Schema = SchemaVersion
	t.Moves, t.Log, t.LogFrom = len(legacy.Log), nil, len(legacy.Log)
	t.Due = nil
	if t.Status == StatusPlaying && !legacy.Deadline.IsZero() {
		t.Due = []Due{{At: legacy.Deadline, Kind: DueClock}}
	}
	// Schema 1 timed each decision from the seat's prompt start.
	if rules := t.Clocks().Rules(); t.Status == StatusPlaying && rules.Kind == clock.Decision {
		for i := range t.Seats {
			if !t.Seats[i].PromptSince.IsZero() {
				t.Seats[i].Clock = clock.Seat{Since: t.Seats[i].PromptSince}
			}
		}
	}
	t.Idle = make(IdleStreaks, len(t.Seats))
	counting := make([]bool, len(t.Seats))
	for i := range counting {
		counting[i] = true
	}
	for k := len(legacy.Log) - 1; k >= 0; k-- {
		e := legacy.Log[k]
		if e.Seat < 0 || e.Seat >= len(t.Seats) || !counting[e.Seat] {
			continue
		}
		if e.Timeout {
			t.Idle[e.Seat]++
		} else {
			counting[e.Seat] = false
		}
	}
	return &t, legacy.Log, nil
}
