package kit

import (
	"image"
	"image/color"
	"math"
	"strings"

	"golang.org/x/image/math/fixed"
)

// capHeight is the height of capitals in the Go fonts, as a share of the em.
const capHeight = 0.7

// Ink sets the text colour (and the gg fill colour).
func (c *Canvas) Ink(col color.Color) {
	c.ink = col
	c.SetColor(col)
}

// Measure is the advance width of s in the current face.
func (c *Canvas) Measure(s string) float64 {
	return c.face.measure(s)
}

// Text draws s so that its capitals are vertically centred on cy; ax anchors
// it horizontally (0 left, 0.5 centre, 1 right of x). Text ignores gg
// transforms: it is drawn straight into the image, which is much faster.
func (c *Canvas) Text(s string, x, cy, ax float64) {
	if s == "" {
		return
	}
	c.recordText(s)
	w := c.Measure(s)
	base := cy + c.size*capHeight/2
	dot := fixed.Point26_6{X: fixed.Int26_6(math.Round((x - ax*w) * 64)), Y: fixed.Int26_6(math.Round(base * 64))}
	c.face.draw(c.rgba, image.NewUniform(c.ink), dot, s)
}

// Fit picks the largest size between minPx and maxPx at which s fits in
// width, selects it, and returns s, ellipsized if even minPx is too wide.
func (c *Canvas) Fit(s string, w Weight, maxPx, minPx, width float64) string {
	c.Font(w, maxPx)
	tw := c.Measure(s)
	if tw <= width {
		return s
	}
	// Width scales almost linearly with size; correct downwards for hinting.
	size := math.Floor(maxPx * width / tw)
	for ; size >= minPx; size-- {
		c.Font(w, size)
		if c.Measure(s) <= width {
			return s
		}
	}
	c.Font(w, minPx)
	return c.Ellipsize(s, width)
}

// FitText is Fit followed by Text; it returns the size used.
func (c *Canvas) FitText(s string, w Weight, maxPx, minPx, x, cy, width, ax float64) float64 {
	s = c.Fit(s, w, maxPx, minPx, width)
	c.Text(s, x, cy, ax)
	return c.size
}

// Ellipsize shortens s with "…" until it fits width in the current face.
func (c *Canvas) Ellipsize(s string, width float64) string {
	if c.Measure(s) <= width {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		t := strings.TrimRight(string(r[:n]), " ") + "…"
		if c.Measure(t) <= width {
			return t
		}
	}
	return "…"
}

// Wrap breaks s into lines no wider than width in the current face. A
// word longer than a line is split only where it may be: after a hyphen it
// has, or at a break point the kit's hyphenation list gives for it
// (German compounds such as "Speise·kammer"), with a hyphen where the line
// ends. A word with no such point that fits stays whole and overflows its
// line: WrapBox then shrinks the font, or at its floor ellipsizes the line.
func (c *Canvas) Wrap(s string, width float64) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if c.Measure(try) <= width {
				line = try
				continue
			}
			if line != "" {
				lines = append(lines, line)
			}
			for c.Measure(word) > width {
				head, rest := c.splitWord(word, width)
				if rest == "" {
					break
				}
				lines = append(lines, head)
				word = rest
			}
			line = word
		}
		lines = append(lines, line)
	}
	return lines
}

// splitWord cuts the longest start of word that fits width at one of its
// break points (see Wrap), with a hyphen after it unless it ends in one;
// rest is "" when no break point leaves a start that fits.
func (c *Canvas) splitWord(word string, width float64) (head, rest string) {
	points := c.kit.hyphens.points(word)
	for i := len(points) - 1; i >= 0; i-- {
		head, rest = word[:points[i]], word[points[i]:]
		if !strings.HasSuffix(head, "-") {
			head += "-"
		}
		if c.Measure(head) <= width {
			return head, rest
		}
	}
	return word, ""
}

// WrapBox draws s wrapped into the box, shrinking from maxPx towards minPx
// until all lines fit its height and width (a word that cannot be split
// overflows its line, see Wrap); at minPx surplus lines are cut and the
// last one and any too wide ellipsized. Lines are centred vertically; ax
// aligns them horizontally.
func (c *Canvas) WrapBox(s string, w Weight, maxPx, minPx float64, box Rect, ax float64) {
	const spacing = 1.25
	var lines []string
	size := maxPx
	for ; ; size-- {
		if size < minPx {
			size = minPx
		}
		c.Font(w, size)
		lines = c.Wrap(s, box.W)
		if float64(len(lines))*size*spacing <= box.H && c.widest(lines) <= box.W || size == minPx {
			break
		}
	}
	fit := int(box.H / (size * spacing))
	if fit < 1 {
		fit = 1
	}
	if len(lines) > fit {
		lines = lines[:fit]
		lines[fit-1] = c.Ellipsize(lines[fit-1]+"…", box.W)
	}
	step := size * spacing
	y := box.Y + box.H/2 - step*float64(len(lines)-1)/2
	for i, l := range lines {
		if c.Measure(l) > box.W {
			// A word with no break point that fits (see Wrap): the
			// text log names it, so a test can ask for its break points.
			c.unbroken = l
			l = c.Ellipsize(l, box.W)
		}
		c.Text(l, box.X+ax*box.W, y+float64(i)*step, ax)
		c.unbroken = ""
	}
}

// widest is the advance width of the widest of lines.
func (c *Canvas) widest(lines []string) float64 {
	w := 0.0
	for _, l := range lines {
		w = max(w, c.Measure(l))
	}
	return w
}
