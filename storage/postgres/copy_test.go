package postgres_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tournament"
)

// fill gives s a little of everything: a running game with a log and a due
// event, a finished game archived under a new lobby, outbox items,
// settings, a heartbeat and two outages.
func fill(t *testing.T, s storage.Store) {
	t.Helper()
	at := time.Date(2026, 11, 26, 3, 0, 0, 123, time.UTC)
	game := storetest.NewTable("c1", "t1")
	if err := game.Lobby().Join(tabletest.Game().Info(), table.Seat{UserID: "b", Name: "Bo"}, at); err != nil {
		t.Fatal(err)
	}
	if _, err := game.Lobby().Start(tabletest.Game(), "a", at); err != nil {
		t.Fatal(err)
	}
	old := storetest.NewTable("c2", "t2")
	for _, tb := range []*table.Table{game, old} {
		if err := s.Tables().Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	storetest.AppendMoves(t, s, "c1", 4)
	storetest.AppendMoves(t, s, "c2", 3)
	err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error {
		tb.Due = []table.Due{{At: at.Add(time.Hour), Kind: table.DueClock}}
		tb.Outbox = [][]byte{[]byte("first"), []byte("second")}
		return nil
	})
	if err == nil {
		err = s.Tables().Update(ctx, "c2", func(tb *table.Table) error { tb.Status = table.StatusOver; return nil })
	}
	if err == nil {
		err = s.Tables().Create(ctx, storetest.NewTable("c2", "t3"))
	}
	if err == nil {
		err = s.Settings().UpdateUser(ctx, "b", func(u *settings.User) error { u.Lang, u.Used = "de", 3; return nil })
	}
	if err == nil {
		err = s.Settings().UpdateGuild(ctx, "g1", func(g *settings.Guild) error { days := 9; g.Allowance = &days; return nil })
	}
	if err == nil {
		err = s.Uptime().Beat(ctx, at)
	}
	for i := range 2 {
		if err == nil {
			from := at.Add(-time.Duration(48-24*i) * time.Hour)
			_, err = s.Uptime().RecordOutage(ctx, clock.Span{From: from, Until: from.Add(3 * time.Hour)})
		}
	}
	if err == nil {
		cfg := tournament.Config{Game: "zauberschwert", Format: tournament.Swiss, TableSize: 3, MinSize: 2, Rounds: 3, Days: 2, Seed: 7}
		err = s.Tournaments().CreateTournament(ctx, tournament.New("tour1", "g1", "c3", "org", "en", cfg, at.Add(2*time.Hour)))
	}
	if err == nil {
		_, err = s.Ratings().RecordGame(ctx, rating.Game{TableID: "t0", GameID: "zauberschwert", GuildID: "g1", Rated: true,
			Players: []rating.Player{{UserID: "a", Name: "A", Rank: 1}, {UserID: "b", Name: "B", Rank: 2}}})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// records lists what c exports, sorted, without the outbox's keys (a copy
// numbers its items anew).
func records(t *testing.T, c storage.Copier) []string {
	t.Helper()
	var out []string
	err := c.Export(ctx, func(r storage.Record) error {
		out = append(out, fmt.Sprintf("%s|%s|%s|%d|%s|%q|%s", r.Kind, r.ChannelID, r.TableID, r.Index, r.Key, r.Data, r.At.Format(time.RFC3339Nano)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestCopyBothWays: bbolt → PostgreSQL → bbolt keeps every record, and the
// copies serve the same tables, logs, due events, players, outbox,
// settings, heartbeat and outages.
func TestCopyBothWays(t *testing.T) {
	c := pgtest.Require(t)
	src, err := storage.Open(filepath.Join(t.TempDir(), "from.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	fill(t, src)
	pg := open(t, c.NewDatabase(t))
	back, err := storage.Open(filepath.Join(t.TempDir(), "back.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()

	want := records(t, src)
	counts, err := storage.Copy(ctx, src, pg, 3)
	if err != nil {
		t.Fatal(err)
	}
	wantCounts := map[storage.RecordKind]int{storage.RecordTable: 2, storage.RecordArchived: 1, storage.RecordLog: 7,
		storage.RecordOutbox: 2, storage.RecordUser: 1, storage.RecordGuild: 1, storage.RecordHeartbeat: 1,
		storage.RecordTournament: 1, storage.RecordTournamentChannel: 1, storage.RecordRating: 4, storage.RecordStats: 2, storage.RecordRecorded: 1,
		storage.RecordOutage: 2}
	if !reflect.DeepEqual(counts, wantCounts) {
		t.Errorf("copied %v, want %v", counts, wantCounts)
	}
	if _, err := storage.Copy(ctx, src, pg, 3); !errors.Is(err, storage.ErrNotEmpty) {
		t.Errorf("a second copy into the same database: %v, want ErrNotEmpty", err)
	}
	if _, err := storage.Copy(ctx, pg, back, 1000); err != nil {
		t.Fatal(err)
	}
	for _, dst := range []struct {
		name string
		s    interface {
			storage.Store
			storage.Copier
		}
	}{{"postgres", pg}, {"bolt again", back}} {
		t.Run(dst.name, func(t *testing.T) {
			if got := records(t, dst.s); !slices.Equal(got, want) {
				t.Errorf("records differ:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
			}
			same(t, src, dst.s)
		})
	}
}

// same checks that b serves what a serves.
func same(t *testing.T, a, b storage.Store) {
	t.Helper()
	for _, ch := range []string{"c1", "c2"} {
		x, err1 := a.Tables().Get(ctx, ch, storage.WithLog())
		y, err2 := b.Tables().Get(ctx, ch, storage.WithLog())
		if err1 != nil || err2 != nil || !reflect.DeepEqual(x, y) {
			t.Errorf("%s: %+v (%v)\nwant %+v (%v)", ch, y, err2, x, err1)
		}
	}
	far := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	check := func(what string, get func(storage.Store) (any, error)) {
		t.Helper()
		x, err1 := get(a)
		y, err2 := get(b)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(x, y) {
			t.Errorf("%s: %v (%v), want %v (%v)", what, y, err2, x, err1)
		}
	}
	check("due", func(s storage.Store) (any, error) { return s.Tables().DueBefore(ctx, far, 10) })
	check("next due", func(s storage.Store) (any, error) {
		at, ok, err := s.Tables().NextDue(ctx)
		return fmt.Sprint(at, ok), err
	})
	check("tables of b", func(s storage.Store) (any, error) { return s.Tables().TablesOf(ctx, "b") })
	check("tables of a", func(s storage.Store) (any, error) {
		got, err := s.Tables().TablesOf(ctx, "a")
		slices.Sort(got)
		return got, err
	})
	check("user", func(s storage.Store) (any, error) { return s.Settings().User(ctx, "b") })
	check("guild", func(s storage.Store) (any, error) {
		g, err := s.Settings().Guild(ctx, "g1")
		return g.AllowanceDays(), err
	})
	check("heartbeat", func(s storage.Store) (any, error) { return s.Uptime().Heartbeat(ctx) })
	check("outages", func(s storage.Store) (any, error) {
		spans, err := s.Uptime().Outages(ctx)
		var out []string // the backends keep times at different precisions of location
		for _, o := range spans {
			out = append(out, o.From.UTC().String()+"–"+o.Until.UTC().String())
		}
		return out, err
	})
	check("tournament", func(s storage.Store) (any, error) { return s.Tournaments().ChannelTournament(ctx, "c3") })
	check("leaderboard", func(s storage.Store) (any, error) {
		return s.Ratings().Leaderboard(ctx, rating.Key{Game: "zauberschwert", Scope: rating.Global})
	})
	check("stats", func(s storage.Store) (any, error) { return s.Ratings().PlayerStats(ctx, "b") })
	check("outbox", func(s storage.Store) (any, error) {
		items, err := s.Tables().Outbox(ctx)
		var data []string
		for _, it := range items {
			data = append(data, it.ChannelID+"/"+it.TableID+"/"+string(it.Data))
		}
		return data, err
	})
}
