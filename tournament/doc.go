// Package tournament runs community tournaments as values: sign-up,
// pairing, results, points, tie-breaks and standings for swiss, round-robin
// and knockout tournaments of 2- to 6-player tables. It is pure: no I/O, no
// clock (times are stored, never read), no Discord. The same tournament
// (seed, players, results, drops) always gives the same pairings and
// standings.
//
// # Points and tie-breaks
//
// A table of s players in a tournament of table size T gives the player at
// position r (1 = best) (T−1)·(s−r)/(s−1) points: 3/2/1/0 at a full
// 4-player table, 3/1.5/0 at a 3-player one, so a smaller table is worth as
// much in total spread. Tied players share the mean of the positions they
// cover (two tied first of four: 2.5 each). A bye (a player left over where
// no table of the game's minimum size can be made) is worth (T−1)/2, the
// mean of a table. Standings sort by points, then by the sum of the points
// of every opponent met (one term per meeting), then by the game score
// relative to the table (the sum over games of the score minus the table's
// mean score), then head-to-head among the players still tied (at every
// table two of them shared, +1 for finishing ahead of each other tied
// player, −1 for finishing behind), then by an order drawn from the seed;
// the last key orders the list but does not split a shared rank.
//
// # Swiss pairing
//
//  1. Order the active players: round 1 by rating (best first), ties and
//     unrated players in sign-up order shuffled by the seed; later rounds by
//     the standings.
//  2. Table sizes: k = ⌈N/T⌉ tables, as even as possible (so sizes T and
//     T−1 whenever the count does not divide and k ≥ the shortfall). When
//     a table would fall below the game's minimum (at least 2), the lowest
//     ordered players with the fewest byes sit the round out, one at a
//     time, until the sizes fit.
//  3. Cut the order into tables (larger tables first) minimising, in this
//     order: the repeat cost, Σ over pairs seated together of m·(m+1)/2
//     where m is how often the two met before (a second rematch costs more
//     than two first ones), then the spread, Σ over tables of the distance
//     in the order between its best and worst placed player (so score
//     groups stay together).
//     Up to 12 players the cut is an exact branch-and-bound search over every
//     partition into the sizes. Above, a greedy cut (each table opens with
//     the best unseated player and takes, from the next 3·T unseated, the
//     one adding the least repeat cost, the earliest on ties) is improved by
//     swapping two players of two tables whenever that lowers (repeat cost,
//     spread) lexicographically, over every pair of tables (up to 64 tables,
//     else tables at most 8 apart plus every pair involving a table with a
//     repeat), for at most 32 passes.
//  4. Seats rotate: each seat, first to last, goes to the player at the
//     table who sat there least often before (then who sat first least
//     often, then by the table order), so nobody is first player every
//     round while anybody else at the table has been first less often.
//
// # Round robin
//
// A round robin plans its whole schedule when it starts, so that every two
// players meet as evenly as the table sizes allow. A pair that met m times
// costs m³ (a pair meeting a third time costs more than two pairs meeting a
// second time); the schedule minimises the sum over pairs. Two starting
// schedules are searched: pairing round by round (each round the cut above
// on a seeded shuffle, repeat cost alone, the byes to those who had the
// fewest; up to 100 players) and consecutive groups of seeded shuffles. Each
// is improved by simulated annealing (a move swaps two players of two
// tables of one round; 1,000 moves per player and round, at most 400,000;
// the temperature falls from 4 to 0.3; seeded), never ending worse than it
// began, and the cheaper wins. On every small case checked the result is
// the exhaustive optimum, and where a resolvable design exists (9 players at
// tables of 3 over 4 rounds, 16 of 4 over 5, 25 of 5 over 6) every pair
// meets exactly once. A round follows the plan while its players are the
// active ones; after a drop or a late joiner the rounds left are planned
// anew from the meetings so far.
//
// # Knockout
//
// Knockout seeds round 1 like swiss, then
// deals the players over the tables in a snake (1 2 3 3 2 1 …) so the best
// meet last; the top Advance of every table (ties broken by game score, then
// by the seed order) go on, and when at most T remain they play the final
// table. Its rounds follow from the players and Advance: a number of rounds
// given is refused (ErrKnockoutRounds).
package tournament
