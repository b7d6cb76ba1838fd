package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/rating"
)

// RecordGame applies g once per table id: the table's row in
// tavern_recorded is the claim, and each player's records are changed
// under an advisory lock per player, taken in order (two games sharing
// players wait for each other instead of deadlocking).
func (s ratingsRole) RecordGame(ctx context.Context, g rating.Game) (bool, error) {
	if g.TableID == "" {
		return false, errors.New("storage: record a game without a table id")
	}
	recorded := false
	err := s.store.tx(ctx, "record table "+g.TableID, func(tx pgx.Tx, _ func()) error {
		recorded = false
		tag, err := tx.Exec(ctx, `INSERT INTO tavern_recorded (table_id) VALUES ($1) ON CONFLICT DO NOTHING`, g.TableID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil // recorded before
		}
		var users []string
		for _, p := range g.Players {
			if !p.Bot && p.UserID != "" {
				users = append(users, p.UserID)
			}
		}
		slices.Sort(users)
		users = slices.Compact(users)
		for _, u := range users {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('tavern rating ' || $1))`, u); err != nil {
				return err
			}
		}
		records := map[rating.Key]map[string]rating.Record{}
		stats := map[string]rating.Stats{}
		for _, u := range users {
			for _, k := range g.RatedKeys() {
				if records[k] == nil {
					records[k] = map[string]rating.Record{}
				}
				var r rating.Record
				if ok, err := getJSON(ctx, tx, &r, `SELECT record FROM tavern_ratings WHERE game = $1 AND scope = $2 AND user_id = $3`, k.Game, k.Scope, u); err != nil {
					return err
				} else if ok {
					records[k][u] = r
				}
			}
			var st rating.Stats
			if _, err := getJSON(ctx, tx, &st, `SELECT stats FROM tavern_stats WHERE user_id = $1`, u); err != nil {
				return err
			}
			stats[u] = st
		}
		g.Apply(records, stats)
		b := &pgx.Batch{}
		for k, byUser := range records {
			for u, r := range byUser {
				data, err := json.Marshal(r)
				if err != nil {
					return err
				}
				b.Queue(`INSERT INTO tavern_ratings (game, scope, user_id, record) VALUES ($1, $2, $3, $4)
					ON CONFLICT (game, scope, user_id) DO UPDATE SET record = excluded.record`, k.Game, k.Scope, u, data)
			}
		}
		for u, st := range stats {
			data, err := json.Marshal(st)
			if err != nil {
				return err
			}
			b.Queue(`INSERT INTO tavern_stats (user_id, stats) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET stats = excluded.stats`, u, data)
		}
		recorded = true
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return false, fmt.Errorf("storage: record table %s: %w", g.TableID, err)
	}
	return recorded, nil
}

// getJSON reads the one JSON column the query selects into v; ok is false
// when there is no row.
func getJSON(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, v any, sql string, args ...any) (bool, error) {
	var data []byte
	err := q.QueryRow(ctx, sql, args...).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(data, v)
}

// Rating returns userID's record under key.
func (s ratingsRole) Rating(ctx context.Context, key rating.Key, userID string) (rating.Record, bool, error) {
	var (
		r  rating.Record
		ok bool
	)
	err := s.store.retry(ctx, "rating", func(ctx context.Context) (err error) {
		r = rating.Record{}
		ok, err = getJSON(ctx, s.store.pool, &r, `SELECT record FROM tavern_ratings WHERE game = $1 AND scope = $2 AND user_id = $3`, key.Game, key.Scope, userID)
		return err
	})
	if err != nil {
		return rating.Record{}, false, fmt.Errorf("storage: rating of %s in %s/%s: %w", userID, key.Game, key.Scope, err)
	}
	return r, ok, nil
}

// Leaderboard lists the records under key, best first.
func (s ratingsRole) Leaderboard(ctx context.Context, key rating.Key) ([]rating.Record, error) {
	var out []rating.Record
	err := s.store.retry(ctx, "leaderboard", func(ctx context.Context) error {
		rows, err := s.store.pool.Query(ctx, `SELECT record FROM tavern_ratings WHERE game = $1 AND scope = $2`, key.Game, key.Scope)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (rating.Record, error) {
			var (
				data []byte
				r    rating.Record
			)
			if err := row.Scan(&data); err != nil {
				return r, err
			}
			return r, json.Unmarshal(data, &r)
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: leaderboard %s/%s: %w", key.Game, key.Scope, err)
	}
	rating.SortBoard(out)
	return out, nil
}

// PlayerStats returns userID's stats.
func (s ratingsRole) PlayerStats(ctx context.Context, userID string) (rating.Stats, error) {
	var st rating.Stats
	err := s.store.retry(ctx, "stats", func(ctx context.Context) error {
		st = rating.Stats{}
		_, err := getJSON(ctx, s.store.pool, &st, `SELECT stats FROM tavern_stats WHERE user_id = $1`, userID)
		return err
	})
	if err != nil {
		return rating.Stats{}, fmt.Errorf("storage: stats of %s: %w", userID, err)
	}
	return st, nil
}
