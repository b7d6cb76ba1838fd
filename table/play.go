package table

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
)

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

// MoveResult is what an applied move produced.
type MoveResult struct {
	Seat    int
	Outcome games.Outcome
	State   games.State
}

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
	before := st.Pending()
	if _, ok := games.PromptFor(st, seat); !ok {
		return MoveResult{}, games.Errorf(ErrNotYourTurn)
	}
	if !games.Legal(st, seat, moveID) {
		return MoveResult{}, games.Errorf(ErrOptionNotPending)
	}
	out, err := st.Apply(seat, moveID)
	if err != nil {
		return MoveResult{}, fmt.Errorf("table %s: apply %q: %w", t.ID, moveID, err)
	}
	if err := t.save(st); err != nil {
		return MoveResult{}, err
	}
	t.touch(now)
	t.Log = append(t.Log, Entry{Seat: seat, Move: moveID, Events: out.Events, Revealed: out.Revealed, At: now, Version: t.Version})
	t.markChangedPrompts(before, st.Pending(), seat, now)
	t.AbandonVotes = nil
	if st.Over() {
		t.Status = StatusOver
	}
	t.refreshDeadline(st)
	return MoveResult{Seat: seat, Outcome: out, State: st}, nil
}

// markChangedPrompts starts a new decision for the mover and for every
// seat whose pending prompt differs now.
func (t *Table) markChangedPrompts(before, after []games.Prompt, mover int, now time.Time) {
	for i := range t.Seats {
		if i == mover || !reflect.DeepEqual(promptsOf(before, i), promptsOf(after, i)) {
			t.startDecision(i, now)
		}
	}
}

// startDecision marks seat i's pending decision as new at this version:
// older buttons are stale, and its deadline counts from now.
func (t *Table) startDecision(i int, now time.Time) {
	t.Seats[i].PromptVersion = t.Version
	t.Seats[i].PromptSince = now
}

func promptsOf(ps []games.Prompt, seat int) []games.Prompt {
	var out []games.Prompt
	for _, p := range ps {
		if p.Seat == seat {
			out = append(out, p)
		}
	}
	return out
}

// Rebuild replays the whole log from the seed. A correct game rebuilds
// exactly the stored state; undo and crash recovery rely on it.
func (t *Table) Rebuild(g games.Game) (games.State, error) {
	return t.replay(g, t.Log)
}

func (t *Table) replay(g games.Game, log []Entry) (games.State, error) {
	if t.Status == StatusLobby {
		return nil, games.Errorf(ErrNotPlaying)
	}
	st, err := g.New(t.Setup())
	if err != nil {
		return nil, fmt.Errorf("table %s: replay setup: %w", t.ID, err)
	}
	for n, e := range log {
		if _, err := st.Apply(e.Seat, e.Move); err != nil {
			return nil, fmt.Errorf("table %s: replay move %d (%q by seat %d): %w", t.ID, n+1, e.Move, e.Seat, err)
		}
	}
	return st, nil
}

// Undo takes back userID's last move: only the very last move of the log,
// only one's own, and only if it revealed nothing (no draw, no hidden fact).
func (t *Table) Undo(g games.Game, userID string, now time.Time) (games.State, error) {
	if t.Status != StatusPlaying {
		return nil, games.Errorf(ErrNotPlaying)
	}
	seat := t.SeatOf(userID)
	if seat < 0 {
		return nil, games.Errorf(ErrNotSeated)
	}
	last, ok := t.LastEntry()
	if !ok {
		return nil, games.Errorf(ErrNothingToUndo)
	}
	if last.Seat != seat {
		return nil, games.Errorf(ErrUndoNotYours)
	}
	if last.Revealed {
		return nil, games.Errorf(ErrUndoRevealed)
	}
	log := t.Log[:len(t.Log)-1]
	st, err := t.replay(g, log)
	if err != nil {
		return nil, err
	}
	if err := t.save(st); err != nil {
		return nil, err
	}
	t.Log = slices.Clone(log)
	t.restartDecisions(st, now)
	return st, nil
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
		t.Status = StatusAbandoned
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
		t.Status = StatusAbandoned
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
	return &c, nil
}

// restartDecisions begins every seat's decision afresh, after a start or an
// undo: pending votes to abandon lapse and every deadline clock restarts.
func (t *Table) restartDecisions(st games.State, now time.Time) {
	t.AbandonVotes = nil
	t.touch(now)
	for i := range t.Seats {
		t.startDecision(i, now)
	}
	t.refreshDeadline(st)
}
