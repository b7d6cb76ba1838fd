package dungeondesigner

import (
	"encoding/json"
	"fmt"

	"github.com/tavern-bot/tavern/games"
)

// schemaVersion is stored with every state.
const schemaVersion = 1

// Phases of a year, plus the end of the game.
const (
	PhaseBuild   = "build"
	PhaseImprove = "improve"
	PhaseOver    = "over"
)

// maxGold caps every gold track.
const maxGold = 30

// seat is one player's state.
type seat struct {
	Hand      []int   `json:"hand"`
	Dungeon   Dungeon `json:"dungeon"`
	Blueprint int     `json:"blueprint"`
	Tasks     []int   `json:"tasks,omitempty"`
	Gold      int     `json:"gold"`
	Passed    bool    `json:"passed,omitempty"`
	PickRoom  int     `json:"pick_room,omitempty"` // secret until the reveal
	PickCol   int     `json:"pick_col,omitempty"`
	Second    int     `json:"second,omitempty"` // 2 players: room to discard; solo: room to keep
	Played    []int   `json:"played,omitempty"` // rooms placed this year
	GoldFlip  bool    `json:"gold_flip,omitempty"`
}

// stallSlot is a revealed stall with the tiles still on it.
type stallSlot struct {
	ID    int   `json:"id"`
	Upper []int `json:"upper"`
	Lower []int `json:"lower"`
}

func (s *stallSlot) part(lower bool) *[]int {
	if lower {
		return &s.Lower
	}
	return &s.Upper
}

// placing is a bought stall part whose tiles are being placed one by one.
type placing struct {
	Seat  int   `json:"seat"`
	Tiles []int `json:"tiles"`
}

// jael is the solo opponent.
type jael struct {
	Deck      []int `json:"deck"`
	Cards     []int `json:"cards"` // revealed, the last is the current card
	Pile      []int `json:"pile"`  // rooms Jael scores
	Tiles     []int `json:"tiles"`
	Triggered bool  `json:"triggered,omitempty"` // compared gold and collected this year
}

func (j *jael) current() int {
	if len(j.Cards) == 0 {
		return 0
	}
	return j.Cards[len(j.Cards)-1]
}

// State is one game of Dungeon Designer.
type State struct {
	c    *Components
	drew bool // something was drawn from a hidden deck during this Apply

	Version    int        `json:"version"`
	Players    int        `json:"players"`
	Difficulty string     `json:"difficulty,omitempty"` // solo only: normal, legendary
	RNG        *games.RNG `json:"rng"`
	Year       int        `json:"year"`
	Phase      string     `json:"phase"`
	Pass       int        `json:"pass"` // build pass 1..4
	Goal       int        `json:"goal"`

	Deck        []int            `json:"deck"`
	Discard     []int            `json:"discard"`
	TaskDeck    []int            `json:"task_deck"`
	TaskOpen    []int            `json:"task_open"`
	TaskDiscard []int            `json:"task_discard"`
	StallDeck   []int            `json:"stall_deck"`
	Stalls      []stallSlot      `json:"stalls"`
	StallUsed   []int            `json:"stall_used"`
	Supply      map[string][]int `json:"supply"`
	TileDiscard []int            `json:"tile_discard"`

	Order     []int      `json:"order"`     // seats, leftmost first
	NewOrder  []int      `json:"new_order"` // seats in the order they passed this year
	Seats     []*seat    `json:"seats"`
	Placing   *placing   `json:"placing,omitempty"`
	Jael      *jael      `json:"jael,omitempty"`
	Scores    []Score    `json:"scores,omitempty"`
	JaelScore *JaelScore `json:"jael_score,omitempty"`
}

// Solo reports a game against Jael.
func (s *State) Solo() bool { return s.Players == 1 }

// draw takes n cards from the top of deck; refill reshuffles recycle into it
// when it runs dry.
func (s *State) drawRooms(n int) []int {
	out := make([]int, 0, n)
	for range n {
		if len(s.Deck) == 0 {
			if len(s.Discard) == 0 {
				break
			}
			s.Deck, s.Discard = s.Discard, nil
			games.Shuffle(s.RNG, s.Deck)
		}
		out = append(out, s.Deck[0])
		s.Deck = s.Deck[1:]
		s.drew = true
	}
	return out
}

// drawTile takes a tile of shape from the supply, reshuffling that shape's
// discarded tiles when the supply is empty; 0 when there is none at all.
func (s *State) drawTile(shape string) int {
	if len(s.Supply[shape]) == 0 {
		var keep []int
		for _, id := range s.TileDiscard {
			if s.c.Tile(id).Shape == shape {
				s.Supply[shape] = append(s.Supply[shape], id)
			} else {
				keep = append(keep, id)
			}
		}
		s.TileDiscard = keep
		games.Shuffle(s.RNG, s.Supply[shape])
	}
	if len(s.Supply[shape]) == 0 {
		return 0
	}
	id := s.Supply[shape][0]
	s.drew = true
	s.Supply[shape] = s.Supply[shape][1:]
	return id
}

// revealStalls lays out n new stalls and fills every spot with a tile.
func (s *State) revealStalls(n int) {
	for range n {
		if len(s.StallDeck) == 0 {
			return
		}
		id := s.StallDeck[0]
		s.StallDeck = s.StallDeck[1:]
		s.drew = true
		slot := stallSlot{ID: id}
		st := s.c.Stall(id)
		for _, sh := range st.Upper.Shapes {
			if t := s.drawTile(sh); t != 0 {
				slot.Upper = append(slot.Upper, t)
			}
		}
		for _, sh := range st.Lower.Shapes {
			if t := s.drawTile(sh); t != 0 {
				slot.Lower = append(slot.Lower, t)
			}
		}
		s.Stalls = append(s.Stalls, slot)
	}
}

func (s *State) revealTasks() {
	n := tasksFor(s.Players)
	for len(s.TaskOpen) < n && len(s.TaskDeck) > 0 {
		s.TaskOpen = append(s.TaskOpen, s.TaskDeck[0])
		s.TaskDeck = s.TaskDeck[1:]
		s.drew = true
	}
}

func tasksFor(players int) int {
	return map[int]int{1: 3, 2: 3, 3: 4, 4: 5, 5: 6}[players]
}

func stallsFor(players int) int {
	return map[int]int{1: 2, 2: 2, 3: 2, 4: 3, 5: 4}[players]
}

// startingGold by position in the first order: 0 / 1 / 1 / 2 / 2.
var startingGold = []int{0, 1, 1, 2, 2}

func ids(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func newState(c *Components, setup games.Setup) (*State, error) {
	if setup.Players < 1 || setup.Players > 5 {
		return nil, games.Errorf("dd.err.players")
	}
	s := &State{c: c, Version: schemaVersion, Players: setup.Players, RNG: games.NewRNG(setup.Seed),
		Year: 1, Phase: PhaseBuild, Pass: 1, Supply: map[string][]int{}}
	if s.Solo() {
		s.Difficulty = setup.Options["solo"]
		if s.Difficulty == "" {
			s.Difficulty = "normal"
		}
		if s.Difficulty != "normal" && s.Difficulty != "legendary" {
			return nil, games.Errorf("dd.err.difficulty")
		}
	}
	goals := ids(len(c.Goals) - 1)
	games.Shuffle(s.RNG, goals)
	s.Goal = goals[0]
	s.Deck = ids(len(c.Rooms) - 1)
	games.Shuffle(s.RNG, s.Deck)
	s.TaskDeck = ids(len(c.Tasks) - 1)
	games.Shuffle(s.RNG, s.TaskDeck)
	s.revealTasks()
	s.StallDeck = ids(len(c.Stalls) - 1)
	games.Shuffle(s.RNG, s.StallDeck)
	for _, t := range c.Tiles[1:] {
		s.Supply[t.Shape] = append(s.Supply[t.Shape], t.ID)
	}
	for _, sh := range shapes {
		games.Shuffle(s.RNG, s.Supply[sh])
	}
	s.revealStalls(stallsFor(s.Players))
	bps := ids(len(c.Blueprints) - 1)
	games.Shuffle(s.RNG, bps)
	for i := range s.Players {
		bp := c.Blueprint(bps[i])
		s.Seats = append(s.Seats, &seat{Hand: s.drawRooms(5), Blueprint: bp.ID,
			Dungeon: Dungeon{Entrance: bp.Entrance, Exit: bp.Exit}})
	}
	s.Order = ids(s.Players)
	for i := range s.Order {
		s.Order[i]--
	}
	games.Shuffle(s.RNG, s.Order)
	if !s.Solo() {
		for rank, seat := range s.Order {
			s.Seats[seat].Gold = startingGold[rank]
		}
	} else {
		s.Jael = &jael{}
		extra := map[string]string{"normal": "diamond", "legendary": "crown"}[s.Difficulty]
		for _, card := range c.Jael[1:] {
			if card.Tier == "plain" || card.Tier == extra {
				s.Jael.Deck = append(s.Jael.Deck, card.ID)
			}
		}
		games.Shuffle(s.RNG, s.Jael.Deck)
		s.revealJael()
	}
	return s, nil
}

// MarshalJSON stores the complete state.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	b, err := json.Marshal((*plain)(s))
	if err != nil {
		return nil, fmt.Errorf("dungeondesigner: marshal: %w", err)
	}
	return b, nil
}

func loadState(c *Components, data []byte) (*State, error) {
	type plain State
	s := &State{}
	if err := json.Unmarshal(data, (*plain)(s)); err != nil {
		return nil, fmt.Errorf("dungeondesigner: load: %w", err)
	}
	if s.Version != schemaVersion {
		return nil, fmt.Errorf("dungeondesigner: load: schema %d, want %d", s.Version, schemaVersion)
	}
	if s.RNG == nil || len(s.Seats) != s.Players {
		return nil, fmt.Errorf("dungeondesigner: load: incomplete state")
	}
	s.c = c
	return s, nil
}
