package zauberschwert

// This file holds the exported component and view types that State.View
// returns; imaging draws from them. Changes here are additive only.

// Symbol is an artifact symbol. A creature shows one; an artifact pays its
// bonus when it shares a symbol with a defeated creature.
type Symbol string

// The three artifact symbols.
const (
	Triangle Symbol = "tri"    // ▶
	Circle   Symbol = "circle" // ●
	Square   Symbol = "square" // ■
)

// Kind is the type of an adventure card; each kind resolves differently.
type Kind string

// The four kinds of adventure card.
const (
	KindSpell    Kind = "spell"
	KindOrb      Kind = "orb"  // energy orb: magic for every wizard there
	KindHoly     Kind = "holy" // holy site: power stones and an artifact card for every wizard there
	KindCreature Kind = "creature"
)

// Reward is what a defeated creature gives each winning wizard.
type Reward struct {
	Stones    int `json:"stones"`
	Artifacts int `json:"artifacts"` // artifact cards drawn into the hand
}

// Card is one adventure card (spell, energy orb, holy site or creature).
type Card struct {
	ID   string `json:"id"`   // stable id, e.g. "a-spiders-1"
	Deck string `json:"deck"` // "A", "B" or "C" (printed on the back)
	Kind Kind   `json:"kind"`
	// Name is a catalog key for the card's name.
	Name string `json:"name"`
	// Species of a creature: "spiders", "goblins", "shadows" or "dragons".
	Species  string `json:"species,omitempty"`
	Strength int    `json:"strength,omitempty"` // creature: magic needed to defeat it
	Symbol   Symbol `json:"symbol,omitempty"`   // creature: which artifacts give a bonus
	Single   Reward `json:"single"`             // creature defeated alone
	Shared   Reward `json:"shared"`             // creature defeated together, per wizard
	Magic    int    `json:"magic,omitempty"`    // energy orb: magic per wizard
	Stones   int    `json:"stones,omitempty"`   // holy site: power stones per wizard (plus one artifact card)
	Spell    string `json:"spell,omitempty"`    // spell card: SpellInfo.ID
}

// Bonus is what a laid-out artifact pays when its owner defeats a creature
// with a matching symbol. Choice > 0 means the owner picks Choice power
// stones or Choice magic (the potion and the star sapphire).
type Bonus struct {
	Magic  int `json:"magic,omitempty"`
	Stones int `json:"stones,omitempty"`
	Choice int `json:"choice,omitempty"`
}

// Artifact is one artifact (one-part or two-part).
type Artifact struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`  // catalog key
	Parts   int      `json:"parts"` // 1 or 2
	Symbols []Symbol `json:"symbols"`
	Bonus   Bonus    `json:"bonus"`
}

// ArtifactCard is one of the 28 physical artifact cards.
type ArtifactCard struct {
	Index    int      `json:"index"` // 0..27, used in option ids
	Part     int      `json:"part"`  // 0 for one-part artifacts, else 1 or 2
	Artifact Artifact `json:"artifact"`
}

// SpellInfo describes one of the six spells.
type SpellInfo struct {
	ID     string `json:"id"`     // "fulmentus", "stonex", ...
	Name   string `json:"name"`   // catalog key
	Effect string `json:"effect"` // catalog key of the effect text
}

// Placement values of SeatView.Placed besides a display slot (0 or 1).
const (
	NotPlaced = -1 // not yet decided this round (or wizard back in hand)
	Passed    = -2 // passed in phase C for one magic
)

// PublicView is what the channel and spectators see.
type PublicView struct {
	Players     int    `json:"players"`
	Round       int    `json:"round"`
	Phase       string `json:"phase"` // "A".."F"
	Step        string `json:"step"`  // finer step: "spells", "place", "choose", "auction", "bonus", "trade", "lay", "over"
	StartPlayer int    `json:"startPlayer"`
	// Display is the open display (at most two cards).
	Display []DisplayCard `json:"display"`
	// AdventurePile is how many adventure cards are left face down;
	// NextDeck is the letter on the back of the top one ("" when empty).
	AdventurePile int    `json:"adventurePile"`
	NextDeck      string `json:"nextDeck"`
	ArtifactPile  int    `json:"artifactPile"`
	// Removed counts adventure cards that left the game.
	Removed int        `json:"removed"`
	Seats   []SeatView `json:"seats"`
	// Resolving is the display slot being resolved in phase D, or -1.
	Resolving int `json:"resolving"`
	// Fight describes a creature fight or spell contest under way.
	Fight *FightView `json:"fight,omitempty"`
	// Auction is the open auction under way, if any.
	Auction *AuctionView `json:"auction,omitempty"`
	// SpellTurn is the seat currently asked whether to cast a spell, or -1.
	SpellTurn int `json:"spellTurn"`
	// Turn lists the seats whose decision is awaited now.
	Turn []int `json:"turn"`
	Over bool  `json:"over"`
}

// DisplayCard is a card in the display and the wizards placed at it.
type DisplayCard struct {
	Slot    int   `json:"slot"`
	Card    Card  `json:"card"`
	Wizards []int `json:"wizards"` // seats, in seat order from the start player
	// Resolved is true once the card was resolved this round.
	Resolved bool `json:"resolved"`
}

// SeatView is everything public about one seat.
type SeatView struct {
	Seat     int         `json:"seat"`
	Magic    int         `json:"magic"`
	Stones   int         `json:"stones"`
	Spells   []SpellView `json:"spells"`
	LaidOut  []LaidOut   `json:"laidOut"`
	HandSize int         `json:"handSize"`
	// Placed is the display slot of the seat's wizard, NotPlaced or Passed.
	Placed      int  `json:"placed"`
	DoneTrading bool `json:"doneTrading"`
}

// SpellView is an owned spell and whether it was cast this round.
type SpellView struct {
	Spell SpellInfo `json:"spell"`
	Used  bool      `json:"used"`
}

// LaidOut is a complete artifact laid out in front of a seat.
type LaidOut struct {
	Artifact Artifact `json:"artifact"`
	Cards    []int    `json:"cards"` // artifact card indexes
}

// FightView is the resolution of a contested or creature card.
type FightView struct {
	Slot     int   `json:"slot"`
	Strength int   `json:"strength"` // current strength (after Fulmentus)
	Involved []int `json:"involved"`
	// Decided lists seats that answered together/alone; Choices are shown
	// only once everyone decided (Mode set).
	Decided []int `json:"decided"`
	// Mode is "", "solo", "together" or "auction".
	Mode    string         `json:"mode"`
	Choices map[int]string `json:"choices,omitempty"`
}

// AuctionView is an open auction for a spell or a creature.
type AuctionView struct {
	Slot     int    `json:"slot"`
	Kind     Kind   `json:"kind"`
	MinBid   int    `json:"minBid"`   // lowest legal opening bid
	High     int    `json:"high"`     // highest bid so far (0 with HighSeat -1: no bid yet)
	HighSeat int    `json:"highSeat"` // -1 while nobody has bid
	Bidders  []int  `json:"bidders"`  // bidding order
	Out      []int  `json:"out"`      // seats that passed
	Turn     int    `json:"turn"`     // seat to bid or pass
	Spell    string `json:"spell,omitempty"`
}

// PrivateView is one seat's view: the public view plus its hand and its
// trade offers.
type PrivateView struct {
	PublicView
	Seat int        `json:"seat"`
	Hand []HandCard `json:"hand"`
	// Offers are the pending trade offers this seat sent or received.
	Offers []OfferView `json:"offers"`
	// Draft is the offer this seat is composing, if any.
	Draft *OfferView `json:"draft,omitempty"`
}

// HandCard is an artifact card in a hand. Complete marks cards that form a
// complete artifact with the rest of the hand (may be laid out).
type HandCard struct {
	ArtifactCard
	Complete bool `json:"complete"`
}

// OfferView is a trade offer: From gives Give and asks for Want.
type OfferView struct {
	ID   int            `json:"id"`
	From int            `json:"from"`
	To   int            `json:"to"`
	Give []ArtifactCard `json:"give"`
	Want []ArtifactCard `json:"want"`
}
