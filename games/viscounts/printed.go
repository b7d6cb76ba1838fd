package viscounts

import "fmt"

// Printed is what the board prints under one segment's piles: a
// townsfolk that can be dismissed but not hired, and a manuscript that
// can be transcribed for its effect but not collected.
type Printed struct {
	Folk   int // catalog townsfolk of kind "printed"
	Script Manuscript
}

// loadPrinted reads data/printed.toml after the segments and townsfolk.
func (c *Catalog) loadPrinted() error {
	var raw struct {
		Printed []struct {
			Segment    string
			FolkName   string `toml:"folk_name"`
			FolkDe     string `toml:"folk_de"`
			FolkCost   int    `toml:"folk_cost"`
			FolkIcons  string `toml:"folk_icons"`
			FolkHire   string `toml:"folk_hire"`
			ScriptCost int    `toml:"script_cost"`
			ScriptNow  string `toml:"script_now"`
		}
	}
	if _, err := decodeEmbedded("data/printed.toml", &raw); err != nil {
		return err
	}
	c.Printed = map[string]Printed{}
	for _, r := range raw.Printed {
		t, err := rawTownsfolk{ID: "printed-" + r.Segment, Name: r.FolkName, De: r.FolkDe, Kind: "printed", Cost: r.FolkCost,
			Icons: r.FolkIcons, Hire: r.FolkHire}.build()
		if err != nil {
			return fmt.Errorf("printed %q: %w", r.Segment, err)
		}
		now, err := ParseEffect(r.ScriptNow)
		if err != nil || r.ScriptCost < 1 {
			return fmt.Errorf("printed %q: manuscript %q cost %d: %v", r.Segment, r.ScriptNow, r.ScriptCost, err)
		}
		c.byID[t.ID] = len(c.Townsfolk)
		c.Printed[r.Segment] = Printed{Folk: len(c.Townsfolk), Script: Manuscript{ID: "printed-" + r.Segment, Ribbon: -1, Cost: r.ScriptCost, Now: now}}
		c.Townsfolk = append(c.Townsfolk, t)
	}
	for _, sg := range c.Segments {
		if _, ok := c.Printed[sg.ID]; !ok {
			return fmt.Errorf("printed: no entry for segment %q", sg.ID)
		}
	}
	if len(c.Printed) != len(c.Segments) {
		return fmt.Errorf("printed: %d entries for %d segments", len(c.Printed), len(c.Segments))
	}
	return nil
}
