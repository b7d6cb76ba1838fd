package viscounts

import (
	"embed"
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"
)

//go:embed data/*.toml
var embedded embed.FS

// Icon is one of the five townsfolk icons.
type Icon int

// The icons, in the order a player board lists them. Merchant icons fund
// trades, builder icons buildings, noble icons workers and cleric icons
// manuscripts; criminals are wild for every primary action.
const (
	Merchant Icon = iota
	Builder
	Noble
	Cleric
	Criminal
	numIcons
)

// iconNames spell icons in the data files and in catalog keys.
var iconNames = [numIcons]string{"merchant", "builder", "noble", "cleric", "criminal"}

func (i Icon) String() string { return iconNames[i] }

// Icons counts icons by kind.
type Icons [numIcons]int

// parseIcons reads "merchant merchant criminal".
func parseIcons(s string) (Icons, error) {
	var out Icons
	for _, w := range strings.Fields(s) {
		found := false
		for i, n := range iconNames {
			if n == w {
				out[i]++
				found = true
			}
		}
		if !found {
			return out, fmt.Errorf("unknown icon %q", w)
		}
	}
	return out, nil
}

// Conversion lets a resource or an icon count as icons of another kind
// while its card is on the player board: Per units of From give Gain
// icons of To (at most once a turn when Once). From is a resource a player
// pays ("silver", "gold", "stone", "ink") or "merchant" (merchant icons,
// which stop counting as merchants).
type Conversion struct {
	From string
	Per  int
	To   Icon
	Gain int
	Once bool
}

// Townsfolk is one card kind. A deck holds instances (see Card).
type Townsfolk struct {
	ID   string // unique, stable: used in saved games
	Name string // English
	De   string // German
	// Kind is "neutral" (the five piles), "hero", "starter" (8 a colour)
	// or "printed" (on the board under a pile: dismissed, never hired).
	Kind  string
	Cost  int // silver to hire or dismiss, and the least movement
	Icons Icons
	// Play resolves when the card is placed on the player board, DropOff
	// when it leaves it, Hire when it is hired or dismissed.
	Play, DropOff, Hire Effect
	// Trigger names when Ongoing resolves while the card is on the board:
	// after a primary action ("trade", "build", "noble", "transcribe"),
	// when any player resolves a collision ("collision"), or when its
	// owner gains or pays a Debt ("gaindebt", "flipdebt").
	Trigger string
	Ongoing Effect
	Convert []Conversion
}

// triggers are the Trigger values a card may carry.
var triggers = map[string]bool{"": true, "trade": true, "build": true, "noble": true, "transcribe": true, "collision": true, "gaindebt": true, "flipdebt": true}

// rawTownsfolk is a townsfolk as the data files write it.
type rawTownsfolk struct {
	ID, Name, De, Kind string
	Cost               int
	Icons              string
	Play, Dropoff      string
	Hire               string
	Trigger, Ongoing   string
	Convert            []struct {
		From string
		Per  int
		To   string
		Gain int
		Once bool
	}
}

// Catalog holds every component the rules read. It is built once from
// the embedded data files and never changed.
type Catalog struct {
	Townsfolk   []Townsfolk
	Segments    []Segment // five
	Manuscripts []Manuscript
	PlayerCards []PlayerCard // ten, by number
	Castle      Castle
	Track       Track
	Ending      Ending
	// Printed is what each segment (by id) prints under its piles.
	Printed map[string]Printed
	// Opponents are the four solo AI boards; Schemes their 16 scheme
	// cards, the 8 starting ones first (solo_data.go).
	Opponents []Opponent
	Schemes   []Scheme
	byID      map[string]int
	names     map[string]int // townsfolk by English name: how many bear it
}

// loadCatalog reads and checks the embedded data.
func loadCatalog() (*Catalog, error) {
	c := &Catalog{byID: map[string]int{}}
	var tf struct{ Townsfolk []rawTownsfolk }
	for _, f := range []string{"data/townsfolk.toml", "data/heroes.toml"} {
		var part struct{ Townsfolk []rawTownsfolk }
		if _, err := decodeEmbedded(f, &part); err != nil {
			return nil, err
		}
		tf.Townsfolk = append(tf.Townsfolk, part.Townsfolk...)
	}
	for _, r := range tf.Townsfolk {
		t, err := r.build()
		if err != nil {
			return nil, fmt.Errorf("townsfolk %q: %w", r.ID, err)
		}
		if _, dup := c.byID[t.ID]; dup {
			return nil, fmt.Errorf("townsfolk %q twice", t.ID)
		}
		c.byID[t.ID] = len(c.Townsfolk)
		c.Townsfolk = append(c.Townsfolk, t)
	}
	if err := c.loadParts(); err != nil {
		return nil, err
	}
	if err := c.loadPrinted(); err != nil {
		return nil, err
	}
	c.names = map[string]int{}
	for _, t := range c.Townsfolk {
		c.names[t.Name]++
	}
	if err := c.loadSolo(); err != nil {
		return nil, err
	}
	return c, nil
}

func (r rawTownsfolk) build() (Townsfolk, error) {
	t := Townsfolk{ID: r.ID, Name: r.Name, De: r.De, Kind: r.Kind, Cost: r.Cost, Trigger: r.Trigger}
	if t.ID == "" || t.Name == "" || t.De == "" {
		return t, fmt.Errorf("id, name and de are required")
	}
	switch t.Kind {
	case "neutral", "hero", "starter", "printed":
	default:
		return t, fmt.Errorf("kind %q", t.Kind)
	}
	if t.Cost < 0 || t.Cost > 5 {
		return t, fmt.Errorf("cost %d", t.Cost)
	}
	if !triggers[t.Trigger] {
		return t, fmt.Errorf("trigger %q", t.Trigger)
	}
	var err error
	if t.Icons, err = parseIcons(r.Icons); err != nil {
		return t, err
	}
	for _, f := range []struct {
		dst *Effect
		src string
	}{{&t.Play, r.Play}, {&t.DropOff, r.Dropoff}, {&t.Hire, r.Hire}, {&t.Ongoing, r.Ongoing}} {
		if *f.dst, err = ParseEffect(f.src); err != nil {
			return t, err
		}
	}
	if (t.Trigger == "") != (len(t.Ongoing) == 0) {
		return t, fmt.Errorf("trigger %q with ongoing %q", t.Trigger, r.Ongoing)
	}
	for _, cv := range r.Convert {
		to, err := parseIcons(cv.To)
		if err != nil || sumIcons(to) != 1 || cv.Per < 1 || cv.Gain < 1 {
			return t, fmt.Errorf("conversion %+v", cv)
		}
		switch cv.From {
		case "silver", "gold", "stone", "ink", "merchant":
		default:
			return t, fmt.Errorf("conversion from %q", cv.From)
		}
		c := Conversion{From: cv.From, Per: cv.Per, Gain: cv.Gain, Once: cv.Once}
		for i, n := range to {
			if n == 1 {
				c.To = Icon(i)
			}
		}
		t.Convert = append(t.Convert, c)
	}
	return t, nil
}

func sumIcons(ic Icons) int {
	n := 0
	for _, v := range ic {
		n += v
	}
	return n
}

// decodeEmbedded decodes one embedded TOML file strictly: an unknown key
// is an error, so a misspelt field cannot silently vanish.
func decodeEmbedded(name string, v any) (toml.MetaData, error) {
	b, err := embedded.ReadFile(name)
	if err != nil {
		return toml.MetaData{}, fmt.Errorf("viscounts data: %w", err)
	}
	md, err := toml.Decode(string(b), v)
	if err != nil {
		return md, fmt.Errorf("viscounts data %s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return md, fmt.Errorf("viscounts data %s: unknown keys %v", name, und)
	}
	return md, nil
}
