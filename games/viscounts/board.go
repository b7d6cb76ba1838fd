package viscounts

// The kingdom: five segments around the castle, each with three spaces on
// the paths (the outer-left and outer-right spaces on the outside path, one
// space on the inside path), a townsfolk pile, a manuscript pile, building
// plots on both banks of its river, and the castle section it faces.
//
// Spaces are numbered segment*3 + slot, slots in the order outer-left,
// inner, outer-right. The arrows, as the rulebook's movement example draws
// them: outer-left leads to outer-right and down to the inner space; the
// inner space leads up to outer-right and on to the next segment's inner
// space; outer-right leads on to the next segment's outer-left.
const (
	numSegments = 5
	slotLeft    = 0
	slotInner   = 1
	slotRight   = 2
	numSpaces   = numSegments * 3
)

// Trade is the exchange printed on an outer space.
type Trade string

// The exchanges of the rulebook: silver per merchant icon; a resource per
// two; a destroyed card per three; a flipped Debt or Deed per four.
const (
	TradeSilver  Trade = "silver"
	TradeInk     Trade = "ink"
	TradeGold    Trade = "gold"
	TradeStone   Trade = "stone"
	TradeDestroy Trade = "destroy"
	TradeFlip    Trade = "flip"
)

// tradeRate is how many merchant icons one exchange takes.
var tradeRate = map[Trade]int{TradeSilver: 1, TradeInk: 2, TradeGold: 2, TradeStone: 2, TradeDestroy: 3, TradeFlip: 4}

// Plot is a building spot with the reward its builder gains.
type Plot struct {
	Reward Effect
}

// Link joins two plots of one segment (indexes into Segment.Plots); when
// both ends hold buildings, the owners of both ends gain Reward once each.
type Link struct {
	A, B   int
	Reward Effect
}

// Side is one face of a segment: the side for one or two players, or the
// side for three or four.
type Side struct {
	// Numbers are the start numbers printed on the outer-left and
	// outer-right spaces (player cards 1–10 place a viscount by them).
	Numbers [2]int
	// Trades are the exchanges of the outer-left and outer-right spaces.
	Trades [2]Trade
	// Plots lists the plots; the first West of them lie on the outer-left
	// space's bank of the river, the rest on the outer-right's.
	Plots []Plot
	West  int
	Links []Link
}

// Segment is one board segment with both its sides.
type Segment struct {
	ID    string
	Name  string // English place name, for narration
	De    string
	Small Side // 1–2 players
	Large Side // 3–4 players
}

// outer reports whether space lies on the outside path (trade, build).
func outer(space int) bool { return space%3 != slotInner }

// reachable returns, for every space, the fewest steps of at least min
// and at most max that end there, or -1. A viscount may pass through and
// end on any space, its own included (a full loop).
func reachable(from, min, max int) [numSpaces]int {
	var best [numSpaces]int
	for i := range best {
		best[i] = -1
	}
	// The frontier is a set of spaces, one bit each: the lookahead asks
	// for every move it tries, so it allocates nothing.
	frontier := uint32(1) << from
	for steps := 1; steps <= max; steps++ {
		var nextFrontier uint32
		for sp := range numSpaces {
			if frontier&(1<<sp) != 0 {
				nextFrontier |= nextSpaces(sp)
			}
		}
		frontier = nextFrontier
		if steps < min {
			continue
		}
		for sp := range numSpaces {
			if frontier&(1<<sp) != 0 && best[sp] < 0 {
				best[sp] = steps
			}
		}
	}
	return best
}

// nextSpaces is the set of spaces one step from space, following the
// arrows: one bit a space.
func nextSpaces(space int) uint32 {
	var set uint32
	seg, slot := space/3, space%3
	nextSeg := (seg + 1) % numSegments
	switch slot {
	case slotLeft:
		set = 1<<(seg*3+slotRight) | 1<<(seg*3+slotInner)
	case slotInner:
		set = 1<<(seg*3+slotRight) | 1<<(nextSeg*3+slotInner)
	default:
		set = 1 << (nextSeg*3 + slotLeft)
	}
	return set
}
