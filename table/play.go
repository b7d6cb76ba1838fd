package table

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// NotPlaying is why a control of t does nothing while no game is played
// there: the game is over (a click on a message that kept its buttons, an
// ephemeral answer Discord no longer lets the bot edit among them), or
// none has begun.
func (t *Table) NotPlaying() error {
	if !t.Active() {
		return games.Errorf(ErrGameOver)
	}
	return games.Errorf(ErrNotPlaying)
}

// Move applies userID's answer moveID. expectedVersion is the version the
// button was made at (AnyVersion for typed commands). Nothing changes on error.
func (t *Table) Move(g games.Game, userID, moveID string, expectedVersion int, now time.Time) (MoveResult, error) {
	if t.Status != StatusPlaying {
		return MoveResult{}, t.NotPlaying()
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
