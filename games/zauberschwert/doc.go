// Package zauberschwert implements Zauberschwert & Drachenei (Jochen
// Schwinghammer) for 2–4 players: placement on two adventure cards, open
// auctions for spells and creatures, joint or solo fights, trading of
// artifact cards and laying out complete artifacts.
//
// Decisions where the rulebook is silent or ambiguous:
//   - The start player is drawn with the game's RNG at setup.
//   - Spells are offered in three windows per round, to every owner (those
//     who passed too): after magic supply, before a creature or a contested
//     spell is resolved, and before trading. Fulmentus weakens only a
//     creature its caster is about to fight. Owners are asked one
//     after another from the start player; owners with nothing castable are
//     skipped, so a game without spell owners never waits. Phase F needs no
//     window: nothing changes between trading and the next round.
//   - A window reopens after every cast: spells may be used at any time
//     outside phase A, and when several players want to, in turn order
//     from the start player; so a cast (Harpagarus taking magic before a
//     fight, Fulmentus weakening a creature) asks every owner again, from
//     the start player, who may answer it with a spell of their own. A
//     window closes once every owner with something castable has declined
//     since the last cast; each spell is cast once a round, so it always
//     closes.
//   - The phase D window comes before the together/alone answers, so a
//     wizard knows the final strength (Fulmentus) and can raise magic first.
//   - A spell won in phase D may be cast in the same round's later windows.
//   - Spell auctions: the opener must open (0 is allowed); later bidders
//     raise by at least 1 or pass. Creature auctions open at the strength;
//     any bidder (the opener too) may pass, and a bidder who cannot afford
//     the next bid passes automatically. If nobody bids, the creature stays.
//   - In a joint fight everyone who cannot pay the current share drops out
//     at once, then the rest split the whole strength again.
//   - A lone wizard who can pay must fight (the rulebook gives no choice).
//   - Bonuses with a choice (potion, star sapphire) are asked as a prompt;
//     other bonuses are paid automatically, magic capped at 30.
//   - Trading is card for card: the rulebook allows trading only hand
//     cards "Karte gegen Karte", which we read as one card for each card,
//     so an offer gives as many cards as it asks for (1–3 each side).
//   - Trading: a seat composes one offer at a time (partner, cards given,
//     cards wanted, send) and may start at most 4 per phase, with at most 3
//     cards on each side; the wanted cards
//     are named from all cards not in the proposer's hand and not laid out,
//     because the partner's hand is secret. Accept is offered only while
//     both sides still hold the cards. "Done trading" declines offers to and
//     withdraws offers from that seat; seats with empty hands or nobody left
//     to trade with are done automatically. When a table's deadline passes,
//     TimeoutMove answers "done" for every seat still trading.
//   - Laying out: every seat is asked at once, whatever its hand, so the
//     channel cannot tell who holds a complete artifact; a seat without one
//     is offered only "finish laying out". Seats lay artifacts one by one
//     or "all", and finish with "none"; the choice is private, what is laid
//     out public.
//   - Together/alone is a secret answer, asked privately; the answers are
//     revealed together once every wizard at the creature has answered.
//   - The last tie-breaker counts laid-out artifact cards (a two-part
//     artifact counts twice), as the rulebook says; full ties share a rank.
//   - Narration names players by seat (games.Player); tables show the
//     players' names.
package zauberschwert
