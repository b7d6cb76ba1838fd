package table

import (
	"fmt"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// maxTimeoutMoves bounds one ApplyTimeouts call. Every answer starts the
// next decisions' clocks afresh, so a call only answers seats that were due
// together; the bound is a guard, not a rule.
const maxTimeoutMoves = 64

// TimedMove is one answer the table gave for a seat that ran out of time.
type TimedMove struct {
	Seat int
	Move string
	// Label is the chosen option's label. When Secret, the prompt was
	// secret and Label must never reach a channel.
	Label   games.Text
	Secret  bool
	Outcome games.Outcome
}

// SeatDeadline is when seat's pending decision runs out of time. ok is
// false when it never does: no deadline set, nothing pending, or the game
// has no safe answer for this prompt.
func (t *Table) SeatDeadline(st games.State, seat int) (time.Time, bool) {
	_, _, at, ok := t.timeoutFor(st, seat)
	return at, ok
}

// timeoutFor is the timeout answer for seat, with its prompt and the moment
// it becomes due.
func (t *Table) timeoutFor(st games.State, seat int) (string, games.Prompt, time.Time, bool) {
	hours := t.DeadlineHours()
	if t.Status != StatusPlaying || hours == 0 || seat < 0 || seat >= len(t.Seats) || t.Seats[seat].PromptSince.IsZero() {
		return "", games.Prompt{}, time.Time{}, false
	}
	tm, ok := st.(games.TimeoutMover)
	if !ok {
		return "", games.Prompt{}, time.Time{}, false
	}
	p, ok := games.PromptFor(st, seat)
	if !ok {
		return "", games.Prompt{}, time.Time{}, false
	}
	move, ok := tm.TimeoutMove(seat)
	if !ok || !games.Legal(st, seat, move) {
		return "", games.Prompt{}, time.Time{}, false
	}
	return move, p, t.Seats[seat].PromptSince.Add(time.Duration(hours) * time.Hour), true
}

// refreshDeadline sets Deadline to the earliest moment a pending decision
// runs out of time, or zero.
func (t *Table) refreshDeadline(st games.State) {
	t.Deadline = time.Time{}
	for _, p := range st.Pending() {
		if at, ok := t.SeatDeadline(st, p.Seat); ok && (t.Deadline.IsZero() || at.Before(t.Deadline)) {
			t.Deadline = at
		}
	}
}

// ApplyTimeouts answers, with the game's TimeoutMove, every decision that
// has been pending past the deadline at now, each as its own logged move
// (marked Timeout). The deadline holds per decision: a decision that
// follows a timed-out answer gets the full time again. It returns the moves made (none when nothing was due)
// and the resulting state. Nothing changes on error.
func (t *Table) ApplyTimeouts(g games.Game, now time.Time) ([]TimedMove, games.State, error) {
	if t.Status != StatusPlaying {
		return nil, nil, games.Errorf(ErrNotPlaying)
	}
	st, err := t.Load(g)
	if err != nil {
		return nil, nil, err
	}
	var done []TimedMove
	for len(done) < maxTimeoutMoves && !st.Over() {
		m, ok := t.nextDue(st, now)
		if !ok {
			break
		}
		before := st.Pending()
		m.Outcome, err = st.Apply(m.Seat, m.Move)
		if err != nil {
			return nil, nil, fmt.Errorf("table %s: timeout move %q for seat %d: %w", t.ID, m.Move, m.Seat, err)
		}
		t.touch(now)
		t.Log = append(t.Log, Entry{Seat: m.Seat, Move: m.Move, Events: m.Outcome.Events, Revealed: m.Outcome.Revealed,
			Timeout: true, At: now, Version: t.Version})
		t.markChangedPrompts(before, st.Pending(), m.Seat, now)
		done = append(done, m)
	}
	if len(done) == 0 {
		return nil, st, nil
	}
	if err := t.save(st); err != nil {
		return nil, nil, err
	}
	t.AbandonVotes = nil
	if st.Over() {
		t.Status = StatusOver
	}
	t.refreshDeadline(st)
	return done, st, nil
}

// nextDue finds the first pending seat, in prompt order, whose decision is
// due at now.
func (t *Table) nextDue(st games.State, now time.Time) (TimedMove, bool) {
	for _, p := range st.Pending() {
		move, prompt, at, ok := t.timeoutFor(st, p.Seat)
		if !ok || now.Before(at) {
			continue
		}
		m := TimedMove{Seat: p.Seat, Move: move, Secret: prompt.Secret, Label: games.Text{Key: move}}
		for _, q := range st.Pending() {
			if q.Seat != p.Seat {
				continue
			}
			m.Secret = m.Secret || q.Secret // any doubt keeps the answer private
			for _, o := range q.Options {
				if o.ID == move {
					m.Label = o.Label
				}
			}
		}
		return m, true
	}
	return TimedMove{}, false
}

// IdleTimeouts is how many answers in a row, per seat, the table gives for
// absent players before it closes itself. Without it an abandoned table
// whose game can loop (everyone passing) would post a board every deadline
// forever.
const IdleTimeouts = 8

// Idle reports whether the last IdleTimeouts answers of every seat in a row
// were timeouts: nobody has played for many deadlines.
func (t *Table) Idle() bool {
	n := IdleTimeouts * len(t.Seats)
	if n == 0 || len(t.Log) < n {
		return false
	}
	for _, e := range t.Log[len(t.Log)-n:] {
		if !e.Timeout {
			return false
		}
	}
	return true
}

// CloseIdle ends an Idle table, as if abandoned.
func (t *Table) CloseIdle(now time.Time) bool {
	if t.Status != StatusPlaying || !t.Idle() {
		return false
	}
	t.Status = StatusAbandoned
	t.touch(now)
	return true
}
