package viscounts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The data files of the printed parts; see the comment atop each for what
// the rulebook fixes and what was designed.
const (
	boardFile       = "data/board.toml"
	manuscriptsFile = "data/manuscripts.toml"
	playerCardsFile = "data/playercards.toml"
	castleFile      = "data/castle.toml"
	trackFile       = "data/track.toml"
	endingFile      = "data/ending.toml"
)

// Counts the rulebook's component list fixes.
const (
	numManuscripts = 35 // "35 Manuscripts"
	numGreyBacked  = 5  // "the 5 grey-backed Manuscripts"
	numPlayerCards = 10 // "10 Player Cards"
	debtCards      = 30 // "30 Debt Cards"
	deedCards      = 30 // "30 Deed Cards"
	maxPlayerCount = 4
)

// rawParts is every parts file as decoded, before checking; build turns it
// into catalog parts, so tests can break one field and see it rejected.
type rawParts struct {
	Board       rawBoard
	Manuscripts rawManuscripts
	PlayerCards rawPlayerCards
	Castle      rawCastle
	Track       rawTrack
	Ending      rawEnding
}

type rawBoard struct{ Segment []rawSegment }

type rawSegment struct {
	ID, Name, De string
	Small, Large rawSide
}

// rawSide names link ends "w1", "e2": the n-th plot of the west or east bank.
type rawSide struct {
	Numbers    []int
	Trades     []string
	West, East []string
	Links      []rawLink
}

type rawLink struct{ A, B, Reward string }

type rawManuscripts struct{ Manuscript []rawManuscript }

type rawManuscript struct {
	ID, Ribbon string
	Grey       bool
	Cost       int
	Now        string
	VP         int
	Per        string
	PerVP      int `toml:"per_vp"`
}

type rawPlayerCards struct{ Card []rawPlayerCard }

type rawPlayerCard struct {
	Number, Silver, Ink, Gold, Stone, Debts, Deeds int
	Extra, Where                                   string
}

type rawCastle struct{ Tier2 []string }

type rawTrack struct {
	Space []struct{ Own, Others string }
}

type rawEnding struct {
	Players []struct{ Count, Debts, Deeds int }
}

// builtParts is what build makes of rawParts.
type builtParts struct {
	Segments    []Segment
	Manuscripts []Manuscript
	PlayerCards []PlayerCard
	Castle      Castle
	Track       Track
	Ending      Ending
}

// loadParts reads, checks and fills the board segments, manuscripts,
// player cards, castle, track and ending; on an error c is unchanged.
func (c *Catalog) loadParts() error {
	raw, err := decodeParts()
	if err != nil {
		return err
	}
	p, err := raw.build()
	if err != nil {
		return err
	}
	c.Segments, c.Manuscripts, c.PlayerCards = p.Segments, p.Manuscripts, p.PlayerCards
	c.Castle, c.Track, c.Ending = p.Castle, p.Track, p.Ending
	return nil
}

// decodeParts decodes the parts files strictly.
func decodeParts() (rawParts, error) {
	var r rawParts
	for _, f := range []struct {
		name string
		dst  any
	}{
		{boardFile, &r.Board}, {manuscriptsFile, &r.Manuscripts}, {playerCardsFile, &r.PlayerCards},
		{castleFile, &r.Castle}, {trackFile, &r.Track}, {endingFile, &r.Ending},
	} {
		if _, err := decodeEmbedded(f.name, f.dst); err != nil {
			return r, err
		}
	}
	return r, nil
}

// build checks every file and converts it; an error names the file and
// the item.
func (r rawParts) build() (builtParts, error) {
	var p builtParts
	var err error
	wrap := func(file string, err error) error {
		return fmt.Errorf("viscounts data %s: %w", file, err)
	}
	if p.Segments, err = r.Board.build(); err != nil {
		return p, wrap(boardFile, err)
	}
	if p.Manuscripts, err = r.Manuscripts.build(); err != nil {
		return p, wrap(manuscriptsFile, err)
	}
	if p.PlayerCards, err = r.PlayerCards.build(); err != nil {
		return p, wrap(playerCardsFile, err)
	}
	if p.Castle, err = r.Castle.build(); err != nil {
		return p, wrap(castleFile, err)
	}
	if p.Track, err = r.Track.build(); err != nil {
		return p, wrap(trackFile, err)
	}
	if p.Ending, err = r.Ending.build(); err != nil {
		return p, wrap(endingFile, err)
	}
	return p, nil
}

func (r rawBoard) build() ([]Segment, error) {
	if len(r.Segment) != numSegments {
		return nil, fmt.Errorf("%d segments, want %d", len(r.Segment), numSegments)
	}
	var out []Segment
	ids := map[string]bool{}
	for _, rs := range r.Segment {
		if rs.ID == "" || rs.Name == "" || rs.De == "" {
			return nil, fmt.Errorf("segment %q: id, name and de are required", rs.ID)
		}
		if ids[rs.ID] {
			return nil, fmt.Errorf("segment %q twice", rs.ID)
		}
		ids[rs.ID] = true
		seg := Segment{ID: rs.ID, Name: rs.Name, De: rs.De}
		var err error
		if seg.Small, err = rs.Small.build(); err != nil {
			return nil, fmt.Errorf("segment %q small side: %w", rs.ID, err)
		}
		if seg.Large, err = rs.Large.build(); err != nil {
			return nil, fmt.Errorf("segment %q large side: %w", rs.ID, err)
		}
		out = append(out, seg)
	}
	for _, kind := range []struct {
		name string
		side func(*Segment) *Side
	}{
		{"small", func(s *Segment) *Side { return &s.Small }},
		{"large", func(s *Segment) *Side { return &s.Large }},
	} {
		numbers := map[int]string{}
		trades := map[Trade]bool{}
		for i := range out {
			side := kind.side(&out[i])
			for _, n := range side.Numbers {
				if prev, dup := numbers[n]; dup {
					return nil, fmt.Errorf("%s sides: start number %d on segments %q and %q", kind.name, n, prev, out[i].ID)
				}
				numbers[n] = out[i].ID
			}
			for _, t := range side.Trades {
				trades[t] = true
			}
		}
		for t := range tradeRate {
			if !trades[t] {
				return nil, fmt.Errorf("%s sides: no outer space trades %q", kind.name, t)
			}
		}
	}
	return out, nil
}

func (r rawSide) build() (Side, error) {
	var s Side
	if len(r.Numbers) != 2 {
		return s, fmt.Errorf("%d start numbers, want 2 (left and right outer space)", len(r.Numbers))
	}
	for i, n := range r.Numbers {
		if n < 1 || n > numPlayerCards {
			return s, fmt.Errorf("start number %d, want 1-%d", n, numPlayerCards)
		}
		s.Numbers[i] = n
	}
	if len(r.Trades) != 2 {
		return s, fmt.Errorf("%d trades, want 2 (left and right outer space)", len(r.Trades))
	}
	for i, t := range r.Trades {
		if _, ok := tradeRate[Trade(t)]; !ok {
			return s, fmt.Errorf("unknown trade %q", t)
		}
		s.Trades[i] = Trade(t)
	}
	if len(r.West) == 0 || len(r.East) == 0 {
		return s, fmt.Errorf("%d west and %d east plots: each outer space needs a plot on its bank", len(r.West), len(r.East))
	}
	for i, src := range slices.Concat(r.West, r.East) {
		e, err := ParseEffect(src)
		if err != nil {
			return s, fmt.Errorf("plot %s: %w", plotName(i, len(r.West)), err)
		}
		s.Plots = append(s.Plots, Plot{Reward: e})
	}
	s.West = len(r.West)
	seen := map[[2]int]bool{}
	for _, rl := range r.Links {
		name := "link " + rl.A + "-" + rl.B
		a, err := plotRef(rl.A, len(r.West), len(r.East))
		if err != nil {
			return s, fmt.Errorf("%s: %w", name, err)
		}
		b, err := plotRef(rl.B, len(r.West), len(r.East))
		if err != nil {
			return s, fmt.Errorf("%s: %w", name, err)
		}
		if a == b {
			return s, fmt.Errorf("%s joins a plot to itself", name)
		}
		key := [2]int{min(a, b), max(a, b)}
		if seen[key] {
			return s, fmt.Errorf("%s twice", name)
		}
		seen[key] = true
		e, err := ParseEffect(rl.Reward)
		if err != nil {
			return s, fmt.Errorf("%s: %w", name, err)
		}
		s.Links = append(s.Links, Link{A: a, B: b, Reward: e})
	}
	return s, nil
}

// plotRef reads "w2" (the second west plot) as an index into Side.Plots.
func plotRef(ref string, west, east int) (int, error) {
	if len(ref) < 2 {
		return 0, fmt.Errorf("plot %q: want w1, w2, ... or e1, e2, ...", ref)
	}
	n, err := strconv.Atoi(ref[1:])
	switch {
	case err != nil:
		return 0, fmt.Errorf("plot %q: want w1, w2, ... or e1, e2, ...", ref)
	case ref[0] == 'w' && n >= 1 && n <= west:
		return n - 1, nil
	case ref[0] == 'e' && n >= 1 && n <= east:
		return west + n - 1, nil
	}
	return 0, fmt.Errorf("no plot %q (%d west, %d east)", ref, west, east)
}

// plotName is the inverse of plotRef, for errors.
func plotName(i, west int) string {
	if i < west {
		return "w" + strconv.Itoa(i+1)
	}
	return "e" + strconv.Itoa(i-west+1)
}

func (r rawManuscripts) build() ([]Manuscript, error) {
	if len(r.Manuscript) != numManuscripts {
		return nil, fmt.Errorf("%d manuscripts, want %d", len(r.Manuscript), numManuscripts)
	}
	var out []Manuscript
	ids := map[string]bool{}
	grey := 0
	var ribbons [numRibbons]int
	for _, rm := range r.Manuscript {
		m, err := rm.build()
		if err != nil {
			return nil, fmt.Errorf("manuscript %q: %w", rm.ID, err)
		}
		if ids[m.ID] {
			return nil, fmt.Errorf("manuscript %q twice", m.ID)
		}
		ids[m.ID] = true
		if m.Grey {
			grey++
		}
		ribbons[m.Ribbon]++
		out = append(out, m)
	}
	if grey != numGreyBacked {
		return nil, fmt.Errorf("%d grey-backed manuscripts, want %d", grey, numGreyBacked)
	}
	for rb, n := range ribbons {
		if n < 3 {
			return nil, fmt.Errorf("%d manuscripts with the %s ribbon: its cleric bonus card needs 3", n, Ribbon(rb))
		}
	}
	return out, nil
}

func (r rawManuscript) build() (Manuscript, error) {
	m := Manuscript{ID: r.ID, Grey: r.Grey, Cost: r.Cost, VP: r.VP, Per: r.Per, PerVP: r.PerVP}
	if m.ID == "" {
		return m, fmt.Errorf("id is required")
	}
	rb := slices.Index(ribbonNames[:], r.Ribbon)
	if rb < 0 {
		return m, fmt.Errorf("unknown ribbon %q, want one of %s", r.Ribbon, strings.Join(ribbonNames[:], ", "))
	}
	m.Ribbon = Ribbon(rb)
	if m.Cost < 1 || m.Cost > 9 {
		return m, fmt.Errorf("cost %d, want 1-9 cleric icons", m.Cost)
	}
	if m.VP < 0 {
		return m, fmt.Errorf("vp %d", m.VP)
	}
	if !scoreKinds[m.Per] {
		return m, fmt.Errorf("unknown score kind per = %q", m.Per)
	}
	if (m.Per == "") != (m.PerVP == 0) || m.PerVP < 0 {
		return m, fmt.Errorf("per %q with per_vp %d: both or neither", m.Per, m.PerVP)
	}
	var err error
	if m.Now, err = ParseEffect(r.Now); err != nil {
		return m, err
	}
	return m, nil
}

// placing are the atoms that put something on the board, so a player card
// with one says where.
var placing = map[string]bool{"workers": true, "workshop": true, "tradingpost": true, "guildhall": true, "building": true}

func (r rawPlayerCards) build() ([]PlayerCard, error) {
	out := make([]PlayerCard, numPlayerCards)
	seen := make([]bool, numPlayerCards+1)
	if len(r.Card) != numPlayerCards {
		return nil, fmt.Errorf("%d player cards, want %d", len(r.Card), numPlayerCards)
	}
	for _, rc := range r.Card {
		if rc.Number < 1 || rc.Number > numPlayerCards {
			return nil, fmt.Errorf("player card %d: number, want 1-%d", rc.Number, numPlayerCards)
		}
		if seen[rc.Number] {
			return nil, fmt.Errorf("player card %d twice", rc.Number)
		}
		seen[rc.Number] = true
		pc, err := rc.build()
		if err != nil {
			return nil, fmt.Errorf("player card %d: %w", rc.Number, err)
		}
		out[rc.Number-1] = pc
	}
	return out, nil
}

func (r rawPlayerCard) build() (PlayerCard, error) {
	pc := PlayerCard{Number: r.Number, Silver: r.Silver, Ink: r.Ink, Gold: r.Gold, Stone: r.Stone, Debts: r.Debts, Deeds: r.Deeds, Where: r.Where}
	for _, n := range []int{r.Silver, r.Ink, r.Gold, r.Stone, r.Debts, r.Deeds} {
		if n < 0 {
			return pc, fmt.Errorf("negative amount %d", n)
		}
	}
	var err error
	if pc.Extra, err = ParseEffect(r.Extra); err != nil {
		return pc, err
	}
	places := false
	for _, seq := range pc.Extra {
		for _, a := range seq {
			places = places || placing[a.Kind]
		}
	}
	switch {
	case pc.Where != "" && pc.Where != "any" && pc.Where != "here":
		return pc, fmt.Errorf("where %q, want \"any\", \"here\" or nothing", pc.Where)
	case places && pc.Where == "":
		return pc, fmt.Errorf("extra %q places something: say where (\"any\" or \"here\")", r.Extra)
	case !places && pc.Where != "":
		return pc, fmt.Errorf("where %q, but extra %q places nothing", pc.Where, r.Extra)
	}
	return pc, nil
}

func (r rawCastle) build() (Castle, error) {
	var c Castle
	if len(r.Tier2) != numSegments {
		return c, fmt.Errorf("%d second-tier rewards, want %d", len(r.Tier2), numSegments)
	}
	for i, src := range r.Tier2 {
		e, err := ParseEffect(src)
		if err != nil {
			return c, fmt.Errorf("second tier %d: %w", i+1, err)
		}
		if len(e) == 0 {
			return c, fmt.Errorf("second tier %d: no reward", i+1)
		}
		c.Tier2[i] = e
	}
	return c, nil
}

func (r rawTrack) build() (Track, error) {
	var t Track
	if len(r.Space) < 3 {
		return t, fmt.Errorf("%d spaces, want at least 3", len(r.Space))
	}
	for i, sp := range r.Space {
		own, err := ParseEffect(sp.Own)
		if err != nil {
			return t, fmt.Errorf("space %d own: %w", i, err)
		}
		others, err := ParseEffect(sp.Others)
		if err != nil {
			return t, fmt.Errorf("space %d others: %w", i, err)
		}
		t.Own, t.Others = append(t.Own, own), append(t.Others, others)
	}
	return t, nil
}

func (r rawEnding) build() (Ending, error) {
	var e Ending
	seen := [maxPlayerCount + 1]bool{}
	for _, p := range r.Players {
		if p.Count < 1 || p.Count > maxPlayerCount {
			return e, fmt.Errorf("players count %d, want 1-%d", p.Count, maxPlayerCount)
		}
		if seen[p.Count] {
			return e, fmt.Errorf("%d players twice", p.Count)
		}
		seen[p.Count] = true
		if p.Debts < 1 || p.Debts > debtCards {
			return e, fmt.Errorf("%d players: %d debts above the Poverty card, want 1-%d", p.Count, p.Debts, debtCards)
		}
		if p.Deeds < 1 || p.Deeds > deedCards {
			return e, fmt.Errorf("%d players: %d deeds above the Prosperity card, want 1-%d", p.Count, p.Deeds, deedCards)
		}
		e.Debts[p.Count], e.Deeds[p.Count] = p.Debts, p.Deeds
	}
	for n := 1; n <= maxPlayerCount; n++ {
		if !seen[n] {
			return e, fmt.Errorf("no counts for %d players", n)
		}
	}
	return e, nil
}
