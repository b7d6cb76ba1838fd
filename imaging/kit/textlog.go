package kit

import (
	"fmt"
	"sync"
)

// TextUse is one text a canvas drew: what it said and at which pixel size,
// and, for text a player does not need to read, why (see Decorative).
type TextUse struct {
	Text  string
	Size  float64
	Decor string // the reason the text is decoration; "" for text a player reads
	// Unbroken is the line this text ellipsizes because a word of it
	// could not break where it may (kit's hyphenation list) and did not
	// fit even at the text's smallest size; "" for a whole text.
	Unbroken string
	// Pictogram marks a pictogram a player tells apart from others by its
	// shape (see Canvas.Pictogram); Size is then its drawn extent.
	Pictogram bool
}

func (u TextUse) String() string {
	if u.Pictogram {
		if u.Decor != "" {
			return fmt.Sprintf("pictogram %q at %.0f px (decoration: %s)", u.Text, u.Size, u.Decor)
		}
		return fmt.Sprintf("pictogram %q at %.0f px", u.Text, u.Size)
	}
	if u.Unbroken != "" {
		return fmt.Sprintf("%q at %.0f px (cut from %q: a word without break points)", u.Text, u.Size, u.Unbroken)
	}
	if u.Decor != "" {
		return fmt.Sprintf("%q at %.0f px (decoration: %s)", u.Text, u.Size, u.Decor)
	}
	return fmt.Sprintf("%q at %.0f px", u.Text, u.Size)
}

// TextLog collects every text the canvases it is given to draw, so that a
// test can measure the font sizes a renderer uses instead of judging a
// picture by eye. A nil *TextLog records nothing. It is safe for
// concurrent use.
type TextLog struct {
	mu   sync.Mutex
	uses []TextUse
}

// Uses are the texts recorded so far, in drawing order.
func (l *TextLog) Uses() []TextUse {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]TextUse(nil), l.uses...)
}

// Reset forgets what was recorded, to measure the next picture.
func (l *TextLog) Reset() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.uses = l.uses[:0]
	l.mu.Unlock()
}

func (l *TextLog) add(us ...TextUse) {
	if l == nil || len(us) == 0 {
		return
	}
	l.mu.Lock()
	l.uses = append(l.uses, us...)
	l.mu.Unlock()
}

// RecordTexts makes c report every text it draws to log (nil: none).
func (c *Canvas) RecordTexts(log *TextLog) { c.texts = log }

// Decorative draws with draw the texts that no player needs to read (a
// caption repeating what a picture or a larger text already says), marked
// with reason, which the call site must give: text measurements exempt
// them from the size a phone needs, and report the reason.
func (c *Canvas) Decorative(reason string, draw func()) {
	if reason == "" {
		panic("kit: Decorative needs a reason")
	}
	was := c.decor
	c.decor = reason
	defer func() { c.decor = was }()
	draw()
}

// Pictogram reports a pictogram drawn size px wide and tall (its extent,
// outline included) that a player must recognize, named by what it means
// ("goal: line"): a text log measures it like a text of that size, so a
// phone shows it at least as large as the smallest readable letter.
func (c *Canvas) Pictogram(name string, size float64) {
	if c.texts != nil {
		c.texts.add(TextUse{Text: name, Size: size, Decor: c.decor, Pictogram: true})
	}
}

// recordText notes one drawn text.
func (c *Canvas) recordText(s string) {
	if c.texts != nil {
		c.texts.add(TextUse{Text: s, Size: c.size, Decor: c.decor, Unbroken: c.unbroken})
	}
}

// replayTexts records texts a sprite drew when it was painted, each time
// the sprite is copied onto c; the copy's decoration applies to texts the
// sprite did not mark itself.
func (c *Canvas) replayTexts(us []TextUse) {
	if c.texts == nil {
		return
	}
	for _, u := range us {
		if u.Decor == "" {
			u.Decor = c.decor
		}
		c.texts.add(u)
	}
}
