package imaging_test

import (
	"bytes"
	"fmt"
	"image/png"
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
	"github.com/tavern-bot/tavern/imaging/sorcerercity"
	"github.com/tavern-bot/tavern/imaging/viscounts"
	"github.com/tavern-bot/tavern/imaging/zauberschwert"
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
	sc := scgame.New()
	every := 4 // draw after every fourth move, and at the end
	if raceEnabled || testing.Short() {
		every = 25
	}
	tests := []struct {
		game     games.Game
		renderer imaging.Renderer
		options  map[string]string
		players  []int // nil: every count the game allows
	}{
		{zsgame.New(), zauberschwert.New(k), nil, nil},
		{ddgame.New(), dungeondesigner.New(k), nil, nil},
		{ddgame.New(), dungeondesigner.New(k), map[string]string{"solo": "legendary"}, []int{1}},
		{sc, sorcerercity.New(k, sc.Components()), nil, nil},
		{sc, sorcerercity.New(k, sc.Components()), map[string]string{"artifacts": "yes"}, nil},
		{sc, sorcerercity.New(k, sc.Components()), map[string]string{"expert": "yes"}, []int{1}},
		{vcgame.New(), viscounts.New(k), nil, nil},
	}
	for _, tt := range tests {
		info := tt.game.Info()
		counts := tt.players
		if counts == nil {
			for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
				counts = append(counts, n)
			}
		}
		for _, players := range counts {
			lang := []string{"en", "de"}[players%2]
			t.Run(fmt.Sprintf("%s/%dp/%s%s", info.ID, players, lang, optionsName(tt.options)), func(t *testing.T) {
				setup, err := games.SetupWith(tt.game, players, uint64(100+players), tt.options)
				if err != nil {
					t.Fatal(err)
				}
				m := imaging.Meta{Lang: lang, Catalog: info.Catalog, Players: legibleNames[:players]}
				walk := boardtest.Walk{Game: tt.game, Setup: setup, Every: every, Seats: true}
				tallest, end := boardtest.Ceiling(t, tt.renderer, m, walk)
				results := resultsOnPhone(t, im, tt.game, end, m)
				t.Logf("tallest picture %.0f px on a phone %d px wide (the results %.0f px)", tallest, boardtest.PhoneWidth, results)
			})
		}
	}
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
