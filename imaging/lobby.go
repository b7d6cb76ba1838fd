package imaging

import (
	"fmt"
	"strconv"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Lobby draws a table waiting for players: the game's title, every seat up
// to max (taken or free, the host marked) and what the table waits for.
func (im *Images) Lobby(game games.Info, host string, players []string, min, max int, m Meta) ([]byte, error) {
	if max < len(players) {
		max = len(players)
	}
	if max < 1 {
		return nil, fmt.Errorf("imaging: lobby for %s has no seats", game.ID)
	}
	w := NewWords(m, Catalog().Merge(game.Catalog))
	cols := 2
	rows := (max + cols - 1) / cols
	tileH := 124.0
	if rows > 2 {
		tileH = 104
	}
	gridH := float64(rows)*tileH + float64(rows-1)*18
	height := int(190 + gridH + 60 + 30 + 130 + 36)
	c := im.kit.BoardCanvas(1200, height)
	c.SeatLabels(kit.Initials(players)) // the lobby lists its own players
	defer c.Close()
	c.Banner(kit.R(60, 28, 1080, 88), w.Text(game.Name))

	c.Ink(kit.Cream)
	rng := w.T("img.players.range", "min", min, "max", max)
	if min == max {
		rng = w.T("img.players.fixed", "n", max)
	}
	c.FitText(w.T("img.lobby")+" · "+rng, kit.Bold, 34, 24, 70, 150, 520, 0)
	c.Ink(kit.Highlight)
	c.FitText(w.T("img.seats.filled", "n", len(players), "max", max), kit.Bold, 34, 24, 1130, 150, 520, 1)

	panel := kit.R(40, 190, 1120, gridH+60)
	c.Panel(panel)
	grid := panel.Inset(30)
	rowRects := grid.Rows(rows, 18)
	for i := 0; i < max; i++ {
		tile := rowRects[i/cols].Columns(cols, 24)[i%cols]
		if i < len(players) {
			im.takenSeat(c, w, tile, i, players[i], players[i] == host)
		} else {
			freeSeat(c, w, tile, i)
		}
	}

	foot := kit.R(40, panel.Bottom()+30, 1120, 130)
	c.DarkPanel(foot)
	kit.Hourglass(c, foot.X+60, foot.CY(), 34)
	status := w.T("img.wait.host", "host", host)
	switch missing := min - len(players); {
	case missing == 1:
		status = w.T("img.wait.more1")
	case missing > 1:
		status = w.T("img.wait.more", "n", missing)
	}
	c.Ink(kit.Cream)
	c.WrapBox(status, kit.Bold, 38, 26, kit.R(foot.X+110, foot.Y+10, foot.W-140, foot.H-20), 0)
	return im.encode(c.Image())
}

func (im *Images) takenSeat(c *kit.Canvas, w Words, r kit.Rect, seat int, name string, isHost bool) {
	c.RoundRect(r, 16, kit.Tint(kit.SeatColor(seat), 0.78), kit.Tint(kit.SeatColor(seat), -0.35), 3)
	c.SeatMarker(seat, r.X+r.H/2, r.CY(), r.H*0.3)
	textX := r.X + r.H
	textW := r.W - r.H - 20
	if isHost {
		kit.Crown(c, r.Right()-42, r.CY()-14, 22)
		c.Font(kit.Bold, 20)
		c.Ink(kit.InkSoft)
		c.Text(w.T("img.host"), r.Right()-42, r.CY()+26, 0.5)
		textW -= 80
	}
	c.Ink(kit.Ink)
	c.FitText(name, kit.Bold, 40, 28, textX, r.CY(), textW, 0)
}

func freeSeat(c *kit.Canvas, w Words, r kit.Rect, seat int) {
	c.SetDash(12, 8)
	c.RoundRect(r, 16, kit.Fade(kit.ParchDark, 0.6), kit.Muted, 3)
	c.SetDash()
	kit.Door(c, r.X+r.H/2, r.CY()-6, r.H*0.3)
	c.Ink(kit.InkSoft)
	c.FitText(w.T("img.seat.empty"), kit.Medium, 34, 24, r.X+r.H, r.CY(), r.W-r.H-90, 0)
	c.Ink(kit.Muted)
	c.Font(kit.Bold, 34)
	c.Text(strconv.Itoa(seat+1), r.Right()-30, r.CY(), 1)
}
