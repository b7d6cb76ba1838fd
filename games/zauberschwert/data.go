package zauberschwert

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
)

//go:embed data/*.json
var embedded embed.FS

// Counts the rulebook gives; the data files must match them.
const (
	adventureCards = 25
	spellCards     = 6
	orbCards       = 3
	holyCards      = 2
	creatureCards  = 14
	artifactCards  = 28
)

// Data is the validated component set a game is played with.
type Data struct {
	Cards     []Card         // the 25 adventure cards, in file order
	Artifacts []ArtifactCard // the 28 artifact cards, Index == position
	Spells    []SpellInfo

	cardByID  map[string]Card
	spellByID map[string]SpellInfo
}

type adventureFile struct {
	Header string `json:"header"`
	Cards  []Card `json:"cards"`
}

type artifactEntry struct {
	Artifact
	Copies int `json:"copies"`
}

type artifactFile struct {
	Header    string          `json:"header"`
	Artifacts []artifactEntry `json:"artifacts"`
}

type spellFile struct {
	Header string      `json:"header"`
	Spells []SpellInfo `json:"spells"`
}

// LoadData reads adventure.json, artifacts.json and spells.json from fsys
// (the embedded defaults, or a server owner's corrected folder) and checks
// them against the rulebook's counts.
func LoadData(fsys fs.FS) (*Data, error) {
	var adv adventureFile
	var art artifactFile
	var sp spellFile
	for name, dst := range map[string]any{"adventure.json": &adv, "artifacts.json": &art, "spells.json": &sp} {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("zauberschwert data: %w", err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			return nil, fmt.Errorf("zauberschwert data %s: %w", name, err)
		}
	}
	d := &Data{Cards: adv.Cards, Spells: sp.Spells, cardByID: map[string]Card{}, spellByID: map[string]SpellInfo{}}
	for _, e := range art.Artifacts {
		for range e.Copies {
			if e.Parts == 1 {
				d.Artifacts = append(d.Artifacts, ArtifactCard{Index: len(d.Artifacts), Artifact: e.Artifact})
				continue
			}
			for part := 1; part <= e.Parts; part++ {
				d.Artifacts = append(d.Artifacts, ArtifactCard{Index: len(d.Artifacts), Part: part, Artifact: e.Artifact})
			}
		}
	}
	if err := d.validate(art.Artifacts); err != nil {
		return nil, fmt.Errorf("zauberschwert data: %w", err)
	}
	return d, nil
}

func defaultData() (*Data, error) {
	sub, err := fs.Sub(embedded, "data")
	if err != nil {
		return nil, fmt.Errorf("zauberschwert data: %w", err)
	}
	return LoadData(sub)
}

func validSymbol(s Symbol) bool { return s == Triangle || s == Circle || s == Square }

func (d *Data) validate(arts []artifactEntry) error {
	if len(d.Spells) != spellCards {
		return fmt.Errorf("%d spells, want %d", len(d.Spells), spellCards)
	}
	for _, s := range d.Spells {
		if !slices.Contains(spellIDs(), s.ID) {
			return fmt.Errorf("unknown spell %q", s.ID)
		}
		if _, dup := d.spellByID[s.ID]; dup {
			return fmt.Errorf("spell %q twice", s.ID)
		}
		d.spellByID[s.ID] = s
	}
	if len(d.Cards) != adventureCards {
		return fmt.Errorf("%d adventure cards, want %d", len(d.Cards), adventureCards)
	}
	count := map[Kind]int{}
	spellsSeen := map[string]bool{}
	decks := map[string]int{}
	for _, c := range d.Cards {
		if _, dup := d.cardByID[c.ID]; dup || c.ID == "" {
			return fmt.Errorf("adventure card id %q empty or twice", c.ID)
		}
		d.cardByID[c.ID] = c
		count[c.Kind]++
		decks[c.Deck]++
		if c.Deck != "A" && c.Deck != "B" && c.Deck != "C" {
			return fmt.Errorf("card %s: deck %q", c.ID, c.Deck)
		}
		switch c.Kind {
		case KindSpell:
			if _, ok := d.spellByID[c.Spell]; !ok || spellsSeen[c.Spell] {
				return fmt.Errorf("card %s: spell %q unknown or twice", c.ID, c.Spell)
			}
			spellsSeen[c.Spell] = true
		case KindOrb:
			if c.Magic <= 0 {
				return fmt.Errorf("card %s: orb without magic", c.ID)
			}
		case KindHoly:
			if c.Stones <= 0 {
				return fmt.Errorf("card %s: holy site without stones", c.ID)
			}
		case KindCreature:
			if c.Strength <= 0 || !validSymbol(c.Symbol) || !slices.Contains(species(), c.Species) {
				return fmt.Errorf("card %s: bad creature", c.ID)
			}
			if c.Single.Stones+c.Single.Artifacts == 0 || c.Shared.Stones+c.Shared.Artifacts == 0 {
				return fmt.Errorf("card %s: creature without reward", c.ID)
			}
		default:
			return fmt.Errorf("card %s: kind %q", c.ID, c.Kind)
		}
	}
	want := map[Kind]int{KindSpell: spellCards, KindOrb: orbCards, KindHoly: holyCards, KindCreature: creatureCards}
	for k, n := range want {
		if count[k] != n {
			return fmt.Errorf("%d cards of kind %s, want %d", count[k], k, n)
		}
	}
	if len(decks) != 3 {
		return fmt.Errorf("decks A, B and C must all have cards: %v", decks)
	}
	ids := map[string]bool{}
	for _, a := range arts {
		if ids[a.ID] || a.ID == "" {
			return fmt.Errorf("artifact id %q empty or twice", a.ID)
		}
		ids[a.ID] = true
		if (a.Parts != 1 && a.Parts != 2) || a.Copies < 1 || len(a.Symbols) == 0 {
			return fmt.Errorf("artifact %s: parts, copies or symbols", a.ID)
		}
		for _, s := range a.Symbols {
			if !validSymbol(s) {
				return fmt.Errorf("artifact %s: symbol %q", a.ID, s)
			}
		}
		if a.Bonus.Magic+a.Bonus.Stones+a.Bonus.Choice == 0 || (a.Bonus.Choice > 0 && a.Bonus.Magic+a.Bonus.Stones > 0) {
			return fmt.Errorf("artifact %s: bonus", a.ID)
		}
	}
	if len(d.Artifacts) != artifactCards {
		return fmt.Errorf("%d artifact cards, want %d", len(d.Artifacts), artifactCards)
	}
	return nil
}

// species lists the creatures the rulebook names.
func species() []string { return []string{"spiders", "goblins", "shadows", "dragons"} }

// spell ids, as the rules implement them.
const (
	spFulmentus     = "fulmentus"
	spStonex        = "stonex"
	spAddus         = "addus"
	spRetransformus = "retransformus"
	spTransformus   = "transformus"
	spHarpagarus    = "harpagarus"
)

func spellIDs() []string {
	return []string{spFulmentus, spStonex, spAddus, spRetransformus, spTransformus, spHarpagarus}
}
