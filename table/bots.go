package table

import (
	"time"

	"github.com/tavern-bot/tavern/games"
)

// OptBot is the core option that sets how well the next bot the lobby
// seats plays (AddBot keeps it per bot): the game's heuristic (BotEasy),
// or a search over sampled worlds with a small (BotNormal) or a larger
// budget (BotStrong). Package search gives each its policy.
const OptBot = "bot"

// The OptBot choices, weakest first.
const (
	BotEasy   = "easy"
	BotNormal = "normal"
	BotStrong = "strong"
)

// thinkLease is how long a bot's decision, deferred to be thought out
// apart (DelayBots), is left to its thinker before the scheduler asks
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
// player, a tournament round's end) plays at BotNormal, and so does a
// bot seated before strengths existed.
func (bo Bots) Strength(seat int) string {
	t := bo.t
	if seat < 0 || seat >= len(t.Seats) || t.Seats[seat].Away || t.Seats[seat].Strength == "" {
		return BotNormal
	}
	return t.Seats[seat].Strength
}

// Thought are bot moves thought out ahead of the change that makes them
// (PlanBots), by their decisions' seeds; a decision not among them is
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
// (OptBot).
func (bo Bots) NextStrength() string {
	t := bo.t
	switch s := t.Options[OptBot]; s {
	case BotEasy, BotNormal, BotStrong:
		return s
	}
	return BotNormal
}
