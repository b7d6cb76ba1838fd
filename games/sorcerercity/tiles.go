package sorcerercity

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

//go:embed data/*.json
var embedded embed.FS

// Colour is a set of district colours; a rainbow side holds all four.
type Colour uint8

// The four colours, one per resource.
const (
	Yellow Colour = 1 << iota // Money
	Red                       // Influence
	Purple                    // Raw Magic
	Green                     // Prestige
	None   Colour = 0
	All           = Yellow | Red | Purple | Green
)

// colourLetters spell a Colour in the data files: Y, R, P, G; "W" (wild)
// is all four, "X" a Skeleton's jagged black side (no colour).
var colourLetters = map[rune]Colour{'Y': Yellow, 'R': Red, 'P': Purple, 'G': Green, 'W': All}

// Colours lists the single colours in track order.
var Colours = []Colour{Yellow, Red, Purple, Green}

// Has reports whether c includes every colour of o (o non-empty).
func (c Colour) Has(o Colour) bool { return o != 0 && c&o == o }

// Resource is what a colour produces: the four Annual Progress tracks.
type Resource int

// The tracks, in the order of Colours.
const (
	Money Resource = iota
	Influence
	Magic
	Prestige
)

// Colour returns the colour that produces r.
func (r Resource) Colour() Colour { return Colours[r] }

var resourceNames = []string{"money", "influence", "magic", "prestige"}

func (r Resource) String() string { return resourceNames[r] }

// resourceOf reads a resource name; "any" (a rainbow goal) is -1.
func resourceOf(s string) (Resource, error) {
	if s == "any" {
		return -1, nil
	}
	i := slices.Index(resourceNames, s)
	if i < 0 {
		return 0, fmt.Errorf("unknown resource %q", s)
	}
	return Resource(i), nil
}

// Side indexes a tile's four sides, clockwise from the top.
const (
	Top = iota
	Right
	Bottom
	Left
)

// GoalKind is the structure a goal asks for.
type GoalKind string

// The three goal kinds.
const (
	Group  GoalKind = "group"
	Line   GoalKind = "line"
	Shield GoalKind = "shield"
)

// Goal is one shield on a tile. Any is a rainbow group goal: it scores
// for one colour of its owner's choice each year.
type Goal struct {
	Kind GoalKind
	Res  Resource
	Any  bool
}

// Kind sorts tiles by their back.
type Kind string

// The tile kinds.
const (
	StartingTile Kind = "starting"
	MarketTile   Kind = "market"
	RainbowTile  Kind = "rainbow" // sold only by the rainbow vendor
	MonsterTile  Kind = "monster"
	ArtifactTile Kind = "artifact"
)

// Tile is one kind of tile; Copies say how many the game holds (the number
// after the dot on the tile back).
type Tile struct {
	ID     string
	Kind   Kind
	Tier   int // vendor 1–4 for market tiles, 1–2 for monsters
	Cost   int // printed price; 0 for tiles that are not sold
	Sides  [4]Colour
	Jagged [4]bool // a Skeleton's black sides: nothing may touch them
	Goals  []Goal
	Spell  string // spell or artifact ability id, "" for none
	Beast  string // the monster, for monster tiles
	Copies int
	Name   string // artifacts: their name
}

// HasColour reports whether any side of t shows c.
func (t Tile) HasColour(c Colour) bool {
	for _, s := range t.Sides {
		if s&c != 0 {
			return true
		}
	}
	return false
}

// Colours is every colour t shows.
func (t Tile) Colours() Colour {
	var c Colour
	for _, s := range t.Sides {
		c |= s
	}
	return c
}

// tileFile is the JSON form of a tile kind.
type tileFile struct {
	ID     string   `json:"id"`
	Tier   int      `json:"tier,omitempty"`
	Cost   int      `json:"cost,omitempty"`
	Sides  string   `json:"sides"` // "Y R P G" per side clockwise from the top; a side may hold several letters
	Goals  []string `json:"goals,omitempty"`
	Spell  string   `json:"spell,omitempty"`
	Beast  string   `json:"monster,omitempty"`
	Name   string   `json:"name,omitempty"`
	Copies int      `json:"copies"`
}

// dataFile is one file of data/: a note on where its facts come from, and
// tile kinds by their back.
type dataFile struct {
	About string                `json:"about"`
	Tiles map[string][]tileFile `json:"tiles"`
}

func parseSides(s string) ([4]Colour, [4]bool, error) {
	var sides [4]Colour
	var jagged [4]bool
	f := strings.Fields(s)
	if len(f) != 4 {
		return sides, jagged, fmt.Errorf("sides %q: want 4 sides", s)
	}
	for i, side := range f {
		if side == "X" {
			jagged[i] = true
			continue
		}
		for _, r := range side {
			c, ok := colourLetters[r]
			if !ok {
				return sides, jagged, fmt.Errorf("sides %q: unknown colour %q", s, r)
			}
			sides[i] |= c
		}
	}
	return sides, jagged, nil
}

// parseGoal reads "group:money", "line:prestige", "shield:magic" or
// "group:any".
func parseGoal(s string) (Goal, error) {
	kind, res, ok := strings.Cut(s, ":")
	g := Goal{Kind: GoalKind(kind)}
	if !ok || (g.Kind != Group && g.Kind != Line && g.Kind != Shield) {
		return g, fmt.Errorf("goal %q: want kind:resource", s)
	}
	r, err := resourceOf(res)
	if err != nil {
		return g, fmt.Errorf("goal %q: %w", s, err)
	}
	if r < 0 {
		if g.Kind != Group {
			return g, fmt.Errorf("goal %q: only a group goal may be for any colour", s)
		}
		g.Any = true
		r = 0
	}
	g.Res = r
	return g, nil
}

// Components is every tile kind of the game by id, and the ids by kind in
// file order.
type Components struct {
	Tiles  map[string]Tile
	ByKind map[Kind][]string
	Board  Board
}

// Tile looks a tile kind up; unknown ids are a programming error caught by
// validation at load.
func (c *Components) Tile(id string) Tile { return c.Tiles[id] }

// LoadComponents reads the tile files of fsys (the embedded data/ when nil),
// so that an owner of the physical game can drop in the exact tiles.
func LoadComponents(fsys fs.FS) (*Components, error) {
	if fsys == nil {
		sub, err := fs.Sub(embedded, "data")
		if err != nil {
			return nil, err
		}
		fsys = sub
	}
	c := &Components{Tiles: map[string]Tile{}, ByKind: map[Kind][]string{}}
	for _, name := range []string{"tiles.json"} {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("sorcerercity: %w", err)
		}
		var f dataFile
		if err := json.Unmarshal(raw, &f); err != nil {
			return nil, fmt.Errorf("sorcerercity: %s: %w", name, err)
		}
		for _, kind := range []Kind{StartingTile, MarketTile, RainbowTile, MonsterTile, ArtifactTile} {
			for _, tf := range f.Tiles[string(kind)] {
				t, err := tf.tile(kind)
				if err != nil {
					return nil, fmt.Errorf("sorcerercity: %s: tile %s: %w", name, tf.ID, err)
				}
				if _, dup := c.Tiles[t.ID]; dup {
					return nil, fmt.Errorf("sorcerercity: %s: tile %s twice", name, t.ID)
				}
				c.Tiles[t.ID] = t
				c.ByKind[kind] = append(c.ByKind[kind], t.ID)
			}
		}
	}
	board, err := loadBoard(fsys)
	if err != nil {
		return nil, fmt.Errorf("sorcerercity: %w", err)
	}
	c.Board = board
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("sorcerercity: %w", err)
	}
	return c, nil
}

func (tf tileFile) tile(kind Kind) (Tile, error) {
	t := Tile{ID: tf.ID, Kind: kind, Tier: tf.Tier, Cost: tf.Cost, Spell: tf.Spell, Beast: tf.Beast, Copies: tf.Copies, Name: tf.Name}
	var err error
	if t.Sides, t.Jagged, err = parseSides(tf.Sides); err != nil {
		return t, err
	}
	for _, s := range tf.Goals {
		g, err := parseGoal(s)
		if err != nil {
			return t, err
		}
		t.Goals = append(t.Goals, g)
	}
	if t.Copies < 1 {
		return t, fmt.Errorf("copies %d", t.Copies)
	}
	return t, nil
}
