package table

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// Move applies userID's answer moveID. expectedVersion is the version the
// button was made at (AnyVersion for typed commands). Nothing changes on error.
func (t *Table) Move(g games.Game, userID, moveID string, expectedVersion int, now time.Time) (MoveResult, error) {
	if t.Status != StatusPlaying {
		return MoveResult{}, games.Errorf(ErrNotPlaying)
	}
	seat := t.SeatOf(userID)
	if seat < 0 {
		return MoveResult{}, games.Errorf(ErrNotSeated)
	}
	if expectedVersion != AnyVersion && (expectedVersion < t.Seats[seat].PromptVersion || expectedVersion > t.Version) {
		return MoveResult{}, games.Errorf(ErrStale)
	}
	st, err := t.Load(g)
	if err != nil {
		return MoveResult{}, err
	}
	u := t.begin(st, now)
	if len(games.SeatPrompts(u.pending, seat)) == 0 {
		return MoveResult{}, games.Errorf(ErrNotYourTurn)
	}
	if err := u.apply(seat, moveID, byPlayer); err != nil {
		return MoveResult{}, err
	}
	return u.finish()
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

// AbandonResult tells whether an abandon request ended the table or only
// counted a vote.
type AbandonResult struct {
	Abandoned bool
	Votes     int
	Needed    int
}

// Abandon ends the table at once for the host or for a member allowed to
// manage the channel; any other seated player casts a vote, and a strict
// majority of the seats ends it.
func (t *Table) Abandon(userID string, manageChannels bool, now time.Time) (AbandonResult, error) {
	if !t.Active() {
		return AbandonResult{}, games.Errorf(ErrNotActive)
	}
	needed := len(t.Seats)/2 + 1
	if userID == t.Host || manageChannels {
		t.AbandonedBy = userID
		t.end(StatusAbandoned, now)
		t.touch(now)
		return AbandonResult{Abandoned: true, Votes: len(t.AbandonVotes), Needed: needed}, nil
	}
	if t.SeatOf(userID) < 0 {
		return AbandonResult{}, games.Errorf(ErrAbandonNotAllowed)
	}
	if slices.Contains(t.AbandonVotes, userID) {
		return AbandonResult{}, games.Errorf(ErrAlreadyVoted, "votes", len(t.AbandonVotes), "needed", needed)
	}
	t.AbandonVotes = append(t.AbandonVotes, userID)
	res := AbandonResult{Votes: len(t.AbandonVotes), Needed: needed}
	if res.Votes >= needed {
		t.end(StatusAbandoned, now)
		res.Abandoned = true
	}
	t.touch(now)
	return res, nil
}

// Clone returns a deep copy, so a caller can keep a snapshot past a
// storage transaction.
func (t *Table) Clone() (*Table, error) {
	data, err := json.Marshal(t)
	if err != nil {
		return nil, fmt.Errorf("table %s: clone: %w", t.ID, err)
	}
	var c Table
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("table %s: clone: %w", t.ID, err)
	}
	c.Log, c.LogFrom = slices.Clone(t.Log), t.LogFrom // kept apart from the snapshot
	return &c, nil
}

// restartDecisions begins every seat's decision afresh, after a start:
// pending votes to abandon lapse and every clock starts.
func (t *Table) restartDecisions(st games.State, now time.Time) {
	t.AbandonVotes = nil
	t.touch(now)
	rules, pending := t.Clocks().Rules(), st.Pending()
	for i := range t.Seats {
		t.startDecision(i, now)
		t.Seats[i].Clock = rules.Begin()
		if mine := games.SeatPrompts(pending, i); len(mine) > 0 {
			t.Seats[i].Clock = rules.Start(t.Seats[i].Clock, now, mine[0].Phase)
		}
	}
	t.refreshDue(st, pending, now)
}
