package zauberschwert

import (
	"strconv"

	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// info draws what is happening now: the step, a running auction or fight,
// and whose decision is awaited.
func (s *scene) info(v *zs.PublicView, r kit.Rect) {
	c := s.c
	c.Panel(r)
	in := r.Inset(22)
	step := s.w.T("zsimg.step." + v.Step)
	switch {
	case v.Over:
		step = s.w.T("zsimg.over")
	case v.Auction != nil:
		step += ": " + s.cardName(v, v.Auction.Slot)
	}
	// A running auction or fight lists its seats with their state, which
	// already shows whose turn it is; otherwise a box names them.
	showWaiting := !v.Over && len(v.Turn) > 0 && v.Auction == nil && v.Fight == nil
	c.Ink(kit.Ink)
	c.WrapBox(step, kit.Bold, 40, readable, kit.R(in.X, in.Y-6, in.W, 96), 0)
	c.SetColor(kit.Muted)
	c.SetLineWidth(2)
	c.DrawLine(in.X, in.Y+96, in.Right(), in.Y+96)
	c.Stroke()

	block := kit.R(in.X, in.Y+110, in.W, in.H-110)
	waitH := waitingHeight(len(v.Turn))
	if showWaiting {
		block.H -= waitH + 12
	}
	switch {
	case v.Auction != nil:
		s.auction(v, v.Auction, block)
	case v.Fight != nil:
		s.fight(v, v.Fight, block)
	case v.SpellTurn >= 0 && !v.Over:
		kit.Scroll(c, block.X+26, block.Y+42, 24)
		c.Ink(kit.Ink)
		c.WrapBox(s.w.T("zsimg.spell.turn", "name", s.m.Name(v.SpellTurn)), kit.Bold, readable, readable, kit.R(block.X+64, block.Y, block.W-64, 88), 0)
		block.Y += 96
		block.H -= 96
		fallthrough
	default:
		if key := "zsimg.hint." + v.Step; s.w.Has(key) && block.H > 40 {
			c.Ink(kit.InkSoft)
			c.WrapBox(s.w.T(key), kit.Medium, readable, readable, block, 0)
		}
	}
	if !showWaiting {
		return
	}
	s.waiting(v.Turn, kit.R(in.X, in.Bottom()-waitH, in.W, waitH))
}

func (s *scene) cardName(v *zs.PublicView, slot int) string {
	for _, d := range v.Display {
		if d.Slot == slot {
			return s.w.T(d.Card.Name)
		}
	}
	return ""
}

func (s *scene) auction(v *zs.PublicView, a *zs.AuctionView, r kit.Rect) {
	c := s.c
	y := r.Y + 24
	if a.HighSeat >= 0 {
		kit.Drop(c, r.X+22, y, 22)
		c.Ink(kit.MagicDeep)
		c.Font(kit.Bold, 52)
		num := strconv.Itoa(a.High)
		c.Text(num, r.X+52, y, 0)
		x := r.X + 52 + c.Measure(num) + 18
		c.Decorative("the player's name follows the marker", func() { c.SeatMarker(a.HighSeat, x+18, y, 18) })
		c.Ink(kit.Ink)
		c.FitText(s.m.Name(a.HighSeat), kit.Bold, 38, readable, x+44, y, r.Right()-x-44, 0)
	} else {
		c.Ink(kit.Ink)
		c.WrapBox(s.w.T("zsimg.no.bid", "n", a.MinBid), kit.Medium, readable, readable, kit.R(r.X, y-24, r.W, 132), 0)
		y += 88
	}
	s.seatList(a.Bidders, kit.R(r.X, y+42, r.W, r.Bottom()-y-42), func(seat int) status {
		switch {
		case contains(a.Out, seat):
			return status{text: s.w.T("zsimg.out")}
		case seat == a.Turn:
			return status{text: "← " + s.w.T("zsimg.to.bid"), active: true}
		}
		return status{active: true}
	})
}

func (s *scene) fight(v *zs.PublicView, f *zs.FightView, r kit.Rect) {
	c := s.c
	c.Disc(r.X+28, r.Y+24, 28, kit.StoneRed, kit.StoneDeep, 2)
	c.Ink(kit.Cream)
	c.Font(kit.Bold, 36)
	c.Text(strconv.Itoa(f.Strength), r.X+28, r.Y+24, 0.5)
	c.Ink(kit.InkSoft)
	c.WrapBox(s.w.T("zsimg.fight.for", "card", s.cardName(v, f.Slot)), kit.Bold, readable, readable, kit.R(r.X+66, r.Y-20, r.W-66, 88), 0)
	y := r.Y + 76
	if f.Mode != "" {
		c.Ink(kit.Ink)
		c.WrapBox(s.w.T("zsimg.mode."+f.Mode), kit.Bold, readable, readable, kit.R(r.X, y-16, r.W, 88), 0)
		y += 92
	}
	s.seatList(f.Involved, kit.R(r.X, y, r.W, r.Bottom()-y), func(seat int) status {
		if f.Mode != "" {
			if ch, ok := f.Choices[seat]; ok {
				return status{text: s.w.T("zsimg.mode." + ch), active: true}
			}
			return status{active: true}
		}
		if contains(f.Decided, seat) {
			return status{text: s.w.T("zsimg.decided"), active: true, check: true}
		}
		return status{text: s.w.T("zsimg.undecided"), active: true}
	})
}

// status is a seat's state in a list: a word, greyed out when inactive,
// with a tick when check is set.
type status struct {
	text   string
	active bool
	check  bool
}

// seatList draws seats as rows of marker, name and a status word; inactive
// seats are greyed out and struck through. A name the status would leave
// too little room to be read whole gets a line of its own, with the status
// under it, while the list has room for that line.
func (s *scene) seatList(seats []int, r kit.Rect, statusOf func(int) status) {
	c := s.c
	const rowH = 58.0
	statuses := make([]status, len(seats))
	split := make([]bool, len(seats))
	height := rowH * float64(len(seats))
	c.Font(kit.Bold, readable)
	for i, seat := range seats {
		statuses[i] = statusOf(seat)
		if statuses[i].text != "" && c.Measure(s.m.Name(seat)) > r.W-44-statusWidth(c, statuses[i], rowH) && height+rowH <= r.H {
			split[i] = true
			height += rowH
		}
	}
	y := r.Y
	for i, seat := range seats {
		cy := y + rowH/2
		st := statuses[i]
		c.Decorative("the player's name follows the marker", func() { c.SeatMarker(seat, r.X+18, cy, 18) })
		ink := kit.Ink
		if !st.active {
			ink = kit.Muted
		}
		statusY, nameW := cy, r.W-44
		if split[i] {
			statusY = cy + rowH
		} else {
			nameW -= statusWidth(c, st, rowH)
		}
		if st.text != "" {
			c.Font(kit.Bold, readable)
			c.Ink(ink)
			c.Text(st.text, r.Right(), statusY, 1)
			if st.check {
				kit.Check(c, r.Right()-c.Measure(st.text)-20, statusY, rowH*0.3, kit.Good)
			}
		}
		c.Ink(ink)
		c.FitText(s.m.Name(seat), kit.Bold, 38, readable, r.X+44, cy, nameW, 0)
		if !st.active {
			w := c.Measure(c.Ellipsize(s.m.Name(seat), nameW))
			c.SetColor(kit.Muted)
			c.SetLineWidth(2)
			c.DrawLine(r.X+44, cy, r.X+44+w, cy)
			c.Stroke()
		}
		y += rowH
		if split[i] {
			y += rowH
		}
	}
}

// statusWidth is the room a seat list row's status takes beside the name:
// its word, a gap and its tick.
func statusWidth(c *kit.Canvas, st status, rowH float64) float64 {
	if st.text == "" {
		return 0
	}
	c.Font(kit.Bold, readable)
	w := c.Measure(st.text) + 12
	if st.check {
		w += rowH * 0.7
	}
	return w
}

// waitingHeight is the height of the waiting box for n seats, one per line.
func waitingHeight(n int) float64 {
	return 56 + 52*float64(max(n, 1))
}

// waiting lists the seats whose decision is awaited, one per line.
func (s *scene) waiting(turn []int, r kit.Rect) {
	c := s.c
	c.RoundRect(r, 12, kit.Tint(kit.Highlight, 0.55), kit.BrassDark, 2)
	kit.Hourglass(c, r.X+28, r.Y+30, 20)
	c.Ink(kit.InkSoft)
	c.Font(kit.Medium, readable)
	c.Text(s.w.T("zsimg.waiting"), r.X+58, r.Y+30, 0)
	for i, seat := range turn {
		cy := r.Y + 56 + 26 + float64(i)*52
		c.Decorative("the player's name follows the marker", func() { c.SeatMarker(seat, r.X+30, cy, 17) })
		c.Ink(kit.Ink)
		c.FitText(s.m.Name(seat), kit.Bold, 38, readable, r.X+56, cy, r.W-68, 0)
	}
}
