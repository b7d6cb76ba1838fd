package viscounts

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/tavern-bot/tavern/games"
	vc "github.com/tavern-bot/tavern/games/viscounts"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardbench"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// png draws view and encodes it.
func pngOf(t testing.TB, r *Renderer, view any, m imaging.Meta) []byte {
	t.Helper()
	img, err := r.Render(view, m)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	data, err := kit.EncodePNG(img)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return data
}

// TestBoardHeightStable: the public board of a player count has one
// height through a whole recorded game, drawn after every commit, the
// final scores included.
func TestBoardHeightStable(t *testing.T) {
	r := newRenderer(t)
	g := vc.New()
	every, counts := 1, []int{1, 2, 3, 4}
	if raceBuild || testing.Short() { // playing and drawing are ~15x slower
		every, counts = 97, []int{3}
	}
	for i, players := range counts {
		lang := []string{"en", "de"}[i%2]
		got, _ := boardtest.Heights(t, r, meta(t, lang, games.Public, players), boardtest.Walk{Game: g, Setup: games.Setup{Players: players, Seed: uint64(players)}, Every: every})
		want := boardHeight(max(players, 2)) // solo: the opponent's seat has a strip too
		if got != want {
			t.Errorf("%d players: board %d px high, want %d", players, got, want)
		}
	}
}

// TestPublicBoardShowsNoHand: changing the cards in a seat's hand (not
// their number) leaves the public picture byte for byte the same, while
// the seat's own picture changes.
func TestPublicBoardShowsNoHand(t *testing.T) {
	r := newRenderer(t)
	for players := vc.MinPlayers; players <= vc.MaxPlayers; players++ {
		// From move 60 on, the first moment seat 0 holds cards.
		st := played(t, players, uint64(40+players), func(st games.State, moves int) bool {
			return moves >= 60 && len(st.(*vc.State).Seats[0].Hand) > 0
		})
		m := meta(t, "en", games.Public, players)
		before := pngOf(t, r, st.View(games.Public), m)
		seatBefore := pngOf(t, r, st.View(0), meta(t, "en", 0, players))
		state, ok := st.(*vc.State)
		if !ok {
			t.Fatalf("state is %T", st)
		}
		// Each hand card trades places with the bottom card of a townsfolk
		// pile (never its visible top): the hand's size stays the same.
		seat := state.Seats[0]
		swapped := 0
		for i := range seat.Hand {
			for p := range state.Folk {
				pile := state.Folk[p]
				if len(pile) > 1 && pile[0] != seat.Hand[i] {
					seat.Hand[i], pile[0] = pile[0], seat.Hand[i]
					swapped++
					break
				}
			}
		}
		if swapped == 0 {
			t.Fatalf("%d players: no hand card to swap (hand %v)", players, seat.Hand)
		}
		if after := pngOf(t, r, st.View(games.Public), m); !bytes.Equal(before, after) {
			t.Errorf("%d players: the public board changed with the hand's cards", players)
		}
		if after := pngOf(t, r, st.View(0), meta(t, "en", 0, players)); bytes.Equal(seatBefore, after) {
			t.Errorf("%d players: seat 0's picture did not change with its hand", players)
		}
	}
}

// drawn is every text a render drew (through imaging.Meta.Texts), with
// the smallest.
type drawn struct {
	texts []string
	least float64
	small string
}

// render draws view and collects the texts it drew.
func render(t testing.TB, r *Renderer, view any, m imaging.Meta) drawn {
	t.Helper()
	var log kit.TextLog
	m.Texts = &log
	if _, err := r.Render(view, m); err != nil {
		t.Fatalf("Render: %v", err)
	}
	var d drawn
	for _, u := range log.Uses() {
		if u.Decor != "" {
			continue
		}
		d.texts = append(d.texts, u.Text)
		if d.least == 0 || u.Size < d.least {
			d.least, d.small = u.Size, u.Text
		}
	}
	return d
}

func (d *drawn) has(text string) bool {
	for _, t := range d.texts {
		if strings.Contains(t, text) {
			return true
		}
	}
	return false
}

// TestTextsReadableOnAPhone: every text on every picture of every phase
// is at least textMin px (11 px on a phone showing 400 of the 1200 px),
// whole (only players' names may be shortened), and every character has
// a glyph in the embedded fonts (the game's texts carry emoji for icons:
// they are drawn as icons).
func TestTextsReadableOnAPhone(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	counts, moments := []int{2, 4}, []int{0, 150, math.MaxInt}
	if raceBuild || testing.Short() {
		counts, moments = []int{4}, []int{150}
	}
	for _, players := range counts {
		for _, at := range moments {
			st := played(t, players, uint64(players+at%1000), func(_ games.State, moves int) bool { return moves >= at })
			// Besides the view itself, the same with both end cards
			// revealed and the last round announced.
			ending := st.View(games.Public).(vc.View)
			ending.Poverty, ending.Prosperity, ending.Over, ending.LastRound = true, true, false, ending.Round+1
			views := map[int]any{games.Public: st.View(games.Public), players - 1: st.View(players - 1), -2: ending}
			for viewer, view := range views {
				for _, lang := range []string{"en", "de"} {
					d := render(t, New(k), view, meta(t, lang, viewer, players))
					where := fmt.Sprintf("%d players, move %d, viewer %d, %s", players, at, viewer, lang)
					if d.least < textMin {
						t.Errorf("%s: %q at %.0f px, below %d", where, d.small, d.least, textMin)
					}
					for _, text := range d.texts {
						if cut, ok := strings.CutSuffix(text, "…"); ok && !namePrefix(strings.TrimSpace(cut)) {
							t.Errorf("%s: %q is cut short", where, text)
						}
						for _, ch := range text {
							if ch != ' ' && !k.HasGlyph(ch) {
								t.Errorf("%s: %q has %q, which the fonts lack", where, text, ch)
							}
						}
					}
				}
			}
		}
	}
}

// TestPrivatePictureShowsHandWithAbilities: a seat's picture names every
// card in its hand and says each one's abilities in its language.
func TestPrivatePictureShowsHandWithAbilities(t *testing.T) {
	g := vc.New()
	cat := g.Info().Catalog
	for _, lang := range []string{"en", "de"} {
		st := played(t, 3, 11, func(_ games.State, moves int) bool { return moves >= 80 })
		pv, ok := st.View(1).(vc.PrivateView)
		if !ok || len(pv.Hand) == 0 {
			t.Fatalf("seat 1's view %T holds no hand", st.View(1))
		}
		d := render(t, newRenderer(t), pv, meta(t, lang, 1, 3))
		for _, card := range pv.Hand {
			name := cat.Localize(lang, games.T("vc.card."+card.ID))
			if !d.has(name) {
				t.Errorf("%s: the hand's %s is not named", lang, name)
			}
			words := strings.Fields(cat.Localize(lang, card.Ability))
			if len(words) == 0 || !d.has(strings.Trim(words[0], ",:")) {
				t.Errorf("%s: %s's ability %q is not written", lang, name, cat.Localize(lang, card.Ability))
			}
		}
	}
}

// TestRendersConcurrently draws boards and hands of one renderer from
// several goroutines at once (run with -race).
func TestRendersConcurrently(t *testing.T) {
	r := newRenderer(t)
	st := played(t, 4, 3, func(_ games.State, moves int) bool { return moves >= 120 })
	var wg sync.WaitGroup
	for viewer := -1; viewer < 4; viewer++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lang := []string{"en", "de"}[(viewer+1)%2]
			if _, err := r.Render(st.View(viewer), meta(t, lang, viewer, 4)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

func TestRejectsForeignViews(t *testing.T) {
	r := newRenderer(t)
	for _, view := range []any{nil, "board", 42, (*vc.View)(nil), (*vc.PrivateView)(nil)} {
		if _, err := r.Render(view, meta(t, "en", games.Public, 2)); err == nil {
			t.Errorf("Render(%T) should fail", view)
		}
	}
}

func TestCatalogComplete(t *testing.T) {
	for _, lang := range []string{"de", "en"} {
		if missing := Catalog().MissingKeys(lang); len(missing) > 0 {
			t.Errorf("%s lacks %v", lang, missing)
		}
	}
}

// BenchmarkBoard draws the public board of a 4-player game in its last
// round: go test -run '^$' -bench Board -benchtime 30x ./imaging/viscounts/
func BenchmarkBoard(b *testing.B) {
	st := played(b, 4, 5, func(st games.State, _ int) bool {
		v := st.View(games.Public).(vc.View)
		return v.LastRound > 0 && v.Round == v.LastRound
	})
	m := meta(b, "de", games.Public, 4)
	boardbench.Run(b, GameID, func(k *kit.Kit) imaging.Renderer { return New(k) }, st.View(games.Public), m)
}

// TestEmptyPilesShowPrinted: a place whose townsfolk and manuscript piles
// are used up shows what is printed under them, marked as printed.
func TestEmptyPilesShowPrinted(t *testing.T) {
	st := played(t, 3, 9, func(_ games.State, moves int) bool { return moves >= 30 })
	state := st.(*vc.State)
	state.Folk[2], state.Scripts[2] = nil, nil
	v := st.View(games.Public).(vc.View)
	if v.Segments[2].Folk == nil || v.Segments[2].Script == nil || v.Segments[2].Script.Ribbon >= 0 {
		t.Fatalf("the view shows no printed townsfolk and manuscript: %+v", v.Segments[2])
	}
	for _, lang := range []string{"en", "de"} {
		d := render(t, newRenderer(t), v, meta(t, lang, games.Public, 3))
		printed := Catalog()[lang]["vcimg.printed"]
		n := 0
		for _, text := range d.texts {
			if text == printed {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%s: %q drawn %d times, want 2 (townsfolk and manuscript)", lang, printed, n)
		}
	}
}

// TestDrawsOddViewsWithoutPanic: views a game never produces (empty,
// without seats, a seat out of range, unknown effects) still draw.
func TestDrawsOddViewsWithoutPanic(t *testing.T) {
	r := newRenderer(t)
	st := played(t, 2, 1, func(_ games.State, moves int) bool { return moves >= 20 })
	odd := st.View(games.Public).(vc.View)
	odd.Castle[0] = "no such effect"
	odd.Segments[1].PlotRewards = nil
	odd.Segments[2].Links = append(odd.Segments[2].Links, vc.LinkView{A: -1, B: 99, Reward: "silver"})
	odd.Track = nil
	m := imaging.Meta{Lang: "fr", Catalog: vc.New().Info().Catalog}
	for _, view := range []any{vc.View{}, vc.PrivateView{Seat: 3}, odd, vc.PrivateView{View: odd, Seat: 7}} {
		if _, err := r.Render(view, m); err != nil {
			t.Errorf("Render(%T): %v", view, err)
		}
	}
}

// TestBoardNamesWhatItShows: the public board names every place (on its
// segment and in the market), every player, the round, each top
// townsfolk, and the final round once it is triggered.
func TestBoardNamesWhatItShows(t *testing.T) {
	cat := vc.New().Info().Catalog
	st := played(t, 3, 21, func(st games.State, _ int) bool {
		return st.View(games.Public).(vc.View).LastRound > 0
	})
	v := st.View(games.Public).(vc.View)
	for _, lang := range []string{"en", "de"} {
		d := render(t, newRenderer(t), v, meta(t, lang, games.Public, 3))
		count := func(text string) int {
			n := 0
			for _, t := range d.texts {
				if t == text {
					n++
				}
			}
			return n
		}
		for _, sg := range v.Segments {
			if name := cat.Localize(lang, games.T("vc.seg."+sg.ID)); count(name) != 2 {
				t.Errorf("%s: %q drawn %d times, want 2 (segment and market)", lang, name, count(name))
			}
			if name := cat.Localize(lang, games.T("vc.card."+sg.Folk.ID)); !d.has(name) {
				t.Errorf("%s: the top townsfolk %q is not named", lang, name)
			}
		}
		for seat := range v.Seats {
			if !d.has(names[seat]) && !d.has(names[seat][:4]) {
				t.Errorf("%s: player %q is not named", lang, names[seat])
			}
		}
		round := Catalog()[lang]["vcimg.round"]
		if !d.has(strings.ReplaceAll(round, "{n}", fmt.Sprint(v.Round))) {
			t.Errorf("%s: round %d is not shown", lang, v.Round)
		}
		final := Catalog()[lang]["vcimg.final"]
		if v.Round < v.LastRound {
			final = strings.ReplaceAll(Catalog()[lang]["vcimg.lastafter"], "{n}", fmt.Sprint(v.LastRound))
		}
		if !d.has(final) {
			t.Errorf("%s: the end (%q) is not announced", lang, final)
		}
	}
}

// TestEveryCardNameFits: every townsfolk's name fits whole wherever a
// card is named (player boards, the market, the hand), in both languages,
// with three icons beside it. Cards are drawn three at a time.
func TestEveryCardNameFits(t *testing.T) {
	cat := vc.New().Info().Catalog
	st := played(t, 4, 2, func(_ games.State, moves int) bool { return moves >= 40 })
	base := st.View(0).(vc.PrivateView)
	r := newRenderer(t)
	langs := []string{"en", "de"}
	if raceBuild || testing.Short() {
		langs = []string{"de"} // the longer names
	}
	for _, lang := range langs {
		var cards []vc.CardView
		seen := map[string]bool{}
		for key := range cat["en"] {
			id, ok := strings.CutPrefix(key, "vc.card.")
			if ok && !seen[cat.Localize(lang, games.T(key))] {
				seen[cat.Localize(lang, games.T(key))] = true
				cards = append(cards, vc.CardView{ID: id, Cost: 3, Icons: vc.Icons{2, 0, 0, 0, 1}, Ability: games.T("vc.noability")})
			}
		}
		for i := 0; i < len(cards); i += 3 {
			three := []vc.CardView{cards[i], cards[min(i+1, len(cards)-1)], cards[min(i+2, len(cards)-1)]}
			v := base
			v.Seats = append([]vc.SeatView(nil), base.Seats...)
			v.Seats[0].Board = [3]*vc.CardView{&three[0], &three[1], &three[2]}
			v.Segments = append([]vc.SegmentView(nil), base.Segments...)
			for k := range three {
				v.Segments[k].Folk = &three[k]
			}
			v.Hand = three
			for _, view := range []any{v, v.View} {
				d := render(t, r, view, meta(t, lang, 0, 4))
				all := strings.Join(d.texts, "\n")
				for _, card := range three {
					name := cat.Localize(lang, games.T("vc.card."+card.ID))
					if n := strings.Count(all, name); n < 2 {
						t.Errorf("%s: %q drawn whole %d times in %T", lang, name, n, view)
					}
				}
			}
		}
	}
}

// namePrefix reports whether text begins a player's name: long names
// may be shortened, nothing else.
func namePrefix(text string) bool {
	for _, n := range names {
		if strings.HasPrefix(n, text) {
			return true
		}
	}
	return false
}
