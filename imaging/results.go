package imaging

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Results draws the final scoreboard: seats by rank, scores large, the
// winner (or tied winners) highlighted with a crown.
func (im *Images) Results(game games.Info, standings []games.Standing, m Meta) ([]byte, error) {
	if len(standings) == 0 {
		return nil, fmt.Errorf("imaging: results for %s without standings", game.ID)
	}
	w := NewWords(m, Catalog().Merge(game.Catalog))
	rows := append([]games.Standing(nil), standings...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Rank < rows[j].Rank })

	rowH, gap := 104.0, 16.0
	height := int(200 + 24 + float64(len(rows))*(rowH+gap) + 8 + 40)
	if height < 600 {
		height = 600
	}
	c := LabelSeats(im.kit.BoardCanvas(1200, height), m)
	defer c.Close()
	c.Banner(kit.R(60, 28, 1080, 88), w.Text(game.Name))

	winners := 0
	for _, s := range rows {
		if s.Rank == 1 {
			winners++
		}
	}
	c.Ink(kit.Cream)
	c.FitText(w.T("img.results"), kit.Bold, 44, 28, 70, 160, 520, 0)
	label := w.T("img.winner")
	if winners > 1 {
		label = w.T("img.winners")
	}
	headline := label + ": " + winnerNames(rows, m)
	if winners == 0 && len(rows) > 0 {
		// No seat won: a solo game lost to the game's automa; its detail
		// says who won.
		headline = w.Text(rows[0].Detail)
	}
	c.Ink(kit.Highlight)
	c.FitText(headline, kit.Bold, 36, 24, 1130, 160, 560, 1)

	panel := kit.R(40, 200, 1120, float64(height)-240)
	c.Panel(panel)
	y := panel.Y + 24
	for _, s := range rows {
		drawStanding(c, w, kit.R(panel.X+24, y, panel.W-48, rowH), s, m)
		y += rowH + gap
	}
	return im.encode(c.Image())
}

func winnerNames(rows []games.Standing, m Meta) string {
	out := ""
	for _, s := range rows {
		if s.Rank != 1 {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += m.Name(s.Seat)
	}
	return out
}

// medal colours for ranks 1–3; other ranks get plain parchment.
var medals = []color.RGBA{{0xf2, 0xc2, 0x30, 0xff}, {0xc8, 0xcd, 0xd3, 0xff}, {0xcd, 0x8a, 0x4f, 0xff}}

func drawStanding(c *kit.Canvas, w Words, r kit.Rect, s games.Standing, m Meta) {
	fill, edge := kit.ParchDark, kit.Muted
	if s.Rank == 1 {
		fill, edge = kit.Tint(kit.Highlight, 0.35), kit.BrassDark
	}
	c.RoundRect(r, 18, fill, edge, 3)
	badge := kit.Parchment
	if s.Rank >= 1 && s.Rank <= len(medals) {
		badge = medals[s.Rank-1]
	}
	bx := r.X + 56
	c.Disc(bx, r.CY(), 36, badge, kit.BrassDark, 3)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 38)
	c.Text(strconv.Itoa(s.Rank), bx, r.CY(), 0.5)
	if s.Rank == 1 {
		c.Crown(bx, r.Y+6, 20)
	}
	c.SeatMarker(s.Seat, r.X+140, r.CY(), 26)

	scoreW := 220.0
	textX := r.X + 186
	textW := r.W - (textX - r.X) - scoreW - 20
	detail := ""
	if s.Detail.Key != "" {
		detail = w.Text(s.Detail)
	}
	c.Ink(kit.Ink)
	if detail == "" {
		c.FitText(m.Name(s.Seat), kit.Bold, 40, 28, textX, r.CY(), textW, 0)
	} else {
		c.FitText(m.Name(s.Seat), kit.Bold, 38, 28, textX, r.CY()-18, textW, 0)
		c.Ink(kit.InkSoft)
		c.FitText(detail, kit.Regular, 24, 18, textX, r.CY()+24, textW, 0)
	}
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 52)
	c.Text(strconv.Itoa(s.Score), r.Right()-110, r.CY()-6, 1)
	c.Ink(kit.InkSoft)
	c.Font(kit.Medium, 22)
	c.Text(w.T("img.points"), r.Right()-100, r.CY()+6, 0)
}
