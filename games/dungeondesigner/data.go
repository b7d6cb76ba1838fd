package dungeondesigner

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

//go:embed data/*.json
var embedded embed.FS

// Side indexes the four sides of a room or a gate direction.
const (
	Top = iota
	Right
	Bottom
	Left
)

// Quadrant indexes the four element spots of a room.
const (
	TopLeft = iota
	TopRight
	BottomLeft
	BottomRight
)

// Room is one room card.
type Room struct {
	ID    int       `json:"id"`
	EN    string    `json:"en"`
	DE    string    `json:"de"`
	Type  string    `json:"type"` // "cave" or "masonry"
	Doors string    `json:"doors"`
	Spots [4]string `json:"spots"` // printed elements by quadrant, "" = free spot
	Gold  int       `json:"gold"`
	Rune  string    `json:"rune"` // solo rune: red, green, blue
}

// Door reports whether the room has a printed door on side.
func (r Room) Door(side int) bool { return strings.ContainsRune(r.Doors, rune("TRBL"[side])) }

// StallPart is the upper or lower half of a market stall.
type StallPart struct {
	Cost   int      `json:"cost"`
	Shapes []string `json:"shapes"`
}

// Stall is one market stall card.
type Stall struct {
	ID    int       `json:"id"`
	Upper StallPart `json:"upper"`
	Lower StallPart `json:"lower"`
}

// Part returns the upper (0) or lower (1) half.
func (s Stall) Part(lower bool) StallPart {
	if lower {
		return s.Lower
	}
	return s.Upper
}

// Tile is one market tile.
type Tile struct {
	ID      int
	Shape   string // square, circle, oval
	Element string // element code, "passage" for a secret passage
}

// Blueprint is one blueprint card; columns are 0-based here.
type Blueprint struct {
	ID       int          `json:"id"`
	Entrance int          `json:"entrance"`
	Exit     int          `json:"exit"`
	Grid     [4][4]string `json:"grid"`
}

// Task is one task card, scored on its owner's dungeon.
type Task struct {
	Number int      `json:"number"`
	Kind   string   `json:"kind"`
	Of     []string `json:"of"`
	Pts    int      `json:"pts"`
}

// Goal is one goal card, compared between dungeons.
type Goal struct {
	ID   int    `json:"id"`
	Kind string `json:"kind"` // most, fewest
	Of   string `json:"of"`
}

// Collect names a stall part Jael takes.
type Collect struct {
	Stall int    `json:"stall"` // 1 or 2
	Part  string `json:"part"`  // upper, lower
}

// Bonus is the condition on a Jael card.
type Bonus struct {
	Kind string   `json:"kind"` // each, set
	Of   []string `json:"of"`
	Pts  int      `json:"pts"`
}

// JaelCard is one card of the solo opponent.
type JaelCard struct {
	ID      int       `json:"id"`
	Tier    string    `json:"tier"` // plain, diamond, crown
	Gold    int       `json:"gold"`
	Runes   []string  `json:"runes"`
	Collect []Collect `json:"collect"`
	Base    int       `json:"base"`
	Bonus   Bonus     `json:"bonus"`
}

// Components is every component list of the game, indexed by id (index 0 unused).
type Components struct {
	Rooms      []Room
	Stalls     []Stall
	Tiles      []Tile
	Blueprints []Blueprint
	Table      []int // blueprint conditions met -> prestige
	Tasks      []Task
	Goals      []Goal
	Jael       []JaelCard
}

// Room, Stall, ... look components up by id.
func (c *Components) Room(id int) Room           { return c.Rooms[id] }
func (c *Components) Stall(id int) Stall         { return c.Stalls[id] }
func (c *Components) Tile(id int) Tile           { return c.Tiles[id] }
func (c *Components) Blueprint(id int) Blueprint { return c.Blueprints[id] }
func (c *Components) Task(n int) Task            { return c.Tasks[n] }
func (c *Components) Goal(id int) Goal           { return c.Goals[id] }
func (c *Components) JaelCard(id int) JaelCard   { return c.Jael[id] }

// DefaultComponents loads the embedded data. The embedded files are checked
// by tests, so an error here is a programming error.
func DefaultComponents() *Components {
	c, err := LoadComponents(embedded, "data")
	if err != nil {
		panic(err)
	}
	return c
}

// LoadComponents reads and validates the seven data files from dir in fsys,
// so a server owner can supply corrected files.
func LoadComponents(fsys fs.FS, dir string) (*Components, error) {
	var rooms struct{ Rooms []Room }
	var stalls struct{ Stalls []Stall }
	var tiles struct {
		Tiles []struct {
			Shape, Element string
			Count          int
		}
	}
	var bps struct {
		Table      []int
		Blueprints []Blueprint
	}
	var tasks struct{ Tasks []Task }
	var goals struct{ Goals []Goal }
	var jael struct{ Cards []JaelCard }
	for name, dst := range map[string]any{
		"rooms.json": &rooms, "stalls.json": &stalls, "tiles.json": &tiles,
		"blueprints.json": &bps, "tasks.json": &tasks, "goals.json": &goals, "jael.json": &jael,
	} {
		b, err := fs.ReadFile(fsys, dir+"/"+name)
		if err != nil {
			return nil, fmt.Errorf("dungeondesigner: read %s: %w", name, err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			return nil, fmt.Errorf("dungeondesigner: parse %s: %w", name, err)
		}
	}
	c := &Components{Table: bps.Table}
	c.Rooms = append([]Room{{}}, rooms.Rooms...)
	c.Stalls = append([]Stall{{}}, stalls.Stalls...)
	c.Tiles = []Tile{{}}
	for _, t := range tiles.Tiles {
		for range t.Count {
			c.Tiles = append(c.Tiles, Tile{ID: len(c.Tiles), Shape: t.Shape, Element: t.Element})
		}
	}
	c.Blueprints = append([]Blueprint{{}}, bps.Blueprints...)
	for i := range c.Blueprints[1:] {
		c.Blueprints[i+1].Entrance--
		c.Blueprints[i+1].Exit--
	}
	c.Tasks = append([]Task{{}}, tasks.Tasks...)
	c.Goals = append([]Goal{{}}, goals.Goals...)
	c.Jael = append([]JaelCard{{}}, jael.Cards...)
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("dungeondesigner: %w", err)
	}
	return c, nil
}

var (
	monsters   = []string{"gnoll", "goblin", "kobold", "slime", "ooze"}
	traps      = []string{"bear", "blade", "fire", "pit", "spike"}
	shapes     = []string{"circle", "oval", "square"}
	runes      = []string{"red", "green", "blue"}
	countables = []string{"gnoll", "goblin", "kobold", "slime", "ooze", "monster", "trap", "treasure", "star", "passage"}
)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// starValue parses "star+2" / "star-1"; ok is false for other elements.
func starValue(el string) (int, bool) {
	if !strings.HasPrefix(el, "star") {
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimPrefix(el, "star"))
	return v, err == nil
}

// validElement reports whether el may be printed on a room or tile.
func validElement(el string) bool {
	if _, ok := starValue(el); ok {
		return true
	}
	return el == "treasure" || contains(monsters, el) || contains(traps, el)
}

// matches reports whether element el counts as the thing what.
func matches(el, what string) bool {
	switch what {
	case "monster":
		return contains(monsters, el)
	case "trap":
		return contains(traps, el)
	case "star":
		_, ok := starValue(el)
		return ok
	}
	return el == what
}

func (c *Components) validate() error {
	idCheck := func(kind string, n, want int, id func(i int) int) error {
		if n != want {
			return fmt.Errorf("%s: %d entries, want %d", kind, n, want)
		}
		for i := 1; i <= n; i++ {
			if id(i) != i {
				return fmt.Errorf("%s: entry %d has id %d", kind, i, id(i))
			}
		}
		return nil
	}
	checks := []error{
		idCheck("rooms", len(c.Rooms)-1, 100, func(i int) int { return c.Rooms[i].ID }),
		idCheck("stalls", len(c.Stalls)-1, 18, func(i int) int { return c.Stalls[i].ID }),
		idCheck("blueprints", len(c.Blueprints)-1, 8, func(i int) int { return c.Blueprints[i].ID }),
		idCheck("tasks", len(c.Tasks)-1, 30, func(i int) int { return c.Tasks[i].Number }),
		idCheck("goals", len(c.Goals)-1, 8, func(i int) int { return c.Goals[i].ID }),
		idCheck("jael", len(c.Jael)-1, 9, func(i int) int { return c.Jael[i].ID }),
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if len(c.Tiles)-1 != 56 {
		return fmt.Errorf("tiles: %d, want 56", len(c.Tiles)-1)
	}
	if len(c.Table) != 9 {
		return fmt.Errorf("blueprint table: %d entries, want 9", len(c.Table))
	}
	for _, r := range c.Rooms[1:] {
		if r.Type != "cave" && r.Type != "masonry" || !contains(runes, r.Rune) || r.Gold < 0 || r.EN == "" || r.DE == "" {
			return fmt.Errorf("room %d: bad type, rune, gold or name", r.ID)
		}
		for _, ch := range r.Doors {
			if !strings.ContainsRune("TRBL", ch) {
				return fmt.Errorf("room %d: bad door %q", r.ID, ch)
			}
		}
		for _, el := range r.Spots {
			if el != "" && !validElement(el) {
				return fmt.Errorf("room %d: bad element %q", r.ID, el)
			}
		}
	}
	for _, s := range c.Stalls[1:] {
		for _, p := range []StallPart{s.Upper, s.Lower} {
			if p.Cost <= 0 || len(p.Shapes) == 0 {
				return fmt.Errorf("stall %d: bad part", s.ID)
			}
			for _, sh := range p.Shapes {
				if !contains(shapes, sh) {
					return fmt.Errorf("stall %d: bad shape %q", s.ID, sh)
				}
			}
		}
	}
	for _, t := range c.Tiles[1:] {
		if !contains(shapes, t.Shape) || (t.Element != "passage" && !validElement(t.Element)) {
			return fmt.Errorf("tile %d: bad shape or element", t.ID)
		}
	}
	for _, b := range c.Blueprints[1:] {
		if b.Entrance < 0 || b.Entrance > 3 || b.Exit < 0 || b.Exit > 3 {
			return fmt.Errorf("blueprint %d: gate column out of range", b.ID)
		}
		for _, row := range b.Grid {
			for _, v := range row {
				if v != "" && v != "cave" && v != "masonry" && !contains(countables, v) {
					return fmt.Errorf("blueprint %d: bad condition %q", b.ID, v)
				}
			}
		}
	}
	for i := 1; i < len(c.Table); i++ {
		if c.Table[i] < c.Table[i-1] {
			return fmt.Errorf("blueprint table not monotone")
		}
	}
	for _, t := range c.Tasks[1:] {
		if err := checkTask(t); err != nil {
			return fmt.Errorf("task %d: %w", t.Number, err)
		}
	}
	for _, g := range c.Goals[1:] {
		if (g.Kind != "most" && g.Kind != "fewest") || !contains(countables, g.Of) {
			return fmt.Errorf("goal %d: bad kind or thing", g.ID)
		}
	}
	tiers := map[string]int{}
	for _, j := range c.Jael[1:] {
		tiers[j.Tier]++
		if len(j.Runes) == 0 || len(j.Collect) == 0 || (j.Bonus.Kind != "each" && j.Bonus.Kind != "set") || len(j.Bonus.Of) == 0 {
			return fmt.Errorf("jael card %d: incomplete", j.ID)
		}
		for _, col := range j.Collect {
			if col.Stall < 1 || col.Stall > 2 || (col.Part != "upper" && col.Part != "lower") {
				return fmt.Errorf("jael card %d: bad collect symbol", j.ID)
			}
		}
		for _, r := range j.Runes {
			if !contains(runes, r) {
				return fmt.Errorf("jael card %d: bad rune %q", j.ID, r)
			}
		}
		for _, w := range j.Bonus.Of {
			if !contains(countables, w) {
				return fmt.Errorf("jael card %d: bad bonus thing %q", j.ID, w)
			}
		}
	}
	if tiers["plain"] != 3 || tiers["diamond"] != 3 || tiers["crown"] != 3 {
		return fmt.Errorf("jael cards: want 3 plain, 3 diamond, 3 crown, got %v", tiers)
	}
	return nil
}

var taskKinds = map[string]int{ // kind -> number of "of" entries (-1 = at least one)
	"each": 1, "set": -1, "rows": 1, "cols": 1, "group": 1, "path": 0, "both": -1,
	"full": 0, "corner": 1, "without": 1, "samerows": 0, "samecols": 0,
}

func checkTask(t Task) error {
	n, ok := taskKinds[t.Kind]
	if !ok || t.Pts <= 0 {
		return fmt.Errorf("bad kind %q or points", t.Kind)
	}
	if (n >= 0 && len(t.Of) != n) || (n < 0 && len(t.Of) < 2) {
		return fmt.Errorf("kind %s: wrong number of things", t.Kind)
	}
	for _, w := range t.Of {
		isType := w == "cave" || w == "masonry"
		if (t.Kind == "group" || t.Kind == "corner") != isType || (!isType && !contains(countables, w)) {
			return fmt.Errorf("bad thing %q", w)
		}
	}
	return nil
}
