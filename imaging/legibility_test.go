package imaging_test

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	ddgame "github.com/tavern-bot/tavern/games/dungeondesigner"
	scgame "github.com/tavern-bot/tavern/games/sorcerercity"
	vcgame "github.com/tavern-bot/tavern/games/viscounts"
	zsgame "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/samples"
	"github.com/tavern-bot/tavern/imaging/sorcerercity"
	"github.com/tavern-bot/tavern/imaging/viscounts"
	"github.com/tavern-bot/tavern/imaging/zauberschwert"
)

// legibleNames are long names with umlauts and quotes, as real players pick.
var legibleNames = []string{"Jörg „der Große“ Müller-Lüdenscheidt", "Anna", "Bärbel von Thurn und Taxis", "Dörte", "Émile", "Fritz"}

// TestPhoneLegibility plays random games of every game with a board and
// draws the public board and every seat's private picture at the first
// moment of each phase (each new set of pending prompts), and the results
// picture at the end, in English and German; it fails, naming the smallest text and what it says, when a
// text a player needs would be smaller on a phone showing the picture
// boardtest.PhoneWidth pixels wide than the renderer's floor. Texts are
// measured as the renderers draw them (kit.TextLog), not by eye.
//
// The goal for every renderer is boardtest.PhoneMinPx (issue 15); a floor
// below it is a renderer that does not meet the goal yet: its floor is
// what it reaches today, so it cannot get worse, and the test logs how far
// it is from the goal.
//
// A renderer whose public board draws seats' parts as decoration
// (imaging.SeatDetailer: Dungeon Designer's thumbnails, Sorcerer City's
// crowded districts) has each seat's detail picture measured the same way.
//
// Pictograms a player must recognize (kit.Canvas.Pictogram) are measured
// as texts, by their drawn extent; each game names the pictograms its
// pictures must report, so that one drawn without reporting itself (and
// so unmeasured) fails too.
func TestPhoneLegibility(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	im := imaging.New(k)
	sc := scgame.New()
	tests := []struct {
		game     games.Game
		renderer imaging.Renderer
		players  []int
		options  map[string]string
		floor    float64 // phone px every needed text reaches; the goal is boardtest.PhoneMinPx
		// pictograms are the names of pictograms the game's pictures
		// must report (and so be measured) in a whole game.
		pictograms []string
	}{
		{zsgame.New(), zauberschwert.New(k), []int{2, 3, 4}, nil, boardtest.PhoneMinPx,
			[]string{"symbol: triangle", "symbol: circle", "symbol: square", "gem", "drop", "card", "crown"}},
		{ddgame.New(), dungeondesigner.New(k), []int{1, 2, 3, 4, 5}, nil, boardtest.PhoneMinPx, []string{"tile: circle", "tile: oval", "tile: square"}},
		{ddgame.New(), dungeondesigner.New(k), []int{1}, map[string]string{"solo": "legendary"}, boardtest.PhoneMinPx, nil},
		{sc, sorcerercity.New(k, sc.Components()), []int{1, 2, 3, 4, 5, 6}, nil, boardtest.PhoneMinPx, []string{"goal: group", "goal: line", "goal: shield", "sign: yellow", "sign: red", "sign: purple", "sign: green"}},
		{sc, sorcerercity.New(k, sc.Components()), []int{3}, map[string]string{"artifacts": "yes"}, boardtest.PhoneMinPx, nil},
		{vcgame.New(), viscounts.New(k), []int{1, 2, 3, 4}, nil, boardtest.PhoneMinPx, []string{"townsfolk: merchant", "townsfolk: builder", "townsfolk: noble", "townsfolk: cleric", "townsfolk: criminal", "silver", "virtue"}},
	}
	for _, tt := range tests {
		id := tt.game.Info().ID
		for i, players := range tt.players {
			if raceEnabled && i > 0 {
				break // the race detector slows drawing tenfold; one count is enough there
			}
			lang := []string{"en", "de"}[i%2]
			name := fmt.Sprintf("%s/%dp/%s%s", id, players, lang, optionsName(tt.options))
			t.Run(name, func(t *testing.T) {
				setup := games.DefaultSetup(tt.game, players, uint64(7+players))
				for key, v := range tt.options {
					setup.Options[key] = v
				}
				least, tallest, drawn := checkGameLegible(t, im, tt.game, tt.renderer, setup, lang, tt.floor)
				for _, name := range tt.pictograms {
					if !drawn[name] {
						t.Errorf("pictogram %q was never measured in a whole game (measured: %v)", name, slices.Sorted(maps.Keys(drawn)))
					}
				}
				t.Logf("smallest needed text or pictogram %.1f px, tallest picture %.0f px, on a phone %d px wide", least, tallest, boardtest.PhoneWidth)
				if least < boardtest.PhoneMinPx {
					t.Logf("below the goal: the smallest needed text is %.1f px on a phone, the goal %.0f px", least, boardtest.PhoneMinPx)
				}
			})
		}
	}
}

func optionsName(opts map[string]string) string {
	var parts []string
	for k, v := range opts {
		parts = append(parts, "/"+k+"="+v)
	}
	slices.Sort(parts)
	return strings.Join(parts, "")
}

// checkGameLegible plays one random game and measures the pictures of
// every phase it reaches against floor (phone px); it returns the size on
// a phone of the smallest needed text (or pictogram) it met, the
// height there of the tallest picture and the names of the needed
// pictograms it measured.
func checkGameLegible(t *testing.T, im *imaging.Images, g games.Game, r imaging.Renderer, setup games.Setup, lang string, floor float64) (least, tallest float64, pictograms map[string]bool) {
	seen := map[string]bool{}
	pictograms = map[string]bool{}
	var log kit.TextLog
	m := imaging.Meta{Lang: lang, Catalog: g.Info().Catalog, Players: legibleNames[:setup.Players], Texts: &log}
	failed := 0
	move := 0
	least = math.Inf(1)
	check := func(s games.State) error {
		move++
		phase := phaseOf(s)
		if seen[phase] {
			return nil
		}
		seen[phase] = true
		if failed >= 6 {
			return nil // enough said about this game
		}
		viewers := []int{games.Public}
		for seat := range setup.Players {
			viewers = append(viewers, seat)
		}
		if s.Over() {
			least = min(least, checkResultsLegible(t, im, g, s.Standings(), m, &log, floor))
		}
		// measure checks a picture just drawn with log's texts, for who.
		measure := func(img image.Image, who string) {
			width := img.Bounds().Dx()
			for _, u := range log.Uses() {
				if u.Pictogram && u.Decor == "" {
					pictograms[u.Text] = true
				}
			}
			tallest = max(tallest, boardtest.OnPhone(float64(img.Bounds().Dy()), width))
			if small := boardtest.Illegible(log.Uses(), width, math.Inf(1)); len(small) > 0 {
				least = min(least, boardtest.OnPhone(small[0].Size, width))
			}
			if cut := boardtest.Unbroken(log.Uses()); len(cut) > 0 {
				failed++
				t.Errorf("move %d (%s), %s: %d texts cut short for a word without break points: %s", move, phase, who, len(cut), distinct(cut, 8))
			}
			if small := boardtest.Illegible(log.Uses(), width, floor); len(small) > 0 {
				failed++
				t.Errorf("move %d (%s), %s (%d px wide): %d texts below %.1f px on a phone; smallest %v (%.1f px on a phone); also %s",
					move, phase, who, width, len(small), floor,
					small[0], boardtest.OnPhone(small[0].Size, width), distinct(small[1:], 8))
				saveSample(t, img, fmt.Sprintf("legibility-%s-%dp-%s-m%03d-%s.png", g.Info().ID, setup.Players, lang, move, who))
			}
		}
		for _, viewer := range viewers {
			log.Reset()
			m.Viewer = viewer
			img, err := r.Render(s.View(viewer), m)
			if err != nil {
				return fmt.Errorf("move %d, viewer %d: %w", move, viewer, err)
			}
			measure(img, viewerName(viewer))
		}
		// A game whose public board draws seats' parts as decoration
		// (thumbnails, crowded districts) offers each seat's part at full
		// size (/game look): every seat's detail must read on a phone.
		if d, ok := r.(imaging.SeatDetailer); ok {
			for seat := range setup.Players {
				log.Reset()
				m.Viewer = games.Public
				img, err := d.SeatDetail(s.View(games.Public), seat, m)
				if err != nil {
					return fmt.Errorf("move %d, seat %d's detail: %w", move, seat, err)
				}
				measure(img, fmt.Sprintf("detail%d", seat))
			}
		}
		return nil
	}
	if _, _, err := games.RandomPlay(g, setup, games.NewRNG(setup.Seed), games.SimMaxMoves, check); err != nil {
		t.Fatal(err)
	}
	if len(seen) < 2 {
		t.Fatalf("only %d phases reached", len(seen))
	}
	return least, tallest, pictograms
}

// checkResultsLegible draws the results picture of a game's standings
// and fails if a needed text is below floor on a phone; it returns the
// size on a phone of its smallest needed text.
func checkResultsLegible(t *testing.T, im *imaging.Images, g games.Game, standings []games.Standing, m imaging.Meta, log *kit.TextLog, floor float64) float64 {
	log.Reset()
	m.Viewer = games.Public
	data, err := im.Results(g.Info(), standings, m)
	if err != nil {
		t.Fatalf("results: %v", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("results: %v", err)
	}
	if small := boardtest.Illegible(log.Uses(), cfg.Width, floor); len(small) > 0 {
		t.Errorf("results picture (%d px wide): %d texts below %.1f px on a phone; smallest %v (%.1f px on a phone); also %s",
			cfg.Width, len(small), floor, small[0], boardtest.OnPhone(small[0].Size, cfg.Width), distinct(small[1:], 8))
	}
	all := boardtest.Illegible(log.Uses(), cfg.Width, math.Inf(1)) // every needed text, smallest first
	if len(all) == 0 {
		t.Fatal("results picture: no text recorded")
	}
	return boardtest.OnPhone(all[0].Size, cfg.Width)
}

// phaseOf names a moment of a game by the prompts it waits for (their
// texts' keys, without the seats), so each phase is drawn once.
func phaseOf(s games.State) string {
	if s.Over() {
		return "over"
	}
	var keys []string
	for _, p := range s.Pending() {
		key := p.Text.Key
		if p.Secret {
			key += "(secret)"
		}
		if !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
	}
	slices.Sort(keys)
	return strings.Join(keys, "+")
}

func viewerName(v int) string {
	if v == games.Public {
		return "public"
	}
	return fmt.Sprintf("seat%d", v)
}

// distinct lists up to n different texts of uses, for a failure message.
func distinct(uses []kit.TextUse, n int) string {
	var out []string
	seen := map[string]bool{}
	for _, u := range uses {
		if len(out) == n {
			out = append(out, "…")
			break
		}
		if !seen[u.Text] {
			seen[u.Text] = true
			out = append(out, u.String())
		}
	}
	return strings.Join(out, ", ")
}

func saveSample(t *testing.T, img image.Image, name string) {
	if !samples.Enabled() {
		return
	}
	data, err := kit.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	samples.Write(t, name, data)
}
