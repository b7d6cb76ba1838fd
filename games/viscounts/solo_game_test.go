package viscounts

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// schemeIndex is the catalog index of scheme id.
func schemeIndex(s *State, id string) int {
	return slices.IndexFunc(s.c.Schemes, func(sc Scheme) bool { return sc.ID == id })
}

// aiTurn plays one whole opponent turn from the state's current position.
func aiTurn(s *State) {
	s.Current = s.Solo.Seat
	s.Tasks = []Task{{Seat: s.Solo.Seat, Kind: "turn"}}
	s.run()
}

// TestRulebookAITurnExamples plays the rulebook's two AI turns with the
// Cleric AI: (1) dismiss (1 Virtue), move 2, place workers with 2 noble
// icons and no Gold, so flip 1 Debt and gain 1 Virtue; (2) a criminal
// scheme: 1 Corruption, a future scheme, move 1, transcribe a manuscript
// costing 3 with its 3 cleric icons (criminal, Guildhall, the scheme's),
// whose effect adds another future scheme.
func TestRulebookAITurnExamples(t *testing.T) {
	s := soloState(t, "cleric", 0, 21)
	so, ai := s.Solo, aiSeat(s)
	// s1 on top of its draw pile, s2 under it.
	s1, s2 := schemeIndex(s, "s1"), schemeIndex(s, "s2")
	so.Draw = slices.DeleteFunc(so.Draw, func(c int) bool { return c == s1 || c == s2 })
	so.Draw = append(so.Draw, s2, s1)
	ai.Res = [numResources]int{Ink: 1, Stone: 1}
	ai.Corruption, ai.Virtue = 0, len(s.c.Track.Own)-1
	ai.Debts, ai.PaidDebts = 1, 0
	start := ai.Space
	s.Seats[0].Space = slotInner // out of its way
	// A townsfolk that gives 1 Virtue beside it.
	p := start / 3
	woodcutter := -1
	for i, f := range s.c.Townsfolk {
		if f.Kind == "neutral" && f.Hire.String() == "virtue" && f.Icons[Criminal] == 0 {
			woodcutter = i
			break
		}
	}
	for q := range numSegments {
		if k := slices.Index(s.Folk[q], woodcutter); k >= 0 {
			top := len(s.Folk[p]) - 1
			s.Folk[q][k], s.Folk[p][top] = s.Folk[p][top], s.Folk[q][k]
		}
	}
	// A manuscript costing 3 whose immediate effect gains a card, where
	// the viscount ends its second turn.
	second := aiNext(aiNext(aiNext(start)))
	script := ""
	for _, ms := range s.c.Manuscripts {
		if ms.Cost == 3 && ms.Now.String() == "hire" {
			script = ms.ID
		}
	}
	m := setScript(t, s, second/3, script)
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}

	virtue := ai.Virtue
	aiTurn(s)
	noAIPrompt(t, s)
	if so.Board[0] != s1 || slices.Contains(s.Folk[p], woodcutter) || !slices.Contains(s.Gone, woodcutter) {
		t.Fatalf("turn 1: board %v, the Woodcutter not dismissed", so.Board)
	}
	if ai.Space != aiNext(aiNext(start)) {
		t.Errorf("turn 1: at %d, want 2 spaces on from %d", ai.Space, start)
	}
	if n := 20 - ai.Workers; n != 0 {
		t.Errorf("turn 1: %d workers placed with 2 noble icons", n)
	}
	if ai.Debts != 0 || ai.PaidDebts != 1 || ai.Virtue != virtue-2 || ai.Res[Ink] != 2 {
		t.Errorf("turn 1: debts %d paid %d, virtue %d (was %d), ink %d: want the flipped Debt's Ink and 2 Virtue", ai.Debts, ai.PaidDebts, ai.Virtue, virtue, ai.Res[Ink])
	}

	corruption, discards, ink := ai.Corruption, len(so.Discard), ai.Res[Ink]
	aiTurn(s)
	noAIPrompt(t, s)
	if so.Board[0] != s2 || so.Board[1] != s1 {
		t.Fatalf("turn 2: board %v", so.Board)
	}
	if ai.Corruption != corruption+1 {
		t.Errorf("turn 2: corruption %d, was %d: 1 per criminal icon", ai.Corruption, corruption)
	}
	if ai.Space != second {
		t.Errorf("turn 2: at %d, want %d", ai.Space, second)
	}
	if !slices.Contains(ai.Scripts, m) || ai.Res[Ink] != ink {
		t.Errorf("turn 2: manuscripts %v (want %d), ink %d (was %d): 3 cleric icons pay for it", ai.Scripts, m, ai.Res[Ink], ink)
	}
	if len(so.Discard) != discards+2 || !s.c.Schemes[so.Discard[discards]].Future || !s.c.Schemes[so.Discard[discards+1]].Future {
		t.Errorf("turn 2: discards %v: two future schemes (the scheme's and the manuscript's)", so.Discard)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

// soloGame plays a whole solo game, answering the player's prompts with
// answer, and checks after every move: the invariants, that the opponent
// is never asked, and at the end that both played as many turns and the
// opponent the last.
func soloGame(t *testing.T, opp string, difficulty int, seed uint64, answer func(s *State, p games.Prompt, move int) string) *State {
	t.Helper()
	st, err := New().New(games.Setup{Players: 1, Seed: seed,
		Options: map[string]string{optOpponent: opp, optDifficulty: strconv.Itoa(difficulty)}})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	turns := [2]int{}
	last := -1
	for moves := 0; !s.Over(); moves++ {
		if moves > games.SimMaxMoves {
			t.Fatalf("%s: no end after %d moves", opp, moves)
		}
		p := s.Pending()
		if len(p) != 1 || p[0].Seat != 0 {
			t.Fatalf("%s, move %d: prompts %+v", opp, moves, p)
		}
		out, err := s.Apply(0, answer(s, p[0], moves))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out.Events {
			switch e.Key {
			case "vc.ev.played":
				turns[0]++
				last = 0
			case "vc.ev.ai.scheme":
				turns[1]++
				last = 1
			}
		}
		if err := s.Check(); err != nil {
			t.Fatalf("%s, move %d: %v", opp, moves, err)
		}
	}
	if turns[0] != turns[1] || last != 1 {
		t.Errorf("%s: turns %v, the last by seat %d: want equal turns, the opponent's last", opp, turns, last)
	}
	if err := games.CheckStandings(s, 1); err != nil {
		t.Fatal(err)
	}
	sc := s.scores()
	st0, rivals := s.Standings()[0], s.Rivals()
	if len(rivals) != 1 || rivals[0].Score != sc[1].Total || (st0.Rank == 1) != (sc[0].Total > sc[1].Total) || rivals[0].Rank+st0.Rank != 3 {
		t.Errorf("%s: standing %+v, rival %+v, scores %d and %d", opp, st0, rivals, sc[0].Total, sc[1].Total)
	}
	return s
}

// TestSoloWholeGames: random answers against each opponent at each
// difficulty.
func TestSoloWholeGames(t *testing.T) {
	for _, o := range New().c.Opponents {
		for d := 0; d <= maxSoloDifficulty; d++ {
			seed := uint64(100 + 10*d)
			rng := games.NewRNG(seed)
			soloGame(t, o.ID, d, seed, func(s *State, p games.Prompt, _ int) string {
				return p.Options[rng.IntN(len(p.Options))].ID
			})
		}
	}
}

// TestSoloPolicyPlaysThePlayer: the bot policy plays the player's seat
// against each opponent to the end with legal answers.
func TestSoloPolicyPlaysThePlayer(t *testing.T) {
	pol := New().Policy()
	for i, o := range New().c.Opponents {
		s := soloGame(t, o.ID, i%(maxSoloDifficulty+1), uint64(i+1), func(s *State, p games.Prompt, move int) string {
			m, ok := pol.Choose(s, 0, uint64(move))
			if !ok || !games.Legal(s, 0, m) {
				t.Fatalf("the policy answered %q (ok %v)", m, ok)
			}
			return m
		})
		sc := s.scores()
		t.Logf("%s: player %d, opponent %d", o.ID, sc[0].Total, sc[1].Total)
	}
}

// TestSoloTextsTranslated: every solo text a player meets (prompts,
// options, narration, standings, the rival, the opponent's view) has an
// English and a German template, against each opponent.
func TestSoloTextsTranslated(t *testing.T) {
	g := New()
	tr := newTranslations(g)
	tr.arg = func(tx games.Text, a games.Arg) {
		if a.Seat == 2 {
			t.Errorf("%s names the opponent's seat as a player", tx.Key)
		}
	}
	for _, o := range g.Info().Options {
		tr.check(o.Label)
	}
	for _, key := range []string{"vc.err.soloonly", "vc.err.opponent", "vc.err.difficulty"} {
		tr.check(games.Text{Key: key})
	}
	for i, o := range g.c.Opponents {
		st, _ := g.New(games.Setup{Players: 1, Seed: uint64(i + 7), Options: map[string]string{optOpponent: o.ID, optDifficulty: "3"}})
		s := st.(*State)
		tr.play(t, s, games.NewRNG(uint64(i)), func() {
			if v := s.publicView(games.Public).Opponent; v != nil {
				tr.check(v.Name)
				tr.check(v.Chart)
				for _, sc := range v.Discard {
					tr.check(sc.Text)
				}
			}
		})
		for _, r := range s.Rivals() {
			tr.check(r.Name)
			tr.check(r.Detail)
		}
	}
	tr.report(t)
}

// TestSoloViewShowsTheOpponent: the public view names the opponent and
// shows its schemes on its board, its discards and pile sizes, never the
// order of its face-down piles.
func TestSoloViewShowsTheOpponent(t *testing.T) {
	s := soloState(t, "builder", 2, 31)
	aiTurn(s)
	v := s.View(games.Public).(View)
	o := v.Opponent
	if o == nil || o.Seat != 1 || o.ID != "builder" || o.Focus != aiBuild || o.Difficulty != 2 {
		t.Fatalf("opponent view %+v", o)
	}
	if o.Board[0] == nil || o.Board[0].ID != s.c.Schemes[s.Solo.Board[0]].ID || o.DrawSize != len(s.Solo.Draw) || o.FutureSize != len(s.Solo.Future) {
		t.Errorf("board %+v, draw %d, future %d", o.Board, o.DrawSize, o.FutureSize)
	}
	if o.Buildings[0] != "guildhall" || o.Uncovers[0][0] != "builder" {
		t.Errorf("buildings %v, uncovers %v", o.Buildings, o.Uncovers)
	}
	if len(v.Seats) != 2 || v.Seats[1].Built != aiSeat(s).Built {
		t.Errorf("seats %d", len(v.Seats))
	}
	if _, ok := s.View(1).(View); !ok {
		t.Error("the opponent's seat gets a private view")
	}
	if pv, ok := s.View(0).(PrivateView); !ok || pv.Opponent == nil {
		t.Error("the player's view lacks the opponent")
	}
	if nonSolo, _ := New().New(games.Setup{Players: 2, Seed: 1}); nonSolo.View(games.Public).(View).Opponent != nil {
		t.Error("a two-player game shows an opponent")
	}
}

// BenchmarkSoloPolicyVsOpponents reports how often the bot policy, as the
// player, beats each opponent (in turn, difficulty 0) and the mean scores
// of both sides against each: go test -run '^$' -bench SoloPolicyVsOpponents -benchtime 200x
func BenchmarkSoloPolicyVsOpponents(b *testing.B) {
	g := New()
	pol := g.Policy()
	n := len(g.c.Opponents)
	wins, mine, theirs, played := make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	for i := range b.N {
		o := i % n
		st, err := g.New(games.Setup{Players: 1, Seed: uint64(i + 1), Options: map[string]string{optOpponent: g.c.Opponents[o].ID}})
		if err != nil {
			b.Fatal(err)
		}
		for moves := 0; !st.Over(); moves++ {
			m, ok := pol.Choose(st, 0, uint64(moves))
			if !ok || moves > games.SimMaxMoves {
				b.Fatal("the policy found no answer")
			}
			if _, err := st.Apply(0, m); err != nil {
				b.Fatal(err)
			}
		}
		sc := st.(*State).scores()
		played[o]++
		mine[o] += sc[0].Total
		theirs[o] += sc[1].Total
		if st.Standings()[0].Rank == 1 {
			wins[o]++
		}
	}
	for o := range n {
		if played[o] == 0 {
			continue
		}
		id, k := g.c.Opponents[o].ID, float64(played[o])
		b.ReportMetric(100*float64(wins[o])/k, id+"-win-%")
		b.ReportMetric(float64(mine[o])/k, id+"-player-VP")
		b.ReportMetric(float64(theirs[o])/k, id+"-VP")
	}
}

// TestSoloSavesAndReplays: a solo game survives Marshal and Load at every
// move, and replaying its moves gives the same game (the opponent draws
// only from the state's RNG).
func TestSoloSavesAndReplays(t *testing.T) {
	g := New()
	setup := games.Setup{Players: 1, Seed: 77, Options: map[string]string{optOpponent: randomAI, optDifficulty: "2"}}
	moves, final, err := games.RandomPlay(g, setup, games.NewRNG(5), games.SimMaxMoves, func(s games.State) error {
		return games.CheckRoundTrip(g, s)
	})
	if err != nil || !final.Over() {
		t.Fatalf("after %d moves: %v (over %v)", len(moves), err, final.Over())
	}
	t.Logf("%d moves", len(moves))
	again, err := games.Replay(g, setup, moves)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := final.MarshalJSON()
	b, _ := again.MarshalJSON()
	if string(a) != string(b) {
		t.Fatal("the replay differs")
	}
}
