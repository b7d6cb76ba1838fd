package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/tavern-bot/tavern/clock"
)

// Moving a community between backends (`tavern migrate`): a backend exports
// everything it holds as Records and imports them into an empty store. Due
// events and the players index are not copied: the importing store makes
// them from the current tables and the tournaments, as it does on every
// change. The outages are copied with the heartbeat, so that tables not yet
// credited for a past downtime are credited after the move too, and the new
// backend does not take the time since the copied heartbeat for a new one.

// RecordKind says what a Record holds.
type RecordKind int

// The kinds of Record, in the order Export gives them.
const (
	RecordTable             RecordKind = iota // a channel's current table: Data is its record (EncodeRecord)
	RecordArchived                            // a finished table of the channel: Data is its record
	RecordLog                                 // one log entry of a table (current or archived): Index, Data its JSON
	RecordOutbox                              // an undelivered outbox item, oldest first: Data as staged
	RecordUser                                // a user's settings: Key, Data their JSON
	RecordGuild                               // a server's settings: Key, Data their JSON
	RecordHeartbeat                           // the scheduler's last sign of life: At
	RecordTournament                          // a tournament: Key its id, Data its JSON
	RecordTournamentChannel                   // a channel's current tournament: ChannelID, Key the tournament's id
	RecordRating                              // a rating: Key is game + "\x00" + scope + "\x00" + user id, Data its JSON
	RecordStats                               // a player's stats: Key their user id, Data the JSON
	RecordRecorded                            // a table whose finished game is in the ratings: Key its id
	RecordOutage                              // a span in which no scheduler ran: Data its JSON (clock.Span), At its start
	RecordKinds                               // how many kinds there are
)

var recordNames = [...]string{"tables", "archived tables", "log entries", "outbox items", "users", "servers", "heartbeat",
	"tournaments", "channels' current tournaments", "ratings", "players' stats", "rated tables", "outages"}

func (k RecordKind) String() string {
	if k < 0 || int(k) >= len(recordNames) {
		return fmt.Sprint("kind ", int(k))
	}
	return recordNames[k]
}

// Record is one stored thing.
type Record struct {
	Kind      RecordKind
	ChannelID string
	TableID   string
	Index     int
	Key       string
	Data      []byte
	At        time.Time
}

// OutageRecord is the record of one outage: both backends export it alike.
func OutageRecord(o clock.Span) (Record, error) {
	o = clock.Span{From: o.From.UTC(), Until: o.Until.UTC()}
	data, err := json.Marshal(o)
	return Record{Kind: RecordOutage, At: o.From, Data: data}, err
}

// DecodeOutage reads an OutageRecord's span.
func DecodeOutage(r Record) (clock.Span, error) {
	var o clock.Span
	if err := json.Unmarshal(r.Data, &o); err != nil {
		return o, fmt.Errorf("outage at %s: %w", r.At, err)
	}
	return o, nil
}

// Copier is a store that can be copied from and into.
type Copier interface {
	// Export calls fn with every record, from one consistent view, in the
	// order of RecordKind; Data is fn's to keep.
	Export(ctx context.Context, fn func(Record) error) error
	// Import stores records in one transaction. The store must not hold
	// the channels' tables already (ErrActiveTable).
	Import(ctx context.Context, records []Record) error
}

// errStop ends an Export early.
var errStop = errors.New("stop")

// ErrNotEmpty means a copy's destination already holds something.
var ErrNotEmpty = errors.New("storage: the destination is not empty")

// Copy copies everything from one store into another, which must be empty,
// batch records to a transaction. It returns how many of each kind it
// copied.
func Copy(ctx context.Context, from, to Copier, batch int) (map[RecordKind]int, error) {
	err := to.Export(ctx, func(Record) error { return errStop })
	switch {
	case errors.Is(err, errStop):
		return nil, ErrNotEmpty
	case err != nil:
		return nil, fmt.Errorf("storage: copy: read the destination: %w", err)
	}
	counts := map[RecordKind]int{}
	var pending []Record
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		if err := to.Import(ctx, pending); err != nil {
			return err
		}
		for _, r := range pending {
			counts[r.Kind]++
		}
		pending = pending[:0]
		return nil
	}
	err = from.Export(ctx, func(r Record) error {
		pending = append(pending, r)
		if len(pending) >= batch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return counts, fmt.Errorf("storage: copy: %w", err)
	}
	return counts, nil
}
