package sorcerercity

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
)

// TestGlossary: every text of the game (random games of every size, with
// artifacts, solo and its expert variant) uses the rulebooks' words of
// data/glossary.toml, none of its wrong forms, and the singular after a
// count of one.
func TestGlossary(t *testing.T) {
	g := New()
	var setups []games.Setup
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s := games.DefaultSetup(g, players, uint64(players))
		if players%2 == 0 {
			s.Options["artifacts"] = "yes"
		}
		setups = append(setups, s)
	}
	experts := uint64(3)
	if raceBuild || testing.Short() {
		experts = 1
	}
	for seed := range experts {
		s := games.DefaultSetup(g, 1, 40+seed)
		s.Options["expert"] = "yes"
		setups = append(setups, s)
	}
	gamestest.CheckGlossary(t, g, "data/glossary.toml", setups)
}

// TestYearEndNarration: a year's monsters go into each player's deck, the
// Skeleton two at a time (rulebook p. 10, Aufräumen: "gib jedem Spieler
// 2"); the "5 Prestige per monster" reward is told as such, not as
// Prestige for Influence (p. 12); and the solo game's two Mystery Players
// are told together, not as one player twice (p. 22).
func TestYearEndNarration(t *testing.T) {
	g := New()
	met := map[string]int{}
	yearGames := uint64(40)
	if raceBuild || testing.Short() {
		yearGames = 16
	}
	for seed := range yearGames {
		players := 1 + int(seed%4)
		setup := games.DefaultSetup(g, players, seed)
		gamestest.EachEvents(t, g, setup, func(events []games.Text) {
			mysteries := 0
			for i, e := range events {
				switch e.Key {
				case "sc.ev.mystery", "sc.ev.mystery.two":
					mysteries++
					met[e.Key]++
				case "sc.ev.monsters":
					if e.Args[0].Key == "sc.monster.skeleton" {
						t.Errorf("the Skeleton year tells one monster per player: %v", e)
					}
				case "sc.ev.monsters.pair":
					met[e.Key]++
				case "sc.ev.reward":
					if e.Args[1].Key != "sc.reward.prestige-per-monster" {
						continue
					}
					met[e.Args[1].Key]++
					if i+1 >= len(events) || !strings.HasPrefix(events[i+1].Key, "sc.ev.monsterprestige") {
						t.Errorf("the Prestige per monster is told as %v", events[i+1:])
					}
				}
			}
			if mysteries > 1 {
				t.Errorf("the Mystery Players are told %d times in one move", mysteries)
			}
		})
	}
	for _, k := range []string{"sc.ev.mystery", "sc.ev.mystery.two", "sc.ev.monsters.pair", "sc.reward.prestige-per-monster"} {
		if met[k] == 0 {
			t.Errorf("no game met %s", k)
		}
	}
}

// TestSkeletonPairPlural: the expert variant's Skeletons come in pairs
// (rulebook p. 23) and are named in the plural, "two Skeletons".
func TestSkeletonPairPlural(t *testing.T) {
	g := New()
	cat := catalog()
	want := map[string]string{"en": "two Skeletons", "de": "zwei Skelette"}
	var setups []games.Setup
	pairGames := uint64(6)
	if raceBuild || testing.Short() {
		pairGames = 2
	}
	for seed := range pairGames {
		s := games.DefaultSetup(g, 1, 60+seed)
		s.Options["expert"] = "yes"
		setups = append(setups, s)
	}
	pairs := 0
	var visit func(x games.Text)
	visit = func(x games.Text) {
		if x.Key == "sc.pair" {
			pairs++
			for lang, w := range want {
				if s := cat.Localize(lang, x); !strings.HasSuffix(s, w) {
					t.Errorf("%s: a pair reads %q, want … %q", lang, s, w)
				}
			}
		}
		for _, a := range x.Args {
			if a.Text != nil {
				visit(*a.Text)
			}
		}
	}
	gamestest.EachText(t, g, setups, visit)
	if pairs == 0 {
		t.Fatal("no Skeleton pair met")
	}
}
