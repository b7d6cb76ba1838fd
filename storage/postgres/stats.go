package postgres

import (
	"context"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
)

// Stats count what the store asked of the database since it was opened,
// for benchmarks and for sizing a deployment.
type Stats struct {
	// RoundTrips counts statements and batches sent (a batch of a move's
	// writes is one round trip; BEGIN and COMMIT are one each).
	RoundTrips int64
}

// Stats reports the counters.
func (s *Store) Stats() Stats { return Stats{RoundTrips: s.trips.n.Load()} }

// tripCounter is a pgx tracer that counts round trips.
type tripCounter struct{ n atomic.Int64 }

func (c *tripCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *tripCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (c *tripCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *tripCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *tripCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}
