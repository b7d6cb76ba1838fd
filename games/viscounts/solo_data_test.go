package viscounts

import (
	"errors"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// TestSoloDataKeepsTheRulebook checks the facts the rulebook fixes in
// data/solo.toml.
func TestSoloDataKeepsTheRulebook(t *testing.T) {
	c := New().c
	if len(c.Opponents) != 4 || len(c.Schemes) != 16 {
		t.Fatalf("%d opponents, %d schemes", len(c.Opponents), len(c.Schemes))
	}
	for i, sc := range c.Schemes {
		if sc.Future != (i >= numStartSchemes) {
			t.Errorf("scheme %s: future %v at %d", sc.ID, sc.Future, i)
		}
	}
	cleric := c.Opponents[c.opponentByID("cleric")]
	if cleric.Focus != aiTranscribe {
		t.Errorf("the Cleric AI's focus is %q, want transcribe", cleric.Focus)
	}
	if got := cleric.Start.String(); got != "ink+stone+deed+debt+guildhall" {
		t.Errorf("the Cleric AI starts with %q", got)
	}
	if want := []ChartStep{{Ink, 6}, {Stone, 4}, {Gold, 0}}; !slices.Equal(cleric.Chart, want) {
		t.Errorf("the Cleric AI's chart %v, want %v", cleric.Chart, want)
	}
	if cleric.Uncovers[Guildhall][0] != Cleric {
		t.Errorf("the Cleric AI's first Guildhall uncovers %v, want a cleric icon (the second example)", cleric.Uncovers[Guildhall][0])
	}
	singles, foci := 0, map[string]bool{}
	for _, o := range c.Opponents {
		foci[o.Focus] = true
		if o.Single() {
			singles++
		}
		// Trading Posts and Guildhalls swap places on AI boards.
		if slices.Index(o.Buildings[:], Guildhall) > slices.Index(o.Buildings[:], TradingPost) {
			t.Errorf("%s: buildings %v: the Guildhalls come before the Trading Posts", o.ID, o.Buildings)
		}
	}
	if singles != 1 {
		t.Errorf("%d opponents treat all resources as one type, want the card-focused one", singles)
	}
	if len(foci) != 4 {
		t.Errorf("foci %v: each opponent focuses on its own action", foci)
	}
	s1, s2 := c.Schemes[0], c.Schemes[1]
	if s1.Icons != (Icons{Noble: 2}) || len(s1.Steps) != 3 || s1.Steps[0].Kind != "dismiss" || s1.Steps[1].N != 2 ||
		s1.Steps[2].Action != aiWorkers || s1.Fallback.String() != "flipdebt+virtue" {
		t.Errorf("s1 %+v is not the first example's scheme", s1)
	}
	if s2.Icons != (Icons{Cleric: 1, Criminal: 1}) || len(s2.Steps) != 4 || s2.Steps[0].Kind != "criminals" ||
		s2.Steps[1].Kind != "future" || s2.Steps[2].N != 1 || s2.Steps[3].Action != aiFocus {
		t.Errorf("s2 %+v is not the second example's scheme", s2)
	}
	if slices.Contains(cleric.Removes, 0) || slices.Contains(cleric.Removes, 1) {
		t.Error("the Cleric AI removes a scheme of its own examples")
	}
}

// TestSoloDataRejectsMistakes breaks data/solo.toml one field at a time.
func TestSoloDataRejectsMistakes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spoil func(r *rawSolo)
	}{
		{"a starting scheme missing", func(r *rawSolo) { r.Starting = r.Starting[1:] }},
		{"two actions", func(r *rawSolo) { r.Starting[2].Steps = append(r.Starting[2].Steps, "focus") }},
		{"a fallback without action", func(r *rawSolo) { r.Starting[2].Steps = []string{"move2"} }},
		{"an action without fallback", func(r *rawSolo) { r.Starting[2].Fallback = "" }},
		{"an unknown step", func(r *rawSolo) { r.Starting[2].Steps[0] = "jump2" }},
		{"move 0", func(r *rawSolo) { r.Starting[2].Steps[0] = "move0" }},
		{"a criminal without its corruption", func(r *rawSolo) { r.Starting[2].Icons = "builder criminal" }},
		{"an unknown icon", func(r *rawSolo) { r.Future[0].Icons = "noble duke" }},
		{"a scheme id twice", func(r *rawSolo) { r.Future[0].ID = "s1" }},
		{"three opponents", func(r *rawSolo) { r.Opponent = r.Opponent[1:] }},
		{"an unknown focus", func(r *rawSolo) { r.Opponent[0].Focus = "hire" }},
		{"a chart step without limit", func(r *rawSolo) { r.Opponent[0].Chart = []string{"ink", "gold"} }},
		{"a last chart step with a limit", func(r *rawSolo) { r.Opponent[0].Chart = []string{"ink:6", "gold:2"} }},
		{"an unknown resource", func(r *rawSolo) { r.Opponent[0].Chart = []string{"silver:6", "gold"} }},
		{"an unknown removed scheme", func(r *rawSolo) { r.Opponent[0].Removes = []string{"s9"} }},
		{"a building twice", func(r *rawSolo) { r.Opponent[0].Buildings = []string{"guildhall", "guildhall", "workshop"} }},
		{"two Guildhall icons", func(r *rawSolo) { r.Opponent[0].Guildhall = []string{"cleric", "noble"} }},
		{"a bad start", func(r *rawSolo) { r.Opponent[0].Start = "ink+castle" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var raw rawSolo
			if _, err := decodeEmbedded(soloFile, &raw); err != nil {
				t.Fatal(err)
			}
			c := &Catalog{}
			if err := c.buildSolo(raw); err != nil {
				t.Fatalf("the data as shipped: %v", err)
			}
			tc.spoil(&raw)
			if err := c.buildSolo(raw); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

// TestSoloOptions: bad lobby options get a clear error and no game.
func TestSoloOptions(t *testing.T) {
	g := New()
	for _, tc := range []struct {
		players int
		opts    map[string]string
		err     string
	}{
		{1, nil, ""},
		{1, map[string]string{optOpponent: "merchant", optDifficulty: "3"}, ""},
		{3, games.DefaultSetup(g, 3, 1).Options, ""},
		{2, map[string]string{optOpponent: "cleric"}, "vc.err.soloonly"},
		{4, map[string]string{optDifficulty: "2"}, "vc.err.soloonly"},
		{1, map[string]string{optOpponent: "wizard"}, "vc.err.opponent"},
		{1, map[string]string{optDifficulty: "4"}, "vc.err.difficulty"},
		{1, map[string]string{optDifficulty: "-1"}, "vc.err.difficulty"},
		{1, map[string]string{optDifficulty: "x"}, "vc.err.difficulty"},
	} {
		_, err := g.New(games.Setup{Players: tc.players, Options: tc.opts, Seed: 1})
		var ge *games.Error
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%d players %v: %v", tc.players, tc.opts, err)
		case tc.err != "" && (!errors.As(err, &ge) || ge.Text.Key != tc.err):
			t.Errorf("%d players %v: error %v, want %s", tc.players, tc.opts, err, tc.err)
		}
	}
	spec := g.Info().Options
	if len(spec) != 2 || spec[0].Default != randomAI || len(spec[0].Choices) != 5 || len(spec[1].Choices) != 4 {
		t.Errorf("lobby options %+v", spec)
	}
}
