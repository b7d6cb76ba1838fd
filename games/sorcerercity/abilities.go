package sorcerercity

import (
	"errors"
	"fmt"
)

// Phase is when an ability acts, by the icon printed beside it.
type Phase string

// The phases abilities name.
const (
	Prepare Phase = "prepare"
	Build   Phase = "build"
	Score   Phase = "score"
	Reward  Phase = "reward"
	Buy     Phase = "buy"
)

// Spells are the abilities of market and artifact tiles, by id, with the
// phase they act in. Each acts once per year per tile built.
var Spells = map[string]Phase{
	// Purple.
	"move-monster":    Build, // move a monster to a new place (also off a tile it covers)
	"purple-buys-pay": Buy,   // +3 Money for every tile with purple bought
	"move-purple":     Build, // move a purple tile not covered by a monster
	"kill-monster":    Build, // kill a visible monster in the district
	"magic-3":         Score, // 3 Raw Magic become 3 Money, 3 Influence and 3 Prestige
	"magic-5":         Score, // the same with 5
	// Green.
	"move-green":        Build,
	"move-goal":         Build, // move a tile with a goal
	"goals-to-prestige": Score, // 1 Prestige per two goals in the district
	// Yellow.
	"move-yellow":       Build,
	"free-tile-6":       Buy, // a free market tile costing up to 6, no discounts
	"free-discards":     Buy, // discard 2 market tiles for free
	"cheaper-2":         Buy, // every buy costs 2 less (at least 1)
	"extra-buy":         Buy, // one more buy
	"money-to-prestige": Score,
	"free-tile-10":      Buy,
	// Red.
	"move-red":              Build,
	"any-reward":            Reward, // an influence reward won may be any year's
	"gain-reward":           Reward, // gain this year's reward without placing
	"influence-to-prestige": Score,
	"unused-reward":         Buy, // use one of the rewards left out at setup
	// Rainbow.
	"free-rainbow": Buy,   // a free tile from the rainbow vendor
	"move-rainbow": Build, // move a rainbow tile on top of any tile, monsters too
	// Artifacts with abilities of their own.
	"boots":    Build, // after building it: move a red or green tile
	"staff":    Score, // transform Raw Magic with two cards, split evenly
	"wand":     Buy,   // every buy costs 1 less, and one more buy
	"gem":      Buy,   // a free market tile costing up to 5, no discounts
	"gauntlet": Build, // after building it: kill an adjacent monster
	"crown":    Buy,   // tiles with green cost 3 less
}

// Beast is one of the fourteen monsters.
type Beast struct {
	ID    string
	Tier  int
	Phase Phase // Build: acts when drawn; Score: before scoring
}

// Beasts lists the monsters by tier.
var Beasts = []Beast{
	{"dragon", 1, Build}, {"dark-mage", 1, Score}, {"gelatinous-cube", 1, Build}, {"golem", 1, Build},
	{"kraken", 1, Build}, {"lich", 1, Build}, {"skeleton", 1, Build},
	{"chimera", 2, Score}, {"demon", 2, Build}, {"genie", 2, Score}, {"giant", 2, Build},
	{"goblin", 2, Build}, {"invisible-stalker", 2, Build}, {"pixie", 2, Build},
}

// beast looks a monster up.
func beast(id string) (Beast, bool) {
	for _, b := range Beasts {
		if b.ID == id {
			return b, true
		}
	}
	return Beast{}, false
}

// The counts the rulebook gives.
const (
	startingTiles = 12
	marketTiles   = 115
	rainbowTiles  = 12
	rainbowCost   = 7
	monsterTier1  = 60
	monsterTier2  = 42
	artifactTiles = 12
)

// validate checks the tile files against the rulebook's counts and the
// abilities this package implements.
func (c *Components) validate() error {
	var errs []error
	count := func(kind Kind, tier int) int {
		n := 0
		for _, id := range c.ByKind[kind] {
			if t := c.Tiles[id]; tier == 0 || t.Tier == tier {
				n += t.Copies
			}
		}
		return n
	}
	want := func(what string, got, want int) {
		if got != want {
			errs = append(errs, fmt.Errorf("%s: %d tiles, the game has %d", what, got, want))
		}
	}
	want("starting tiles", count(StartingTile, 0), startingTiles)
	want("market tiles", count(MarketTile, 0), marketTiles)
	want("rainbow vendor tiles", count(RainbowTile, 0), rainbowTiles)
	want("tier 1 monster tiles", count(MonsterTile, 1), monsterTier1)
	want("tier 2 monster tiles", count(MonsterTile, 2), monsterTier2)
	want("artifact tiles", count(ArtifactTile, 0), artifactTiles)
	seen := map[string]bool{}
	for id, t := range c.Tiles {
		if t.Spell != "" {
			if _, ok := Spells[t.Spell]; !ok {
				errs = append(errs, fmt.Errorf("tile %s: unknown spell %q", id, t.Spell))
			}
		}
		switch t.Kind {
		case MarketTile:
			if t.Tier < 1 || t.Tier > 4 || t.Cost < 1 {
				errs = append(errs, fmt.Errorf("tile %s: vendor %d, cost %d", id, t.Tier, t.Cost))
			}
		case RainbowTile:
			if t.Cost != rainbowCost || t.Colours() != All {
				errs = append(errs, fmt.Errorf("tile %s: a rainbow vendor tile is all colours at cost %d", id, rainbowCost))
			}
		case MonsterTile:
			b, ok := beast(t.Beast)
			if !ok || b.Tier != t.Tier {
				errs = append(errs, fmt.Errorf("tile %s: monster %q of tier %d", id, t.Beast, t.Tier))
			}
			seen[t.Beast] = true
			if len(t.Goals) > 0 {
				errs = append(errs, fmt.Errorf("tile %s: monsters carry no goals", id))
			}
		}
		if t.Kind != MonsterTile && t.Beast != "" {
			errs = append(errs, fmt.Errorf("tile %s: only monster tiles name a monster", id))
		}
		for side, j := range t.Jagged {
			if j && t.Beast != "skeleton" {
				errs = append(errs, fmt.Errorf("tile %s: side %d jagged, only Skeletons have jagged sides", id, side))
			}
		}
		for _, g := range t.Goals {
			if g.Kind != Shield && !g.Any && !t.HasColour(g.Res.Colour()) {
				errs = append(errs, fmt.Errorf("tile %s: a %s goal for %s on a tile without that colour can never score", id, g.Kind, g.Res))
			}
		}
	}
	for _, b := range Beasts {
		if !seen[b.ID] {
			errs = append(errs, fmt.Errorf("monster %s has no tiles", b.ID))
		}
	}
	return errors.Join(errs...)
}
