// Package vote keeps the books of a table's votes on ending the game while
// a seat's time has run out (absent=vote): who voted what, the count
// among the players present, and the closed votes whose message must still
// lose its buttons. It is plain data; package table decides when a vote
// opens, who is present and what a decided vote does (the rule is written
// in table/absent.go).
package vote

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/table/live"
)

// Vote is the vote of the players present on ending the game while
// Seat's time has run out.
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
	Message live.Ref `json:"msg,omitzero"`
}

// Reason says why a vote closed.
type Reason string

// The reasons a vote closes.
const (
	Moved   Reason = "moved"   // the absent player answered
	Changed Reason = "changed" // the seat's decision changed otherwise (an undo)
	Timeout Reason = "timeout" // no majority in time: the table answered for the seat
	Decided Reason = "decided" // a majority voted End: the game is abandoned
	Ended   Reason = "ended"   // the game ended otherwise
)

// Closed is a closed vote whose message must lose its buttons.
type Closed struct {
	Vote Vote   `json:"vote"`
	Why  Reason `json:"why"`
}

// Tally is a vote's count among the players present now.
type Tally struct {
	End, Keep int
	Present   int // the players who may vote
	Needed    int // End votes that end the game: a strict majority
}

// Majority reports whether end votes of present players are a strict
// majority of them.
func Majority(end, present int) bool { return present > 0 && 2*end > present }

// Choice is what a player votes.
type Choice bool

// The two choices of a vote.
const (
	ForEnd  Choice = true
	ForKeep Choice = false
)

// Result is what a vote click did.
type Result struct {
	Vote  Vote
	Tally Tally
	// Ended says the game is over by this vote (abandoned).
	Ended bool
}

// Period is the extra time a vote runs: one more clock period (the time
// per decision, or a time bank's starting time); zero without a decision
// clock, when no vote opens.
func Period(r clock.Rules) time.Duration {
	switch r.Kind {
	case clock.Decision:
		return r.PerDecision
	case clock.Bank:
		return r.Initial
	}
	return 0
}

// Count tallies v among voters, the user ids of the players present.
func (v Vote) Count(voters []string) Tally {
	out := Tally{Present: len(voters)}
	for _, u := range voters {
		switch {
		case slices.Contains(v.End, u):
			out.End++
		case slices.Contains(v.Keep, u):
			out.Keep++
		}
	}
	out.Needed = out.Present/2 + 1
	return out
}

// Cast records user's choice, replacing their other one; false means they
// had voted so already, and nothing changed.
func (v *Vote) Cast(user string, choice Choice) bool {
	mine, other := &v.Keep, &v.End
	if choice == ForEnd {
		mine, other = &v.End, &v.Keep
	}
	if slices.Contains(*mine, user) {
		return false
	}
	*other = slices.DeleteFunc(*other, func(u string) bool { return u == user })
	*mine = append(*mine, user)
	return true
}

// Open are the votes open at a table, at most one per seat.
type Open []Vote

// About is the open vote about seat, or nil.
func (o Open) About(seat int) *Vote {
	for i := range o {
		if o[i].Seat == seat {
			return &o[i]
		}
	}
	return nil
}

// ByID is the open vote with id, or nil.
func (o Open) ByID(id int) *Vote {
	for i := range o {
		if o[i].ID == id {
			return &o[i]
		}
	}
	return nil
}

// Remove takes the vote about seat out of the open ones.
func (o *Open) Remove(seat int) (Vote, bool) {
	i := slices.IndexFunc(*o, func(v Vote) bool { return v.Seat == seat })
	if i < 0 {
		return Vote{}, false
	}
	v := (*o)[i]
	*o = slices.Delete(*o, i, i+1)
	if len(*o) == 0 {
		*o = nil
	}
	return v, true
}

// maxClosed bounds the closed votes kept while their message is not known
// yet (a post that never got through): the oldest go.
const maxClosed = 16

// ClosedList are the closed votes whose message must lose its buttons,
// oldest first.
type ClosedList []Closed

// Add keeps v, closed for why.
func (c *ClosedList) Add(v Vote, why Reason) {
	*c = append(*c, Closed{Vote: v, Why: why})
	if n := len(*c) - maxClosed; n > 0 {
		*c = slices.Delete(*c, 0, n)
	}
}

// SetMessage gives the closed vote id its message, if it had none yet;
// it reports whether one did.
func (c ClosedList) SetMessage(id int, ref live.Ref) bool {
	set := false
	for i := range c {
		if c[i].Vote.ID == id && c[i].Vote.Message.ID == "" {
			c[i].Vote.Message = ref
			set = true
		}
	}
	return set
}

// Take returns the closed votes whose message is known and forgets them;
// the others wait for theirs (SetMessage).
func (c *ClosedList) Take() []Closed {
	var out, wait []Closed
	for _, v := range *c {
		if v.Vote.Message.ID != "" {
			out = append(out, v)
		} else {
			wait = append(wait, v)
		}
	}
	*c = wait
	return out
}

// Known reports closed votes whose message is known (Take has work).
func (c ClosedList) Known() bool {
	return slices.ContainsFunc(c, func(v Closed) bool { return v.Vote.Message.ID != "" })
}
