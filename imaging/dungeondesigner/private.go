package dungeondesigner

import (
	"image"
	"math"
	"strconv"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	handCardW = 210.0
	handCardH = 270.0
	handGap   = 16.0
	ownCell   = 104.0
	bpCell    = 58.0
)

// private draws one seat's secret view for its DMs: the hand with this
// pass's pick and second choice marked, the own dungeon with the pick
// previewed at its place, the own tasks and the blueprint.
func (r *Renderer) private(v *dd.PrivateView, m imaging.Meta) image.Image {
	inner := boardW - 2*margin
	perRow := max(int((inner-32+handGap)/(handCardW+handGap)), 1)
	rows := max((len(v.Hand)+perRow-1)/perRow, 1)
	handY := topBarH + gap
	handH := 56 + float64(rows)*(handCardH+handGap)
	// In the market the hand is empty: the stalls the player buys from
	// take its place.
	atMarket := len(v.Hand) == 0 && v.Phase == dd.PhaseImprove && len(v.Stalls) > 0
	if atMarket {
		handH = 56 + marketH + 16
	}
	lowY := handY + handH + gap
	dg := newDungeonGeom(0, 0, ownCell)
	dw, dh := dg.size()
	lowH := 56 + dh + 16
	rightW := inner - (dw + 32) - gap
	probe := r.scene(16, 16, m)
	defer probe.c.Close()
	needRight := probe.ownInfoHeight(v, rightW)
	lowH = math.Max(lowH, needRight)
	// The key: the dungeon's tokens carry abbreviations (Gn, Gb, …).
	legendY := lowY + lowH + gap
	legendH := probe.legendHeight()
	height := legendY + legendH + margin

	s := r.boardScene(boardW, int(math.Ceil(height)), m)
	defer s.c.Close()
	c := s.c
	s.privateTop(v)

	hand := kit.R(margin, handY, inner, handH)
	c.Panel(hand)
	c.Ink(kit.Ink)
	switch {
	case atMarket:
		c.FitText(s.w.T("ddimg.market.yours"), kit.Bold, 30, 18, hand.X+18, hand.Y+30, hand.W-36, 0)
		s.market(&v.PublicView, kit.R(hand.X+16, hand.Y+56, hand.W-32, marketH))
	default:
		c.FitText(s.w.T("ddimg.your.hand", "n", len(v.Hand)), kit.Bold, 30, 18, hand.X+18, hand.Y+30, hand.W-36, 0)
	}
	if len(v.Hand) == 0 && !atMarket {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.hand.empty"), kit.Medium, 30, 18, hand.CX(), hand.Y+56+handCardH/2, hand.W-40, 0.5)
	}
	for i := range v.Hand {
		x := hand.X + 16 + float64(i%perRow)*(handCardW+handGap)
		y := hand.Y + 56 + float64(i/perRow)*(handCardH+handGap)
		s.handCard(v, &v.Hand[i], kit.R(x, y, handCardW, handCardH))
	}

	own := kit.R(margin, lowY, dw+32, lowH)
	c.Panel(own)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.your.dungeon"), kit.Bold, 28, 18, own.X+16, own.Y+28, own.W-32, 0)
	me := s.me(v)
	dv := me.Dungeon
	row := -1
	if v.Phase == dd.PhaseBuild {
		row = v.Year - 1
		if v.Pick != nil && row >= 0 && row < 4 && v.PickCol >= 0 && v.PickCol < 4 {
			dv.Rooms[row][v.PickCol] = v.Pick
		}
	}
	g := newDungeonGeom(own.X+16, own.Y+50, ownCell)
	s.dungeon(&dv, g, row, me.Blueprint.Exit)
	if v.Phase == dd.PhaseBuild && v.Pick != nil && row >= 0 && row < 4 {
		cell := g.grid.At(row, v.PickCol)
		c.SetDash(8, 5)
		c.RoundRect(cell.Inset(-3), 8, nil, kit.Highlight, 4)
		c.SetDash()
	}
	s.ownInfo(v, kit.R(own.Right()+gap, lowY, rightW, lowH))
	s.legend(kit.R(margin, legendY, inner, legendH))
	return c.Image()
}

// me is the viewer's public seat.
func (s *scene) me(v *dd.PrivateView) *dd.SeatView {
	for i := range v.Seats {
		if v.Seats[i].Seat == v.Seat {
			return &v.Seats[i]
		}
	}
	return &dd.SeatView{Seat: v.Seat}
}

func (s *scene) privateTop(v *dd.PrivateView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	c.SeatMarker(v.Seat, margin+24, topBarH/2, 24)
	right := s.title(&v.PublicView)
	c.Ink(kit.Muted)
	c.Font(kit.Medium, 26)
	right = c.Ellipsize(right, 480)
	rw := c.Measure(right)
	c.Text(right, boardW-margin-10, topBarH/2, 1)
	c.Ink(kit.Cream)
	c.FitText(s.m.Name(v.Seat)+" · "+s.w.T("ddimg.private"), kit.Bold, 36, 20, margin+60, topBarH/2, boardW-2*margin-rw-90, 0)
}

// handCard draws one room of the hand: the room itself, its name, type,
// gold value and (solo) rune, and a badge if it is this pass's pick or
// second choice.
func (s *scene) handCard(v *dd.PrivateView, rv *dd.RoomView, r kit.Rect) {
	c := s.c
	badge, fill := "", kit.Highlight
	switch {
	case v.Pick != nil && v.Pick.ID == rv.ID:
		badge = s.w.T("ddimg.pick.col", "r", v.Year, "c", v.PickCol+1)
	case v.Second != nil && v.Second.ID == rv.ID:
		badge, fill = s.w.T("ddimg.second.drop"), kit.Muted
		if v.Players == 1 {
			badge, fill = s.w.T("ddimg.second.keep"), kit.Good
		}
	}
	if badge != "" {
		c.RoundRect(kit.R(r.X-6, r.Y-6, r.W+12, r.H+12), 16, fill, nil, 0)
	}
	c.RoundRect(r, 12, kit.ParchDark, kit.BrassDark, 2)
	room := kit.R(r.X+12, r.Y+12, r.W-24, r.W-24)
	s.room(rv, room)
	y := room.Bottom() + 24
	c.Ink(kit.Ink)
	c.FitText(s.w.Text(rv.Name), kit.Bold, 24, 13, r.X+12, y, r.W-24, 0)
	y += 28
	c.Coin(r.X+24, y, 13)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 24)
	c.Text(strconv.Itoa(rv.Gold), r.X+44, y, 0)
	c.Ink(kit.InkSoft)
	c.FitText(s.w.T("dd.type."+rv.Type), kit.Medium, 20, 12, r.X+72, y, r.W-120, 0)
	if v.Players == 1 && rv.Rune != "" {
		s.rune(rv.Rune, r.Right()-40, y, 13)
	}
	if badge != "" {
		c.Pill(r.CX(), r.Y+4, 32, badge, kit.Ink, kit.Cream, 0.5)
	}
}

// ownInfoHeight is the height the right column of the private view needs.
func (s *scene) ownInfoHeight(v *dd.PrivateView, w float64) float64 {
	return 56 + 44 + 40 + float64(max(len(v.Tasks), 1))*64 + 50 + 4*bpCell + 3*4 + 30
}

// ownInfo shows the seat's gold, tasks with their current value and the
// blueprint with its requirements.
func (s *scene) ownInfo(v *dd.PrivateView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	me := s.me(v)
	in := kit.R(r.X+18, r.Y+14, r.W-36, r.H-28)
	c.Coin(in.X+18, in.Y+22, 18)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 38)
	c.Text(strconv.Itoa(me.Gold), in.X+46, in.Y+22, 0)
	c.Ink(kit.InkSoft)
	c.FitText(s.w.T("ddimg.gold")+" (0–30)", kit.Medium, 22, 14, in.X+110, in.Y+22, in.W-110, 0)
	y := in.Y + 64
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.your.tasks"), kit.Bold, 26, 16, in.X, y, in.W, 0)
	y += 30
	if len(v.Tasks) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.no.tasks"), kit.Medium, 22, 14, in.X, y+16, in.W, 0)
		y += 64
	}
	for _, t := range v.Tasks {
		s.taskBlock(t, kit.R(in.X, y, in.W, 58))
		y += 64
	}
	y += 14
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.your.bp", "n", me.Blueprint.Met), kit.Bold, 26, 16, in.X, y, in.W, 0)
	y += 26
	g := kit.Grid{X: in.X + 40, Y: y + 20, Cell: bpCell, Gap: 4, Rows: 4, Cols: 4}
	c.Font(kit.Bold, 18)
	c.GridLabels(g, s.rowLabel, s.colLabel, 8, kit.Ink)
	for row := range 4 {
		for col := range 4 {
			s.requirement(me.Blueprint.Grid[row][col], g.At(row, col))
		}
	}
}

// taskBlock draws a task with its number, wrapped text and current value.
func (s *scene) taskBlock(t dd.TaskView, r kit.Rect) {
	c := s.c
	c.RoundRect(r, 8, kit.ParchDark, nil, 0)
	c.Disc(r.X+20, r.CY(), 15, kit.InkSoft, nil, 0)
	c.Ink(kit.Cream)
	c.FitText(strconv.Itoa(t.Number), kit.Bold, 18, 10, r.X+20, r.CY(), 26, 0.5)
	pw := c.Pill(r.Right()-8, r.CY(), 30, s.w.T("ddimg.task.pts", "n", t.Points), kit.Good, kit.Cream, 1)
	c.Ink(kit.Ink)
	c.WrapBox(s.w.Text(t.Text), kit.Medium, 21, 13, kit.R(r.X+44, r.Y+4, r.W-pw-60, r.H-8), 0)
}

// requirement draws one blueprint cell: a room type or the element wanted
// there ("trap" is any trap, "star" any positive star).
func (s *scene) requirement(req string, b kit.Rect) {
	c := s.c
	switch req {
	case "":
		c.RoundRect(b, 6, kit.Tint(kit.ParchDark, -0.05), kit.Muted, 1)
	case "cave":
		c.RoundRect(b, b.W*0.2, caveFloor, caveEdge, 2)
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.cave"), kit.Bold, 15, 9, b.CX(), b.CY(), b.W-6, 0.5)
	case "masonry":
		c.RoundRect(b, 3, masonryFloor, masonryEdge, 2)
		s.bricks(b, masonryEdge)
		c.Ink(kit.Ink)
		c.FitText(s.w.T("ddimg.masonry"), kit.Bold, 15, 9, b.CX(), b.CY(), b.W-6, 0.5)
	case "trap":
		c.RoundRect(b, 6, kit.Parchment, kit.Muted, 1)
		c.ShapePath(kit.Square, b.CX(), b.CY(), b.W*0.3)
		c.SetColor(trapSteel)
		c.Fill()
		s.code("?", b.CX(), b.CY(), b.W*0.3, kit.Cream)
	case "star":
		c.RoundRect(b, 6, kit.Parchment, kit.Muted, 1)
		c.ShapePath(kit.Star, b.CX(), b.CY(), b.W*0.32)
		c.SetColor(chestGold)
		c.Fill()
		s.code("+", b.CX(), b.CY()+2, b.W*0.3, kit.Ink)
	default:
		c.RoundRect(b, 6, kit.Parchment, kit.Muted, 1)
		if elementKind(req) != kindNone {
			s.element(req, b.CX(), b.CY(), b.W*0.3)
			return
		}
		c.Ink(kit.Ink)
		c.FitText(s.w.T("dd.thing."+req), kit.Bold, 14, 8, b.CX(), b.CY(), b.W-6, 0.5)
	}
}
