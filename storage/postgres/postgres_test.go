package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var ctx = context.Background()

// open connects to url, closing the store when the test ends.
func open(t *testing.T, url string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(ctx, postgres.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// dueListener is s's due listener: its tables tell of due changes.
func dueListener(t *testing.T, s *postgres.Store) storage.DueListener {
	t.Helper()
	l, ok := s.Tables().(storage.DueListener)
	if !ok {
		t.Fatal("the PostgreSQL tables do not tell of due changes (storage.DueListener)")
	}
	return l
}

// TestPostgresStore runs the shared store suite on PostgreSQL, a fresh
// database for each test.
func TestPostgresStore(t *testing.T) {
	c := pgtest.Require(t)
	storetest.Run(t, storetest.Backend{Open: func(t *testing.T) (storage.Store, func(*testing.T) storage.Store) {
		url := c.NewDatabase(t)
		s := open(t, url)
		reopen := func(t *testing.T) storage.Store {
			t.Helper()
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			s = open(t, url)
			return s
		}
		return s, reopen
	}, Claimed: func(t *testing.T, now func() time.Time) (storage.Store, storage.OutboxClaimer) {
		s, err := postgres.Open(ctx, postgres.Options{URL: c.NewDatabase(t), LeaseNow: now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		return s, s.Claims()
	}})
}
