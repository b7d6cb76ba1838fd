// Package boardbench is the board benchmark every game renderer runs, so
// that the figures in the README are measured alike for each game: drawing
// and PNG encoding together through imaging.Images (as the bot does), then
// each alone.
package boardbench

import (
	"testing"

	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// Run benchmarks the board of view drawn by the renderer newRenderer builds
// on a fresh kit, as sub-benchmarks draw+encode, draw and encode.
func Run(b *testing.B, gameID string, newRenderer func(*kit.Kit) imaging.Renderer, view any, m imaging.Meta) {
	b.Helper()
	k, err := kit.New()
	if err != nil {
		b.Fatal(err)
	}
	im := imaging.New(k)
	if err := im.Register(gameID, newRenderer(k)); err != nil {
		b.Fatal(err)
	}
	b.Run("draw+encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := im.Board(gameID, view, m); err != nil {
				b.Fatal(err)
			}
		}
	})
	r := newRenderer(k)
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.Render(view, m); err != nil {
				b.Fatal(err)
			}
		}
	})
	img, err := r.Render(view, m)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := k.EncodePNG(img); err != nil {
				b.Fatal(err)
			}
		}
	})
}
