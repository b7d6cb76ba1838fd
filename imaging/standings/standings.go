// Package standings draws a tournament's standings table and its podium as
// PNG pictures. It draws what it is given, every word already in the
// reader's language, so it knows neither Discord nor the tournament rules;
// every text is at least 34 px on a 1200 px picture (11 px on a phone).
package standings

import (
	"errors"
	"image/color"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/imaging/kit"
)

// MaxRows is the most lines a standings picture shows; the words beside
// it list everyone.
const MaxRows = 40

// minText is the smallest text drawn: a phone shows the 1200 px picture
// 400 px wide, and 34 px becomes 11 px there.
const minText = 34

// Row is one player's line.
type Row struct {
	Rank     int
	Name     string
	Points   float64
	Opponent float64 // opponents' points
	Relative float64 // game score relative to the table
	Played   int
	Dropped  bool
}

// Sheet is a standings picture: a title (the game and tournament), a
// subtitle (the round), the column headings and the rows, best first.
type Sheet struct {
	Title, Subtitle string
	// Headings name the columns: rank, player, points, opponents'
	// points, relative score, games.
	Headings [6]string
	// DroppedMark is written after a dropped player's name.
	DroppedMark string
	Rows        []Row
	// More says how many rows did not fit ("… and 12 more"); "" for none.
	More string
}

// Podium is the end picture: the title and the top three (fewer when
// fewer played; ties share a step).
type Podium struct {
	Title, Subtitle string
	Places          []Row
	// PointsLabel follows each points figure ("points").
	PointsLabel string
}

// Renderer draws on a shared kit. Texts, when set, records every text
// drawn with its size (tests measure the phone rule with it).
type Renderer struct {
	kit   *kit.Kit
	Texts *kit.TextLog
}

// New returns a renderer on k.
func New(k *kit.Kit) *Renderer { return &Renderer{kit: k} }

const (
	width   = 1200
	rowH    = 64.0
	headH   = 60.0
	bannerY = 28.0
)

// columns are the x positions and widths of the table's columns.
var columns = [6]struct{ x, w, ax float64 }{
	{70, 90, 0.5},  // rank, centred
	{125, 440, 0},  // name
	{690, 120, 1},  // points, right-aligned
	{850, 140, 1},  // opponents' points
	{1005, 145, 1}, // relative score
	{1150, 130, 1}, // games
}

// Standings draws the sheet.
func (r *Renderer) Standings(s Sheet) ([]byte, error) {
	if len(s.Rows) == 0 {
		return nil, errors.New("standings: no rows")
	}
	rows := s.Rows[:min(len(s.Rows), MaxRows)]
	height := int(200 + headH + float64(len(rows))*rowH + 40 + 40)
	if s.More != "" {
		height += int(rowH)
	}
	c := r.kit.BoardCanvas(width, height)
	defer c.Close()
	c.RecordTexts(r.Texts)
	r.banner(c, s.Title, s.Subtitle)
	panel := kit.R(30, 190, width-60, headH+float64(len(rows))*rowH+40)
	if s.More != "" {
		panel.H += rowH
	}
	c.Panel(panel)
	y := panel.Y + 20
	c.Ink(kit.InkSoft)
	for i, h := range s.Headings {
		col := columns[i]
		c.FitText(h, kit.Bold, minText, minText, col.x, y+headH/2, colWidth(i), col.ax)
	}
	y += headH
	for i, row := range rows {
		band := kit.R(panel.X+12, y, panel.W-24, rowH)
		if i%2 == 0 {
			c.FillRect(band, kit.ParchDark)
		}
		if row.Rank >= 1 && row.Rank <= 3 {
			c.Disc(columns[0].x, y+rowH/2, rowH*0.42, medals[row.Rank-1], kit.BrassDark, 2)
		}
		ink := kit.Ink
		if row.Dropped {
			ink = kit.InkSoft
		}
		c.Ink(ink)
		c.FitText(strconv.Itoa(row.Rank), kit.Bold, 38, minText, columns[0].x, y+rowH/2, colWidth(0), 0.5)
		name := row.Name
		if row.Dropped && s.DroppedMark != "" {
			name += " " + s.DroppedMark
		}
		c.FitText(name, kit.Bold, 40, minText, columns[1].x, y+rowH/2, colWidth(1), 0)
		for k, v := range []string{Number(row.Points), Number(row.Opponent), Signed(row.Relative), strconv.Itoa(row.Played)} {
			col := columns[k+2]
			weight := kit.Regular
			if k == 0 {
				weight = kit.Bold
			}
			c.FitText(v, weight, 38, minText, col.x, y+rowH/2, colWidth(k+2), col.ax)
		}
		y += rowH
	}
	if s.More != "" {
		c.Ink(kit.InkSoft)
		c.FitText(s.More, kit.Regular, 36, minText, columns[1].x, y+rowH/2, panel.W-200, 0)
	}
	return r.kit.EncodePNG(c.Image())
}

// colWidth is the room of column i.
func colWidth(i int) float64 { return columns[i].w }

func (r *Renderer) banner(c *kit.Canvas, title, subtitle string) {
	bar := kit.R(60, bannerY, width-120, 88)
	c.Shadow(bar, bar.H/2)
	c.RoundRect(bar, bar.H/2, kit.Brass, kit.BrassDark, 3)
	c.Ink(kit.Ink)
	c.FitText(title, kit.Bold, 54, minText, bar.CX(), bar.CY(), bar.W-bar.H, 0.5)
	c.Ink(kit.Cream)
	c.FitText(subtitle, kit.Bold, 40, minText, width/2, 152, width-140, 0.5)
}

// medals colour the first three ranks.
var medals = [3]color.RGBA{kit.Highlight, {R: 0xc8, G: 0xcd, B: 0xd3, A: 0xff}, {R: 0xcd, G: 0x8a, B: 0x4f, A: 0xff}}

// Podium draws the top three on steps: second left, first in the middle
// (crowned), third right; names above the steps, points on them.
func (r *Renderer) Podium(p Podium) ([]byte, error) {
	if len(p.Places) == 0 {
		return nil, errors.New("standings: empty podium")
	}
	const height = 840
	c := r.kit.BoardCanvas(width, height)
	defer c.Close()
	c.RecordTexts(r.Texts)
	r.banner(c, p.Title, p.Subtitle)
	floor := float64(height - 60)
	steps := []struct {
		x, h float64
	}{{420, 360}, {60, 270}, {780, 220}} // first, second, third
	for i, row := range p.Places[:min(3, len(p.Places))] {
		place := min(max(row.Rank, 1), 3) - 1
		st := steps[place]
		if i != place && i < 3 {
			st = steps[i] // a shared rank keeps its own step
		}
		box := kit.R(st.x, floor-st.h, 360, st.h)
		c.Shadow(box, 12)
		c.RoundRect(box, 12, medals[place], kit.BrassDark, 4)
		c.Ink(kit.Ink)
		c.FitText(strconv.Itoa(row.Rank), kit.Bold, 110, minText, box.CX(), box.Y+80, box.W-40, 0.5)
		c.FitText(Number(row.Points)+" "+p.PointsLabel, kit.Bold, 40, minText, box.CX(), box.Y+160, box.W-30, 0.5)
		c.Ink(kit.Cream)
		nameY := box.Y - 40
		if row.Rank == 1 {
			kit.Crown(c, box.CX(), box.Y-105, 44)
		}
		c.FitText(row.Name, kit.Bold, 48, minText, box.CX(), nameY, box.W+20, 0.5)
	}
	return r.kit.EncodePNG(c.Image())
}

// Number writes points as people do: 3, 2.5, 1.67.
func Number(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// Signed writes a relative score with its sign: +12, −3, 0.
func Signed(f float64) string {
	switch s := Number(f); {
	case f > 0 && s != "0":
		return "+" + s
	case f < 0 && s != "0":
		return "−" + strings.TrimPrefix(s, "-")
	default:
		return "0"
	}
}
