package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// testDueFollowsChanges: due entries follow the table: changed, emptied,
// archived.
func testDueFollowsChanges(t *testing.T, b Backend) {
	s := b.open(t)
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	tb := NewTable("c1", "t1")
	tb.Due = []table.Due{{At: at, Kind: table.DueClock}}
	create(t, s, tb)
	check := func(now time.Time, want int) {
		t.Helper()
		got, err := s.Tables().DueBefore(ctx, now, 10)
		if err != nil || len(got) != want {
			t.Fatalf("due at %v: %v (%v), want %d", now, got, err, want)
		}
	}
	check(at.Add(-time.Second), 0)
	check(at, 1)
	set := func(due ...table.Due) {
		t.Helper()
		if err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error { tb.Due = due; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	set(table.Due{At: at.Add(time.Hour), Kind: table.DueClock}, table.Due{At: at.Add(2 * time.Hour), Kind: table.DueBot})
	check(at, 0)
	check(at.Add(3*time.Hour), 1)
	if next, ok, _ := s.Tables().NextDue(ctx); !ok || !next.Equal(at.Add(time.Hour)) {
		t.Errorf("next due %v %v", next, ok)
	}
	set()
	check(at.Add(1000*time.Hour), 0)
	if _, ok, _ := s.Tables().NextDue(ctx); ok {
		t.Error("a table without due events is still due")
	}
	// A finished table's events go when the channel's next table comes.
	set(table.Due{At: at, Kind: table.DueClock})
	if err := s.Tables().Update(ctx, "c1", func(tb *table.Table) error { tb.Status = table.StatusOver; return nil }); err != nil {
		t.Fatal(err)
	}
	create(t, s, NewTable("c1", "t2"))
	check(at.Add(time.Hour), 0)
}

// testDueOrderAndLimit: DueBefore lists each due channel once, earliest
// event first, at most limit; the instants keep their nanoseconds.
func testDueOrderAndLimit(t *testing.T, b Backend) {
	s := b.open(t)
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for i, offset := range []time.Duration{5, 1, 4, 2, 3} { // c0 … c4
		tb := NewTable(fmt.Sprint("c", i), fmt.Sprint("t", i))
		tb.Due = []table.Due{{At: base.Add(offset*time.Second + 7), Kind: table.DueClock}, {At: base.Add(time.Hour), Kind: table.DueRemind}}
		create(t, s, tb)
	}
	tests := []struct {
		now   time.Time
		limit int
		want  []string
	}{
		{base, 10, nil},
		{base.Add(time.Second), 10, nil}, // 7 ns too early
		{base.Add(time.Second + 7), 10, []string{"c1"}},
		{base.Add(3*time.Second + 7), 10, []string{"c1", "c3", "c4"}},
		{base.Add(time.Minute), 2, []string{"c1", "c3"}},
		{base.Add(2 * time.Hour), 10, []string{"c1", "c3", "c4", "c2", "c0"}},
	}
	for _, tc := range tests {
		got, err := s.Tables().DueBefore(ctx, tc.now, tc.limit)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("due at %v, limit %d: %v (%v), want %v", tc.now, tc.limit, got, err, tc.want)
		}
	}
	if next, ok, err := s.Tables().NextDue(ctx); err != nil || !ok || !next.Equal(base.Add(time.Second+7)) {
		t.Errorf("next due %v %v %v, want %v", next, ok, err, base.Add(time.Second+7))
	}
}

// testSettings: settings are stored per user and per server, read back as
// written, survive a restart, and a failing change stores nothing.
func testSettings(t *testing.T, b Backend) {
	db, reopen := b.Open(t)
	if u, err := db.Settings().User(ctx, "u1"); err != nil || !reflect.DeepEqual(u, settings.User{}) {
		t.Fatalf("unknown user: %+v, %v", u, err)
	}
	if g, err := db.Settings().Guild(ctx, "g1"); err != nil || g.AllowanceDays() != settings.DefaultAllowance {
		t.Fatalf("unknown server: %+v, %v", g, err)
	}
	at := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	want := settings.User{Notify: settings.Notify{Reminders: settings.RemindLast, Delivery: settings.DeliverMention, Quiet: true, QuietFrom: 22 * 60, QuietTo: 7 * 60,
		Zone: "Europe/Berlin", Lang: "de"}, Vacation: &clock.Span{From: at, Until: at.Add(48 * time.Hour)}, UsedYear: 2026, Used: 2}
	if err := db.Settings().UpdateUser(ctx, "u1", func(u *settings.User) error { *u = want; return nil }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	if err := db.Settings().UpdateUser(ctx, "u1", func(u *settings.User) error { u.Lang = "en"; return boom }); !errors.Is(err, boom) {
		t.Fatalf("failing change: %v", err)
	}
	cal, err := clock.NewCalendar("Europe/Berlin", 8*60, 22*60, true)
	if err != nil {
		t.Fatal(err)
	}
	days := 20
	if err := db.Settings().UpdateGuild(ctx, "g1", func(g *settings.Guild) error { g.Allowance, g.Calendar = &days, cal; return nil }); err != nil {
		t.Fatal(err)
	}
	db = reopen(t)
	got, err := db.Settings().User(ctx, "u1")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("user read back as %+v, %v; want %+v", got, err, want)
	}
	g, err := db.Settings().Guild(ctx, "g1")
	if err != nil || g.AllowanceDays() != 20 || !g.Calendar.Equal(cal) || !g.Calendar.Playing(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("server read back as %+v, %v", g, err)
	}
}

// testGuildTables: GuildTables lists a server's active tables only.
func testGuildTables(t *testing.T, b Backend) {
	db := b.open(t)
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for _, p := range []struct{ ch, guild string }{{"c1", "g1"}, {"c2", "g2"}, {"c3", "g1"}} {
		tb := table.New(table.Params{ID: "t-" + p.ch, ChannelID: p.ch, GuildID: p.guild, GameID: "x", Lang: "en", Host: table.Seat{UserID: "u"}, Now: now})
		create(t, db, tb)
	}
	if err := db.Tables().Update(ctx, "c3", func(tb *table.Table) error { tb.Status = table.StatusAbandoned; return nil }); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Settings().GuildTables(ctx, "g1"); err != nil || !reflect.DeepEqual(got, []string{"c1"}) {
		t.Errorf("GuildTables(g1) = %v, %v; want [c1]", got, err)
	}
}

// testHeartbeat: no heartbeat reads as zero; a beat survives a restart,
// to the nanosecond.
func testHeartbeat(t *testing.T, b Backend) {
	s, reopen := b.Open(t)
	if at, err := s.Uptime().Heartbeat(ctx); err != nil || !at.IsZero() {
		t.Fatalf("fresh store: heartbeat %v, %v", at, err)
	}
	at := time.Date(2026, 11, 26, 1, 2, 3, 4, time.UTC)
	if err := s.Uptime().Beat(ctx, at); err != nil {
		t.Fatal(err)
	}
	s = reopen(t)
	if got, err := s.Uptime().Heartbeat(ctx); err != nil || !got.Equal(at) {
		t.Fatalf("heartbeat after a restart %v, %v; want %v", got, err, at)
	}
	later := at.Add(time.Minute)
	if err := s.Uptime().Beat(ctx, later); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Uptime().Heartbeat(ctx); err != nil || !got.Equal(later) {
		t.Fatalf("heartbeat after a second beat %v, %v; want %v", got, err, later)
	}
}

// testOutages: none at first; an outage recorded twice from the same
// moment (processes starting together) is kept once, as first recorded,
// and reported new once; they survive a restart, oldest first, and only
// the newest storage.MaxOutages are kept.
func testOutages(t *testing.T, b Backend) {
	s, reopen := b.Open(t)
	if got, err := s.Uptime().Outages(ctx); err != nil || len(got) != 0 {
		t.Fatalf("fresh store: outages %v, %v", got, err)
	}
	at := time.Date(2026, 11, 26, 1, 2, 3, 4, time.UTC)
	span := func(k int) clock.Span {
		from := at.Add(time.Duration(k) * time.Hour)
		return clock.Span{From: from, Until: from.Add(10 * time.Minute)}
	}
	for k, rec := range []struct {
		o   clock.Span
		new bool
	}{{span(1), true}, {clock.Span{From: span(1).From, Until: span(1).Until.Add(time.Second)}, false}, {span(0), true}} {
		added, err := s.Uptime().RecordOutage(ctx, rec.o)
		if err != nil || added != rec.new {
			t.Fatalf("record %d: new %v, %v; want %v", k, added, err, rec.new)
		}
	}
	s = reopen(t)
	got, err := s.Uptime().Outages(ctx)
	same := func(a, b clock.Span) bool { return a.From.Equal(b.From) && a.Until.Equal(b.Until) }
	if err != nil || !slices.EqualFunc(got, []clock.Span{span(0), span(1)}, same) {
		t.Fatalf("outages after a restart %v, %v; want %v", got, err, []clock.Span{span(0), span(1)})
	}
	for k := 2; k < storage.MaxOutages+5; k++ {
		if _, err := s.Uptime().RecordOutage(ctx, span(k)); err != nil {
			t.Fatal(err)
		}
	}
	got, err = s.Uptime().Outages(ctx)
	if err != nil || len(got) != storage.MaxOutages || !got[0].From.Equal(span(5).From) || !got[len(got)-1].From.Equal(span(storage.MaxOutages+4).From) {
		t.Fatalf("after %d outages: %d kept (%v), want the newest %d", storage.MaxOutages+5, len(got), err, storage.MaxOutages)
	}
}

// testLiveAnswers: an answer kept is taken once, by its own table only,
// after a restart too; keeping the same message again replaces it; a
// dropped one and one kept before the cut-off are not returned, and the
// cut-off drops the old answers of every table.
func testLiveAnswers(t *testing.T, b Backend) {
	s, reopen := b.Open(t)
	at := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	answer := func(msg, channel, tb string, min int) storage.LiveAnswer {
		return storage.LiveAnswer{MessageID: msg, ChannelID: channel, TableID: tb, AppID: "app", Token: "tok-" + msg,
			At: at.Add(time.Duration(min) * time.Minute)}
	}
	for _, a := range []storage.LiveAnswer{
		answer("m1", "c1", "t1", 0), answer("m2", "c1", "t1", 1), answer("m3", "c1", "t2", 1),
		answer("m4", "c2", "t1", 1), answer("m5", "c1", "t1", 2), answer("old", "c9", "t9", -30),
	} {
		if err := s.LiveAnswers().KeepAnswer(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	again := answer("m2", "c1", "t1", 3)
	again.Token, again.Original = "newer", true
	if err := s.LiveAnswers().KeepAnswer(ctx, again); err != nil {
		t.Fatal(err)
	}
	if err := s.LiveAnswers().DropAnswer(ctx, "m5"); err != nil {
		t.Fatal(err)
	}
	s = reopen(t)
	got, err := s.LiveAnswers().TakeAnswers(ctx, "c1", "t1", at.Add(-time.Minute))
	slices.SortFunc(got, func(a, b storage.LiveAnswer) int { return strings.Compare(a.MessageID, b.MessageID) })
	want := []storage.LiveAnswer{answer("m1", "c1", "t1", 0), again}
	same := func(a, b storage.LiveAnswer) bool {
		return a.At.Equal(b.At) && a.MessageID == b.MessageID && a.Token == b.Token && a.Original == b.Original && a.AppID == b.AppID && a.ChannelID == b.ChannelID && a.TableID == b.TableID
	}
	if err != nil || !slices.EqualFunc(got, want, same) {
		t.Fatalf("take c1/t1: %+v, %v; want %+v", got, err, want)
	}
	if got, err := s.LiveAnswers().TakeAnswers(ctx, "c1", "t1", at.Add(-time.Minute)); err != nil || len(got) != 0 {
		t.Fatalf("second take of c1/t1: %+v, %v; want none", got, err)
	}
	if got, err := s.LiveAnswers().TakeAnswers(ctx, "c9", "t9", at.Add(-time.Hour)); err != nil || len(got) != 0 {
		t.Fatalf("take c9/t9 after an earlier take's cut-off: %+v, %v; want none (dropped as old)", got, err)
	}
	if got, err := s.LiveAnswers().TakeAnswers(ctx, "c1", "t2", at.Add(2*time.Minute)); err != nil || len(got) != 0 {
		t.Fatalf("take c1/t2 kept before the cut-off: %+v, %v; want none", got, err)
	}
	if got, err := s.LiveAnswers().TakeAnswers(ctx, "c2", "t1", at); err != nil || len(got) != 0 {
		t.Fatalf("take c2/t1 after another take's cut-off passed it: %+v, %v; want none", got, err)
	}

	testAnswerEnds(t, s.LiveAnswers(), reopen, at)
}

// testAnswerEnds: a table's end is known to every process, after a
// restart too, from the moment it is marked until a take's cut-off
// passes it; only that table's, and a later mark is not moved back.
func testAnswerEnds(t *testing.T, a storage.LiveAnswers, reopen func(*testing.T) storage.Store, at time.Time) {
	ended := func(channel, tb string, since time.Time) bool {
		t.Helper()
		ok, err := a.Ended(ctx, channel, tb, since)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if ended("c1", "t7", at.Add(-time.Hour)) {
		t.Fatal("a table never ended is ended")
	}
	for _, m := range []time.Duration{2 * time.Minute, time.Minute} {
		if err := a.EndAnswers(ctx, "c1", "t7", at.Add(m)); err != nil {
			t.Fatal(err)
		}
	}
	a = reopen(t).LiveAnswers()
	if !ended("c1", "t7", at.Add(2*time.Minute)) || ended("c1", "t7", at.Add(3*time.Minute)) {
		t.Fatal("the end of c1/t7 is not known as marked at its later time")
	}
	if ended("c1", "t8", at) || ended("c2", "t7", at) {
		t.Fatal("another table is ended by c1/t7's end")
	}
	if _, err := a.TakeAnswers(ctx, "c3", "t3", at.Add(3*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if ended("c1", "t7", at) {
		t.Fatal("an end before a take's cut-off is still known after the take")
	}
}

// testDMRefusals: a user's DMs marked closed are listed until the mark
// runs out, after a restart too; marking again moves the mark; marks that
// ran out are dropped.
func testDMRefusals(t *testing.T, b Backend) {
	s, reopen := b.Open(t)
	at := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	if got, err := s.DMRefusals().RefusedDMs(ctx, at); err != nil || len(got) != 0 {
		t.Fatalf("fresh store: refused %v, %v", got, err)
	}
	for user, until := range map[string]time.Time{"u1": at.Add(time.Hour), "u2": at.Add(2 * time.Hour), "u3": at.Add(time.Minute)} {
		if err := s.DMRefusals().RefuseDMs(ctx, user, until); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.DMRefusals().RefuseDMs(ctx, "u1", at.Add(3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	s = reopen(t)
	got, err := s.DMRefusals().RefusedDMs(ctx, at.Add(30*time.Minute))
	want := map[string]time.Time{"u1": at.Add(3 * time.Hour), "u2": at.Add(2 * time.Hour)}
	if err != nil || len(got) != len(want) || !got["u1"].Equal(want["u1"]) || !got["u2"].Equal(want["u2"]) {
		t.Fatalf("refused at +30 min: %v, %v; want %v", got, err, want)
	}
	if got, err := s.DMRefusals().RefusedDMs(ctx, at.Add(150*time.Minute)); err != nil || len(got) != 1 || !got["u1"].Equal(want["u1"]) {
		t.Fatalf("refused at +150 min: %v, %v; want u1 alone", got, err)
	}
}
