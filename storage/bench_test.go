package storage_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/storetest"
)

// BenchmarkDueBefore is the scheduler's query with 100,000 stored tables of
// which none is due: it must not depend on the number of tables.
func BenchmarkDueBefore(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.db")
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	due := map[int]bool{}
	for k := range 50 {
		due[k*1999] = true
	}
	bulkTables(b, path, 100000, due, base.Add(time.Hour))
	s, err := storage.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ResetTimer()
	for range b.N {
		got, err := s.Tables().DueBefore(ctx, base, 1000)
		if err != nil || len(got) != 0 {
			b.Fatalf("%v %v", got, err)
		}
	}
}

// BenchmarkUpdateMove is one appended move at a table with 10 and with
// 1,000 moves already: the cost must not grow with the game.
func BenchmarkUpdateMove(b *testing.B) {
	for _, moves := range []int{10, 1000} {
		b.Run(fmt.Sprint(moves), func(b *testing.B) {
			s, err := storage.Open(filepath.Join(b.TempDir(), "t.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			if err := s.Tables().Create(ctx, storetest.NewTable("c1", "t1")); err != nil {
				b.Fatal(err)
			}
			storetest.AppendMoves(b, s, "c1", moves)
			written := s.Stats().BytesWritten
			b.ResetTimer()
			storetest.AppendMoves(b, s, "c1", b.N)
			b.ReportMetric(float64(s.Stats().BytesWritten-written)/float64(b.N), "B-written/move")
		})
	}
}
