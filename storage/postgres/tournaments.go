package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tournament"
)

// CreateTournament stores a new tournament as its channel's current one.
func (s tournamentsRole) CreateTournament(ctx context.Context, t *tournament.Tournament) error {
	err := s.store.tx(ctx, "create tournament in "+t.ChannelID, func(tx pgx.Tx, _ func()) error {
		var exists bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tavern_tournaments WHERE id = $1)`, t.ID).Scan(&exists); err != nil {
			return err
		}
		if exists {
			return fmt.Errorf("tournament %s exists: %w", t.ID, storage.ErrConflict)
		}
		var prevID string
		err := tx.QueryRow(ctx, `SELECT tournament_id FROM tavern_tournament_channels WHERE channel_id = $1 FOR UPDATE`, t.ChannelID).Scan(&prevID)
		had := err == nil
		switch {
		case had:
			prev, err := loadTournament(ctx, tx, prevID, "")
			if err != nil {
				return err
			}
			if prev.Status != tournament.StatusOver {
				return storage.ErrActiveTournament
			}
		case !errors.Is(err, pgx.ErrNoRows):
			return err
		}
		b := &pgx.Batch{}
		if had {
			b.Queue(`UPDATE tavern_tournament_channels SET tournament_id = $2 WHERE channel_id = $1`, t.ChannelID, t.ID)
		} else { // fails if another process made the channel's first one meanwhile
			b.Queue(`INSERT INTO tavern_tournament_channels (channel_id, tournament_id) VALUES ($1, $2)`, t.ChannelID, t.ID)
		}
		if err := queueTournament(b, t, nil, false); err != nil {
			return err
		}
		return tx.SendBatch(ctx, b).Close()
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "tavern_tournament_channels_pkey" {
		err = storage.ErrActiveTournament
	}
	if err != nil {
		return fmt.Errorf("storage: create tournament in %s: %w", t.ChannelID, err)
	}
	return nil
}

// Tournament returns the tournament id.
func (s tournamentsRole) Tournament(ctx context.Context, id string) (*tournament.Tournament, error) {
	var t *tournament.Tournament
	err := s.store.read(ctx, "tournament "+id, func(tx pgx.Tx) error {
		var err error
		t, err = loadTournament(ctx, tx, id, "")
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: tournament %s: %w", id, err)
	}
	return t, nil
}

// ChannelTournament returns the channel's current tournament.
func (s tournamentsRole) ChannelTournament(ctx context.Context, channelID string) (*tournament.Tournament, error) {
	var t *tournament.Tournament
	err := s.store.read(ctx, "tournament of "+channelID, func(tx pgx.Tx) error {
		var id string
		err := tx.QueryRow(ctx, `SELECT tournament_id FROM tavern_tournament_channels WHERE channel_id = $1`, channelID).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return storage.ErrNoTournament
		}
		if err != nil {
			return err
		}
		t, err = loadTournament(ctx, tx, id, "")
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: tournament of %s: %w", channelID, err)
	}
	return t, nil
}

// UpdateTournament changes a tournament and its due event in one
// transaction, the tournament's row locked.
func (s tournamentsRole) UpdateTournament(ctx context.Context, id string, fn func(*tournament.Tournament) error) error {
	err := s.store.tx(ctx, "update tournament "+id, func(tx pgx.Tx, ran func()) error {
		t, err := loadTournament(ctx, tx, id, " FOR UPDATE")
		if err != nil {
			return fmt.Errorf("storage: update tournament %s: %w", id, err)
		}
		old := storage.TournamentDues(t)
		ran()
		if err := fn(t); err != nil {
			return callerError{err}
		}
		if t.ID != id {
			return fmt.Errorf("storage: update tournament %s: became %s: %w", id, t.ID, storage.ErrConflict)
		}
		b := &pgx.Batch{}
		if err := queueTournament(b, t, old, true); err != nil {
			return fmt.Errorf("storage: update tournament %s: %w", id, err)
		}
		return tx.SendBatch(ctx, b).Close()
	})
	var ce callerError
	if errors.As(err, &ce) {
		return ce.err
	}
	return err
}

// loadTournament reads tournament id (with suffix, such as FOR UPDATE).
func loadTournament(ctx context.Context, tx pgx.Tx, id, suffix string) (*tournament.Tournament, error) {
	var data []byte
	err := tx.QueryRow(ctx, `SELECT record FROM tavern_tournaments WHERE id = $1`+suffix, id).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, storage.ErrNoTournament
	}
	if err != nil {
		return nil, err
	}
	var t tournament.Tournament
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("decode tournament %s: %w", id, err)
	}
	return &t, nil
}

// queueTournament queues t's record (an update when exists), the change
// of its due entry from old and its outbox items (filling t.OutboxKeys).
func queueTournament(b *pgx.Batch, t *tournament.Tournament, old []table.Due, exists bool) error {
	data, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode tournament %s: %w", t.ID, err)
	}
	if exists {
		b.Queue(`UPDATE tavern_tournaments SET channel_id = $2, record = $3 WHERE id = $1`, t.ID, t.ChannelID, data)
	} else {
		b.Queue(`INSERT INTO tavern_tournaments (id, channel_id, record) VALUES ($1, $2, $3)`, t.ID, t.ChannelID, data)
	}
	queueDue(b, storage.TournamentDue(t.ID), t.ID, old, storage.TournamentDues(t))
	queueOutbox(b, t.ChannelID, storage.TournamentDue(t.ID), t.Outbox, &t.OutboxKeys)
	return nil
}
