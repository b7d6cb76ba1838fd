package sorcerercity

import (
	"image"
	"strconv"

	"github.com/tavern-bot/tavern/games"
	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Layout of the 1200 px board; every text a player needs is 26 px or
// more, so it stays readable at a phone's 400 px.
const (
	boardW  = 1200
	margin  = 36
	topBarH = 76
	yearsY  = 96
	yearsH  = sc.Years*(yearRowH+yearGap) - yearGap
	// A row per year, its texts large enough for a phone.
	yearRowH = 46
	yearGap  = 5
	marketY  = yearsY + yearsH + 16
	// The market: three vendors a row, tiles large enough that their
	// prices read at 11 px on a phone.
	marketRows    = 2
	vendorsPerRow = 3
	marketTile    = 112
	marketH       = marketRows*(36+marketTile+8) + 24
	seatsY        = marketY + marketH + 16
	infoW         = 330
	maxCell       = 96
	seatMinH      = 200
	gap           = 16
	textMin       = 26
)

func gameText(key string, kv ...any) games.Text { return games.T(key, kv...) }

// board draws the channel's picture: a lone seat gets the whole width,
// more seats sit two to a row, their districts under their tracks.
func (r *Renderer) board(v *sc.View, m imaging.Meta) image.Image {
	if len(v.Seats) == 1 {
		h := seatHeight(v.Seats[0].District, boardW-2*margin-infoW-gap)
		s := r.boardScene(boardW, int(seatsY+h+2*gap), m)
		defer s.c.Close()
		s.header(v)
		s.seat(v, 0, v.Seats[0], kit.R(margin, seatsY, boardW-2*margin, h), nil)
		return s.c.Image()
	}
	colW := (boardW - 2*margin - gap) / 2.0
	var rowH []float64
	for i := 0; i < len(v.Seats); i += 2 {
		h := pairHeight(v.Seats[i].District, colW)
		if i+1 < len(v.Seats) {
			h = max(h, pairHeight(v.Seats[i+1].District, colW))
		}
		rowH = append(rowH, h)
	}
	total := 0.0
	for _, h := range rowH {
		total += h + gap
	}
	s := r.boardScene(boardW, int(seatsY+total+gap), m)
	defer s.c.Close()
	s.header(v)
	y := float64(seatsY)
	for row, h := range rowH {
		for col := range 2 {
			i := 2*row + col
			if i >= len(v.Seats) {
				break
			}
			s.pairSeat(v, i, v.Seats[i], kit.R(margin+float64(col)*(colW+gap), y, colW, h))
		}
		y += h + gap
	}
	return s.c.Image()
}

// header is the top bar, the years and the market.
func (s *scene) header(v *sc.View) {
	s.topBar(v)
	s.years(v, kit.R(margin, yearsY, boardW-2*margin, yearsH))
	s.market(v, kit.R(margin, marketY, boardW-2*margin, marketH))
}

// Two seats to a row: the compact head over the district.
const (
	pairHeadH = 136
	pairCell  = 80
)

func pairHeight(d sc.District, width float64) float64 {
	return pairHeadH + gridHeight(d, nil, width-2*gap, pairCell) + 2*gap
}

// pairSeat draws a seat in half the width: name and Prestige, then the
// four tracks and its state, then the district.
func (s *scene) pairSeat(v *sc.View, i int, sv sc.SeatView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	x, y, w := r.X+gap, r.Y+gap, r.W-2*gap
	c.SeatMarker(i, x+18, y+20, 18)
	c.Font(kit.Bold, 36)
	n := strconv.Itoa(sv.Prestige)
	nw := c.Measure(n)
	c.Ink(kit.Ink)
	c.Text(n, x+w, y+20, 1)
	c.StarIcon(x+w-nw-22, y+20, 17)
	c.FitText(s.m.Name(i), kit.Bold, 32, textMin, x+44, y+20, w-44-nw-52, 0)
	s.tracks(sv.Annual, kit.R(x, y+46, 4*68, 36))
	c.Ink(kit.InkSoft)
	c.FitText(s.status(v, sv), kit.Regular, 32, textMin, x, y+106, w, 0)
	area := kit.R(x, y+pairHeadH, w, r.H-pairHeadH-2*gap)
	s.district(sv.District, area, nil, pairCell)
}

// status says where a seat stands: building, done, its Influence place,
// and its deck.
func (s *scene) status(v *sc.View, sv sc.SeatView) string {
	status := s.w.T("scimg.deck", "n", sv.Deck)
	if sv.Aside > 0 {
		status += " · " + s.w.T("scimg.aside", "n", sv.Aside)
	}
	switch {
	case v.Stage == "build" && !sv.Done:
		status = s.w.T("scimg.building") + " · " + status
	case v.Stage == "build":
		status = s.w.T("scimg.done") + " · " + status
	case sv.Place > 0:
		status = s.w.T("scimg.place", "n", sv.Place) + " · " + status
	}
	return status
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

// cellSize fits a district of cols × rows into width.
func cellSize(cols int, width, most float64) float64 {
	return min(most, width/float64(cols))
}

// labelW is the strip above and left of a district's grid that holds its
// column letters and row numbers, the coordinates options name: 34 px is
// 11 px on a phone's 400 px.
const labelW = 34

// gridHeight is the height d takes in width, with cells up to most and
// the coordinate strip.
func gridHeight(d sc.District, spots []sc.Pos, width, most float64) float64 {
	_, _, cols, rows := bounds(d, spots)
	return float64(rows)*cellSize(cols, width-labelW, most) + labelW
}

func seatHeight(d sc.District, width float64) float64 {
	return max(seatMinH, gridHeight(d, nil, width-2*gap, maxCell)+2*gap)
}

func (s *scene) topBar(v *sc.View) {
	c := s.c
	c.RoundRect(kit.R(-20, -20, boardW+40, topBarH+20), 18, kit.Tint(kit.Wood, -0.35), kit.BrassDark, 3)
	title := s.w.T("sc.name") + " · " + s.w.T("scimg.year", "n", min(v.Year, sc.Years)) + " · " + s.w.T("scimg.stage."+v.Stage)
	c.Ink(kit.Cream)
	c.FitText(title, kit.Bold, 38, textMin, margin, topBarH/2, boardW-2*margin, 0)
}

// years lists each year on a row of its own: its Prestige for the most
// Influence, its reward, and the monster it brings (with the Mystery
// Player's cards in a 2-player game), the current year lit.
func (s *scene) years(v *sc.View, r kit.Rect) {
	c := s.c
	const monsterW = 250
	for i, row := range r.Rows(sc.Years, yearGap) {
		y := i + 1
		if y == v.Year {
			c.RoundRect(row, 10, kit.Highlight, kit.BrassDark, 3)
		} else {
			c.RoundRect(row, 10, kit.Parchment, kit.Brass, 2)
		}
		cy := row.CY()
		c.Ink(kit.Ink)
		c.FitText(s.w.T("scimg.year", "n", y), kit.Bold, 30, textMin, row.X+12, cy, 110, 0)
		c.StarIcon(row.X+140, cy, 14)
		c.Font(kit.Bold, 30)
		c.Text(strconv.Itoa(v.YearPrestige[y]), row.X+160, cy, 0)
		right := row.Right() - 12
		if v.Mystery != nil && y < len(v.Mystery) && len(v.Mystery[y]) > 0 {
			text := ""
			for k, n := range v.Mystery[y] {
				if k > 0 {
					text += "/"
				}
				text += strconv.Itoa(n)
			}
			c.Ink(kit.StoneRed)
			c.Font(kit.Bold, 28)
			mystery := s.w.T("scimg.mystery", "n", text)
			c.Text(mystery, right, cy, 1)
			right -= c.Measure(mystery) + 16
		}
		if y < sc.Years {
			monster := "—"
			if b := v.Beasts[y]; b != "" {
				monster = s.w.Text(gameText("sc.monster." + b))
			}
			c.Ink(kit.StoneDeep)
			c.FitText(monster, kit.Bold, 28, textMin, right, cy, monsterW, 1)
			right -= monsterW + 16
		}
		c.Ink(kit.InkSoft)
		reward := s.w.Text(gameText("sc.reward." + v.Rewards[y]))
		x := row.X + 215
		c.FitText(reward, kit.Regular, 30, textMin, x, cy, right-x, 0)
	}
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
		label := s.w.T("scimg.vendor", "n", vd+1)
		if vd == sc.Vendors {
			label = s.w.T("scimg.rainbow", "n", v.Rainbow)
		} else {
			label += " · " + s.w.T("scimg.left", "n", v.Decks[vd])
		}
		c.FitText(label, kit.Bold, textMin+2, 18, col.X, col.Y+16, col.W, 0)
		ty := col.Y + 36
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

// guarded marks a market tile a monster lies on (solo).
func (s *scene) guarded(v *sc.View, vendor, slot int, box kit.Rect) {
	if vendor >= len(v.Guards) || slot >= len(v.Guards[vendor]) || v.Guards[vendor][slot] == "" {
		return
	}
	s.c.Disc(box.X+box.W*0.22, box.Bottom()-box.H*0.22, box.W*0.2, jaggedInk, kit.Danger, 3)
}

// seat draws one seat's panel: name, Prestige, this year's tracks and
// state on the left, the district on the right (free spots named when set).
func (s *scene) seat(v *sc.View, i int, sv sc.SeatView, r kit.Rect, spots []sc.Pos) {
	s.c.Panel(r)
	s.seatInfo(v, i, sv, kit.R(r.X+gap, r.Y+gap, infoW-gap, r.H-2*gap))
	area := kit.R(r.X+infoW+gap, r.Y+gap, r.W-infoW-2*gap, r.H-2*gap)
	s.district(sv.District, area, spots, maxCell)
}

// seatInfo is a seat's name, Prestige, this year's four tracks and its
// state.
func (s *scene) seatInfo(v *sc.View, i int, sv sc.SeatView, info kit.Rect) {
	c := s.c
	c.SeatMarker(i, info.X+18, info.Y+20, 18)
	c.Ink(kit.Ink)
	c.FitText(s.m.Name(i), kit.Bold, 32, textMin, info.X+44, info.Y+20, info.W-44, 0)
	c.StarIcon(info.X+18, info.Y+66, 18)
	c.Font(kit.Bold, 40)
	c.Text(strconv.Itoa(sv.Prestige), info.X+44, info.Y+66, 0)
	s.tracks(sv.Annual, kit.R(info.X, info.Y+96, info.W, 40))
	c.Ink(kit.InkSoft)
	c.FitText(s.status(v, sv), kit.Regular, textMin, 18, info.X, info.Y+158, info.W, 0)
}

// district draws d's top tiles in area, centred, with the grid's column
// letters above and row numbers beside it, and names each free spot in
// spots by its coordinate, as the options do.
func (s *scene) district(d sc.District, area kit.Rect, spots []sc.Pos, most float64) {
	c := s.c
	minX, minY, cols, rows := bounds(d, spots)
	cell := min(cellSize(cols, area.W-labelW, most), (area.H-labelW)/float64(rows))
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
			c.Text(strconv.Itoa(minY+k-frame.Y+1), ox-labelW/2, oy+(float64(k)+0.5)*cell, 0.5)
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
		c.FitText(d.Name(p), kit.Bold, cell*0.4, 14, box.CX(), box.CY(), box.W*0.9, 0.5)
	}
}

// tracks draws this year's four tracks as chips in their colours.
func (s *scene) tracks(a sc.Annual, r kit.Rect) {
	c := s.c
	for k, t := range r.Columns(len(sc.Colours), 6) {
		col := sc.Colours[k]
		c.RoundRect(t, 8, colourInk[col], kit.Ink, 1.5)
		c.Ink(kit.OnColor(colourInk[col]))
		c.Font(kit.Bold, 28)
		c.Text(strconv.Itoa(a[k]), t.CX(), t.CY(), 0.5)
	}
}
