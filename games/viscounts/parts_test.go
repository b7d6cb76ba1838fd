package viscounts

import (
	"slices"
	"strings"
	"testing"
)

// loadTestParts decodes and builds the parts files the way loadParts does.
func loadTestParts(t *testing.T) builtParts {
	t.Helper()
	raw, err := decodeParts()
	if err != nil {
		t.Fatal(err)
	}
	p, err := raw.build()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadPartsFillsCatalog(t *testing.T) {
	var c Catalog
	if err := c.loadParts(); err != nil {
		t.Fatal(err)
	}
	if len(c.Segments) == 0 || len(c.Manuscripts) == 0 || len(c.PlayerCards) == 0 ||
		len(c.Track.Own) == 0 || len(c.Castle.Tier2[0]) == 0 || c.Ending.Debts[4] == 0 {
		t.Fatalf("loadParts left parts empty: %+v", c)
	}
	for i, pc := range c.PlayerCards {
		if pc.Number != i+1 {
			t.Errorf("PlayerCards[%d] is card %d: want them by number", i, pc.Number)
		}
	}
}

func TestPartsCounts(t *testing.T) {
	p := loadTestParts(t)
	grey := 0
	ribbons := map[Ribbon]int{}
	for _, m := range p.Manuscripts {
		if m.Grey {
			grey++
		}
		ribbons[m.Ribbon]++
	}
	for _, tc := range []struct {
		what      string
		got, want int
	}{
		{"segments", len(p.Segments), 5},        // "5 Main Board Segments"
		{"manuscripts", len(p.Manuscripts), 35}, // "35 Manuscripts"
		{"grey-backed manuscripts", grey, 5},    // "the 5 grey-backed Manuscripts"
		{"black-backed manuscripts", len(p.Manuscripts) - grey, 30},
		{"player cards", len(p.PlayerCards), 10}, // "10 Player Cards"
		{"ribbons", len(ribbons), 4},             // "4 Cleric Bonus Cards"
		{"track spaces", len(p.Track.Own), 8},    // designed: track.toml
		{"track spaces (others)", len(p.Track.Others), 8},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.what, tc.got, tc.want)
		}
	}
	for rb, n := range ribbons {
		if n < 3 {
			t.Errorf("%s ribbon: %d manuscripts, a cleric bonus card needs 3", rb, n)
		}
	}
	// Setup: 6 black-backed manuscripts on each grey one, 7 a pile.
	if black := len(p.Manuscripts) - grey; black != 6*numSegments {
		t.Errorf("%d black-backed manuscripts cannot make 5 piles of 6", black)
	}
}

func TestPartsKeepRulebookNumbers(t *testing.T) {
	p := loadTestParts(t)
	hasScript := func(f func(Manuscript) bool) bool { return slices.ContainsFunc(p.Manuscripts, f) }
	card := func(n int) PlayerCard { return p.PlayerCards[n-1] }
	castle := map[string]bool{}
	for _, e := range p.Castle.Tier2 {
		castle[e.String()] = true
	}
	extraIs := func(n int, where string, kinds ...string) bool {
		pc := card(n)
		if pc.Where != where || len(pc.Extra) != 1 {
			return false
		}
		for _, a := range pc.Extra[0] {
			if slices.Contains(kinds, a.Kind) {
				return true
			}
		}
		return false
	}
	buildings := []string{"workshop", "tradingpost", "guildhall", "building"}
	perOne := func(kind string) func(Manuscript) bool {
		return func(m Manuscript) bool { return m.Per == kind && m.PerVP == 1 }
	}
	for _, tc := range []struct {
		fact string
		ok   bool
	}{
		{"castle second tier: 1 Ink Well and 1 Stone", castle["ink+stone"]},
		{"castle second tier: 2 Virtue", castle["virtue2"]},
		{"castle second tier: a free hire or destroy", castle["hire|destroy"]},
		{"grey-ribbon manuscript costing 6, 1 VP per building", hasScript(func(m Manuscript) bool {
			return m.Ribbon == Grey && m.Cost == 6 && m.Per == "building" && m.PerVP == 1
		})},
		{"manuscript scoring 1 VP per building", hasScript(perOne("building"))},
		{"manuscript scoring 1 VP per noble icon", hasScript(perOne("noble"))},
		{"manuscript scoring 1 VP per criminal icon", hasScript(perOne("criminal"))},
		{"manuscript scoring 1 VP per flipped debt", hasScript(perOne("paiddebt"))},
		{"manuscript of cost 3", hasScript(func(m Manuscript) bool { return m.Cost == 3 })},
		{"manuscript of cost 4", hasScript(func(m Manuscript) bool { return m.Cost == 4 })},
		{"cost-3 manuscript whose instant gains a card (solo example)", hasScript(func(m Manuscript) bool {
			return m.Cost == 3 && m.Now.String() == "hire"
		})},
		{"player card 3 places on any segment", extraIs(3, "any", append(buildings, "workers")...)},
		{"player card 5 places on any segment", extraIs(5, "any", append(buildings, "workers")...)},
		{"player card 6 places on any segment", extraIs(6, "any", append(buildings, "workers")...)},
		{"player card 8 builds on its viscount's space", extraIs(8, "here", buildings...)},
		{"player card 9 destroys before shuffling", extraIs(9, "", "destroy")},
		{"a player card flips a deed", slices.ContainsFunc(p.PlayerCards, func(pc PlayerCard) bool {
			return strings.Contains(pc.Extra.String(), "flipdeed")
		})},
		{"a player card gains virtue", slices.ContainsFunc(p.PlayerCards, func(pc PlayerCard) bool {
			return strings.Contains(pc.Extra.String(), "virtue")
		})},
		{"track: 2 Debts and 3 Silver, others 1 Virtue", slices.ContainsFunc([]int{0, 1, 2, 3, 4, 5, 6, 7}, func(i int) bool {
			return i < len(p.Track.Own) && p.Track.Own[i].String() == "debt2+silver3" && p.Track.Others[i].String() == "virtue"
		})},
		{"ending: debts and deeds differ at some player count", slices.ContainsFunc([]int{1, 2, 3, 4}, func(n int) bool {
			return p.Ending.Debts[n] != p.Ending.Deeds[n]
		})},
	} {
		if !tc.ok {
			t.Errorf("missing: %s", tc.fact)
		}
	}
}

// TestPartsDesign checks the properties the designed parts promise.
func TestPartsDesign(t *testing.T) {
	p := loadTestParts(t)
	var smallPlots, largePlots int
	for _, seg := range p.Segments {
		for _, side := range []struct {
			name  string
			s     Side
			total *int
		}{{"small", seg.Small, &smallPlots}, {"large", seg.Large, &largePlots}} {
			*side.total += len(side.s.Plots)
			// Each outer space builds only on its own bank, and player
			// card 8 builds on its viscount's bank at setup even when
			// card 3's free workshop took a plot there: two a bank.
			if side.s.West < 2 || len(side.s.Plots)-side.s.West < 2 {
				t.Errorf("segment %s %s side: %d west and %d east plots, each bank needs two",
					seg.ID, side.name, side.s.West, len(side.s.Plots)-side.s.West)
			}
			if side.s.Numbers[0] > side.s.Numbers[1] {
				t.Errorf("segment %s %s side: numbers %v, the lower one is on the left", seg.ID, side.name, side.s.Numbers)
			}
		}
	}
	if smallPlots >= largePlots {
		t.Errorf("%d plots on the small sides, %d on the large: the small side has fewer", smallPlots, largePlots)
	}
	if smallPlots < 2*9 {
		t.Errorf("%d plots on the small sides cannot hold two players' 9 buildings", smallPlots)
	}
	if largePlots >= 4*9 {
		t.Errorf("%d plots on the large sides: four players no longer compete for them", largePlots)
	}
	for i, e := range p.Track.Own {
		for _, seq := range e {
			for _, a := range seq {
				if a.Kind == "virtue" || a.Kind == "corruption" {
					t.Errorf("track space %d: own reward %s moves the colliding markers", i, e)
				}
			}
		}
		if len(e) == 0 {
			t.Errorf("track space %d: no reward, but a collision can happen there", i)
		}
	}
	for n := 1; n <= maxPlayerCount; n++ {
		if n > 1 && (p.Ending.Debts[n] < p.Ending.Debts[n-1] || p.Ending.Deeds[n] < p.Ending.Deeds[n-1]) {
			t.Errorf("%d players: fewer debts or deeds above the cards than with %d", n, n-1)
		}
	}
}

func TestPartsStartNumbersAndTrades(t *testing.T) {
	p := loadTestParts(t)
	for _, kind := range []struct {
		name string
		side func(Segment) Side
	}{{"small", func(s Segment) Side { return s.Small }}, {"large", func(s Segment) Side { return s.Large }}} {
		var numbers []int
		trades := map[Trade]int{}
		for _, seg := range p.Segments {
			s := kind.side(seg)
			numbers = append(numbers, s.Numbers[:]...)
			for _, tr := range s.Trades {
				trades[tr]++
			}
		}
		slices.Sort(numbers)
		if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}; !slices.Equal(numbers, want) {
			t.Errorf("%s sides: start numbers %v, want %v", kind.name, numbers, want)
		}
		if len(trades) != len(tradeRate) {
			t.Errorf("%s sides: trades %v, want all %d kinds", kind.name, trades, len(tradeRate))
		}
	}
}

// TestPartsRejectBrokenData breaks one field of the real data at a time:
// each must be refused with an error naming the file and the item.
func TestPartsRejectBrokenData(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(r *rawParts)
		want   []string
	}{
		{"four segments", func(r *rawParts) { r.Board.Segment = r.Board.Segment[:4] },
			[]string{boardFile, "4 segments"}},
		{"unknown trade", func(r *rawParts) { r.Board.Segment[1].Large.Trades[0] = "wood" },
			[]string{boardFile, `segment "quarry" large side`, `"wood"`}},
		{"start number twice", func(r *rawParts) { r.Board.Segment[0].Small.Numbers[1] = 2 },
			[]string{boardFile, "small sides", "start number 2"}},
		{"start number 11", func(r *rawParts) { r.Board.Segment[4].Large.Numbers[1] = 11 },
			[]string{boardFile, `segment "vineyard" large side`, "start number 11"}},
		{"a trade missing", func(r *rawParts) { r.Board.Segment[0].Small.Trades[1] = "silver" },
			[]string{boardFile, "small sides", `"flip"`}},
		{"link to a missing plot", func(r *rawParts) { r.Board.Segment[2].Small.Links[0].B = "w3" },
			[]string{boardFile, `segment "monastery" small side`, "link w1-w3", `no plot "w3"`}},
		{"bank without plots", func(r *rawParts) { r.Board.Segment[3].Large.East = nil },
			[]string{boardFile, `segment "port" large side`, "0 east plots"}},
		{"bad plot reward", func(r *rawParts) { r.Board.Segment[0].Large.West[1] = "inkwell" },
			[]string{boardFile, `segment "market" large side`, "plot w2", `"inkwell"`}},
		{"34 manuscripts", func(r *rawParts) { r.Manuscripts.Manuscript = r.Manuscripts.Manuscript[1:] },
			[]string{manuscriptsFile, "34 manuscripts"}},
		{"six grey backs", func(r *rawParts) { r.Manuscripts.Manuscript[5].Grey = true },
			[]string{manuscriptsFile, "6 grey-backed"}},
		{"unknown score kind", func(r *rawParts) { r.Manuscripts.Manuscript[3].Per = "nobles" },
			[]string{manuscriptsFile, `manuscript "red-4"`, `"nobles"`}},
		{"unknown ribbon", func(r *rawParts) { r.Manuscripts.Manuscript[0].Ribbon = "purple" },
			[]string{manuscriptsFile, `manuscript "red-1"`, `"purple"`}},
		{"per without points", func(r *rawParts) { r.Manuscripts.Manuscript[3].PerVP = 0 },
			[]string{manuscriptsFile, `manuscript "red-4"`, "per_vp 0"}},
		{"manuscript id twice", func(r *rawParts) { r.Manuscripts.Manuscript[1].ID = "red-1" },
			[]string{manuscriptsFile, `manuscript "red-1" twice`}},
		{"player card number twice", func(r *rawParts) { r.PlayerCards.Card[9].Number = 9 },
			[]string{playerCardsFile, "player card 9 twice"}},
		{"player card 0", func(r *rawParts) { r.PlayerCards.Card[0].Number = 0 },
			[]string{playerCardsFile, "player card 0"}},
		{"nine player cards", func(r *rawParts) { r.PlayerCards.Card = r.PlayerCards.Card[1:] },
			[]string{playerCardsFile, "9 player cards"}},
		{"placing without where", func(r *rawParts) { r.PlayerCards.Card[2].Where = "" },
			[]string{playerCardsFile, "player card 3", "say where"}},
		{"bad extra", func(r *rawParts) { r.PlayerCards.Card[0].Extra = "flipdebt>silver" },
			[]string{playerCardsFile, "player card 1", "not optional"}},
		{"four castle sections", func(r *rawParts) { r.Castle.Tier2 = r.Castle.Tier2[1:] },
			[]string{castleFile, "4 second-tier"}},
		{"castle without reward", func(r *rawParts) { r.Castle.Tier2[2] = "" },
			[]string{castleFile, "second tier 3", "no reward"}},
		{"bad track reward", func(r *rawParts) { r.Track.Space[7].Others = "virtues" },
			[]string{trackFile, "space 7 others", `"virtues"`}},
		{"ending for 5 players", func(r *rawParts) { r.Ending.Players[3].Count = 5 },
			[]string{endingFile, "count 5"}},
		{"more debts than the box", func(r *rawParts) { r.Ending.Players[3].Debts = 31 },
			[]string{endingFile, "4 players", "31 debts"}},
		{"ending for 1 player twice", func(r *rawParts) { r.Ending.Players[1].Count = 1 },
			[]string{endingFile, "1 players twice"}},
		{"ending without 2 players", func(r *rawParts) { r.Ending.Players = slices.Delete(r.Ending.Players, 1, 2) },
			[]string{endingFile, "no counts for 2 players"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := decodeParts()
			if err != nil {
				t.Fatal(err)
			}
			tc.mutate(&raw)
			_, err = raw.build()
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}
