// Package sorcerercity implements Sorcerer City (Scott Caputo; Druid City
// Games / Skybound) for 1 to 6 players, as a games.Game with id
// "sorcerer-city". This first part holds the components and the district:
// tiles, placement and goal scoring; the year's flow builds on it.
//
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
