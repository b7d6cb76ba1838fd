package sorcerercity

import (
	"testing"

	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// silhouette draws a pictogram as a phone shows it at the floor (an
// 11 px box) and returns which pixels it covers.
func silhouette(t *testing.T, r *Renderer, draw func(s *scene, x, y, size float64)) []bool {
	t.Helper()
	const px = int(boardtest.PhoneMinPx)
	s := &scene{c: r.kit.Canvas(px, px), w: imaging.NewWords(imaging.Meta{Lang: "en"}, r.own), cs: r.c, sprites: r.sprites}
	draw(s, float64(px)/2, float64(px)/2, float64(px))
	img := s.c.Image()
	covered := make([]bool, px*px)
	for k := range covered {
		covered[k] = img.Pix[4*k+3] >= 128 // more than half covered
	}
	return covered
}

// TestPictogramsDifferInShape: the pictograms a player tells apart on a
// tile (the four colours' signs and the sign of any colour; the three
// goals) differ in outline at the size a phone shows them at the floor,
// not only in small detail: every two of a kind cover different pixels
// over a good part of their area.
func TestPictogramsDifferInShape(t *testing.T) {
	r, _ := newRenderer(t)
	type shape struct {
		name string
		draw func(s *scene, x, y, size float64)
	}
	var signs, goals []shape
	for _, col := range sc.Colours {
		signs = append(signs, shape{colourNames[col], func(s *scene, x, y, size float64) { s.sideSign([]sc.Colour{col}, x, y, size) }})
	}
	signs = append(signs, shape{"any", func(s *scene, x, y, size float64) { s.sideSign(singleColours(sc.All), x, y, size) }})
	for _, kind := range goalKinds {
		goals = append(goals, shape{string(kind), func(s *scene, x, y, size float64) {
			s.goal(kit.R(x-size/2, y-size/2, size, size), sc.Goal{Kind: kind, Res: sc.Money})
		}})
	}
	const least = 0.2 // of the pixels either covers
	for _, set := range [][]shape{signs, goals} {
		masks := make([][]bool, len(set))
		for k, sh := range set {
			masks[k] = silhouette(t, r, sh.draw)
		}
		for a := range set {
			for b := a + 1; b < len(set); b++ {
				differ, either := 0, 0
				for k := range masks[a] {
					if masks[a][k] || masks[b][k] {
						either++
					}
					if masks[a][k] != masks[b][k] {
						differ++
					}
				}
				share := float64(differ) / float64(max(either, 1))
				t.Logf("%s vs %s: %.2f of their pixels differ", set[a].name, set[b].name, share)
				if share < least {
					t.Errorf("%s and %s differ in %.0f%% of their pixels at %v px, want %.0f%% or more", set[a].name, set[b].name, 100*share, boardtest.PhoneMinPx, 100*least)
				}
			}
		}
	}
}
