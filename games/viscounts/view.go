package viscounts

import "github.com/tavern-bot/tavern/games"

// View is what one viewer may see; imaging draws it. The public view
// holds no hand and no order of any face-down pile.
type View struct {
	Viewer  int
	Players int
	Round   int
	// LastRound is the final round once the end is triggered, else 0.
	LastRound int
	Current   int
	Start     int
	Over      bool
	Segments  []SegmentView
	// Tiers lists the seats of the castle workers by tier and position.
	Tiers      [3][numSegments][]int
	Castle     [numSegments]string // second-tier reward in the data language
	DebtsAbove int
	DeedsAbove int
	Poverty    bool
	Prosperity bool
	Leader     int // seat, -1 none
	// ClericBonus is the seat holding each ribbon's card, -1 none.
	ClericBonus [numRibbons]int
	Seats       []SeatView
	// Scores are the final scores once the game is over.
	Scores []Score
	Track  []TrackSpace
	// Prompt names who is asked and what, publicly.
	Asked int
	// Opponent is the solo opponent (solo_view.go), nil with no solo
	// opponent; Seats[Opponent.Seat] is its seat, which no player sits at.
	Opponent *OpponentView
}

// PrivateView is one seat's picture: the public view and its hand.
type PrivateView struct {
	View
	Seat int
	Hand []CardView
	// Draw counts the seat's face-down draw pile (its order is secret).
	Draw int
}

// SegmentView is one board position.
type SegmentView struct {
	ID, Name, De string
	Numbers      [2]int
	Trades       [2]Trade
	// Plots hold -1 (free) or seat*3+building; West of them lie on the
	// outer-left bank.
	Plots       []int
	PlotRewards []string
	West        int
	Links       []LinkView
	// Folk is the top townsfolk, or the printed one when FolkLeft is 0
	// (it can be dismissed, not hired); Script likewise the top manuscript
	// or, when ScriptsLeft is 0, the printed one (Ribbon -1).
	Folk        *CardView
	FolkLeft    int
	Script      *ScriptView
	ScriptsLeft int
}

// LinkView is a link between two plots with its reward.
type LinkView struct {
	A, B   int
	Reward string
}

// CardView is a townsfolk as the pictures show it.
type CardView struct {
	ID, Name, De string
	// Unique: no other card in the game bears this name (starters are in
	// every deck, and some townsfolk share a name).
	Unique  bool
	Cost    int
	Icons   Icons
	Ability games.Text
}

// ScriptView is a manuscript.
type ScriptView struct {
	Ribbon Ribbon
	Cost   int
	Label  games.Text
}

// TrackSpace is one space of the virtue/corruption track.
type TrackSpace struct{ Own, Others string }

// SeatView is one player's public state.
type SeatView struct {
	Space      int
	Board      [boardSlots]*CardView
	HandSize   int
	DrawSize   int
	Discard    []CardView // face up, newest last
	Silver     int
	Res        [numResources]int
	Corruption int
	Virtue     int
	Debts      int
	PaidDebts  int
	Deeds      int
	Approved   int
	Built      [numBuildings]int
	Workers    int
	Scripts    []ScriptView
	Bonus      []Ribbon
	PlayerCard int
	Hero       string
}

// View builds viewer's view: a View for the public, a PrivateView for a
// seat.
func (s *State) View(viewer int) any {
	v := s.publicView(viewer)
	if viewer < 0 || viewer >= s.Players || s.isAI(viewer) {
		return v
	}
	pv := PrivateView{View: v, Seat: viewer, Draw: len(s.Seats[viewer].Draw)}
	for _, c := range s.Seats[viewer].Hand {
		pv.Hand = append(pv.Hand, s.cardView(c))
	}
	return pv
}

func (s *State) publicView(viewer int) View {
	v := View{Viewer: viewer, Players: s.Players, Round: s.Round, LastRound: s.LastRound, Current: s.Current, Start: s.Start,
		Over: s.Phase == phaseOver, Tiers: s.Tiers, DebtsAbove: s.DebtsAbove, DeedsAbove: s.DeedsAbove,
		Poverty: s.Poverty, Prosperity: s.Prosperity, Leader: s.Leader - 1, Asked: -1}
	for r := range numRibbons {
		v.ClericBonus[r] = s.ClericBonus[r] - 1
	}
	for p := range numSegments {
		v.Castle[p] = s.tier2(p).String()
		sg, side := s.seg(p), s.side(p)
		sv := SegmentView{ID: sg.ID, Name: sg.Name, De: sg.De, Numbers: side.Numbers, Trades: side.Trades, Plots: s.Plots[p], West: side.West,
			FolkLeft: len(s.Folk[p]), ScriptsLeft: len(s.Scripts[p])}
		for _, pl := range side.Plots {
			sv.PlotRewards = append(sv.PlotRewards, pl.Reward.String())
		}
		for _, l := range side.Links {
			sv.Links = append(sv.Links, LinkView{A: l.A, B: l.B, Reward: l.Reward.String()})
		}
		card, _ := s.adjacentFolk(p)
		cv := s.cardView(card)
		sv.Folk = &cv
		ms, _, _ := s.scriptAt(p)
		sc := s.describeScriptView(ms)
		sv.Script = &sc
		v.Segments = append(v.Segments, sv)
	}
	for i := range s.c.Track.Own {
		v.Track = append(v.Track, TrackSpace{Own: s.c.Track.Own[i].String(), Others: s.c.Track.Others[i].String()})
	}
	for _, st := range s.Seats {
		sv := SeatView{Space: st.Space, HandSize: len(st.Hand), DrawSize: len(st.Draw), Silver: st.Silver, Res: st.Res,
			Corruption: st.Corruption, Virtue: st.Virtue, Debts: st.Debts, PaidDebts: st.PaidDebts, Deeds: st.Deeds, Approved: st.Approved,
			Built: st.Built, Workers: st.Workers, Bonus: st.Bonus, PlayerCard: st.PlayerCard}
		if st.Hero >= 0 {
			sv.Hero = s.folk(st.Hero).ID
		}
		for i, c := range st.Board {
			if c >= 0 {
				cv := s.cardView(c)
				sv.Board[i] = &cv
			}
		}
		for _, c := range st.Discard {
			sv.Discard = append(sv.Discard, s.cardView(c))
		}
		for _, m := range st.Scripts {
			sv.Scripts = append(sv.Scripts, s.scriptView(m))
		}
		v.Seats = append(v.Seats, sv)
	}
	if s.Phase == phaseOver {
		v.Scores = s.scores()
	}
	if len(s.Tasks) > 0 {
		v.Asked = s.Tasks[0].Seat
	}
	v.Opponent = s.opponentView()
	return v
}

func (s *State) cardView(c int) CardView {
	f := s.folk(c)
	return CardView{ID: f.ID, Name: f.Name, De: f.De, Unique: s.c.names[f.Name] == 1 && f.Kind != "starter",
		Cost: f.Cost, Icons: f.Icons, Ability: s.abilityText(f)}
}

func (s *State) scriptView(m int) ScriptView { return s.describeScriptView(&s.c.Manuscripts[m]) }

func (s *State) describeScriptView(ms *Manuscript) ScriptView {
	return ScriptView{Ribbon: ms.Ribbon, Cost: ms.Cost, Label: s.describeScript(ms)}
}
