// Package storetest is the one behavioural test suite of storage.Store:
// every backend (bbolt, PostgreSQL) runs it, so both keep the same
// promises (compare-and-set updates applied exactly once, the log, the due
// index, the outbox, the players index, settings and the heartbeat).
// Tests of one backend's own layout (bbolt's file, its migrations) stay
// with that backend.
package storetest

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// Backend opens stores for the suite.
type Backend struct {
	// Open returns a fresh, empty store for one test and a function that
	// closes it and opens the same data again (a restart). Open registers
	// the cleanup of whatever it opens.
	Open func(t *testing.T) (s storage.Store, reopen func(t *testing.T) storage.Store)
	// Claimed returns a fresh, empty store and its OutboxClaimer, whose
	// leases run by now (a lease runs out without waiting for it).
	Claimed func(t *testing.T, now func() time.Time) (storage.Store, storage.OutboxClaimer)
}

// Run runs every test of the suite against b, each on a fresh store.
func Run(t *testing.T, b Backend) {
	tests := []struct {
		name string
		run  func(t *testing.T, b Backend)
	}{
		{"RoundTrip", testRoundTrip},
		{"CreateRules", testCreateRules},
		{"UpdateErrorSavesNothing", testUpdateErrorSavesNothing},
		{"ConcurrentUpdatesSerialize", testConcurrentUpdatesSerialize},
		{"RacingMovesApplyOnce", testRacingMovesApplyOnce},
		{"LogOptions", testLogOptions},
		{"ShortenLog", testShortenLog},
		{"InconsistentChangesRefused", testInconsistentChangesRefused},
		{"DueFollowsChanges", testDueFollowsChanges},
		{"DueOrderAndLimit", testDueOrderAndLimit},
		{"Outbox", testOutbox},
		{"ClaimsOrderDeliveries", testClaimsOrderDeliveries},
		{"ClaimsLease", testClaimsLease},
		{"ClaimsRenewed", testClaimsRenewed},
		{"PlayersIndex", testPlayersIndex},
		{"Settings", testSettings},
		{"GuildTables", testGuildTables},
		{"Heartbeat", testHeartbeat},
		{"Outages", testOutages},
		{"LiveAnswers", testLiveAnswers},
		{"DMRefusals", testDMRefusals},
		{"Tournaments", testTournaments},
		{"TournamentDue", testTournamentDue},
		{"TournamentOutbox", testTournamentOutbox},
		{"Ratings", testRatings},
		{"RecordGameOnce", testRecordGameOnce},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, b) })
	}
}

var ctx = context.Background()

// open is b.Open without the reopen.
func (b Backend) open(t *testing.T) storage.Store {
	t.Helper()
	s, _ := b.Open(t)
	return s
}

// NewTable is a lobby of the test game in channel, hosted by user "a".
func NewTable(channel, id string) *table.Table {
	return table.New(table.Params{ID: id, ChannelID: channel, GameID: tabletest.ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "Ann"}, Seed: 3, Now: time.Unix(100, 0).UTC()})
}

// AppendMoves appends n synthetic log entries to the channel's table, one
// Update each (loading the log opts ask for), as moves do: a constant-size
// state, one entry per move.
func AppendMoves(t testing.TB, s storage.Store, channel string, n int, opts ...storage.LoadOption) {
	t.Helper()
	for range n {
		err := s.Tables().Update(ctx, channel, func(tb *table.Table) error {
			tb.Version++
			tb.Log = append(tb.Log, SyntheticEntry(tb.Moves, tb.Version))
			tb.Moves++
			return nil
		}, opts...)
		if err != nil {
			t.Fatal(err)
		}
	}
}

// SyntheticEntry is the log entry AppendMoves writes at index i: its move
// is "bid" + i%3, with narration so that entries carry every kind of field.
func SyntheticEntry(i, version int) table.Entry {
	return table.Entry{
		Seat: i % 2, Move: "bid" + fmt.Sprint(i%3), Version: version, At: time.Unix(int64(i), 0).UTC(),
		Events: []games.Text{games.T("ev.bid", "who", games.Player(i%2), "card", games.Ref("card.x"), "n", i)},
	}
}

// create stores tables, failing the test on an error.
func create(t *testing.T, s storage.Store, tables ...*table.Table) {
	t.Helper()
	for _, tb := range tables {
		if err := s.Tables().Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
}

// Bolt is a fresh bbolt store in tb's temporary directory, without fsync,
// closed when tb ends: the store the packages above storage test on.
func Bolt(tb testing.TB) *storage.Bolt {
	tb.Helper()
	s, err := storage.OpenWith(filepath.Join(tb.TempDir(), "tavern.db"), storage.Options{NoSync: true})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}
