package table

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/settings"
)

// Reminders are the reminders of a decision's time and the notice to the
// last player waited for.
type Reminders struct{ t *Table }

// Reminders is the table's reminders.
func (t *Table) Reminders() Reminders { return Reminders{t} }

// reminderShares are the parts of a decision's time after which its
// player is reminded: half of it, and nine tenths.
var reminderShares = [...]float64{0.5, 0.9}

// minRemindedTime is the shortest decision time that gets reminders: a
// reminder minutes before a short clock runs out would only nag.
const minRemindedTime = 2 * time.Hour

// times lists the moments seat's current decision earns its
// reminders; none for a bot, an untimed or a short decision. The shares
// are of the decision's running time (playing hours, weekends and
// vacations taken off), so a reminder never falls where the clock stands.
func (re Reminders) times(st games.State, pending []games.Prompt, seat int) []time.Time {
	t := re.t
	if len(games.SeatPrompts(pending, seat)) == 0 || t.Seats[seat].Bot {
		return nil
	}
	at, ok := t.Clocks().Deadline(st, pending, seat)
	since := t.Seats[seat].PromptSince
	if !ok || since.IsZero() {
		return nil
	}
	rules, c := t.Clocks().Rules(), t.Seats[seat].Clock
	total := rules.Running(c, since, at)
	if total < minRemindedTime {
		return nil
	}
	var out []time.Time
	for _, share := range reminderShares {
		if when, ok := rules.After(c, since, time.Duration(share*float64(total))); ok {
			out = append(out, when)
		}
	}
	return out
}

// next is when seat's next reminder is due.
func (re Reminders) next(st games.State, pending []games.Prompt, seat int) (time.Time, bool) {
	t := re.t
	times := re.times(st, pending, seat)
	if n := t.Seats[seat].Reminded; n < len(times) {
		return re.held(seat, times[n]), true
	}
	return time.Time{}, false
}

// held moves a reminder due at at past what holds the seat's reminders
// back: the player's quiet hours and vacation.
func (re Reminders) held(seat int, at time.Time) time.Time {
	t := re.t
	s := t.Seats[seat]
	if at.Before(s.RemindAfter) {
		at = s.RemindAfter
	}
	if s.Vacation != nil && at.Before(s.Vacation.Until) {
		at = s.Vacation.Until
	}
	return at
}

// Alone is a seat's "you are the last one we wait for" notice: it is
// about the decision the seat was asked at prompt version V, which became
// the only one the table waits for at Since; Told says it was sent.
type Alone struct {
	V     int       `json:"v,omitempty"`
	Since time.Time `json:"since,omitzero"`
	Told  bool      `json:"told,omitempty"`
}

// aloneGrace is how long a decision must have been pending before its
// player is told they are the last one: a player asked a moment ago (the
// others being bots that answer at once) needs no second message.
const aloneGrace = 30 * time.Minute

// noteAlone marks the seat that everyone else has left waiting: a
// simultaneous step (two or more seats waited at the last refresh) whose
// one remaining seat still has the same decision.
func (re Reminders) noteAlone(pending []games.Prompt, now time.Time) {
	t := re.t
	var waiting []int
	for _, p := range pending {
		if p.Seat >= 0 && p.Seat < len(t.Seats) && !slices.Contains(waiting, p.Seat) {
			waiting = append(waiting, p.Seat)
		}
	}
	if len(waiting) == 1 {
		s := &t.Seats[waiting[0]]
		if !s.Bot && t.Waiting >= 2 && s.PromptVersion <= t.WaitingV && s.Alone.V != s.PromptVersion {
			s.Alone = Alone{V: s.PromptVersion, Since: now}
		}
	}
	t.Waiting, t.WaitingV = len(waiting), t.Version
}

// aloneDue is when seat is to be told it is the last one waited for:
// only while no time reminder was sent for the decision (one the player
// does not want was not sent), since the notice takes the place of the
// half-time reminder: a decision earns two reminder messages at most.
func (re Reminders) aloneDue(pending []games.Prompt, seat int) (time.Time, bool) {
	t := re.t
	s := t.Seats[seat]
	if s.Bot || s.Alone.Told || (s.Reminded > 0 && s.Notify.Wants(false)) || s.Alone.V != s.PromptVersion || s.Alone.Since.IsZero() || len(games.SeatPrompts(pending, seat)) == 0 {
		return time.Time{}, false
	}
	at := s.Alone.Since
	if grace := s.PromptSince.Add(aloneGrace); at.Before(grace) {
		at = grace
	}
	return re.held(seat, at), true
}

// Reminder is a seat to remind of its decision, which runs out at
// Deadline (zero: never). Time says some of its time is gone (half or nine
// tenths); Last says everyone else has answered. One Reminder is one
// message, however many reasons fell due together.
type Reminder struct {
	Seat       int
	Deadline   time.Time
	Time, Last bool
}

// Hold keeps seat's reminders back until until (the player's
// quiet hours): they come then, once.
func (re Reminders) Hold(seat int, until time.Time) {
	t := re.t
	if seat >= 0 && seat < len(t.Seats) && until.After(t.Seats[seat].RemindAfter) {
		t.Seats[seat].RemindAfter = until
	}
}

// Take lists the seats whose decision has earned a reminder by
// now and counts it as sent (one reminder, however many moments passed):
// a reminder is sent once, whenever the scheduler gets to it. The seat's
// settings (Seat.Notify) hold reminders back in its quiet hours and leave
// out those the player does not want (counted all the same).
func (re Reminders) Take(g games.Game, now time.Time) ([]Reminder, error) {
	t := re.t
	st, err := t.playing(g)
	if err != nil {
		return nil, err
	}
	pending := st.Pending()
	var out []Reminder
	changed := false
	for seat := range t.Seats {
		n := t.Seats[seat].Notify
		if until, quiet := n.QuietUntil(now); quiet && n.Reminders != settings.RemindNone && until.After(t.Seats[seat].RemindAfter) {
			re.Hold(seat, until)
			changed = true
		}
		if now.Before(re.held(seat, now)) {
			continue
		}
		r := Reminder{Seat: seat}
		times := re.times(st, pending, seat)
		due := 0
		for _, at := range times {
			if !now.Before(at) {
				due++
			}
		}
		if at, ok := re.aloneDue(pending, seat); ok && !now.Before(at) {
			// The notice stands in for the half-time reminder.
			t.Seats[seat].Alone.Told = true
			r.Last = true
			due = max(due, 1)
		}
		if due > t.Seats[seat].Reminded {
			r.Time = t.Seats[seat].Reminded < len(times) && !now.Before(times[t.Seats[seat].Reminded])
			t.Seats[seat].Reminded = due
		}
		changed = changed || r.Time || r.Last
		r.Last, r.Time = r.Last && n.Wants(true), r.Time && n.Wants(false)
		if r.Time || r.Last {
			r.Deadline, _ = t.Clocks().Deadline(st, pending, seat)
			out = append(out, r)
		}
	}
	if changed {
		t.refreshDue(st, pending, now)
	}
	return out, nil
}
