package storage

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// BenchmarkCommitFloor is what the disk alone costs a move: bare bbolt
// write transactions with the store's options, no tables, no JSON, each
// appending one value of size bytes to each of buckets buckets (as a move
// appends a log entry and an outbox item and rewrites a snapshot). It
// reports the pages a commit writes, to set beside BenchmarkMoveRules'
// pages/move in package commands, and p50/p99 of the whole transaction.
func BenchmarkCommitFloor(b *testing.B) {
	for _, c := range []struct{ buckets, size int }{{1, 100}, {1, 8000}, {3, 1000}, {3, 2000}, {4, 2000}} {
		b.Run(fmt.Sprintf("%dx%dB", c.buckets, c.size), func(b *testing.B) {
			db, err := bolt.Open(filepath.Join(b.TempDir(), "floor.db"), 0o600, boltOptions(Options{}))
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			val := make([]byte, c.size)
			took := make([]time.Duration, 0, b.N)
			before := db.Stats()
			pages := before.TxStats.GetPageCount()
			b.ResetTimer()
			for i := range b.N {
				start := time.Now()
				err := db.Update(func(tx *bolt.Tx) error {
					for k := range c.buckets {
						bk, err := tx.CreateBucketIfNotExists([]byte{'a' + byte(k)})
						if err != nil {
							return err
						}
						if err := bk.Put(binary.BigEndian.AppendUint64(nil, uint64(i)), val); err != nil {
							return err
						}
					}
					return nil
				})
				took = append(took, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			slices.Sort(took)
			stats := db.Stats()
			b.ReportMetric(float64(stats.TxStats.GetPageCount()-pages)/float64(b.N), "pages/commit")
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[min(len(took)-1, len(took)*99/100)].Microseconds())/1000, "p99-ms")
		})
	}
}
