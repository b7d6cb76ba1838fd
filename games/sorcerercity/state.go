package sorcerercity

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tavern-bot/tavern/games"
)

const schemaVersion = 1

// Years is how long a game lasts.
const Years = 5

// Stages of a year, in order.
const (
	stageBuild     = "build"     // every seat draws and places until it stops
	stageScore     = "score"     // seats with choices before their district scores
	stageTransform = "transform" // secret Raw Magic transformation, revealed together
	stageBuy       = "buy"       // one seat at a time in descending influence
	stageOver      = "over"
)

// Vendors is the number of market vendors that sell from decks; the
// rainbow vendor is the fifth.
const (
	Vendors        = 4
	vendorSlots    = 3
	RainbowVendor  = 5
	baseBuys       = 2
	richMoney      = 20 // more Money than this scores one more buy
	discardCost    = 1
	placeMoney     = 5 // the 3rd-and-lower prize: 5 Money or one more buy
	monstersPerPut = 1
)

// Seat is one player.
type Seat struct {
	Deck  []string `json:"deck"` // face down; the next tile is the last
	Drawn string   `json:"drawn,omitempty"`
	// Offer holds the two artifacts dealt at setup until one is kept.
	Offer []string `json:"offer,omitempty"`
	// DrawnDown: the drawn tile goes face down, unseen (an Invisible
	// Stalker's); Hidden counts the draws still to go face down.
	DrawnDown bool `json:"down,omitempty"`
	DrawnRot  int  `json:"rot,omitempty"` // a tile lifted by a spell keeps its turn
	// DrawnTame: the drawn tile is a monster placed early, or a tame one
	// lifted by a spell or the Genie: it stays tame where it goes.
	DrawnTame bool `json:"tame,omitempty"`
	Hidden    int  `json:"hidden,omitempty"`
	// Tasks is what the seat must do before it goes on, first first.
	Tasks    []Task   `json:"tasks,omitempty"`
	District District `json:"district"`
	Done     bool     `json:"done,omitempty"` // stopped building this year
	// Started: the seat pressed "start building", which starts its timer.
	Started  bool   `json:"started,omitempty"`
	Annual   Annual `json:"annual"`
	Prestige int    `json:"prestige"` // collected tokens
	// Out holds tiles out of the district until Cleanup: discarded ones
	// and those a monster put back under the deck are in Deck instead.
	Out []string `json:"out,omitempty"`
	// Rainbow picks for rainbow group goals, by "x,y/goal".
	Picks map[string]Resource `json:"picks,omitempty"`
	// Transform is the secret Raw Magic pick, until all are revealed.
	Transform []Resource `json:"transform,omitempty"`
	// Used marks spells cast this year, by spell and cell; SpellsDone
	// that the seat cast all the score-phase spells it wanted.
	Used       map[string]bool `json:"used,omitempty"`
	SpellsDone bool            `json:"spellsDone,omitempty"`
	// Acted lists where the score-phase monsters that acted this year lie
	// (a Genie's move carries the mark along; tiles are not unique, two
	// Chimeras may share an id); the owner picks which of the others
	// acts next.
	Acted []Pos `json:"acted,omitempty"`
	// The buy step.
	Buys      int    `json:"buys,omitempty"` // buys left
	Discarded bool   `json:"discarded,omitempty"`
	Prize     string `json:"prize,omitempty"` // influence prize still to choose: "second", "low"
	Place     int    `json:"place,omitempty"` // influence place this year
	Took      string `json:"took,omitempty"`  // 2nd place: "reward" or "prestige"
	// What this year's rewards and spells do to buying.
	Half         int `json:"half,omitempty"`         // rewards: prices halved, rounded up, this often
	Cheaper      int `json:"cheaper,omitempty"`      // rewards: 2 less this often, before any spell
	FreeDiscards int `json:"freeDiscards,omitempty"` // discards that cost nothing
	Early        int `json:"early,omitempty"`        // tiles to place before next year's building
}

// Market is the five vendors.
type Market struct {
	Decks   [Vendors][]string `json:"decks"` // face down; the next tile is the last
	Up      [Vendors][]string `json:"up"`    // face up, up to three
	Rainbow int               `json:"rainbow"`
	// Guards are the monsters lying on market tiles in the solo game, by
	// vendor and slot ("" for none; the rainbow vendor's top tile last);
	// nil outside solo games. A Skeleton pair of the expert variant is
	// "id+id".
	Guards [Vendors + 1][]string `json:"guards,omitempty"`
}

// State is a game in progress.
type State struct {
	Schema  int        `json:"schema"`
	Players int        `json:"players"`
	RNG     *games.RNG `json:"rng"`
	Year    int        `json:"year"`
	Stage   string     `json:"stage"`
	Start   int        `json:"start"` // holds the timer
	Seats   []*Seat    `json:"seats"`
	Market  Market     `json:"market"`
	// Rewards are the influence reward cards for years 1–5 (index 0 unused).
	Rewards [Years + 1]string `json:"rewards"`
	Unused  []string          `json:"unused,omitempty"`
	// Beasts are the monsters added at the end of years 1–4 (index 0 unused),
	// Stacks their tiles, dealt at the end of their year.
	Beasts    [Years]string   `json:"beasts"`
	Stacks    [Years][]string `json:"stacks"`
	Skeletons []string        `json:"skeletons,omitempty"` // the Lich's stack
	// Mystery holds the Mystery Players' influence per year (index 0
	// unused), hidden until the year's influence is compared; Shown
	// counts the years revealed.
	Mystery [][]int `json:"mystery,omitempty"`
	Shown   int     `json:"shown,omitempty"`
	// Lost: a solo game the monsters won.
	Lost bool `json:"lost,omitempty"`
	// Gone holds the tiles that left the game (destroyed, killed, an
	// artifact not kept), so that every tile is accounted for.
	Gone []string `json:"gone,omitempty"`
	// Order is the buy order of this year's Influence & Buy; Turn indexes it.
	Order []int `json:"order,omitempty"`
	Turn  int   `json:"turn,omitempty"`

	c *Components
	// bare states leave out of their prompts what only people read, and
	// keep each seat's prompt until the next move (Unlabel).
	bare    bool
	prompts []memo
}

// memo is a seat's prompt kept in a bare state.
type memo struct {
	p         games.Prompt
	ok, known bool
}

// Unlabel makes s a state no one reads: its prompts come without texts
// and labels (option ids and paths' ids stay), each seat's built once
// per move. The search unlabels the worlds it plays out, where building
// labels (tile and side texts) was most of a move's cost; a policy
// decides by ids alone, so no decision changes. A bare state is never
// shown and is not safe for concurrent use (the prompts are kept in it).
func (s *State) Unlabel() { s.bare = true }

// label is the text f builds, or none in a bare state.
func (s *State) label(f func() games.Text) games.Text {
	if s.bare {
		return games.Text{}
	}
	return f()
}

// MarshalJSON is the complete state.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	return json.Marshal((*plain)(s))
}

func load(c *Components, data []byte) (*State, error) {
	type plain State
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("sorcerercity: load: %w", err)
	}
	s := (*State)(&p)
	if s.Schema != schemaVersion || s.RNG == nil || len(s.Seats) == 0 {
		return nil, fmt.Errorf("sorcerercity: load: schema %d, want %d", s.Schema, schemaVersion)
	}
	s.c = c
	return s, nil
}

// Over reports the end of year 5.
func (s *State) Over() bool { return s.Stage == stageOver }

// Standings rank by collected Prestige, ties broken by the most Money of
// the last year; still tied seats share a rank.
func (s *State) Standings() []games.Standing {
	order := make([]int, len(s.Seats))
	for i := range order {
		order[i] = i
	}
	key := func(i int) [2]int { return [2]int{s.Seats[i].Prestige, s.Seats[i].Annual[Money]} }
	slices.SortStableFunc(order, func(a, b int) int {
		ka, kb := key(a), key(b)
		if ka[0] != kb[0] {
			return kb[0] - ka[0]
		}
		return kb[1] - ka[1]
	})
	var out []games.Standing
	for i, seat := range order {
		rank := i + 1
		if i > 0 && key(seat) == key(order[i-1]) {
			rank = out[i-1].Rank
		}
		detail := games.T("sc.standing", "money", s.Seats[seat].Annual[Money])
		if len(s.Seats) == 1 {
			detail = soloRank(s.Seats[seat].Prestige)
			if s.Lost {
				rank = 2 // behind the monsters
				detail = games.T("sc.standing.lost")
			}
		}
		out = append(out, games.Standing{Seat: seat, Rank: rank, Score: s.Seats[seat].Prestige, Detail: detail})
	}
	return out
}
