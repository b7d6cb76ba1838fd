// Package clock is a seat's time as pure values: every figure is computed
// from stored instants and a now passed in, never from a running timer, so
// a restart, a crash or a day offline changes nothing (the model is
// correspondence chess and Board Game Arena's turn-based time banks).
//
// A table picks one Rules:
//   - none: a decision may wait forever;
//   - per decision: each decision gets the same time from the moment it
//     becomes pending;
//   - time bank: a seat starts with Initial time; while it has a decision
//     pending the bank drains; each answer adds Increment, up to Max.
//
// A phase timer may come on top: a game marks a stretch of one seat's
// decisions with one phase key (a build phase of many placements), and one
// timer of Phase length runs across all of them from the first. The seat's
// deadline is the earlier of the two.
//
// Decisions, written down: a deadline instant itself counts as expired; a
// bank never goes below zero; an answer given after the bank ran out (the
// table answered for the seat) leaves the bank at zero plus the increment,
// as correspondence chess credits the move that was made; a Start while a
// decision is running keeps its start, so re-asking a seat gives no free
// time; Max zero means no cap.
package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind is how a table times its seats.
type Kind string

// The kinds of clock.
const (
	None     Kind = ""
	Decision Kind = "decision"
	Bank     Kind = "bank"
)

// Rules are a table's clock settings.
type Rules struct {
	Kind        Kind
	PerDecision time.Duration // Kind Decision
	// Kind Bank: the starting time, what each answer adds, and the cap.
	Initial, Increment, Max time.Duration
	// Phase is the length of a phase timer; zero: none.
	Phase time.Duration
}

// Seat is one seat's clock as a table stores it.
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
}

// ErrRules means a clock setting cannot be read or makes no sense.
var ErrRules = errors.New("clock: invalid setting")

// Validate reports settings that make no sense.
func (r Rules) Validate() error {
	switch {
	case r.Kind != None && r.Kind != Decision && r.Kind != Bank:
		return fmt.Errorf("unknown kind %q: %w", r.Kind, ErrRules)
	case r.Kind == Decision && r.PerDecision <= 0:
		return fmt.Errorf("time per decision must be positive: %w", ErrRules)
	case r.Kind == Bank && (r.Initial <= 0 || r.Increment < 0 || r.Max < 0 || (r.Max > 0 && r.Max < r.Initial)):
		return fmt.Errorf("a time bank needs initial > 0, increment >= 0 and a cap of at least the initial time: %w", ErrRules)
	case r.Phase < 0:
		return fmt.Errorf("phase time must not be negative: %w", ErrRules)
	}
	return nil
}

// Begin is a seat's clock at the start of a game.
func (r Rules) Begin() Seat {
	if r.Kind == Bank {
		return Seat{Bank: r.Initial}
	}
	return Seat{}
}

// Start begins a decision at now, in phase (empty: none). A decision that
// is already running keeps its start; a phase with the same key as the one
// running goes on.
func (r Rules) Start(s Seat, now time.Time, phase string) Seat {
	if !s.Paused.IsZero() {
		now = s.Paused // while paused no time passes: Resume moves it on
	}
	if s.Since.IsZero() {
		s.Since = now
	}
	switch {
	case phase == "":
		s.Phase, s.PhaseSince = "", time.Time{}
	case phase != s.Phase:
		s.Phase, s.PhaseSince = phase, now
	}
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

// spent is the running decision's time up to now, minus a pause.
func (r Rules) spent(s Seat, now time.Time) time.Duration {
	if !s.Paused.IsZero() {
		now = s.Paused
	}
	return max(0, now.Sub(s.Since))
}

// Deadline is when the running decision runs out of time; ok is false
// when it never does (no clock, nothing running, or paused).
func (r Rules) Deadline(s Seat) (time.Time, bool) {
	if s.Since.IsZero() || !s.Paused.IsZero() {
		return time.Time{}, false
	}
	var at time.Time
	switch r.Kind {
	case Decision:
		at = s.Since.Add(r.PerDecision)
	case Bank:
		at = s.Since.Add(s.Bank)
	}
	if r.Phase > 0 && s.Phase != "" {
		if p := s.PhaseSince.Add(r.Phase); at.IsZero() || p.Before(at) {
			at = p
		}
	}
	return at, !at.IsZero()
}

// Remaining is the time left at now for the running decision; ok is false
// when no clock runs for it.
func (r Rules) Remaining(s Seat, now time.Time) (time.Duration, bool) {
	if !s.Paused.IsZero() {
		if at, ok := r.Deadline(Seat{Bank: s.Bank, Since: s.Since, Phase: s.Phase, PhaseSince: s.PhaseSince}); ok {
			return max(0, at.Sub(s.Paused)), true
		}
		return 0, false
	}
	at, ok := r.Deadline(s)
	if !ok {
		return 0, false
	}
	return max(0, at.Sub(now)), true
}

// Expired reports whether the running decision is out of time at now.
func (r Rules) Expired(s Seat, now time.Time) bool {
	at, ok := r.Deadline(s)
	return ok && !now.Before(at)
}

// Pause stops the seat's clock at now (a vacation, the bot unreachable).
func (r Rules) Pause(s Seat, now time.Time) Seat {
	if s.Paused.IsZero() {
		s.Paused = now
	}
	return s
}

// Resume restarts a paused clock at now; the paused span is not charged:
// the decision and the phase are moved forward by it.
func (r Rules) Resume(s Seat, now time.Time) Seat {
	if s.Paused.IsZero() {
		return s
	}
	gap := max(0, now.Sub(s.Paused))
	if !s.Since.IsZero() {
		s.Since = s.Since.Add(gap)
	}
	if !s.PhaseSince.IsZero() {
		s.PhaseSince = s.PhaseSince.Add(gap)
	}
	s.Paused = time.Time{}
	return s
}

// Parse reads a clock setting as a table option gives it: "off"; a time
// per decision ("24h", "90m", "2d"; a bare number is hours, as the lobby
// has always offered); or a time bank "initial+increment/max" ("3d+1d/7d",
// max optional).
func Parse(s string) (Rules, error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "" {
		return Rules{}, nil
	}
	if initial, rest, ok := strings.Cut(s, "+"); ok {
		inc, maxText, capped := strings.Cut(rest, "/")
		r := Rules{Kind: Bank}
		var err error
		if r.Initial, err = ParseDuration(initial); err != nil {
			return Rules{}, err
		}
		if r.Increment, err = ParseDuration(inc); err != nil {
			return Rules{}, err
		}
		if capped {
			if r.Max, err = ParseDuration(maxText); err != nil {
				return Rules{}, err
			}
		}
		return r, r.Validate()
	}
	d, err := ParseDuration(s)
	if err != nil {
		return Rules{}, err
	}
	r := Rules{Kind: Decision, PerDecision: d}
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

// ParseDuration reads "2d", "36h", "90m", "1d12h" or a bare number of
// hours, in whole minutes; zero is allowed ("0h" as an increment),
// negative is not.
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("empty duration: %w", ErrRules)
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n < 0 || n > 24*366 {
			return 0, fmt.Errorf("%q hours: %w", s, ErrRules)
		}
		return time.Duration(n) * time.Hour, nil
	}
	var total time.Duration
	if days, rest, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 || n > 366 {
			return 0, fmt.Errorf("%q: %w", s, ErrRules)
		}
		total, s = time.Duration(n)*24*time.Hour, rest
		if s == "" {
			return total, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > 366*24*time.Hour || d%time.Minute != 0 {
		return 0, fmt.Errorf("%q (whole minutes at least): %w", s, ErrRules)
	}
	return total + d, nil
}

// FormatDuration writes d the short way players read it: "3d", "1d12h",
// "90m".
func FormatDuration(d time.Duration) string {
	if d == 0 {
		return "0h"
	}
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
	return b.String()
}
