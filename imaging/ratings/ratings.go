// Package ratings draws the ratings' pictures: a game's leaderboard and a
// player's profile, 1200 px wide with every text at 34 px or more (at
// least 33), so that they read on a phone that shows them 400 px wide.
// The texts come localized in the views (ratings.BoardView and
// ratings.ProfileView); this package only lays them out.
package ratings

import (
	"errors"
	"image/color"
	"strconv"

	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Width of every picture, as the boards.
const Width = 1200

// The smallest and the usual text sizes, and a row's heights.
const (
	minText  = 34.0
	nameText = 42.0
	rowH     = 124.0 // name and detail
	markH    = 44.0  // a provisional rating's mark adds a line
	rowGap   = 14.0
)

// Drawer draws the ratings' pictures with a kit.
type Drawer struct {
	kit *kit.Kit
	// Texts, when set, records every text drawn with its size (tests).
	Texts *kit.TextLog
}

// New returns a Drawer on k.
func New(k *kit.Kit) *Drawer { return &Drawer{kit: k} }

// medals colour the first three places; the others get parchment.
var medals = []color.RGBA{{0xf2, 0xc2, 0x30, 0xff}, {0xc8, 0xcd, 0xd3, 0xff}, {0xcd, 0x8a, 0x4f, 0xff}}

// Leaderboard draws b as PNG: a banner with the game, the scope, then a
// row per player (place, name, rating, detail), the reader's own
// highlighted, "…" before it when it comes after the top.
func (d *Drawer) Leaderboard(b ratings.BoardView) ([]byte, error) {
	if len(b.Rows) == 0 {
		return nil, errors.New("ratings: leaderboard without rows")
	}
	height := 200.0 + 40
	prev := 0
	for _, r := range b.Rows {
		if prev > 0 && r.Place > prev+1 {
			height += 60
		}
		height += rowHeight(r) + rowGap
		prev = r.Place
	}
	c := d.canvas(int(height))
	defer c.Close()
	c.Banner(kit.R(60, 28, 1080, 88), b.Title)
	c.Ink(kit.Cream)
	c.FitText(b.Subtitle, kit.Bold, 40, minText, 70, 160, 1060, 0)
	panel := kit.R(40, 200, 1120, height-220)
	c.Panel(panel)
	y, prev := panel.Y+20, 0
	for _, r := range b.Rows {
		if prev > 0 && r.Place > prev+1 {
			c.Ink(kit.InkSoft)
			c.Font(kit.Bold, 40)
			c.Text("…", panel.CX(), y+24, 0.5)
			y += 60
		}
		h := rowHeight(r)
		drawRow(c, kit.R(panel.X+20, y, panel.W-40, h), r)
		y += h + rowGap
		prev = r.Place
	}
	return d.encode(c)
}

// Profile draws p as PNG: the player's name, their figures, and a row per
// rating.
func (d *Drawer) Profile(p ratings.ProfileView) ([]byte, error) {
	height := 160.0 + float64(len(p.Lines))*58 + 60
	for _, r := range p.Games {
		height += rowHeight(r) + rowGap
	}
	c := d.canvas(int(height))
	defer c.Close()
	c.Banner(kit.R(60, 28, 1080, 88), p.Name)
	panel := kit.R(40, 140, 1120, height-160)
	c.Panel(panel)
	y := panel.Y + 44
	for _, line := range p.Lines {
		c.Ink(kit.Ink)
		c.FitText(line, kit.Medium, 38, minText, panel.X+30, y, panel.W-60, 0)
		y += 58
	}
	y += 10
	for _, r := range p.Games {
		h := rowHeight(r)
		drawRow(c, kit.R(panel.X+20, y, panel.W-40, h), r)
		y += h + rowGap
	}
	return d.encode(c)
}

// encode makes c's picture a PNG and hands its pixels back to the kit.
func (d *Drawer) encode(c *kit.Canvas) ([]byte, error) {
	data, err := d.kit.EncodePNG(c.Image())
	d.kit.Recycle(c.Image())
	return data, err
}

func (d *Drawer) canvas(height int) *kit.Canvas {
	c := d.kit.BoardCanvas(Width, height)
	c.RecordTexts(d.Texts)
	return c
}

func rowHeight(r ratings.BoardRow) float64 {
	if r.Mark != "" {
		return rowH + markH
	}
	return rowH
}

// drawRow draws one rating: the place in a medal (none for a profile's
// rows), the name and detail, the rating large on the right, and the
// provisional mark under the detail.
func drawRow(c *kit.Canvas, r kit.Rect, row ratings.BoardRow) {
	fill, edge := kit.ParchDark, kit.Muted
	if row.Caller {
		fill, edge = kit.Tint(kit.Highlight, 0.35), kit.BrassDark
	}
	c.RoundRect(r, 18, fill, edge, 3)
	textX := r.X + 28
	if row.Place > 0 {
		badge := kit.Parchment
		if row.Place <= len(medals) {
			badge = medals[row.Place-1]
		}
		bx := r.X + 60
		c.Disc(bx, r.Y+rowH/2, 40, badge, kit.BrassDark, 3)
		c.Ink(kit.Ink)
		c.FitText(strconv.Itoa(row.Place), kit.Bold, 40, minText, bx, r.Y+rowH/2, 70, 0.5)
		textX = r.X + 124
	}
	ratingW := 200.0
	textW := r.Right() - ratingW - 20 - textX
	c.Ink(kit.Ink)
	c.FitText(row.Name, kit.Bold, nameText, minText, textX, r.Y+38, textW, 0)
	c.Ink(kit.InkSoft)
	c.FitText(row.Detail, kit.Regular, 36, minText, textX, r.Y+88, textW, 0)
	if row.Mark != "" {
		c.Ink(kit.BrassDark)
		c.FitText(row.Mark, kit.Medium, 36, minText, textX, r.Y+132, r.Right()-20-textX, 0)
	}
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 60)
	c.Text(strconv.Itoa(row.Rating), r.Right()-28, r.Y+rowH/2, 1)
}
