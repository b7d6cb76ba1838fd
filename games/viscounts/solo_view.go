package viscounts

import "github.com/tavern-bot/tavern/games"

// OpponentView is the solo opponent as everyone may see it: its board of
// schemes, its face-up discards, the sizes of its face-down piles and its
// player board's printed rules. Its goods, buildings, track, castle
// workers and viscount are those of View.Seats[Seat].
type OpponentView struct {
	Seat       int
	ID         string
	Name       games.Text
	Focus      string // workers, build, transcribe or trade
	Difficulty int
	// Board holds the schemes on its player board, slot 0 leftmost.
	Board      [boardSlots]*SchemeView
	Discard    []SchemeView // face up, newest last
	DrawSize   int
	FutureSize int
	// Chart is its resource chart in words.
	Chart games.Text
	// Buildings are its board's building types left to right, and
	// Uncovers the icon the kth of each type uncovers ("" none).
	Buildings [numBuildings]string
	Uncovers  [numBuildings][3]string
}

// SchemeView is one scheme card.
type SchemeView struct {
	ID     string
	Future bool
	Icons  Icons
	Text   games.Text // its effects top to bottom, in words
}

// opponentView builds the opponent's view, nil outside solo play.
func (s *State) opponentView() *OpponentView {
	if s.Solo == nil {
		return nil
	}
	so, o := s.Solo, s.opponent()
	v := &OpponentView{Seat: so.Seat, ID: o.ID, Name: s.aiName(), Focus: o.Focus, Difficulty: so.Difficulty,
		DrawSize: len(so.Draw), FutureSize: len(so.Future), Chart: s.chartText()}
	for i, c := range so.Board {
		if c >= 0 {
			sv := s.schemeView(c)
			v.Board[i] = &sv
		}
	}
	for _, c := range so.Discard {
		v.Discard = append(v.Discard, s.schemeView(c))
	}
	for i, b := range o.Buildings {
		v.Buildings[i] = buildingNames[b]
		for k, ic := range o.Uncovers[b] {
			if ic >= 0 {
				v.Uncovers[i][k] = iconNames[ic]
			}
		}
	}
	return v
}

func (s *State) schemeView(c int) SchemeView {
	sc := &s.c.Schemes[c]
	return SchemeView{ID: sc.ID, Future: sc.Future, Icons: sc.Icons, Text: s.schemeText(c)}
}

// schemeText describes scheme c: its icons and effects top to bottom.
func (s *State) schemeText(c int) games.Text {
	sc := &s.c.Schemes[c]
	var steps []games.Text
	for _, st := range sc.Steps {
		switch st.Kind {
		case "effect":
			steps = append(steps, s.effectText(st.Effect))
		case "action":
			action := st.Action
			if action == aiFocus && s.Solo != nil {
				action = s.opponent().Focus
			}
			steps = append(steps, games.T("vc.step.action", "action", games.T("vc.aiaction."+action), "else", s.effectText(sc.Fallback)))
		default:
			steps = append(steps, counted("vc.step."+st.Kind, "n", st.N))
		}
	}
	return games.T("vc.scheme", "icons", iconsText(sc.Icons), "steps", list(steps))
}

// chartText names the opponent's resource chart.
func (s *State) chartText() games.Text {
	o := s.opponent()
	if o.Single() {
		return games.T("vc.chart.single")
	}
	var parts []games.Text
	for _, c := range o.Chart {
		res := games.T("vc.chart.res." + resourceNames[c.Res]) // what it collects: "Tintenfässer"
		if c.Until > 0 {
			parts = append(parts, games.T("vc.chart.until", "res", res, "n", c.Until))
		} else {
			parts = append(parts, res)
		}
	}
	return games.T("vc.chart", "steps", list(parts))
}
