package table

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
)

// The rule of OptAbsent vote (written here, in the option's doc and in the
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

// Vote is the vote of the players present on ending the game while
// Seat's time has run out (OptAbsent vote).
type Vote struct {
	// ID is the table version at which the vote opened; its buttons carry
	// it, so a move does not make them stale.
	ID   int `json:"id"`
	Seat int `json:"seat"`
	// PV is the seat's PromptVersion: the decision the vote is about.
	PV     int       `json:"pv"`
	Opened time.Time `json:"opened"`
	// End and Keep are the user ids who voted so.
	End  []string `json:"end,omitempty"`
	Keep []string `json:"keep,omitempty"`
	// Message is the vote's channel message once it is posted.
	Message MessageRef `json:"msg,omitzero"`
}

// VoteEnd says why a vote closed.
type VoteEnd string

// The reasons a vote closes.
const (
	VoteMoved   VoteEnd = "moved"   // the absent player answered
	VoteChanged VoteEnd = "changed" // the seat's decision changed otherwise (an undo)
	VoteTimeout VoteEnd = "timeout" // no majority in time: the table answered for the seat
	VoteDecided VoteEnd = "decided" // a majority voted End: the game is abandoned
	VoteEnded   VoteEnd = "ended"   // the game ended otherwise
)

// ClosedVote is a closed vote whose message must lose its buttons.
type ClosedVote struct {
	Vote Vote    `json:"vote"`
	Why  VoteEnd `json:"why"`
}

// maxClosedVotes bounds the closed votes kept while their message is not
// known yet (a post that never got through): the oldest go.
const maxClosedVotes = 16

// VoteTally is a vote's count among the players present now.
type VoteTally struct {
	End, Keep int
	Present   int // the players who may vote
	Needed    int // End votes that end the game: a strict majority
}

// Majority reports whether end votes of present players are a strict
// majority of them.
func Majority(end, present int) bool { return present > 0 && 2*end > present }

// VoteChoice is what a player votes.
type VoteChoice bool

// The two choices of a vote.
const (
	VoteForEnd  VoteChoice = true
	VoteForKeep VoteChoice = false
)

// VoteResult is what a vote click did.
type VoteResult struct {
	Vote  Vote
	Tally VoteTally
	// Ended says the game is over by this vote (abandoned).
	Ended bool
}

// openVote is the open vote about seat, if any.
func (t *Table) openVote(seat int) *Vote {
	for i := range t.Votes {
		if t.Votes[i].Seat == seat {
			return &t.Votes[i]
		}
	}
	return nil
}

// OpenVoteOf is the open vote about seat: ok says the seat is absent.
func (t *Table) OpenVoteOf(seat int) (Vote, bool) {
	if v := t.openVote(seat); v != nil {
		return *v, true
	}
	return Vote{}, false
}

// VoteByID is the open vote with id.
func (t *Table) VoteByID(id int) (Vote, bool) {
	for _, v := range t.Votes {
		if v.ID == id {
			return v, true
		}
	}
	return Vote{}, false
}

// present reports whether seat may vote: a person whose own vote is not
// open.
func (t *Table) present(seat int) bool {
	return seat >= 0 && seat < len(t.Seats) && !t.Seats[seat].Bot && t.openVote(seat) == nil
}

// Tally counts v among the players present now.
func (t *Table) Tally(v Vote) VoteTally {
	var out VoteTally
	for i, s := range t.Seats {
		if !t.present(i) {
			continue
		}
		out.Present++
		switch {
		case slices.Contains(v.End, s.UserID):
			out.End++
		case slices.Contains(v.Keep, s.UserID):
			out.Keep++
		}
	}
	out.Needed = out.Present/2 + 1
	return out
}

// votePeriod is the extra time a vote runs: one more clock period (the
// time per decision, or a time bank's starting time); zero without a
// decision clock, when no vote opens.
func votePeriod(r clock.Rules) time.Duration {
	switch r.Kind {
	case clock.Decision:
		return r.PerDecision
	case clock.Bank:
		return r.Initial
	}
	return 0
}

// VoteUntil is when v runs out: one more clock period of the absent seat's
// running time after it opened (playing hours, weekends off, vacations and
// outages taken off). ok is false while that clock stands still.
func (t *Table) VoteUntil(v Vote) (time.Time, bool) {
	if v.Seat < 0 || v.Seat >= len(t.Seats) {
		return time.Time{}, false
	}
	r := t.ClockRules()
	return r.After(t.Seats[v.Seat].Clock, v.Opened, votePeriod(r))
}

// opensVote reports whether seat, whose time is up at now, gets a vote
// rather than the safe answer: the table chose OptAbsent vote, the seat's
// decision clock (not only a phase timer) ran out, no vote about it is
// open, and someone is present to vote.
func (t *Table) opensVote(seat int, now time.Time) bool {
	if t.Options[OptAbsent] != AbsentVote || t.openVote(seat) != nil || votePeriod(t.ClockRules()) == 0 || !t.decisionRanOut(seat, now) {
		return false
	}
	for i := range t.Seats {
		if i != seat && t.present(i) {
			return true
		}
	}
	return false
}

// openAbsentVote opens the vote about seat at now. A seat that becomes
// absent no longer votes, so the votes already open are counted again.
func (t *Table) openAbsentVote(seat int, now time.Time) {
	t.touch(now)
	t.Votes = append(t.Votes, Vote{ID: t.Version, Seat: seat, PV: t.Seats[seat].PromptVersion, Opened: now})
	for _, v := range slices.Clone(t.Votes) {
		if tl := t.Tally(v); Majority(tl.End, tl.Present) {
			t.endByVote(v.Seat, now)
			return
		}
	}
}

// endByVote abandons the game because the vote about seat is decided. The
// seats whose votes are open then (that one and any other whose time had
// run out) are remembered in VotedOut: the absent players the game ended
// over, whom a tournament ranks as having left.
func (t *Table) endByVote(seat int, now time.Time) {
	for _, v := range t.Votes {
		t.VotedOut = append(t.VotedOut, v.Seat)
	}
	slices.Sort(t.VotedOut)
	t.closeVote(seat, VoteDecided)
	t.end(StatusAbandoned, now)
}

// closeVote closes the open vote about seat, if any, for why.
func (t *Table) closeVote(seat int, why VoteEnd) {
	i := slices.IndexFunc(t.Votes, func(v Vote) bool { return v.Seat == seat })
	if i < 0 {
		return
	}
	v := t.Votes[i]
	t.Votes = slices.Delete(t.Votes, i, i+1)
	if len(t.Votes) == 0 {
		t.Votes = nil
	}
	t.ClosedVotes = append(t.ClosedVotes, ClosedVote{Vote: v, Why: why})
	if n := len(t.ClosedVotes) - maxClosedVotes; n > 0 {
		t.ClosedVotes = slices.Delete(t.ClosedVotes, 0, n)
	}
}

// closeStaleVotes closes the votes whose seat no longer has the decision
// they are about (an undo, a bot seat), and all of them once the game
// ended.
func (t *Table) closeStaleVotes(pending []games.Prompt) {
	for _, v := range slices.Clone(t.Votes) {
		switch {
		case t.Status != StatusPlaying:
			t.closeVote(v.Seat, VoteEnded)
		case v.Seat >= len(t.Seats) || t.Seats[v.Seat].Bot || t.Seats[v.Seat].PromptVersion != v.PV || len(games.SeatPrompts(pending, v.Seat)) == 0:
			t.closeVote(v.Seat, VoteChanged)
		}
	}
}

// CastVote records userID's vote in the open vote id: End or Keep waiting.
// A strict majority of the players present voting End ends the game
// (abandoned). A player may change their vote; the same vote twice, a
// vote by someone not seated, by the absent player, by a player absent
// themselves or in a closed vote is refused and changes nothing.
func (t *Table) CastVote(userID string, id int, choice VoteChoice, now time.Time) (VoteResult, error) {
	if t.Status != StatusPlaying {
		return VoteResult{}, games.Errorf(ErrVoteClosed)
	}
	i := slices.IndexFunc(t.Votes, func(v Vote) bool { return v.ID == id })
	if i < 0 {
		return VoteResult{}, games.Errorf(ErrVoteClosed)
	}
	v := &t.Votes[i]
	seat := t.SeatOf(userID)
	switch {
	case seat < 0 || (t.Seats[seat].Bot && !t.Seats[seat].Away):
		return VoteResult{}, games.Errorf(ErrVoteNotPlayer)
	case seat == v.Seat:
		return VoteResult{}, games.Errorf(ErrVoteAboutYou)
	case !t.present(seat):
		return VoteResult{}, games.Errorf(ErrVoteAbsent)
	}
	mine, other := &v.Keep, &v.End
	if choice == VoteForEnd {
		mine, other = &v.End, &v.Keep
	}
	if slices.Contains(*mine, userID) {
		key := ErrVotedKeep
		if choice == VoteForEnd {
			key = ErrVotedEnd
		}
		tl := t.Tally(*v)
		return VoteResult{}, games.Errorf(key, "end", tl.End, "needed", tl.Needed)
	}
	*other = slices.DeleteFunc(*other, func(u string) bool { return u == userID })
	*mine = append(*mine, userID)
	t.touch(now)
	res := VoteResult{Vote: *v, Tally: t.Tally(*v)}
	if Majority(res.Tally.End, res.Tally.Present) {
		t.endByVote(v.Seat, now)
		res.Ended = true
	}
	return res, nil
}

// SetVoteMessage remembers the message of vote id once it is posted. A
// vote that closed meanwhile keeps it among the closed votes, whose
// buttons the scheduler removes (DueTidy).
func (t *Table) SetVoteMessage(id int, ref MessageRef, now time.Time) {
	for i := range t.Votes {
		if t.Votes[i].ID == id {
			t.Votes[i].Message = ref
			return
		}
	}
	for i := range t.ClosedVotes {
		if c := &t.ClosedVotes[i]; c.Vote.ID == id && c.Vote.Message.ID == "" {
			c.Vote.Message = ref
			t.Due = append(t.Due, Due{At: now, Kind: DueTidy})
		}
	}
	t.touch(now)
}

// TakeClosedVotes returns the closed votes whose message is known and
// forgets them: the caller edits their messages (no buttons, why). Those
// whose message is not known yet wait for it (SetVoteMessage).
func (t *Table) TakeClosedVotes() []ClosedVote {
	var out, wait []ClosedVote
	for _, c := range t.ClosedVotes {
		if c.Vote.Message.ID != "" {
			out = append(out, c)
		} else {
			wait = append(wait, c)
		}
	}
	t.ClosedVotes = wait
	t.settleTidy()
	return out
}

// settleTidy drops the tidy due event once nothing is left for it.
func (t *Table) settleTidy() {
	if len(t.StaleButtons) == 0 && !t.closedVotesToEdit() {
		t.Due = slices.DeleteFunc(t.Due, func(d Due) bool { return d.Kind == DueTidy })
	}
}

// HasClosedVotes reports closed votes whose message must lose its
// buttons (TakeClosedVotes).
func (t *Table) HasClosedVotes() bool { return t.closedVotesToEdit() }

// closedVotesToEdit reports closed votes whose message is known.
func (t *Table) closedVotesToEdit() bool {
	return slices.ContainsFunc(t.ClosedVotes, func(c ClosedVote) bool { return c.Vote.Message.ID != "" })
}

// skipMove is the move that skips seat's decision at a table with
// OptAbsent skip whose decision clock ran out at now, where the game's
// rulebook allows it (games.Skipper); ok is false otherwise, and the
// table gives the safe answer instead.
func (t *Table) skipMove(st games.State, pending []games.Prompt, seat int, now time.Time) (string, bool) {
	if t.Options[OptAbsent] != AbsentSkip || !t.decisionRanOut(seat, now) {
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
