package lineup

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/imaging"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestWords plays random games of every listed game and fails on any word
// a player could meet without a translation: a prompt, an option or a step
// of its path, narration, standings (each key and each key argument must
// be in the catalog in English and in German), and every word the boards
// draw, public and private, in both languages.
func TestWords(t *testing.T) {
	reg, err := Registry()
	if err != nil {
		t.Fatal(err)
	}
	cat := reg.Catalog(commands.CoreCatalog())
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	seeds := uint64(3) // games per player count
	if testing.Short() || raceBuild {
		seeds = 1
	}
	for _, lg := range Games() {
		g := lg.Rules
		info := g.Info()
		t.Run(info.ID, func(t *testing.T) {
			missing := map[string]string{} // key → where it was met first
			var check func(where string, tx games.Text)
			check = func(where string, tx games.Text) {
				for _, lang := range []string{"en", "de"} {
					if _, ok := cat[lang][tx.Key]; !ok && missing[lang+" "+tx.Key] == "" {
						missing[lang+" "+tx.Key] = where
					}
				}
				for _, a := range tx.Args {
					if a.Key != "" {
						check(where, games.Text{Key: a.Key})
					}
					if a.Text != nil {
						check(where, *a.Text)
					}
				}
			}
			r, seen := lg.Board(k), map[string]bool{}
			for players := info.MinPlayers; players <= info.MaxPlayers; players++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					wordsOfGame(t, g, r, cat, players, seed, seen, check, missing)
				}
			}
			var lines []string
			for key, where := range missing {
				lines = append(lines, key+" ("+where+")")
			}
			sort.Strings(lines)
			for _, l := range lines {
				t.Errorf("no translation: %s", l)
			}
		})
	}
}

// wordsOfGame plays one random game, checking every text with check and
// drawing every view (public, and each seat's) that holds a string or a
// field the game's earlier views did not: new words on a board come from
// new values in its view. seen carries them across a game's runs.
func wordsOfGame(t *testing.T, g games.Game, r imaging.Renderer, cat games.Catalog, players int, seed uint64, seen map[string]bool,
	check func(string, games.Text), missing map[string]string) {
	t.Helper()
	s, err := g.New(games.DefaultSetup(g, players, seed))
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewRNG(seed)
	draw := func(move int) {
		for viewer := games.Public; viewer < players; viewer++ {
			view := s.View(viewer)
			if !newStrings(t, view, seen) {
				continue
			}
			for _, lang := range []string{"en", "de"} {
				m := imaging.Meta{Lang: lang, Catalog: cat, Viewer: viewer, Missing: func(key string) {
					if missing[lang+" "+key] == "" {
						missing[lang+" "+key] = fmt.Sprintf("board, %d players, seed %d, move %d, viewer %d", players, seed, move, viewer)
					}
				}}
				if _, err := r.Render(view, m); err != nil {
					t.Fatalf("render at move %d: %v", move, err)
				}
			}
		}
	}
	for move := 0; !s.Over(); move++ {
		where := fmt.Sprintf("%d players, seed %d, move %d", players, seed, move)
		pending := s.Pending()
		if len(pending) == 0 || move > games.SimMaxMoves {
			t.Fatalf("%s: stalled", where)
		}
		draw(move)
		for _, p := range pending {
			check(where+", prompt", p.Text)
			for _, o := range p.Options {
				check(where+", option "+o.ID, o.Label)
				if !o.Detail.IsZero() {
					check(where+", detail of "+o.ID, o.Detail)
				}
				for _, st := range o.Path {
					check(where+", step of "+o.ID, st.Label)
				}
			}
		}
		p := pending[rng.IntN(len(pending))]
		out, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		for _, e := range out.Events {
			check(where+", narration", e)
		}
	}
	draw(-1)
	for _, st := range s.Standings() {
		if !st.Detail.IsZero() {
			check("standings", st.Detail)
		}
	}
}

// newStrings adds the field names and string values of view's JSON to
// seen and reports whether any was new.
func newStrings(t *testing.T, view any, seen map[string]bool) bool {
	data, err := json.Marshal(view)
	if err != nil {
		t.Fatal(err)
	}
	var tree any
	if err := json.Unmarshal(data, &tree); err != nil {
		t.Fatal(err)
	}
	fresh := false
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if !seen["k:"+k] {
					seen["k:"+k], fresh = true, true
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case string:
			if !seen["s:"+v] {
				seen["s:"+v], fresh = true, true
			}
		}
	}
	walk(tree)
	return fresh
}
