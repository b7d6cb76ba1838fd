package commands

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// longRulesGame is the fake game with a rules summary longer than one
// Discord message.
type longRulesGame struct{ games.Game }

func (g longRulesGame) Info() games.Info {
	info := g.Game.Info()
	info.Rules = nil
	info.Catalog = games.Catalog{}.Merge(info.Catalog)
	for _, id := range []string{"a", "b", "c", "d"} {
		title, body := "long."+id+".title", "long."+id+".body"
		info.Catalog["en"][title] = "Topic " + strings.ToUpper(id)
		info.Catalog["en"][body] = strings.Repeat("Sentence "+id+". ", 60) + "End " + id + "."
		info.Rules = append(info.Rules, games.RuleTopic{ID: id, Title: games.T(title), Body: games.T(body)})
	}
	return info
}

func TestRulesNeverCutATopic(t *testing.T) {
	reg, err := games.NewRegistry(longRulesGame{tabletest.Game()})
	if err != nil {
		t.Fatal(err)
	}
	s := &Service{games: reg, voice: interact.NewVoice(reg, reg.Catalog(CoreCatalog()), nil)}
	res := s.rules(interact.Request{Lang: "en"}, tabletest.ID, "")
	text := res.Reply.Content
	if len(text) > 2000 {
		t.Fatalf("reply is %d characters, over Discord's 2000", len(text))
	}
	for _, whole := range []string{"**Topic A**", "End a.", "**Topic B**", "End b."} {
		if !strings.Contains(text, whole) {
			t.Errorf("reply lacks %q", whole)
		}
	}
	if strings.Contains(text, "Sentence c") || !strings.Contains(text, "More topics: Topic C, Topic D") {
		t.Errorf("the topics that do not fit must be named, not cut: %q", text[len(text)-200:])
	}
	one := s.rules(interact.Request{Lang: "en"}, tabletest.ID, "d").Reply.Content
	if !strings.Contains(one, "End d.") || strings.Contains(one, "More topics") {
		t.Errorf("one topic: %q", one)
	}
}
