package table

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/vote"
)

// How a move came about; kept in the log.
type mover int

const (
	byPlayer  mover = iota
	byTimeout       // the table answered for a seat whose time ran out
	byBot           // a bot seat's policy chose
)

// Step is one applied move with everything the command surface needs to
// tell about it, so that nobody asks the game again.
type Step struct {
	Seat    int
	Move    string
	Outcome games.Outcome
	// Label is the chosen option's label; Secret says the answered prompt
	// was secret, so neither the label nor the move may reach a channel.
	Label  games.Text
	Secret bool
	// Timeout and Bot say the table or a bot chose, not the player.
	Timeout, Bot bool
	// TimeUp says the move was the game's own time-is-up move
	// (games.TimeUpper), whose narration tells that the time ran out.
	TimeUp bool
}

// MoveResult is what one or more applied moves produced.
type MoveResult struct {
	Steps []Step
	State games.State
	// Pending are the decisions awaited now (State.Pending after the last
	// move), computed once.
	Pending []games.Prompt
	// Committed is true when a turn was completed: the channel gets a new
	// board. Narration is then the public story of the whole turn (the
	// steps that led to the commit included); between commits it is empty.
	Committed bool
	Narration []games.Text
	// Loud is true when one of the commits is not games.Outcome.Quiet: a
	// quiet commit's narration is told without a new board.
	Loud bool
	// VotesOpened are the seats whose time ran out at a table with
	// absent=vote: the players present vote now (Table.Votes).
	VotesOpened []int
	// TookOver are the seats a bot took over in this change (their
	// players' time ran out at a table with absent=bot). The bot answers
	// the missed decision in this change, or in a later one when its move
	// is thought out apart: the takeover is told with the change that
	// made it either way.
	TookOver []int
}

// Quiet reports a commit whose every completed turn asked for no new
// board (games.Outcome.Quiet).
func (r MoveResult) Quiet() bool { return r.Committed && !r.Loud }

// Seat of the first step; -1 when nothing was applied.
func (r MoveResult) Seat() int {
	if len(r.Steps) == 0 {
		return -1
	}
	return r.Steps[0].Seat
}

// playing loads the state of a running game.
func (t *Table) playing(g games.Game) (games.State, error) {
	if t.Status != StatusPlaying {
		return nil, games.Errorf(ErrNotPlaying)
	}
	return t.Load(g)
}

// Load decodes the stored game state.
func (t *Table) Load(g games.Game) (games.State, error) {
	if len(t.State) == 0 {
		return nil, games.Errorf(ErrNotPlaying)
	}
	st, err := g.Load(t.State)
	if err != nil {
		return nil, fmt.Errorf("table %s: load state: %w", t.ID, err)
	}
	return st, nil
}

func (t *Table) save(st games.State) error {
	data, err := st.MarshalJSON()
	if err != nil {
		return fmt.Errorf("table %s: save state: %w", t.ID, err)
	}
	t.State = data
	return nil
}

// find returns seat's option move among pending, with its label and
// whether its prompt is secret.
func find(pending []games.Prompt, seat int, move string) (label games.Text, secret, ok bool) {
	for _, p := range pending {
		if p.Seat != seat {
			continue
		}
		for _, o := range p.Options {
			if o.ID == move {
				return o.Label, p.Secret || secret, true
			}
		}
		secret = secret || p.Secret // any doubt keeps the answer private
	}
	return games.Text{}, secret, false
}

// timeUp matches move against seat's time-is-up move (games.TimeUpper),
// which only the table plays; it is secret when any of seat's prompts is.
func timeUp(st games.State, pending []games.Prompt, seat int, move string) (games.Text, bool, bool) {
	tu, ok := st.(games.TimeUpper)
	if !ok {
		return games.Text{}, false, false
	}
	m, label, ok := tu.TimeUp(seat)
	if !ok || m != move {
		return games.Text{}, false, false
	}
	secret := false
	for _, p := range games.SeatPrompts(pending, seat) {
		secret = secret || p.Secret
	}
	return label, secret, true
}

// turn applies moves to st one after another, keeping the table's books:
// log, versions, the open turn's checkpoint and narration, and which seats
// face a new decision. It is the one path every move takes, whoever chose
// it. The state is saved once, by finish.
type turn struct {
	t         *Table
	st        games.State
	pending   []games.Prompt
	now       time.Time
	res       MoveResult
	changed   bool
	stateSave bool // t.State is stale: st must be saved by finish
}

func (t *Table) begin(st games.State, now time.Time) *turn {
	return &turn{t: t, st: st, pending: st.Pending(), now: now}
}

// apply plays seat's move, which must be one of pending's options.
func (u *turn) apply(seat int, move string, how mover) error {
	t := u.t
	label, secret, ok := find(u.pending, seat, move)
	gameTimer := false // the game's own time-up move (a sand timer)
	if !ok && how == byTimeout {
		label, secret, ok = timeUp(u.st, u.pending, seat, move)
		gameTimer = ok
	}
	if !ok {
		return games.Errorf(ErrOptionNotPending)
	}
	before := t.State
	if u.stateSave && t.Checkpoint == nil { // a batch: a new checkpoint needs the state as it is now
		data, err := u.st.MarshalJSON()
		if err != nil {
			return fmt.Errorf("table %s: save state: %w", t.ID, err)
		}
		before = data
	}
	out, err := u.st.Apply(seat, move)
	if err != nil {
		return fmt.Errorf("table %s: apply %q for seat %d: %w", t.ID, move, seat, err)
	}
	u.stateSave, u.changed = true, true
	t.touch(u.now)
	t.appendEntry(Entry{Seat: seat, Move: move, Events: out.Events, Revealed: out.Revealed,
		Timeout: how == byTimeout, TimeUp: gameTimer, Bot: how == byBot, Uncommitted: out.Uncommitted, Quiet: out.Quiet && !out.Uncommitted, At: u.now, Version: t.Version})
	t.Idle.count(len(t.Seats), seat, how)
	if how == byTimeout {
		t.Absent().close(seat, vote.Timeout)
	} else {
		t.Absent().close(seat, vote.Moved)
	}
	t.Clocks().countDecision(seat, how, gameTimer, u.now)
	commit := !out.Uncommitted || u.st.Over()
	t.TurnEvents = append(t.TurnEvents, out.Events...)
	switch {
	case commit:
		u.res.Committed = true
		u.res.Loud = u.res.Loud || !out.Quiet || u.st.Over()
		u.res.Narration = append(u.res.Narration, t.TurnEvents...)
		t.TurnEvents, t.Checkpoint, t.CheckpointAt, t.CheckpointEvents = nil, nil, 0, 0
	case out.Revealed: // no stepping back over a reveal: the turn restarts here
		data, err := u.st.MarshalJSON()
		if err != nil {
			return fmt.Errorf("table %s: save state: %w", t.ID, err)
		}
		t.Checkpoint, t.CheckpointAt, t.CheckpointEvents = data, t.Moves, len(t.TurnEvents)
	case t.Checkpoint == nil:
		t.Checkpoint, t.CheckpointAt, t.CheckpointEvents = before, t.Moves-1, len(t.TurnEvents)-len(out.Events)
	}
	after := u.st.Pending()
	settled := settleCommit
	if !commit {
		settled = settleStep
	}
	t.markChangedPrompts(u.pending, after, seat, settled, u.now)
	u.pending = after
	u.res.Steps = append(u.res.Steps, Step{Seat: seat, Move: move, Outcome: out, Label: label, Secret: secret,
		Timeout: how == byTimeout, Bot: how == byBot, TimeUp: gameTimer})
	return nil
}

// finish saves the state and settles the table after the moves: votes to
// abandon lapse, a finished game is over, and the due events follow.
func (u *turn) finish() (MoveResult, error) {
	t := u.t
	if u.stateSave {
		if err := t.save(u.st); err != nil {
			return MoveResult{}, err
		}
	}
	if u.changed {
		t.AbandonVotes = nil
	}
	if u.st.Over() && t.Status == StatusPlaying {
		t.Unrecorded = true // before end: its due events follow from it
		t.end(StatusOver, u.now)
	}
	t.refreshDue(u.st, u.pending, u.now)
	u.res.State, u.res.Pending = u.st, u.pending
	return u.res, nil
}

// Recorded marks the finished game as in the ratings and stats: its
// DueRecord event goes.
func (t *Table) Recorded() {
	t.Unrecorded = false
	t.Due = slices.DeleteFunc(t.Due, func(d Due) bool { return d.Kind == DueRecord })
}

// appendEntry adds e to the log.
func (t *Table) appendEntry(e Entry) {
	t.Log = append(t.Log, e)
	t.Moves++
}

// settle says what the mover's move means for its clock.
type settle int

const (
	settleCommit settle = iota // a turn completed: a bank pays and earns its increment
	settleStep                 // a step inside a turn: the clock runs on
	settleUndo                 // a move taken back: nothing is paid or earned
)

// markChangedPrompts starts a new decision for the mover and for every
// seat whose pending prompt differs now, and keeps their clocks: every seat
// with a decision now has its clock running, and the mover's clock is
// settled as how says.
func (t *Table) markChangedPrompts(before, after []games.Prompt, mover int, how settle, now time.Time) {
	rules := t.Clocks().Rules()
	for i := range t.Seats {
		mine := games.SeatPrompts(after, i)
		if i != mover && reflect.DeepEqual(games.SeatPrompts(before, i), mine) {
			continue
		}
		t.startDecision(i, now)
		c := t.Seats[i].Clock
		// A per-decision clock restarts with every new decision; a bank
		// keeps running for a seat still deciding (a changed prompt or a
		// step gives no free time) and is paid when the turn completes.
		if (i == mover && how == settleCommit) || len(mine) == 0 || rules.Kind == clock.Decision {
			c = rules.Stop(c, now)
			if i == mover && how == settleUndo {
				c.Bank = t.Seats[i].Clock.Bank
			}
		}
		if len(mine) > 0 {
			c = rules.Start(c, now, mine[0].Phase)
		}
		t.Seats[i].Clock = c
	}
}

// startDecision marks seat i's pending decision as new at this version:
// older buttons are stale.
func (t *Table) startDecision(i int, now time.Time) {
	t.Seats[i].PromptVersion = t.Version
	t.Seats[i].PromptSince = now
	t.Seats[i].Reminded = 0
}

// cloneRaw copies stored JSON so a rebuilt table shares nothing.
func cloneRaw(r json.RawMessage) json.RawMessage {
	if r == nil {
		return nil
	}
	return append(json.RawMessage{}, r...)
}
