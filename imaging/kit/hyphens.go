package kit

import (
	_ "embed"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// hyphensText lists the long words of the games' names with the places
// they may break at the end of a line, marked "·" ("Speise·kammer"): a
// word split anywhere else reads wrong ("Speiseka-mmer"), so Wrap splits
// only there or after a hyphen the word has.
//
//go:embed hyphens.txt
var hyphensText string

// hyphens maps a word to the byte offsets it may break at.
type hyphens map[string][]int

// parseHyphens reads the list's lines: a word with its break points, or a
// comment after "#".
func parseHyphens(text string) hyphens {
	h := hyphens{}
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		for _, marked := range strings.Fields(line) {
			var word strings.Builder
			var at []int
			for _, r := range marked {
				if r == '·' {
					at = append(at, word.Len())
					continue
				}
				word.WriteRune(r)
			}
			h[word.String()] = at
		}
	}
	return h
}

// points are the byte offsets word may break at: after each hyphen inside
// it and at the listed points of the word it holds between punctuation
// ("„Speisekammer“," breaks as "Speisekammer" does), in increasing order.
func (h hyphens) points(word string) []int {
	start := strings.IndexFunc(word, isWordRune)
	if start < 0 {
		return nil
	}
	end := strings.LastIndexFunc(word, isWordRune)
	_, last := utf8.DecodeRuneInString(word[end:])
	core := word[start : end+last]
	var at []int
	for _, p := range h[core] {
		at = append(at, start+p)
	}
	for i, r := range core {
		if r == '-' && i > 0 && i+1 < len(core) {
			at = append(at, start+i+1)
		}
	}
	slices.Sort(at)
	return at
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
