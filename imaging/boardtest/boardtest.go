// Package boardtest is what every game renderer's tests check of a
// drawing: it renders, has the board's width and a sane height, encodes to
// a PNG that decodes, and is saved as a sample when samples are on.
package boardtest

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/samples"
)

// Render draws view with r and checks the picture: width wide, between
// minH and maxH pixels tall, a PNG that decodes. It saves the PNG as
// sample (see package samples).
func Render(tb testing.TB, r imaging.Renderer, view any, m imaging.Meta, width, minH, maxH int, sample string) {
	tb.Helper()
	img, err := r.Render(view, m)
	if err != nil {
		tb.Fatalf("Render: %v", err)
	}
	b := img.Bounds()
	if b.Dx() != width || b.Dy() < minH || b.Dy() > maxH {
		tb.Fatalf("size %dx%d, want width %d and a height of %d to %d", b.Dx(), b.Dy(), width, minH, maxH)
	}
	data, err := kit.EncodePNG(img)
	if err != nil {
		tb.Fatalf("encode: %v", err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		tb.Fatalf("decode: %v", err)
	}
	samples.Write(tb, sample, data)
}
