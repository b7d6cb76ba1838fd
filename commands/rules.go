package commands

import (
	"fmt"
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
)

// rules shows one topic of a game's summary, or all of them.
func (s *Service) rules(r interact.Request, gameID, topic string) Result {
	g, ok := s.games.Get(gameID)
	if !ok {
		return s.voice.UnknownGame(r.Lang, gameID)
	}
	info := g.Info()
	var ids []string
	var topics []games.RuleTopic
	for _, rt := range info.Rules {
		ids = append(ids, rt.ID)
		if topic == "" || rt.Is(topic, s.voice.Text(r.Lang, rt.Title)) {
			topics = append(topics, rt)
		}
	}
	if topic != "" && len(topics) == 0 {
		return s.voice.Key(r.Lang, KeyUnknownTopic, "topic", interact.Truncate(topic, 40), "topics", strings.Join(ids, ", "))
	}
	// Whole topics go in while they fit one message; the rest are named,
	// so nothing is cut off in the middle of a sentence.
	const room = 2000 - 300 // leaves space for the list of further topics
	text := s.voice.Text(r.Lang, games.T(KeyRulesTitle, "game", s.voice.GameName(r.Lang, gameID)))
	var more []string
	for _, rt := range topics {
		title := s.voice.Text(r.Lang, rt.Title)
		section := fmt.Sprintf("\n\n**%s**\n%s", title, s.voice.Text(r.Lang, rt.Body))
		if len(more) == 0 && len(text)+len(section) <= room {
			text += section
			continue
		}
		more = append(more, title)
	}
	if len(more) > 0 {
		text += "\n\n" + s.voice.Text(r.Lang, games.T(KeyRulesMore, "topics", strings.Join(more, ", "), "id", info.ID))
	}
	return interact.Reply(interact.Truncate(text, 2000))
}
