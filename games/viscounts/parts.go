package viscounts

// Ribbon is a manuscript's ribbon colour; there is a cleric bonus card for
// each, and sets of different ribbons score.
type Ribbon int

// The four ribbons (one per cleric bonus card).
const (
	Red Ribbon = iota
	Blue
	Green
	Grey
	numRibbons
)

var ribbonNames = [numRibbons]string{"red", "blue", "green", "grey"}

func (r Ribbon) String() string { return ribbonNames[r] }

// Manuscript is one manuscript tile.
type Manuscript struct {
	ID     string
	Ribbon Ribbon
	// Grey backs the five that start on top of the piles.
	Grey bool
	Cost int // cleric icons to transcribe it
	// Now resolves when it is transcribed.
	Now Effect
	// VP is a fixed score at the end; Per scores one VP per counted thing
	// (see scoreKinds), PerVP points each.
	VP    int
	Per   string
	PerVP int
}

// scoreKinds are what a manuscript may count at the game's end: the
// rulebook's example names buildings, noble icons, criminal icons and
// paid debts; the rest follow the same pattern.
var scoreKinds = map[string]bool{
	"": true, "building": true, "workshop": true, "tradingpost": true, "guildhall": true,
	"merchant": true, "builder": true, "noble": true, "cleric": true, "criminal": true,
	"paiddebt": true, "approveddeed": true, "deed": true, "worker": true, "manuscript": true,
}

// PlayerCard is one of the ten start cards, drafted with a hero.
type PlayerCard struct {
	Number                   int // the start space's number, 1–10
	Silver, Ink, Gold, Stone int
	Debts, Deeds             int
	// Extra is the additional step at its bottom. Where says where a
	// building or workers of Extra go: "any" segment, or "here" (the
	// viscount's own space, player card 8).
	Extra Effect
	Where string
}

// Castle is the castle: five sections, each with its second tier's
// reward; a worker reaching the third tier gains any one resource.
type Castle struct {
	Tier2 [numSegments]Effect
}

// Track is the virtue/corruption track of the player board. The
// corruption marker starts on space 0 and moves up, the virtue marker
// starts on the last space and moves down; where they collide, the
// current player gains Own and every other player Others.
type Track struct {
	Own, Others []Effect
}

// Ending is how many Debts lie above the Poverty card and Deeds above the
// Prosperity card, by player count (index 1–4).
type Ending struct {
	Debts, Deeds [5]int
}
