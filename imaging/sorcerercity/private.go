package sorcerercity

import (
	"fmt"
	"image"
	"strconv"

	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of a seat's private picture, the same height at every move: a
// head with the seat's own state and the tile it places, its district
// large, and the market.
const (
	privHeadY  = topBarH + 20
	privHeadH  = 236
	privTileSz = 156
	privHeadW  = 500 // the seat's head; the tile to place is right of it
	privPanelY = privHeadY + privHeadH + gap
	hintH      = 44
)

// privPanelH is the district panel's height: its caption, the coordinate
// strip and the district's fixed area.
const privPanelH = gap + hintH + labelW + ownGridH + gap

// private draws a seat's own picture: its state, the tile it must place
// (unless face down), its district large with the free spots named by
// their coordinates, as its options name them, and the market.
func (r *Renderer) private(v *sc.PrivateView, m imaging.Meta) image.Image {
	height := int(privPanelY + privPanelH + gap + marketH + gap)
	s := r.boardScene(boardW, height, m)
	defer s.c.Close()
	s.topBar(&v.View)
	caption := s.w.T("scimg.district")
	if len(v.Spots) > 0 {
		caption = s.w.T("scimg.spots")
	}
	beside := s.seatPart(&v.View, v.Seat, caption, v.Spots)
	s.placing(v, beside)
	s.market(&v.View, kit.R(margin, privPanelY+privPanelH+gap, boardW-2*margin, marketH))
	return s.c.Image()
}

// detail draws one seat's part of the public board at the size of its own
// picture, for anyone who asks (/game look): its head and its district
// large, every goal, sign and mark readable on a phone, with the key
// beside the head. It is drawn from the public view alone, so it shows
// nothing the seat keeps secret (the tile it draws to place).
func (r *Renderer) detail(v *sc.View, seat int, m imaging.Meta) (image.Image, error) {
	if seat < 0 || seat >= len(v.Seats) {
		return nil, fmt.Errorf("sorcerercity: no seat %d among %d", seat, len(v.Seats))
	}
	s := r.boardScene(boardW, int(privPanelY+privPanelH+gap), m)
	defer s.c.Close()
	s.topBar(v)
	s.legend(s.seatPart(v, seat, s.w.T("scimg.their.district", "player", m.Name(seat)), nil))
	return s.c.Image(), nil
}

// seatPart draws a seat's head and, under it, its district large with the
// free spots in spots named by coordinate, under caption; it returns the
// room left beside the head.
func (s *scene) seatPart(v *sc.View, seat int, caption string, spots []sc.Pos) kit.Rect {
	c := s.c
	sv := v.Seats[seat]
	head := kit.R(margin, privHeadY, boardW-2*margin, privHeadH)
	c.Panel(head)
	s.seatHead(v, seat, sv, kit.R(head.X+gap, head.Y+gap, privHeadW, seatHeadH))
	split := head.X + gap + privHeadW + 2*gap
	c.FillRect(kit.R(split-1.5, head.Y+gap, 3, head.H-2*gap), kit.Brass)

	panel := kit.R(margin, privPanelY, boardW-2*margin, privPanelH)
	c.Panel(panel)
	c.Ink(kit.Ink)
	c.FitText(caption, kit.Bold, textMin, textMin, panel.X+gap, panel.Y+gap+hintH/2, panel.W-2*gap, 0)
	area := kit.R(panel.X+gap, panel.Y+gap+hintH, panel.W-2*gap, labelW+ownGrid.h)
	s.district(sv.District, area, spots, ownGrid.most)
	return kit.R(split+2*gap, head.Y+gap, head.Right()-split-3*gap, head.H-2*gap)
}

// placing shows the tile to place, face up with what it carries in
// words, or face down; nothing while the seat places none.
func (s *scene) placing(v *sc.PrivateView, r kit.Rect) {
	if v.Drawn == "" && len(v.Spots) == 0 {
		s.legend(r)
		return
	}
	c := s.c
	if turns := s.cs.Turns(v.Drawn); v.Drawn != "" && len(v.Spots) > 0 && len(turns) > 1 {
		s.turns(v.Drawn, turns, r)
		return
	}
	c.Ink(kit.Ink)
	c.Font(kit.Bold, textMin)
	c.Text(s.w.T("scimg.yourtile"), r.X, r.Y+20, 0)
	tileBox := kit.R(r.X, r.Bottom()-privTileSz, privTileSz, privTileSz)
	words := kit.R(tileBox.Right()+gap, r.Y, r.Right()-tileBox.Right()-gap, r.H)
	c.Ink(kit.InkSoft)
	if v.Drawn != "" {
		s.tile(tileBox, sc.Placed{Tile: v.Drawn}, 0)
		if what := s.tileWords(v.Drawn); what != "" {
			c.WrapBox(what, kit.Regular, 36, textMin, words, 0)
		}
		return
	}
	s.tile(tileBox, sc.Placed{}, 0)
	c.Font(kit.Regular, textMin)
	c.Text(s.w.T("scimg.facedown"), words.X, tileBox.CY(), 0)
}

// turns shows the tile to place in each of its turns, numbered as the
// options name them ("C4, turn 2: …"), under a title with what it carries.
func (s *scene) turns(id string, turns []int, r kit.Rect) {
	c := s.c
	title := s.w.T("scimg.turns")
	if what := s.tileWords(id); what != "" {
		title += " · " + what
	}
	c.Ink(kit.Ink)
	c.FitText(title, kit.Bold, textMin, textMin, r.X, r.Y+20, r.W, 0)
	sz := min(120, (r.W-3*gap)/4)
	for k, rot := range turns {
		x := r.X + float64(k)*(sz+gap)
		c.Ink(kit.Ink)
		c.Font(kit.Bold, textMin)
		c.Text(strconv.Itoa(rot+1), x+sz/2, r.Bottom()-sz-24, 0.5)
		s.tile(kit.R(x, r.Bottom()-sz, sz, sz), sc.Placed{Tile: id, Rot: rot}, 0)
	}
}

// tileWords names what a tile carries besides its colours and goals (the
// picture shows those): its monster, artifact or spell.
func (s *scene) tileWords(id string) string {
	t := s.cs.Tile(id)
	switch {
	case t.Beast != "":
		return s.w.Text(gameText("sc.monster." + t.Beast))
	case t.Kind == sc.ArtifactTile && t.Spell != "":
		return s.w.Text(gameText("sc.artifact."+t.ID)) + ": " + s.w.Text(gameText("sc.spell."+t.Spell))
	case t.Kind == sc.ArtifactTile:
		return s.w.Text(gameText("sc.artifact." + t.ID))
	case t.Spell != "":
		return s.w.Text(gameText("sc.spell." + t.Spell))
	}
	return ""
}

// legend names what the picture shows only by colour and sign, while no
// tile is in hand: the four tracks (yellow Money, red Influence, purple
// Raw Magic, green Prestige, each with its colour-blind sign) and the
// three goals' signs, on a row of their own, or on two where their words
// are too long for one (German "Wappenschild").
func (s *scene) legend(r kit.Rect) {
	c := s.c
	c.Font(kit.Regular, textMin)
	goalsW := -24.0
	for _, kind := range goalKinds {
		goalsW += 50 + c.Measure(s.w.T("scimg.goal."+string(kind))) + 24
	}
	rows := 3
	if goalsW > r.W {
		rows = 4
	}
	rowH := r.H / float64(rows)
	cols := r.Columns(2, gap)
	for k, col := range sc.Colours {
		cell := cols[k%2]
		cy := r.Y + rowH*float64(k/2) + rowH/2
		sw := kit.R(cell.X, cy-24, 48, 48)
		c.RoundRect(sw, 8, colourInk[col], kit.Ink, 1.5)
		s.sideSign([]sc.Colour{col}, sw.CX(), sw.CY(), 40)
		c.Ink(kit.Ink)
		c.FitText(s.w.Text(gameText("sc.res."+sc.Resource(k).String())), kit.Regular, textMin, textMin, sw.Right()+10, cy, cell.Right()-sw.Right()-10, 0)
	}
	// The goals flow, each sign before its word.
	x, cy := r.X, r.Y+rowH*2+rowH/2
	for _, kind := range goalKinds {
		word := s.w.T("scimg.goal." + string(kind))
		c.Font(kit.Regular, textMin)
		if w := 50 + c.Measure(word); x > r.X && x+w > r.Right() {
			x, cy = r.X, cy+rowH
		}
		s.goal(kit.R(x, cy-22, 44, 44), sc.Goal{Kind: kind, Res: sc.Prestige})
		c.Ink(kit.Ink)
		c.Font(kit.Regular, textMin)
		c.Text(word, x+50, cy, 0)
		x += 50 + c.Measure(word) + 24
	}
}

// goalKinds are the goals in the order the legend shows them.
var goalKinds = []sc.GoalKind{sc.Group, sc.Line, sc.Shield}
