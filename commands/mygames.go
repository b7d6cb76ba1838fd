package commands

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// myGame is one line of /games.
type myGame struct {
	line    string
	waiting bool // the player has a decision pending
	since   time.Time
}

// myGames answers /games: every running table the player sits at, in any
// server, those waiting for the player first (the longest waiting first,
// as Yucata lists them), each with a link to its channel.
func (s *Service) myGames(ctx context.Context, r request) Result {
	channels, err := s.store.TablesOf(ctx, r.userID)
	if err != nil {
		return s.replyErr(r, err)
	}
	var list []myGame
	for _, ch := range channels {
		t, g, err := s.load(ctx, ch, "")
		if err != nil {
			continue // ended or gone since the index was read
		}
		seat := t.SeatOf(r.userID)
		if seat < 0 || !t.Active() {
			continue
		}
		item := myGame{since: t.UpdatedAt}
		key := KeyMyGameLobby
		if t.Status == table.StatusPlaying {
			key = KeyMyGameOthers
			if st, err := t.Load(g); err == nil && len(games.SeatPrompts(st.Pending(), seat)) > 0 {
				key, item.waiting, item.since = KeyMyGameYours, true, t.Seats[seat].PromptSince
			}
		}
		item.line = s.cat.Localize(r.lang, games.T(key, "game", s.gameName(r.lang, t.GameID), "channel", "<#"+ch+">",
			"since", discordTime(item.since), "players", strings.Join(t.Names(), ", ")))
		if v := t.Seats[seat].Vacation; v != nil && s.now().Before(v.Until) {
			item.line += s.cat.Localize(r.lang, games.T(KeyMyGameVacation, "until", discordTime(v.Until)))
		}
		list = append(list, item)
	}
	if len(list) == 0 {
		return s.replyKey(r.lang, KeyDMNoTable)
	}
	slices.SortStableFunc(list, func(a, b myGame) int {
		if a.waiting != b.waiting {
			if a.waiting {
				return -1
			}
			return 1
		}
		return a.since.Compare(b.since)
	})
	lines := []string{s.cat.Localize(r.lang, games.T(KeyMyGamesTitle, "n", len(list)))}
	for _, g := range list {
		lines = append(lines, "- "+g.line)
	}
	return reply(truncate(strings.Join(lines, "\n"), 2000))
}
