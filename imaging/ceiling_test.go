package imaging_test

import (
	"bytes"
	"fmt"
	"image/png"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestPhoneCeiling walks whole random games of every game with a board,
// at every player count and with each game's variants, in English and
// German, and draws the public board and every seat's own picture along
// the way, and the results picture at the end: it fails on any picture
// taller than boardtest.PhoneAspect (2.25) times its width, which a phone
// showing it 400 px wide would scroll through for more than 1.5 screens
// (issue 31). It logs the tallest picture per game and player count:
//
//	go test ./imaging -run TestPhoneCeiling -v
func TestPhoneCeiling(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	im := imaging.New(k)
	every := 4 // draw after every fourth move, and at the end
	if raceEnabled || testing.Short() {
		every = 25
	}
	// variants are each game's options worth a walk of their own, and at
	// which player counts (nil: every count the game allows).
	type variant struct {
		options map[string]string
		players []int
	}
	variants := map[string][]variant{
		"dungeon-designer": {{map[string]string{"solo": "legendary"}, []int{1}}},
		"sorcerer-city":    {{map[string]string{"artifacts": "yes"}, nil}, {map[string]string{"expert": "yes"}, []int{1}}},
	}
	for _, bg := range boardGames(k) {
		info := bg.game.Info()
		for _, tt := range append([]variant{{}}, variants[info.ID]...) {
			counts := tt.players
			if counts == nil {
				for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
					counts = append(counts, n)
				}
			}
			if raceEnabled {
				counts = counts[len(counts)-1:] // the most players, the tallest board: the race detector slows drawing tenfold
			}
			for _, players := range counts {
				ceilingWalk(t, im, bg, players, tt.options, every)
			}
		}
	}
}

// ceilingWalk walks one random game of bg with players and options (see
// TestPhoneCeiling).
func ceilingWalk(t *testing.T, im *imaging.Images, bg boardGame, players int, options map[string]string, every int) {
	info := bg.game.Info()
	lang := []string{"en", "de"}[players%2]
	t.Run(fmt.Sprintf("%s/%dp/%s%s", info.ID, players, lang, optionsName(options)), func(t *testing.T) {
		setup, err := games.SetupWith(bg.game, players, uint64(100+players), options)
		if err != nil {
			t.Fatal(err)
		}
		m := imaging.Meta{Lang: lang, Catalog: info.Catalog, Players: legibleNames[:players]}
		walk := boardtest.Walk{Game: bg.game, Setup: setup, Every: every, Seats: true}
		tallest, end := boardtest.Ceiling(t, bg.renderer, m, walk)
		results := resultsOnPhone(t, im, bg.game, end, m)
		t.Logf("tallest picture %.0f px on a phone %d px wide (the results %.0f px)", tallest, boardtest.PhoneWidth, results)
	})
}

// resultsOnPhone draws the results picture of a finished game, failing
// when it is taller than boardtest.PhoneAspect times its width; it returns
// its height on a phone.
func resultsOnPhone(t *testing.T, im *imaging.Images, g games.Game, end games.State, m imaging.Meta) float64 {
	t.Helper()
	if !end.Over() {
		t.Fatal("the game did not end")
	}
	data, err := im.Results(g.Info(), end.Standings(), m)
	if err != nil {
		t.Fatalf("results: %v", err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("results: %v", err)
	}
	if float64(cfg.Height) > boardtest.PhoneAspect*float64(cfg.Width) {
		t.Errorf("the results picture is %dx%d: more than %.2f times its width", cfg.Width, cfg.Height, boardtest.PhoneAspect)
	}
	return boardtest.OnPhone(float64(cfg.Height), cfg.Width)
}
