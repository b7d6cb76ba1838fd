package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tavern-bot/tavern/storage"
)

// KeepAnswer stores a under its message id.
func (s answersRole) KeepAnswer(ctx context.Context, a storage.LiveAnswer) error {
	err := s.store.retry(ctx, "keep answer", func(ctx context.Context) error {
		_, err := s.store.pool.Exec(ctx, `INSERT INTO tavern_live_answers (message_id, channel_id, table_id, app_id, token, original, at_ns)
			VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (message_id) DO UPDATE SET channel_id = excluded.channel_id, table_id = excluded.table_id,
				app_id = excluded.app_id, token = excluded.token, original = excluded.original, at_ns = excluded.at_ns`,
			a.MessageID, a.ChannelID, a.TableID, a.AppID, a.Token, a.Original, a.At.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: keep answer: %w", err)
	}
	return nil
}

// DropAnswer forgets messageID's answer.
func (s answersRole) DropAnswer(ctx context.Context, messageID string) error {
	err := s.store.retry(ctx, "drop answer", func(ctx context.Context) error {
		_, err := s.store.pool.Exec(ctx, `DELETE FROM tavern_live_answers WHERE message_id = $1`, messageID)
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: drop answer: %w", err)
	}
	return nil
}

// TakeAnswers removes the table's answers and every one older than since,
// and returns the table's kept since.
func (s answersRole) TakeAnswers(ctx context.Context, channelID, tableID string, since time.Time) ([]storage.LiveAnswer, error) {
	var out []storage.LiveAnswer
	err := s.store.retry(ctx, "take answers", func(ctx context.Context) error {
		out = out[:0]
		if _, err := s.store.pool.Exec(ctx, `DELETE FROM tavern_live_answers WHERE at_ns < $1`, since.UnixNano()); err != nil {
			return err
		}
		if _, err := s.store.pool.Exec(ctx, `DELETE FROM tavern_answer_ends WHERE at_ns < $1`, since.UnixNano()); err != nil {
			return err
		}
		rows, err := s.store.pool.Query(ctx, `DELETE FROM tavern_live_answers WHERE channel_id = $1 AND table_id = $2
			RETURNING message_id, app_id, token, original, at_ns`, channelID, tableID)
		if err != nil {
			return err
		}
		var (
			a  storage.LiveAnswer
			at int64
		)
		_, err = pgx.ForEachRow(rows, []any{&a.MessageID, &a.AppID, &a.Token, &a.Original, &at}, func() error {
			a.ChannelID, a.TableID, a.At = channelID, tableID, time.Unix(0, at).UTC()
			out = append(out, a)
			return nil
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: take answers: %w", err)
	}
	return out, nil
}

// EndAnswers marks the table's controls withdrawn at at.
func (s answersRole) EndAnswers(ctx context.Context, channelID, tableID string, at time.Time) error {
	err := s.store.retry(ctx, "end answers", func(ctx context.Context) error {
		_, err := s.store.pool.Exec(ctx, `INSERT INTO tavern_answer_ends (channel_id, table_id, at_ns) VALUES ($1, $2, $3)
			ON CONFLICT (channel_id, table_id) DO UPDATE SET at_ns = GREATEST(tavern_answer_ends.at_ns, excluded.at_ns)`,
			channelID, tableID, at.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: end answers: %w", err)
	}
	return nil
}

// Ended reports whether the table's controls were withdrawn at or after
// since.
func (s answersRole) Ended(ctx context.Context, channelID, tableID string, since time.Time) (bool, error) {
	var ended bool
	err := s.store.retry(ctx, "ended", func(ctx context.Context) error {
		return s.store.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tavern_answer_ends
			WHERE channel_id = $1 AND table_id = $2 AND at_ns >= $3)`, channelID, tableID, since.UnixNano()).Scan(&ended)
	})
	if err != nil {
		return false, fmt.Errorf("storage: ended: %w", err)
	}
	return ended, nil
}

// RefuseDMs marks userID's DMs closed until until.
func (s refusalsRole) RefuseDMs(ctx context.Context, userID string, until time.Time) error {
	err := s.store.retry(ctx, "refuse DMs", func(ctx context.Context) error {
		_, err := s.store.pool.Exec(ctx, `INSERT INTO tavern_dm_refusals (user_id, until_ns) VALUES ($1, $2)
			ON CONFLICT (user_id) DO UPDATE SET until_ns = excluded.until_ns`, userID, until.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: refuse DMs: %w", err)
	}
	return nil
}

// RefusedDMs lists the users whose DMs are closed at now, dropping the
// marks that ran out.
func (s refusalsRole) RefusedDMs(ctx context.Context, now time.Time) (map[string]time.Time, error) {
	out := map[string]time.Time{}
	err := s.store.retry(ctx, "refused DMs", func(ctx context.Context) error {
		clear(out)
		if _, err := s.store.pool.Exec(ctx, `DELETE FROM tavern_dm_refusals WHERE until_ns <= $1`, now.UnixNano()); err != nil {
			return err
		}
		rows, err := s.store.pool.Query(ctx, `SELECT user_id, until_ns FROM tavern_dm_refusals`)
		if err != nil {
			return err
		}
		var (
			user  string
			until int64
		)
		_, err = pgx.ForEachRow(rows, []any{&user, &until}, func() error {
			out[user] = time.Unix(0, until).UTC()
			return nil
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("storage: refused DMs: %w", err)
	}
	return out, nil
}
