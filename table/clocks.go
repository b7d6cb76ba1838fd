package table

import (
	"strconv"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// Clocks are the seats' clocks: the rules the options set, deadlines,
// pauses, outages credited and the playing hours.
type Clocks struct{ t *Table }

// Clocks is the table's clocks.
func (t *Table) Clocks() Clocks { return Clocks{t} }

// Pause stops every seat's clock at now, for as long as the table's
// tournament is paused (see clock.Rules.Pause): no decision runs out,
// no reminder comes, and moves may still be made. changed is false when
// every clock was paused already or no game is being played. No decision
// changes, so the version stays.
func (cl Clocks) Pause(g games.Game, now time.Time) (changed bool, err error) {
	return cl.setPaused(g, now, true)
}

// Resume restarts the clocks Pause stopped, at now: the paused
// time is not charged (it stays an off span of each seat), and deadlines
// and reminders move by it.
func (cl Clocks) Resume(g games.Game, now time.Time) (changed bool, err error) {
	return cl.setPaused(g, now, false)
}

func (cl Clocks) setPaused(g games.Game, now time.Time, pause bool) (bool, error) {
	t := cl.t
	if t.Status != StatusPlaying {
		return false, nil
	}
	st, err := t.playing(g)
	if err != nil {
		return false, err
	}
	rules := cl.Rules()
	changed := false
	for i := range t.Seats {
		c := t.Seats[i].Clock
		if c.Paused.IsZero() != pause {
			continue
		}
		if pause {
			t.Seats[i].Clock = rules.Pause(c, now)
		} else {
			t.Seats[i].Clock = rules.Resume(c, now)
		}
		changed = true
	}
	if changed {
		t.refreshDue(st, st.Pending(), now)
	}
	return changed, nil
}

// Paused reports a table whose clocks Pause stopped.
func (cl Clocks) Paused() bool {
	t := cl.t
	for _, s := range t.Seats {
		if !s.Clock.Paused.IsZero() {
			return true
		}
	}
	return false
}

// Rules are the seats' clock as the table's options set it; options
// that cannot be read (never stored: they are validated) mean no clock.
func (cl Clocks) Rules() clock.Rules {
	t := cl.t
	r, err := clock.Parse(t.Options[coreopt.Deadline])
	if err != nil {
		r = clock.Rules{}
	}
	if v := t.Options[coreopt.Phase]; v != "" && v != coreopt.DeadlineOff {
		if d, err := clock.ParsePhase(v); err == nil {
			r.Phase = d
		}
	}
	r.Calendar = t.Calendar
	return r
}

// DeadlineHours is the table's deadline per decision in hours, 0 for none.
func (cl Clocks) DeadlineHours() int {
	t := cl.t
	h, err := strconv.Atoi(t.Options[coreopt.Deadline])
	if err != nil || h <= 0 {
		return 0
	}
	return h
}

// Deadline is when seat's pending decision runs out of time. ok is
// false when it never does: no clock, nothing pending, a bot seat, or the
// game has no safe answer for this prompt.
func (cl Clocks) Deadline(st games.State, pending []games.Prompt, seat int) (time.Time, bool) {
	t := cl.t
	if _, ok := t.safeMove(st, pending, seat); !ok {
		return time.Time{}, false
	}
	if v := t.Votes.About(seat); v != nil {
		// The table waits for the vote: one more clock period.
		return t.Absent().Until(*v)
	}
	return cl.Rules().Deadline(t.Seats[seat].Clock)
}

// countDecision adds a person's answer, or the table's answer for them, to
// the seat's decisions (a bot's moves count nowhere). The time taken is
// the seat clock's running time since the decision began, as a deadline
// counts it: nights outside the playing hours, weekends off, vacations and
// outages are nobody's thinking time. It runs before the seat's clock
// starts its next decision, which forgets the off spans behind it.
//
// A game's own timer ending a phase (gameTimer: Sorcerer City's sand
// timer, the game's time-up move) is how that phase always ends, not an
// absent player: it counts as missed only when the seat's decision clock
// had run out too.
func (cl Clocks) countDecision(seat int, how mover, gameTimer bool, now time.Time) {
	t := cl.t
	s := &t.Seats[seat]
	switch how {
	case byPlayer:
		s.Answered++
		if !s.PromptSince.IsZero() && now.After(s.PromptSince) {
			s.Think += cl.Rules().Running(s.Clock, s.PromptSince, now)
		}
	case byTimeout:
		if gameTimer && !cl.ranOut(seat, now) {
			return
		}
		s.Missed++
	}
}

// ranOut reports whether seat's decision clock (per decision or
// time bank, the phase timer left aside) has run out at now.
func (cl Clocks) ranOut(seat int, now time.Time) bool {
	t := cl.t
	r := cl.Rules()
	r.Phase = 0
	return r.Expired(t.Seats[seat].Clock, now)
}

// SetCalendar changes when the table's clocks run (the server changed its
// playing hours) at now: time already used stays used (see
// clock.Rules.Recalendar).
func (cl Clocks) SetCalendar(g games.Game, cal clock.Calendar, now time.Time) error {
	t := cl.t
	if t.Calendar.Equal(cal) {
		return nil
	}
	if t.Status != StatusPlaying {
		t.Calendar = cal
		return nil
	}
	st, err := t.playing(g)
	if err != nil {
		return err
	}
	from := cl.Rules()
	to := from
	to.Calendar = cal
	for i := range t.Seats {
		t.Seats[i].Clock = from.Recalendar(to, t.Seats[i].Clock, now)
	}
	t.Calendar = cal
	t.refreshDue(st, st.Pending(), now)
	return nil
}

// Outage pauses every seat's clock over [from, until), a time the bot was
// down: nobody is charged for time in which they could not play (the rule
// Board Game Arena and lichess apply after outages). Due events move with
// the clocks.
func (cl Clocks) Outage(g games.Game, from, until time.Time) error {
	t := cl.t
	st, err := t.playing(g)
	if err != nil {
		return err
	}
	rules := cl.Rules()
	for i := range t.Seats {
		t.Seats[i].Clock = rules.Off(t.Seats[i].Clock, from, until)
	}
	t.refreshDue(st, st.Pending(), until)
	return nil
}
