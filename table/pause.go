package table

import (
	"time"

	"github.com/tavern-bot/tavern/games"
)

// PauseClocks stops every seat's clock at now, for as long as the table's
// tournament is paused (see clock.Rules.Pause): no decision runs out,
// no reminder comes, and moves may still be made. changed is false when
// every clock was paused already or no game is being played. No decision
// changes, so the version stays.
func (t *Table) PauseClocks(g games.Game, now time.Time) (changed bool, err error) {
	return t.setPaused(g, now, true)
}

// ResumeClocks restarts the clocks PauseClocks stopped, at now: the paused
// time is not charged (it stays an off span of each seat), and deadlines
// and reminders move by it.
func (t *Table) ResumeClocks(g games.Game, now time.Time) (changed bool, err error) {
	return t.setPaused(g, now, false)
}

func (t *Table) setPaused(g games.Game, now time.Time, pause bool) (bool, error) {
	if t.Status != StatusPlaying {
		return false, nil
	}
	st, err := t.playing(g)
	if err != nil {
		return false, err
	}
	rules := t.ClockRules()
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

// ClocksPaused reports a table whose clocks PauseClocks stopped.
func (t *Table) ClocksPaused() bool {
	for _, s := range t.Seats {
		if !s.Clock.Paused.IsZero() {
			return true
		}
	}
	return false
}
