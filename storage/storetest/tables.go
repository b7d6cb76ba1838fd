package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

func testRoundTrip(t *testing.T, b Backend) {
	s := b.open(t)
	want := NewTable("c1", "t1")
	if err := want.Lobby().Join(tabletest.Game().Info(), table.Seat{UserID: "b", Name: "Bo", Lang: "de"}, time.Unix(200, 0).UTC()); err != nil {
		t.Fatal(err)
	}
	if _, err := want.Lobby().Start(tabletest.Game(), "a", time.Unix(300, 0).UTC()); err != nil {
		t.Fatal(err)
	}
	create(t, s, want)
	got, err := s.Tables().Get(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != want.ID || got.Version != want.Version || len(got.Seats) != 2 || got.Seats[1].Lang != "de" ||
		!bytes.Equal(got.State, want.State) || !got.CreatedAt.Equal(want.CreatedAt) || got.Options["rounds"] != "2" {
		t.Errorf("round trip changed the table:\n got %+v\nwant %+v", got, want)
	}
	if _, err := s.Tables().Get(ctx, "nope"); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Get of empty channel: %v, want ErrNotFound", err)
	}
}

func testCreateRules(t *testing.T, b Backend) {
	tests := []struct {
		name    string
		first   func(*table.Table)
		wantErr error
	}{
		{name: "active lobby blocks", first: func(*table.Table) {}, wantErr: storage.ErrActiveTable},
		{name: "abandoned is archived", first: func(t *table.Table) { t.Status = table.StatusAbandoned }},
		{name: "over is archived", first: func(t *table.Table) { t.Status = table.StatusOver }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := b.open(t)
			first := NewTable("c1", "t1")
			tc.first(first)
			create(t, s, first)
			err := s.Tables().Create(ctx, NewTable("c1", "t2"))
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("second Create: %v, want %v", err, tc.wantErr)
			}
			got, _ := s.Tables().Get(ctx, "c1")
			wantID := "t2"
			if tc.wantErr != nil {
				wantID = "t1"
			}
			if got.ID != wantID {
				t.Errorf("current table %s, want %s", got.ID, wantID)
			}
		})
	}
}

func testUpdateErrorSavesNothing(t *testing.T, b Backend) {
	s := b.open(t)
	create(t, s, NewTable("c1", "t1"))
	boom := errors.New("boom")
	err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
		tb.Version = 99
		tb.Host = "mallory"
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Update error %v, want boom", err)
	}
	got, _ := s.Tables().Get(ctx, "c1")
	if got.Version != 0 || got.Host != "a" {
		t.Errorf("failed update was saved: version %d host %s", got.Version, got.Host)
	}
	if err := s.Tables().Update(ctx, "missing", func(*table.Table) error { return nil }); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("Update of missing channel: %v", err)
	}
}

func testConcurrentUpdatesSerialize(t *testing.T, b Backend) {
	s := b.open(t)
	create(t, s, NewTable("c1", "t1"))
	const n = 20
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
				tb.Version++
				tb.AbandonVotes = append(tb.AbandonVotes, fmt.Sprint(i))
				tb.Log = append(tb.Log, table.Entry{Move: fmt.Sprint(i), Version: tb.Version})
				tb.Moves++
				tb.Due = []table.Due{{At: time.Unix(int64(i), 0), Kind: table.DueClock}}
				return nil
			}, storage.WithRecentLog(1))
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Tables().Get(ctx, "c1", storage.WithLog())
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != n || len(got.AbandonVotes) != n || got.Moves != n || len(got.Log) != n {
		t.Fatalf("version %d, %d votes, %d moves, %d entries; want %d each (lost update)", got.Version, len(got.AbandonVotes), got.Moves, len(got.Log), n)
	}
	for k, e := range got.Log {
		if e.Version != k+1 || e.Move != got.AbandonVotes[k] {
			t.Errorf("entry %d: %+v, want version %d and move %s (the vote of the same change)", k, e, k+1, got.AbandonVotes[k])
		}
	}
	// Only the last change's due event is left in the index.
	if at, ok, _ := s.Tables().NextDue(ctx); !ok || !at.Equal(got.Due[0].At) {
		t.Errorf("next due %v, want the stored table's %v", at, got.Due[0].At)
	}
}

// errStale is what a click on an old version gets.
var errStale = errors.New("stale")

// testRacingMovesApplyOnce: clicks racing on one version of a table (two
// processes, two transports) apply exactly one move each round; the others
// see the new version and are refused as stale, saving nothing.
func testRacingMovesApplyOnce(t *testing.T, b Backend) {
	s := b.open(t)
	create(t, s, NewTable("c1", "t1"))
	const rounds, racers = 5, 6
	for round := range rounds {
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			applied []int
		)
		for r := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
					if tb.Version != round { // the version the button carried
						return errStale
					}
					tb.Version++
					tb.Log = append(tb.Log, table.Entry{Move: fmt.Sprint(r), Version: tb.Version})
					tb.Moves++
					tb.Outbox = append(tb.Outbox, []byte(fmt.Sprintf("%d/%d", round, r)))
					return nil
				})
				switch {
				case err == nil:
					mu.Lock()
					applied = append(applied, r)
					mu.Unlock()
				case !errors.Is(err, errStale):
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if len(applied) != 1 {
			t.Fatalf("round %d: %d racers applied their move (%v), want exactly 1", round, len(applied), applied)
		}
	}
	got, err := s.Tables().Get(ctx, "c1", storage.WithLog())
	if err != nil {
		t.Fatal(err)
	}
	items, err := s.Tables().Outbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != rounds || got.Moves != rounds || len(got.Log) != rounds || len(items) != rounds {
		t.Fatalf("version %d, %d moves, %d entries, %d outbox items; want %d each", got.Version, got.Moves, len(got.Log), len(items), rounds)
	}
	for k, e := range got.Log {
		if want := fmt.Sprintf("%d/%s", k, e.Move); string(items[k].Data) != want || e.Version != k+1 {
			t.Errorf("entry %d %+v with outbox item %q, want %q: the log and the outbox disagree", k, e, items[k].Data, want)
		}
	}
}

// testPlayersIndex: TablesOf follows joins, leaves, bots and the end of a
// table, in every channel, and survives a restart.
func testPlayersIndex(t *testing.T, b Backend) {
	s, reopen := b.Open(t)
	info := tabletest.Game().Info()
	at := time.Unix(200, 0).UTC()
	tablesOf := func(user string) []string {
		t.Helper()
		got, err := s.Tables().TablesOf(ctx, user)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		return got
	}
	check := func(step string, want map[string][]string) {
		t.Helper()
		for user, channels := range want {
			if got := tablesOf(user); !slices.Equal(got, channels) {
				t.Errorf("%s: tables of %s: %v, want %v", step, user, got, channels)
			}
		}
	}
	create(t, s, NewTable("c1", "t-c1"), NewTable("c2", "t-c2"))
	check("two lobbies", map[string][]string{"a": {"c1", "c2"}, "b": nil})
	update := func(ch string, fn func(*table.Table) error) {
		t.Helper()
		if err := s.Tables().Update(ctx, ch, fn); err != nil {
			t.Fatal(err)
		}
	}
	update("c1", func(tb *table.Table) error { return tb.Lobby().Join(info, table.Seat{UserID: "b", Name: "Bo"}, at) })
	update("c1", func(tb *table.Table) error { return tb.Bots().Add(info, "a", "Bot", at) })
	check("b joined c1, a bot too", map[string][]string{"a": {"c1", "c2"}, "b": {"c1"}})
	update("c2", func(tb *table.Table) error { return tb.Lobby().Join(info, table.Seat{UserID: "b", Name: "Bo"}, at) })
	update("c2", func(tb *table.Table) error { return tb.Lobby().Leave("b", at) })
	check("b left c2", map[string][]string{"b": {"c1"}})
	update("c1", func(tb *table.Table) error { _, err := tb.Lobby().Start(tabletest.Game(), "a", at); return err })
	s = reopen(t)
	check("playing c1 after a restart", map[string][]string{"a": {"c1", "c2"}, "b": {"c1"}})
	update("c1", func(tb *table.Table) error {
		_, err := tb.Abandon("a", true, at)
		return err
	})
	check("c1 abandoned", map[string][]string{"a": {"c2"}, "b": nil})
}
