// Package dungeondesigner implements Dungeon Designer (Pegasus Spiele; English
// edition Stonespine Architects) for 1 to 5 players, solo against Jael, as a
// games.Game with id "dungeon-designer".
//
// Flow: each year every seat answers a Secret build prompt at once
// ("pick:<room>:c<col>", with 2 players or solo then "second:<room>" to
// discard or keep a room); picks are revealed together by the last answer
// (Outcome.Revealed). The market is one public prompt for the acting seat:
// "buy:<stall>:u|l", "pass:t<task>" (years 1–3) or "pass" (year 4), and after
// a purchase one prompt per tile: "put:r<row>c<col>:<tl|tr|bl|br>" for an
// element spot, "put:r<row>c<col>:<t|r|b|l>" for a secret passage edge
// (filed under the room cell "r<row>c<col>" in Option.Path), or "drop" when no spot is
// legal (a safeguard: parts that do not fit are not for sale).
//
// Component data lives in data/*.json (embedded); each file's "about" field
// says what comes from the rulebook and the public component list and what
// was designed here (tasks, goals, Jael's cards, the blueprint table, German
// room names). LoadComponents reads corrected files from any folder.
//
// Decisions where the rulebook is silent or ambiguous:
//   - "Left" is the next seat index (seat i passes to seat i+1 mod n),
//     "right" the previous one. With 2 players both are the same.
//   - With 2 players (and solo) the extra discard/keep is chosen in passes 1–3;
//     in pass 4 the single remaining room is discarded without a choice. The
//     2-player draw happens after passing in passes 1–3 (hand 5,4,3,2).
//   - The room deck is reshuffled from the discard pile if it runs out; the
//     tile supply of a shape is refilled from discarded tiles of that shape,
//     and a stall spot stays empty if none is left at all. Discarded stalls
//     are never reused.
//   - A stall part is for sale only when its cost is affordable and all its
//     tiles have a place (enough free element spots and free edges): the
//     rulebook places a part's tiles at once and forbids covering or
//     removing elements. "drop" remains as a safeguard play never reaches.
//     Tiles of a part are placed in the printed order, one prompt each.
//   - A secret passage lies on an edge of a placed room (outer edges and
//     edges without a neighbour yet included), at most one per edge; it
//     links the two rooms on that edge and opens that side towards a gate.
//     An edge two rooms share is offered under both rooms (as one's right
//     and the other's left edge); the narration names room and edge.
//     Two rooms are linked by a passage or by doors on both sides; all doors
//     of one room are joined by its paths.
//   - A blueprint "star" needs a star of positive value; "trap" any trap; a
//     monster condition that exact monster. The blueprint table is
//     0,1,2,3,5,7,9,12,15 for 0..8 conditions met.
//   - After year 3 the leftover task stays on display (the rulebook skips
//     the whole task step); nobody takes tasks in year 4.
//   - Goal ties, the winner tie and equal prestige all go to the seat further
//     left in the final order; standings therefore never tie.
//   - Solo: Jael's gold comparison runs when the market opens and after each
//     completed purchase, until it triggers once that year. Jael's collect
//     symbols name stall parts; an empty part gives nothing. Jael counts
//     tiles plus the elements on its room pile for the goal, stars and card
//     conditions; Jael takes goal ties and, per the "most needs at least one"
//     rule, scores 0 for a "most" goal it has none of. In solo standings the
//     seat ranks 1 if it beat Jael and 2 if not (Jael, no seat, is first);
//     Detail and State.SoloWon say the same.
//   - Narration names players by seat (games.Player); tables show the
//     players' names.
package dungeondesigner
