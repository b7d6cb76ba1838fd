// Package clock is a seat's time as pure values: every figure is computed
// from stored instants and a now passed in, never from a running timer, so
// a restart, a crash or a day offline changes nothing (the model is
// correspondence chess, lichess's clocks and Board Game Arena's turn-based
// time banks).
//
// A table picks one Rules (the zero Rules is no clock):
//   - none: a decision may wait forever;
//   - per decision: each decision gets the same time from the moment it
//     becomes pending;
//   - time bank: a seat starts with Initial time; while it has a decision
//     pending the bank drains; each answer adds Increment, up to Max.
//
// A phase timer may come on top: a game marks a stretch of one seat's
// decisions with one phase key (a build phase of many placements), and one
// timer of Phase length runs across all of them from the moment the first
// became pending. It is a span of the game's time, like a round timer: the
// gaps in which other seats act count too. A different key, no key, or
// EndPhase ends it. The seat's deadline is the earlier of the two.
//
// A seat's life is Begin once, then Start when a decision becomes pending
// and Stop when the seat answers (or the table answers for it); Pause and
// Resume bracket a span that is charged to nobody.
//
// Decisions, written down:
//   - The deadline instant itself counts as expired, so a due event fired
//     at the deadline finds the seat out of time.
//   - A bank never goes below zero.
//   - Stop after the bank ran out (the table answered for the seat) leaves
//     the bank at zero plus the increment: as in correspondence chess the
//     move that was made still earns its increment, so a late seat gets
//     the increment, not nothing, for its next decision.
//   - Start while a decision is running keeps its start, so re-asking a
//     seat (a changed prompt, a step inside a turn) gives no free time;
//     with the same phase key the phase timer runs on even if it has run
//     out, so the table still answers for the seat.
//   - Start with the phase key of a phase whose timer has run out, while
//     no decision is running, starts a new phase timer: the table has
//     answered for the seat once, and it is not to answer the rest of the
//     phase at once without the seat having had a chance.
//   - Max zero means no cap.
//   - While paused no time passes: Start and Stop at any instant of the
//     pause are taken at its start, and Resume keeps the paused span as
//     an off span of the seat. Deadline has no answer while paused, so
//     nothing falls due.
//   - Time counts only while the clock runs (see Calendar): inside the
//     server's playing hours, not on weekends off, and outside the seat's
//     off spans (vacations and pauses, see Off and Resume). An off span
//     known in advance (a vacation) moves the deadline by its length.
package clock

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Kind is how a table times its seats.
type Kind string

// The kinds of clock. None is the empty string so that the zero Rules is
// no clock.
const (
	None     Kind = ""
	Decision Kind = "decision"
	Bank     Kind = "bank"
)

// Rules are a table's clock settings.
type Rules struct {
	Kind        Kind
	PerDecision time.Duration // Kind Decision
	// Kind Bank: the starting time, what each answer adds, and the cap
	// (zero: none).
	Initial, Increment, Max time.Duration
	// Phase is the length of a phase timer; zero: none.
	Phase time.Duration
	// Calendar is when the clocks run (the server's playing hours); the
	// zero Calendar: always.
	Calendar Calendar
}

// Seat is one seat's clock as a table stores it; a seat without a clock
// stores nothing.
type Seat struct {
	// Bank is the time left, not counting the running decision (Kind Bank).
	Bank time.Duration `json:"bank,omitempty"`
	// Since is when the running decision started; zero: none is running.
	Since time.Time `json:"since,omitzero"`
	// Phase is the running phase's key; PhaseSince when it started.
	Phase      string    `json:"phase,omitempty"`
	PhaseSince time.Time `json:"phase_since,omitzero"`
	// Paused is when the clock was paused; zero: it runs.
	Paused time.Time `json:"paused,omitzero"`
	// Off are spans in which the clock does not run (vacations, past
	// pauses), sorted and not overlapping; spans no running decision or
	// phase can reach any more are dropped.
	Off []Span `json:"off,omitempty"`
}

// ErrRules means a clock setting cannot be read or makes no sense.
var ErrRules = errors.New("clock: invalid setting")

// longest bounds every duration, so that sums of instants cannot overflow
// and a typo ("3000d") is caught.
const longest = 366 * 24 * time.Hour

// Validate reports settings that make no sense. It accepts exactly the
// Rules that String writes and Parse reads back (with the phase apart):
// durations in whole minutes up to 366 days (the phase timer in whole
// seconds, as ParsePhase reads it), and no setting of another kind.
func (r Rules) Validate() error {
	switch r.Kind {
	case None:
		if r.PerDecision != 0 || r.Initial != 0 || r.Increment != 0 || r.Max != 0 {
			return fmt.Errorf("no clock with times set: %w", ErrRules)
		}
	case Decision:
		if r.PerDecision <= 0 {
			return fmt.Errorf("time per decision must be positive: %w", ErrRules)
		}
		if r.Initial != 0 || r.Increment != 0 || r.Max != 0 {
			return fmt.Errorf("time per decision with a time bank set: %w", ErrRules)
		}
	case Bank:
		if r.Initial <= 0 || r.Increment < 0 || r.Max < 0 || (r.Max > 0 && r.Max < r.Initial) {
			return fmt.Errorf("a time bank needs initial > 0, increment >= 0 and a cap of at least the initial time: %w", ErrRules)
		}
		if r.PerDecision != 0 {
			return fmt.Errorf("a time bank with a time per decision set: %w", ErrRules)
		}
	default:
		return fmt.Errorf("unknown kind %q: %w", r.Kind, ErrRules)
	}
	if r.Phase < 0 {
		return fmt.Errorf("phase time must not be negative: %w", ErrRules)
	}
	for _, d := range []time.Duration{r.PerDecision, r.Initial, r.Increment, r.Max} {
		if d > longest || d%time.Minute != 0 {
			return fmt.Errorf("%v is not whole minutes up to 366 days: %w", d, ErrRules)
		}
	}
	if r.Phase > longest || r.Phase%time.Second != 0 {
		return fmt.Errorf("phase time %v is not whole seconds up to 366 days: %w", r.Phase, ErrRules)
	}
	return r.Calendar.Validate()
}

// Begin is a seat's clock at the start of a game.
func (r Rules) Begin() Seat {
	if r.Kind == Bank {
		return Seat{Bank: r.Initial}
	}
	return Seat{}
}

// Start begins a decision at now, in phase (empty: none). A decision that
// is already running keeps its start, and so does its phase if the key is
// the same; a new decision with the running phase's key goes on with its
// phase timer unless that has run out.
func (r Rules) Start(s Seat, now time.Time, phase string) Seat {
	if !s.Paused.IsZero() {
		now = s.Paused // while paused no time passes: Resume moves it on
	}
	running := !s.Since.IsZero()
	if !running {
		s.Since = now
	}
	switch {
	case phase == "":
		s = r.EndPhase(s)
	case phase != s.Phase:
		s.Phase, s.PhaseSince = phase, now
	case !running:
		if at, ok := r.phaseDeadline(s); ok && !now.Before(at) {
			s.PhaseSince = now
		}
	}
	return s.prune()
}

// prune drops the off spans that end before everything still counted
// (the running decision and the phase) began.
func (s Seat) prune() Seat {
	from := s.Since
	if !s.PhaseSince.IsZero() && (from.IsZero() || s.PhaseSince.Before(from)) {
		from = s.PhaseSince
	}
	if from.IsZero() || len(s.Off) == 0 || s.Off[0].Until.After(from) {
		return s
	}
	keep := slices.DeleteFunc(slices.Clone(s.Off), func(o Span) bool { return !o.Until.After(from) })
	if len(keep) == 0 {
		keep = nil
	}
	s.Off = keep
	return s
}

// Stop ends the running decision at now: the bank pays for the time spent
// and earns the increment. The phase stays, so that the seat's next
// decision in it goes on with the same phase timer.
func (r Rules) Stop(s Seat, now time.Time) Seat {
	if s.Since.IsZero() {
		return s
	}
	if r.Kind == Bank {
		s.Bank = max(0, s.Bank-r.spent(s, now)) + r.Increment
		if r.Max > 0 {
			s.Bank = min(s.Bank, r.Max)
		}
	}
	s.Since = time.Time{}
	return s
}

// EndPhase forgets the seat's phase: its next phase timer starts afresh.
func (r Rules) EndPhase(s Seat) Seat {
	s.Phase, s.PhaseSince = "", time.Time{}
	return s
}

// spent is the running decision's time up to now: running time only.
func (r Rules) spent(s Seat, now time.Time) time.Duration {
	return r.runs(s).between(s.Since, now)
}

// runs is when s's clock runs: the calendar minus its off spans and a
// pause (an off span without end).
func (r Rules) runs(s Seat) runs {
	off := s.Off
	if !s.Paused.IsZero() {
		off = addSpan(off, s.Paused, s.Paused.Add(horizon))
	}
	return runs{cal: r.Calendar, off: off}
}

// Running is s's running time from a to b (calendar, off spans and pause
// taken off).
func (r Rules) Running(s Seat, a, b time.Time) time.Duration { return r.runs(s).between(a, b) }

// After is the instant at which d of s's running time has passed since a;
// ok is false when that never comes (paused).
func (r Rules) After(s Seat, a time.Time, d time.Duration) (time.Time, bool) {
	return r.runs(s).after(a, d)
}

// phaseDeadline is when the seat's phase timer runs out; ok is false when
// there is none.
func (r Rules) phaseDeadline(s Seat) (time.Time, bool) {
	if r.Phase <= 0 || s.Phase == "" {
		return time.Time{}, false
	}
	return r.runs(s).after(s.PhaseSince, r.Phase)
}

// Deadline is when the running decision runs out of time; ok is false
// when it never does (no clock, nothing running, or paused).
func (r Rules) Deadline(s Seat) (time.Time, bool) {
	if s.Since.IsZero() || !s.Paused.IsZero() {
		return time.Time{}, false
	}
	var at time.Time
	if budget, ok := r.budget(s); ok {
		at, _ = r.runs(s).after(s.Since, budget)
	}
	if p, ok := r.phaseDeadline(s); ok && (at.IsZero() || p.Before(at)) {
		at = p
	}
	return at, !at.IsZero()
}

// budget is the running decision's time by the kind of clock.
func (r Rules) budget(s Seat) (time.Duration, bool) {
	switch r.Kind {
	case Decision:
		return r.PerDecision, true
	case Bank:
		return s.Bank, true
	}
	return 0, false
}

// Remaining is the running time left at now for the running decision
// (frozen while paused or off, never negative); ok is false when no clock
// runs for it.
func (r Rules) Remaining(s Seat, now time.Time) (time.Duration, bool) {
	if s.Since.IsZero() {
		return 0, false
	}
	x := r.runs(s)
	var left time.Duration
	ok := false
	if budget, has := r.budget(s); has {
		left, ok = max(0, budget-x.between(s.Since, now)), true
	}
	if r.Phase > 0 && s.Phase != "" {
		if p := max(0, r.Phase-x.between(s.PhaseSince, now)); !ok || p < left {
			left, ok = p, true
		}
	}
	return left, ok
}

// Expired reports whether the running decision is out of time at now.
func (r Rules) Expired(s Seat, now time.Time) bool {
	at, ok := r.Deadline(s)
	return ok && !now.Before(at)
}

// Pause stops the seat's clock at now (a vacation, the bot unreachable).
// Pausing a paused clock keeps the first pause.
func (r Rules) Pause(s Seat, now time.Time) Seat {
	if s.Paused.IsZero() {
		s.Paused = now
	}
	return s
}

// Resume restarts a paused clock at now; the paused span is not charged:
// it stays an off span of the seat.
func (r Rules) Resume(s Seat, now time.Time) Seat {
	if s.Paused.IsZero() {
		return s
	}
	s.Off = addSpan(s.Off, s.Paused, now)
	s.Paused = time.Time{}
	return s
}

// Off adds [from, until) to the seat's off spans (a vacation): no time is
// charged in it, and a running decision's deadline moves by the part of
// it that falls before.
func (r Rules) Off(s Seat, from, until time.Time) Seat {
	s.Off = addSpan(s.Off, from, until)
	return s
}

// EndOff ends every off span at now (a vacation ended early): spans that
// have not begun are dropped, the one under way ends now.
func (r Rules) EndOff(s Seat, now time.Time) Seat {
	var keep []Span
	for _, o := range s.Off {
		switch {
		case !o.From.Before(now):
		case o.Until.After(now):
			keep = append(keep, Span{From: o.From, Until: now})
		default:
			keep = append(keep, o)
		}
	}
	s.Off = keep
	return s
}

// Recalendar carries s over to new rules (a server changed its playing
// hours) at now: what the running decision and phase used under r stays
// used, and only the time from now on counts by the new calendar.
func (r Rules) Recalendar(to Rules, s Seat, now time.Time) Seat {
	from, into := r.runs(s), to.runs(s)
	if !s.Since.IsZero() {
		if at, ok := into.before(now, from.between(s.Since, now)); ok {
			s.Since = at
		}
	}
	if !s.PhaseSince.IsZero() {
		if at, ok := into.before(now, from.between(s.PhaseSince, now)); ok {
			s.PhaseSince = at
		}
	}
	return s
}

// Parse reads a clock setting as a table option gives it: "off"; a time
// per decision ("24h", "90m", "2d"; a bare number is hours, as the lobby
// has always offered); or a time bank "initial+increment/max" ("3d+1d/7d";
// without "/max" the bank has no cap). Durations are as ParseDuration
// reads them. The phase timer is an option of its own (ParseDuration).
func Parse(s string) (Rules, error) {
	r, err := parse(strings.TrimSpace(s))
	if err != nil {
		return Rules{}, fmt.Errorf("clock setting %q: %w", s, err)
	}
	return r, nil
}

func parse(s string) (Rules, error) {
	switch s {
	case "off":
		return Rules{}, nil
	case "":
		return Rules{}, fmt.Errorf(`empty (write "off" for no clock): %w`, ErrRules)
	}
	initial, rest, isBank := strings.Cut(s, "+")
	if !isBank {
		d, err := ParseDuration(s)
		if err != nil {
			return Rules{}, err
		}
		r := Rules{Kind: Decision, PerDecision: d}
		return r, r.Validate()
	}
	inc, maxText, capped := strings.Cut(rest, "/")
	r := Rules{Kind: Bank}
	var err error
	if r.Initial, err = ParseDuration(initial); err != nil {
		return Rules{}, fmt.Errorf("initial time: %w", err)
	}
	if r.Increment, err = ParseDuration(inc); err != nil {
		return Rules{}, fmt.Errorf("increment: %w", err)
	}
	if capped {
		if r.Max, err = ParseDuration(maxText); err != nil {
			return Rules{}, fmt.Errorf("cap: %w", err)
		}
		if r.Max == 0 {
			return Rules{}, fmt.Errorf("a cap of zero (leave out \"/max\" for none): %w", ErrRules)
		}
	}
	return r, r.Validate()
}

// String writes r as Parse reads it (without the phase timer, which is a
// setting of its own).
func (r Rules) String() string {
	switch r.Kind {
	case Decision:
		return FormatDuration(r.PerDecision)
	case Bank:
		s := FormatDuration(r.Initial) + "+" + FormatDuration(r.Increment)
		if r.Max > 0 {
			s += "/" + FormatDuration(r.Max)
		}
		return s
	}
	return "off"
}

// ParseDuration reads a duration as players write it: "2d", "36h", "90m",
// "1d12h", or a bare number of hours ("24"). time.ParseDuration does not
// know days, hence this. It allows zero ("0h" as an increment) but not a
// negative duration, one longer than 366 days, or one not in whole
// minutes.
func ParseDuration(s string) (time.Duration, error) {
	d, err := parseDuration(strings.TrimSpace(s), time.Minute)
	if err != nil {
		return 0, fmt.Errorf("duration %q: %w", s, err)
	}
	return d, nil
}

// ParsePhase reads a phase timer's length as ParseDuration does, in whole
// seconds ("90s", "2m"): a sand timer is short.
func ParsePhase(s string) (time.Duration, error) {
	d, err := parseDuration(strings.TrimSpace(s), time.Second)
	if err != nil {
		return 0, fmt.Errorf("phase time %q: %w", s, err)
	}
	return d, nil
}

// parseDuration reads s in whole units.
func parseDuration(s string, unit time.Duration) (time.Duration, error) {
	if s == "" {
		return 0, fmt.Errorf("empty: %w", ErrRules)
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 || n > int(longest/time.Hour) {
			return 0, fmt.Errorf("hours not from 0 to %d: %w", longest/time.Hour, ErrRules)
		}
		return time.Duration(n) * time.Hour, nil
	}
	var d time.Duration
	if days, rest, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 || n > int(longest/(24*time.Hour)) {
			return 0, fmt.Errorf("days %q not from 0 to 366: %w", days, ErrRules)
		}
		d, s = time.Duration(n)*24*time.Hour, rest
	}
	if s != "" {
		more, err := time.ParseDuration(s)
		if err != nil {
			return 0, fmt.Errorf("%w: %w", err, ErrRules)
		}
		if more < 0 || more > longest {
			return 0, fmt.Errorf("%q not from 0 to 366 days: %w", s, ErrRules)
		}
		d += more
	}
	switch {
	case d > longest:
		return 0, fmt.Errorf("longer than 366 days: %w", ErrRules)
	case d%unit != 0:
		return 0, fmt.Errorf("not whole %s: %w", unitName(unit), ErrRules)
	}
	return d, nil
}

func unitName(unit time.Duration) string {
	if unit == time.Second {
		return "seconds"
	}
	return "minutes"
}

// FormatDuration writes d the short way players read it and ParseDuration
// reads back: "3d", "1d12h", "1h30m", "0h" for zero. Parts below a minute
// are dropped.
func FormatDuration(d time.Duration) string {
	days := d / (24 * time.Hour)
	rest := d - days*24*time.Hour
	var b strings.Builder
	if days > 0 {
		fmt.Fprintf(&b, "%dd", days)
	}
	if h := rest / time.Hour; h > 0 {
		fmt.Fprintf(&b, "%dh", h)
		rest -= h * time.Hour
	}
	if m := rest / time.Minute; m > 0 {
		fmt.Fprintf(&b, "%dm", m)
	}
	if b.Len() == 0 {
		return "0h"
	}
	return b.String()
}
