package sorcerercity

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	sc "github.com/tavern-bot/tavern/games/sorcerercity"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardbench"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

var names = []string{"Jörg „der Große“ Müller-Lüdenscheidt", "Anna", "Bärbel von Thurn und Taxis", "Dörte", "Eve", "Fritz"}

func newRenderer(t testing.TB) (*Renderer, *sc.Game) {
	t.Helper()
	k, err := kit.New()
	if err != nil {
		t.Fatalf("kit.New: %v", err)
	}
	g := sc.New()
	return New(k, g.Components()), g
}

// played plays a game with mostly drawing seats until stop says so.
func played(t testing.TB, g *sc.Game, players int, seed uint64, stop func(games.State, int) bool) games.State {
	t.Helper()
	st, err := g.New(games.DefaultSetup(g, players, seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewRNG(seed)
	for moves := 0; !st.Over() && !stop(st, moves); moves++ {
		p := st.Pending()[0]
		move := p.Options[rng.IntN(len(p.Options))].ID
		for _, o := range p.Options {
			if (o.ID == "draw" || o.ID == "start") && rng.IntN(8) > 0 {
				move = o.ID
			}
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func render(t *testing.T, r *Renderer, view any, lang string, viewer int, sample string) {
	t.Helper()
	m := imaging.Meta{Lang: lang, Catalog: sc.New().Info().Catalog, Players: names, Viewer: viewer, Missing: func(k string) { t.Errorf("no text for %s", k) }}
	boardtest.Render(t, r, view, m, boardW, 500, 4000, sample)
}

// TestBoards draws the public board and every seat's picture at moments
// of random games with 1 to 6 players, in both languages.
func TestBoards(t *testing.T) {
	r, g := newRenderer(t)
	counts, moments := []int{1, 2, 3, 4, 5, 6}, []int{0, 25, 60, 140, 400}
	if raceBuild || testing.Short() { // drawing is ~15x slower under -race
		counts, moments = []int{1, 4, 6}, []int{25, 140}
	}
	for _, players := range counts {
		for _, at := range moments {
			st := played(t, g, players, uint64(players*13+at), func(_ games.State, moves int) bool { return moves >= at })
			lang := []string{"en", "de"}[at%2]
			render(t, r, st.View(games.Public), lang, games.Public, fmt.Sprintf("sc-%dp-%03d-public.png", players, at))
			for seat := range players {
				render(t, r, st.View(seat), lang, seat, fmt.Sprintf("sc-%dp-%03d-seat%d.png", players, at, seat))
			}
		}
	}
}

// TestPlacingShowsSpots: while a seat places a tile, its picture names
// the free spots by their coordinates exactly as its options do.
func TestPlacingShowsSpots(t *testing.T) {
	_, g := newRenderer(t)
	st := played(t, g, 2, 5, func(s games.State, moves int) bool {
		for _, p := range s.Pending() {
			for _, o := range p.Options {
				if len(o.Path) > 0 && moves > 20 {
					return true
				}
			}
		}
		return false
	})
	for _, p := range st.Pending() {
		v, ok := st.View(p.Seat).(sc.PrivateView)
		if !ok || len(p.Options) == 0 || len(p.Options[0].Path) == 0 {
			continue
		}
		if len(v.Spots) == 0 {
			t.Fatalf("seat %d places a tile but its picture numbers no spots", p.Seat)
		}
		r, _ := newRenderer(t)
		render(t, r, v, "en", p.Seat, "sc-placing.png")
		d := v.Seats[p.Seat].District
		for _, o := range p.Options {
			spot := o.Path[0].Label // "Spot C4"
			i := slices.IndexFunc(v.Spots, func(q sc.Pos) bool { return q.String() == o.Path[0].ID })
			if i < 0 || d.Name(v.Spots[i]) != spot.Args[0].Val {
				t.Fatalf("option %s under %q, but the picture's free spots are %v", o.ID, spot.Args[0].Val, v.Spots)
			}
		}
		return
	}
	t.Fatal("no seat is placing a tile")
}

// BenchmarkBoard draws the public board of a 6-player game of bots at
// year 1's buying, every district built: go test -run '^$' -bench Board ./imaging/sorcerercity/
func BenchmarkBoard(b *testing.B) {
	g := sc.New()
	// Bots play every seat: they build whole districts.
	st, err := g.New(games.DefaultSetup(g, 6, 7))
	if err != nil {
		b.Fatal(err)
	}
	bot := g.Policy()
	for moves := 0; !(st.View(games.Public).(sc.View).Stage == "buy" && builtAll(st.View(games.Public).(sc.View))); moves++ {
		p := st.Pending()[0]
		move, ok := bot.Choose(st, p.Seat, uint64(moves))
		if !ok || st.Over() {
			b.Fatal("no buying with every district built")
		}
		if _, err := st.Apply(p.Seat, move); err != nil {
			b.Fatal(err)
		}
	}
	m := imaging.Meta{Lang: "de", Catalog: g.Info().Catalog, Players: names, Viewer: games.Public}
	r, _ := newRenderer(b)
	boardtest.Render(b, r, st.View(games.Public), m, boardW, 500, 4000, "sc-bench-6p.png")
	boardbench.Run(b, GameID, func(k *kit.Kit) imaging.Renderer { return New(k, g.Components()) }, st.View(games.Public), m)
}

// builtAll reports whether every seat has a district of some tiles.
func builtAll(v sc.View) bool {
	for _, sv := range v.Seats {
		if len(sv.District.Cells) < 4 {
			return false
		}
	}
	return true
}

// botGame plays a game of bots, calling at after every move until it
// returns false or the game ends.
func botGame(t *testing.T, g *sc.Game, players int, seed uint64, at func(st games.State, move int) bool) {
	t.Helper()
	st, err := g.New(games.DefaultSetup(g, players, seed))
	if err != nil {
		t.Fatal(err)
	}
	bot := g.Policy()
	for move := 0; !st.Over(); move++ {
		p := st.Pending()[0]
		m, ok := bot.Choose(st, p.Seat, uint64(move))
		if !ok {
			t.Fatalf("move %d: the bot has no move", move)
		}
		if _, err := st.Apply(p.Seat, m); err != nil {
			t.Fatal(err)
		}
		if !at(st, move) {
			return
		}
	}
}

// TestHeightsStable: a game's board keeps one height from commit to
// commit (a phone keeps its scroll position), drawn after every commit of
// a whole random game for every player count; and in games of bots, who
// build districts of every size, the board keeps it too and a seat's own
// picture has one height whatever the game.
func TestHeightsStable(t *testing.T) {
	r, g := newRenderer(t)
	counts, every, botEvery := []int{1, 2, 3, 4, 5, 6}, 1, 23
	if raceBuild || testing.Short() {
		counts, every, botEvery = []int{1, 6}, 13, 97
	}
	own := 0
	for i, players := range counts {
		lang := []string{"en", "de"}[i%2]
		m := imaging.Meta{Lang: lang, Catalog: g.Info().Catalog, Players: names, Viewer: games.Public}
		setup := games.DefaultSetup(g, players, uint64(players))
		board, _ := boardtest.Heights(t, r, m, boardtest.Walk{Game: g, Setup: setup, Every: every})
		bots, seats := boardtest.Heights(t, r, m, boardtest.Walk{Game: g, Setup: setup, Policy: g.Policy(), Every: botEvery, Seats: true})
		if bots != board {
			t.Errorf("%d players: board %d px high in a random game, %d in a game of bots", players, board, bots)
		}
		for seat, h := range seats {
			if own == 0 {
				own = h
			}
			if h != own {
				t.Errorf("%d players, seat %d: own picture %d px high, another game's %d", players, seat, h, own)
			}
		}
	}
}

// TestOwnPictureNamesMonsters: however large a seat's district grows, its
// own picture names every visible monster in it readably (on the
// channel's board a crowded district may show them too small, as
// decoration).
func TestOwnPictureNamesMonsters(t *testing.T) {
	r, g := newRenderer(t)
	m := imaging.Meta{Lang: "de", Catalog: g.Info().Catalog, Players: names}
	words := imaging.NewWords(m, r.own)
	var log kit.TextLog
	m.Texts = &log
	checked, largest := 0, 0
	botGame(t, g, 4, 3, func(st games.State, move int) bool {
		if move%9 != 0 {
			return true
		}
		for seat := range 4 {
			v := st.View(seat).(sc.PrivateView)
			var want []string
			for _, cl := range v.Seats[seat].District.Cells {
				if top := cl.Stack[len(cl.Stack)-1]; top.Tile != "" && g.Components().Tile(top.Tile).Beast != "" {
					want = append(want, abbrev(words.Text(gameText("sc.monster."+g.Components().Tile(top.Tile).Beast))))
				}
			}
			if len(want) == 0 {
				continue
			}
			log.Reset()
			m.Viewer = seat
			if _, err := r.Render(v, m); err != nil {
				t.Fatal(err)
			}
			for _, name := range want {
				if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return u.Text == name && u.Decor == "" && u.Size >= readable }) {
					t.Fatalf("move %d, seat %d: its own picture does not name its %s readably: %v", move, seat, name, log.Uses())
				}
			}
			checked++
			_, _, cols, rows := bounds(v.Seats[seat].District, v.Spots)
			largest = max(largest, cols, rows)
		}
		return true
	})
	if checked == 0 || largest < 9 {
		t.Fatalf("checked %d pictures with monsters, the largest district %d cells across; want some of 9 or more", checked, largest)
	}
}

// TestOwnPictureLegend: while no tile is in hand, a seat's own picture
// names what it shows only by colour and sign (the four tracks, the three
// goals) readably, in both languages.
func TestOwnPictureLegend(t *testing.T) {
	r, g := newRenderer(t)
	st := played(t, g, 3, 5, func(_ games.State, moves int) bool { return moves >= 0 })
	v := st.View(1).(sc.PrivateView)
	if v.Drawn != "" || len(v.Spots) > 0 {
		t.Fatal("seat 1 holds a tile before the game began")
	}
	for _, lang := range []string{"en", "de"} {
		m := imaging.Meta{Lang: lang, Catalog: g.Info().Catalog, Players: names, Viewer: 1}
		words := imaging.NewWords(m, r.own)
		var log kit.TextLog
		m.Texts = &log
		if _, err := r.Render(v, m); err != nil {
			t.Fatal(err)
		}
		var want []string
		for k := range sc.Colours {
			want = append(want, words.Text(gameText("sc.res."+sc.Resource(k).String())))
		}
		for _, kind := range goalKinds {
			want = append(want, words.T("scimg.goal."+string(kind)))
		}
		for _, w := range want {
			if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return u.Text == w && u.Decor == "" && u.Size >= readable }) {
				t.Errorf("%s: the picture does not name %q readably: %v", lang, w, log.Uses())
			}
		}
	}
}

// TestPlacingShowsTurns: a tile that shows different sides when turned is
// drawn in each turn, numbered readably as its options number them ("C4,
// turn 2: …"), so a player matches a choice to a picture, not to arrows.
func TestPlacingShowsTurns(t *testing.T) {
	r, g := newRenderer(t)
	checked := 0
	for seed := uint64(1); seed < 40 && checked < 3; seed++ {
		st := played(t, g, 2, seed, func(s games.State, moves int) bool {
			v, ok := s.View(0).(sc.PrivateView)
			return moves > 3 && ok && v.Drawn != "" && len(v.Spots) > 0 && len(g.Components().Turns(v.Drawn)) > 1
		})
		v, ok := st.View(0).(sc.PrivateView)
		if !ok || v.Drawn == "" || len(v.Spots) == 0 {
			continue
		}
		numbers := map[string]bool{}
		for _, p := range st.Pending() {
			if p.Seat != 0 {
				continue
			}
			for _, o := range p.Options {
				if o.Label.Key != "sc.opt.place.turn" {
					t.Fatalf("option %s (%s) does not name its turn", o.ID, o.Label.Key)
				}
				for _, a := range o.Label.Args {
					if a.Name == "n" {
						numbers[a.Val] = true
					}
				}
			}
		}
		if len(numbers) < 2 {
			t.Fatalf("seed %d: options name turns %v", seed, numbers)
		}
		m := imaging.Meta{Lang: "en", Catalog: g.Info().Catalog, Players: names, Viewer: 0}
		var log kit.TextLog
		m.Texts = &log
		if _, err := r.Render(v, m); err != nil {
			t.Fatal(err)
		}
		title := imaging.NewWords(m, r.own).T("scimg.turns")
		if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return strings.HasPrefix(u.Text, title) && u.Size >= readable }) {
			t.Errorf("seed %d: no %q over the turns: %v", seed, title, log.Uses())
		}
		for n := range numbers {
			if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return u.Text == n && u.Decor == "" && u.Size >= readable }) {
				t.Errorf("seed %d: the options name turn %s, the picture does not show it", seed, n)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no seat placed a tile with several turns")
	}
}

// TestMysteryPossibleValues: from the start of a 2-player game the board
// names, readably, the values each year's Mystery Player may have
// (rulebook page 8: players weigh them; page 9: the card's back shows
// them), then the value once revealed.
func TestMysteryPossibleValues(t *testing.T) {
	r, g := newRenderer(t)
	for _, lang := range []string{"en", "de"} {
		m := imaging.Meta{Lang: lang, Catalog: g.Info().Catalog, Players: names, Viewer: games.Public}
		words := imaging.NewWords(m, r.own)
		var log kit.TextLog
		m.Texts = &log
		st := played(t, g, 2, 4, func(_ games.State, moves int) bool { return moves >= 0 })
		v := st.View(games.Public).(sc.View)
		if _, err := r.Render(v, m); err != nil {
			t.Fatal(err)
		}
		for y := 1; y <= sc.Years; y++ {
			var vals []string
			for _, n := range g.Components().Board.Mystery[y] {
				vals = append(vals, fmt.Sprint(n))
			}
			want := words.T("scimg.mystery.can", "n", strings.Join(vals, " / "))
			if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool { return u.Text == want && u.Size >= readable }) {
				t.Errorf("%s, year %d: the board does not show %q readably: %v", lang, y, want, log.Uses())
			}
		}
	}
}

// TestOwnPictureSignsEverySide: a seat's own picture draws a colour sign
// readable on a phone for every side of every face-up tile in its
// district and the market (a jagged side has none; beside a monster's
// name on a tile too small for both, the left and right signs may give
// way), however large the district grows in a game of bots.
func TestOwnPictureSignsEverySide(t *testing.T) {
	r, g := newRenderer(t)
	m := imaging.Meta{Lang: "en", Catalog: g.Info().Catalog, Players: names}
	var log kit.TextLog
	m.Texts = &log
	sides := func(id string) (all, least int) {
		tile := g.Components().Tile(id)
		for _, jagged := range tile.Jagged {
			if !jagged {
				all++
			}
		}
		if tile.Beast != "" && len(tile.Goals) == 0 {
			return all, all - 2 // left and right may give way to its name
		}
		return all, all
	}
	checked := 0
	botGame(t, g, 3, 11, func(st games.State, move int) bool {
		if move%15 != 0 {
			return true
		}
		for seat := range 3 {
			v := st.View(seat).(sc.PrivateView)
			all, least := 0, 0
			count := func(id string) {
				a, l := sides(id)
				all, least = all+a, least+l
			}
			for _, cl := range v.Seats[seat].District.Cells {
				if top := cl.Stack[len(cl.Stack)-1]; top.Tile != "" {
					count(top.Tile)
				}
			}
			for _, up := range v.Up {
				for _, id := range up {
					count(id)
				}
			}
			if v.Rainbow > 0 {
				count("rainbow")
			}
			legend := 0
			switch turns := g.Components().Turns(v.Drawn); {
			case v.Drawn == "" && len(v.Spots) == 0:
				legend = len(sc.Colours) // the legend's, while no tile is in hand
			case v.Drawn != "" && len(v.Spots) > 0 && len(turns) > 1:
				for range turns { // the tile to place, in each of its turns
					count(v.Drawn)
				}
			case v.Drawn != "":
				count(v.Drawn)
			}
			log.Reset()
			m.Viewer = seat
			if _, err := r.Render(v, m); err != nil {
				t.Fatal(err)
			}
			signs := 0
			for _, u := range log.Uses() {
				if u.Pictogram && strings.HasPrefix(u.Text, "sign: ") && u.Decor == "" && u.Size >= readable {
					signs++
				}
			}
			if signs-legend < least || signs-legend > all {
				t.Fatalf("move %d, seat %d: %d readable side signs besides the legend's, want %d to %d", move, seat, signs-legend, least, all)
			}
			checked++
		}
		return true
	})
	if checked < 10 {
		t.Fatalf("checked %d pictures", checked)
	}
}
