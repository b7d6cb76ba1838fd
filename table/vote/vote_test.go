package vote_test

import (
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/vote"
)

func TestMajority(t *testing.T) {
	tests := []struct {
		present int
		least   int // the fewest End votes that end the game
	}{
		{present: 1, least: 1},
		{present: 2, least: 2},
		{present: 3, least: 2},
		{present: 4, least: 3},
		{present: 5, least: 3},
	}
	for _, tc := range tests {
		for end := 0; end <= tc.present; end++ {
			if got, want := vote.Majority(end, tc.present), end >= tc.least; got != want {
				t.Errorf("Majority(%d of %d) = %v, want %v", end, tc.present, got, want)
			}
		}
	}
	if vote.Majority(0, 0) {
		t.Error("a vote with nobody present is a majority")
	}
}

func TestCastAndCount(t *testing.T) {
	tests := []struct {
		name    string
		casts   []string // "user+" votes End, "user-" Keep waiting
		refused int      // index of the cast refused as a repeat, -1 for none
		voters  []string
		want    vote.Tally
	}{
		{"nobody voted", nil, -1, []string{"a", "b", "c"}, vote.Tally{Present: 3, Needed: 2}},
		{"one each", []string{"a+", "b-"}, -1, []string{"a", "b", "c"}, vote.Tally{End: 1, Keep: 1, Present: 3, Needed: 2}},
		{"a changes their mind", []string{"a+", "a-"}, -1, []string{"a", "b"}, vote.Tally{Keep: 1, Present: 2, Needed: 2}},
		{"the same vote twice", []string{"a+", "a+"}, 1, []string{"a", "b"}, vote.Tally{End: 1, Present: 2, Needed: 2}},
		{"a voter no longer present", []string{"a+", "b+"}, -1, []string{"b", "c"}, vote.Tally{End: 1, Present: 2, Needed: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v vote.Vote
			for i, c := range tc.casts {
				choice := vote.ForKeep
				if c[len(c)-1] == '+' {
					choice = vote.ForEnd
				}
				if got := v.Cast(c[:len(c)-1], choice); got != (i != tc.refused) {
					t.Errorf("cast %d (%s) = %v, want %v", i, c, got, i != tc.refused)
				}
			}
			if got := v.Count(tc.voters); got != tc.want {
				t.Errorf("Count = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestOpen(t *testing.T) {
	o := vote.Open{{ID: 3, Seat: 0}, {ID: 5, Seat: 2}}
	if v := o.About(2); v == nil || v.ID != 5 {
		t.Errorf("About(2) = %+v, want the vote with id 5", v)
	}
	if v := o.ByID(3); v == nil || v.Seat != 0 {
		t.Errorf("ByID(3) = %+v, want the vote about seat 0", v)
	}
	if o.About(1) != nil || o.ByID(4) != nil {
		t.Error("found a vote that is not open")
	}
	if _, ok := o.Remove(1); ok || len(o) != 2 {
		t.Errorf("Remove(1) removed something: %+v", o)
	}
	if v, ok := o.Remove(0); !ok || v.ID != 3 || len(o) != 1 {
		t.Errorf("Remove(0) = %+v, %v; left %+v", v, ok, o)
	}
	if _, ok := o.Remove(2); !ok || o != nil {
		t.Errorf("the last vote removed leaves %#v, want nil (nothing stored)", o)
	}
}

func TestClosedList(t *testing.T) {
	var c vote.ClosedList
	for id := range 20 {
		c.Add(vote.Vote{ID: id}, vote.Moved)
	}
	if len(c) != 16 || c[0].Vote.ID != 4 {
		t.Fatalf("20 closed votes keep %d, the oldest %d; want the newest 16", len(c), c[0].Vote.ID)
	}
	if c.Known() {
		t.Error("Known with no message known")
	}
	if !c.SetMessage(7, live.Ref{Channel: "c", ID: "m7"}) || c.SetMessage(7, live.Ref{Channel: "c", ID: "again"}) || c.SetMessage(99, live.Ref{ID: "x"}) {
		t.Error("SetMessage: want a first message taken, a second and an unknown id refused")
	}
	if !c.Known() {
		t.Error("not Known after a message was set")
	}
	taken := c.Take()
	if len(taken) != 1 || taken[0].Vote.Message.ID != "m7" || len(c) != 15 || slices.ContainsFunc(c, func(v vote.Closed) bool { return v.Vote.ID == 7 }) {
		t.Errorf("Take = %+v, left %d; want vote 7 alone taken", taken, len(c))
	}
}
