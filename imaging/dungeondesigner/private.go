package dungeondesigner

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// ownArea draws the parts of a seat's own picture: its head, hand, own
// dungeon's side, tasks and blueprint.
type ownArea struct{ s *scene }

const (
	handCardW = 208.0
	handCardH = 372.0 // the room, its name on two lines, its type, its gold
	handNameW = handCardW - 12
	handGap   = 12.0
	ownCell   = 172.0 // element letters read on a phone from 167 px on
	bpCell    = 88.0
	ownTaskH  = 104.0 // a task on two lines
)

// private draws one seat's secret view for its DMs (and "Show my hand"):
// the hand with this pass's pick and second choice marked (in the market
// the stalls instead), then the seat's part (seatPart) with the pick
// previewed at its place and the spots a tile may go to numbered as its
// options name them ("Spot 3: …"). It is the readable close-up of the
// seat's part of the public board, whose dungeons are thumbnails.
func (r *Renderer) private(v *dd.PrivateView, m imaging.Meta) image.Image {
	inner := boardW - 2*margin
	perRow := max(int((inner-32+handGap)/(handCardW+handGap)), 1)
	rows := max((len(v.Hand)+perRow-1)/perRow, 1)
	handY := boardTopH + gap
	handH := 64 + float64(rows)*(handCardH+handGap) + 8
	// In the market the hand is empty: the stalls the player buys from
	// take its place.
	atMarket := len(v.Hand) == 0 && v.Phase == dd.PhaseImprove && len(v.Stalls) > 0
	if atMarket {
		handH = 64 + float64((len(v.Stalls)+1)/2)*(stallH+gap) + 8
	}
	lowY := handY + handH + gap
	me := ownArea{}.me(v)
	probe := r.scene(16, 16, m)
	defer probe.c.Close()
	height := lowY + probe.seatPartHeight(me) + margin

	s := r.boardScene(boardW, int(math.Ceil(height)), m)
	defer s.c.Close()
	c := s.c
	s.seatTop(v.Seat, s.w.T("ddimg.private"), &v.PublicView)

	hand := kit.R(margin, handY, inner, handH)
	c.Panel(hand)
	c.Ink(kit.Ink)
	switch {
	case atMarket:
		c.FitText(s.w.T("ddimg.market.yours"), kit.Bold, 38, readable, hand.X+18, hand.Y+34, hand.W-36, 0)
		stallArea{s}.market(&v.PublicView, kit.R(hand.X+16, hand.Y+64, hand.W-32, hand.H-72))
	default:
		c.FitText(s.w.T("ddimg.your.hand", "n", len(v.Hand)), kit.Bold, 38, readable, hand.X+18, hand.Y+34, hand.W-36, 0)
	}
	if len(v.Hand) == 0 && !atMarket {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.hand.empty"), kit.Medium, 38, readable, hand.CX(), hand.Y+64+handCardH/2, hand.W-40, 0.5)
	}
	for i := range v.Hand {
		x := hand.X + 16 + float64(i%perRow)*(handCardW+handGap)
		y := hand.Y + 64 + float64(i/perRow)*(handCardH+handGap)
		ownArea{s}.handCard(v, &v.Hand[i], kit.R(x, y, handCardW, handCardH))
	}
	var pick *dd.RoomView
	if v.Phase == dd.PhaseBuild {
		pick = v.Pick
	}
	s.seatPart(&v.PublicView, me, lowY, seatLook{own: true, pick: pick, pickCol: v.PickCol})
	return c.Image()
}

// detail draws one seat's public part at the size of its own picture, for
// anyone who asks (/game look): the dungeon the public board shows as a
// thumbnail, its gold, paths, tasks and blueprint, and the key. It is
// drawn from the public view alone, so it shows nothing the seat keeps
// secret (its hand, its pick before the reveal).
func (r *Renderer) detail(v *dd.PublicView, seat int, m imaging.Meta) (image.Image, error) {
	var me *dd.SeatView
	for i := range v.Seats {
		if v.Seats[i].Seat == seat {
			me = &v.Seats[i]
		}
	}
	if me == nil {
		return nil, fmt.Errorf("dungeondesigner: no seat %d among %d", seat, len(v.Seats))
	}
	probe := r.scene(16, 16, m)
	defer probe.c.Close()
	lowY := boardTopH + gap
	height := lowY + probe.seatPartHeight(me) + margin
	s := r.boardScene(boardW, int(math.Ceil(height)), m)
	defer s.c.Close()
	s.seatTop(seat, s.w.T("ddimg.detail"), v)
	s.seatPart(v, me, lowY, seatLook{})
	return s.c.Image(), nil
}

// seatLook is whose eyes a seat's part is drawn for: the seat's own (its
// secret pick previewed, the spots its options name numbered) or anyone's.
type seatLook struct {
	own     bool
	pick    *dd.RoomView // the seat's secret pick this pass, own only
	pickCol int
}

// seatPartHeight is the height of seatPart for me.
func (s *scene) seatPartHeight(me *dd.SeatView) float64 {
	_, dh := newDungeonGeom(0, 0, ownCell).size()
	return 64 + dh + 16 + gap + seatInfoHeight(me) + gap + s.legendHeight(true)
}

// seatInfoHeight is the height of the tasks and blueprint row.
func seatInfoHeight(me *dd.SeatView) float64 {
	return math.Max(64+float64(max(len(me.Tasks), maxSeatTasks))*ownTaskH, 64+50+4*bpCell+3*4) + 16
}

// seatPart draws a seat's part of the table readable on a phone from y
// down: its dungeon (with, for its own eyes, the pick previewed at its
// place), its gold and paths beside it, its tasks and blueprint, and the
// key to the dungeon's tokens (Gn, Gb, …).
func (s *scene) seatPart(v *dd.PublicView, me *dd.SeatView, y float64, look seatLook) {
	c := s.c
	inner := boardW - 2*margin
	dg := newDungeonGeom(0, 0, ownCell)
	dw, dh := dg.size()
	lowH := 64 + dh + 16
	own := kit.R(margin, y, dw+32, lowH)
	c.Panel(own)
	c.Ink(kit.Ink)
	title := s.w.T("ddimg.your.dungeon")
	if !look.own {
		title = s.w.T("ddimg.their.dungeon", "player", s.m.Name(me.Seat))
	}
	c.FitText(title, kit.Bold, 38, readable, own.X+16, own.Y+34, own.W-32, 0)
	dv := me.Dungeon
	row := -1
	if v.Phase == dd.PhaseBuild {
		row = v.Year - 1
		if look.pick != nil && row >= 0 && row < 4 && look.pickCol >= 0 && look.pickCol < 4 {
			dv.Rooms[row][look.pickCol] = look.pick
		}
	}
	g := newDungeonGeom(own.X+16, own.Y+64, ownCell)
	s.dungeon(&dv, g, row, me.Blueprint.Exit)
	if look.pick != nil && row >= 0 && row < 4 {
		cell := g.grid.At(row, look.pickCol)
		c.SetDash(8, 5)
		c.RoundRect(cell.Inset(-3), 8, nil, kit.Highlight, 4)
		c.SetDash()
	}
	if v.Placing != nil && v.Placing.Seat == me.Seat {
		s.places(v.Placing.Places, g, look.own)
	}
	ownArea{s}.ownSide(me, kit.R(own.Right()+gap, y, inner-own.W-gap, lowH))
	infoY := y + lowH + gap
	infoH := seatInfoHeight(me)
	bpW := 40 + 4*bpCell + 3*4 + 40
	ownArea{s}.ownTasks(me, look.own, kit.R(margin, infoY, inner-bpW-gap, infoH))
	ownArea{s}.blueprint(me, kit.R(margin+inner-bpW, infoY, bpW, infoH))
	s.legend(kit.R(margin, infoY+infoH+gap, inner, s.legendHeight(true)), true)
}

// me is the viewer's public seat.
func (oa ownArea) me(v *dd.PrivateView) *dd.SeatView {
	for i := range v.Seats {
		if v.Seats[i].Seat == v.Seat {
			return &v.Seats[i]
		}
	}
	return &dd.SeatView{Seat: v.Seat}
}

// seatTop names the seat and whom the picture is for (label) on the
// first line, and the year and phase on the second.
func (s *scene) seatTop(seat int, label string, v *dd.PublicView) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, boardTopH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	c.Decorative("the player's name follows the marker", func() { c.SeatMarker(seat, margin+26, 38, 24) })
	c.Ink(kit.Cream)
	c.FitText(s.m.Name(seat)+" · "+label, kit.Bold, 40, readable, margin+62, 38, boardW-2*margin-72, 0)
	c.Ink(kit.Muted)
	c.FitText(headArea{s}.title(v), kit.Medium, 36, readable, margin+10, 98, boardW-2*margin-20, 0)
}

// handCard draws one room of the hand: the room itself, its name (as the
// menus name it), gold value and (solo) rune, and a badge if it is this
// pass's pick or second choice.
func (oa ownArea) handCard(v *dd.PrivateView, rv *dd.RoomView, r kit.Rect) {
	s := oa.s
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
	name := kit.R(r.X+(r.W-handNameW)/2, room.Bottom()+4, handNameW, 86)
	oa.roomName(rv.Name, name)
	c.Ink(kit.InkSoft)
	c.FitText(s.w.T("dd.type."+rv.Type), kit.Medium, readable, readable, name.X, name.Bottom()+22, name.W, 0)
	y := r.Bottom() - 30
	kit.Coin(c, r.X+28, y, 17)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 36)
	c.Text(strconv.Itoa(rv.Gold), r.X+52, y, 0)
	if v.Players == 1 && rv.Rune != "" {
		s.rune(rv.Rune, r.Right()-56, y, 24)
	}
	if badge != "" {
		c.Pill(r.CX(), r.Y+30, 56, badge, kit.Ink, kit.Cream, 0.5)
	}
}

// roomName draws a hand card's room name into box on up to two lines,
// broken only where its words may break (kit.Canvas.Wrap).
func (oa ownArea) roomName(name games.Text, box kit.Rect) {
	s := oa.s
	s.c.Ink(kit.Ink)
	s.c.WrapBox(s.w.Text(name), kit.Bold, readable, readable, box, 0)
}

// ownSide shows the seat's gold and its path networks beside its dungeon.
func (oa ownArea) ownSide(me *dd.SeatView, r kit.Rect) {
	s := oa.s
	c := s.c
	c.Panel(r)
	in := kit.R(r.X+18, r.Y+14, r.W-36, r.H-28)
	kit.Coin(c, in.X+22, in.Y+30, 22)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 44)
	gold := strconv.Itoa(me.Gold)
	c.Text(gold, in.X+54, in.Y+30, 0)
	c.Ink(kit.InkSoft)
	c.FitText(s.w.T("ddimg.gold"), kit.Medium, readable, readable, in.X+64+c.Measure(gold), in.Y+30, in.W-64-c.Measure(gold), 0)
	c.Ink(kit.Ink)
	c.WrapBox(s.w.T("ddimg.net.in", "n", me.Dungeon.EntranceRooms), kit.Medium, readable, readable, kit.R(in.X, in.Y+70, in.W, 90), 0)
	if me.Dungeon.ExitPlaced {
		c.WrapBox(s.w.T("ddimg.net.out", "n", me.Dungeon.ExitRooms), kit.Medium, readable, readable, kit.R(in.X, in.Y+160, in.W, 90), 0)
	}
}

// ownTasks lists the seat's tasks with their current value, under "Your
// tasks" for its own eyes and "Tasks" for anyone's.
func (oa ownArea) ownTasks(me *dd.SeatView, own bool, r kit.Rect) {
	s := oa.s
	c := s.c
	c.Panel(r)
	in := kit.R(r.X+18, r.Y+12, r.W-36, r.H-24)
	c.Ink(kit.Ink)
	title := s.w.T("ddimg.your.tasks")
	if !own {
		title = s.w.T("ddimg.tasks")
	}
	c.FitText(title, kit.Bold, 38, readable, in.X, in.Y+24, in.W, 0)
	y := in.Y + 56
	if len(me.Tasks) == 0 {
		c.Ink(kit.InkSoft)
		c.FitText(s.w.T("ddimg.no.tasks"), kit.Medium, readable, readable, in.X, y+ownTaskH/2, in.W, 0)
	}
	for _, t := range me.Tasks {
		taskArea{s}.taskBlock(t, kit.R(in.X, y, in.W, ownTaskH-8))
		y += ownTaskH
	}
}

// taskBlock draws a task with its number ("#12"), text on up to two lines
// and current value.
func (ta taskArea) taskBlock(t dd.TaskView, r kit.Rect) {
	s := ta.s
	c := s.c
	c.RoundRect(r, 8, kit.ParchDark, nil, 0)
	x := ta.taskNumber(t, r.X+10, r.CY())
	pw := ta.taskPoints(t, r.Right()-8, r.CY())
	c.Ink(kit.Ink)
	c.WrapBox(s.w.Text(t.Text), kit.Medium, readable, readable, kit.R(x, r.Y+2, r.Right()-pw-16-x, r.H-4), 0)
}

// blueprint draws the seat's blueprint with its coordinates: the room
// type or element each cell asks for.
func (oa ownArea) blueprint(me *dd.SeatView, r kit.Rect) {
	s := oa.s
	c := s.c
	c.Panel(r)
	c.Ink(kit.Ink)
	c.FitText(s.w.T("ddimg.blueprint", "n", me.Blueprint.Met), kit.Bold, 38, readable, r.X+18, r.Y+36, r.W-36, 0)
	g := kit.Grid{X: r.X + 62, Y: r.Y + 64 + 50, Cell: bpCell, Gap: 4, Rows: 4, Cols: 4}
	c.Font(kit.Bold, readable)
	c.GridLabels(g, s.rowLabel, s.colLabel, 8, kit.Ink)
	for row := range 4 {
		for col := range 4 {
			oa.requirement(me.Blueprint.Grid[row][col], g.At(row, col))
		}
	}
}

// requirement draws one blueprint cell: a room type (as its floor, which
// the key names) or the element wanted there ("trap" is any trap, "star"
// any positive star).
func (oa ownArea) requirement(req string, b kit.Rect) {
	s := oa.s
	c := s.c
	r := b.W * 0.36
	switch req {
	case "":
		c.RoundRect(b, 6, kit.Tint(kit.ParchDark, -0.05), kit.Muted, 1)
	case "cave":
		c.RoundRect(b, b.W*0.2, caveFloor, caveEdge, 2)
	case "masonry":
		c.RoundRect(b, 3, masonryFloor, masonryEdge, 2)
		s.bricks(b, masonryEdge)
	case "trap":
		c.RoundRect(b, 6, kit.Parchment, kit.Muted, 1)
		c.ShapePath(kit.Square, b.CX(), b.CY(), r)
		c.SetColor(trapSteel)
		c.Fill()
		s.code("?", b.CX(), b.CY(), r, kit.Cream)
	case "star":
		c.RoundRect(b, 6, kit.Parchment, kit.Muted, 1)
		c.ShapePath(kit.Star, b.CX(), b.CY(), r*1.1)
		c.SetColor(chestGold)
		c.Fill()
		s.code("+", b.CX(), b.CY()+2, r, kit.Ink)
	default:
		c.RoundRect(b, 6, kit.Parchment, kit.Muted, 1)
		if elementKind(req) != kindNone {
			s.element(req, b.CX(), b.CY(), r)
			return
		}
		c.Ink(kit.Ink)
		c.FitText(s.w.T("dd.thing."+req), kit.Bold, readable, readable, b.CX(), b.CY(), b.W-6, 0.5)
	}
}
