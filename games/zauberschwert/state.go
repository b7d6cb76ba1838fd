package zauberschwert

import (
	"encoding/json"
	"fmt"

	"github.com/tavern-bot/tavern/games"
)

// schemaVersion is stored with every state; bump it when the JSON changes.
const schemaVersion = 1

// maxMagic is the most magic a wizard may hold; any excess is lost.
const maxMagic = 30

// maxDrafts bounds how many offers a seat may start per trading phase, so
// that trading is a finite sequence of choices.
const maxDrafts = 4

// maxOfferCards bounds each side of an offer (it also keeps a Discord
// select menu short).
const maxOfferCards = 3

// Steps of the round's state machine. The phase letter is derived from it.
const (
	stepRefill   = "refill"   // A
	stepIncome   = "income"   // B
	stepSpells   = "spells"   // B, D or E: spell window
	stepPlace    = "place"    // C
	stepDStart   = "dstart"   // D
	stepDNext    = "dnext"    // D
	stepResolve  = "resolve"  // D
	stepChoose   = "choose"   // D: together or alone
	stepAuction  = "auction"  // D
	stepBonus    = "bonus"    // D: potion / star sapphire choices
	stepDEnd     = "dend"     // D
	stepTrade    = "trade"    // E
	stepLay      = "lay"      // E
	stepRoundEnd = "roundend" // F
	stepOver     = "over"
)

// Spell windows: the moments spells are offered.
const (
	winB = "B" // after magic supply, every owner
	winD = "D" // before a creature or contested spell, its wizards
	winE = "E" // before trading, every owner
)

// State is one game of Zauberschwert & Drachenei. Its JSON is complete.
type State struct {
	Schema  int        `json:"schema"`
	Players int        `json:"players"`
	RNG     *games.RNG `json:"rng"`
	Round   int        `json:"round"`
	Start   int        `json:"start"`
	Step    string     `json:"step"`
	// Pile is the adventure pile, top first; ArtPile the artifact pile, top first.
	Pile    []string `json:"pile"`
	ArtPile []int    `json:"artPile"`
	Display []Slot   `json:"display"`
	Removed []string `json:"removed"`
	Seats   []Seat   `json:"seats"`

	Win      *Window  `json:"win,omitempty"`
	Order    []int    `json:"order,omitempty"` // display slots still to resolve
	Cur      int      `json:"cur"`             // slot being resolved, -1
	Weaken   int      `json:"weaken"`          // Fulmentus on the current card
	Fight    *Fight   `json:"fight,omitempty"`
	Auction  *Auction `json:"auction,omitempty"`
	Bonus    []Due    `json:"bonus,omitempty"`
	Trade    *Trade   `json:"trade,omitempty"`
	LayDone  []bool   `json:"layDone,omitempty"`
	Ended    bool     `json:"over"`
	events   []games.Text
	revealed bool
	pileOut  bool // a draw found the artifact pile short (see emitPileOut)
	d        *Data
}

// Slot is a display position.
type Slot struct {
	Card string `json:"card"`
	Done bool   `json:"done"` // resolved (or attempted) this round
	Gone bool   `json:"gone"` // leaves the display at the end of phase D
}

// Seat is one wizard.
type Seat struct {
	Magic  int          `json:"magic"`
	Stones int          `json:"stones"`
	Spells []OwnedSpell `json:"spells"`
	Hand   []int        `json:"hand"`
	Laid   [][]int      `json:"laid"`
	Placed int          `json:"placed"`
}

// OwnedSpell is a spell in front of a seat.
type OwnedSpell struct {
	ID   string `json:"id"`
	Used bool   `json:"used"`
}

// Window is a spell window: Queue seats are asked in order; Pos is the
// next to ask (every seat before it declined since the last cast).
type Window struct {
	Kind  string `json:"kind"`
	Queue []int  `json:"queue"`
	Pos   int    `json:"pos"`
}

// Fight is the together/alone decision at a creature.
type Fight struct {
	Involved []int    `json:"involved"`
	Choices  []string `json:"choices"` // aligned with Involved; "" undecided
	Mode     string   `json:"mode"`
}

// Auction is an open auction; Bidders in bidding order.
type Auction struct {
	Kind     Kind   `json:"kind"`
	Min      int    `json:"min"`
	High     int    `json:"high"`
	HighSeat int    `json:"highSeat"`
	Bidders  []int  `json:"bidders"`
	Out      []bool `json:"out"`
	Turn     int    `json:"turn"` // index into Bidders
}

// Due is a potion or star sapphire bonus awaiting its owner's choice.
type Due struct {
	Seat     int    `json:"seat"`
	Amount   int    `json:"amount"`
	Artifact string `json:"artifact"`
}

// Trade is phase E's trading.
type Trade struct {
	Done   []bool   `json:"done"`
	Drafts []*Offer `json:"drafts"` // per seat, offer being composed
	Offers []Offer  `json:"offers"` // sent, awaiting an answer
	Starts []int    `json:"starts"` // drafts started per seat
	NextID int      `json:"nextId"`
}

// Offer is "From gives Give to To for Want".
type Offer struct {
	ID   int   `json:"id"`
	From int   `json:"from"`
	To   int   `json:"to"`
	Give []int `json:"give"`
	Want []int `json:"want"`
}

// MarshalJSON encodes the complete state.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	b, err := json.Marshal((*plain)(s))
	if err != nil {
		return nil, fmt.Errorf("zauberschwert: marshal: %w", err)
	}
	return b, nil
}

func load(d *Data, data []byte) (*State, error) {
	type plain State
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("zauberschwert: load: %w", err)
	}
	s := (*State)(&p)
	if s.Schema != schemaVersion {
		return nil, fmt.Errorf("zauberschwert: load: schema %d, want %d", s.Schema, schemaVersion)
	}
	if s.Players < 2 || s.Players > 4 || len(s.Seats) != s.Players || s.RNG == nil {
		return nil, fmt.Errorf("zauberschwert: load: malformed state")
	}
	s.d = d
	for _, id := range s.allCardIDs() {
		if _, ok := d.cardByID[id]; !ok {
			return nil, fmt.Errorf("zauberschwert: load: unknown card %q", id)
		}
	}
	return s, nil
}

func (s *State) allCardIDs() []string {
	ids := append([]string{}, s.Pile...)
	ids = append(ids, s.Removed...)
	for _, sl := range s.Display {
		ids = append(ids, sl.Card)
	}
	return ids
}

// Over reports the end of the game.
func (s *State) Over() bool { return s.Ended }

func (s *State) card(slot int) Card { return s.d.cardByID[s.Display[slot].Card] }

// order lists all seats starting with the start player.
func (s *State) order() []int {
	out := make([]int, s.Players)
	for i := range out {
		out[i] = (s.Start + i) % s.Players
	}
	return out
}

// wizardsAt lists the seats placed at slot, in order from the start player.
func (s *State) wizardsAt(slot int) []int {
	var out []int
	for _, seat := range s.order() {
		if s.Seats[seat].Placed == slot {
			out = append(out, seat)
		}
	}
	return out
}

func (s *State) gainMagic(seat, n int) {
	s.Seats[seat].Magic = min(maxMagic, s.Seats[seat].Magic+n)
}

// draw deals up to n artifact cards to seat while the pile lasts and
// returns how many it dealt. A draw the pile could not serve in full is
// remembered for emitPileOut.
func (s *State) draw(seat, n int) int {
	got := min(n, len(s.ArtPile))
	s.Seats[seat].Hand = append(s.Seats[seat].Hand, s.ArtPile[:got]...)
	s.ArtPile = s.ArtPile[got:]
	s.revealed = s.revealed || got > 0
	s.pileOut = s.pileOut || got < n
	return got
}

// emitPileOut says once, after a card's rewards, that the artifact pile
// could not serve them all.
func (s *State) emitPileOut() {
	if s.pileOut {
		s.emit("zs.ev.pile_empty")
		s.pileOut = false
	}
}

func (s *State) emit(key string, kv ...any) { s.events = append(s.events, games.T(key, kv...)) }

// player is the narration argument for a seat (1-based number).
// player marks a seat as a text argument, shown as the player's name.
func player(seat int) games.Player { return games.Player(seat) }
