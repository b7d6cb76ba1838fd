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
	maxBoardH = 3600
	margin    = 20.0
	gap       = 12.0
	topBarH   = 76.0  // the private picture's title bar
	boardTopH = 132.0 // the private picture's: name, then year and phase
	pubTopH   = 180.0 // the public board's: title, the card piles, the tile piles
	turnH     = 190.0
	orderH    = 164.0
	stallH    = 262.0 // a title line and two parts of tileR 44
	jaelW     = 560.0
	maxThumb  = 80.0 // the largest cell of a dungeon thumbnail
)

// layout is where the parts of the public board go. It depends only on the
// player count, so the board keeps one height from move to move (a phone
// keeps its scroll position).
type layout struct {
	cols      int
	panelW    float64
	panelH    float64
	cell      float64
	turnY     float64
	orderY    float64
	marketY   float64 // stalls, or the score sheet when over
	marketH   float64
	tasksY    float64
	tasksH    float64
	seatsY    float64
	legendY   float64
	legendH   float64
	height    float64
	taskSlots int
}

// seatColumns is how many seat panels stand side by side: every seat in
// one row, so that four or five players' board stays within 1.5 phone
// screens (2.25 times as tall as wide; two rows of panels made it 2.9).
func seatColumns(players int) int {
	return max(players, 1)
}

// maxSeatTasks is the most tasks a seat takes in a game.
const maxSeatTasks = 3

// stallRows is how many rows of two stalls the market needs for players.
func stallRows(players int) int {
	if players >= 4 {
		return 2
	}
	return 1
}

// plan lays out the board for v.
func (s *scene) plan(v *dd.PublicView) layout {
	n := len(v.Seats)
	l := layout{cols: seatColumns(n), taskSlots: max(v.TaskSlots, len(v.OpenTasks), 1)}
	inner := boardW - 2*margin
	if n == 1 {
		l.panelW = inner - jaelW - gap
	} else {
		l.panelW = (inner - gap*float64(l.cols-1)) / float64(l.cols)
	}
	l.turnY = pubTopH + gap
	l.orderY = l.turnY + turnH + gap
	l.marketY = l.orderY + orderH + gap
	l.marketH = float64(stallRows(n))*(stallH+gap) - gap
	l.tasksY = l.marketY + l.marketH + gap
	l.tasksH = taskArea{s}.tasksHeight(v, l.taskSlots)
	l.seatsY = l.tasksY + l.tasksH + gap
	l.cell = math.Min(maxThumb, cellFor(l.panelW-24))
	l.panelH = seatPanelHeight(l.panelW, l.cell)
	if n == 1 && v.Jael != nil {
		l.panelH = math.Max(l.panelH, s.jaelHeight(v.Jael))
	}
	rows := (n + l.cols - 1) / l.cols
	l.legendY = l.seatsY + float64(rows)*(l.panelH+gap)
	l.legendH = s.legendHeight(false)
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
	headArea{s}.topBar(v)
	inner := boardW - 2*margin
	headArea{s}.turnPanel(v, kit.R(margin, l.turnY, inner, turnH))
	headArea{s}.orderPanel(v, kit.R(margin, l.orderY, inner, orderH))
	if v.Phase == dd.PhaseOver && len(v.Scores) > 0 {
		s.scoreSheet(v, kit.R(margin, l.marketY, inner, l.tasksY+l.tasksH-l.marketY))
	} else {
		stallArea{s}.market(v, kit.R(margin, l.marketY, inner, l.marketH))
		taskArea{s}.tasksPanel(v, kit.R(margin, l.tasksY, inner, l.tasksH), l.taskSlots)
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
	s.legend(kit.R(margin, l.legendY, inner, l.legendH), false)
	return c.Image()
}
