// Package mygames draws /games as a small picture: one row per table the
// reader sits at (game, players, whose turn, how long it has waited), the
// reader's own decisions highlighted, 1200 px wide with every text at 34
// px or more, so that it reads on a phone that shows it 400 px wide. The
// texts come localized in the view (mygames.View); this package
// only lays them out.
package mygames

import (
	"errors"

	"github.com/tavern-bot/tavern/features/mygames"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Width of the picture, as the boards.
const Width = 1200

// The smallest text and a row's height.
const (
	minText = 34.0
	rowH    = 170.0
	rowGap  = 14.0
	moreH   = 60.0
)

// Drawer draws the /games picture with a kit.
type Drawer struct {
	kit *kit.Kit
	// Texts, when set, records every text drawn with its size (tests).
	Texts *kit.TextLog
}

// New returns a Drawer on k.
func New(k *kit.Kit) *Drawer { return &Drawer{kit: k} }

// Draw draws v as PNG: a banner with the title, then a row per table in
// the view's order.
func (d *Drawer) Draw(v mygames.View) ([]byte, error) {
	if len(v.Rows) == 0 {
		return nil, errors.New("mygames: no tables to draw")
	}
	height := 150 + 40 + float64(len(v.Rows))*(rowH+rowGap)
	if v.More != "" {
		height += moreH
	}
	c := d.kit.BoardCanvas(Width, int(height))
	defer c.Close()
	c.RecordTexts(d.Texts)
	c.Banner(kit.R(60, 28, 1080, 88), v.Title)
	panel := kit.R(40, 140, 1120, height-160)
	c.Panel(panel)
	y := panel.Y + 20
	for _, row := range v.Rows {
		drawRow(c, kit.R(panel.X+20, y, panel.W-40, rowH), row)
		y += rowH + rowGap
	}
	if v.More != "" {
		c.Ink(kit.InkSoft)
		c.FitText(v.More, kit.Medium, 36, minText, panel.X+30, y+moreH/2-8, panel.W-60, 0)
	}
	data, err := d.kit.EncodePNG(c.Image())
	d.kit.Recycle(c.Image()) // the PNG holds the pixels now
	return data, err
}

// drawRow draws one table: the game and how long it has waited on top,
// whose turn it is below across the row, then the players; the reader's own
// decision on a highlighted row.
func drawRow(c *kit.Canvas, r kit.Rect, row mygames.Row) {
	fill, edge := kit.ParchDark, kit.Muted
	if row.Yours {
		fill, edge = kit.Tint(kit.Highlight, 0.35), kit.BrassDark
	}
	c.RoundRect(r, 18, fill, edge, 3)
	left, right, inner := r.X+28, r.Right()-28, r.W-56
	const waitedW = 260.0
	c.Ink(kit.Ink)
	c.FitText(row.Game, kit.Bold, 44, minText, left, r.Y+38, inner-waitedW-20, 0)
	c.FitText(row.Waited, kit.Bold, 40, minText, right, r.Y+38, waitedW, 1)
	weight := kit.Medium
	if row.Yours {
		weight = kit.Bold
	}
	c.FitText(row.Turn, weight, 38, minText, left, r.Y+90, inner, 0)
	c.Ink(kit.InkSoft)
	c.FitText(row.Players, kit.Regular, 36, minText, left, r.Y+138, inner, 0)
}
