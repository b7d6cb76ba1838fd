package sorcerercity

import (
	"image"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of the 1200 px pictures. A phone shows them 400 px wide, so every
// text a player needs is drawn at textMin or more (11 px there), and every
// height depends only on the player count, never on the move: districts
// are drawn in fixed areas, their tiles smaller when they outgrow them.
const (
	boardW  = 1200
	margin  = 36
	topBarH = 76
	gap     = 16
	// textMin is the smallest text a player needs: 34 px, 11.3 px on a
	// phone; readable is the least that still reads there (11 px).
	textMin  = 34
	readable = 33

	yearsY = topBarH + 20
	// A row per year on two lines: the year, its Prestige and monster;
	// then its reward.
	yearRowH = 76
	yearGap  = 4
	yearsH   = sc.Years*(yearRowH+yearGap) - yearGap
	marketY  = yearsY + yearsH + gap
	// The market: three vendors a row, tiles large enough that their
	// prices read on a phone.
	marketRows    = 2
	vendorsPerRow = 3
	marketTile    = 112
	marketLabelH  = 44
	marketH       = marketRows*(marketLabelH+marketTile+8) + 24
	seatsY        = marketY + marketH + gap
)

func gameText(key string, kv ...any) games.Text { return games.T(key, kv...) }

// A seat's panel: its head (name and Prestige; tracks and state; deck),
// then its district in a fixed area.
const (
	headRowH  = 44
	seatHeadH = 3*headRowH + 2*8
)

// ownGridH is the height of a seat's own district: ten rows of tiles (a
// district eight tall with its free spots round it) at 110 px, where two
// goals on a tile still read on a phone.
const ownGridH = 1100

// grid is the fixed area a district is drawn in (without its coordinate
// strip) and the largest its cells may be.
type grid struct{ w, h, most float64 }

// Districts: two seats to a row on the public board (room for 7 columns and 6 rows of tiles
// at 70 px, where a monster's initials still read), a lone seat across the
// width, and a seat's own picture large.
var (
	pairGrid = grid{w: (boardW-2*margin-gap)/2 - 2*gap - labelW, h: 420, most: 80}
	// With five or six seats (three rows of them) the districts are
	// shorter, so that the board stays within 1.5 phone screens
	// (2700 px): 6 rows of tiles at 61 px.
	crowdGrid = grid{w: pairGrid.w, h: 370, most: 80}
	soloGrid  = grid{w: boardW - 2*margin - 2*gap - labelW, h: 640, most: 96}
	ownGrid   = grid{w: boardW - 2*margin - 2*gap - labelW, h: ownGridH, most: 150}
)

// seatPanelH is the height of a seat's panel around a district area g.
func seatPanelH(g grid) float64 { return gap + seatHeadH + 8 + labelW + g.h + gap }

// board draws the channel's picture: the years and the market, then the
// seats, a lone one across the width, more two to a row.
func (r *Renderer) board(v *sc.View, m imaging.Meta) image.Image {
	if len(v.Seats) == 1 {
		h := seatPanelH(soloGrid)
		s := r.boardScene(boardW, int(seatsY+h+gap+soloLegendH+gap), m)
		defer s.c.Close()
		s.header(v)
		s.seatPanel(v, 0, v.Seats[0], kit.R(margin, seatsY, boardW-2*margin, h), soloGrid)
		s.soloLegend(kit.R(margin, seatsY+h+gap, boardW-2*margin, soloLegendH))
		return s.c.Image()
	}
	colW := (boardW - 2*margin - gap) / 2.0
	g := pairGrid
	if len(v.Seats) > 4 {
		g = crowdGrid
	}
	h := seatPanelH(g)
	rows := (len(v.Seats) + 1) / 2
	s := r.boardScene(boardW, int(seatsY+float64(rows)*(h+gap)), m)
	defer s.c.Close()
	s.header(v)
	for i, sv := range v.Seats {
		row, col := i/2, i%2
		s.seatPanel(v, i, sv, kit.R(margin+float64(col)*(colW+gap), seatsY+float64(row)*(h+gap), colW, h), g)
	}
	return s.c.Image()
}

// header is the top bar, the years and the market.
func (s *scene) header(v *sc.View) {
	s.topBar(v)
	s.years(v, kit.R(margin, yearsY, boardW-2*margin, yearsH))
	s.market(v, kit.R(margin, marketY, boardW-2*margin, marketH))
}

// seatPanel draws a seat's head over its district.
func (s *scene) seatPanel(v *sc.View, i int, sv sc.SeatView, r kit.Rect, g grid) {
	s.c.Panel(r)
	x, w := r.X+gap, r.W-2*gap
	s.seatHead(v, i, sv, kit.R(x, r.Y+gap, w, seatHeadH))
	s.overview = true
	s.district(sv.District, kit.R(x, r.Y+gap+seatHeadH+8, w, labelW+g.h), nil, g.most)
	s.overview = false
}

// seatHead is a seat's name and Prestige; this year's four tracks and
// where it stands; its deck and discards, each on a row of its own.
func (s *scene) seatHead(v *sc.View, i int, sv sc.SeatView, r kit.Rect) {
	c := s.c
	cy := r.Y + headRowH/2
	c.Decorative("the player's name follows the marker", func() { c.SeatMarker(i, r.X+20, cy, 20) })
	c.Font(kit.Bold, 38)
	n := strconv.Itoa(sv.Prestige)
	nw := c.Measure(n)
	c.Ink(kit.Ink)
	c.Text(n, r.Right(), cy, 1)
	kit.StarIcon(c, r.Right()-nw-22, cy, 18)
	c.FitText(s.m.Name(i), kit.Bold, 38, textMin, r.X+48, cy, r.W-48-nw-56, 0)

	row := kit.R(r.X, r.Y+headRowH+8, r.W, headRowH)
	tracks := kit.R(row.X, row.Y, 4*64+3*6, row.H)
	s.tracks(sv.Annual, tracks)
	c.Ink(kit.Ink)
	c.FitText(s.state(v, sv), kit.Bold, textMin, textMin, tracks.Right()+gap, row.CY(), row.Right()-tracks.Right()-gap, 0)

	c.Ink(kit.InkSoft)
	c.FitText(s.pile(sv), kit.Regular, textMin, textMin, r.X, r.Y+2*(headRowH+8)+headRowH/2, r.W, 0)
}

// state says where a seat stands in this stage: building, done building,
// or its Influence place.
func (s *scene) state(v *sc.View, sv sc.SeatView) string {
	switch {
	case v.Stage == "build" && !sv.Done:
		return s.w.T("scimg.building")
	case v.Stage == "build":
		return s.w.T("scimg.done")
	case sv.Place > 0:
		return s.w.T("scimg.place", "n", sv.Place)
	}
	return ""
}

// pile counts a seat's deck and the tiles it discarded this year.
func (s *scene) pile(sv sc.SeatView) string {
	text := s.w.T("scimg.deck", "n", sv.Deck)
	if sv.Aside > 0 {
		text += " · " + s.w.T("scimg.aside", "n", sv.Aside)
	}
	return text
}

// bounds is a district's extent, one cell wider on every side when
// spots holds free spots to show.
func bounds(d sc.District, spots []sc.Pos) (minX, minY, cols, rows int) {
	if len(d.Cells) == 0 && len(spots) == 0 {
		return 0, 0, 1, 1
	}
	first := true
	var maxX, maxY int
	add := func(p sc.Pos) {
		if first {
			minX, minY, maxX, maxY, first = p.X, p.Y, p.X, p.Y, false
		}
		minX, minY, maxX, maxY = min(minX, p.X), min(minY, p.Y), max(maxX, p.X), max(maxY, p.Y)
	}
	for _, c := range d.Cells {
		add(c.At)
	}
	for _, p := range spots {
		add(p)
	}
	return minX, minY, maxX - minX + 1, maxY - minY + 1
}

// labelW is the strip above and left of a district's grid that holds its
// column letters and row numbers, the coordinates options name: 34 px is
// 11 px on a phone's 400 px.
const labelW = 34

func (s *scene) topBar(v *sc.View) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	title := s.w.T("sc.name") + " · " + s.w.T("scimg.year", "n", min(v.Year, sc.Years)) + " · " + s.w.T("scimg.stage."+v.Stage)
	c.Ink(kit.Cream)
	c.FitText(title, kit.Bold, 40, textMin, margin, topBarH/2, boardW-2*margin, 0)
}

// years lists each year on a row of its own: its Prestige for the most
// Influence and the monster it brings (with the Mystery Player's cards in
// a 2-player game), then its reward; the current year lit.
func (s *scene) years(v *sc.View, r kit.Rect) {
	c := s.c
	for i, row := range r.Rows(sc.Years, yearGap) {
		y := i + 1
		if y == v.Year {
			c.RoundRect(row, 10, kit.Highlight, kit.BrassDark, 3)
		} else {
			c.RoundRect(row, 10, kit.Parchment, kit.Brass, 2)
		}
		top, bottom := row.Y+20, row.Y+56
		left, right := row.X+14, row.Right()-14
		c.Ink(kit.Ink)
		c.Font(kit.Bold, textMin)
		year := s.w.T("scimg.year", "n", y)
		c.Text(year, left, top, 0)
		x := left + c.Measure(year) + 28
		kit.StarIcon(c, x, top, 17)
		c.Font(kit.Bold, textMin)
		prestige := strconv.Itoa(v.YearPrestige[y])
		c.Text(prestige, x+22, top, 0)
		x += 22 + c.Measure(prestige) + 24
		if y < sc.Years {
			monster := "—"
			if b := v.Beasts[y]; b != "" {
				monster = s.w.Text(gameText("sc.monster." + b))
			}
			c.Ink(kit.StoneDeep)
			c.Text(monster, right, top, 1)
			right -= c.Measure(monster) + 24
		}
		if text := s.mystery(v, y); text != "" {
			c.Ink(kit.StoneRed)
			c.FitText(text, kit.Bold, textMin, textMin, right, top, right-x, 1)
		}
		c.Ink(kit.InkSoft)
		c.FitText(s.w.Text(gameText("sc.reward."+v.Rewards[y])), kit.Regular, textMin, textMin, left, bottom, row.W-28, 0)
	}
}

// mystery names year y's Mystery Player Influence once revealed, and
// before that the values it may have; empty without Mystery Players.
func (s *scene) mystery(v *sc.View, y int) string {
	join := func(ns []int, sep string) string {
		var out []string
		for _, n := range ns {
			out = append(out, strconv.Itoa(n))
		}
		return strings.Join(out, sep)
	}
	switch {
	case y < len(v.Mystery) && len(v.Mystery[y]) > 0:
		return s.w.T("scimg.mystery", "n", join(v.Mystery[y], "/"))
	case y < len(v.MysteryCan) && len(v.MysteryCan[y]) > 0:
		return s.w.T("scimg.mystery.can", "n", join(v.MysteryCan[y], " / "))
	}
	return ""
}

// market shows the vendors' face-up tiles with their prices.
func (s *scene) market(v *sc.View, r kit.Rect) {
	c := s.c
	c.Panel(r)
	rows := r.Inset(12).Rows(marketRows, 8)
	var cols []kit.Rect
	for _, row := range rows {
		cols = append(cols, row.Columns(vendorsPerRow, 18)...)
	}
	for vd := range sc.Vendors + 1 {
		col := cols[vd]
		c.Ink(kit.Ink)
		var label string
		if vd == sc.Vendors {
			label = s.w.T("scimg.rainbow", "n", v.Rainbow)
		} else {
			label = s.w.T("scimg.vendor", "n", vd+1, "left", v.Decks[vd])
		}
		c.FitText(label, kit.Bold, textMin, textMin, col.X, col.Y+marketLabelH/2-2, col.W, 0)
		ty := col.Y + marketLabelH
		if vd == sc.Vendors {
			if v.Rainbow > 0 {
				box := kit.R(col.X, ty, marketTile, marketTile)
				s.tile(box, sc.Placed{Tile: "rainbow"}, s.cs.Tile("rainbow").Cost)
				s.guarded(v, vd, 0, box)
			}
			continue
		}
		for k, id := range v.Up[vd] {
			box := kit.R(col.X+float64(k)*(marketTile+8), ty, marketTile, marketTile)
			s.tile(box, sc.Placed{Tile: id}, s.cs.Tile(id).Cost)
			s.guarded(v, vd, k, box)
		}
	}
}

// soloLegendH is the height of the solo board's legend: four lines of
// text at textMin.
const soloLegendH = 4*textMin*1.25 + 2*gap

// soloLegend says what the solo board shows only by sign: the years'
// "Mystery" values are the two Mystery Players' Influence, and a disc on
// a market tile is a monster guarding it.
func (s *scene) soloLegend(r kit.Rect) {
	s.c.Panel(r)
	box := r.Inset(gap)
	half := box.Rows(2, 0)
	disc := half[1].H * 0.3
	s.c.Ink(kit.InkSoft)
	s.c.WrapBox(s.w.T("scimg.legend.mystery"), kit.Regular, textMin, textMin, half[0], 0)
	s.c.Disc(half[1].X+disc, half[1].CY(), disc, jaggedInk, kit.Danger, 3)
	s.c.Ink(kit.InkSoft)
	s.c.WrapBox(s.w.T("scimg.legend.guard"), kit.Regular, textMin, textMin, kit.R(half[1].X+3*disc, half[1].Y, half[1].W-3*disc, half[1].H), 0)
}

// guarded marks a market tile a monster lies on (solo).
func (s *scene) guarded(v *sc.View, vendor, slot int, box kit.Rect) {
	if vendor >= len(v.Guards) || slot >= len(v.Guards[vendor]) || v.Guards[vendor][slot] == "" {
		return
	}
	corner := tileCells(box)[2][0] // see tileCells
	s.c.Disc(corner.CX(), corner.CY(), corner.W*0.45, jaggedInk, kit.Danger, 3)
}

// district draws d's top tiles in area, centred, with the grid's column
// letters above and row numbers beside it, and names each free spot in
// spots by its coordinate, as the options do. Cells are as large as the
// area allows, up to most.
func (s *scene) district(d sc.District, area kit.Rect, spots []sc.Pos, most float64) {
	c := s.c
	minX, minY, cols, rows := bounds(d, spots)
	cell := min(most, (area.W-labelW)/float64(cols), (area.H-labelW)/float64(rows))
	ox := area.X + (area.W-cell*float64(cols)+labelW)/2
	oy := area.Y + (area.H-cell*float64(rows)+labelW)/2
	if len(d.Cells) > 0 || len(spots) > 0 {
		frame := d.Frame()
		c.Ink(kit.InkSoft)
		c.Font(kit.Bold, labelW)
		for k := range cols {
			c.Text(sc.ColumnName(minX+k-frame.X), ox+(float64(k)+0.5)*cell, oy-labelW/2, 0.5)
		}
		for k := range rows {
			c.Text(strconv.Itoa(minY+k-frame.Y+1), ox-labelW/2-4, oy+(float64(k)+0.5)*cell, 0.5)
		}
	}
	at := func(p sc.Pos) kit.Rect {
		return kit.R(ox+float64(p.X-minX)*cell, oy+float64(p.Y-minY)*cell, cell, cell)
	}
	for _, cl := range d.Cells {
		top := cl.Stack[len(cl.Stack)-1]
		box := at(cl.At).Inset(1)
		s.tile(box, top, 0)
		if len(cl.Stack) > 1 { // something lies beneath: a corner tab
			c.Poly(kit.Brass, kit.Ink, 1, box.X, box.Bottom(), box.X+box.W*0.22, box.Bottom(), box.X, box.Bottom()-box.H*0.22)
		}
	}
	for _, p := range spots {
		box := at(p).Inset(cell * 0.08)
		c.RoundRect(box, cell*0.12, kit.Fade(kit.Highlight, 0.55), kit.BrassDark, 3)
		c.Ink(kit.Ink)
		// The name the options use, never below textMin: in a crowded
		// district it may spill over the highlight's rim.
		c.Font(kit.Bold, max(textMin, min(48, cell*0.4)))
		c.Text(d.Name(p), box.CX(), box.CY(), 0.5)
	}
}

// tracks draws this year's four tracks as chips in their colours, each
// drawn once per value and size and copied after.
func (s *scene) tracks(a sc.Annual, r kit.Rect) {
	for k, t := range r.Columns(len(sc.Colours), 6) {
		col := sc.Colours[k]
		n := strconv.Itoa(a[k])
		key := "chip/" + strconv.Itoa(int(col)) + "/" + n + "/" + strconv.Itoa(int(t.W)) + "x" + strconv.Itoa(int(t.H))
		s.sprites.Draw(s.c, key, t.CX(), t.CY(), int(max(t.W, t.H))+4, func(c *kit.Canvas, cx, cy float64) {
			c.RoundRect(kit.R(cx-t.W/2, cy-t.H/2, t.W, t.H), 8, colourInk[col], kit.Ink, 1.5)
			c.Ink(kit.OnColor(colourInk[col]))
			c.Font(kit.Bold, textMin)
			c.Text(n, cx, cy, 0.5)
		})
	}
}
