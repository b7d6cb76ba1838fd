package sorcerercity

import (
	"slices"

	"github.com/tavern-bot/tavern/games"
)

// View is what one viewer may see: everything on the table, nothing face
// down (decks, tiles an Invisible Stalker hides, unrevealed Mystery
// Players, other seats' drawn tiles and secret picks).
type View struct {
	Viewer  int
	Year    int
	Stage   string
	Start   int
	Up      [Vendors][]string
	Decks   [Vendors]int
	Rainbow int
	// Guards are the monsters lying on market tiles (solo), by vendor and
	// slot, the rainbow vendor last.
	Guards  [Vendors + 1][]string
	Rewards [Years + 1]string
	// YearPrestige is what the most Influence wins each year.
	YearPrestige [Years + 1]int
	Beasts       [Years]string
	Mystery      [][]int // revealed years only
	// MysteryCan is each year's possible Mystery Player Influence, the
	// values the backs of its cards show: public from the start, so that
	// players can weigh them (nil without Mystery Players).
	MysteryCan [][]int
	Order      []int
	Turn       int
	Seats      []SeatView
}

// SeatView is one seat as viewer sees it.
type SeatView struct {
	District District
	Deck     int
	Aside    int    // discarded tiles (and monsters with no place) beside the district until Cleanup
	Drawn    string // the viewer's own drawn tile only
	Done     bool
	Annual   Annual
	Prestige int
	Chose    bool // picked its transformation (what is secret)
	Place    int
	Buys     int
	Bought   []string // tiles gained this year, public
}

// PrivateView is one seat's own picture: the public view, the tile it
// drew, and the free spots of its district, which the picture names by
// their coordinates (District.Name) as its options do.
type PrivateView struct {
	View
	Seat  int
	Drawn string
	Spots []Pos
}

// View shows the state to viewer: a View for games.Public (and anyone not
// seated), a PrivateView for a seat.
func (s *State) View(viewer int) any {
	v := s.publicView(viewer)
	if viewer < 0 || viewer >= len(s.Seats) {
		return v
	}
	st := s.Seats[viewer]
	pv := PrivateView{View: v, Seat: viewer}
	if !st.DrawnDown {
		pv.Drawn = st.Drawn
	}
	if len(st.Tasks) > 0 && st.Tasks[0].Kind == taskPlace {
		pv.Spots = st.District.Free()
	}
	return pv
}

func (s *State) publicView(viewer int) View {
	v := View{Viewer: viewer, Year: s.Year, Stage: s.Stage, Start: s.Start, Up: s.Market.Up,
		Rainbow: s.Market.Rainbow, Rewards: s.Rewards, YearPrestige: s.c.Board.YearPrestige, Beasts: s.Beasts,
		Order: append([]int(nil), s.Order...), Turn: s.Turn}
	for i := range v.Guards {
		v.Guards[i] = append([]string(nil), s.Market.Guards[i]...)
	}
	for i := range Vendors {
		v.Decks[i] = len(s.Market.Decks[i])
		v.Up[i] = append([]string(nil), s.Market.Up[i]...)
	}
	if s.Mystery != nil {
		v.Mystery = make([][]int, Years+1)
		for y := 1; y <= s.Shown; y++ {
			v.Mystery[y] = append([]int(nil), s.Mystery[y]...)
		}
		v.MysteryCan = make([][]int, Years+1)
		for y := 1; y <= Years; y++ {
			v.MysteryCan[y] = slices.Sorted(slices.Values(s.c.Board.Mystery[y]))
		}
	}
	for i, st := range s.Seats {
		sv := SeatView{Deck: len(st.Deck), Aside: len(st.Out), Done: st.Done, Annual: st.Annual, Prestige: st.Prestige,
			Chose: st.Transform != nil, Place: st.Place, Buys: st.Buys}
		for _, cell := range st.District.Cells {
			c := Cell{At: cell.At}
			for _, pl := range cell.Stack {
				if pl.FaceDown {
					pl.Tile, pl.Rot = "", 0
				}
				c.Stack = append(c.Stack, pl)
			}
			sv.District.Cells = append(sv.District.Cells, c)
		}
		if i == viewer && !st.DrawnDown {
			sv.Drawn = st.Drawn
		}
		sv.Bought = slices.Clone(st.Out) // gained this year, beside the district: public
		v.Seats = append(v.Seats, sv)
	}
	return v
}

var _ games.State = (*State)(nil)
