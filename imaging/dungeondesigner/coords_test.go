package dungeondesigner

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestLabelsMatchMoveIDs checks that the grid labels read exactly like the
// places in move ids ("put:r2c3:tl", group "r2c3"; "pick:17:c4"), in
// both languages, using prompts the real rules offer.
func TestLabelsMatchMoveIDs(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	groups, cols := map[string]bool{}, map[string]bool{}
	collect := func(s games.State) error {
		for _, p := range s.Pending() {
			for _, o := range p.Options {
				switch {
				case strings.HasPrefix(o.ID, "put:"):
					groups[o.Path[0].ID] = true
				case strings.HasPrefix(o.ID, "pick:"):
					cols[o.ID[strings.LastIndexByte(o.ID, ':')+1:]] = true
				}
			}
		}
		return nil
	}
	if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, 3, 9), games.NewRNG(9), games.SimMaxMoves, collect); err != nil {
		t.Fatalf("random play: %v", err)
	}
	if len(groups) < 8 || len(cols) != 4 {
		t.Fatalf("too few places seen: groups %v, columns %v", groups, cols)
	}
	for _, lang := range []string{"en", "de"} {
		s := r.scene(16, 16, meta(lang, games.Public))
		for group := range groups {
			var row, col int
			if _, err := fmt.Sscanf(group, "r%dc%d", &row, &col); err != nil {
				t.Fatalf("group %q: %v", group, err)
			}
			if got := s.rowLabel(row-1) + s.colLabel(col-1); got != group {
				t.Errorf("%s: cell labels %q, move group %q", lang, got, group)
			}
		}
		for id := range cols {
			var col int
			if _, err := fmt.Sscanf(id, "c%d", &col); err != nil {
				t.Fatalf("pick column %q: %v", id, err)
			}
			if got := s.colLabel(col - 1); got != id {
				t.Errorf("%s: column label %q, pick %q", lang, got, id)
			}
		}
		s.c.Close()
	}
}

// TestLabelsLineUpWithCells draws a hand-built dungeon and checks that
// each row label's ink lies beside its row and each column label's ink
// above its column, and that the one room sits in the labelled cell.
func TestLabelsLineUpWithCells(t *testing.T) {
	r := newRenderer(t)
	for _, cell := range []float64{60, 80, 120} {
		t.Run(fmt.Sprint(cell), func(t *testing.T) {
			s := r.scene(800, 800, meta("en", games.Public))
			defer s.c.Close()
			room := &dd.RoomView{Type: "masonry", Doors: [4]bool{true, false, true, false}}
			dv := dd.DungeonView{Entrance: 1, Exit: 3}
			dv.Rooms[1][2] = room // r2c3
			g := newDungeonGeom(10, 10, cell)
			s.dungeon(&dv, g, -1, 3)
			img := s.c.Image()
			inked := func(x, y int) bool { return img.Pix[img.PixOffset(x, y)+3] > 0 }
			grid := g.grid
			frameLeft := int(grid.X - grid.Gap*1.5)
			for row := 0; row < 4; row++ {
				band := grid.At(row, 0)
				n := 0
				for y := int(band.Y); y < int(band.Bottom()); y++ {
					for x := int(g.x); x < frameLeft-1; x++ {
						if inked(x, y) {
							n++
						}
					}
				}
				if n < 10 {
					t.Errorf("row %s: only %d ink pixels beside its cells", s.rowLabel(row), n)
				}
			}
			for col := 0; col < 4; col++ {
				band := grid.At(0, col)
				n := 0
				for y := int(g.y); y < int(g.y+g.label+4); y++ {
					for x := int(band.X); x < int(band.Right()); x++ {
						if inked(x, y) {
							n++
						}
					}
				}
				if n < 10 {
					t.Errorf("column %s: only %d ink pixels above its cells", s.colLabel(col), n)
				}
			}
			floor := func(row, col int) [3]uint8 {
				b := grid.At(row, col)
				o := img.PixOffset(int(b.X+b.W*0.3), int(b.Y+b.H*0.3))
				return [3]uint8{img.Pix[o], img.Pix[o+1], img.Pix[o+2]}
			}
			want := [3]uint8{masonryFloor.R, masonryFloor.G, masonryFloor.B}
			for row := 0; row < 4; row++ {
				for col := 0; col < 4; col++ {
					got := floor(row, col) == want
					if got != (row == 1 && col == 2) {
						t.Errorf("%s%s: masonry floor %v", s.rowLabel(row), s.colLabel(col), got)
					}
				}
			}
		})
	}
}

// TestSpotsNumberedAsOptions: while a seat places a tile, its own picture
// writes on every place the tile may go the number its option names it by
// ("Spot 3: row 2, column 1, top left"), readable on a phone, in both
// languages, for element spots and secret passages alike.
func TestSpotsNumberedAsOptions(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	var log kit.TextLog
	kinds := map[string]bool{}
	check := func(s games.State) error {
		v, ok := s.View(games.Public).(dd.PublicView)
		if !ok || v.Placing == nil || len(v.Placing.Places) == 0 {
			return nil
		}
		seat := v.Placing.Seat
		var prompt games.Prompt
		for _, p := range s.Pending() {
			if p.Seat == seat {
				prompt = p
			}
		}
		if len(prompt.Options) != len(v.Placing.Places) {
			t.Fatalf("%d places in the view, %d options", len(v.Placing.Places), len(prompt.Options))
		}
		lang := []string{"en", "de"}[len(kinds)%2]
		for i, o := range prompt.Options {
			pl := v.Placing.Places[i]
			if want := fmt.Sprintf("put:r%dc%d:%s", pl.Row, pl.Col, pl.Where); o.ID != want {
				t.Fatalf("place %d is %s, option %s", i, want, o.ID)
			}
			label := g.Info().Catalog.Localize(lang, o.Label)
			if word := map[string]string{"en": "Spot", "de": "Platz"}[lang]; !strings.HasPrefix(label, fmt.Sprintf("%s %d: ", word, pl.N)) {
				t.Fatalf("option %s is labelled %q, its place numbered %d", o.ID, label, pl.N)
			}
		}
		m := meta(lang, seat)
		m.Texts = &log
		log.Reset()
		if _, err := r.Render(s.View(seat), m); err != nil {
			return err
		}
		for _, pl := range v.Placing.Places {
			n := strconv.Itoa(pl.N)
			if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return u.Text == n && u.Decor == "" && u.Size >= readable }) {
				t.Fatalf("%s: place %+v is not numbered %s readably in the seat's picture", lang, pl, n)
			}
		}
		kinds[v.Placing.Places[0].Where] = true
		return nil
	}
	for seed := uint64(1); seed <= 6 && (len(kinds) < 2 || !hasPassage(kinds)); seed++ {
		if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, 3, seed), games.NewRNG(seed), games.SimMaxMoves, check); err != nil {
			t.Fatal(err)
		}
	}
	if !hasPassage(kinds) || len(kinds) < 2 {
		t.Fatalf("places checked only for %v; want element spots and passage edges", kinds)
	}
}

func hasPassage(kinds map[string]bool) bool {
	return kinds["t"] || kinds["r"] || kinds["b"] || kinds["l"]
}
