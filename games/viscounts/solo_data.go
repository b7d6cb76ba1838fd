package viscounts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

const soloFile = "data/solo.toml"

// Counts the rulebook's component list fixes for solo play.
const (
	numOpponents      = 4 // "If you want a challenge, see if you can beat all 4 different AI opponents"
	numStartSchemes   = 8 // "8 Starting Scheme Cards (Brown Headers)"
	numFutureSchemes  = 8 // "8 Future Scheme Cards (Black Headers)"
	maxSoloDifficulty = 3 // "shuffling 1, 2 or 3 Future Scheme Cards into their Scheme Draw Pile"
)

// The AI's primary actions: its focus names one of them.
const (
	aiWorkers    = "workers"
	aiBuild      = "build"
	aiTranscribe = "transcribe"
	aiTrade      = "trade"
	aiFocus      = "focus" // a scheme step: the opponent's focus action
)

var aiActions = []string{aiWorkers, aiBuild, aiTranscribe, aiTrade}

// Opponent is one AI player board.
type Opponent struct {
	ID, Name, De string
	// Focus is the primary action its focus icon stands for.
	Focus string
	// Start is what it gains at setup; a building in it is placed by the
	// AI's free building rule.
	Start Effect
	// Chart is the resource it takes when it may choose one; empty when
	// all resources are one type to it (the card-focused AI).
	Chart []ChartStep
	// Removes lists the schemes (catalog indexes) returned to the box.
	Removes []int
	// Buildings are its board's building types, left to right.
	Buildings [numBuildings]int
	// Uncovers is the icon the kth building of a type uncovers, -1 none.
	Uncovers [numBuildings][3]Icon
}

// ChartStep takes Res while the AI has fewer than Until (0: always).
type ChartStep struct {
	Res   int
	Until int
}

// Single reports an opponent for which all resources are one type.
func (o *Opponent) Single() bool { return len(o.Chart) == 0 }

// Scheme is one scheme card of the AI's deck.
type Scheme struct {
	ID     string
	Future bool // black header
	Icons  Icons
	Steps  []SchemeStep
	// Fallback runs when the card's action cannot be taken.
	Fallback Effect
}

// SchemeStep is one effect of a scheme: Kind is "dismiss", "move" (N
// spaces), "action" (Action), "criminals", "future" or "effect" (Effect).
type SchemeStep struct {
	Kind   string
	N      int
	Action string
	Effect Effect
}

// criminal reports a scheme with a criminal icon.
func (sc *Scheme) criminal() bool { return sc.Icons[Criminal] > 0 }

type rawSolo struct {
	Opponent []struct {
		ID, Name, De, Focus, Start string
		Chart, Removes, Buildings  []string
		Guildhall, Tradingpost     []string
	}
	Starting, Future []rawScheme
}

type rawScheme struct {
	ID, Icons, Fallback string
	Steps               []string
}

// loadSolo reads data/solo.toml.
func (c *Catalog) loadSolo() error {
	var raw rawSolo
	if _, err := decodeEmbedded(soloFile, &raw); err != nil {
		return err
	}
	return c.buildSolo(raw)
}

func (c *Catalog) buildSolo(raw rawSolo) error {
	if len(raw.Starting) != numStartSchemes || len(raw.Future) != numFutureSchemes {
		return fmt.Errorf("%s: %d starting and %d future schemes, want %d and %d", soloFile, len(raw.Starting), len(raw.Future), numStartSchemes, numFutureSchemes)
	}
	c.Schemes = nil
	ids := map[string]int{}
	for i, r := range append(slices.Clone(raw.Starting), raw.Future...) {
		sc, err := r.build(i >= numStartSchemes)
		if err != nil {
			return fmt.Errorf("%s: scheme %q: %w", soloFile, r.ID, err)
		}
		if _, dup := ids[sc.ID]; dup {
			return fmt.Errorf("%s: scheme %q twice", soloFile, sc.ID)
		}
		ids[sc.ID] = i
		c.Schemes = append(c.Schemes, sc)
	}
	if len(raw.Opponent) != numOpponents {
		return fmt.Errorf("%s: %d opponents, want %d", soloFile, len(raw.Opponent), numOpponents)
	}
	c.Opponents = nil
	for _, r := range raw.Opponent {
		o := Opponent{ID: r.ID, Name: r.Name, De: r.De, Focus: r.Focus}
		fail := func(format string, a ...any) error {
			return fmt.Errorf("%s: opponent %q: %s", soloFile, r.ID, fmt.Sprintf(format, a...))
		}
		if o.ID == "" || o.Name == "" || o.De == "" {
			return fail("id, name and de are required")
		}
		if !slices.Contains(aiActions, o.Focus) {
			return fail("focus %q", o.Focus)
		}
		var err error
		if o.Start, err = ParseEffect(r.Start); err != nil || len(o.Start) > 1 {
			return fail("start %q: %v", r.Start, err)
		}
		for i, step := range r.Chart {
			name, until, limited := strings.Cut(step, ":")
			res := slices.Index(resourceNames[:], name)
			if res < 0 {
				return fail("chart resource %q", name)
			}
			cs := ChartStep{Res: res}
			if limited {
				if cs.Until, err = strconv.Atoi(until); err != nil || cs.Until < 1 {
					return fail("chart limit %q", step)
				}
			}
			if limited == (i == len(r.Chart)-1) {
				return fail("chart %v: every entry but the last has a limit", r.Chart)
			}
			o.Chart = append(o.Chart, cs)
		}
		for _, id := range r.Removes {
			i, ok := ids[id]
			if !ok || slices.Contains(o.Removes, i) {
				return fail("removes %q", id)
			}
			o.Removes = append(o.Removes, i)
		}
		if len(r.Buildings) != numBuildings {
			return fail("buildings %v", r.Buildings)
		}
		seen := map[int]bool{}
		for i, name := range r.Buildings {
			b := slices.Index(buildingNames[:], name)
			if b < 0 || seen[b] {
				return fail("buildings %v", r.Buildings)
			}
			seen[b] = true
			o.Buildings[i] = b
		}
		for b := range numBuildings {
			for k := range 3 {
				o.Uncovers[b][k] = -1
			}
		}
		for b, list := range map[int][]string{Guildhall: r.Guildhall, TradingPost: r.Tradingpost} {
			if len(list) != 3 {
				return fail("%s icons %v: want three", buildingNames[b], list)
			}
			for k, name := range list {
				if name == "" {
					continue
				}
				i := slices.Index(iconNames[:], name)
				if i < 0 {
					return fail("icon %q", name)
				}
				o.Uncovers[b][k] = Icon(i)
			}
		}
		c.Opponents = append(c.Opponents, o)
	}
	return nil
}

func (r rawScheme) build(future bool) (Scheme, error) {
	sc := Scheme{ID: r.ID, Future: future}
	if sc.ID == "" {
		return sc, fmt.Errorf("id is required")
	}
	var err error
	if sc.Icons, err = parseIcons(r.Icons); err != nil {
		return sc, err
	}
	if sc.Fallback, err = ParseEffect(r.Fallback); err != nil {
		return sc, err
	}
	actions := 0
	for _, step := range r.Steps {
		st, err := parseSchemeStep(step)
		if err != nil {
			return sc, err
		}
		if st.Kind == "action" {
			actions++
		}
		sc.Steps = append(sc.Steps, st)
	}
	if actions > 1 {
		return sc, fmt.Errorf("%d actions, at most one", actions)
	}
	if (actions == 1) != (len(sc.Fallback) > 0) {
		return sc, fmt.Errorf("a fallback goes with an action, and only with one")
	}
	if sc.criminal() != slices.ContainsFunc(sc.Steps, func(s SchemeStep) bool { return s.Kind == "criminals" }) {
		return sc, fmt.Errorf("a criminal icon and the criminals step go together")
	}
	return sc, nil
}

// parseSchemeStep reads one step of a scheme.
func parseSchemeStep(s string) (SchemeStep, error) {
	switch {
	case s == "dismiss", s == "criminals", s == "future":
		return SchemeStep{Kind: s}, nil
	case s == aiFocus || slices.Contains(aiActions, s):
		return SchemeStep{Kind: "action", Action: s}, nil
	case strings.HasPrefix(s, "move"):
		n, err := strconv.Atoi(strings.TrimPrefix(s, "move"))
		if err != nil || n < 1 || n > numSpaces {
			return SchemeStep{}, fmt.Errorf("step %q", s)
		}
		return SchemeStep{Kind: "move", N: n}, nil
	}
	e, err := ParseEffect(s)
	if err != nil || len(e) == 0 {
		return SchemeStep{}, fmt.Errorf("step %q: %v", s, err)
	}
	return SchemeStep{Kind: "effect", Effect: e}, nil
}

// opponentByID is the catalog index of opponent id, or -1.
func (c *Catalog) opponentByID(id string) int {
	return slices.IndexFunc(c.Opponents, func(o Opponent) bool { return o.ID == id })
}
