package zauberschwert

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestBoardHeightStable: the public board keeps one height from commit to
// commit of a whole game (a phone scrolling the channel finds each board
// where the last one was), for every player count, and two games of a
// player count have boards of the same height: it depends on the player
// count alone, not on the moment.
func TestBoardHeightStable(t *testing.T) {
	r := newRenderer(t)
	g := zs.New()
	every, counts := 1, []int{2, 3, 4}
	if raceBuild || testing.Short() {
		every, counts = 11, []int{2, 4}
	}
	for i, players := range counts {
		lang := langs[i%2]
		t.Run(fmt.Sprintf("%dp-%s", players, lang), func(t *testing.T) {
			m := meta(lang, games.Public)
			m.Players = names[:players]
			first, _ := boardtest.Heights(t, r, m, boardtest.Walk{Game: g, Setup: games.DefaultSetup(g, players, uint64(players)), Every: every})
			other, _ := boardtest.Heights(t, r, m, boardtest.Walk{Game: g, Setup: games.DefaultSetup(g, players, uint64(40+players)), Every: 7 * every})
			if first != other {
				t.Errorf("two games: boards %d and %d px high", first, other)
			}
		})
	}
}

// TestPanelsHoldRulesLimits: a seat holding what the rules allow at most
// (all six spells, every artifact of the game laid out) gets a board and
// an own picture as high as a seat holding nothing, and every spell's name
// and every bonus on them reads on a phone, in both languages.
func TestPanelsHoldRulesLimits(t *testing.T) {
	r := newRenderer(t)
	g := zs.New().(*zs.Game)
	var spells []zs.SpellView
	for _, sp := range g.Data().Spells {
		spells = append(spells, zs.SpellView{Spell: sp, Used: len(spells)%2 == 0})
	}
	var laid []zs.LaidOut
	byID := map[string]int{}
	for _, ac := range g.Data().Artifacts {
		if ac.Part == 2 {
			if i, ok := byID[ac.Artifact.ID]; ok {
				laid[i].Cards = append(laid[i].Cards, ac.Index)
				continue
			}
		}
		if ac.Part == 1 {
			byID[ac.Artifact.ID] = len(laid)
		}
		laid = append(laid, zs.LaidOut{Artifact: ac.Artifact, Cards: []int{ac.Index}})
	}
	for players := 2; players <= 4; players++ {
		for _, lang := range langs {
			empty := base(players)
			for i := range empty.Seats {
				empty.Seats[i].Spells, empty.Seats[i].LaidOut = nil, nil
			}
			full := base(players)
			full.Seats = slices.Clone(empty.Seats)
			full.Seats[0].Spells, full.Seats[0].LaidOut = spells, laid
			m := meta(lang, games.Public)
			for _, v := range []struct {
				name        string
				empty, full any
				viewer      int
			}{
				{"board", empty, full, games.Public},
				{"own picture", zs.PrivateView{PublicView: empty}, zs.PrivateView{PublicView: full}, 0},
			} {
				m.Viewer = v.viewer
				a, err := r.Render(v.empty, m)
				if err != nil {
					t.Fatal(err)
				}
				b, err := r.Render(v.full, m)
				if err != nil {
					t.Fatal(err)
				}
				if a.Bounds().Dy() != b.Bounds().Dy() {
					t.Errorf("%dp %s %s: %d px high holding nothing, %d holding everything", players, lang, v.name, a.Bounds().Dy(), b.Bounds().Dy())
				}
				uses := drawnTexts(t, r, v.full, lang, v.viewer)
				for _, sp := range spells {
					name := imaging.NewWords(m, r.own).T(sp.Spell.Name)
					if !slices.ContainsFunc(uses, func(u kit.TextUse) bool { return u.Text == name && u.Size >= readable }) {
						t.Errorf("%dp %s %s: spell %q not drawn readably", players, lang, v.name, name)
					}
				}
				for _, u := range uses {
					if u.Decor == "" && u.Size < readable {
						t.Errorf("%dp %s %s: %q at %.1f px", players, lang, v.name, u.Text, u.Size)
					}
				}
			}
		}
	}
}

// TestShelfHoldsEverySpellSet: whichever of the game's spells a seat owns
// pack into the rows its shelf keeps for all of them (first-fit
// decreasing could in general need more rows for fewer chips), on the
// board's panels and on a seat's own picture, in both languages.
func TestShelfHoldsEverySpellSet(t *testing.T) {
	r := newRenderer(t)
	for _, lang := range langs {
		s := r.scene(10, 10, meta(lang, games.Public))
		for _, w := range []float64{seatPanelWidth(4) - 28, boardW - 72 - 40} {
			sh := s.spellShelf(nil, w)
			if sh.rows < 1 || len(sh.all) != len(r.spells) {
				t.Fatalf("%s, %.0f px: shelf of %d rows places %d of %d spells", lang, w, sh.rows, len(sh.all), len(r.spells))
			}
			for set := 1; set < 1<<len(r.spells); set++ {
				var some []zs.SpellInfo
				for i, sp := range r.spells {
					if set&(1<<i) != 0 {
						some = append(some, sp)
					}
				}
				if _, rows := s.packSpells(some, w); rows > sh.rows {
					t.Errorf("%s, %.0f px: %d spells take %d rows, the shelf keeps %d", lang, w, len(some), rows, sh.rows)
				}
			}
		}
		s.c.Close()
	}
}
