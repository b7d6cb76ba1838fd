package replay_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/replay"
	"github.com/tavern-bot/tavern/lineup"
)

// played is a complete game of one of Tavern's games, with its public
// boards and a way to draw them.
type played struct {
	id     string
	views  []any
	rounds []int // each view's round
	draw   replay.Draw
	im     *imaging.Images
	meta   imaging.Meta
}

// playGame plays gameID at random to the end with players seats and
// returns the public view at the start and after every commit.
func playGame(tb testing.TB, gameID string, players int, seed uint64) played {
	tb.Helper()
	k, err := kit.New()
	if err != nil {
		tb.Fatal(err)
	}
	im := imaging.New(k)
	var g games.Game
	for _, line := range lineup.Games() {
		if line.Rules.Info().ID == gameID {
			g = line.Rules
			if err := im.Register(gameID, line.Board(k)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if g == nil {
		tb.Fatalf("no game %q in the lineup", gameID)
	}
	setup := games.DefaultSetup(g, players, seed)
	moves, _, err := games.RandomPlay(g, setup, games.NewRNG(seed), games.SimMaxMoves, nil)
	if err != nil {
		tb.Fatalf("%s: random play: %v", gameID, err)
	}
	// The log a table keeps: which moves were steps inside a turn.
	st, err := g.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	log := make([]games.Logged, len(moves))
	for i, m := range moves {
		out, err := st.Apply(m.Seat, m.ID)
		if err != nil {
			tb.Fatal(err)
		}
		log[i] = games.Logged{Move: m, Uncommitted: out.Uncommitted}
	}
	course, err := games.PublicCourse(g, setup, log)
	if err != nil {
		tb.Fatal(err)
	}
	views := course.Views
	meta := imaging.Meta{Lang: "en", Catalog: g.Info().Catalog, Players: []string{"Ada", "Bo", "Cy", "Di", "Ed", "Fe"}[:players], Viewer: games.Public}
	return played{id: gameID, views: views, rounds: course.Rounds, im: im, meta: meta,
		draw: func(view any) (image.Image, error) { return im.Draw(gameID, view, meta) }}
}

func TestReplayOfEveryGame(t *testing.T) {
	maxFrames := everyGameOptions.MaxFrames
	if maxFrames == 0 {
		maxFrames = replay.DefaultMaxFrames
	}
	for _, tc := range []struct {
		game    string
		players int
	}{
		{"zauberschwert", 2},
		{"dungeon-designer", 2},
		{"sorcerer-city", 2},
		{"viscounts", 2},
	} {
		t.Run(tc.game, func(t *testing.T) {
			p := playGame(t, tc.game, tc.players, 7)
			if len(p.rounds) != len(p.views) || p.rounds[0] != 1 || p.rounds[len(p.rounds)-1] < 2 {
				t.Fatalf("rounds %v for %d views: every game counts rounds from 1", p.rounds, len(p.views))
			}
			opt := everyGameOptions
			opt.Rounds = p.rounds
			res, err := replay.Encode(p.views, p.draw, p.im.Recycle, opt)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := delays(t, res.GIF), replay.Delays(res.Shown, p.rounds); !slices.Equal(got, want) {
				t.Fatalf("frame delays %v, want %v (timed by round)", got, want)
			}
			if len(res.GIF) >= 10<<20 {
				t.Fatalf("replay is %d bytes, not under 10 MiB", len(res.GIF))
			}
			if want := replay.Sample(len(p.views), maxFrames); !slices.Equal(res.Shown, want) {
				t.Fatalf("shown boards %v, want %v (one per commit, or the documented sample)", res.Shown, want)
			}
			frames := decode(t, res.GIF)
			if len(frames) != len(res.Shown) {
				t.Fatalf("%d frames, want %d", len(frames), len(res.Shown))
			}
			if len(p.views) <= maxFrames && len(frames) != len(p.views) {
				t.Fatalf("%d frames for %d commits (with the start)", len(frames), len(p.views))
			}
			pal := paletteOf(t, res.GIF)
			// Every frame is the public board of its commit, after the
			// same scaling and palette; a sample of frames keeps it quick.
			for _, k := range replay.Sample(len(frames), 6) {
				full, err := p.draw(p.views[res.Shown[k]])
				if err != nil {
					t.Fatal(err)
				}
				want := replay.NewMapper(pal).Quantize(replay.Scale(full, res.Width))
				if diff := compare(frames[k], want); diff != "" {
					t.Fatalf("frame %d (board %d): %s", k, res.Shown[k], diff)
				}
			}
		})
	}
}

// A replay too big for the limit falls back to a smaller scale, then to
// fewer frames; one that cannot fit says so.
func TestReplayFitsTheLimit(t *testing.T) {
	p := playGame(t, "zauberschwert", 2, 3)
	opt := replay.Options{Width: 200, MaxFrames: 20}
	full, err := replay.Encode(p.views, p.draw, p.im.Recycle, opt)
	if err != nil {
		t.Fatal(err)
	}
	limit := len(full.GIF) * 2 / 3
	opt.MaxBytes = limit
	small, err := replay.Encode(p.views, p.draw, p.im.Recycle, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(small.GIF) > limit || (small.Width >= full.Width && len(small.Shown) >= len(full.Shown)) {
		t.Fatalf("limit %d: got %d bytes, width %d, %d frames (full: width %d, %d frames)", limit, len(small.GIF), small.Width, len(small.Shown), full.Width, len(full.Shown))
	}
	if got := len(decode(t, small.GIF)); got != len(small.Shown) {
		t.Fatalf("%d frames decoded, %d shown", got, len(small.Shown))
	}
	opt.MaxBytes = 100
	if _, err := replay.Encode(p.views, p.draw, p.im.Recycle, opt); err == nil {
		t.Fatal("a 100-byte limit was met")
	}
}

func TestReplayErrors(t *testing.T) {
	if _, err := replay.Encode(nil, nil, nil, replay.Options{}); !errors.Is(err, replay.ErrNoViews) {
		t.Fatalf("no views: %v", err)
	}
	bad := func(any) (image.Image, error) { return nil, errors.New("cannot draw") }
	if _, err := replay.Encode([]any{1, 2}, bad, nil, replay.Options{}); err == nil {
		t.Fatal("a failing renderer gave a replay")
	}
	panics := func(any) (image.Image, error) { panic("boom") }
	if _, err := replay.Encode([]any{1}, panics, nil, replay.Options{}); err == nil {
		t.Fatal("a panicking renderer gave a replay")
	}
}

func TestSample(t *testing.T) {
	for _, tc := range []struct {
		n, max int
		want   []int
	}{
		{1, 5, []int{0}},
		{3, 5, []int{0, 1, 2}},
		{5, 5, []int{0, 1, 2, 3, 4}},
		{10, 4, []int{0, 3, 6, 9}},
		{7, 2, []int{0, 6}},
	} {
		if got := replay.Sample(tc.n, tc.max); !slices.Equal(got, tc.want) {
			t.Errorf("Sample(%d, %d) = %v, want %v", tc.n, tc.max, got, tc.want)
		}
	}
}

// Frames of different sizes share the largest size, padded with the most
// frequent colour.
func TestReplayPadsGrowingBoards(t *testing.T) {
	box := func(w, h int, c color.RGBA) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(img, img.Rect, image.NewUniform(c), image.Point{}, draw.Src)
		return img
	}
	red, blue := color.RGBA{200, 0, 0, 255}, color.RGBA{0, 0, 200, 255}
	views := []any{box(40, 20, red), box(60, 30, blue), box(60, 50, blue)}
	draw := func(v any) (image.Image, error) { return v.(*image.RGBA), nil }
	res, err := replay.Encode(views, draw, nil, replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	frames := decode(t, res.GIF)
	if len(frames) != 3 || frames[0].Bounds() != image.Rect(0, 0, 60, 50) {
		t.Fatalf("%d frames, first %v", len(frames), frames[0].Bounds())
	}
	if c := color.RGBAModel.Convert(frames[0].At(10, 10)); c != red {
		t.Fatalf("first board's pixel %v, want %v", c, red)
	}
	if c := color.RGBAModel.Convert(frames[0].At(50, 40)); c != blue {
		t.Fatalf("padding %v, want the most frequent colour %v", c, blue)
	}
}

// decode returns the GIF's frames as full pictures, each drawn over the
// one before as a viewer shows them.
// delays are a GIF's frame delays.
func delays(t *testing.T, data []byte) []int {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return g.Delay
}

// TestDelays: without rounds every board shows as long; with them every
// round shows about as long, its boards sharing its time within bounds,
// and the last board stays up.
func TestDelays(t *testing.T) {
	cases := []struct {
		name          string
		shown, rounds []int
		want          []int
	}{
		{"evenly", []int{0, 1, 2}, nil, []int{replay.Delay(3), replay.Delay(3), 500}},
		{"two rounds of one and three boards", []int{0, 1, 2, 3}, []int{1, 2, 2, 2},
			[]int{150, replay.RoundTime(2) / 3, replay.RoundTime(2) / 3, 500}},
		{"a crowded round keeps a quarter second a board", count(20), slices.Repeat([]int{1}, 20),
			append(slices.Repeat([]int{25}, 19), 500)},
		{"a round of five shares its time", count(5), slices.Repeat([]int{1}, 5), []int{80, 80, 80, 80, 500}},
		{"only the shown boards share a round", []int{0, 9}, []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 2}, []int{150, 500}},
	}
	for _, c := range cases {
		if got := replay.Delays(c.shown, c.rounds); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if replay.RoundTime(3) != 400 || replay.RoundTime(20) != 300 || replay.RoundTime(100) != 200 {
		t.Errorf("round times %d %d %d: want 4, 3 and 2 seconds", replay.RoundTime(3), replay.RoundTime(20), replay.RoundTime(100))
	}
}

// count is 0, 1, … n-1.
func count(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func decode(t *testing.T, data []byte) []*image.Paletted {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	canvas := image.NewPaletted(image.Rect(0, 0, g.Config.Width, g.Config.Height), g.Config.ColorModel.(color.Palette))
	var out []*image.Paletted
	for i, f := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Fatalf("frame %d disposal %d", i, g.Disposal[i])
		}
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Src)
		c := image.NewPaletted(canvas.Rect, canvas.Palette)
		copy(c.Pix, canvas.Pix)
		out = append(out, c)
	}
	return out
}

func paletteOf(t *testing.T, data []byte) color.Palette {
	t.Helper()
	cfg, err := gif.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return cfg.ColorModel.(color.Palette)
}

// compare reports the first pixel where got differs from want (want may
// be smaller: the rest of got is padding).
func compare(got, want *image.Paletted) string {
	if !want.Rect.In(got.Rect) {
		return fmt.Sprintf("board %v does not fit the frame %v", want.Rect, got.Rect)
	}
	for y := want.Rect.Min.Y; y < want.Rect.Max.Y; y++ {
		for x := want.Rect.Min.X; x < want.Rect.Max.X; x++ {
			a, b := color.RGBAModel.Convert(got.At(x, y)), color.RGBAModel.Convert(want.At(x, y))
			if a != b {
				return fmt.Sprintf("pixel (%d,%d) is %v, the board has %v", x, y, a, b)
			}
		}
	}
	return ""
}

// BenchmarkReplayDungeonDesigner5 replays a long game: Dungeon Designer
// with five players, from its public boards to the GIF.
func BenchmarkReplayDungeonDesigner5(b *testing.B) {
	p := playGame(b, "dungeon-designer", 5, 11)
	b.ResetTimer()
	for b.Loop() {
		res, err := replay.Encode(p.views, p.draw, p.im.Recycle, replay.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(p.views)), "boards")
		b.ReportMetric(float64(len(res.Shown)), "frames")
		b.ReportMetric(float64(len(res.GIF))/(1<<20), "MiB")
	}
}

// Scale averages each pixel's block exactly, rounding to nearest.
func TestScaleAverages(t *testing.T) {
	rng := games.NewRNG(9)
	for _, tc := range []struct{ w, h, width int }{{8, 6, 4}, {9, 7, 4}, {30, 11, 7}, {5, 5, 8}, {64, 3, 1}} {
		src := image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))
		for i := range src.Pix {
			src.Pix[i] = uint8(rng.IntN(256))
		}
		got := replay.Scale(src, tc.width)
		dw := min(tc.w, tc.width)
		dh := tc.h
		if tc.w > tc.width {
			dh = max(1, (tc.h*tc.width+tc.w/2)/tc.w)
		}
		if got.Rect != image.Rect(0, 0, dw, dh) {
			t.Fatalf("%dx%d to %d: %v", tc.w, tc.h, tc.width, got.Rect)
		}
		for y := range dh {
			for x := range dw {
				x0, x1, y0, y1 := x*tc.w/dw, (x+1)*tc.w/dw, y*tc.h/dh, (y+1)*tc.h/dh
				for c := range 4 {
					sum, n := 0, (x1-x0)*(y1-y0)
					for sy := y0; sy < y1; sy++ {
						for sx := x0; sx < x1; sx++ {
							sum += int(src.Pix[sy*src.Stride+4*sx+c])
						}
					}
					if want := uint8((sum + n/2) / n); got.Pix[y*got.Stride+4*x+c] != want {
						t.Fatalf("%dx%d to %d: pixel (%d,%d) channel %d is %d, want %d", tc.w, tc.h, tc.width, x, y, c, got.Pix[y*got.Stride+4*x+c], want)
					}
				}
			}
		}
	}
}
