// Package viscounts is the rules of Viscounts of the West Kingdom (Shem
// Phillips and S J Macdonald, Garphill Games) for one to four players:
// a deck of townsfolk moved along a line of three cards on each player
// board, viscounts travelling clockwise round five board segments, four
// primary actions, a castle of three tiers, manuscripts, and the race of
// Debts and Deeds towards Poverty or Prosperity.
//
// The game is a list of tasks (flow.go): every phase of a turn and every
// atom of an effect is one, and the first task that offers a real choice
// is the pending prompt. Components are data (data/*.toml) in a small
// effect language (effect.go); what the rulebook only pictures is
// reconstructed there and labelled so in each file's header.
//
// Readings where the rulebook leaves room, and our reconstructions:
//   - The board's paths: each segment has an outer-left, an inner and an
//     outer-right space; outer-left leads to outer-right and to the inner
//     space, the inner space to outer-right and to the next segment's
//     inner space, outer-right to the next segment's outer-left (the
//     movement example's arrows). A viscount may end where it started.
//   - Movement: the least steps are the played card's silver value; the
//     first Trading Post adds one free step, each further step costs one
//     Silver. Options name the destination with its cheapest cost.
//   - Primary actions are optional ("no primary action" is always offered).
//     Payment options are the minimal mixes of icons, resources, a card's
//     conversions and the dismissal of the card beside the viscount; a
//     resource a card lets count twice (Artist, Sculptor, Priest) counts
//     twice once a turn, not three times. Merchant icons a card converts
//     include those of a dismissed card (the card list's note 1).
//   - A player may transcribe one manuscript per turn by the primary action;
//     free manuscripts from effects are not limited by it.
//   - The first Workshop's discard follows every hire, free hires too.
//   - Permanent icons the rulebook names but does not picture: the third
//     Trading Post shows a merchant icon, the Guildhalls a noble, a cleric
//     and a builder icon in the order they are built; each cleric bonus
//     card shows a cleric icon (its 3 VP and the icon come from the
//     rulebook's examples).
//   - The player board's two right slots print starting icons, counted
//     while no card covers them (a player's first two turns): we chose a
//     merchant icon on the middle slot and a builder icon on the right.
//   - A collision pays where the markers sit when the reward is paid: a
//     second Workshop's virtue (step 1) may have moved them since they met.
//   - Corruption gained together with virtue moves first, whatever order
//     an effect lists them in.
//   - Castle: groups of three resolve for the current player first, then
//     for the others in turn order; the current player bumps workers from
//     every section holding more than three, after all moves.
//   - Rearranging permutes the cards on the board; an empty slot (before
//     the card of the turn is played) stays where it is.
//   - Manuscript sets score n² for n different ribbons (the rulebook's
//     three-ribbon set scores 9, its example's three sets 26 = 16+9+1);
//     sets are formed largest first, which is best.
//   - A collision's reward for the other players goes to those without a
//     criminal on their board (the collision example).
//   - Manuscripts scoring per icon count the icons of all the player's
//     townsfolk and of their buildings and bonus cards, not only the three
//     cards on the board (the scoring example's 5 noble and 4 criminal
//     icons would hardly fit there).
//   - Poverty/Prosperity majorities: 12/8/4 to most/second/third with at
//     least one flipped card; tied players share the places they cover,
//     rounded down; with fewer than three players the 8 is skipped.
//
// Solo play against the four automated opponents, and its readings of the
// rulebook, are described in solo.go. Two of them decided here, where an
// earlier reconstruction gave the opponent more than the solo rules do:
// the card-focused AI treats its resources as one type, never its icons,
// so it funds a trade with merchant (and criminal) icons like the others;
// and a scheme's icons only fund the AI's actions, so its manuscripts
// scoring per icon count its permanent icons alone.
package viscounts
