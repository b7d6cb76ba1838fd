package kit

import (
	"slices"
	"testing"
)

// TestTextLogRecordsSizesDecorAndSprites: every text a canvas draws is
// reported with its size, texts drawn as decoration carry their reason,
// and a sprite's texts are reported each time it is copied, also once it
// is cached.
func TestTextLogRecordsSizesDecorAndSprites(t *testing.T) {
	c, log, sprites := recordingCanvas(t)
	c.Font(Bold, 30)
	c.Text("Gold", 10, 20, 0)
	c.Decorative("repeats the header", func() {
		c.Font(Regular, 12)
		c.Text("caption", 10, 50, 0)
	})
	token := func(c *Canvas, cx, cy float64) {
		c.Font(Medium, 14)
		c.Text("Gn", cx, cy, 0.5)
	}
	sprites.Draw(c, "gn", 100, 50, 40, token)
	sprites.Draw(c, "gn", 140, 50, 40, token) // cached: drawn without painting
	c.Text("", 0, 0, 0)                       // nothing drawn, nothing reported
	want := []TextUse{
		{Text: "Gold", Size: 30},
		{Text: "caption", Size: 12, Decor: "repeats the header"},
		{Text: "Gn", Size: 14},
		{Text: "Gn", Size: 14},
	}
	if got := log.Uses(); !slices.Equal(got, want) {
		t.Errorf("recorded %v, want %v", got, want)
	}
	log.Reset()
	if got := log.Uses(); len(got) != 0 {
		t.Errorf("after Reset: %v", got)
	}
	c.Decorative("tokens in a thumbnail", func() { sprites.Draw(c, "gn", 100, 50, 40, token) })
	if got := log.Uses(); !slices.Equal(got, []TextUse{{Text: "Gn", Size: 14, Decor: "tokens in a thumbnail"}}) {
		t.Errorf("a sprite copied as decoration recorded %v", got)
	}
}

func TestDecorativeNeedsAReason(t *testing.T) {
	c := newKit(t).Canvas(10, 10)
	defer c.Close()
	defer func() {
		if recover() == nil {
			t.Error("Decorative without a reason did not panic")
		}
	}()
	c.Decorative("", func() {})
}

// TestTextLogRecordsPictograms: a pictogram is reported with its drawn
// size like a text, marked as a pictogram, with the decoration around it,
// and once per copy of a sprite it is drawn in.
func TestTextLogRecordsPictograms(t *testing.T) {
	c, log, sprites := recordingCanvas(t)
	c.Pictogram("goal: line", 40)
	c.Decorative("a crowded tile", func() { c.Pictogram("goal: group", 12) })
	mark := func(c *Canvas, cx, cy float64) { c.Pictogram("goal: shield", 20) }
	sprites.Draw(c, "shield", 50, 50, 24, mark)
	sprites.Draw(c, "shield", 90, 50, 24, mark)
	want := []TextUse{
		{Text: "goal: line", Size: 40, Pictogram: true},
		{Text: "goal: group", Size: 12, Decor: "a crowded tile", Pictogram: true},
		{Text: "goal: shield", Size: 20, Pictogram: true},
		{Text: "goal: shield", Size: 20, Pictogram: true},
	}
	if got := log.Uses(); !slices.Equal(got, want) {
		t.Errorf("recorded %v, want %v", got, want)
	}
}

// recordingCanvas is a canvas reporting its texts to a log, and a sprite
// cache to draw on it with.
func recordingCanvas(t *testing.T) (*Canvas, *TextLog, *Sprites) {
	k := newKit(t)
	var log TextLog
	c := k.Canvas(200, 100)
	t.Cleanup(c.Close)
	c.RecordTexts(&log)
	return c, &log, k.NewSprites(8)
}
