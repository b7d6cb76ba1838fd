package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"

	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tournament"
)

// ErrNoTournament means no tournament has that id, or the channel has none.
var ErrNoTournament = errors.New("storage: no tournament")

// ErrActiveTournament means the channel's tournament is not over yet.
var ErrActiveTournament = errors.New("storage: channel already runs a tournament")

// Tournaments keeps tournaments (package tournament), one record each,
// and the newest one per channel. A tournament's next due moment
// (Tournament.NextDue) is kept in the tables' due index under the key
// TournamentDue(id), saved in the same transaction as the record, so the
// scheduler finds it with the tables' and fires it once.
type Tournaments interface {
	// CreateTournament stores a new tournament as its channel's current
	// one, failing with ErrActiveTournament while the channel's current
	// one is not over.
	CreateTournament(ctx context.Context, t *tournament.Tournament) error
	// Tournament returns the tournament id, or ErrNoTournament.
	Tournament(ctx context.Context, id string) (*tournament.Tournament, error)
	// ChannelTournament returns the channel's current tournament (it may be
	// over), or ErrNoTournament.
	ChannelTournament(ctx context.Context, channelID string) (*tournament.Tournament, error)
	// UpdateTournament runs fn on the tournament in one write transaction
	// and stores it with its due event; nothing is stored when fn fails.
	// Both it and CreateTournament stage t.Outbox in the outbox in the same
	// transaction (channel: the tournament's, table id: TournamentDue(id))
	// and fill t.OutboxKeys.
	UpdateTournament(ctx context.Context, id string, fn func(*tournament.Tournament) error) error
}

var (
	bucketTournaments       = []byte("tournaments")         // tournament id -> JSON record
	bucketTournamentChannel = []byte("tournament_channels") // channel id -> id of its current tournament
)

// tournamentDuePrefix marks a due index entry as a tournament's: Discord's
// channel ids are numbers, so it never starts a channel's.
const tournamentDuePrefix = "tournament:"

// dueTournament is the kind of a tournament's due index entry.
const dueTournament table.DueKind = "tournament"

// TournamentDue is the name under which DueBefore lists tournament id.
func TournamentDue(id string) string { return tournamentDuePrefix + id }

// ParseTournamentDue tells a tournament's entry of DueBefore from a
// channel's.
func ParseTournamentDue(s string) (id string, ok bool) {
	return strings.CutPrefix(s, tournamentDuePrefix)
}

// tournamentDues is t's due index entries: none or one.
func tournamentDues(t *tournament.Tournament) []table.Due {
	if at, ok := t.NextDue(); ok {
		return []table.Due{{At: at, Kind: dueTournament}}
	}
	return nil
}

// CreateTournament stores a new tournament.
func (b boltTournaments) CreateTournament(ctx context.Context, t *tournament.Tournament) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: create tournament in %s: %w", t.ChannelID, err)
	}
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		bk, ch, err := tournamentBuckets(tx)
		if err != nil {
			return err
		}
		if bk.Get([]byte(t.ID)) != nil {
			return fmt.Errorf("tournament %s exists: %w", t.ID, ErrConflict)
		}
		if id := ch.Get([]byte(t.ChannelID)); id != nil {
			prev, err := decodeTournament(bk.Get(id))
			if err != nil {
				return err
			}
			if prev.Status != tournament.StatusOver {
				return ErrActiveTournament
			}
		}
		if err := b.store.put(ch, []byte(t.ChannelID), []byte(t.ID)); err != nil {
			return err
		}
		return b.saveTournament(tx, bk, t, nil)
	})
	if err != nil {
		return fmt.Errorf("storage: create tournament in %s: %w", t.ChannelID, err)
	}
	return nil
}

// Tournament returns the tournament id.
func (b boltTournaments) Tournament(ctx context.Context, id string) (*tournament.Tournament, error) {
	var t *tournament.Tournament
	err := b.viewTournaments(ctx, func(bk, _ *bolt.Bucket) error {
		var err error
		t, err = decodeTournament(bk.Get([]byte(id)))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: tournament %s: %w", id, err)
	}
	return t, nil
}

// ChannelTournament returns the channel's current tournament.
func (b boltTournaments) ChannelTournament(ctx context.Context, channelID string) (*tournament.Tournament, error) {
	var t *tournament.Tournament
	err := b.viewTournaments(ctx, func(bk, ch *bolt.Bucket) error {
		id := ch.Get([]byte(channelID))
		if id == nil {
			return ErrNoTournament
		}
		var err error
		t, err = decodeTournament(bk.Get(id))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: tournament of %s: %w", channelID, err)
	}
	return t, nil
}

// UpdateTournament changes a tournament and its due event in one
// transaction.
func (b boltTournaments) UpdateTournament(ctx context.Context, id string, fn func(*tournament.Tournament) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: update tournament %s: %w", id, err)
	}
	return b.store.db.Update(func(tx *bolt.Tx) error {
		bk, _, err := tournamentBuckets(tx)
		if err != nil {
			return err
		}
		t, err := decodeTournament(bk.Get([]byte(id)))
		if err != nil {
			return fmt.Errorf("storage: update tournament %s: %w", id, err)
		}
		old := tournamentDues(t)
		if err := fn(t); err != nil {
			return err // the caller's own error, passed through untouched
		}
		if t.ID != id {
			return fmt.Errorf("storage: update tournament %s: became %s: %w", id, t.ID, ErrConflict)
		}
		if err := b.saveTournament(tx, bk, t, old); err != nil {
			return fmt.Errorf("storage: update tournament %s: %w", id, err)
		}
		return nil
	})
}

// saveTournament writes t, replaces its due entries old and stages its
// outbox items.
func (b boltTournaments) saveTournament(tx *bolt.Tx, bk *bolt.Bucket, t *tournament.Tournament, old []table.Due) error {
	data, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode tournament %s: %w", t.ID, err)
	}
	if err := b.store.putDue(tx, TournamentDue(t.ID), t.ID, old, tournamentDues(t)); err != nil {
		return err
	}
	keys, err := b.store.stageOutbox(tx, t.ChannelID, TournamentDue(t.ID), t.Outbox)
	if err != nil {
		return err
	}
	t.OutboxKeys, t.Outbox = keys, nil
	return b.store.put(bk, []byte(t.ID), data)
}

func tournamentBuckets(tx *bolt.Tx) (records, channels *bolt.Bucket, err error) {
	if records, err = tx.CreateBucketIfNotExists(bucketTournaments); err != nil {
		return nil, nil, fmt.Errorf("bucket %s: %w", bucketTournaments, err)
	}
	if channels, err = tx.CreateBucketIfNotExists(bucketTournamentChannel); err != nil {
		return nil, nil, fmt.Errorf("bucket %s: %w", bucketTournamentChannel, err)
	}
	return records, channels, nil
}

// viewTournaments runs fn on the tournament buckets in a read transaction;
// before the first tournament they do not exist, and nothing is found.
func (b boltTournaments) viewTournaments(ctx context.Context, fn func(records, channels *bolt.Bucket) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.store.db.View(func(tx *bolt.Tx) error {
		records, channels := tx.Bucket(bucketTournaments), tx.Bucket(bucketTournamentChannel)
		if records == nil || channels == nil {
			return ErrNoTournament
		}
		return fn(records, channels)
	})
}

func decodeTournament(data []byte) (*tournament.Tournament, error) {
	if data == nil {
		return nil, ErrNoTournament
	}
	var t tournament.Tournament
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("decode tournament: %w", err)
	}
	return &t, nil
}
