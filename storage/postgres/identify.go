package postgres

import (
	"context"
	"fmt"
	"time"
)

// ReserveIdentify reserves the next of Discord's identify slots of bucket
// (a shard's shard_id % max_concurrency) for any process sharing the
// database: the slot is every after the one handed out last, or now if
// that is longer ago, in one statement. at is the slot on the database's
// clock and wait how long from now until it comes. A slot whose process
// never identifies (it died meanwhile) stays taken: a shard may wait
// longer than needed, never too little.
func (s *Store) ReserveIdentify(ctx context.Context, bucket int, every time.Duration) (at time.Time, wait time.Duration, err error) {
	var micros int64
	err = s.retry(ctx, "reserve identify", func(ctx context.Context) error {
		return s.pool.QueryRow(ctx, `INSERT INTO tavern_identify AS g (bucket, last) VALUES ($1, now())
			ON CONFLICT (bucket) DO UPDATE SET last = greatest(g.last + make_interval(secs => $2), now())
			RETURNING last, (extract(epoch FROM last - now()) * 1000000)::bigint`, bucket, every.Seconds()).Scan(&at, &micros)
	})
	if err != nil {
		return time.Time{}, 0, fmt.Errorf("storage: reserve identify slot of bucket %d: %w", bucket, err)
	}
	return at, max(0, time.Duration(micros)*time.Microsecond), nil
}
