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
// winner (or tied winners) highlighted with a crown. Every text reads on a
// phone showing the picture 400 px wide (at least resultsMinPx on the
// 1200 px picture): a standing's detail (how the score came about, the
// tie-break) wraps onto as many lines as it needs instead of shrinking.
func (im *Images) Results(game games.Info, standings []games.Standing, m Meta) ([]byte, error) {
	if len(standings) == 0 {
		return nil, fmt.Errorf("imaging: results for %s without standings", game.ID)
	}
	w := NewWords(m, Catalog().Merge(game.Catalog))
	rows := append([]games.Standing(nil), standings...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Rank < rows[j].Rank })

	probe := im.kit.Canvas(1, 1)
	details := make([][]string, len(rows))
	rowHs := make([]float64, len(rows))
	height := 200.0 + 24 + 8 + 40
	for i, s := range rows {
		details[i] = standingDetail(probe, w, s)
		rowHs[i] = standingHeight(len(details[i]))
		height += rowHs[i] + standingGap
	}
	probe.Close()
	height = max(height, 600)
	c := LabelSeats(im.kit.BoardCanvas(resultsW, int(height)), m)
	defer c.Close()
	c.Banner(kit.R(60, 28, 1080, 88), w.Text(game.Name))

	winners := 0
	for _, s := range rows {
		if s.Rank == 1 {
			winners++
		}
	}
	c.Ink(kit.Cream)
	c.FitText(w.T("img.results"), kit.Bold, 44, resultsMinPx, 70, 160, 520, 0)
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
	c.FitText(headline, kit.Bold, 40, resultsMinPx, 1130, 160, 560, 1)

	panel := kit.R(40, 200, 1120, height-240)
	c.Panel(panel)
	y := panel.Y + 24
	for i, s := range rows {
		drawStanding(c, w, kit.R(panel.X+24, y, panel.W-48, rowHs[i]), s, details[i], m)
		y += rowHs[i] + standingGap
	}
	return im.encode(c.Image())
}

// The results picture's width and its smallest text: 11 px on a phone
// showing it 400 px wide, rounded up.
const (
	resultsW     = 1200
	resultsMinPx = 34.0
)

// A standing's row: the name line, then the detail's lines.
const (
	standingGap   = 16.0
	standingNameH = 62.0
	standingLineH = 42.0
	standingMinH  = 120.0
	standingTextX = 186.0 // from the row's left: after the rank and the seat marker
	standingScore = 240.0 // the score column's width
)

// standingTextW is the width of a standing's name and detail.
const standingTextW = resultsW - 2*40 - 2*24 - standingTextX - standingScore - 20

// standingDetail is a standing's detail wrapped as drawn ("" draws none).
func standingDetail(c *kit.Canvas, w Words, s games.Standing) []string {
	if s.Detail.Key == "" {
		return nil
	}
	c.Font(kit.Regular, resultsMinPx)
	return c.Wrap(w.Text(s.Detail), standingTextW)
}

// standingHeight is the height of a standing's row with lines of detail.
func standingHeight(lines int) float64 {
	return max(standingMinH, 16+standingNameH+float64(lines)*standingLineH+16)
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

func drawStanding(c *kit.Canvas, w Words, r kit.Rect, s games.Standing, detail []string, m Meta) {
	fill, edge := kit.ParchDark, kit.Muted
	if s.Rank == 1 {
		fill, edge = kit.Tint(kit.Highlight, 0.35), kit.BrassDark
	}
	c.RoundRect(r, 18, fill, edge, 3)
	badge := kit.Parchment
	if s.Rank >= 1 && s.Rank <= len(medals) {
		badge = medals[s.Rank-1]
	}
	head := r.Y + 16 + standingNameH/2 // the name line's middle
	bx := r.X + 56
	c.Disc(bx, head, 36, badge, kit.BrassDark, 3)
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 38)
	c.Text(strconv.Itoa(s.Rank), bx, head, 0.5)
	if s.Rank == 1 {
		kit.Crown(c, bx, head-50, 20)
	}
	c.Decorative("the player's name follows the marker", func() { c.SeatMarker(s.Seat, r.X+140, head, 26) })

	textX := r.X + standingTextX
	c.Ink(kit.Ink)
	c.FitText(m.Name(s.Seat), kit.Bold, 42, resultsMinPx, textX, head, standingTextW, 0)
	c.Ink(kit.InkSoft)
	c.Font(kit.Regular, resultsMinPx)
	for i, line := range detail {
		c.Text(line, textX, r.Y+16+standingNameH+standingLineH*(float64(i)+0.5), 0)
	}
	c.Ink(kit.Ink)
	c.Font(kit.Bold, 56)
	c.Text(strconv.Itoa(s.Score), r.Right()-24, head, 1)
	c.Ink(kit.InkSoft)
	c.Font(kit.Medium, resultsMinPx)
	c.Text(w.T("img.points"), r.Right()-24, head+standingNameH/2+22, 1)
}
