package table

import (
	"slices"
	"strconv"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/settings"
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
// (BotStrength) by bots; a deferred bot decision ends the Fire there and
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
			case t.Options[OptAbsent] == AbsentBot:
				// A bot takes the seat over until its player returns, and
				// answers this decision at once.
				t.Seats[p.Seat].Bot, t.Seats[p.Seat].Away = true, true
				u.tookOver = append(u.tookOver, p.Seat)
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

// Add seats a bot in the lobby (host only). Bots are named by the
// caller (localized), and their user ids never collide with Discord's.
func (bo Bots) Add(info games.Info, userID, name string, now time.Time) error {
	t := bo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	if userID != t.Host {
		return games.Errorf(ErrNotHost)
	}
	if len(t.Seats) >= info.MaxPlayers {
		return games.Errorf(ErrTableFull, "max", info.MaxPlayers)
	}
	n := 1
	for _, s := range t.Seats {
		if s.Bot {
			n++
		}
	}
	t.Seats = append(t.Seats, Seat{UserID: BotUserID(n), Name: name, Lang: t.Lang, Bot: true, Strength: bo.NextStrength()})
	t.touch(now)
	return nil
}

// Remove takes the last bot's seat away in the lobby (host only).
func (bo Bots) Remove(userID string, now time.Time) error {
	t := bo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	if userID != t.Host {
		return games.Errorf(ErrNotHost)
	}
	for i := len(t.Seats) - 1; i >= 0; i-- {
		if t.Seats[i].Bot {
			t.Seats = slices.Delete(t.Seats, i, i+1)
			t.touch(now)
			return nil
		}
	}
	return games.Errorf(ErrNoBot)
}

// BotUserID is the user id of the table's n-th bot; Discord's ids are
// numeric, so a "bot:" id is never a person's.
func BotUserID(n int) string { return "bot:" + strconv.Itoa(n) }

// Return gives a seat a bot took over back to its player (userID): the
// player's decisions are theirs again, with their full time from now.
func (bo Bots) Return(g games.Game, userID string, now time.Time) (MoveResult, error) {
	t := bo.t
	seat := t.SeatOf(userID)
	switch {
	case seat < 0:
		return MoveResult{}, games.Errorf(ErrNotSeated)
	case !t.Seats[seat].Away:
		return MoveResult{}, games.Errorf(ErrNotAway)
	}
	st, err := t.playing(g)
	if err != nil {
		return MoveResult{}, err
	}
	t.Seats[seat].Bot, t.Seats[seat].Away, t.Seats[seat].RoundEnd = false, false, false
	pending := st.Pending()
	t.touch(now)
	if mine := games.SeatPrompts(pending, seat); len(mine) > 0 {
		// The decision is new to the player: stale buttons before it, a
		// fresh clock, a DM.
		t.startDecision(seat, now)
		rules := t.Clocks().Rules()
		t.Seats[seat].Clock = rules.Start(rules.Stop(t.Seats[seat].Clock, now), now, mine[0].Phase)
	}
	t.refreshDue(st, pending, now)
	return MoveResult{State: st, Pending: pending, Committed: true, Loud: true}, nil
}
