package table

import (
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/settings"
)

// Vacations are the players' vacations at this table and the settings
// a starting game takes from them.
type Vacations struct{ t *Table }

// Vacations is the table's vacations.
func (t *Table) Vacations() Vacations { return Vacations{t} }

// ApplySettings gives a starting game's seats their players' settings
// (users, by user id): reminders and language, and a vacation under way
// pauses their clock. Bots and players without settings keep theirs.
func (va Vacations) ApplySettings(g games.Game, users map[string]settings.User, now time.Time) error {
	t := va.t
	for i, seat := range t.Seats {
		u, ok := users[seat.UserID]
		if !ok || seat.Bot {
			continue
		}
		t.Seats[i].Notify = u.Notify
		if u.Lang != "" {
			t.Seats[i].Lang = u.Lang
		}
		if v, on := u.On(now); on {
			if err := va.Start(g, seat.UserID, v.Until, now); err != nil {
				return err
			}
		}
	}
	return nil
}

// Start pauses userID's clock at this table from now until until
// (see clock.Rules.Off): the running decision's deadline moves by the
// vacation, reminders wait for its end, and its end is a due event
// (DueVacation). A vacation already under way is replaced. Only a game
// being played has clocks; other tables are left alone (ErrNotPlaying).
// No decision changes, so the version stays (buttons stay good).
func (va Vacations) Start(g games.Game, userID string, until, now time.Time) error {
	t := va.t
	seat, st, err := va.seatPlaying(g, userID)
	if err != nil {
		return err
	}
	rules := t.Clocks().Rules()
	c := t.Seats[seat].Clock
	if t.Seats[seat].Vacation != nil {
		c = rules.EndOff(c, now)
	}
	t.Seats[seat].Clock = rules.Off(c, now, until)
	t.Seats[seat].Vacation = &clock.Span{From: now, Until: until}
	t.refreshDue(st, st.Pending(), now)
	return nil
}

// End ends userID's vacation at this table now: the clock runs
// again from now on. A seat not on vacation is left alone (ok false).
func (va Vacations) End(g games.Game, userID string, now time.Time) (bool, error) {
	t := va.t
	seat, st, err := va.seatPlaying(g, userID)
	if err != nil {
		return false, err
	}
	if t.Seats[seat].Vacation == nil {
		return false, nil
	}
	t.Seats[seat].Clock = t.Clocks().Rules().EndOff(t.Seats[seat].Clock, now)
	t.Seats[seat].Vacation = nil
	t.refreshDue(st, st.Pending(), now)
	return true, nil
}

// TakeEnds lists the seats whose vacation is over by now and
// forgets the vacation (the clock's off span stays: it is in the past), so
// that its end is told once.
func (va Vacations) TakeEnds(g games.Game, now time.Time) ([]int, error) {
	t := va.t
	var out []int
	for i, s := range t.Seats {
		if s.Vacation != nil && !now.Before(s.Vacation.Until) {
			t.Seats[i].Vacation = nil
			out = append(out, i)
		}
	}
	if len(out) == 0 || t.Status != StatusPlaying {
		return out, nil
	}
	st, err := t.playing(g)
	if err != nil {
		return nil, err
	}
	t.refreshDue(st, st.Pending(), now)
	return out, nil
}

// next is the earliest end of a seat's vacation.
func (va Vacations) next() (time.Time, bool) {
	t := va.t
	var at time.Time
	for _, s := range t.Seats {
		if s.Vacation != nil && (at.IsZero() || s.Vacation.Until.Before(at)) {
			at = s.Vacation.Until
		}
	}
	return at, !at.IsZero()
}

// seatPlaying is userID's seat at a game being played, with its state.
func (va Vacations) seatPlaying(g games.Game, userID string) (int, games.State, error) {
	t := va.t
	seat := t.SeatOf(userID)
	if seat < 0 {
		return 0, nil, games.Errorf(ErrNotSeated)
	}
	st, err := t.playing(g)
	if err != nil {
		return 0, nil, err
	}
	return seat, st, nil
}

// NewVersion marks a change that only tells something (a reminder, a
// vacation's line, new playing hours) with a version of its own, so that
// its messages get nonces of their own: Discord would take a second post
// under an earlier change's nonce for a repeat and drop it. No prompt
// changes, so every button stays good, and the last move's time stays.
func (t *Table) NewVersion() { t.Version++ }
