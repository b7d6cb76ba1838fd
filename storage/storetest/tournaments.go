package storetest

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/tournament"
)

func newTournament(id, channel string, closes time.Time) *tournament.Tournament {
	cfg := tournament.Config{Game: "zauberschwert", Format: tournament.Swiss, TableSize: 3, MinSize: 2, Rounds: 3, Days: 2, Seed: 7}
	return tournament.New(id, "g1", channel, "org", "en", cfg, closes)
}

// testTournaments: tournaments are stored, found by id and by channel,
// survive a restart; a channel runs one at a time; a failing change stores
// nothing.
func testTournaments(t *testing.T, b Backend) {
	db, reopen := b.Open(t)
	if _, err := db.Tournaments().Tournament(ctx, "t1"); !errors.Is(err, storage.ErrNoTournament) {
		t.Fatalf("before any: %v", err)
	}
	if _, err := db.Tournaments().ChannelTournament(ctx, "c1"); !errors.Is(err, storage.ErrNoTournament) {
		t.Fatalf("before any, by channel: %v", err)
	}
	tr := newTournament("t1", "c1", time.Time{})
	if err := db.Tournaments().CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if err := db.Tournaments().CreateTournament(ctx, newTournament("t2", "c1", time.Time{})); !errors.Is(err, storage.ErrActiveTournament) {
		t.Fatalf("second in a busy channel: %v", err)
	}
	if err := db.Tournaments().CreateTournament(ctx, newTournament("t1", "c2", time.Time{})); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("same id again: %v", err)
	}
	boom := errors.New("boom")
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error {
		t.Players = append(t.Players, tournament.Player{ID: "u1"})
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("failing change: %v", err)
	}
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error {
		return t.Join(tournament.Player{ID: "u1", Name: "Ada"})
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.Tournaments().UpdateTournament(ctx, "nope", func(*tournament.Tournament) error { return nil }); !errors.Is(err, storage.ErrNoTournament) {
		t.Fatalf("update of none: %v", err)
	}
	db = reopen(t)
	got, err := db.Tournaments().ChannelTournament(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Join(tournament.Player{ID: "u1", Name: "Ada"}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, tr) {
		t.Errorf("read back %+v, want %+v", got, tr)
	}
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error { t.Status = tournament.StatusOver; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := db.Tournaments().CreateTournament(ctx, newTournament("t2", "c1", time.Time{})); err != nil {
		t.Fatalf("new tournament after the last is over: %v", err)
	}
	if got, err := db.Tournaments().ChannelTournament(ctx, "c1"); err != nil || got.ID != "t2" {
		t.Fatalf("channel's current: %v, %v", got, err)
	}
	if got, err := db.Tournaments().Tournament(ctx, "t1"); err != nil || got.Status != tournament.StatusOver {
		t.Fatalf("the old one by id: %v, %v", got, err)
	}
}

// testTournamentDue: a tournament's due moment is in the tables' due index
// under its own name, moves with the record, and leaves when nothing is due.
func testTournamentDue(t *testing.T, b Backend) {
	db, reopen := b.Open(t)
	closes := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	if err := db.Tournaments().CreateTournament(ctx, newTournament("t1", "c1", closes)); err != nil {
		t.Fatal(err)
	}
	due := func(now time.Time) []string {
		t.Helper()
		got, err := db.Tables().DueBefore(ctx, now, 10)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := due(closes.Add(-time.Second)); len(got) != 0 {
		t.Errorf("due before sign-up closes: %v", got)
	}
	got := due(closes)
	if len(got) != 1 {
		t.Fatalf("due at the close: %v", got)
	}
	if id, ok := storage.ParseTournamentDue(got[0]); !ok || id != "t1" {
		t.Errorf("due entry %q is not tournament t1's", got[0])
	}
	if _, ok := storage.ParseTournamentDue("123456"); ok {
		t.Error("a channel id parsed as a tournament")
	}
	if at, ok, err := db.Tables().NextDue(ctx); err != nil || !ok || !at.Equal(closes) {
		t.Errorf("next due %v %v %v", at, ok, err)
	}
	ends := closes.Add(48 * time.Hour)
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error {
		t.Status = tournament.StatusRunning
		t.Rounds = []tournament.Round{{Ends: ends}}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := due(ends.Add(-time.Second)); len(got) != 0 {
		t.Errorf("the old due moment stayed: %v", got)
	}
	db = reopen(t)
	if got := due(ends); len(got) != 1 || got[0] != storage.TournamentDue("t1") {
		t.Errorf("due at the round's end after a reopen: %v", got)
	}
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error { t.Status = tournament.StatusOver; return nil }); err != nil {
		t.Fatal(err)
	}
	if got := due(ends.Add(time.Hour)); len(got) != 0 {
		t.Errorf("an ended tournament is still due: %v", got)
	}
	if _, ok, err := db.Tables().NextDue(ctx); err != nil || ok {
		t.Errorf("next due after the end: %v %v", ok, err)
	}
}

// testTournamentOutbox: what a tournament's change must post is staged in
// the outbox with it (under the tournament's channel and due name), its
// keys given back; a failing change stages nothing; Delivered removes it.
func testTournamentOutbox(t *testing.T, b Backend) {
	db, reopen := b.Open(t)
	tr := newTournament("t1", "c1", time.Time{})
	tr.Outbox = [][]byte{[]byte("sign-up")}
	if err := db.Tournaments().CreateTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	if len(tr.OutboxKeys) != 1 {
		t.Fatalf("create gave keys %v, want 1", tr.OutboxKeys)
	}
	boom := errors.New("boom")
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error {
		t.Outbox = [][]byte{[]byte("lost")}
		return boom
	}); !errors.Is(err, boom) {
		t.Fatalf("failing change: %v", err)
	}
	var staged *tournament.Tournament
	if err := db.Tournaments().UpdateTournament(ctx, "t1", func(t *tournament.Tournament) error {
		t.Version++
		t.Outbox = [][]byte{[]byte("edit"), []byte("announce")}
		staged = t
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	keys := staged.OutboxKeys
	db = reopen(t)
	items, err := db.Tables().Outbox(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		if it.ChannelID != "c1" || it.TableID != storage.TournamentDue("t1") {
			t.Errorf("item %q staged for %s/%s", it.Data, it.ChannelID, it.TableID)
		}
		got = append(got, string(it.Data))
	}
	if want := []string{"sign-up", "edit", "announce"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("outbox %q, want %q", got, want)
	}
	if got, err := db.Tournaments().Tournament(ctx, "t1"); err != nil || got.Version != 1 || got.Outbox != nil {
		t.Fatalf("stored %+v, %v", got, err)
	}
	if want := []string{tr.OutboxKeys[0], keys[0], keys[1]}; len(keys) != 2 || !reflect.DeepEqual([]string{items[0].Key, items[1].Key, items[2].Key}, want) {
		t.Fatalf("keys given back %v and %v, stored %v", tr.OutboxKeys, keys, items)
	}
	for _, k := range tr.OutboxKeys[:1] {
		if err := db.Tables().Delivered(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range keys {
		if err := db.Tables().Delivered(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	if left, err := db.Tables().Outbox(ctx); err != nil || len(left) != 0 {
		t.Fatalf("after delivery: %d items, %v", len(left), err)
	}
}
