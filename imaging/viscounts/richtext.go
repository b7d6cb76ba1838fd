package viscounts

import (
	"strings"

	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// The game's texts mark townsfolk icons with emoji (💰 🔨 👑 📜 💀), which
// the embedded fonts lack: pictures draw the icons in their place.
var emojiIcons = map[rune]vc.Icon{'💰': vc.Merchant, '🔨': vc.Builder, '👑': vc.Noble, '📜': vc.Cleric, '💀': vc.Criminal}

// Rich text is set at one size, its icons as tall as its capitals.
const (
	richPx    = 34
	richIconR = iconR
	richLineH = 44
)

// richWidth is the width of a word with its emoji drawn as icons.
func (s *scene) richWidth(word string) float64 {
	w := 0.0
	s.c.Font(kit.Regular, richPx)
	for _, part := range splitIcons(word) {
		if part.icon >= 0 {
			w += 2*richIconR + 2
		} else {
			w += s.c.Measure(part.text)
		}
	}
	return w
}

// wrapRich breaks text into lines of words no wider than width (a longer
// word stands on a line of its own).
func (s *scene) wrapRich(text string, width float64) [][]string {
	var lines [][]string
	space := s.measure(" ", kit.Regular, richPx)
	for _, para := range strings.Split(text, "\n") {
		var line []string
		lw := 0.0
		for _, word := range strings.Fields(para) {
			ww := s.richWidth(word)
			if len(line) > 0 && lw+space+ww > width {
				lines = append(lines, line)
				line, lw = nil, 0
			}
			if len(line) > 0 {
				lw += space
			}
			line = append(line, word)
			lw += ww
		}
		if len(line) > 0 {
			lines = append(lines, line)
		}
	}
	return lines
}

// drawRich draws wrapped lines from (x, y), the first line centred on y.
func (s *scene) drawRich(lines [][]string, x, y float64) {
	space := s.measure(" ", kit.Regular, richPx)
	for k, line := range lines {
		cx, cy := x, y+float64(k)*richLineH
		for j, word := range line {
			if j > 0 {
				cx += space
			}
			for _, part := range splitIcons(word) {
				if part.icon >= 0 {
					s.folkIcon(part.icon, cx+richIconR+1, cy, richIconR)
					cx += 2*richIconR + 2
					continue
				}
				s.ink(kit.Ink)
				cx += s.say(part.text, kit.Regular, richPx, cx, cy, 0)
			}
		}
	}
}

// richPart is a piece of a word: text, or an icon (icon ≥ 0).
type richPart struct {
	text string
	icon vc.Icon
}

func splitIcons(word string) []richPart {
	var parts []richPart
	start := 0
	for i, r := range word {
		ic, ok := emojiIcons[r]
		if !ok {
			continue
		}
		if i > start {
			parts = append(parts, richPart{text: word[start:i], icon: -1})
		}
		parts = append(parts, richPart{icon: ic})
		start = i + len(string(r))
	}
	if start < len(word) {
		parts = append(parts, richPart{text: word[start:], icon: -1})
	}
	return parts
}
