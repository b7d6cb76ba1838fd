package postgres

import (
	"context"
	"fmt"
	"time"
)

// ReserveRequests takes n consecutive slots of Discord's global REST
// budget for any process sharing the database, one every `every`, the
// first no earlier than tolerance before now, in one statement on the
// budget's row; the same round trip brings the route buckets some
// process holds (see HoldRequests). The offsets are on the database's
// clock, so the processes' clocks need not agree. It implements
// bot/budget's Ledger.
func (s *Store) ReserveRequests(ctx context.Context, n int, every, tolerance time.Duration) (time.Duration, map[string]time.Duration, error) {
	var (
		end    int64
		keys   []string
		micros []int64
	)
	err := s.retry(ctx, "reserve discord requests", func(ctx context.Context) error {
		return s.pool.QueryRow(ctx, `WITH g AS (
				INSERT INTO tavern_discord_budget AS b (key, until)
				VALUES ('', now() - make_interval(secs => $3) + make_interval(secs => $1::int * $2::float8))
				ON CONFLICT (key) DO UPDATE
				SET until = greatest(b.until, now() - make_interval(secs => $3)) + make_interval(secs => $1::int * $2::float8)
				RETURNING until)
			SELECT (extract(epoch FROM (SELECT until FROM g) - now()) * 1000000)::bigint,
				coalesce(array_agg(key), '{}'), coalesce(array_agg((extract(epoch FROM until - now()) * 1000000)::bigint), '{}')
			FROM tavern_discord_budget WHERE key <> '' AND until > now()`,
			n, every.Seconds(), tolerance.Seconds()).Scan(&end, &keys, &micros)
	})
	if err != nil {
		return 0, nil, fmt.Errorf("storage: reserve %d discord requests: %w", n, err)
	}
	held := make(map[string]time.Duration, len(keys))
	for i, k := range keys {
		held[k] = time.Duration(micros[i]) * time.Microsecond
	}
	return time.Duration(end)*time.Microsecond - time.Duration(n)*every, held, nil
}

// HoldRequests holds key for d from now for every process: "" the global
// budget (its next slot comes no sooner), else a route bucket. Buckets
// held more than a minute ago are forgotten on the way.
func (s *Store) HoldRequests(ctx context.Context, key string, d time.Duration) error {
	err := s.retry(ctx, "hold discord requests", func(ctx context.Context) error {
		_, err := s.pool.Exec(ctx, `WITH gone AS (
				DELETE FROM tavern_discord_budget WHERE key <> '' AND key <> $1 AND until < now() - interval '1 minute')
			INSERT INTO tavern_discord_budget AS b (key, until) VALUES ($1, now() + make_interval(secs => $2))
			ON CONFLICT (key) DO UPDATE SET until = greatest(b.until, excluded.until)`, key, d.Seconds())
		return err
	})
	if err != nil {
		return fmt.Errorf("storage: hold discord requests of %q: %w", key, err)
	}
	return nil
}
