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
	k := newKit(t)
	sprites := k.NewSprites(8)
	var log TextLog
	c := k.Canvas(200, 100)
	defer c.Close()
	c.RecordTexts(&log)
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
