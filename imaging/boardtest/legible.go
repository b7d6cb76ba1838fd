package boardtest

import (
	"cmp"
	"slices"

	"github.com/tavern-bot/tavern/imaging/kit"
)

// A phone shows a picture at most PhoneWidth pixels wide (scaling wider
// ones down, showing narrower ones as they are), and a player reads text
// there only from PhoneMinPx pixels on (issue 15): 33 px on a 1200 px board.
const (
	PhoneWidth = 400
	PhoneMinPx = 11.0
)

// OnPhone is how many pixels tall text drawn at size px on a picture width
// pixels wide is on a phone.
func OnPhone(size float64, width int) float64 {
	return size * float64(min(width, PhoneWidth)) / float64(width)
}

// Illegible lists the texts of uses that a player needs (not marked as
// decoration) and that are smaller than phonePx on a phone, for a picture
// width pixels wide, smallest first.
func Illegible(uses []kit.TextUse, width int, phonePx float64) []kit.TextUse {
	least := phonePx * float64(max(width, PhoneWidth)) / PhoneWidth
	var small []kit.TextUse
	for _, u := range uses {
		if u.Decor == "" && u.Size < least {
			small = append(small, u)
		}
	}
	slices.SortStableFunc(small, func(a, b kit.TextUse) int { return cmp.Compare(a.Size, b.Size) })
	return small
}

// Unbroken lists the texts of uses that a player needs and that were cut
// short because a word had no break point (kit.TextUse.Unbroken): the
// word belongs in kit's hyphenation list, or its box is too small.
func Unbroken(uses []kit.TextUse) []kit.TextUse {
	var cut []kit.TextUse
	for _, u := range uses {
		if u.Decor == "" && u.Unbroken != "" {
			cut = append(cut, u)
		}
	}
	return cut
}
