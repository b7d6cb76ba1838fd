// Package sorcerercity implements Sorcerer City (Scott Caputo; Druid City
// Games / Skybound) for 1 to 6 players, as a games.Game with id
// "sorcerer-city"; its pictures are drawn by imaging/sorcerercity.
//
// Flow, one year after another:
//   - Build: every seat at once, in private (Prompt.Secret). "start"
//     starts the seat's sand timer (the table's phase timer, from then on);
//     when it runs out the table plays the time-up move (games.TimeUpper):
//     the seat stops and a tile in hand is lost for the year. A seat that
//     never starts is stopped by the table's deadline. "draw" turns up the
//     next tile, "at:x,y:rot" builds it
//     (filed under its spot in Option.Path, named by its coordinate on
//     the district's grid, "C4": District.Name; only turns that show
//     different sides are offered), "stop" ends the seat's building.
//     Draws and placements are steps (Outcome.Uncommitted); starting and
//     stopping are quiet commits (Outcome.Quiet), told in a line, and the
//     board of every district comes when the last seat stops. Draws
//     reveal a tile, and a built tile is never moved, so there is no
//     stepping back over them.
//   - Score: face-down tiles are turned, score-phase monsters act, rainbow
//     group goals that could score in several colours ask for one
//     ("pick:x,y/goal:resource"), then every district scores and
//     score-phase spells are cast. These choices are each seat's own, made
//     at once, in its DMs (Prompt.Secret), though nothing in them is
//     hidden.
//   - Transform: every seat with Raw Magic picks in secret
//     ("to:money|influence|prestige"); the last pick reveals them all.
//   - Influence & Buy: seats (and Mystery Players) are ranked by
//     Influence with shared places for ties (competition ranking, so a
//     tie for 2nd leaves no 3rd, as the rulebook says); one seat at a
//     time in that order (ties: nearest the timer holder clockwise)
//     chooses its prize ("prize:reward|prestige|money|buy") and buys
//     ("buy:vendor:slot", "buy:r"), discards once for 1 Money
//     ("discard:vendor:slot"), then "done".
//   - Pace on Discord (State.pace): outside building, a seat's answers are
//     steps (only its own message changes) until its part is done; then a
//     quiet commit (a line in the channel) while others still answer
//     privately, and a board when the stage ends. A seat's Influence &
//     Buy turn is one turn, told on one board when it ends, unless a
//     reward asks another seat something in public first (a board then,
//     so that they can answer).
//   - Prestige, Cleanup: Prestige is collected; the seats that scored the
//     least get the top tile of the year's vendor; the year's monsters are
//     dealt (two Skeletons each), districts go back into the decks, and
//     the timer passes to the next seat. Year 5 has no reward, buying or
//     monsters; ties at the end go to the most Money.
//
// Monsters, where the rulebook leaves room:
//   - A drawn monster's effect is a list of tasks before or after it is
//     placed (Seat.Tasks): the Cube, Kraken, Demon and Goblin take first,
//     the Dragon destroys and the Lich brings a Skeleton after. A task
//     with no possible answer is skipped. Taking, discarding and
//     destroying act on the top tile of a cell; what lay beneath shows.
//   - The box holds one set of Skeletons: with the Lich and the Skeleton
//     both among a game's monsters (allowed at 1 to 4 players), the Lich's
//     stack is that set and the Skeleton year deals its pairs from it.
//   - The Kraken's "three tiles or fewer" counts covered tiles too; it
//     then takes them all at once.
//   - The Golem's open line is two or more tiles joined in one colour
//     along a row or column with an empty cell at an end where it fits;
//     the Giant's "bought tile" is one with a printed price.
//   - Tiles an Invisible Stalker hides are unknown to their owner too;
//     they are turned up at the start of the Score phase, then turned as
//     the owner likes, one by one; a monster among them acts at once (the
//     Golem, Giant and Pixie are lifted and placed by their rule; the
//     others take as if drawn, never themselves).
//   - In the Score phase the flipped tiles come first (the Invisible
//     Stalker's effect; a monster turned up acts at once), then the
//     Chimeras and Genies act in the order their owner picks, one at a
//     time (asked only when two or more are left): a Chimera moved by a
//     Genie before it acted destroys along its new row and column.
//   - The Genie moves every visible monster, itself included, onto a
//     non-monster tile; one it uncovers moves too. A monster that cannot
//     go anywhere stays (Genie) or waits beside the district until
//     Cleanup (a drawn one with no free spot).
//   - A monster placed early by the "two early" reward is tame
//     (Placed.Tame) for the year: none of its effects acts, the
//     score-phase ones (Chimera, Genie, Dark Mage) and a Skeleton's jagged
//     sides included; the English card says to ignore them (the German
//     "darfst ... ignorieren" reads as a choice: we follow the English,
//     which leaves nothing to ask). Another Genie still moves it, and it
//     stays tame where it goes.
//
// Spells, rewards and buying:
//
//   - A spell acts only while its tile is built and visible: a covered or
//     face-down tile's spell does nothing (the Giant and Pixie exist to
//     cover tiles).
//
//   - Score-phase spells are cast one by one in the owner's order
//     ("cast:x,y", "done"), before the transformation; the Staff offers two
//     cards, the first named taking the odd point (the English rulebook;
//     the German one adds "2 more per resource", which the English lacks).
//
//   - Prices: the rewards' halving and "2 less" first, then each "2 less"
//     spell, the Wand's 1 less and the Crown's 3 less on green; at least 1.
//     Free tiles of spells and artifacts ignore discounts; the reward's two
//     free tiles up to 7 count them. Free tiles are gained (not bought:
//     "purple buys pay" counts paid buys) before buying, and are not
//     optional when one is there to take.
//
//   - A reward that asks others (everyone destroys a tile, everyone takes
//     a tile from the chosen vendor after the winner's two) puts its
//     question to them in turn order, clockwise from the winner, before
//     the winner buys on. "Destroy a tile in your deck" offers every
//     non-monster tile the seat owns.
//
//   - The Golden Ring and the "any reward" spell choose among the four
//     years' cards; "gain this year's reward" and "use an unused reward"
//     act when the seat starts buying.
//
//   - Build-phase spells (and the Magic Boots and Gauntlet) are cast
//     between draws, before the seat stops building ("spell:x,y", then the
//     tile: "mv:x,y", then where it goes). A moved tile keeps its turn
//     (the spell moves it, it does not turn it) and goes to any free spot
//     next to the district, or, for the rainbow spell, onto any tile.
//     Moving shows nothing new, so a seat may step back over it.
//
// Options: "artifacts" deals two artifacts to every seat, who keeps one in
// secret ("keep:id") before year 1; "expert" is the solo expert variant
// (refused at a table of more).
//
// Alone: two Mystery Players a year; after each year's buying the five
// other monsters of the year are laid one by one on uncovered market
// tiles sharing a colour with them ("guard:vendor:slot", "guard:r" for
// the rainbow vendor's top tile). A monster with nowhere to go, or one
// covering the last market tile, loses the game (the monsters then rank
// first, games.Rivaled); otherwise the title follows the final Prestige.
// Gaining a guarded tile gains its monster; discarding it destroys the
// monster. In the expert variant a drawn Skeleton brings a second one and
// the pair lies on one tile and is gained together.

// Component data lives in data/tiles.json (embedded); its "about" field
// says which facts come from the rulebook and which were designed here.
// LoadComponents reads a corrected file from any folder and checks every
// count the rulebook gives.
//
// The tile model, where the rulebook's pictures had to be read as rules:
//   - A tile has four sides, each showing one colour or several (a rainbow
//     side shows all four, the two-colour artifacts two). Two adjacent
//     tiles join in a colour when both touching sides show it; all sides
//     of one colour on a tile belong to one region. This is what lets a
//     two-colour tile continue a yellow group on its yellow sides only,
//     and what "red and green on all sides" means for Magic Boots.
//   - A group goal counts the tiles joined to its own tile in the goal's
//     colour; a line goal the longer of the row and the column of tiles
//     joined through it ("the player may choose which line": the longer is
//     never worse). Both need at least three tiles. Every goal scores on
//     its own, so two group goals in one group both score it.
//   - A shield goal needs at least two neighbouring tiles (diagonals
//     included) that carry shields; it scores one per shield on its own
//     tile and on those tiles, as the rulebook's examples count.
//   - Only the top tile of a cell counts: a covered tile's colours and
//     goals are gone, the monster's colours count. Face-down tiles show
//     nothing until they are turned. Goals next to a Dark Mage (diagonals
//     included) neither score nor count as shields.
//   - A rainbow group goal scores for one colour its owner picks each
//     year; without a pick it scores its best colour.
//   - A Skeleton's jagged sides may touch no tile, from either side.
package sorcerercity
