package tabletest_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// turnMoveLimit bounds one game; the longest has 4 seats × 3 rounds × 6 steps.
const turnMoveLimit = 500

func newTurn(t *testing.T, players int, rounds string, seed uint64) *tabletest.TurnState {
	t.Helper()
	setup := games.DefaultSetup(tabletest.TurnGame(), players, seed)
	setup.Options["rounds"] = rounds
	st, err := tabletest.TurnGame().New(setup)
	if err != nil {
		t.Fatalf("new: %v", err)
	}
	return st.(*tabletest.TurnState)
}

// variedSetup spreads seeds over 2–4 seats and 1–3 rounds.
func variedSetup(seed uint64) games.Setup {
	setup := games.DefaultSetup(tabletest.TurnGame(), 2+int(seed%3), seed)
	setup.Options["rounds"] = strconv.Itoa(1 + int(seed/3%3))
	return setup
}

// chooser picks the move of one seat, given how many moves were made.
type chooser func(st games.State, seat, moves int) (string, bool)

// policyChooser plays every seat with p, seeded as a table would seed it.
func policyChooser(p games.Policy, tableSeed uint64) chooser {
	return func(st games.State, seat, moves int) (string, bool) {
		return p.Choose(st, seat, games.PolicySeed(tableSeed, moves, seat))
	}
}

// playTurn plays one game to the end: each move is the choice of one
// pending seat (taken in turn when several are pending). Every choice must be
// legal and accepted. each, if not nil, sees the state before every move and
// after the last.
func playTurn(t *testing.T, setup games.Setup, choose chooser, each func(st games.State)) ([]games.Move, []games.Outcome, games.State) {
	t.Helper()
	st, err := tabletest.TurnGame().New(setup)
	if err != nil {
		t.Fatalf("new %+v: %v", setup, err)
	}
	var moves []games.Move
	var outcomes []games.Outcome
	for !st.Over() {
		if each != nil {
			each(st)
		}
		pending := st.Pending()
		if len(pending) == 0 || len(moves) >= turnMoveLimit {
			t.Fatalf("seed %d: stalled or too long after %d moves", setup.Seed, len(moves))
		}
		seat := pending[len(moves)%len(pending)].Seat
		move, ok := choose(st, seat, len(moves))
		if !ok || !games.Legal(st, seat, move) {
			t.Fatalf("seed %d move %d: seat %d chose %q (ok=%v), not a pending option", setup.Seed, len(moves), seat, move, ok)
		}
		out, err := st.Apply(seat, move)
		if err != nil {
			t.Fatalf("seed %d move %d: %d %q refused: %v", setup.Seed, len(moves), seat, move, err)
		}
		moves = append(moves, games.Move{Seat: seat, ID: move})
		outcomes = append(outcomes, out)
	}
	if each != nil {
		each(st)
	}
	if len(st.Pending()) != 0 {
		t.Fatalf("seed %d: game over with prompts pending", setup.Seed)
	}
	if err := games.CheckStandings(st, setup.Players); err != nil {
		t.Fatalf("seed %d: %v", setup.Seed, err)
	}
	return moves, outcomes, st
}

// handValues reads a private hand ("zz7") back as card values.
func handValues(t *testing.T, st games.State, seat int) []int {
	t.Helper()
	var out []int
	for _, c := range st.View(seat).(tabletest.TurnPrivateView).Hand {
		v, err := strconv.Atoi(strings.TrimPrefix(c, tabletest.SecretMarker))
		if err != nil || !strings.HasPrefix(c, tabletest.SecretMarker) {
			t.Fatalf("card %q is not marker+value", c)
		}
		out = append(out, v)
	}
	return out
}

func TestTurnNewValidatesSetup(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		rounds  string
		wantKey string
	}{
		{"one player", 1, "2", "turn.err.players"},
		{"five players", 5, "2", "turn.err.players"},
		{"zero rounds", 2, "0", "turn.err.rounds"},
		{"four rounds", 3, "4", "turn.err.rounds"},
		{"rounds not a number", 4, "x", "turn.err.rounds"},
		{"two players", 2, "1", ""},
		{"four players", 4, "3", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setup := games.Setup{Players: tc.players, Options: map[string]string{"rounds": tc.rounds}, Seed: 1}
			st, err := tabletest.TurnGame().New(setup)
			if tc.wantKey != "" {
				var ge *games.Error
				if !errors.As(err, &ge) || ge.Text.Key != tc.wantKey {
					t.Fatalf("err = %v, want key %s", err, tc.wantKey)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			v := st.View(games.Public).(tabletest.TurnPublicView)
			if strconv.Itoa(v.Rounds) != tc.rounds || len(v.Points) != tc.players || v.DeckSize != 12 {
				t.Fatalf("view %+v does not match the setup", v)
			}
		})
	}
}

// TestTurnScriptedGame plays a whole two-round game and checks every
// outcome's kind and the final scores derived from the rules.
func TestTurnScriptedGame(t *testing.T) {
	st := newTurn(t, 2, "2", 11)
	steps := []struct {
		seat                  int
		move                  string
		uncommitted, revealed bool
		firstEvent            string
	}{
		{0, tabletest.TurnSpot(6), true, false, "turn.ev.place"},
		{0, tabletest.TurnSpot(5), true, false, "turn.ev.place"},
		{0, tabletest.TurnDraw, true, true, "turn.ev.draw"},
		{0, tabletest.TurnSpot(4), true, false, "turn.ev.place"},
		{0, tabletest.TurnEnd, false, false, "turn.ev.end"},
		{1, tabletest.TurnSpot(1), true, false, "turn.ev.place"},
		{1, tabletest.TurnEnd, false, false, "turn.ev.end"},
		{0, tabletest.TurnKeep, false, false, "turn.ev.chosen"},
		{1, tabletest.TurnToss, false, true, "turn.ev.keep"}, // reveals both: seat 0 kept
		{0, tabletest.TurnDraw, true, true, "turn.ev.draw"},
		{0, tabletest.TurnEnd, false, false, "turn.ev.end"},
		{1, tabletest.TurnDraw, true, true, "turn.ev.draw"},
		{1, tabletest.TurnSpot(2), true, false, "turn.ev.place"},
		{1, tabletest.TurnEnd, false, false, "turn.ev.end"},
		{1, tabletest.TurnKeep, false, false, "turn.ev.chosen"},
		{0, tabletest.TurnToss, false, true, "turn.ev.toss"},
	}
	var keptBySeat1 []int
	for i, s := range steps {
		if s.move == tabletest.TurnToss && s.seat == 0 {
			keptBySeat1 = handValues(t, st, 1)
		}
		out, err := st.Apply(s.seat, s.move)
		if err != nil {
			t.Fatalf("step %d %+v: %v", i, s, err)
		}
		if out.Uncommitted != s.uncommitted || out.Revealed != s.revealed {
			t.Errorf("step %d %s: uncommitted=%v revealed=%v, want %v %v", i, s.move, out.Uncommitted, out.Revealed, s.uncommitted, s.revealed)
		}
		if len(out.Events) == 0 || out.Events[0].Key != s.firstEvent {
			t.Errorf("step %d %s: events %+v, want first %s", i, s.move, out.Events, s.firstEvent)
		}
		if err := st.Check(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if !st.Over() {
		t.Fatal("game not over after the script")
	}
	if len(keptBySeat1) != 1 {
		t.Fatalf("seat 1 kept %v, want the one card drawn in round 2", keptBySeat1)
	}
	// Seat 0: spots 6+5+4, then tosses its two cards; seat 1: spots 1 and 2,
	// tosses an empty hand, then keeps one card.
	want := []int{6 + 5 + 4 + 2*6, 1 + 2 + keptBySeat1[0]}
	v := st.View(games.Public).(tabletest.TurnPublicView)
	if !slices.Equal(v.Points, want) || v.DeckSize != 11 || !slices.Equal(v.HandSizes, []int{0, 1}) {
		t.Fatalf("final view %+v, want points %v, deck 11, hands [0 1]", v, want)
	}
	standings := st.Standings()
	for _, s := range standings {
		if s.Score != want[s.Seat] {
			t.Errorf("standing %+v, want score %d", s, want[s.Seat])
		}
	}
	if standings[0].Seat != 0 || standings[0].Rank != 1 || standings[1].Rank != 2 {
		t.Errorf("standings %+v, want seat 0 first: 27 beats 3 plus one card of at most 12", standings)
	}
}

func TestTurnStandingsShareTiedRanks(t *testing.T) {
	st := newTurn(t, 3, "1", 2)
	for _, m := range []games.Move{
		{Seat: 0, ID: tabletest.TurnSpot(5)}, {Seat: 0, ID: tabletest.TurnEnd},
		{Seat: 1, ID: tabletest.TurnSpot(6)}, {Seat: 1, ID: tabletest.TurnEnd},
		{Seat: 2, ID: tabletest.TurnSpot(2)}, {Seat: 2, ID: tabletest.TurnSpot(3)}, {Seat: 2, ID: tabletest.TurnEnd},
		{Seat: 0, ID: tabletest.TurnKeep}, {Seat: 1, ID: tabletest.TurnKeep}, {Seat: 2, ID: tabletest.TurnKeep},
	} {
		if _, err := st.Apply(m.Seat, m.ID); err != nil {
			t.Fatalf("%+v: %v", m, err)
		}
	}
	got := st.Standings()
	want := []games.Standing{
		{Seat: 1, Rank: 1, Score: 6}, {Seat: 0, Rank: 2, Score: 5}, {Seat: 2, Rank: 2, Score: 5},
	}
	for i := range want {
		if got[i].Seat != want[i].Seat || got[i].Rank != want[i].Rank || got[i].Score != want[i].Score {
			t.Fatalf("standings %+v, want %+v", got, want)
		}
	}
}

// turnErrorCases are illegal moves after a few legal ones.
var turnErrorCases = []struct {
	name    string
	before  []games.Move
	seat    int
	move    string
	wantKey string
}{
	{"not your turn", nil, 1, tabletest.TurnSpot(1), "turn.err.turn"},
	{"spot seven", nil, 0, "p7", "turn.err.move"},
	{"spot zero", nil, 0, "p0", "turn.err.move"},
	{"secret answer in a turn", nil, 0, tabletest.TurnKeep, "turn.err.move"},
	{"spot twice", []games.Move{{Seat: 0, ID: "p3"}}, 0, "p3", "turn.err.spot"},
	{"fourth marker", []games.Move{{Seat: 0, ID: "p1"}, {Seat: 0, ID: "p2"}, {Seat: 0, ID: "p3"}}, 0, "p4", "turn.err.placements"},
	{"second draw", []games.Move{{Seat: 0, ID: "draw"}}, 0, "draw", "turn.err.draw"},
	{"turn move in the secret step", []games.Move{{Seat: 0, ID: "end"}, {Seat: 1, ID: "end"}}, 0, "end", "turn.err.move"},
	{"no such seat", []games.Move{{Seat: 0, ID: "end"}, {Seat: 1, ID: "end"}}, 2, "keep", "turn.err.move"},
	{"chosen twice", []games.Move{{Seat: 0, ID: "end"}, {Seat: 1, ID: "end"}, {Seat: 0, ID: "keep"}}, 0, "toss", "turn.err.chosen"},
	{"after the end", []games.Move{{Seat: 0, ID: "end"}, {Seat: 1, ID: "end"}, {Seat: 0, ID: "keep"}, {Seat: 1, ID: "keep"}}, 0, "end", "turn.err.over"},
}

func TestTurnIllegalMovesAreRuleErrors(t *testing.T) {
	for _, tc := range turnErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			st := newTurn(t, 2, "1", 4)
			for _, m := range tc.before {
				if _, err := st.Apply(m.Seat, m.ID); err != nil {
					t.Fatalf("setup move %+v: %v", m, err)
				}
			}
			if games.Legal(st, tc.seat, tc.move) {
				t.Fatalf("%q is offered to seat %d", tc.move, tc.seat)
			}
			_, err := st.Apply(tc.seat, tc.move)
			var ge *games.Error
			if !errors.As(err, &ge) || ge.Text.Key != tc.wantKey {
				t.Fatalf("err = %v, want key %s", err, tc.wantKey)
			}
		})
	}
}

// TestTurnPhases checks over many random games that a turn's prompts share
// one phase, that every turn has its own, and that secret prompts have none.
func TestTurnPhases(t *testing.T) {
	if p, _ := games.PromptFor(newTurn(t, 2, "1", 1), 0); p.Phase != "turn-1-0" {
		t.Fatalf("first phase %q, want turn-1-0", p.Phase)
	}
	for seed := uint64(1); seed <= 60; seed++ {
		setup := variedSetup(seed)
		seen := map[string]bool{}
		turns := 0
		current := ""
		playTurn(t, setup, policyChooser(games.RandomPolicy, seed), func(st games.State) {
			for _, p := range st.Pending() {
				switch {
				case p.Secret:
					if p.Phase != "" {
						t.Fatalf("seed %d: secret prompt with phase %q", seed, p.Phase)
					}
					current = ""
				case p.Phase == current:
					// a further step of the same turn
				case p.Phase == "" || seen[p.Phase]:
					t.Fatalf("seed %d: turn phase %q empty or reused", seed, p.Phase)
				default:
					seen[p.Phase], current = true, p.Phase
					turns++
				}
			}
		})
		if want := setup.Players * (1 + int(seed/3%3)); turns != want {
			t.Fatalf("seed %d: %d turn phases, want one per turn (%d)", seed, turns, want)
		}
	}
}

// TestTurnPhaseEndsOnlyWithTheCommit checks that every uncommitted step
// keeps the mover's phase and that a committing end changes it.
func TestTurnPhaseEndsOnlyWithTheCommit(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		st, err := tabletest.TurnGame().New(variedSetup(seed))
		if err != nil {
			t.Fatal(err)
		}
		random := policyChooser(games.RandomPolicy, seed)
		for moves := 0; !st.Over(); moves++ {
			before := st.Pending()[0]
			move, _ := random(st, before.Seat, moves)
			out, err := st.Apply(before.Seat, move)
			if err != nil {
				t.Fatal(err)
			}
			if before.Secret || st.Over() {
				continue
			}
			after := st.Pending()[0]
			samePhase := !after.Secret && after.Phase == before.Phase && after.Seat == before.Seat
			if samePhase != out.Uncommitted {
				t.Fatalf("seed %d: %q uncommitted=%v but phase %q → %q", seed, move, out.Uncommitted, before.Phase, after.Phase)
			}
		}
	}
}

func TestTurnTimeoutMoveAlwaysLegal(t *testing.T) {
	for seed := uint64(1); seed <= 300; seed++ {
		setup := variedSetup(seed)
		playTurn(t, setup, policyChooser(games.RandomPolicy, seed), func(st games.State) {
			tm := st.(games.TimeoutMover)
			pendingSeats := map[int]bool{}
			for _, p := range st.Pending() {
				pendingSeats[p.Seat] = true
			}
			for seat := -1; seat <= setup.Players; seat++ {
				move, ok := tm.TimeoutMove(seat)
				if ok != pendingSeats[seat] || (ok && !games.Legal(st, seat, move)) {
					t.Fatalf("seed %d: TimeoutMove(%d) = %q, %v; pending seats %v", seed, seat, move, ok, pendingSeats)
				}
			}
		})
	}
}

// TestTurnTimeoutsAloneFinishTheGame plays seats that never answer: the
// safe answers alone must end the game, ending every turn at once.
func TestTurnTimeoutsAloneFinishTheGame(t *testing.T) {
	for players := 2; players <= 4; players++ {
		setup := games.DefaultSetup(tabletest.TurnGame(), players, 9)
		rounds, _ := strconv.Atoi(setup.Options["rounds"])
		moves, _, final := playTurn(t, setup, policyChooser(games.SafePolicy, 9), nil)
		if len(moves) != rounds*2*players {
			t.Fatalf("%d seats: %d moves, want one end and one keep per seat and round", players, len(moves))
		}
		for _, s := range final.Standings() {
			if s.Score != 0 || s.Rank != 1 {
				t.Fatalf("%d seats: %+v after a game of timeouts, want a shared first place at 0", players, s)
			}
		}
	}
}

func TestTurnPolicyFinishesGames(t *testing.T) {
	policy := tabletest.TurnPolicy()
	own, ok := tabletest.TurnGame().(interface{ Policy() games.Policy })
	if !ok {
		t.Fatal("the turn game does not offer its policy")
	}
	for seed := uint64(1); seed <= 200; seed++ {
		setup := variedSetup(seed)
		pure := func(st games.State, seat, moves int) (string, bool) {
			before, _ := st.MarshalJSON()
			move, ok := policy.Choose(st, seat, games.PolicySeed(seed, moves, seat))
			again, okAgain := own.Policy().Choose(st, seat, games.PolicySeed(seed, moves, seat))
			after, _ := st.MarshalJSON()
			if string(before) != string(after) || move != again || ok != okAgain {
				t.Fatalf("seed %d: the policy is not pure: %q/%q, state changed %v", seed, move, again, string(before) != string(after))
			}
			return move, ok
		}
		moves, _, final := playTurn(t, setup, pure, nil)
		if err := games.CheckReplay(tabletest.TurnGame(), setup, moves, final); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		firstTurn := []string{tabletest.TurnSpot(6), tabletest.TurnSpot(5), tabletest.TurnSpot(4), tabletest.TurnDraw, tabletest.TurnEnd}
		for i, want := range firstTurn {
			if moves[i] != (games.Move{Seat: 0, ID: want}) {
				t.Fatalf("seed %d: bot's first turn %v, want %v", seed, moves[:len(firstTurn)], firstTurn)
			}
		}
	}
}

// TestTurnPolicySecretChoice checks the bot's keep-or-toss rule: keep a
// hand worth at least 6 per card.
func TestTurnPolicySecretChoice(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		st := newTurn(t, 2, "1", seed)
		for _, m := range []games.Move{{Seat: 0, ID: "draw"}, {Seat: 0, ID: "end"}, {Seat: 1, ID: "end"}} {
			if _, err := st.Apply(m.Seat, m.ID); err != nil {
				t.Fatal(err)
			}
		}
		card := handValues(t, st, 0)[0]
		want := tabletest.TurnToss
		if card >= 6 {
			want = tabletest.TurnKeep
		}
		for seat, w := range []string{want, tabletest.TurnKeep} { // seat 1 holds nothing
			if got, ok := tabletest.TurnPolicy().Choose(st, seat, 0); !ok || got != w {
				t.Fatalf("seed %d seat %d (card %d): chose %q, want %q", seed, seat, card, got, w)
			}
		}
	}
}

func TestTurnSimulateReplaysAndRoundTrips(t *testing.T) {
	for players := 2; players <= 4; players++ {
		rep, err := games.Simulate(tabletest.TurnGame(), players, 100, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Violation != "" || rep.Finished != rep.Games {
			t.Fatalf("%d seats: %+v", players, rep)
		}
	}
}

// TestTurnReplayRebuildsEveryState replays each prefix of random games from
// the seed and compares with the live state, and round-trips it through JSON.
func TestTurnReplayRebuildsEveryState(t *testing.T) {
	g := tabletest.TurnGame()
	for seed := uint64(1); seed <= 30; seed++ {
		setup := variedSetup(seed)
		var live []games.Move
		random := policyChooser(games.RandomPolicy, seed)
		record := func(st games.State, seat, moves int) (string, bool) {
			if err := games.CheckReplay(g, setup, live, st); err != nil {
				t.Fatalf("seed %d after %d moves: %v", seed, moves, err)
			}
			if err := games.CheckRoundTrip(g, st); err != nil {
				t.Fatalf("seed %d after %d moves: %v", seed, moves, err)
			}
			move, ok := random(st, seat, moves)
			live = append(live, games.Move{Seat: seat, ID: move})
			return move, ok
		}
		moves, _, final := playTurn(t, setup, record, nil)
		if err := games.CheckReplay(g, setup, moves, final); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}

// TestTurnSeedsShuffleDifferently guards the replay tests against a deck
// that ignores the seed.
func TestTurnSeedsShuffleDifferently(t *testing.T) {
	first := map[int]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		st := newTurn(t, 2, "1", seed)
		if _, err := st.Apply(0, tabletest.TurnDraw); err != nil {
			t.Fatal(err)
		}
		first[handValues(t, st, 0)[0]] = true
	}
	if len(first) < 4 {
		t.Fatalf("20 seeds drew only the cards %v first", first)
	}
}

// TestTurnPublicSideHidesSecrets plays random games and searches everything
// public (view, events, non-secret prompts, standings) for the marker, in
// both languages, while the private views must carry it.
func TestTurnPublicSideHidesSecrets(t *testing.T) {
	cat := games.BaseCatalog().Merge(tabletest.TurnGame().Info().Catalog)
	marked := 0
	for seed := uint64(1); seed <= 60; seed++ {
		setup := variedSetup(seed)
		var public []games.Text
		check := func(st games.State) {
			view, err := json.Marshal(st.View(games.Public))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(view), tabletest.SecretMarker) {
				t.Fatalf("seed %d: public view %s", seed, view)
			}
			for seat := range setup.Players {
				private, _ := json.Marshal(st.View(seat))
				if hasCards := st.View(games.Public).(tabletest.TurnPublicView).HandSizes[seat] > 0; hasCards != strings.Contains(string(private), tabletest.SecretMarker) {
					t.Fatalf("seed %d: seat %d private view %s without its marked hand", seed, seat, private)
				} else if hasCards {
					marked++
				}
			}
			for _, p := range st.Pending() {
				if !p.Secret {
					public = append(public, p.Text)
					for _, o := range p.Options {
						// An id that is no catalog key localizes as itself.
						public = append(public, o.Label, games.T(o.ID))
					}
				}
			}
			for _, s := range st.Standings() {
				public = append(public, s.Detail)
			}
		}
		_, outcomes, _ := playTurn(t, setup, policyChooser(games.RandomPolicy, seed), check)
		for _, out := range outcomes {
			public = append(public, out.Events...)
		}
		for _, lang := range []string{"en", "de"} {
			for _, text := range public {
				if s := cat.Localize(lang, text); strings.Contains(s, tabletest.SecretMarker) {
					t.Fatalf("seed %d: public text %q", seed, s)
				}
			}
		}
	}
	if marked == 0 {
		t.Fatal("no private view ever held a card")
	}
}

// TestTurnSecretChoiceStaysHidden answers the secret step differently on two
// copies of one state: until the last answer reveals them, the public view
// and the narration must not tell the choices apart.
func TestTurnSecretChoiceStaysHidden(t *testing.T) {
	g := tabletest.TurnGame()
	st := newTurn(t, 3, "1", 6)
	for seat := range 3 {
		for _, move := range []string{tabletest.TurnDraw, tabletest.TurnEnd} {
			if _, err := st.Apply(seat, move); err != nil {
				t.Fatal(err)
			}
		}
	}
	data, err := st.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var views, narrations []string
	for _, move := range []string{tabletest.TurnKeep, tabletest.TurnToss} {
		twin, err := g.Load(data)
		if err != nil {
			t.Fatal(err)
		}
		out, err := twin.Apply(1, move)
		if err != nil {
			t.Fatal(err)
		}
		if out.Revealed {
			t.Fatalf("%s before the others answered reveals", move)
		}
		view, _ := json.Marshal(twin.View(games.Public))
		events, _ := json.Marshal(out.Events)
		views, narrations = append(views, string(view)), append(narrations, string(events))
		if got := twin.View(1).(tabletest.TurnPrivateView).Choice; got != move {
			t.Fatalf("private choice %q, want %q", got, move)
		}
	}
	if views[0] != views[1] || narrations[0] != narrations[1] {
		t.Fatalf("keep and toss differ in public:\n%s\n%s\n%s\n%s", views[0], views[1], narrations[0], narrations[1])
	}
}

// textKeys lists the catalog keys a text needs, with those of its arguments.
func textKeys(t games.Text) []string {
	keys := []string{t.Key}
	for _, a := range t.Args {
		if a.Key != "" {
			keys = append(keys, a.Key)
		}
	}
	return keys
}

// TestTurnCatalogComplete checks that English and German have the same keys
// and that every text the game produces (info, prompts, options, narration,
// standings, errors) has one.
func TestTurnCatalogComplete(t *testing.T) {
	info := tabletest.TurnGame().Info()
	cat := info.Catalog
	if missing := cat.MissingKeys("de"); len(missing) > 0 {
		t.Errorf("missing in de: %v", missing)
	}
	for k := range cat["de"] {
		if _, ok := cat["en"][k]; !ok {
			t.Errorf("%s only in de", k)
		}
	}
	used := []games.Text{info.Name}
	for _, o := range info.Options {
		used = append(used, o.Label)
	}
	for _, r := range info.Rules {
		used = append(used, r.Title, r.Body)
	}
	for _, tc := range turnErrorCases {
		used = append(used, games.T(tc.wantKey))
	}
	used = append(used, games.T("turn.err.players"), games.T("turn.err.rounds"))
	for seed := uint64(1); seed <= 30; seed++ {
		_, outcomes, _ := playTurn(t, variedSetup(seed), policyChooser(games.RandomPolicy, seed), func(st games.State) {
			for _, p := range st.Pending() {
				used = append(used, p.Text)
				for _, o := range p.Options {
					used = append(used, o.Label)
				}
			}
			for _, s := range st.Standings() {
				used = append(used, s.Detail)
			}
		})
		for _, out := range outcomes {
			used = append(used, out.Events...)
		}
	}
	seen := map[string]bool{}
	for _, text := range used {
		for _, k := range textKeys(text) {
			seen[k] = true
			if _, ok := cat["en"][k]; !ok {
				t.Errorf("%s used but not in the catalog", k)
			}
		}
	}
	for k := range cat["en"] {
		if !seen[k] {
			t.Errorf("%s in the catalog but never used", k)
		}
	}
}

// TestTurnPublicSideIgnoresTheCards plays the same moves from two seeds,
// whose decks differ: until the final scoring reveals the kept hands, the
// public views and the narration must be identical, whatever the cards.
func TestTurnPublicSideIgnoresTheCards(t *testing.T) {
	g := tabletest.TurnGame()
	for seed := uint64(1); seed <= 60; seed++ {
		setup := variedSetup(seed)
		moves, outcomes, _ := playTurn(t, setup, policyChooser(games.RandomPolicy, seed), nil)
		other := setup
		other.Seed = seed + 1000
		st, err := g.New(other)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range moves[:len(moves)-1] { // the last answer scores the hands
			want, _ := json.Marshal(outcomes[i].Events)
			out, err := st.Apply(m.Seat, m.ID)
			if err != nil {
				t.Fatalf("seed %d move %d %+v with another deck: %v", seed, i, m, err)
			}
			got, _ := json.Marshal(out.Events)
			if string(got) != string(want) {
				t.Fatalf("seed %d move %d: narration depends on the cards:\n%s\n%s", seed, i, got, want)
			}
			replayed, err := games.Replay(g, setup, moves[:i+1])
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(st.View(games.Public))
			b, _ := json.Marshal(replayed.View(games.Public))
			if string(a) != string(b) {
				t.Fatalf("seed %d move %d: public view depends on the cards:\n%s\n%s", seed, i, a, b)
			}
		}
	}
}

// TestTurnTossShufflesTheDeck checks that tossed cards go back into the deck
// and that the deck is shuffled then, not just extended.
func TestTurnTossShufflesTheDeck(t *testing.T) {
	shuffled := 0
	for seed := uint64(1); seed <= 20; seed++ {
		st := newTurn(t, 2, "2", seed)
		for _, m := range []games.Move{{Seat: 0, ID: "draw"}, {Seat: 0, ID: "end"}, {Seat: 1, ID: "draw"}, {Seat: 1, ID: "end"}, {Seat: 0, ID: "toss"}} {
			if _, err := st.Apply(m.Seat, m.ID); err != nil {
				t.Fatal(err)
			}
		}
		extended := append(slices.Clone(st.Deck), st.Hands[0]...)
		if _, err := st.Apply(1, tabletest.TurnKeep); err != nil {
			t.Fatal(err)
		}
		if len(st.Hands[0]) != 0 || len(st.Deck) != len(extended) {
			t.Fatalf("seed %d: after the toss hand %v, deck %v; want the card back in the deck", seed, st.Hands[0], st.Deck)
		}
		sorted, want := slices.Sorted(slices.Values(st.Deck)), slices.Sorted(slices.Values(extended))
		if !slices.Equal(sorted, want) {
			t.Fatalf("seed %d: deck %v is not the old deck plus the tossed card %v", seed, st.Deck, extended)
		}
		if !slices.Equal(st.Deck, extended) {
			shuffled++
		}
	}
	if shuffled < 15 {
		t.Fatalf("the deck was reordered after only %d of 20 tosses", shuffled)
	}
}
