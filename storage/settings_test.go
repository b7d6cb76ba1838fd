package storage_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Settings are stored per user and per server, read back as written,
// survive a reopen, and a failing change stores nothing.
func TestSettings(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db")
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if u, err := db.User(ctx, "u1"); err != nil || !reflect.DeepEqual(u, settings.User{}) {
		t.Fatalf("unknown user: %+v, %v", u, err)
	}
	if g, err := db.Guild(ctx, "g1"); err != nil || g.AllowanceDays() != settings.DefaultAllowance {
		t.Fatalf("unknown server: %+v, %v", g, err)
	}
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	want := settings.User{Notify: settings.Notify{Reminders: settings.RemindLast, Delivery: settings.DeliverMention, Quiet: true, QuietFrom: 22 * 60, QuietTo: 7 * 60,
		Zone: "Europe/Berlin", Lang: "de"}, Vacation: &clock.Span{From: at, Until: at.Add(48 * time.Hour)}, UsedYear: 2026, Used: 2}
	if err := db.UpdateUser(ctx, "u1", func(u *settings.User) error { *u = want; return nil }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := db.UpdateUser(ctx, "u1", func(u *settings.User) error { u.Lang = "en"; return boom }); !errors.Is(err, boom) {
		t.Fatalf("failing change: %v", err)
	}
	cal, err := clock.NewCalendar("Europe/Berlin", 8*60, 22*60, true)
	if err != nil {
		t.Fatal(err)
	}
	days := 20
	if err := db.UpdateGuild(ctx, "g1", func(g *settings.Guild) error { g.Allowance, g.Calendar = &days, cal; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if db, err = storage.Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := db.User(ctx, "u1")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("user read back as %+v, %v; want %+v", got, err, want)
	}
	g, err := db.Guild(ctx, "g1")
	if err != nil || g.AllowanceDays() != 20 || !g.Calendar.Equal(cal) || !g.Calendar.Playing(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("server read back as %+v, %v", g, err)
	}
}

// GuildTables lists a server's active tables only.
func TestGuildTables(t *testing.T) {
	ctx := context.Background()
	db, err := storage.Open(filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, p := range []struct{ ch, guild string }{{"c1", "g1"}, {"c2", "g2"}, {"c3", "g1"}} {
		tb := table.New(table.Params{ID: "t-" + p.ch, ChannelID: p.ch, GuildID: p.guild, GameID: "x", Lang: "en", Host: table.Seat{UserID: "u"}, Now: now})
		if err := db.Create(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Update(ctx, "c3", func(tb *table.Table) error { tb.Status = table.StatusAbandoned; return nil }); err != nil {
		t.Fatal(err)
	}
	if got, err := db.GuildTables(ctx, "g1"); err != nil || !reflect.DeepEqual(got, []string{"c1"}) {
		t.Errorf("GuildTables(g1) = %v, %v; want [c1]", got, err)
	}
}
