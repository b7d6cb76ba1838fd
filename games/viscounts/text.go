package viscounts

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// list joins texts: "a, b, c".
func list(parts []games.Text) games.Text { return joined("vc.list", parts) }

// lines puts texts one under the other.
func lines(parts []games.Text) games.Text { return joined("vc.lines", parts) }

// joined joins parts two at a time with the template key ("{a}, {b}").
func joined(key string, parts []games.Text) games.Text {
	switch len(parts) {
	case 0:
		return games.T("vc.nothing")
	case 1:
		return parts[0]
	}
	return games.T(key, "a", parts[0], "b", joined(key, parts[1:]))
}

// cardName is a townsfolk's name.
func (s *State) cardName(c int) games.Text { return games.T("vc.card." + s.folk(c).ID) }

// cardLabel is a townsfolk with its cost, icons and abilities, as a
// player choosing it needs them.
func (s *State) cardLabel(c int) games.Text {
	if s.quiet {
		return games.Text{}
	}
	f := s.folk(c)
	return games.T("vc.cardlabel", "name", s.cardName(c), "cost", f.Cost, "icons", iconsText(f.Icons), "ability", s.abilityText(f))
}

// cardTitle is a townsfolk with its cost and icons in words, short
// enough for a button ("Judith — costs 1: merchant & builder"): where a
// picture or the prompt shows its abilities. Labels are words a new
// player reads; the icons' emoji stay in the prompts' longer texts.
func (s *State) cardTitle(c int) games.Text {
	if s.quiet {
		return games.Text{}
	}
	f := s.folk(c)
	return games.T("vc.cardtitle", "name", s.cardName(c), "cost", f.Cost, "icons", iconWords(f.Icons))
}

// iconWords names icons in words: "merchant ×2 & builder".
func iconWords(ic Icons) games.Text {
	var parts []games.Text
	for i, n := range ic {
		switch {
		case n == 1:
			parts = append(parts, games.T("vc.icon."+iconNames[i]))
		case n > 1:
			parts = append(parts, games.T("vc.icon.many", "icon", games.Ref("vc.icon."+iconNames[i]), "n", n))
		}
	}
	if len(parts) == 0 {
		return games.T("vc.icon.none")
	}
	out := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		out = games.T("vc.icon.and", "a", parts[i], "b", out)
	}
	return out
}

// iconsText spells icons as emoji, one per icon.
func iconsText(ic Icons) string {
	var b strings.Builder
	for i, n := range ic {
		b.WriteString(strings.Repeat(iconEmoji[i], n))
	}
	return b.String()
}

// iconEmoji mark icons in texts.
var iconEmoji = [numIcons]string{"💰", "🔨", "👑", "📜", "💀"}

// abilityText describes a townsfolk's abilities in words.
func (s *State) abilityText(f *Townsfolk) games.Text {
	if s.quiet {
		return games.Text{}
	}
	var parts []games.Text
	if len(f.Play) > 0 {
		parts = append(parts, games.T("vc.when.play", "e", s.effectText(f.Play)))
	}
	if f.Trigger != "" {
		parts = append(parts, games.T("vc.when."+f.Trigger, "e", s.effectText(f.Ongoing)))
	}
	for _, cv := range f.Convert {
		key := "vc.convert"
		if cv.Once {
			key = "vc.convert.once"
		}
		// "je 1 Stein zählt als …": the unit and the verb agree with the count.
		from := games.Counted("vc.unit."+cv.From, "n", "n", cv.Per)
		parts = append(parts, counted(key, "per", cv.Per, "from", from, "gain", cv.Gain, "to", iconEmoji[cv.To]))
	}
	if len(f.DropOff) > 0 {
		parts = append(parts, games.T("vc.when.dropoff", "e", s.effectText(f.DropOff)))
	}
	if len(f.Hire) > 0 {
		parts = append(parts, games.T("vc.when.hire", "e", s.effectText(f.Hire)))
	}
	if len(parts) == 0 {
		return games.T("vc.noability")
	}
	return list(parts)
}

// effectText describes an effect in words.
func (s *State) effectText(e Effect) games.Text {
	if s.quiet {
		return games.Text{}
	}
	if len(e) == 0 {
		return games.T("vc.nothing")
	}
	alts := make([]games.Text, len(e))
	for i, seq := range e {
		parts := make([]games.Text, len(seq))
		for j, a := range seq {
			parts[j] = atomText(a)
		}
		alts[i] = list(parts)
	}
	out := alts[0]
	for _, a := range alts[1:] {
		out = games.T("vc.or", "a", out, "b", a)
	}
	return out
}

func atomText(a Atom) games.Text {
	t := counted("vc.atom."+a.Kind, "n", a.N)
	if a.Reward != nil {
		t = games.T("vc.if", "a", t, "b", atomText(*a.Reward))
	}
	return t
}

// segName names the segment at board position p.
func (s *State) segName(p int) games.Text { return games.T("vc.seg." + s.seg(p).ID) }

// spaceName names a space: "the Quarry's river bank (2)".
func (s *State) spaceName(sp int) games.Text {
	if s.quiet {
		return games.Text{}
	}
	p, slot := sp/3, sp%3
	switch slot {
	case slotInner:
		return games.T("vc.space.inner", "place", s.segName(p))
	case slotLeft:
		return games.T("vc.space.left", "place", s.segName(p), "n", s.side(p).Numbers[0])
	}
	return games.T("vc.space.right", "place", s.segName(p), "n", s.side(p).Numbers[1])
}

// plotLabel names plot i at p with its reward.
func (s *State) plotLabel(p, i int) games.Text {
	if s.quiet {
		return games.Text{}
	}
	return games.T("vc.plot", "place", s.segName(p), "n", i+1, "reward", s.effectText(s.side(p).Plots[i].Reward))
}

// scriptLabel names manuscript m: ribbon, cost, effect and score.
func (s *State) scriptLabel(m int) games.Text { return s.describeScript(&s.c.Manuscripts[m]) }

// describeScript names a manuscript; a printed one has no ribbon and
// scores nothing.
func (s *State) describeScript(ms *Manuscript) games.Text {
	if s.quiet {
		return games.Text{}
	}
	if ms.Ribbon < 0 {
		return games.T("vc.script.printed", "cost", ms.Cost, "now", s.effectText(ms.Now))
	}
	score := games.T("vc.score.vp", "n", ms.VP)
	switch {
	case ms.Per != "" && ms.VP == 0: // "3 VP per Guildhall", not "0 VP + 3 VP per …"
		score = games.T("vc.score.each", "n", ms.PerVP, "per", games.T("vc.per."+ms.Per))
	case ms.Per != "":
		score = games.T("vc.score.per", "n", ms.PerVP, "per", games.T("vc.per."+ms.Per), "vp", ms.VP)
	}
	ribbon := games.T("vc.ribbon." + ms.Ribbon.String())
	if len(ms.Now) == 0 { // nothing now: no "now nothing"
		return games.T("vc.script.later", "ribbon", ribbon, "cost", ms.Cost, "score", score)
	}
	return games.T("vc.script", "ribbon", ribbon, "cost", ms.Cost, "now", s.effectText(ms.Now), "score", score)
}

// ruleTopics are the sections of /rules.
func ruleTopics() []games.RuleTopic {
	var out []games.RuleTopic
	for _, id := range []string{"goal", "turn", "actions", "castle", "virtue", "end", "solo"} {
		out = append(out, games.RuleTopic{ID: id, Title: games.T("vc.rules." + id + ".title"), Body: games.T("vc.rules." + id)})
	}
	return out
}

// catalog holds every text of the game, the component names included.
func (g *Game) catalog() games.Catalog {
	en, de := catalogEN(), catalogDE()
	for _, t := range g.c.Townsfolk {
		en["vc.card."+t.ID] = t.Name
		de["vc.card."+t.ID] = t.De
	}
	for _, sg := range g.c.Segments {
		en["vc.seg."+sg.ID] = sg.Name
		de["vc.seg."+sg.ID] = sg.De
	}
	for k, v := range soloCatalogEN() {
		en[k] = v
	}
	for k, v := range soloCatalogDE() {
		de[k] = v
	}
	for _, o := range g.c.Opponents {
		en["vc.ai."+o.ID] = o.Name
		de["vc.ai."+o.ID] = o.De
	}
	return games.Catalog{"en": en, "de": de}
}

// oneForms names, for each text counted by one number, that number's
// argument; the text's form for exactly one is under key+".one".
var oneForms = map[string]string{
	"vc.atom.resource": "n", "vc.atom.debt": "n", "vc.atom.deed": "n", "vc.atom.flipdebt": "n",
	"vc.atom.flipdeed": "n", "vc.atom.workers": "n", "vc.gain.debt": "n", "vc.gain.deed": "n",
	"vc.prompt.move": "least", "vc.prompt.freeworkers": "n", "vc.opt.move": "steps",
	"vc.opt.trade.destroy": "n", "vc.opt.trade.flip": "n", "vc.opt.workers": "n",
	"vc.ev.moved": "steps", "vc.ev.drew": "n", "vc.ev.workers": "n",
	"vc.atom.ink": "n", "vc.gain.ink": "n", "vc.opt.trade.ink": "n", "vc.atom.flip": "n",
	"vc.convert": "per", "vc.convert.once": "per", "vc.step.move": "n",
}

// counted is games.T(key, kv...) in its form for one when the number it
// counts is 1, so that no text reads "1 Debt(s)" or "at least 1 steps".
func counted(key string, kv ...any) games.Text { return games.Counted(key, oneForms[key], kv...) }

// text is games.T, and nothing on a quiet copy (a lookahead's or a
// search's world), whose prompts no one reads: building the labels of
// every option cost more than the rules that offer them.
func (s *State) text(key string, kv ...any) games.Text {
	if s.quiet {
		return games.Text{}
	}
	return games.T(key, kv...)
}

// counted is the package's counted, and nothing on a quiet copy (text).
func (s *State) counted(key string, kv ...any) games.Text {
	if s.quiet {
		return games.Text{}
	}
	return counted(key, kv...)
}
