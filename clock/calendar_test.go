package clock

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

var berlin = mustZone("Europe/Berlin")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// local is a wall time in Berlin in November 2026 (Monday the 2nd is a
// weekday; the 7th and 8th are a weekend).
func local(day, hour, minute int) time.Time {
	return time.Date(2026, time.November, day, hour, minute, 0, 0, berlin)
}

func mustCalendar(t *testing.T, hours string, weekendsOff bool) Calendar {
	t.Helper()
	from, to, err := ParseHours(hours)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewCalendar("Europe/Berlin", from, to, weekendsOff)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Every kind of clock under every calendar, with and without a vacation:
// the deadline counts running time only.
func TestCalendarDeadlines(t *testing.T) {
	decision := Rules{Kind: Decision, PerDecision: 24 * h}
	bank := Rules{Kind: Bank, Initial: 3 * day, Increment: day, Max: 7 * day}
	phase := Rules{Phase: 2 * h}
	const (
		allDay   = "off"
		daytime  = "8-22"
		weekdays = true
	)
	type vacation struct{ from, until time.Time }
	tests := []struct {
		name     string
		rules    Rules
		hours    string
		weekends bool
		start    time.Time
		phase    string
		off      []vacation
		want     time.Time
	}{
		{"decision, always", decision, allDay, false, local(2, 10, 0), "", nil, local(3, 10, 0)},
		{"decision, playing hours", decision, daytime, false, local(2, 10, 0), "", nil, local(3, 20, 0)},
		{"decision, weekends off on weekdays", decision, allDay, weekdays, local(2, 10, 0), "", nil, local(3, 10, 0)},
		{"decision from friday, weekends off", decision, allDay, weekdays, local(6, 18, 0), "", nil, local(9, 18, 0)},
		{"decision from friday, playing hours", decision, daytime, false, local(6, 18, 0), "", nil, local(8, 14, 0)},
		{"decision from friday, both", decision, daytime, weekdays, local(6, 18, 0), "", nil, local(10, 14, 0)},
		{"decision begun at night starts in the morning", decision, daytime, false, local(2, 23, 0), "", nil, local(4, 18, 0)},
		{"decision begun on a saturday starts on monday", decision, allDay, weekdays, local(7, 9, 0), "", nil, local(10, 0, 0)},
		{"bank, playing hours", bank, daytime, false, local(2, 10, 0), "", nil, local(7, 12, 0)},
		{"bank, both", bank, daytime, weekdays, local(2, 10, 0), "", nil, local(9, 12, 0)},
		{"bank, weekends off", bank, allDay, weekdays, local(4, 12, 0), "", nil, local(9, 12, 0)},
		{"phase timer, playing hours", phase, daytime, false, local(2, 21, 0), "p", nil, local(3, 9, 0)},
		{"phase timer, weekends off", phase, allDay, weekdays, local(6, 23, 0), "p", nil, local(9, 1, 0)},
		{"decision, vacation", decision, allDay, false, local(2, 10, 0), "", []vacation{{local(2, 12, 0), local(4, 12, 0)}}, local(5, 10, 0)},
		{"decision, vacation and playing hours", decision, daytime, false, local(2, 10, 0), "", []vacation{{local(2, 12, 0), local(4, 12, 0)}}, local(5, 20, 0)},
		{"a vacation at night changes nothing", decision, daytime, false, local(2, 10, 0), "", []vacation{{local(2, 22, 0), local(3, 8, 0)}}, local(3, 20, 0)},
		{"a vacation over a weekend off", decision, allDay, weekdays, local(6, 18, 0), "", []vacation{{local(6, 20, 0), local(9, 8, 0)}}, local(10, 6, 0)},
		{"bank, vacation", bank, allDay, false, local(2, 10, 0), "", []vacation{{local(3, 10, 0), local(10, 10, 0)}}, local(12, 10, 0)},
		{"phase timer, vacation", phase, allDay, false, local(2, 10, 0), "p", []vacation{{local(2, 11, 0), local(3, 11, 0)}}, local(3, 12, 0)},
		{"two vacations", decision, allDay, false, local(2, 0, 0), "", []vacation{{local(2, 6, 0), local(2, 12, 0)}, {local(2, 18, 0), local(3, 0, 0)}}, local(3, 12, 0)},
		{"a vacation that began before the decision", decision, allDay, false, local(2, 10, 0), "", []vacation{{local(1, 10, 0), local(3, 10, 0)}}, local(4, 10, 0)},
		{"a vacation ended before the decision", decision, allDay, false, local(2, 10, 0), "", []vacation{{local(1, 10, 0), local(2, 9, 0)}}, local(3, 10, 0)},
		{"no clock with a calendar", Rules{}, daytime, weekdays, local(2, 10, 0), "", nil, time.Time{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.rules
			r.Calendar = mustCalendar(t, tc.hours, tc.weekends)
			if err := r.Validate(); err != nil {
				t.Fatal(err)
			}
			s := r.Begin()
			for _, v := range tc.off {
				s = r.Off(s, v.from, v.until)
			}
			s = r.Start(s, tc.start, tc.phase)
			at, ok := r.Deadline(s)
			if tc.want.IsZero() {
				if ok {
					t.Fatalf("deadline %v, want none", at.In(berlin))
				}
				return
			}
			if !ok || !at.Equal(tc.want) {
				t.Fatalf("deadline %v (%v), want %v", at.In(berlin), ok, tc.want)
			}
			if r.Expired(s, at.Add(-time.Nanosecond)) || !r.Expired(s, at) {
				t.Error("Expired disagrees with the deadline")
			}
			if left, ok := r.Remaining(s, at); !ok || left != 0 {
				t.Errorf("remaining at the deadline %v (%v), want 0", left, ok)
			}
		})
	}
}

// What a seat is charged and has left counts running time only: nights,
// weekends and vacations are free.
func TestCalendarCharges(t *testing.T) {
	bank := Rules{Kind: Bank, Initial: 3 * day, Increment: day, Max: 7 * day, Calendar: mustCalendar(t, "8-22", false)}
	s := bank.Start(bank.Begin(), local(2, 10, 0), "")
	if left, _ := bank.Remaining(s, local(3, 3, 0)); left != 72*h-12*h {
		t.Errorf("left at night %v, want 60h (frozen since 22:00)", left)
	}
	if got := bank.Stop(s, local(3, 10, 0)).Bank; got != 72*h-14*h+day {
		t.Errorf("bank after a day %v, want 82h (14h charged, 1d earned)", got)
	}
	weekends := Rules{Kind: Decision, PerDecision: 24 * h, Calendar: mustCalendar(t, "off", true)}
	s = weekends.Start(weekends.Begin(), local(6, 12, 0), "")
	for _, at := range []time.Time{local(7, 0, 0), local(8, 12, 0), local(9, 0, 0)} {
		if left, _ := weekends.Remaining(s, at); left != 12*h {
			t.Errorf("left at %v: %v, want 12h all weekend", at, left)
		}
	}
	if got := weekends.Running(s, local(6, 12, 0), local(9, 12, 0)); got != 24*h {
		t.Errorf("running time friday noon to monday noon %v, want 24h", got)
	}
}

// Local days follow daylight saving: the weekend off is the local
// Saturday and Sunday, though Sunday 25 October 2026 has 25 hours.
func TestCalendarDaylightSaving(t *testing.T) {
	r := Rules{Kind: Decision, PerDecision: 24 * h, Calendar: mustCalendar(t, "off", true)}
	start := time.Date(2026, time.October, 23, 20, 0, 0, 0, berlin) // CEST
	s := r.Start(r.Begin(), start, "")
	want := time.Date(2026, time.October, 26, 20, 0, 0, 0, berlin) // CET
	if at, _ := r.Deadline(s); !at.Equal(want) {
		t.Errorf("deadline %v, want %v", at.In(berlin), want)
	}
	daytime := Rules{Kind: Decision, PerDecision: 14 * h, Calendar: mustCalendar(t, "8-22", false)}
	s = daytime.Start(daytime.Begin(), time.Date(2026, time.October, 25, 8, 0, 0, 0, berlin), "")
	if at, _ := daytime.Deadline(s); !at.Equal(time.Date(2026, time.October, 25, 22, 0, 0, 0, berlin)) {
		t.Errorf("a 14h decision over the long day ends %v, want 22:00 local", at.In(berlin))
	}
}

// A vacation ended early gives back the rest; a change of playing hours
// keeps what was used.
func TestEndOffAndRecalendar(t *testing.T) {
	r := Rules{Kind: Decision, PerDecision: 24 * h}
	s := r.Off(r.Begin(), local(2, 12, 0), local(4, 12, 0))
	s = r.Start(s, local(2, 10, 0), "")
	s = r.EndOff(s, local(3, 12, 0))
	if at, _ := r.Deadline(s); !at.Equal(local(4, 10, 0)) {
		t.Errorf("deadline after a vacation ended a day early %v, want %v", at.In(berlin), local(4, 10, 0))
	}
	if s = r.EndOff(r.Off(s, local(9, 0, 0), local(10, 0, 0)), local(5, 0, 0)); len(s.Off) != 1 {
		t.Errorf("a vacation not yet begun survives its end: %+v", s.Off)
	}

	day := Rules{Kind: Decision, PerDecision: 24 * h, Calendar: mustCalendar(t, "8-22", false)}
	s = r.Start(r.Begin(), local(2, 10, 0), "")
	s = r.Recalendar(day, s, local(3, 0, 0)) // 14h used; 10h left in playing hours
	if at, _ := day.Deadline(s); !at.Equal(local(3, 18, 0)) {
		t.Errorf("deadline after playing hours came in %v, want %v", at.In(berlin), local(3, 18, 0))
	}
	if left, _ := day.Remaining(s, local(3, 0, 0)); left != 10*h {
		t.Errorf("left right after the change %v, want 10h", left)
	}
}

// Pause and Resume work with a calendar: the pause is an off span.
func TestCalendarPause(t *testing.T) {
	r := Rules{Kind: Decision, PerDecision: 24 * h, Calendar: mustCalendar(t, "8-22", false)}
	s := r.Start(r.Begin(), local(2, 10, 0), "")
	s = r.Pause(s, local(2, 12, 0))
	if _, ok := r.Deadline(s); ok {
		t.Fatal("a paused clock has a deadline")
	}
	s = r.Resume(s, local(3, 12, 0))
	if at, _ := r.Deadline(s); !at.Equal(local(4, 20, 0)) {
		t.Errorf("deadline after a day's pause %v, want %v", at.In(berlin), local(4, 20, 0))
	}
	// Spans no running decision reaches are dropped at the next start.
	s = r.Start(r.Stop(s, local(5, 9, 0)), local(5, 10, 0), "")
	if len(s.Off) != 0 {
		t.Errorf("old spans kept: %+v", s.Off)
	}
}

func TestParseHoursAndCalendar(t *testing.T) {
	for in, want := range map[string][2]int{"8-22": {480, 1320}, "08:00-22:30": {480, 1350}, "0-24": {0, 1440}, " 7:15 - 9:15 ": {435, 555}, "off": {0, 0}} {
		from, to, err := ParseHours(in)
		if err != nil || from != want[0] || to != want[1] {
			t.Errorf("ParseHours(%q) = %d, %d, %v; want %v", in, from, to, err, want)
			continue
		}
		if again, again2, err := ParseHours(FormatHours(from, to)); err != nil || again != from || again2 != to {
			t.Errorf("%q does not round-trip through %q", in, FormatHours(from, to))
		}
	}
	for _, bad := range []string{"22-8", "8", "8-8:30", "25-26", "8-24:01", "8:5-10", "a-b", "-3-5", "8:60-10"} {
		if _, _, err := ParseHours(bad); !errors.Is(err, ErrRules) {
			t.Errorf("ParseHours(%q) = %v, want ErrRules", bad, err)
		}
	}
	for _, zone := range []string{"Mars/Olympus", "Local", "../etc"} {
		if _, err := NewCalendar(zone, 0, 0, false); !errors.Is(err, ErrRules) {
			t.Errorf("zone %q: %v, want ErrRules", zone, err)
		}
	}
	c := mustCalendar(t, "8-22", true)
	for at, want := range map[time.Time]bool{local(2, 8, 0): true, local(2, 7, 59): false, local(2, 22, 0): false, local(7, 12, 0): false} {
		if c.Playing(at) != want {
			t.Errorf("Playing(%v) = %v, want %v", at, !want, want)
		}
	}
	data, err := json.Marshal(Rules{Calendar: c}.Calendar)
	if err != nil {
		t.Fatal(err)
	}
	var back Calendar
	if err := json.Unmarshal(data, &back); err != nil || !back.Equal(c) || back.Location().String() != "Europe/Berlin" {
		t.Errorf("calendar %s read back as %+v, %v", data, back, err)
	}
	if err := json.Unmarshal([]byte(`{"zone":"Nowhere/Else","from":480,"to":1320}`), &back); err != nil || back.Location() != time.UTC ||
		!back.Playing(time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC)) {
		t.Errorf("a stored calendar whose zone is gone: %+v, %v; want it read in UTC", back, err)
	}
}
