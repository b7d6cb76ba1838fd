package clock

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

const (
	h   = time.Hour
	day = 24 * time.Hour
)

// op is one event in a seat's life, at t0 plus at.
type op struct {
	at    time.Duration
	do    string // "start", "stop", "pause", "resume", "endphase"
	phase string
}

func play(r Rules, ops []op) Seat {
	s := r.Begin()
	for _, o := range ops {
		now := t0.Add(o.at)
		switch o.do {
		case "start":
			s = r.Start(s, now, o.phase)
		case "stop":
			s = r.Stop(s, now)
		case "pause":
			s = r.Pause(s, now)
		case "resume":
			s = r.Resume(s, now)
		case "endphase":
			s = r.EndPhase(s)
		}
	}
	return s
}

func TestDeadlines(t *testing.T) {
	decision := Rules{Kind: Decision, PerDecision: 24 * h}
	bank := Rules{Kind: Bank, Initial: 3 * day, Increment: day, Max: 7 * day}
	phase := Rules{Kind: Decision, PerDecision: 24 * h, Phase: 2 * h}
	phaseOnly := Rules{Phase: 2 * h}
	tests := []struct {
		name     string
		rules    Rules
		ops      []op
		deadline time.Duration // after t0; -1: none
		bank     time.Duration
	}{
		{"none never runs out", Rules{}, []op{{0, "start", ""}}, -1, 0},
		{"per decision", decision, []op{{5 * h, "start", ""}}, 29 * h, 0},
		{"per decision restarts each decision", decision, []op{{0, "start", ""}, {20 * h, "stop", ""}, {21 * h, "start", ""}}, 45 * h, 0},
		{"re-asking gives no free time", decision, []op{{0, "start", ""}, {10 * h, "start", ""}}, 24 * h, 0},
		{"nothing running", decision, []op{{0, "start", ""}, {1 * h, "stop", ""}}, -1, 0},
		{"bank starts full", bank, []op{{0, "start", ""}}, 3 * day, 3 * day},
		{"bank drains and earns", bank, []op{{0, "start", ""}, {day, "stop", ""}, {2 * day, "start", ""}}, 2*day + 3*day, 3 * day},
		{"bank over several decisions", bank, []op{
			{0, "start", ""}, {2 * day, "stop", ""}, // 3-2+1 = 2
			{2 * day, "start", ""}, {3 * day, "stop", ""}, // 2-1+1 = 2
			{4 * day, "start", ""}, {4*day + 12*h, "stop", ""}, // 2-0.5+1 = 2.5
			{5 * day, "start", ""}}, 5*day + 2*day + 12*h, 2*day + 12*h},
		{"bank capped", bank, []op{
			{0, "start", ""}, {time.Minute, "stop", ""}, {0, "start", ""}, {2 * time.Minute, "stop", ""},
			{0, "start", ""}, {3 * time.Minute, "stop", ""}, {0, "start", ""}, {4 * time.Minute, "stop", ""},
			{0, "start", ""}, {5 * time.Minute, "stop", ""}, {10 * time.Minute, "start", ""}}, 10*time.Minute + 7*day, 7 * day},
		{"answer after the bank ran out", bank, []op{{0, "start", ""}, {5 * day, "stop", ""}, {5 * day, "start", ""}}, 6 * day, day},
		{"phase timer spans decisions with gaps", phase, []op{
			{0, "start", "b1"}, {10 * time.Minute, "stop", ""},
			{30 * time.Minute, "start", "b1"}, {40 * time.Minute, "stop", ""},
			{50 * time.Minute, "start", "b1"}, {55 * time.Minute, "stop", ""},
			{90 * time.Minute, "start", "b1"}}, 2 * h, 0},
		{"the earlier of phase and decision", Rules{Kind: Decision, PerDecision: 30 * time.Minute, Phase: 2 * h}, []op{
			{0, "start", "b1"}, {10 * time.Minute, "stop", ""}, {100 * time.Minute, "start", "b1"}}, 2 * h, 0},
		{"a new phase key starts afresh", phase, []op{{0, "start", "b1"}, {h, "stop", ""}, {3 * h, "start", "b2"}}, 5 * h, 0},
		{"no key ends the phase", phaseOnly, []op{{0, "start", "b1"}, {h, "stop", ""}, {3 * h, "start", ""}}, -1, 0},
		{"EndPhase forgets it", phaseOnly, []op{{0, "start", "b1"}, {h, "stop", ""}, {h, "endphase", ""}, {3 * h, "start", "b1"}}, 5 * h, 0},
		{"pause is not charged", decision, []op{{0, "start", ""}, {2 * h, "pause", ""}, {50 * h, "resume", ""}}, 72 * h, 0},
		{"paused has no deadline", decision, []op{{0, "start", ""}, {2 * h, "pause", ""}}, -1, 0},
		{"a decision begun while paused starts at the resume", decision, []op{{0, "pause", ""}, {5 * h, "start", ""}, {10 * h, "resume", ""}}, 34 * h, 0},
		{"bank pause", bank, []op{{0, "start", ""}, {day, "pause", ""}, {4 * day, "resume", ""}, {5 * day, "stop", ""}}, -1, 2 * day},
		{"a second stop earns nothing", bank, []op{{0, "start", ""}, {day, "stop", ""}, {2 * day, "stop", ""}}, -1, 3 * day},
		{"a bank without a cap grows", Rules{Kind: Bank, Initial: day, Increment: day}, []op{
			{0, "start", ""}, {h, "stop", ""}, {h, "start", ""}, {2 * h, "stop", ""}, {2 * h, "start", ""}, {3 * h, "stop", ""}}, -1, 4*day - 3*h},
		{"a bank without increment runs dry", Rules{Kind: Bank, Initial: 2 * h}, []op{{0, "start", ""}, {3 * h, "stop", ""}, {4 * h, "start", ""}}, 4 * h, 0},
		{"a decision earlier than its phase", Rules{Kind: Decision, PerDecision: 30 * time.Minute, Phase: 2 * h}, []op{
			{0, "start", "b1"}, {10 * time.Minute, "stop", ""}, {20 * time.Minute, "start", "b1"}}, 50 * time.Minute, 0},
		{"a bank earlier than its phase", Rules{Kind: Bank, Initial: h, Phase: 2 * h}, []op{{0, "start", "b1"}}, h, h},
		{"a new key while deciding restarts the phase only", Rules{Kind: Decision, PerDecision: 24 * h, Phase: 2 * h}, []op{
			{0, "start", "b1"}, {h, "start", "b2"}}, 3 * h, 0},
		{"a phase that ran out starts afresh with the next decision", phaseOnly, []op{
			{0, "start", "b1"}, {2 * h, "stop", ""}, {2 * h, "start", "b1"}}, 4 * h, 0},
		{"a phase not yet out goes on a minute before", phaseOnly, []op{
			{0, "start", "b1"}, {2*h - time.Minute, "stop", ""}, {2*h - time.Minute, "start", "b1"}}, 2 * h, 0},
		{"re-asking after the phase ran out gives no free time", phaseOnly, []op{{0, "start", "b1"}, {3 * h, "start", "b1"}}, 2 * h, 0},
		{"pause inside a phase is not charged", phase, []op{{0, "start", "b1"}, {h, "pause", ""}, {30 * h, "resume", ""}}, 31 * h, 0},
		{"pause between decisions of a phase is not charged", phaseOnly, []op{
			{0, "start", "b1"}, {30 * time.Minute, "stop", ""}, {h, "pause", ""}, {10 * h, "resume", ""}, {10 * h, "start", "b1"}}, 11 * h, 0},
		{"a stop while paused is charged up to the pause", bank, []op{
			{0, "start", ""}, {day, "pause", ""}, {3 * day, "stop", ""}, {4 * day, "resume", ""}, {4 * day, "start", ""}}, 4*day + 3*day, 3 * day},
		{"a second pause keeps the first", decision, []op{{0, "start", ""}, {2 * h, "pause", ""}, {10 * h, "pause", ""}, {20 * h, "resume", ""}}, 42 * h, 0},
		{"resume without a pause changes nothing", decision, []op{{0, "start", ""}, {5 * h, "resume", ""}}, 24 * h, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.rules.Validate(); err != nil {
				t.Fatal(err)
			}
			s := play(tc.rules, tc.ops)
			at, ok := tc.rules.Deadline(s)
			if tc.deadline < 0 {
				if ok {
					t.Fatalf("deadline %v after t0, want none", at.Sub(t0))
				}
			} else if !ok || !at.Equal(t0.Add(tc.deadline)) {
				t.Fatalf("deadline %v (%v), want %v after t0", at.Sub(t0), ok, tc.deadline)
			}
			if s.Bank != tc.bank {
				t.Errorf("bank %v, want %v", s.Bank, tc.bank)
			}
		})
	}
}

func TestExpiredAndRemaining(t *testing.T) {
	r := Rules{Kind: Bank, Initial: 2 * h, Increment: 0}
	s := r.Start(r.Begin(), t0, "")
	for _, tc := range []struct {
		at        time.Duration
		expired   bool
		remaining time.Duration
	}{
		{0, false, 2 * h},
		{h, false, h},
		{2*h - time.Second, false, time.Second},
		{2 * h, true, 0}, // the deadline instant itself is out of time
		{5 * h, true, 0},
	} {
		if got := r.Expired(s, t0.Add(tc.at)); got != tc.expired {
			t.Errorf("at %v: expired %v, want %v", tc.at, got, tc.expired)
		}
		if got, ok := r.Remaining(s, t0.Add(tc.at)); !ok || got != tc.remaining {
			t.Errorf("at %v: remaining %v (%v), want %v", tc.at, got, ok, tc.remaining)
		}
	}
	paused := r.Pause(s, t0.Add(h))
	if got, ok := r.Remaining(paused, t0.Add(30*h)); !ok || got != h {
		t.Errorf("paused: remaining %v (%v), want 1h frozen", got, ok)
	}
	if r.Expired(paused, t0.Add(30*h)) {
		t.Error("a paused clock expires")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Rules
		out  string
	}{
		{"off", Rules{}, "off"},
		{"24", Rules{Kind: Decision, PerDecision: 24 * h}, "1d"},
		{"12h", Rules{Kind: Decision, PerDecision: 12 * h}, "12h"},
		{"90m", Rules{Kind: Decision, PerDecision: 90 * time.Minute}, "1h30m"},
		{"2d", Rules{Kind: Decision, PerDecision: 2 * day}, "2d"},
		{"1d12h", Rules{Kind: Decision, PerDecision: 36 * h}, "1d12h"},
		{"3d+1d/7d", Rules{Kind: Bank, Initial: 3 * day, Increment: day, Max: 7 * day}, "3d+1d/7d"},
		{"1d+0h", Rules{Kind: Bank, Initial: day}, "1d+0h"},
		{"1d+12h/3d", Rules{Kind: Bank, Initial: day, Increment: 12 * h, Max: 3 * day}, "1d+12h/3d"},
		{" 3d + 1d / 7d ", Rules{Kind: Bank, Initial: 3 * day, Increment: day, Max: 7 * day}, "3d+1d/7d"},
		{"72h+24h", Rules{Kind: Bank, Initial: 3 * day, Increment: day}, "3d+1d"},
	}
	for _, tc := range tests {
		got, err := Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			continue
		}
		if got.String() != tc.out {
			t.Errorf("String of %q = %q, want %q", tc.in, got.String(), tc.out)
		}
		if again, err := Parse(got.String()); err != nil || again != got {
			t.Errorf("round trip of %q: %+v, %v", tc.in, again, err)
		}
	}
	for _, bad := range []string{"", " ", "3d+", "-1h", "0h", "0", "x", "1d+1d/12h", "+1d", "1d+-1h", "400d", "d", "1dd", "1.5ms", "90s",
		"1d8784h", "3d+1d/0h", "3d+1d/", "0h+1d", "1d+1d+1d", "1d/7d", "OFF", "none"} {
		if r, err := Parse(bad); !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), strconv.Quote(bad)) {
			t.Errorf("Parse(%q) = %+v, %v; want ErrRules naming the input", bad, r, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"off", "", "24", "3d+1d/7d", "1d12h", "90m", "+", "/", "1d+", "1d8784h", "3d+1d/0h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("Parse(%q) accepted invalid %+v: %v", s, r, err)
		}
		again, err := Parse(r.String())
		if err != nil || again != r {
			t.Fatalf("Parse(%q) = %+v does not round-trip through %q: %+v, %v", s, r, r.String(), again, err)
		}
	})
}

// One seat's phase "build-3" spans five of its decisions while another
// seat decides in between: one two-hour timer from the first decision,
// gaps included, and the other seat's clock is its own.
func TestPhaseAcrossSeats(t *testing.T) {
	r := Rules{Kind: Decision, PerDecision: 24 * h, Phase: 2 * h}
	builder, other := r.Begin(), r.Begin()
	m := time.Minute
	var at time.Duration
	for k := range 5 {
		builder = r.Start(builder, t0.Add(at), "build-3")
		if got, ok := r.Deadline(builder); !ok || !got.Equal(t0.Add(2*h)) {
			t.Fatalf("decision %d: builder's deadline %v (%v), want 2h after the first", k+1, got.Sub(t0), ok)
		}
		builder = r.Stop(builder, t0.Add(at+5*m))
		// The other seat answers in the gap, with a clock of its own.
		other = r.Start(other, t0.Add(at+5*m), "")
		if got, ok := r.Deadline(other); !ok || !got.Equal(t0.Add(at+5*m+24*h)) {
			t.Fatalf("gap %d: other seat's deadline %v (%v), want its own 24h", k+1, got.Sub(t0), ok)
		}
		other = r.Stop(other, t0.Add(at+20*m))
		at += 20 * m
	}
	// The sixth decision of the phase is still within it, and runs out at
	// the phase's end, the instant itself included.
	builder = r.Start(builder, t0.Add(at), "build-3")
	if r.Expired(builder, t0.Add(2*h-time.Nanosecond)) || !r.Expired(builder, t0.Add(2*h)) {
		t.Error("the phase does not run out exactly two hours after its first decision")
	}
	// The next phase is a new timer.
	builder = r.Start(r.Stop(builder, t0.Add(at+m)), t0.Add(at+2*m), "build-4")
	if got, _ := r.Deadline(builder); !got.Equal(t0.Add(at + 2*m + 2*h)) {
		t.Errorf("a new key's deadline %v, want 2h after it began", got.Sub(t0))
	}
}

// Expired and Remaining agree with Deadline for every kind, at and
// around the deadline.
func TestExpiredAndRemainingByKind(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		phase string
		runs  time.Duration // -1: no deadline
	}{
		{"none", Rules{}, "", -1},
		{"none with a phase key but no phase timer", Rules{}, "p", -1},
		{"per decision", Rules{Kind: Decision, PerDecision: 24 * h}, "", 24 * h},
		{"bank", Rules{Kind: Bank, Initial: 3 * day, Increment: day, Max: 7 * day}, "", 3 * day},
		{"phase only", Rules{Phase: 2 * h}, "p", 2 * h},
		{"phase timer without a key", Rules{Phase: 2 * h}, "", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.rules.Start(tc.rules.Begin(), t0, tc.phase)
			if tc.runs < 0 {
				if _, ok := tc.rules.Remaining(s, t0.Add(1000*day)); ok || tc.rules.Expired(s, t0.Add(1000*day)) {
					t.Fatal("a clock runs")
				}
				return
			}
			for _, at := range []time.Duration{0, tc.runs / 2, tc.runs - time.Nanosecond, tc.runs, tc.runs + day} {
				wantExpired, wantLeft := at >= tc.runs, max(0, tc.runs-at)
				if got := tc.rules.Expired(s, t0.Add(at)); got != wantExpired {
					t.Errorf("at %v: expired %v, want %v", at, got, wantExpired)
				}
				if got, ok := tc.rules.Remaining(s, t0.Add(at)); !ok || got != wantLeft {
					t.Errorf("at %v: remaining %v (%v), want %v", at, got, ok, wantLeft)
				}
			}
			if s = tc.rules.Stop(s, t0.Add(h)); tc.rules.Expired(s, t0.Add(1000*day)) {
				t.Error("a seat that answered runs out")
			}
		})
	}
}

// A seat stores nothing when it has no clock, and what it stores reads
// back the same.
func TestSeatJSON(t *testing.T) {
	if data, err := json.Marshal(Seat{}); err != nil || string(data) != "{}" {
		t.Errorf("zero seat stored as %s (%v), want {}", data, err)
	}
	s := Seat{Bank: 36 * h, Since: t0, Phase: "build-3", PhaseSince: t0.Add(-h), Paused: t0.Add(h),
		Off: []Span{{From: t0.Add(-2 * h), Until: t0.Add(-h)}}}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back Seat
	if err := json.Unmarshal(data, &back); err != nil || !reflect.DeepEqual(back, s) {
		t.Errorf("%s read back as %+v (%v), want %+v", data, back, err, s)
	}
}

func TestValidate(t *testing.T) {
	for _, good := range []Rules{
		{},
		{Phase: 2 * h},
		{Kind: Decision, PerDecision: time.Minute},
		{Kind: Bank, Initial: day},
		{Kind: Bank, Initial: day, Increment: day, Max: day},
		{Kind: Bank, Initial: 366 * day, Phase: 366 * day},
		{Phase: 90 * time.Second},
	} {
		if err := good.Validate(); err != nil {
			t.Errorf("%+v: %v", good, err)
		}
	}
	for _, bad := range []Rules{
		{Kind: "hourglass", PerDecision: h},
		{PerDecision: h},
		{Kind: Decision},
		{Kind: Decision, PerDecision: -h},
		{Kind: Decision, PerDecision: h, Increment: h},
		{Kind: Bank},
		{Kind: Bank, Initial: day, Increment: -h},
		{Kind: Bank, Initial: day, Max: -h},
		{Kind: Bank, Initial: day, Max: h},
		{Kind: Bank, Initial: day, PerDecision: h},
		{Phase: -h},
		{Phase: 1500 * time.Millisecond},
		{Kind: Decision, PerDecision: 90 * time.Second},
		{Kind: Decision, PerDecision: 367 * day},
	} {
		if err := bad.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("%+v: %v, want ErrRules", bad, err)
		}
	}
}

func TestParseDuration(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		out  string
	}{
		{"2d", 2 * day, "2d"},
		{"36h", 36 * h, "1d12h"},
		{"90m", 90 * time.Minute, "1h30m"},
		{"1.5h", 90 * time.Minute, "1h30m"},
		{"0h", 0, "0h"},
		{"24", day, "1d"},
		{" 1d2h3m ", day + 2*h + 3*time.Minute, "1d2h3m"},
		{"366d", 366 * day, "366d"},
		{"8784", 366 * day, "366d"},
		{"365d24h", 366 * day, "366d"},
	} {
		got, err := ParseDuration(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			continue
		}
		if FormatDuration(got) != tc.out {
			t.Errorf("FormatDuration(%v) = %q, want %q", got, FormatDuration(got), tc.out)
		}
	}
	for _, bad := range []string{"", " ", "-1h", "-1", "-1d", "367d", "8785", "1d8784h", "366d1m", "30s", "1h30s",
		"1dd", "d", "h", "1d-1h", "1d 2h", "x", "9223372036854775807", "2562047h", "1e3h"} {
		if d, err := ParseDuration(bad); !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), strconv.Quote(bad)) {
			t.Errorf("ParseDuration(%q) = %v, %v; want ErrRules naming the input", bad, d, err)
		}
	}
}

// A phase timer may be in seconds (a sand timer); everything else is
// whole minutes.
func TestParsePhase(t *testing.T) {
	for in, want := range map[string]time.Duration{"90s": 90 * time.Second, "2m": 2 * time.Minute, "1m30s": 90 * time.Second, "2": 2 * h, "1d": day} {
		if got, err := ParsePhase(in); err != nil || got != want {
			t.Errorf("ParsePhase(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "1.5s", "-90s", "367d", "500ms"} {
		if d, err := ParsePhase(bad); !errors.Is(err, ErrRules) || !strings.Contains(err.Error(), strconv.Quote(bad)) {
			t.Errorf("ParsePhase(%q) = %v, %v; want ErrRules naming the input", bad, d, err)
		}
	}
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{"2d", "1d12h", "90m", "24", "0h", "1d8784h", "366d", "1.5h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err != nil {
			return
		}
		if d < 0 || d > 366*day || d%time.Minute != 0 {
			t.Fatalf("ParseDuration(%q) accepted %v", s, d)
		}
		if again, err := ParseDuration(FormatDuration(d)); err != nil || again != d {
			t.Fatalf("ParseDuration(%q) = %v does not round-trip through %q: %v, %v", s, d, FormatDuration(d), again, err)
		}
	})
}

// Whatever Validate accepts, String writes so that Parse reads it back
// (the phase timer is a setting of its own).
func FuzzRulesString(f *testing.F) {
	f.Add(uint8(1), int64(1440), int64(0), int64(0))
	f.Add(uint8(2), int64(4320), int64(1440), int64(10080))
	f.Fuzz(func(t *testing.T, kind uint8, a, b, c int64) {
		r := Rules{Kind: []Kind{None, Decision, Bank}[kind%3]}
		switch r.Kind {
		case Decision:
			r.PerDecision = time.Duration(a) * time.Minute
		case Bank:
			r.Initial, r.Increment, r.Max = time.Duration(a)*time.Minute, time.Duration(b)*time.Minute, time.Duration(c)*time.Minute
		}
		if r.Validate() != nil {
			return
		}
		if again, err := Parse(r.String()); err != nil || again != r {
			t.Fatalf("%+v written %q reads back as %+v, %v", r, r.String(), again, err)
		}
	})
}
