package viscounts

import (
	"encoding/json"
	"fmt"

	"github.com/tavern-bot/tavern/games"
)

const schemaVersion = 1

// Buildings, in the order of their cost.
const (
	Workshop = iota
	TradingPost
	Guildhall
	numBuildings
)

// buildingCost is the builder icons each building takes, and buildingVP
// what one, two or three of a kind score.
var (
	buildingCost  = [numBuildings]int{3, 5, 7}
	buildingVP    = [numBuildings][4]int{{0, 2, 5, 9}, {0, 4, 9, 15}, {0, 6, 13, 21}}
	buildingNames = [numBuildings]string{"workshop", "tradingpost", "guildhall"}
)

// Resources a player keeps besides silver.
const (
	Ink = iota
	Gold
	Stone
	numResources
)

var resourceNames = [numResources]string{"ink", "gold", "stone"}

// Turn phases.
const (
	phaseDraft = "draft" // setup: pairs of player card and hero, in reverse order
	phaseTurn  = "turn"  // a player's turn: its phases are its tasks
	phaseOver  = "over"
)

const (
	boardSlots    = 3  // cards on a player board
	handStart     = 3  // the hand limit without bonuses
	workersEach   = 20 // workers in a player's supply
	leaderVP      = 5
	clericBonusVP = 3
	minCards      = 3 // a player never owns fewer cards
)

// Seat is one player.
type Seat struct {
	Space int `json:"space"`
	// Hand is secret; Draw is face down (its order secret from everyone),
	// the next card last; Discard is face up, the newest last.
	Hand    []int `json:"hand"`
	Draw    []int `json:"draw"`
	Discard []int `json:"discard"`
	// Board holds the played cards, slot 0 leftmost; -1 is empty.
	Board [boardSlots]int `json:"board"`

	Silver int               `json:"silver"`
	Res    [numResources]int `json:"res"`
	// Corruption and Virtue are the markers' spaces on the track; they
	// collide when equal and then move together.
	Corruption int `json:"corruption"`
	Virtue     int `json:"virtue"`

	Debts     int `json:"debts"`     // unpaid
	PaidDebts int `json:"paidDebts"` // flipped
	Deeds     int `json:"deeds"`     // acquired
	Approved  int `json:"approved"`  // flipped deeds

	Built   [numBuildings]int `json:"built"`
	Workers int               `json:"workers"` // in the supply
	Scripts []int             `json:"scripts"` // transcribed manuscripts
	Bonus   []Ribbon          `json:"bonus,omitempty"`

	PlayerCard int `json:"playerCard"` // its number; 0 before the draft
	Hero       int `json:"hero"`       // catalog index, -1 before the draft

	// Turns counts the seat's turns begun; the board's starting icons
	// serve on the first two.
	Turns int `json:"turns,omitempty"`

	// This turn's limits: one dismissal, one manuscript, once-a-turn
	// conversions used.
	Dismissed   bool `json:"dismissed,omitempty"`
	Transcribed bool `json:"transcribed,omitempty"`
}

// State is one game of Viscounts of the West Kingdom.
type State struct {
	Schema  int        `json:"schema"`
	RNG     *games.RNG `json:"rng"`
	Players int        `json:"players"`
	// Layout lists the catalog segment at each board position clockwise;
	// Large: the sides for three or four players are up.
	Layout [numSegments]int `json:"layout"`
	Large  bool             `json:"large"`
	// CastleTurn rotates the castle: the section facing position p shows
	// the catalog's second-tier reward (p+CastleTurn)%5.
	CastleTurn int `json:"castleTurn"`
	// Tiers hold the seats of the workers in each castle section by
	// position, first, second and third tier.
	Tiers [3][numSegments][]int `json:"tiers"`
	// Folk and Scripts are the face-up piles by position, top last.
	Folk    [numSegments][]int `json:"folk"`
	Scripts [numSegments][]int `json:"scripts"`
	// Plots hold, by position and plot, the owner and building: -1 free,
	// else seat*numBuildings + building.
	Plots [numSegments][]int `json:"plots"`

	DebtsAbove int  `json:"debtsAbove"`
	DeedsAbove int  `json:"deedsAbove"`
	Poverty    bool `json:"poverty"`    // revealed
	Prosperity bool `json:"prosperity"` // revealed

	ClericBonus [numRibbons]int `json:"clericBonus"` // seat+1 holding it, 0 none
	Leader      int             `json:"leader"`      // seat+1 holding the Castle Leader card, 0 none

	Start   int    `json:"start"`   // the start player
	Current int    `json:"current"` // whose turn it is
	Round   int    `json:"round"`
	Phase   string `json:"phase"`
	// LastRound is the round after which the game ends, 0 until an end
	// is triggered.
	LastRound int `json:"lastRound,omitempty"`
	// EndedBy names the card whose reveal triggered the end ("poverty",
	// "prosperity"), so the last narration can say why the game ended.
	EndedBy string `json:"endedBy,omitempty"`

	// Draft is the pairs on offer in setup: player card numbers and
	// heroes; Drafted counts the seats that chose.
	DraftCards  []int `json:"draftCards,omitempty"`
	DraftHeroes []int `json:"draftHeroes,omitempty"`
	Drafted     int   `json:"drafted,omitempty"`

	// Gone holds the townsfolk removed from the game (destroyed or
	// dismissed), so that every card is always somewhere.
	Gone []int `json:"gone,omitempty"`

	// Played is the card played this turn (its cost is the movement).
	Played int `json:"played"`
	// Tasks is what must happen next, first first.
	Tasks []Task  `json:"tasks,omitempty"`
	Seats []*Seat `json:"seats"`
	// Solo is the automated opponent of a one-player game (solo.go); its
	// seat is one of Seats that no player sits at.
	Solo *Solo `json:"solo,omitempty"`

	c *Catalog
	// quiet skips every text: the policy's lookahead copies build
	// options and events that no one reads.
	quiet    bool
	revealed bool // the move being applied drew or revealed something
	events   []games.Text
	// mem is a lookahead copy's own memory, spares where its copies take
	// theirs and give it back (copyTo); nil for the game's state. A
	// search's world (quiet) keeps the spares of its lookaheads.
	mem    *copyMem
	spares *spares
}

// Task is one step awaiting resolution.
type Task struct {
	Seat int    `json:"seat"`
	Kind string `json:"kind"`
	N    int    `json:"n,omitempty"`
	// Alts are the alternatives of a choice ("alt"); Reward follows an
	// optional cost that was carried out.
	Alts   Effect `json:"alts,omitempty"`
	Reward *Atom  `json:"reward,omitempty"`
	// Where limits a free building or workers: "here" (the viscount's
	// segment) or any.
	Where string `json:"where,omitempty"`
	// Sec is a castle section, Tier a castle tier, for castle steps.
	Sec  int `json:"sec,omitempty"`
	Tier int `json:"tier,omitempty"`
}

// MarshalJSON stores the whole state.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	return json.Marshal((*plain)(s))
}

func load(c *Catalog, data []byte) (*State, error) {
	type plain State
	s := &State{}
	if err := json.Unmarshal(data, (*plain)(s)); err != nil {
		return nil, fmt.Errorf("viscounts: load: %w", err)
	}
	if s.Schema != schemaVersion {
		return nil, fmt.Errorf("viscounts: load: schema %d, want %d", s.Schema, schemaVersion)
	}
	s.c = c
	return s, nil
}

// seg is the catalog segment at board position p, and side its face up
// side.
func (s *State) seg(p int) *Segment { return &s.c.Segments[s.Layout[p]] }

func (s *State) side(p int) *Side {
	if s.Large {
		return &s.seg(p).Large
	}
	return &s.seg(p).Small
}

// folk is catalog townsfolk i.
func (s *State) folk(i int) *Townsfolk { return &s.c.Townsfolk[i] }

// say records a public event of the move being applied. A quiet copy
// records none, so where the lookahead plays often and the arguments
// build texts, callers check quiet first and spare building them.
func (s *State) say(key string, kv ...any) {
	if s.quiet {
		return
	}
	s.events = append(s.events, s.named(counted("vc.ev."+key, kv...)))
}
