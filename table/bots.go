package table

import (
	"slices"
	"strconv"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// Bots are the table's bot seats: those the lobby seats, their strength,
// their moves thought out ahead, and bots taking a person's seat over.
type Bots struct{ t *Table }

// Bots is the table's bot seats.
func (t *Table) Bots() Bots { return Bots{t} }

// thinkLease is how long a bot's decision, deferred to be thought out
// apart (Delay), is left to its thinker before the scheduler asks
// again: a thinker that died with its process is replaced then.
const thinkLease = time.Minute

// Delay moves the table's bot turn (DueBot) to a minute after now:
// its moves are being thought out apart, and the change that stores them
// makes the table due again. Other due events keep their times.
func (bo Bots) Delay(now time.Time) {
	t := bo.t
	for i := range t.Due {
		if t.Due[i].Kind == DueBot {
			t.Due[i].At = now.Add(thinkLease)
		}
	}
}

// BotMover answers bot seats' decisions.
type BotMover interface {
	// BotMove is the move of a bot of strength for seat at st, with the
	// decision's seed (games.PolicySeed). later=true defers the decision:
	// Fire passes over it (other seats' due answers still come) and the
	// bot's turn stays due, so a bot whose move is still being thought out
	// never holds the table up.
	BotMove(st games.State, seat int, strength string, seed uint64) (move string, later bool)
}

// onePolicy plays every strength by one policy (tests, tools).
type onePolicy struct{ p games.Policy }

func (o onePolicy) BotMove(st games.State, seat int, _ string, seed uint64) (string, bool) {
	move, _ := o.p.Choose(st, seat, seed)
	return move, false
}

// Strength is the strength seat's bot plays at: the one the lobby
// seated it with; a bot that took a person's seat over (an absent
// player, a tournament round's end) plays at coreopt.BotNormal, and so does a
// bot seated before strengths existed.
func (bo Bots) Strength(seat int) string {
	t := bo.t
	if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Away || t.Seats[seat].Strength == "" {
		return coreopt.BotNormal
	}
	return t.Seats[seat].Strength
}

// Thought are bot moves thought out ahead of the change that makes them
// (Bots.Plan), by their decisions' seeds; a decision not among them is
// deferred.
type Thought map[uint64]string

// BotMove answers with the move thought out for seed, or defers.
func (th Thought) BotMove(_ games.State, _ int, _ string, seed uint64) (string, bool) {
	move, ok := th[seed]
	return move, !ok
}

// Plan thinks out, on a copy of the table, the bot moves Fire would
// make at now, at most max of them, so that a bot that searches for a
// second thinks outside the transaction that stores its move: the
// change then replays them (FireWith the Thought), cheaply. A move the
// table no longer asks for by then (someone moved meanwhile) has another
// seed and is thought out again.
func (bo Bots) Plan(g games.Game, bots BotMover, now time.Time, max int) (Thought, error) {
	t := bo.t
	c, err := t.Clone()
	if err != nil {
		return nil, err
	}
	rec := &recorder{bots: bots, max: max, th: Thought{}}
	if _, err := c.FireWith(g, rec, now); err != nil {
		return nil, err
	}
	return rec.th, nil
}

// recorder keeps the moves it lets bots make, and defers after max.
type recorder struct {
	bots BotMover
	max  int
	th   Thought
}

func (r *recorder) BotMove(st games.State, seat int, strength string, seed uint64) (string, bool) {
	if len(r.th) >= r.max {
		return "", true
	}
	move, later := r.bots.BotMove(st, seat, strength, seed)
	if !later {
		r.th[seed] = move
	}
	return move, later
}

// NextStrength is the strength the lobby seats its next bot at
// (coreopt.Bot).
func (bo Bots) NextStrength() string {
	t := bo.t
	switch s := t.Options[coreopt.Bot]; s {
	case coreopt.BotEasy, coreopt.BotNormal, coreopt.BotStrong:
		return s
	}
	return coreopt.BotNormal
}

// Add seats a bot in the lobby (host only). Bots are named by the
// caller (localized), and their user ids never collide with Discord's.
func (bo Bots) Add(info games.Info, userID, name string, now time.Time) error {
	t := bo.t
	if err := t.Lobby().hostOnly(userID); err != nil {
		return err
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
	if err := t.Lobby().hostOnly(userID); err != nil {
		return err
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

// FinishRound hands every person's seat to a bot because a tournament
// round's days ran out: the game is played to its end at once, and each
// player may still /game return. A decision a player had pending counts
// as missed, as a timed-out one does.
func (bo Bots) FinishRound(pending []games.Prompt) {
	t := bo.t
	for i := range t.Seats {
		s := &t.Seats[i]
		if s.Bot {
			continue
		}
		s.Bot, s.Away, s.RoundEnd = true, true, true
		if len(games.SeatPrompts(pending, i)) > 0 {
			s.Missed++
		}
	}
}
