package viscounts

import (
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tavern-bot/tavern/games"
)

// translations collects the texts a test meets that lack an English or a
// German template; arg, when set, also sees every argument checked.
type translations struct {
	cat     games.Catalog
	missing map[string]bool
	arg     func(tx games.Text, a games.Arg)
}

func newTranslations(g *Game) *translations {
	return &translations{cat: games.BaseCatalog().Merge(g.Info().Catalog), missing: map[string]bool{}}
}

// check records tx's key and every key it refers to that has no template.
func (tr *translations) check(tx games.Text) {
	for _, lang := range []string{"en", "de"} {
		if _, ok := tr.cat[lang][tx.Key]; !ok {
			tr.missing[lang+" "+tx.Key] = true
		}
	}
	for _, a := range tx.Args {
		if a.Key != "" {
			tr.check(games.Text{Key: a.Key})
		}
		if a.Text != nil {
			tr.check(*a.Text)
		}
		if tr.arg != nil {
			tr.arg(tx, a)
		}
	}
}

// play answers s at random to the end, checking every prompt, option (and
// its path), narration and standing; each, when set, runs after every move.
func (tr *translations) play(t *testing.T, s games.State, rng *games.RNG, each func()) {
	t.Helper()
	for !s.Over() {
		p := s.Pending()[0]
		tr.check(p.Text)
		for _, o := range p.Options {
			tr.check(o.Label)
			for _, st := range o.Path {
				tr.check(st.Label)
			}
		}
		out, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out.Events {
			tr.check(e)
		}
		if each != nil {
			each()
		}
	}
	for _, st := range s.Standings() {
		tr.check(st.Detail)
	}
}

// report fails t on every text found without a template.
func (tr *translations) report(t *testing.T) {
	t.Helper()
	var keys []string
	for k := range tr.missing {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("no translation: %s", k)
	}
}

// TestEveryTextTranslated plays random games and fails on any text a
// player could meet (prompts, options and their paths, narration,
// standings, card abilities) without an English and a German template.
func TestEveryTextTranslated(t *testing.T) {
	g := New()
	tr := newTranslations(g)
	for _, topic := range g.Info().Rules {
		tr.check(topic.Title)
		tr.check(topic.Body)
	}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, _ := g.New(games.Setup{Players: players, Seed: uint64(players)})
		tr.play(t, s, games.NewRNG(uint64(players)), nil)
	}
	tr.report(t)
}

// eachText plays random games of every size (solo included) to the end
// and calls fn with every text a player meets, localized in lang: prompts,
// option labels (o is the option, button whether its prompt is offered as
// buttons, at most five options) and narration.
func eachText(t *testing.T, fn func(lang, text string, p games.Prompt, o *games.Option, button bool)) {
	t.Helper()
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	names := []string{"Ada", "Bruno", "Clara", "Dario"}
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := uint64(1); seed <= 4; seed++ {
			s, err := g.New(games.Setup{Players: players, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			rng := games.NewRNG(seed)
			for !s.Over() {
				p := s.Pending()[0]
				for _, lang := range []string{"en", "de"} {
					fn(lang, cat.LocalizeNames(lang, p.Text, names), p, nil, false)
					for _, o := range p.Options {
						fn(lang, cat.LocalizeNames(lang, o.Label, names), p, &o, len(p.Options) <= 5)
					}
				}
				out, err := s.Apply(p.Seat, p.Options[rng.IntN(len(p.Options))].ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range out.Events {
					for _, lang := range []string{"en", "de"} {
						fn(lang, cat.LocalizeNames(lang, e, names), p, nil, false)
					}
				}
			}
		}
	}
}

// TestCountsReadAsWords fails on "1 Debt(s)", "Schuld(en)" or "at least
// 1 steps": a count of one takes the singular, others the plural.
func TestCountsReadAsWords(t *testing.T) {
	bad := regexp.MustCompile(`\p{L}\((s|e|en|n)\)|\b1 (steps|Schritte|cards|Karten|Debts|Schulden|Deeds|Urkunden|resources|Rohstoffe|workers)\b`)
	seen := map[string]bool{}
	eachText(t, func(lang, text string, _ games.Prompt, _ *games.Option, _ bool) {
		if m := bad.FindString(text); m != "" && !seen[m] {
			seen[m] = true
			t.Errorf("%s: %q in %q", lang, m, text)
		}
	})
}

// TestDraftTellsEachPair: the player card and hero buttons fit Discord's
// 80 characters, and the prompt above them tells every pair on its own
// line: its button's words, start space, goods and the hero's abilities,
// in English and German.
func TestDraftTellsEachPair(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := uint64(1); seed <= 8; seed++ {
			gs, err := g.New(games.Setup{Players: players, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			s := gs.(*State)
			p := s.Pending()[0]
			for _, lang := range []string{"en", "de"} {
				prompt := cat.Localize(lang, p.Text)
				rows := strings.Split(prompt, "\n")[1:]
				if len(rows) != len(p.Options) {
					t.Fatalf("%d players, %s: %d pairs told for %d buttons: %q", players, lang, len(rows), len(p.Options), prompt)
				}
				k := 0
				for i, n := range s.DraftCards {
					if n == 0 {
						continue
					}
					label := cat.Localize(lang, p.Options[k].Label)
					if utf8.RuneCountInString(label) > 80 {
						t.Errorf("%s: button cut by Discord: %q", lang, label)
					}
					for _, want := range []string{label, cat.Localize(lang, s.spaceName(s.startSpace(n))),
						cat.Localize(lang, s.cardGains(s.playerCard(n))), cat.Localize(lang, s.cardLabel(s.DraftHeroes[i]))} {
						if !strings.Contains(rows[k], want) {
							t.Errorf("%s: pair line %q lacks %q", lang, rows[k], want)
						}
					}
					k++
				}
			}
		}
	}
}

// TestTownsfolkChoicesFit: a choice of townsfolk (play, discard, destroy,
// hire) fits Discord's labels (80 characters on a button, 100 in a select)
// by naming the card with its cost and icons; its abilities are on the
// hand picture, or, for the market's townsfolk, told in the prompt above.
func TestTownsfolkChoicesFit(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	cards := map[string]bool{"vc.cardtitle": true, "vc.cardlabel": true, "vc.opt.hire": true, "vc.opt.hirefrom": true}
	met, hires := 0, 0
	eachText(t, func(lang, text string, p games.Prompt, o *games.Option, button bool) {
		if o == nil || !cards[o.Label.Key] {
			return
		}
		met++
		limit := 100
		if button {
			limit = 80
		}
		if n := utf8.RuneCountInString(text); n > limit {
			t.Errorf("%s: %q is %d characters, Discord shows %d", lang, text, n, limit)
		}
		if o.Label.Key == "vc.opt.hire" || o.Label.Key == "vc.opt.hirefrom" {
			hires++
			card := o.Label.Args[0].Text // the card's title
			if card == nil || len(card.Args) == 0 || card.Args[0].Text == nil {
				t.Fatalf("hire option %s names no card", o.ID)
			}
			// The prompt tells the card's abilities: its name comes with
			// "when …", "after …" or "no ability" on the same line.
			name := cat.Localize(lang, *card.Args[0].Text)
			prompt := cat.Localize(lang, p.Text)
			told := false
			for _, line := range strings.Split(prompt, "\n") {
				told = told || strings.Contains(line, name+" (") && strings.Contains(line, "): ")
			}
			if !told {
				t.Errorf("%s: the prompt above %q does not tell %s's abilities: %q", lang, text, name, prompt)
			}
		}
	})
	if met == 0 || hires == 0 {
		t.Fatalf("met %d choices of townsfolk, %d hires", met, hires)
	}
}

// TestManuscriptsReadPlainly: a manuscript's label says what it does now
// only when it does something ("now nothing" is left out) and scores "3
// VP per Guildhall", not "0 VP + 3 VP per Guildhall".
func TestManuscriptsReadPlainly(t *testing.T) {
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	gs, err := g.New(games.Setup{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	st := gs.(*State)
	later, each := 0, 0
	for i := range g.c.Manuscripts {
		ms := &g.c.Manuscripts[i]
		for _, lang := range []string{"en", "de"} {
			text := cat.Localize(lang, st.describeScript(ms))
			// German colour words before "Manuskript" would need inflecting
			// ("rotes"); the colour goes after it in brackets instead.
			for _, bad := range []string{"now nothing", "sofort nichts", " 0 VP +", " 0 SP +", "rot Manuskript", "blau Manuskript", "grün Manuskript", "grau Manuskript"} {
				if strings.Contains(text, bad) {
					t.Errorf("%s: %q says %q", lang, text, bad)
				}
			}
		}
		if ms.Ribbon >= 0 && len(ms.Now) == 0 {
			later++
		}
		if ms.Per != "" && ms.VP == 0 {
			each++
		}
	}
	if later == 0 || each == 0 {
		t.Fatalf("%d manuscripts do nothing now, %d score only per item: the test meets neither form", later, each)
	}
}

// TestChoicesShortWithDetail: the castle sections, the primary actions
// with their payment and the cards of the known draw pile read short
// (within a button's 80 characters, in English and German) and tell the
// rest (a section's second-tier reward, the plot's place and reward or the
// manuscript, a card's abilities) as the option's detail, within the 100
// characters of a select's description.
func TestChoicesShortWithDetail(t *testing.T) {
	keys := map[string]bool{"vc.opt.section": true, "vc.opt.paid": true, "vc.cardtitle": true}
	g := New()
	cat := games.BaseCatalog().Merge(g.Info().Catalog)
	met := map[string]int{}
	eachText(t, func(lang, text string, _ games.Prompt, o *games.Option, _ bool) {
		if o == nil || !keys[o.Label.Key] {
			return
		}
		met[o.Label.Key]++
		if n := utf8.RuneCountInString(text); n > 80 {
			t.Errorf("%s: %q is %d characters", lang, text, n)
		}
		if o.Detail.IsZero() {
			if o.Label.Key == "vc.opt.section" || strings.HasPrefix(o.ID, "build.") || strings.HasPrefix(o.ID, "script.") {
				t.Errorf("%s: %q (%s) tells no detail", lang, text, o.ID)
			}
			return
		}
		if d := cat.Localize(lang, o.Detail); utf8.RuneCountInString(d) > 100 {
			t.Errorf("%s: the detail of %q, %q, is %d characters", lang, text, d, utf8.RuneCountInString(d))
		}
	})
	for key := range keys {
		if met[key] == 0 {
			t.Errorf("no choice %s met", key)
		}
	}
}
