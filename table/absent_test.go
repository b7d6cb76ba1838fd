package table_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/table/vote"
)

// voteTable starts the fake game with the seats named in people (persons)
// and bots more bot seats, a clock of 12 hours per decision and absent=vote.
// The persons in bid bid at once; the others let their time run out, and
// the table fires 13 hours in: a vote opens for each of them (in seat order).
func voteTable(t *testing.T, people []string, bots int, bid ...string) (*table.Table, table.MoveResult) {
	t.Helper()
	g := tabletest.Game()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: people[0], Name: people[0]}, Seed: 7, Now: now,
		Options: map[string]string{"rounds": "1", coreopt.Deadline: "12", coreopt.Absent: coreopt.AbsentVote}})
	for _, p := range people[1:] {
		if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: p, Name: p}, now); err != nil {
			t.Fatal(err)
		}
	}
	for range bots {
		if err := tb.Bots().Add(g.Info(), people[0], "Bot", now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.Lobby().Start(g, people[0], now); err != nil {
		t.Fatal(err)
	}
	for _, p := range bid {
		if _, err := tb.Move(g, p, "bid"+tabletest.SecretMarker+"3", table.AnyVersion, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(13*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	return tb, res
}

type ballot struct {
	user    string
	end     bool
	vote    int    // which open vote (index in Votes); -1: a closed one
	wantErr string // the error's key; "" = counted
}

// TestAbsentVote: the majority of the players present (people, not bots,
// not the absent) ends the game as abandoned and unrated; every refused
// click (a stranger, a bot's id, the absent player, the same vote twice, a
// player absent themselves, a closed vote) has its own error and changes
// nothing.
func TestAbsentVote(t *testing.T) {
	const end, keep = true, false
	tests := []struct {
		name    string
		people  []string
		bots    int
		bid     []string
		opened  []int // seats a vote opened for
		ballots []ballot
		ended   bool
	}{
		{name: "2 seats: the one present decides", people: []string{"a", "b"}, bid: []string{"a"}, opened: []int{1},
			ballots: []ballot{{user: "a", end: end}}, ended: true},
		{name: "3 seats: one End is not a majority of 2", people: []string{"a", "b", "c"}, bid: []string{"a", "c"}, opened: []int{1},
			ballots: []ballot{{user: "a", end: end}}},
		{name: "3 seats: two End of 2", people: []string{"a", "b", "c"}, bid: []string{"a", "c"}, opened: []int{1},
			ballots: []ballot{{user: "a", end: end}, {user: "c", end: end}}, ended: true},
		{name: "bots do not vote", people: []string{"a", "b"}, bots: 2, bid: []string{"a"}, opened: []int{1},
			ballots: []ballot{{user: "bot:1", end: end, wantErr: table.ErrVoteNotPlayer}, {user: "a", end: end}}, ended: true},
		{name: "4 seats: Keep counts for nobody", people: []string{"a", "b", "c", "d"}, bid: []string{"a", "c", "d"}, opened: []int{1},
			ballots: []ballot{{user: "a", end: end}, {user: "c", end: keep}}},
		{name: "4 seats: two of 3 present", people: []string{"a", "b", "c", "d"}, bid: []string{"a", "c", "d"}, opened: []int{1},
			ballots: []ballot{{user: "a", end: end}, {user: "c", end: keep}, {user: "d", end: end}}, ended: true},
		{name: "a vote changed", people: []string{"a", "b", "c"}, bid: []string{"a", "c"}, opened: []int{1},
			ballots: []ballot{{user: "a", end: keep}, {user: "c", end: end}, {user: "a", end: end}}, ended: true},
		{name: "strangers, the absent player and twice", people: []string{"a", "b", "c"}, bid: []string{"a", "c"}, opened: []int{1},
			ballots: []ballot{
				{user: "x", end: end, wantErr: table.ErrVoteNotPlayer},
				{user: "b", end: keep, wantErr: table.ErrVoteAboutYou},
				{user: "a", end: end},
				{user: "a", end: end, wantErr: table.ErrVotedEnd},
				{user: "c", end: keep},
				{user: "c", end: keep, wantErr: table.ErrVotedKeep},
			}},
		{name: "a second absence: two votes, two present", people: []string{"a", "b", "c", "d"}, bid: []string{"a", "d"}, opened: []int{1, 2},
			ballots: []ballot{
				{user: "c", end: end, wantErr: table.ErrVoteAbsent},
				{user: "a", end: end},
				{user: "d", end: end, vote: 1},
				{user: "d", end: end},
			}, ended: true},
		{name: "nobody present: no vote", people: []string{"a"}, bots: 1, opened: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tb, res := voteTable(t, tc.people, tc.bots, tc.bid...)
			if !slices.Equal(res.VotesOpened, tc.opened) {
				t.Fatalf("votes opened for seats %v, want %v", res.VotesOpened, tc.opened)
			}
			for _, st := range res.Steps {
				if slices.Contains(tc.opened, st.Seat) {
					t.Errorf("the table answered for seat %d, whose vote is open: %+v", st.Seat, st)
				}
			}
			if len(tc.opened) == 0 {
				if len(res.Steps) == 0 || !res.Steps[0].Timeout {
					t.Errorf("nobody to vote, steps %+v: want the safe answer at once", res.Steps)
				}
				return
			}
			ids := make([]int, len(tb.Votes))
			for i, v := range tb.Votes {
				ids[i] = v.ID
			}
			ended := false
			for k, b := range tc.ballots {
				before, _ := json.Marshal(tb)
				r, err := tb.Absent().Cast(b.user, ids[b.vote], vote.Choice(b.end), now.Add(14*time.Hour))
				if b.wantErr != "" {
					if got := errKey(t, err); got != b.wantErr {
						t.Fatalf("ballot %d %+v: %v, want %s", k, b, err, b.wantErr)
					}
					if after, _ := json.Marshal(tb); string(after) != string(before) {
						t.Fatalf("ballot %d %+v was refused but changed the table", k, b)
					}
					continue
				}
				if err != nil {
					t.Fatalf("ballot %d %+v: %v", k, b, err)
				}
				ended = r.Ended
			}
			if ended != tc.ended || (tb.Status == table.StatusAbandoned) != tc.ended {
				t.Fatalf("ended %v, status %s; want ended %v", ended, tb.Status, tc.ended)
			}
			if !tc.ended {
				if len(tb.Votes) != len(tc.opened) {
					t.Errorf("%d votes open, want %d", len(tb.Votes), len(tc.opened))
				}
				return
			}
			if !slices.Equal(tb.VotedOut, tc.opened) {
				t.Errorf("voted out %v, want the seats whose votes were open (%v)", tb.VotedOut, tc.opened)
			}
			if len(tb.Votes) != 0 || tb.Unrecorded || slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueRecord || d.Kind == table.DueReplay }) {
				t.Errorf("after the vote: votes %+v, unrecorded %v, due %+v; want none open, not rated, no replay", tb.Votes, tb.Unrecorded, tb.Due)
			}
			var whys []vote.Reason
			for _, c := range tb.ClosedVotes {
				whys = append(whys, c.Why)
			}
			if len(whys) != len(tc.opened) || whys[0] != vote.Decided && whys[len(whys)-1] != vote.Decided {
				t.Errorf("closed votes %v, want one decided, the others ended", whys)
			}
			if _, err := tb.Absent().Cast(tc.people[0], ids[0], vote.ForKeep, now.Add(15*time.Hour)); errKey(t, err) != table.ErrVoteClosed {
				t.Errorf("a vote after the end: %v, want %s", err, table.ErrVoteClosed)
			}
		})
	}
}

// TestAbsentVoteCloses: the vote closes when the absent player answers
// (they are back) and, undecided, when one more clock period has passed,
// when the table gives the safe answer; a closed vote's message loses its
// buttons through the tidy due event, even one remembered after it closed.
func TestAbsentVoteCloses(t *testing.T) {
	g := tabletest.Game()
	t.Run("the absent player moves", func(t *testing.T) {
		tb, _ := voteTable(t, []string{"a", "b", "c"}, 0, "a", "c")
		id := tb.Votes[0].ID
		tb.Absent().SetMessage(id, live.Ref{Channel: "c1", ID: "m1"}, now.Add(13*time.Hour))
		if _, err := tb.Absent().Cast("a", id, vote.ForEnd, now.Add(14*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Move(g, "b", "bid"+tabletest.SecretMarker+"2", table.AnyVersion, now.Add(15*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if len(tb.Votes) != 0 || len(tb.ClosedVotes) != 1 || tb.ClosedVotes[0].Why != vote.Moved {
			t.Fatalf("votes %+v, closed %+v; want b's vote closed as moved", tb.Votes, tb.ClosedVotes)
		}
		if !slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueTidy }) {
			t.Errorf("due %+v: no tidy event to clear the vote's buttons", tb.Due)
		}
		closed := tb.Absent().TakeClosed()
		tb.Live().TakeStaleButtons()
		if len(closed) != 1 || closed[0].Vote.Message.ID != "m1" || len(tb.ClosedVotes) != 0 || slices.ContainsFunc(tb.Due, func(d table.Due) bool { return d.Kind == table.DueTidy }) {
			t.Errorf("taken %+v, left %+v, due %+v", closed, tb.ClosedVotes, tb.Due)
		}
		if _, err := tb.Absent().Cast("c", id, vote.ForEnd, now.Add(16*time.Hour)); errKey(t, err) != table.ErrVoteClosed {
			t.Errorf("a click after the vote closed: %v", err)
		}
	})
	t.Run("no majority in one more period", func(t *testing.T) {
		tb, _ := voteTable(t, []string{"a", "b", "c"}, 0, "a", "c")
		v := tb.Votes[0]
		if _, err := tb.Absent().Cast("a", v.ID, vote.ForEnd, now.Add(14*time.Hour)); err != nil {
			t.Fatal(err)
		}
		until := now.Add(25 * time.Hour) // opened 13 h in, 12 h more
		st, _ := tb.Load(g)
		if at, ok := tb.Clocks().Deadline(st, st.Pending(), 1); !ok || !at.Equal(until) {
			t.Fatalf("b's deadline while the vote is open: %v %v, want %v", at, ok, until)
		}
		if !slices.Contains(tb.Due, table.Due{At: until, Kind: table.DueClock}) {
			t.Fatalf("due %+v, want the clock at the vote's end %v", tb.Due, until)
		}
		res, err := tb.Fire(g, games.RandomPolicy, until.Add(-time.Second))
		if err != nil || len(res.Steps) != 0 || len(tb.Votes) != 1 {
			t.Fatalf("before the vote's end: %+v %v, votes %+v", res.Steps, err, tb.Votes)
		}
		res, err = tb.Fire(g, games.RandomPolicy, until)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Steps) == 0 || res.Steps[0].Seat != 1 || !res.Steps[0].Timeout || len(res.VotesOpened) != 0 {
			t.Fatalf("steps %+v, opened %v; want the safe answer for b", res.Steps, res.VotesOpened)
		}
		if len(tb.Votes) != 0 || len(tb.ClosedVotes) != 1 || tb.ClosedVotes[0].Why != vote.Timeout {
			t.Fatalf("votes %+v, closed %+v; want b's vote closed by the timeout", tb.Votes, tb.ClosedVotes)
		}
		if tb.Status != table.StatusPlaying {
			t.Fatalf("status %s: an undecided vote must not end the game", tb.Status)
		}
		// Its message arrives late: it is cleared all the same.
		tb.Absent().SetMessage(v.ID, live.Ref{Channel: "c1", ID: "late"}, until)
		if closed := tb.Absent().TakeClosed(); len(closed) != 1 || closed[0].Vote.Message.ID != "late" {
			t.Errorf("closed votes to edit %+v, want the late message", closed)
		}
	})
	t.Run("a phase timer is no absence", func(t *testing.T) {
		g := tabletest.Game()
		tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 7, Now: now,
			Options: map[string]string{"rounds": "1", coreopt.Absent: coreopt.AbsentVote}})
		if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "b", Name: "b"}, now); err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Lobby().Start(g, "a", now); err != nil {
			t.Fatal(err)
		}
		res, err := tb.Fire(g, games.RandomPolicy, now.Add(1000*time.Hour))
		if err != nil || len(res.VotesOpened) != 0 || len(tb.Votes) != 0 {
			t.Fatalf("untimed table: opened %v, votes %+v, err %v", res.VotesOpened, tb.Votes, err)
		}
	})
}

// skipGame is the fake game as if its rulebook let a table skip an
// absent seat: the skip is the bid of 2 (the safe answer bids 1).
type skipGame struct{ games.Game }

type skipState struct{ games.State }

func (g skipGame) Info() games.Info {
	info := g.Game.Info()
	info.SkipsAbsent = true
	return info
}

func (g skipGame) New(s games.Setup) (games.State, error) {
	st, err := g.Game.New(s)
	return skipState{st}, err
}

func (g skipGame) Load(data []byte) (games.State, error) {
	st, err := g.Game.Load(data)
	return skipState{st}, err
}

func (s skipState) TimeoutMove(seat int) (string, bool) {
	return s.State.(games.TimeoutMover).TimeoutMove(seat)
}

func (s skipState) Skip(seat int) (string, bool) {
	return "bid" + tabletest.SecretMarker + "2", true
}

// TestAbsentSkip: absent=skip is offered only for a game whose rulebook
// allows it, refused with its own message elsewhere, and plays the game's
// skip move where it is offered.
func TestAbsentSkip(t *testing.T) {
	plain := tabletest.Game()
	if _, err := coreopt.Validate(coreopt.All(plain.Info()), map[string]string{coreopt.Absent: coreopt.AbsentSkip}); errKey(t, err) != coreopt.ErrSkipNotAllowed {
		t.Errorf("absent=skip for a game without a skip rule: %v, want %s", err, coreopt.ErrSkipNotAllowed)
	}
	for _, o := range coreopt.Specs(plain.Info()) {
		if o.ID == coreopt.Absent && slices.Contains(o.Choices, coreopt.AbsentSkip) {
			t.Errorf("skip offered for a game without a skip rule: %v", o.Choices)
		}
	}
	g := skipGame{plain}
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 7, Now: now,
		Options: map[string]string{"rounds": "1", coreopt.Deadline: "12"}})
	if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "b", Name: "b"}, now); err != nil {
		t.Fatal(err)
	}
	if err := tb.Lobby().SetOption(g.Info(), "a", coreopt.Absent, coreopt.AbsentSkip, now); err != nil {
		t.Fatalf("absent=skip where the rules allow it: %v", err)
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Move(g, "a", "bid"+tabletest.SecretMarker+"3", table.AnyVersion, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	res, err := tb.Fire(g, games.RandomPolicy, now.Add(13*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Steps) == 0 || res.Steps[0].Seat != 1 || res.Steps[0].Move != "bid"+tabletest.SecretMarker+"2" || !res.Steps[0].Timeout {
		t.Fatalf("steps %+v, want b's decision skipped with the game's skip move", res.Steps)
	}
}

// TestAbsentVoteShrinks: a seat that becomes absent no longer counts, so
// votes already cast can become a majority when its vote opens: Ann's End
// is one of two while Cy is present, one of one once Cy's time ran out
// too, and the game ends then.
func TestAbsentVoteShrinks(t *testing.T) {
	g := tabletest.Game()
	tb, res := voteTable(t, []string{"a", "b", "c"}, 0, "a")
	if !slices.Equal(res.VotesOpened, []int{1, 2}) {
		t.Fatalf("votes opened %v, want b's and c's at once", res.VotesOpened)
	}
	// Again, with c's decision begun later than b's (the fake game asks
	// everyone at once), so that c's time runs out after b's.
	tb = table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: g.Info().ID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 7, Now: now,
		Options: map[string]string{"rounds": "1", coreopt.Deadline: "12", coreopt.Absent: coreopt.AbsentVote}})
	for _, p := range []string{"b", "c"} {
		if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: p, Name: p}, now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	tb.Seats[2].Clock.Since = now.Add(4 * time.Hour) // c's runs out 16 hours in
	if _, err := tb.Move(g, "a", "bid"+tabletest.SecretMarker+"3", table.AnyVersion, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if res, err := tb.Fire(g, games.RandomPolicy, now.Add(13*time.Hour)); err != nil || !slices.Equal(res.VotesOpened, []int{1}) {
		t.Fatalf("13 hours in: opened %v (%v), want b's vote", res.VotesOpened, err)
	}
	r, err := tb.Absent().Cast("a", tb.Votes[0].ID, vote.ForEnd, now.Add(14*time.Hour))
	if err != nil || r.Ended || r.Tally.Present != 2 || r.Tally.End != 1 {
		t.Fatalf("a's End with c present: %+v %v, want 1 of 2, not ended", r, err)
	}
	res, err = tb.Fire(g, games.RandomPolicy, now.Add(16*time.Hour))
	if err != nil || !slices.Equal(res.VotesOpened, []int{2}) {
		t.Fatalf("16 hours in: opened %v (%v), want c's vote", res.VotesOpened, err)
	}
	if tb.Status != table.StatusAbandoned || len(tb.Votes) != 0 || len(res.Steps) != 0 {
		t.Fatalf("status %s, votes %+v, steps %+v: a's End is a majority of the one present", tb.Status, tb.Votes, res.Steps)
	}
	whys := map[int]vote.Reason{}
	for _, c := range tb.ClosedVotes {
		whys[c.Vote.Seat] = c.Why
	}
	if whys[1] != vote.Decided || whys[2] != vote.Ended {
		t.Errorf("closed votes %v, want b's decided and c's ended", whys)
	}
	if !slices.Equal(tb.VotedOut, []int{1, 2}) {
		t.Errorf("voted out %v, want b and c, both absent when the game ended", tb.VotedOut)
	}
}
