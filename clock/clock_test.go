package clock

import (
	"errors"
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
	for _, bad := range []string{"3d+", "-1h", "0h", "0", "x", "1d+1d/12h", "+1d", "1d+-1h", "400d", "d", "1dd", "1.5ms", "90s"} {
		if r, err := Parse(bad); !errors.Is(err, ErrRules) {
			t.Errorf("Parse(%q) = %+v, %v; want ErrRules", bad, r, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"off", "24", "3d+1d/7d", "1d12h", "90m", "+", "/", "1d+"} {
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
