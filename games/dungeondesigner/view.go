package dungeondesigner

import (
	"fmt"

	"github.com/tavern-bot/tavern/games"
)

// PublicView is what the channel and spectators see. It never holds a hand,
// a secret pick before the reveal, or the order of any deck.
type PublicView struct {
	Players    int    // number of seats (1 = solo against Jael)
	Difficulty string // solo only: normal or legendary
	Year       int    // 1..4
	Phase      string // PhaseBuild, PhaseImprove or PhaseOver
	Pass       int    // build pass 1..4 (meaningful in PhaseBuild)
	// PassLeft is true when hands go to the next seat (seat i to i+1) this year.
	PassLeft bool
	Goal     GoalView
	// Order lists seats from the leftmost (first) place of the order track;
	// NewOrder lists the seats that have passed this year, in that order.
	Order    []int
	NewOrder []int
	Stalls   []StallView
	// OpenTasks are the tasks on display, lowest first in deal order;
	// TaskSlots is how many are laid out at most with this many players.
	OpenTasks []TaskView
	TaskSlots int
	Seats     []SeatView
	// Acting is the seat the market waits for, -1 outside the market.
	Acting int
	// Placing is set while Acting places the tiles of a bought stall part.
	Placing *PlacingView
	// Counts of hidden piles.
	RoomDeck, RoomDiscard, TaskDeck, StallDeck int
	TileSupply                                 map[string]int // by shape
	Jael                                       *JaelView      // solo only
	Scores                                     []Score        // when over, in final order
	JaelScore                                  *JaelScore     // solo, when over
}

// SeatView is one player's public side of the table.
type SeatView struct {
	Seat      int
	Gold      int
	Passed    bool // passed in this year's market
	GoldKept  bool // solo year 4: the gold marker is flipped, gold kept
	HandSize  int
	Picked    bool // has answered this build pass (what is secret)
	Blueprint BlueprintView
	Tasks     []TaskView // taken tasks lie open beside the dungeon
	Dungeon   DungeonView
}

// DungeonView is a 4×4 grid, row 0 at the top (next to the entrance).
type DungeonView struct {
	Rooms [4][4]*RoomView // nil = no room yet
	// Entrance is the column (0..3) of the entrance gate above row 0; Exit
	// the column below row 3, shown once ExitPlaced (end of game).
	Entrance   int
	Exit       int
	ExitPlaced bool
	Passages   []PassageView
	// EntranceRooms and ExitRooms are the sizes of the path networks reached
	// from each gate (exit counted once placed).
	EntranceRooms, ExitRooms int
}

// RoomView is one room card as placed or held.
type RoomView struct {
	ID    int
	Name  games.Text // localized room name
	Type  string     // cave or masonry
	Doors [4]bool    // Top, Right, Bottom, Left
	Gold  int
	Rune  string // solo rune colour: red, green, blue
	// Spots are the quadrants TopLeft, TopRight, BottomLeft, BottomRight.
	Spots [4]SpotView
	// Passages marks the sides (Top, Right, Bottom, Left) with a secret passage.
	Passages [4]bool
}

// SpotView is one element spot of a room.
type SpotView struct {
	Element  string // "" free; gnoll, goblin, kobold, slime, ooze, bear, blade, fire, pit, spike, treasure, star+N, star-N
	Stars    int    // prestige of a star, 0 otherwise
	FromTile bool   // placed from the market
	Tile     int    // tile id when FromTile
}

// PassageView is a secret passage on side Side (Top, Right, Bottom, Left) of
// the placed room at (Row, Col); the same passage also touches the
// neighbour across that side, if any (Row/Col are 0-based).
type PassageView struct {
	Tile, Row, Col, Side int
}

// StallView is a revealed market stall; a part with no tiles is sold out.
type StallView struct {
	Number int // 1-based position on display (buy:<Number>:u|l)
	ID     int
	Upper  PartView
	Lower  PartView
}

// PartView is the upper or lower half of a stall.
type PartView struct {
	Cost   int
	Shapes []string // the shapes printed on the card
	Tiles  []TileView
}

// TileView is a market tile.
type TileView struct {
	ID      int
	Shape   string // circle, oval, square
	Element string // element code or "passage"
	Name    games.Text
}

// TaskView is a task card.
type TaskView struct {
	Number int
	Text   games.Text // localized description
	Points int        // current value on the owner's dungeon (0 on display)
}

// GoalView is the goal card.
type GoalView struct {
	ID   int
	Kind string // most, fewest
	Of   string
	Text games.Text
}

// BlueprintView is a blueprint with its requirement grid and table.
type BlueprintView struct {
	ID       int
	Entrance int
	Exit     int
	Grid     [4][4]string // "" none, cave, masonry, or a counted thing
	Table    []int        // conditions met -> prestige
	Met      int          // conditions met right now
}

// PlacingView is a bought part being placed, next tile first.
type PlacingView struct {
	Seat  int
	Tiles []TileView
	// Places are where the first tile may go, as its prompt offers them.
	Places []PlaceView `json:",omitempty"`
}

// PlaceView is a place a tile may go: row and column from 1, Where an
// element spot ("tl", "tr", "bl", "br") or a secret passage's edge ("t",
// "r", "b", "l"), and N the number its option names it by ("Spot 3: …").
type PlaceView struct {
	Row, Col int
	Where    string
	N        int
}

// JaelView is the solo opponent's public state.
type JaelView struct {
	Current   *JaelCardView
	Revealed  []JaelCardView
	DeckSize  int
	Pile      []RoomView
	Tiles     []TileView
	Triggered bool // compared and collected this year
}

// JaelCardView is one of Jael's cards.
type JaelCardView struct {
	ID      int
	Tier    string
	Gold    int
	Runes   []string
	Collect []Collect
	Base    int
	Bonus   games.Text
}

// PrivateView is what one seat sees: the public view plus its secrets.
type PrivateView struct {
	PublicView
	Seat  int
	Hand  []RoomView
	Tasks []TaskView
	// Pick is the room chosen this pass (not yet revealed) and PickCol its
	// column; Second the room chosen to discard (2 players) or keep (solo).
	Pick    *RoomView
	PickCol int
	Second  *RoomView
}

// View returns a PrivateView for a seat and a PublicView otherwise.
func (s *State) View(viewer int) any {
	pub := s.publicView()
	if viewer < 0 || viewer >= len(s.Seats) {
		return pub
	}
	st := s.Seats[viewer]
	pv := PrivateView{PublicView: pub, Seat: viewer, Tasks: pub.Seats[viewer].Tasks, PickCol: st.PickCol}
	for _, id := range st.Hand {
		pv.Hand = append(pv.Hand, s.roomView(id, nil, 0, 0))
	}
	if st.PickRoom != 0 {
		r := s.roomView(st.PickRoom, nil, 0, 0)
		pv.Pick = &r
	}
	if st.Second != 0 {
		r := s.roomView(st.Second, nil, 0, 0)
		pv.Second = &r
	}
	return pv
}

func (s *State) publicView() PublicView {
	v := PublicView{
		Players: s.Players, Difficulty: s.Difficulty, Year: s.Year, Phase: s.Phase, Pass: s.Pass,
		PassLeft: s.Year%2 == 1, Order: append([]int(nil), s.Order...), NewOrder: append([]int(nil), s.NewOrder...),
		Acting: -1, RoomDeck: len(s.Deck), RoomDiscard: len(s.Discard), TaskDeck: len(s.TaskDeck),
		StallDeck: len(s.StallDeck), TileSupply: map[string]int{}, Scores: s.Scores, JaelScore: s.JaelScore,
	}
	g := s.c.Goal(s.Goal)
	v.Goal = GoalView{ID: g.ID, Kind: g.Kind, Of: g.Of, Text: goalText(g)}
	for _, sh := range shapes {
		v.TileSupply[sh] = len(s.Supply[sh])
	}
	for k, slot := range s.Stalls {
		st := s.c.Stall(slot.ID)
		v.Stalls = append(v.Stalls, StallView{Number: k + 1, ID: slot.ID,
			Upper: PartView{Cost: st.Upper.Cost, Shapes: st.Upper.Shapes, Tiles: s.tileViews(slot.Upper)},
			Lower: PartView{Cost: st.Lower.Cost, Shapes: st.Lower.Shapes, Tiles: s.tileViews(slot.Lower)}})
	}
	for _, n := range s.TaskOpen {
		v.OpenTasks = append(v.OpenTasks, TaskView{Number: n, Text: taskText(s.c.Task(n))})
	}
	v.TaskSlots = tasksFor(s.Players)
	if s.Phase == PhaseImprove {
		v.Acting = s.acting()
		if s.Placing != nil {
			v.Acting = s.Placing.Seat
			v.Placing = &PlacingView{Seat: s.Placing.Seat, Tiles: s.tileViews(s.Placing.Tiles)}
			if len(s.Placing.Tiles) > 0 {
				for i, o := range s.placePrompt().Options {
					pl := PlaceView{N: i + 1}
					if _, err := fmt.Sscanf(o.ID, "put:r%dc%d:%s", &pl.Row, &pl.Col, &pl.Where); err == nil {
						v.Placing.Places = append(v.Placing.Places, pl)
					}
				}
			}
		}
	}
	for i, st := range s.Seats {
		sv := SeatView{Seat: i, Gold: st.Gold, Passed: st.Passed, GoldKept: st.GoldFlip, HandSize: len(st.Hand),
			Picked: s.Phase == PhaseBuild && s.buildDone(i), Dungeon: s.dungeonView(&st.Dungeon)}
		bp := s.c.Blueprint(st.Blueprint)
		sv.Blueprint = BlueprintView{ID: bp.ID, Entrance: bp.Entrance, Exit: bp.Exit, Grid: bp.Grid,
			Table: append([]int(nil), s.c.Table...), Met: BlueprintMet(s.c, bp, &st.Dungeon)}
		for _, n := range st.Tasks {
			sv.Tasks = append(sv.Tasks, TaskView{Number: n, Text: taskText(s.c.Task(n)), Points: TaskPoints(s.c, s.c.Task(n), &st.Dungeon)})
		}
		v.Seats = append(v.Seats, sv)
	}
	if s.Jael != nil {
		jv := &JaelView{DeckSize: len(s.Jael.Deck), Tiles: s.tileViews(s.Jael.Tiles), Triggered: s.Jael.Triggered}
		for _, id := range s.Jael.Cards {
			jv.Revealed = append(jv.Revealed, s.jaelCardView(id))
		}
		if len(jv.Revealed) > 0 {
			cur := jv.Revealed[len(jv.Revealed)-1]
			jv.Current = &cur
		}
		for _, id := range s.Jael.Pile {
			jv.Pile = append(jv.Pile, s.roomView(id, nil, 0, 0))
		}
		v.Jael = jv
	}
	return v
}

func (s *State) jaelCardView(id int) JaelCardView {
	c := s.c.JaelCard(id)
	return JaelCardView{ID: c.ID, Tier: c.Tier, Gold: c.Gold, Runes: c.Runes, Collect: c.Collect, Base: c.Base,
		Bonus: bonusText(c.Bonus)}
}

func (s *State) tileViews(ids []int) []TileView {
	out := make([]TileView, 0, len(ids))
	for _, id := range ids {
		t := s.c.Tile(id)
		out = append(out, TileView{ID: id, Shape: t.Shape, Element: t.Element, Name: games.T("dd.el." + t.Element)})
	}
	return out
}

// roomView shows room id; d, r, col give the placed tiles and passages when placed.
func (s *State) roomView(id int, d *Dungeon, r, col int) RoomView {
	room := s.c.Room(id)
	v := RoomView{ID: id, Name: games.T(roomKey(id)), Type: room.Type, Gold: room.Gold, Rune: room.Rune}
	for side := range 4 {
		v.Doors[side] = room.Door(side)
		if d != nil {
			v.Passages[side] = d.hasPassage(edgeOf(r, col, side))
		}
	}
	for q := range 4 {
		sp := SpotView{Element: room.Spots[q]}
		if sp.Element == "" && d != nil && d.Grid[r][col].Tiles[q] != 0 {
			sp.Tile = d.Grid[r][col].Tiles[q]
			sp.FromTile = true
			sp.Element = s.c.Tile(sp.Tile).Element
		}
		sp.Stars, _ = starValue(sp.Element)
		v.Spots[q] = sp
	}
	return v
}

func (s *State) dungeonView(d *Dungeon) DungeonView {
	v := DungeonView{Entrance: d.Entrance, Exit: d.Exit, ExitPlaced: d.ExitSet,
		EntranceRooms: d.EntranceNetwork(s.c)}
	if d.ExitSet {
		v.ExitRooms = d.ExitNetwork(s.c)
	}
	for r := range 4 {
		for col := range 4 {
			if id := d.Grid[r][col].Room; id != 0 {
				rv := s.roomView(id, d, r, col)
				v.Rooms[r][col] = &rv
			}
		}
	}
	for _, p := range d.Passages {
		pv := PassageView{Tile: p.Tile}
		// Report the passage on a placed room where possible.
		switch {
		case !p.Edge.V && (p.Edge.R == 4 || (p.Edge.R > 0 && d.Grid[p.Edge.R][p.Edge.C].Room == 0)):
			pv.Row, pv.Col, pv.Side = p.Edge.R-1, p.Edge.C, Bottom
		case !p.Edge.V:
			pv.Row, pv.Col, pv.Side = p.Edge.R, p.Edge.C, Top
		case p.Edge.C == 4 || (p.Edge.C > 0 && d.Grid[p.Edge.R][p.Edge.C].Room == 0):
			pv.Row, pv.Col, pv.Side = p.Edge.R, p.Edge.C-1, Right
		default:
			pv.Row, pv.Col, pv.Side = p.Edge.R, p.Edge.C, Left
		}
		v.Passages = append(v.Passages, pv)
	}
	return v
}
