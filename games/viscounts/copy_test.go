package viscounts

import (
	"bytes"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestCopiesPlayAsTheGame: a lookahead copy (which shares what play
// never writes, reuses spare memory and keeps its task list in it) plays
// on exactly as the game does: answering the same options with the same
// generator leaves it where the game is, while copies made from it play
// on and are put back between its moves. At positions of policy games
// of every player count and solo against each opponent.
func TestCopiesPlayAsTheGame(t *testing.T) {
	atPolicyPositions(t, 11, 9, playAlike)
}

// atPolicyPositions plays a policy game of 2, 3 and 4 players and one
// solo against each opponent, from seed on, and calls f at every nth
// position of each and at its end.
func atPolicyPositions(t *testing.T, seed uint64, nth int, f func(t *testing.T, s *State, setup games.Setup, moves int)) {
	t.Helper()
	g := New()
	var setups []games.Setup
	for players := 2; players <= MaxPlayers; players++ {
		setups = append(setups, games.DefaultSetup(g, players, seed+uint64(players)))
	}
	for i, o := range g.c.Opponents {
		setup := games.DefaultSetup(g, 1, seed+10+uint64(i))
		setup.Options[optOpponent] = o.ID
		setups = append(setups, setup)
	}
	for _, setup := range setups {
		st, err := g.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for moves := 0; moves < 600; moves++ {
			if moves%nth == 0 || s.Over() {
				f(t, s, setup, moves)
			}
			if s.Over() {
				break
			}
			p := s.Pending()[0]
			move, _ := g.Policy().Choose(s, p.Seat, uint64(moves))
			if _, err := s.Apply(p.Seat, move); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// playAlike plays 40 answers on a stored twin of s and on a lookahead
// copy of s, comparing them after each; between answers a copy of the
// copy plays a few answers of its own and goes back to the spares.
func playAlike(t *testing.T, s *State, setup games.Setup, moves int) {
	t.Helper()
	game := s.stored()
	game.RNG = games.NewRNG(9)
	sp := &spares{}
	c := s.copyTo(sp.get(), games.NewRNG(1))
	c.spares = sp
	c.RNG.Reseed(9)
	for step := 0; step < 40 && !game.Over(); step++ {
		if step%3 == 1 {
			d := c.copied(games.NewRNG(uint64(step)))
			for k := 0; k < 4 && len(d.Tasks) > 0 && d.Phase != phaseOver; k++ {
				_, _, ds := d.choices(d.Tasks[0])
				if len(ds) == 0 {
					break
				}
				ch, ok := d.choice(d.Tasks[0], ds[(step+k)%len(ds)].opt.ID)
				if !ok {
					t.Fatal("a copy's copy does not find its own option")
				}
				d.Tasks = d.Tasks[1:]
				ch.do()
				d.run()
			}
			sp.put(d)
		}
		p := game.Pending()[0]
		id := p.Options[step%len(p.Options)].ID
		if _, err := game.Apply(p.Seat, id); err != nil {
			t.Fatal(err)
		}
		ch, ok := c.choice(c.Tasks[0], id)
		if !ok {
			t.Fatalf("%d players (seed %d), move %d, step %d: the copy does not offer %s", setup.Players, setup.Seed, moves, step, id)
		}
		c.Tasks = c.Tasks[1:]
		ch.do()
		c.run()
		a, _ := game.MarshalJSON()
		b, _ := c.MarshalJSON()
		if !bytes.Equal(a, b) {
			t.Fatalf("%d players (seed %d), move %d, step %d: after %s the copy is elsewhere", setup.Players, setup.Seed, moves, step, id)
		}
	}
}
