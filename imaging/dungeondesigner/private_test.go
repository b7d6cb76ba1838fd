package dungeondesigner

import (
	"bytes"
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	dd "github.com/tavern-bot/tavern/games/dungeondesigner"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// answerBuild gives up to steps answers of seat 0 (its pick, then where the
// rules ask for one its second choice), taking the first legal option.
func answerBuild(t *testing.T, s games.State, steps int) {
	t.Helper()
	for range steps {
		for _, p := range s.Pending() {
			if p.Seat != 0 || len(p.Options) == 0 {
				continue
			}
			if _, err := s.Apply(0, p.Options[0].ID); err != nil {
				t.Fatalf("apply %s: %v", p.Options[0].ID, err)
			}
		}
	}
}

// TestPrivatePendingChoice checks that the seat's own secret pick and
// second room are drawn: hiding them from the view changes the picture.
func TestPrivatePendingChoice(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	for _, players := range []int{1, 2, 3} {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			s, err := g.New(games.DefaultSetup(g, players, 4))
			if err != nil {
				t.Fatal(err)
			}
			// Solo, the second answer would reveal the pass at once.
			steps := 2
			if players == 1 {
				steps = 1
			}
			answerBuild(t, s, steps)
			v := s.View(0).(dd.PrivateView)
			if v.Pick == nil {
				t.Fatal("no pick after answering")
			}
			if (players == 2) != (v.Second != nil) {
				t.Fatalf("second choice %v with %d players", v.Second, players)
			}
			lang := []string{"en", "de"}[players%2]
			with, err := r.Render(v, meta(lang, 0))
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			if err := checkSize(with); err != nil {
				t.Fatal(err)
			}
			writeSample(t, fmt.Sprintf("dd-%dp-private-picked-%s.png", players, lang), with)
			hidden := v
			hidden.Pick, hidden.Second = nil, nil
			without, err := r.Render(hidden, meta(lang, 0))
			if err != nil {
				t.Fatalf("Render: %v", err)
			}
			if bytes.Equal(with.(*image.RGBA).Pix, without.(*image.RGBA).Pix) {
				t.Error("the pending pick leaves no trace in the picture")
			}
		})
	}
}

// TestPrivateMarketAndKey: in the market a seat's own picture shows the
// stalls it buys from, each named as on the board, and every picture of a
// seat carries the key to the element abbreviations it draws (Gn, Gb, Te,
// …), readable on a phone, in both languages.
func TestPrivateMarketAndKey(t *testing.T) {
	r := newRenderer(t)
	g := dd.New()
	var log kit.TextLog
	markets := 0
	check := func(s games.State) error {
		for _, p := range s.Pending() {
			v, ok := s.View(p.Seat).(dd.PrivateView)
			if !ok || len(v.Hand) != 0 || v.Phase != dd.PhaseImprove || len(v.Stalls) == 0 || markets >= 4 {
				continue
			}
			lang := []string{"en", "de"}[markets%2]
			m := meta(lang, p.Seat)
			m.Texts = &log
			log.Reset()
			if _, err := r.Render(v, m); err != nil {
				return err
			}
			w := r.scene(16, 16, m)
			want := []string{w.w.T("ddimg.market.yours")}
			for _, st := range v.Stalls {
				want = append(want, w.w.T("ddimg.stall", "n", st.Number))
			}
			for _, el := range append(append([]string{}, monsterCodes...), trapCodes...) {
				want = append(want, w.w.T("dd.el."+el))
			}
			w.c.Close()
			for _, text := range want {
				if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return u.Text == text && u.Decor == "" && u.Size >= readable }) {
					return fmt.Errorf("%s: seat %d's picture in the market lacks %q", lang, p.Seat, text)
				}
			}
			markets++
		}
		return nil
	}
	if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, 3, 5), games.NewRNG(5), games.SimMaxMoves, check); err != nil {
		t.Fatal(err)
	}
	if markets == 0 {
		t.Fatal("no seat's picture in the market was drawn")
	}
}

// TestRoomNamesBreakWell draws every room's name as a hand card names it,
// in both languages: it fits on the card's two lines at the readable size
// without an ellipsis, broken only where a word may break (kit's
// hyphenation list), never as "Speiseka-mmer".
func TestRoomNamesBreakWell(t *testing.T) {
	r := newRenderer(t)
	rooms := dd.DefaultComponents().Rooms[1:]
	box := kit.R(0, 0, handNameW, 86)
	for _, lang := range []string{"en", "de"} {
		var log kit.TextLog
		m := meta(lang, 0)
		m.Texts = &log
		s := r.scene(int(handCardW), int(handCardH), m)
		for _, room := range rooms {
			log.Reset()
			ownArea{s}.roomName(games.T(fmt.Sprintf("dd.room.%d", room.ID)), box)
			name := map[string]string{"en": room.EN, "de": room.DE}[lang]
			var lines []string
			for _, u := range log.Uses() {
				lines = append(lines, u.Text)
				if u.Size < readable {
					t.Errorf("%s: %q drawn at %.0f px, below %.0f", lang, u.Text, u.Size, readable)
				}
			}
			if joined := strings.ReplaceAll(strings.Join(lines, "\n"), "-\n", ""); strings.ReplaceAll(joined, "\n", " ") != name {
				t.Errorf("%s: %q drawn as %q", lang, name, lines)
			}
		}
		s.c.Close()
	}
}
