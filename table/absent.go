package table

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/vote"
)

// Absent is the rule for a seat whose time ran out at a table with
// absent=vote or skip: who may vote, when a vote opens and runs out,
// and what a decided vote does. The votes' books are the table's Votes
// and ClosedVotes (package vote).
type Absent struct{ t *Table }

// Absent is the table's rule for absent seats.
func (t *Table) Absent() Absent { return Absent{t} }

// The rule of absent=vote (written here, in the option's doc and in the
// README):
//
//   - When a person's decision clock (per decision or time bank; a game's
//     own phase timer is how a phase ends, not an absence) runs out, the
//     table does not answer for them: it opens a vote of the players
//     present (people, not bots, not a seat whose own vote is open), "X's
//     time ran out: end the game?", and waits.
//   - A strict majority of the players present voting End ends the game as
//     abandoned (not rated, as every abandoned table). Votes can be changed;
//     Keep waiting counts for nobody's majority, it only says so.
//   - The vote closes, its buttons removed, as soon as the absent player
//     answers (or their decision changes otherwise), and when the game
//     ends.
//   - A table never waits forever: if no majority voted End within one
//     more clock period (the time per decision, or a time bank's starting
//     time, in the clock's running time), the table gives the safe answer
//     for the seat, the vote closes and play goes on; the seat's next
//     decision has its full time, and runs into a new vote if missed again.
//     The idle rule (IdleTimeouts) still closes a table nobody plays.
//   - With nobody present to vote (everyone else a bot or absent too), no
//     vote opens: the safe answer is given at once.

// voters are the user ids of the players who may vote: people whose own
// vote is not open.
func (a Absent) voters() []string {
	var out []string
	for i, s := range a.t.Seats {
		if a.present(i) {
			out = append(out, s.UserID)
		}
	}
	return out
}

// present reports whether seat may vote: a person whose own vote is not
// open.
func (a Absent) present(seat int) bool {
	t := a.t
	return seat >= 0 && seat < len(t.Seats) && !t.Seats[seat].Bot && t.Votes.About(seat) == nil
}

// Tally counts v among the players present now.
func (a Absent) Tally(v vote.Vote) vote.Tally { return v.Count(a.voters()) }

// Until is when v runs out: one more clock period of the absent seat's
// running time after it opened (playing hours, weekends off, vacations and
// outages taken off). ok is false while that clock stands still.
func (a Absent) Until(v vote.Vote) (time.Time, bool) {
	t := a.t
	if v.Seat < 0 || v.Seat >= len(t.Seats) {
		return time.Time{}, false
	}
	r := t.Clocks().Rules()
	return r.After(t.Seats[v.Seat].Clock, v.Opened, vote.Period(r))
}

// opens reports whether seat, whose time is up at now, gets a vote rather
// than the safe answer: the table chose absent=vote, the seat's
// decision clock (not only a phase timer) ran out, no vote about it is
// open, and someone is present to vote.
func (a Absent) opens(seat int, now time.Time) bool {
	t := a.t
	if t.Options[coreopt.Absent] != coreopt.AbsentVote || t.Votes.About(seat) != nil || vote.Period(t.Clocks().Rules()) == 0 || !t.Clocks().ranOut(seat, now) {
		return false
	}
	for i := range t.Seats {
		if i != seat && a.present(i) {
			return true
		}
	}
	return false
}

// open opens the vote about seat at now. A seat that becomes absent no
// longer votes, so the votes already open are counted again.
func (a Absent) open(seat int, now time.Time) {
	t := a.t
	t.touch(now)
	t.Votes = append(t.Votes, vote.Vote{ID: t.Version, Seat: seat, PV: t.Seats[seat].PromptVersion, Opened: now})
	for _, v := range slices.Clone(t.Votes) {
		if tl := a.Tally(v); vote.Majority(tl.End, tl.Present) {
			a.endBy(v.Seat, now)
			return
		}
	}
}

// endBy abandons the game because the vote about seat is decided. The
// seats whose votes are open then (that one and any other whose time had
// run out) are remembered in VotedOut: the absent players the game ended
// over, whom a tournament ranks as having left.
func (a Absent) endBy(seat int, now time.Time) {
	t := a.t
	for _, v := range t.Votes {
		t.VotedOut = append(t.VotedOut, v.Seat)
	}
	slices.Sort(t.VotedOut)
	a.close(seat, vote.Decided)
	t.end(StatusAbandoned, now)
}

// close closes the open vote about seat, if any, for why.
func (a Absent) close(seat int, why vote.Reason) {
	if v, ok := a.t.Votes.Remove(seat); ok {
		a.t.ClosedVotes.Add(v, why)
	}
}

// closeStale closes the votes whose seat no longer has the decision they
// are about (an undo, a bot seat), and all of them once the game ended.
func (a Absent) closeStale(pending []games.Prompt) {
	t := a.t
	for _, v := range slices.Clone(t.Votes) {
		switch {
		case t.Status != StatusPlaying:
			a.close(v.Seat, vote.Ended)
		case v.Seat >= len(t.Seats) || t.Seats[v.Seat].Bot || t.Seats[v.Seat].PromptVersion != v.PV || len(games.SeatPrompts(pending, v.Seat)) == 0:
			a.close(v.Seat, vote.Changed)
		}
	}
}

// Cast records userID's vote in the open vote id: End or Keep waiting.
// A strict majority of the players present voting End ends the game
// (abandoned). A player may change their vote; the same vote twice, a
// vote by someone not seated, by the absent player, by a player absent
// themselves or in a closed vote is refused and changes nothing.
func (a Absent) Cast(userID string, id int, choice vote.Choice, now time.Time) (vote.Result, error) {
	t := a.t
	if t.Status != StatusPlaying {
		return vote.Result{}, games.Errorf(ErrVoteClosed)
	}
	v := t.Votes.ByID(id)
	if v == nil {
		return vote.Result{}, games.Errorf(ErrVoteClosed)
	}
	seat := t.SeatOf(userID)
	switch {
	case seat < 0 || (t.Seats[seat].Bot && !t.Seats[seat].Away):
		return vote.Result{}, games.Errorf(ErrVoteNotPlayer)
	case seat == v.Seat:
		return vote.Result{}, games.Errorf(ErrVoteAboutYou)
	case !a.present(seat):
		return vote.Result{}, games.Errorf(ErrVoteAbsent)
	}
	if !v.Cast(userID, choice) {
		key := ErrVotedKeep
		if choice == vote.ForEnd {
			key = ErrVotedEnd
		}
		tl := a.Tally(*v)
		return vote.Result{}, games.Errorf(key, "end", tl.End, "needed", tl.Needed)
	}
	t.touch(now)
	res := vote.Result{Vote: *v, Tally: a.Tally(*v)}
	if vote.Majority(res.Tally.End, res.Tally.Present) {
		a.endBy(v.Seat, now)
		res.Ended = true
	}
	return res, nil
}

// SetMessage remembers the message of vote id once it is posted. A vote
// that closed meanwhile keeps it among the closed votes, whose buttons the
// scheduler removes (DueTidy).
func (a Absent) SetMessage(id int, ref live.Ref, now time.Time) {
	t := a.t
	if v := t.Votes.ByID(id); v != nil {
		v.Message = ref
		return
	}
	if t.ClosedVotes.SetMessage(id, ref) {
		t.Due = append(t.Due, Due{At: now, Kind: DueTidy})
	}
	t.touch(now)
}

// TakeClosed returns the closed votes whose message is known and forgets
// them: the caller edits their messages (no buttons, why). Those whose
// message is not known yet wait for it (SetMessage).
func (a Absent) TakeClosed() []vote.Closed {
	out := a.t.ClosedVotes.Take()
	a.t.Live().settleTidy()
	return out
}

// skipMove is the move that skips seat's decision at a table with
// absent=skip whose decision clock ran out at now, where the game's
// rulebook allows it (games.Skipper); ok is false otherwise, and the
// table gives the safe answer instead.
func (a Absent) skipMove(st games.State, pending []games.Prompt, seat int, now time.Time) (string, bool) {
	t := a.t
	if t.Options[coreopt.Absent] != coreopt.AbsentSkip || !t.Clocks().ranOut(seat, now) {
		return "", false
	}
	sk, ok := st.(games.Skipper)
	if !ok {
		return "", false
	}
	move, ok := sk.Skip(seat)
	if !ok {
		return "", false
	}
	if _, _, legal := find(pending, seat, move); !legal {
		return "", false
	}
	return move, true
}
