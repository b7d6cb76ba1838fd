package dungeondesigner

import (
	"image"
	"math"

	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

const (
	boardW    = 1200
	maxBoardH = 2000
	margin    = 20.0
	gap       = 12.0
	topBarH   = 76.0
	infoH     = 136.0
	marketH   = 176.0
	jaelW     = 520.0
	maxCell   = 150.0
)

// layout is where the parts of the public board go; it is computed before
// drawing so that the canvas is exactly as tall as its content.
type layout struct {
	cols       int
	panelW     float64
	panelH     float64
	cell       float64
	taskLines  int
	infoY      float64
	marketY    float64 // stalls, or the score sheet when over
	marketH    float64
	tasksY     float64
	tasksH     float64
	seatsY     float64
	legendY    float64
	legendH    float64
	height     float64
	showMarket bool
	// legendSlot is set when the key fits the free place after the last
	// seat panel, which saves the strip at the bottom.
	legendSlot *kit.Rect
}

func seatColumns(players int) int {
	switch players {
	case 1:
		return 1
	case 2, 4:
		return 2
	}
	return 3
}

// maxSeatTasks is the most tasks a seat takes in a game.
const maxSeatTasks = 3

// plan lays out the board for v.
func (s *scene) plan(v *dd.PublicView) layout {
	l := layout{cols: seatColumns(len(v.Seats)), showMarket: v.Phase != dd.PhaseOver || len(v.Scores) == 0}
	inner := boardW - 2*margin
	if len(v.Seats) == 1 {
		l.panelW = inner - jaelW - gap
	} else {
		l.panelW = (inner - gap*float64(l.cols-1)) / float64(l.cols)
	}
	// Room for the most tasks a seat takes (one a year in years 1–3), so
	// the board's height stays the same from move to move.
	l.taskLines = maxSeatTasks
	for _, sv := range v.Seats {
		l.taskLines = max(l.taskLines, len(sv.Tasks))
	}
	l.infoY = topBarH + gap
	l.marketY = l.infoY + infoH + gap
	if l.showMarket {
		l.marketH = marketH
		l.tasksY = l.marketY + l.marketH + gap
		l.tasksH = s.tasksHeight(v)
	} else {
		l.marketH = s.scoreSheetHeight(v)
		l.tasksY = l.marketY + l.marketH
		l.tasksH = -gap
	}
	l.seatsY = l.tasksY + l.tasksH + gap
	l.legendH = s.legendHeight()
	rows := (len(v.Seats) + l.cols - 1) / l.cols
	budget := (maxBoardH - l.seatsY - l.legendH - gap - margin) / float64(max(rows, 1))
	l.cell = math.Min(maxCell, cellFor(l.panelW-24))
	for l.cell > 40 && seatPanelHeight(l.cell, l.taskLines)+gap > budget {
		l.cell--
	}
	l.panelH = seatPanelHeight(l.cell, l.taskLines)
	if len(v.Seats) == 1 && v.Jael != nil {
		l.panelH = math.Max(l.panelH, s.jaelHeight(v.Jael))
	}
	l.legendY = l.seatsY + float64(rows)*(l.panelH+gap)
	if n := len(v.Seats); n > 1 && n < rows*l.cols {
		slot := kit.R(margin+float64(n%l.cols)*(l.panelW+gap), l.seatsY+float64(n/l.cols)*(l.panelH+gap), l.panelW, l.panelH)
		if float64(s.legendFlow(kit.R(0, 0, slot.W-24, 0), false))*legendRowH+16 <= slot.H {
			l.legendSlot = &slot
			l.legendH = -gap
		}
	}
	l.height = l.legendY + l.legendH + margin
	return l
}

// board draws the public board.
func (r *Renderer) board(v *dd.PublicView, m imaging.Meta) image.Image {
	probe := r.scene(16, 16, m)
	l := probe.plan(v)
	probe.c.Close()

	s := r.boardScene(boardW, int(math.Ceil(l.height)), m)
	defer s.c.Close()
	c := s.c
	s.topBar(v)
	inner := boardW - 2*margin
	halves := kit.R(margin, l.infoY, inner, infoH).Columns(2, gap)
	s.turnPanel(v, halves[0])
	s.orderPanel(v, halves[1])
	if l.showMarket {
		s.market(v, kit.R(margin, l.marketY, inner, l.marketH))
		s.tasksPanel(v, kit.R(margin, l.tasksY, inner, l.tasksH))
	} else {
		s.scoreSheet(v, kit.R(margin, l.marketY, inner, l.marketH))
	}
	for i := range v.Seats {
		col, row := i%l.cols, i/l.cols
		x := margin + float64(col)*(l.panelW+gap)
		y := l.seatsY + float64(row)*(l.panelH+gap)
		s.seatPanel(v, &v.Seats[i], kit.R(x, y, l.panelW, l.panelH), l.cell)
	}
	if len(v.Seats) == 1 && v.Jael != nil {
		s.jaelPanel(v, kit.R(margin+l.panelW+gap, l.seatsY, jaelW, l.panelH))
	}
	if l.legendSlot != nil {
		s.legend(*l.legendSlot)
	} else {
		s.legend(kit.R(margin, l.legendY, inner, l.legendH))
	}
	return c.Image()
}
