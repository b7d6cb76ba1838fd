package table

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// History is the move log looked back on: the last entry, undo and step
// back, and the state rebuilt from the seed.
type History struct{ t *Table }

// History is the table's history.
func (t *Table) History() History { return History{t} }

// Last returns the most recent log entry, if it is loaded.
func (hi History) Last() (Entry, bool) {
	t := hi.t
	if len(t.Log) == 0 || t.LogFrom+len(t.Log) != t.Moves {
		return Entry{}, false
	}
	return t.Log[len(t.Log)-1], true
}

// ErrLogNotLoaded means an operation needed more of the move log than the
// caller loaded from storage; it is a programming error, never a player's.
var ErrLogNotLoaded = errors.New("table: the move log needed here was not loaded")

// fullLog returns the whole log, or ErrLogNotLoaded.
func (hi History) fullLog() ([]Entry, error) {
	t := hi.t
	if t.LogFrom != 0 || len(t.Log) != t.Moves {
		return nil, fmt.Errorf("table %s: whole log: %w", t.ID, ErrLogNotLoaded)
	}
	return t.Log, nil
}

// Rebuild replays the whole log from the seed (the log must be loaded). A
// correct game rebuilds exactly the stored state; undo and crash recovery
// rely on it.
func (hi History) Rebuild(g games.Game) (games.State, error) {
	t := hi.t
	log, err := hi.fullLog()
	if err != nil {
		return nil, err
	}
	c := *t
	c.TurnEvents, c.Checkpoint = nil, nil
	return c.History().rebuild(g, log)
}

// rebuild replays log from the seed onto t's books.
func (hi History) rebuild(g games.Game, log []Entry) (games.State, error) {
	t := hi.t
	if t.Status == StatusLobby {
		return nil, games.Errorf(ErrNotPlaying)
	}
	st, err := g.New(t.Setup())
	if err != nil {
		return nil, fmt.Errorf("table %s: replay setup: %w", t.ID, err)
	}
	if err := hi.replay(st, log, 0); err != nil {
		return nil, err
	}
	return st, nil
}

// Undo takes back userID's last move: only the very last move of the log,
// only one's own, and only if it revealed nothing (no draw, no hidden fact).
// Within an open turn it steps back from the turn's checkpoint and needs
// only the turn's part of the log; across a commit it replays the whole log
// from the seed, which the caller must then have loaded.
func (hi History) Undo(g games.Game, userID string, now time.Time) (MoveResult, error) {
	return hi.takeBack(g, userID, false, now)
}

// CanStepBack reports whether seat could step back now: the open turn's
// last step is seat's own and revealed nothing.
func (hi History) CanStepBack(seat int) bool {
	t := hi.t
	last, ok := hi.Last()
	return ok && t.Checkpoint != nil && t.CheckpointAt < t.Moves && last.Seat == seat && last.Uncommitted && !last.Revealed
}

// Back steps userID back over their last step of the open turn, up to the
// turn's last commit or reveal (the rule Board Game Arena uses). It needs
// the log from CheckpointAt on.
func (hi History) Back(g games.Game, userID string, now time.Time) (MoveResult, error) {
	return hi.takeBack(g, userID, true, now)
}

func (hi History) takeBack(g games.Game, userID string, withinTurn bool, now time.Time) (MoveResult, error) {
	t := hi.t
	if t.Status != StatusPlaying {
		return MoveResult{}, games.Errorf(ErrNotPlaying)
	}
	seat := t.SeatOf(userID)
	if seat < 0 {
		return MoveResult{}, games.Errorf(ErrNotSeated)
	}
	if t.Moves == 0 {
		return MoveResult{}, games.Errorf(ErrNothingToUndo)
	}
	if withinTurn && (t.Checkpoint == nil || t.CheckpointAt >= t.Moves) {
		return MoveResult{}, games.Errorf(ErrNoStepBack)
	}
	last, ok := hi.Last()
	if !ok {
		return MoveResult{}, fmt.Errorf("table %s: last move: %w", t.ID, ErrLogNotLoaded)
	}
	inTurn := t.Checkpoint != nil && last.Uncommitted && t.CheckpointAt < t.Moves
	switch {
	case last.Seat != seat:
		return MoveResult{}, games.Errorf(ErrUndoNotYours)
	case last.Revealed:
		return MoveResult{}, games.Errorf(ErrUndoRevealed)
	case withinTurn && !inTurn:
		return MoveResult{}, games.Errorf(ErrNoStepBack)
	case !inTurn && t.RulesVersion != g.Info().RulesVersion:
		// Taking back a commit replays the whole log from the seed, which
		// a rules fix since the start may replay differently.
		return MoveResult{}, games.Errorf(ErrUndoOldRules)
	}
	before, err := t.Load(g)
	if err != nil {
		return MoveResult{}, err
	}
	pendingBefore := before.Pending()
	c := *t // rebuild on a copy: nothing changes on error
	var st games.State
	if inTurn {
		if t.CheckpointAt < t.LogFrom {
			return MoveResult{}, fmt.Errorf("table %s: turn from move %d: %w", t.ID, t.CheckpointAt, ErrLogNotLoaded)
		}
		if st, err = g.Load(t.Checkpoint); err != nil {
			return MoveResult{}, fmt.Errorf("table %s: load checkpoint: %w", t.ID, err)
		}
		c.TurnEvents = slices.Clone(t.TurnEvents[:t.CheckpointEvents])
		c.Checkpoint = cloneRaw(t.Checkpoint)
		err = c.History().replay(st, t.Log[t.CheckpointAt-t.LogFrom:len(t.Log)-1], t.CheckpointAt)
	} else {
		log, lerr := hi.fullLog()
		if lerr != nil {
			return MoveResult{}, lerr
		}
		c.TurnEvents, c.Checkpoint, c.CheckpointAt, c.CheckpointEvents = nil, nil, 0, 0
		st, err = c.History().rebuild(g, log[:len(log)-1])
	}
	if err != nil {
		return MoveResult{}, err
	}
	if err := c.save(st); err != nil {
		return MoveResult{}, err
	}
	*t = c
	t.Log = slices.Clone(t.Log[:len(t.Log)-1])
	t.Moves--
	t.AbandonVotes = nil
	t.touch(now)
	pending := st.Pending()
	t.markChangedPrompts(pendingBefore, pending, seat, settleUndo, now)
	t.refreshDue(st, pending, now)
	return MoveResult{State: st, Pending: pending}, nil
}

// replay applies entries to st without touching versions or prompts, and
// rebuilds the open turn's books as live play made them.
func (hi History) replay(st games.State, entries []Entry, from int) error {
	t := hi.t
	for n, e := range entries {
		before, err := st.MarshalJSON()
		if err != nil {
			return fmt.Errorf("table %s: replay: %w", t.ID, err)
		}
		out, err := st.Apply(e.Seat, e.Move)
		if err != nil {
			return fmt.Errorf("table %s: replay move %d (%q by seat %d): %w", t.ID, from+n+1, e.Move, e.Seat, err)
		}
		t.TurnEvents = append(t.TurnEvents, out.Events...)
		switch {
		case !out.Uncommitted || st.Over():
			t.TurnEvents, t.Checkpoint, t.CheckpointAt, t.CheckpointEvents = nil, nil, 0, 0
		case out.Revealed:
			data, err := st.MarshalJSON()
			if err != nil {
				return fmt.Errorf("table %s: replay: %w", t.ID, err)
			}
			t.Checkpoint, t.CheckpointAt, t.CheckpointEvents = data, from+n+1, len(t.TurnEvents)
		case t.Checkpoint == nil:
			t.Checkpoint, t.CheckpointAt, t.CheckpointEvents = before, from+n, len(t.TurnEvents)-len(out.Events)
		}
	}
	return nil
}
