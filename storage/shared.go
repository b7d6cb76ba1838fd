package storage

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tournament"
)

// What every backend shares: the record format of a table, the log a load
// option asks for, the checks of a change, the players index's keys and the
// outbox's keys. A second backend (storage/postgres) stores the same bytes
// and refuses the same changes.

// ErrUnavailable means the database could not be reached (or stopped
// answering) within the retries the backend allows: the change may be
// tried again in a moment. A backend wraps its own error with it.
var ErrUnavailable = errors.New("storage: database unavailable")

// EncodeRecord frames t's snapshot as a stored table record (see
// record.go), what DecodeRecord reads.
func EncodeRecord(t *table.Table) ([]byte, error) {
	rec, _, err := encode(t, nil)
	return rec, err
}

// LogStart is the first log index to load with t for opts.
func LogStart(t *table.Table, opts []LoadOption) int {
	var o loadOptions
	for _, opt := range opts {
		opt(&o)
	}
	return o.from(t)
}

// Loaded is what Update remembers of a table as loaded, to check and to
// store what fn changed.
type Loaded struct {
	Channel, ID    string
	Moves, Version int
	LogFrom        int
	Due            []table.Due
	Players        map[string]bool // PlayerKeys of the loaded table
	raw            [][]byte        // the loaded log entries as stored
}

// Load remembers t as loaded, with its log entries as stored (raw, from
// t.LogFrom on).
func Load(t *table.Table, raw [][]byte) Loaded {
	return Loaded{Channel: t.ChannelID, ID: t.ID, Moves: t.Moves, Version: t.Version, LogFrom: t.LogFrom,
		Due: append([]table.Due(nil), t.Due...), Players: playerKeys(t), raw: raw}
}

// Check refuses a change of l that would corrupt the table's books (another
// table or channel, a version going back, a log cut below what was loaded
// or not matching the moves), with ErrConflict. It returns the first log
// index to write: entries from there to t.Moves are new or replaced.
func (l Loaded) Check(t *table.Table) (int, error) {
	switch {
	case t.ChannelID != l.Channel || t.ID != l.ID:
		return 0, fmt.Errorf("storage: update %s: table %s became %s in channel %q: %w", l.Channel, l.ID, t.ID, t.ChannelID, ErrConflict)
	case t.Version < l.Version:
		return 0, fmt.Errorf("storage: update %s: version went back from %d to %d: %w", l.Channel, l.Version, t.Version, ErrConflict)
	case t.LogFrom != l.LogFrom || t.LogFrom+len(t.Log) != t.Moves:
		return 0, fmt.Errorf("storage: update %s: log from %d with %d entries, %d moves: %w", l.Channel, t.LogFrom, len(t.Log), t.Moves, ErrConflict)
	}
	from, err := firstChanged(t, l.raw, min(l.Moves, t.Moves))
	if err != nil {
		return 0, fmt.Errorf("storage: update %s: %w", l.Channel, err)
	}
	return from, nil
}

// PlayerKeys are the players index's keys of t, user id + "/" + channel
// id, one per person seated while it is active (none when it is over).
func PlayerKeys(t *table.Table) map[string]bool { return playerKeys(t) }

// DueEqual reports whether two due lists are the same events.
func DueEqual(a, b []table.Due) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind || !a[i].At.Equal(b[i].At) {
			return false
		}
	}
	return true
}

// OutboxKey is the key of the outbox item with sequence number seq.
func OutboxKey(seq uint64) string { return fmt.Sprintf("%016x", seq) }

// ParseOutboxKey reads an outbox key back into its sequence number.
func ParseOutboxKey(key string) (uint64, error) {
	seq, err := strconv.ParseUint(key, 16, 64)
	if err != nil || len(key) != 16 {
		return 0, fmt.Errorf("storage: outbox: malformed key %q", key)
	}
	return seq, nil
}

// TournamentDues are the due index entries of tournament t (none or one),
// stored under TournamentDue(t.ID).
func TournamentDues(t *tournament.Tournament) []table.Due { return tournamentDues(t) }
