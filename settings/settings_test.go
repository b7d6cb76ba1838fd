package settings

import (
	"errors"
	"testing"
	"time"
)

func TestQuietUntil(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	at := func(d, h, m int) time.Time { return time.Date(2026, 11, d, h, m, 0, 0, berlin) }
	night := Notify{Quiet: true, QuietFrom: 22 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}
	lunch := Notify{Quiet: true, QuietFrom: 12 * 60, QuietTo: 13*60 + 30, Zone: "Europe/Berlin"}
	tests := []struct {
		name string
		u    Notify
		now  time.Time
		want time.Time // zero: not quiet
	}{
		{"none set", Notify{}, at(2, 3, 0), time.Time{}},
		{"before midnight", night, at(2, 23, 0), at(3, 7, 0)},
		{"after midnight", night, at(3, 3, 0), at(3, 7, 0)},
		{"at the start", night, at(2, 22, 0), at(3, 7, 0)},
		{"at the end", night, at(3, 7, 0), time.Time{}},
		{"daytime", night, at(3, 12, 0), time.Time{}},
		{"within a day", lunch, at(3, 12, 59), at(3, 13, 30)},
		{"outside", lunch, at(3, 14, 0), time.Time{}},
		{"zone applies", Notify{Quiet: true, QuietFrom: 22 * 60, QuietTo: 7 * 60}, at(2, 23, 0), time.Time{}}, // 22:00 UTC: quiet
	}
	tests[len(tests)-1].want = time.Date(2026, 11, 3, 7, 0, 0, 0, time.UTC)
	for _, tc := range tests {
		got, ok := tc.u.QuietUntil(tc.now)
		if ok != !tc.want.IsZero() || (ok && !got.Equal(tc.want)) {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, ok, tc.want)
		}
	}
}

func TestParseQuiet(t *testing.T) {
	for in, want := range map[string][3]int{"22-7": {1320, 420, 1}, "22:30-06:15": {1350, 375, 1}, "off": {0, 0, 0}, "0-6": {0, 360, 1}} {
		from, to, on, err := ParseQuiet(in)
		if err != nil || from != want[0] || to != want[1] || on != (want[2] == 1) {
			t.Errorf("ParseQuiet(%q) = %d, %d, %v, %v", in, from, to, on, err)
		}
	}
	for _, bad := range []string{"", "7", "7-7", "24-6", "22:60-6", "a-b", "22-", "-5-6", "123-4"} {
		if _, _, _, err := ParseQuiet(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("ParseQuiet(%q) = %v, want ErrInvalid", bad, err)
		}
	}
	if got := FormatQuiet(1350, 375); got != "22:30-06:15" {
		t.Errorf("FormatQuiet = %q", got)
	}
}

func TestWants(t *testing.T) {
	for _, tc := range []struct {
		r          Reminders
		time, last bool
	}{{"", true, true}, {RemindAll, true, true}, {RemindLast, false, true}, {RemindNone, false, false}} {
		u := Notify{Reminders: tc.r}
		if u.Wants(false) != tc.time || u.Wants(true) != tc.last {
			t.Errorf("%q: time %v last %v", tc.r, u.Wants(false), u.Wants(true))
		}
	}
}

// Vacations are counted per calendar year against the allowance; an early
// end gives back the days not begun; bad requests change nothing.
func TestVacationAllowance(t *testing.T) {
	day := 24 * time.Hour
	jan := time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	var u User
	span, err := u.TakeVacation(5, 14, jan)
	if err != nil || !span.Until.Equal(jan.Add(5*day)) || u.Left(14, jan) != 9 {
		t.Fatalf("5 days: %+v, %v, %d left", span, err, u.Left(14, jan))
	}
	if v, ok := u.On(jan.Add(day)); !ok || v != span {
		t.Error("not on vacation during it")
	}
	// Ended after a day and a half: two days count.
	if err := u.EndVacation(jan.Add(36 * time.Hour)); err != nil || u.Left(14, jan) != 12 {
		t.Fatalf("ended early: %v, %d left, want 12", err, u.Left(14, jan))
	}
	if _, ok := u.On(jan.Add(2 * day)); ok {
		t.Error("still on vacation after its end")
	}
	if err := u.EndVacation(jan.Add(3 * day)); !errors.Is(err, ErrNoVacation) {
		t.Errorf("ending none: %v", err)
	}
	before := u
	for _, tc := range []struct {
		days int
		want error
	}{{0, ErrVacationDays}, {-3, ErrVacationDays}, {13, ErrAllowance}} {
		if _, err := u.TakeVacation(tc.days, 14, jan.Add(3*day)); !errors.Is(err, tc.want) {
			t.Errorf("%d days: %v, want %v", tc.days, err, tc.want)
		}
		if u.Used != before.Used || u.Vacation != before.Vacation {
			t.Errorf("%d days changed the settings", tc.days)
		}
	}
	if _, err := u.TakeVacation(12, 14, jan.Add(3*day)); err != nil || u.Left(14, jan) != 0 {
		t.Fatalf("the rest: %v, %d left", err, u.Left(14, jan))
	}
	// A new vacation while one runs replaces it; its spent days count.
	if span, err := u.TakeVacation(1, 14, jan.Add(4*day)); err != nil || u.Left(14, jan) != 10 || !span.From.Equal(jan.Add(4*day)) {
		t.Errorf("replacing a vacation after a day: %+v, %v, %d left; want 10", span, err, u.Left(14, jan))
	}
	// A new year brings a new allowance.
	next := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	if u.Left(14, next) != 14 {
		t.Errorf("left in the new year: %d", u.Left(14, next))
	}
	if _, err := u.TakeVacation(14, 14, next); err != nil || u.UsedYear != 2027 || u.Used != 14 {
		t.Errorf("the new year's: %v, %+v", err, u)
	}
}
