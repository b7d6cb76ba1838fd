package kit

import (
	"image/color"
	"strconv"
	"unicode"
)

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

// SeatLetter is the letter printed inside seat's marker (A, B, C…) when
// the player's name gives no initial.
func SeatLetter(seat int) string { return string(rune('A' + wrapSeat(seat))) }

// Initials are the texts of the players' seat markers, by seat: each
// name's first letter or digit, upper-cased; players who share it get their
// first two; if those are shared too, the initial and the seat number. A
// name without a letter or digit gets the seat's letter.
func Initials(names []string) []string {
	prefix := func(seat, n int) string {
		var rs []rune
		for _, r := range names[seat] {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				rs = append(rs, r)
			}
		}
		if len(rs) == 0 {
			return SeatLetter(seat)
		}
		out := string(unicode.ToUpper(rs[0]))
		if n > 1 && len(rs) > 1 {
			out += string(unicode.ToLower(rs[1]))
		}
		return out
	}
	out := make([]string, len(names))
	for n := 1; n <= 2; n++ {
		count := map[string]int{}
		for seat := range names {
			count[prefix(seat, n)]++
		}
		for seat := range names {
			if p := prefix(seat, n); out[seat] == "" && count[p] == 1 {
				out[seat] = p
			}
		}
	}
	for seat := range out {
		if out[seat] == "" {
			out[seat] = prefix(seat, 1) + strconv.Itoa(seat+1)
		}
	}
	return out
}

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
