package games

import "hash/fnv"

// Policy chooses a move for a seat: it is how a bot plays a seat and how a
// table answers for a player whose time ran out. A policy is pure: given
// the same state, seat and seed it returns the same move, and it never
// changes the state (it draws from its own RNG made from seed, not from the
// state's, so a bot's choice does not alter the game's future draws). The
// move must be one of seat's pending options; ok=false means the policy
// declines to answer this prompt.
type Policy interface {
	Choose(st State, seat int, seed uint64) (move string, ok bool)
}

// PolicyFunc adapts a function to Policy.
type PolicyFunc func(st State, seat int, seed uint64) (string, bool)

// Choose calls f.
func (f PolicyFunc) Choose(st State, seat int, seed uint64) (string, bool) { return f(st, seat, seed) }

// RandomPolicy picks uniformly among all of seat's pending options: the
// generic bot for a game that brings no policy of its own.
var RandomPolicy Policy = PolicyFunc(func(st State, seat int, seed uint64) (string, bool) {
	var options []string
	for _, p := range st.Pending() {
		if p.Seat != seat {
			continue
		}
		for _, o := range p.Options {
			options = append(options, o.ID)
		}
	}
	if len(options) == 0 {
		return "", false
	}
	return options[NewRNG(seed).IntN(len(options))], true
})

// SafePolicy answers with the game's TimeoutMove (pass, keep, decline):
// what a table plays for a seat whose time ran out. It declines when the
// game has no safe answer for the prompt.
var SafePolicy Policy = PolicyFunc(func(st State, seat int, _ uint64) (string, bool) {
	tm, ok := st.(TimeoutMover)
	if !ok {
		return "", false
	}
	move, ok := tm.TimeoutMove(seat)
	if !ok || !Legal(st, seat, move) {
		return "", false
	}
	return move, true
})

// PolicySeed derives the seed a policy uses for one decision from the
// table's seed, the number of moves made so far and the seat, so a bot's
// game replays identically and two seats never share a stream.
func PolicySeed(tableSeed uint64, moves, seat int) uint64 {
	h := fnv.New64a()
	var b [24]byte
	for i, v := range []uint64{tableSeed, uint64(moves), uint64(seat)} {
		for k := range 8 {
			b[i*8+k] = byte(v >> (8 * k))
		}
	}
	_, _ = h.Write(b[:])
	return h.Sum64()
}

// Bot is implemented by games that bring a policy of their own for bot
// seats, better than a random legal move.
type Bot interface {
	Policy() Policy
}

// PolicyOf is the policy bot seats of g play by: the game's own, or
// RandomPolicy.
func PolicyOf(g Game) Policy {
	if b, ok := g.(Bot); ok {
		if p := b.Policy(); p != nil {
			return p
		}
	}
	return RandomPolicy
}
