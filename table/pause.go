package table

import (
	"time"

	"github.com/tavern-bot/tavern/games"
)

// Pause stops every seat's clock at now, for as long as the table's
// tournament is paused (see clock.Rules.Pause): no decision runs out,
// no reminder comes, and moves may still be made. changed is false when
// every clock was paused already or no game is being played. No decision
// changes, so the version stays.
func (cl Clocks) Pause(g games.Game, now time.Time) (changed bool, err error) {
	return cl.setPaused(g, now, true)
}

// Resume restarts the clocks PauseClocks stopped, at now: the paused
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

// Paused reports a table whose clocks PauseClocks stopped.
func (cl Clocks) Paused() bool {
	t := cl.t
	for _, s := range t.Seats {
		if !s.Clock.Paused.IsZero() {
			return true
		}
	}
	return false
}
