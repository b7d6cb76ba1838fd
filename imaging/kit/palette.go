package kit

import "image/color"

// rgb builds an opaque colour from a 0xRRGGBB literal.
func rgb(hex uint32) color.RGBA {
	return color.RGBA{uint8(hex >> 16), uint8(hex >> 8), uint8(hex), 0xff}
}

// The tavern look: dark wood behind parchment panels, brass trim, dark ink.
var (
	Wood       = rgb(0x2b1d14)
	WoodLight  = rgb(0x3a281b)
	WoodGrain  = rgb(0x33231a)
	Parchment  = rgb(0xf4e6c8)
	ParchDark  = rgb(0xe6d2a8)
	Brass      = rgb(0xc9a24a)
	BrassDark  = rgb(0x8a6a2a)
	Ink        = rgb(0x24170d)
	InkSoft    = rgb(0x5a4632)
	Cream      = rgb(0xf8ecd4)
	Muted      = rgb(0xb9a488)
	Highlight  = rgb(0xffd75e)
	MagicBlue  = rgb(0x2f7fd8)
	MagicDeep  = rgb(0x173f7a)
	StoneRed   = rgb(0xb3202a)
	StoneDeep  = rgb(0x5e0c14)
	Danger     = rgb(0xc0392b)
	Good       = rgb(0x2e8b57)
	CardBack   = rgb(0x4b2e6b)
	CardBackHi = rgb(0x7a56a3)
	// ShadowColor is an opaque stand-in for a soft shadow on wood.
	ShadowColor = rgb(0x120b07)
)

// seatColors is the Okabe–Ito palette, ordered so that the first four seats
// stay apart for every common form of colour blindness.
var seatColors = [...]color.RGBA{
	rgb(0xd55e00), // vermillion
	rgb(0x0072b2), // blue
	rgb(0x009e73), // bluish green
	rgb(0xf0e442), // yellow
	rgb(0xcc79a7), // reddish purple
	rgb(0x56b4e9), // sky blue
}

// Shape is the marker outline that identifies a seat besides its colour.
type Shape int

// Seat marker shapes, one per seat.
const (
	Circle Shape = iota
	Square
	Triangle
	Diamond
	Star
	Hexagon
)

// MaxSeats is how many distinct seat identities the kit provides.
const MaxSeats = len(seatColors)

// SeatColor is seat's colour; seats beyond MaxSeats wrap around.
func SeatColor(seat int) color.RGBA { return seatColors[wrapSeat(seat)] }

// SeatShape is seat's marker shape.
func SeatShape(seat int) Shape { return Shape(wrapSeat(seat)) }

// SeatLetter is the letter printed inside seat's marker (A, B, C…).
func SeatLetter(seat int) string { return string(rune('A' + wrapSeat(seat))) }

// OnColor is black or white, whichever reads better on c.
func OnColor(c color.RGBA) color.RGBA {
	lum := 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
	if lum > 140 {
		return Ink
	}
	return rgb(0xffffff)
}

// Tint mixes c with white (t > 0) or black (t < 0) by |t| in [0,1].
func Tint(c color.RGBA, t float64) color.RGBA {
	target := 255.0
	if t < 0 {
		target, t = 0, -t
	}
	mix := func(v uint8) uint8 { return uint8(float64(v) + (target-float64(v))*t + 0.5) }
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}

// Fade returns c with alpha a (0..1), premultiplied as image/color expects.
func Fade(c color.RGBA, a float64) color.RGBA {
	f := func(v uint8) uint8 { return uint8(float64(v)*a + 0.5) }
	return color.RGBA{f(c.R), f(c.G), f(c.B), uint8(255*a + 0.5)}
}

func wrapSeat(seat int) int {
	if seat < 0 {
		seat = -seat
	}
	return seat % len(seatColors)
}
