package table

import (
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// maxAutoMoves bounds one Fire call. Bots that still have moves to make
// leave a due event for now, so the scheduler comes back at once; the bound
// keeps one transaction short, it is not a rule.
const maxAutoMoves = 64

// IdleTimeouts is how many answers in a row, per seat, the table gives for
// absent players before it closes itself. Without it an abandoned table
// whose game can loop (everyone passing) would post a board every deadline
// forever.
const IdleTimeouts = 8

// safeMove is the game's safe answer (games.TimeoutMover) for a timed seat
// with a pending decision; ok is false when no clock runs for it.
func (t *Table) safeMove(st games.State, pending []games.Prompt, seat int) (string, bool) {
	if t.Status != StatusPlaying || seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Bot {
		return "", false
	}
	if r := t.Clocks().Rules(); r.Kind == clock.None && r.Phase == 0 {
		return "", false
	}
	if tu, ok := st.(games.TimeUpper); ok {
		if move, _, ok := tu.TimeUp(seat); ok {
			return move, true
		}
	}
	tm, ok := st.(games.TimeoutMover)
	if !ok {
		return "", false
	}
	move, ok := tm.TimeoutMove(seat)
	if !ok {
		return "", false
	}
	if _, _, legal := find(pending, seat, move); !legal {
		return "", false
	}
	return move, true
}

// refreshDue lists when the table next needs attention: now, if a bot
// seat has a decision; the earliest moment a timed decision runs out.
func (t *Table) refreshDue(st games.State, pending []games.Prompt, now time.Time) {
	t.Due = nil
	t.Absent().closeStale(pending)
	if len(t.StaleButtons) > 0 || t.ClosedVotes.Known() {
		t.Due = append(t.Due, Due{At: now, Kind: DueTidy})
	}
	if t.Status != StatusPlaying {
		t.Due = append(t.Due, t.endDues()...)
		return
	}
	t.Reminders().noteAlone(pending, now)
	if at, ok := t.Vacations().next(); ok {
		t.Due = append(t.Due, Due{At: at, Kind: DueVacation})
	}
	var clockAt time.Time
	bot := false
	for _, p := range pending {
		if p.Seat < 0 || p.Seat >= len(t.Seats) {
			continue
		}
		if t.Seats[p.Seat].Bot {
			bot = true
			continue
		}
		if at, ok := t.Clocks().Deadline(st, pending, p.Seat); ok && (clockAt.IsZero() || at.Before(clockAt)) {
			clockAt = at
		}
	}
	if bot {
		t.Due = append(t.Due, Due{At: now, Kind: DueBot})
	}
	if !clockAt.IsZero() {
		t.Due = append(t.Due, Due{At: clockAt, Kind: DueClock})
	}
	var remindAt time.Time
	for seat := range t.Seats {
		if at, ok := t.Reminders().next(st, pending, seat); ok && (remindAt.IsZero() || at.Before(remindAt)) {
			remindAt = at
		}
		if at, ok := t.Reminders().aloneDue(pending, seat); ok && (remindAt.IsZero() || at.Before(remindAt)) {
			remindAt = at
		}
	}
	if !remindAt.IsZero() {
		t.Due = append(t.Due, Due{At: remindAt, Kind: DueRemind})
	}
}

// NextDue is the earliest due moment; ok is false when nothing is due.
func (t *Table) NextDue() (time.Time, bool) {
	var at time.Time
	for _, d := range t.Due {
		if at.IsZero() || d.At.Before(at) {
			at = d.At
		}
	}
	return at, !at.IsZero()
}

// Fire plays what is due at now, each as its own logged move through the
// same path as a player's: bot seats' decisions (with bots, the game's
// policy) and the game's safe answer (games.SafePolicy) for every decision
// pending past its deadline. A decision that follows a timed-out answer
// gets the full time again. With nothing due it changes nothing but the
// due list. Nothing changes on error.
func (t *Table) Fire(g games.Game, bots games.Policy, now time.Time) (MoveResult, error) {
	return t.FireWith(g, onePolicy{bots}, now)
}

// FireWith is Fire with each bot seat answered at its strength
// (Bots.Strength) by bots; a deferred bot decision ends the Fire there and
// stays due.
func (t *Table) FireWith(g games.Game, bots BotMover, now time.Time) (MoveResult, error) {
	st, err := t.playing(g)
	if err != nil {
		return MoveResult{}, err
	}
	u := t.begin(st, now)
	for n := 0; n < maxAutoMoves && !u.st.Over() && t.Status == StatusPlaying; n++ {
		seat, move, how, ok := t.nextAuto(u, bots, now)
		if !ok {
			break
		}
		if err := u.apply(seat, move, how); err != nil {
			return MoveResult{}, err
		}
	}
	return u.finish()
}

// nextAuto is the first pending decision, in prompt order, that the table
// answers itself at now.
func (t *Table) nextAuto(u *turn, bots BotMover, now time.Time) (int, string, mover, bool) {
	for _, p := range u.pending {
		if p.Seat < 0 || p.Seat >= len(t.Seats) {
			continue
		}
		if t.Seats[p.Seat].Bot {
			seed := games.PolicySeed(t.Seed, t.Moves, p.Seat)
			move, later := bots.BotMove(u.st, p.Seat, t.Bots().Strength(p.Seat), seed)
			if later {
				continue // thought out later; the bot's turn stays due
			}
			if _, _, legal := find(u.pending, p.Seat, move); !legal {
				// A policy that fails its contract must not stall the table.
				var ok bool
				if move, ok = games.RandomPolicy.Choose(u.st, p.Seat, seed); !ok {
					continue
				}
			}
			return p.Seat, move, byBot, true
		}
		if at, ok := t.Clocks().Deadline(u.st, u.pending, p.Seat); ok && !now.Before(at) {
			switch {
			case t.Options[coreopt.Absent] == coreopt.AbsentBot:
				// A bot takes the seat over until its player returns, and
				// answers this decision at once.
				t.Seats[p.Seat].Bot, t.Seats[p.Seat].Away = true, true
				t.Seats[p.Seat].Missed++ // the decision its player missed
				u.res.TookOver = append(u.res.TookOver, p.Seat)
				return t.nextAuto(u, bots, now)
			case t.Absent().opens(p.Seat, now):
				// The others vote; the seat's deadline is the vote's end.
				t.Absent().open(p.Seat, now)
				u.res.VotesOpened = append(u.res.VotesOpened, p.Seat)
				if t.Status != StatusPlaying {
					return 0, "", byPlayer, false // ended by the votes already cast
				}
				return t.nextAuto(u, bots, now)
			}
			if move, ok := t.Absent().skipMove(u.st, u.pending, p.Seat, now); ok {
				return p.Seat, move, byTimeout, true
			}
			move, _ := t.safeMove(u.st, u.pending, p.Seat)
			return p.Seat, move, byTimeout, true
		}
	}
	return 0, "", byPlayer, false
}

// IdleStreaks count, per seat, the answers in a row the table gave for
// that seat because its time ran out.
type IdleStreaks []int

// count keeps seat's streak after a move made how (seats: the table's
// number of seats).
func (s *IdleStreaks) count(seats, seat int, how mover) {
	if how == byBot {
		return
	}
	if len(*s) != seats {
		*s = make(IdleStreaks, seats)
	}
	if how == byTimeout {
		(*s)[seat]++
	} else {
		(*s)[seat] = 0
	}
}

// Reached reports whether the last IdleTimeouts answers of every seat
// played by a person were timeouts: nobody has played for many deadlines.
func (s IdleStreaks) Reached(seats []Seat) bool {
	people := 0
	for i, seat := range seats {
		if seat.Bot {
			continue
		}
		people++
		if i >= len(s) || s[i] < IdleTimeouts {
			return false
		}
	}
	return people > 0
}

// CloseIdle ends an idle table, as if abandoned.
func (t *Table) CloseIdle(now time.Time) bool {
	if t.Status != StatusPlaying || !t.Idle.Reached(t.Seats) {
		return false
	}
	t.end(StatusAbandoned, now)
	t.touch(now)
	return true
}
