package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// logLength is how many recent moves /game log shows.
const logLength = 10

func (s *Service) status(ctx context.Context, r interact.Request, channelID string) Result {
	t, g, err := s.tables.Load(ctx, channelID, "")
	if err != nil {
		return s.voice.Err(r, err)
	}
	var st games.State
	if t.Status == table.StatusPlaying || t.Status == table.StatusOver {
		if st, err = t.Load(g); err != nil {
			return s.voice.Err(r, err)
		}
	}
	sc := scene{t: t, g: g, st: st}
	if st != nil && t.Status == table.StatusPlaying {
		sc.pending = st.Pending()
	}
	m := Message{Content: s.statusText(sc, r.Lang)}
	if t.Status == table.StatusLobby {
		m.Content += "\n" + s.voice.Text(r.Lang, games.T(lobby.KeyLobbyPlayers, "n", len(t.Seats), "min", g.Info().MinPlayers, "max", g.Info().MaxPlayers, "names", strings.Join(t.Names(), ", ")))
	}
	if st != nil {
		m.Files = s.draw(t, g, st, games.Public, "board.png")
	}
	return Result{Reply: &m}
}

// hand answers /game hand and "Show my hand": the private view and the
// pending options, visible only to the asking player.
func (s *Service) hand(ctx context.Context, r interact.Request, channelID, tableID string) Result {
	t, g, err := s.tables.Load(ctx, channelID, tableID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	seat := t.SeatOf(r.UserID)
	if seat < 0 {
		return s.voice.Err(r, games.Errorf(table.ErrNotSeated))
	}
	if t.Status != table.StatusPlaying {
		return s.voice.Err(r, games.Errorf(table.ErrNotPlaying))
	}
	st, err := t.Load(g)
	if err != nil {
		return s.voice.Err(r, err)
	}
	m := s.handMessage(t, g, st, st.Pending(), seat, r.Lang)
	m.Files = s.draw(t, g, st, seat, "hand.png")
	return Result{Reply: &m}
}

func (s *Service) showLog(ctx context.Context, r interact.Request, channelID string) Result {
	t, _, err := s.tables.Load(ctx, channelID, "", storage.WithRecentLog(logLength))
	if err != nil {
		return s.voice.Err(r, err)
	}
	if len(t.Log) == 0 {
		return s.voice.Key(r.Lang, KeyLogEmpty)
	}
	lines := []string{s.voice.Text(r.Lang, games.T(KeyLogTitle))}
	from := max(0, len(t.Log)-logLength)
	for n, e := range t.Log[from:] {
		n += t.LogFrom
		// Only the public narration is shown: the move id itself may be a
		// secret answer (a sealed bid).
		var events []string
		for _, ev := range e.Events {
			events = append(events, s.say(t, r.Lang, ev))
		}
		if len(events) == 0 {
			events = []string{s.voice.Text(r.Lang, games.T(KeyLogMoved))}
		}
		if e.Timeout && !e.TimeUp { // the game's time-up move tells it itself
			events = append([]string{s.voice.Text(r.Lang, games.T(KeyLogTimeout))}, events...)
		}
		name := "?"
		if e.Seat >= 0 && e.Seat < len(t.Seats) {
			name = t.Seats[e.Seat].Name
		}
		lines = append(lines, s.voice.Text(r.Lang, games.T(KeyLogLine, "n", from+n+1, "player", name, "events", strings.Join(events, " "))))
	}
	return interact.Reply(interact.Truncate(strings.Join(lines, "\n"), 2000))
}

func (s *Service) undo(ctx context.Context, r interact.Request) Result {
	return s.takeBack(ctx, r, r.ChannelID, "", table.AnyVersion, false)
}

// takeBack answers /game undo and the "Back one step" button: the
// player's last move is taken back. A step inside the open turn changes
// only the player's own view; a committed move posts a new board.
func (s *Service) takeBack(ctx context.Context, r interact.Request, channelID, tableID string, version int, withinTurn bool) Result {
	var (
		res       table.MoveResult
		d         outbox.Delivery
		committed bool
	)
	from, _ := clickedDM(r)
	change := func(t *table.Table, g games.Game) error {
		seat := t.SeatOf(r.UserID)
		undone := -1 // the version of the move taken back, whose board then says so
		if last, ok := t.LastEntry(); ok {
			undone = last.Version
		}
		if seat >= 0 && version != table.AnyVersion && (version < t.Seats[seat].PromptVersion || version > t.Version) {
			return games.Errorf(table.ErrStale) // a second click on the same "Back"
		}
		committed = !t.CanStepBack(seat)
		var err error
		if withinTurn {
			res, err = t.Back(g, r.UserID, s.now())
		} else {
			res, err = t.Undo(g, r.UserID, s.now())
		}
		if err != nil {
			return err
		}
		sc := scene{t: t, g: g, st: res.State, pending: res.Pending}
		if committed {
			name := t.Seats[seat].Name
			board, told := t.TakeLiveBoard(undone)
			d, err = s.afterChange(sc, []string{s.voice.Text(t.Lang, games.T(KeyBoardUndo, "player", name))}, from)
			if err == nil && told {
				// The board of the move taken back keeps its picture; its
				// text no longer tells the move as if it stood.
				c := &outbox.Composer{Delivery: d}
				c.Add(outbox.Post{Kind: outbox.KindClear, ChannelID: board.Channel, MessageID: board.ID},
					Message{Content: s.voice.Text(t.Lang, games.T(KeyBoardUndone, "player", name))})
				d, err = c.Done()
			}
		} else {
			d, err = s.stepDelivery(sc, seat, from)
		}
		return s.stage(t, d, err)
	}
	// Within the open turn, the turn's part of the log is enough; undoing
	// a committed move replays the whole log, which only then is read.
	t, err := s.tables.Update(ctx, channelID, tableID, change, storage.WithOpenTurn())
	if errors.Is(err, table.ErrLogNotLoaded) && !withinTurn {
		t, err = s.tables.Update(ctx, channelID, tableID, change, storage.WithLog())
	}
	if err != nil {
		return s.voice.Err(r, err)
	}
	key := KeyOKUndo
	if withinTurn {
		key = KeyOKBack
	}
	reply := &Message{Content: s.voice.Text(r.Lang, games.T(key))}
	if !committed && from.messageID == "" {
		res.Steps = []table.Step{{Seat: t.SeatOf(r.UserID)}}
		reply = s.stepReply(t, res, r.Lang)
		reply.Content = s.voice.Text(r.Lang, games.T(key)) + "\n" + reply.Content
	}
	out := s.deliver(t, d, res.State, reply)
	out.ReplaceClicked = withinTurn && clickedEphemeral(r)
	return out
}

func (s *Service) abandon(ctx context.Context, r interact.Request) Result {
	var (
		res       table.AbandonResult
		wasLobby  bool
		byVote    bool
		voterName = r.UserName
	)
	var spent []table.MessageRef // boards and DMs whose buttons the end clears
	t, err := s.tables.Update(ctx, r.ChannelID, "", func(t *table.Table, _ games.Game) error {
		wasLobby = t.Status == table.StatusLobby
		byVote = r.UserID != t.Host && !r.Manage
		if i := t.SeatOf(r.UserID); i >= 0 {
			voterName = t.Seats[i].Name
		}
		var err error
		if res, err = t.Abandon(r.UserID, r.Manage, s.now()); err != nil || !res.Abandoned {
			return err
		}
		spent = t.TakeLiveBoards()
		for seat := range t.Seats {
			spent = append(spent, t.TakeLiveDMs(seat, table.MessageRef{})...)
		}
		return nil
	})
	if err != nil {
		return s.voice.Err(r, err)
	}
	g, _ := s.games.Get(t.GameID)
	if !res.Abandoned {
		post := ChannelPost{ChannelID: t.ChannelID, Message: Message{Content: s.voice.Text(t.Lang, games.T(KeyAbandonVote, "player", voterName, "votes", res.Votes, "needed", res.Needed))}}
		return Result{Reply: &Message{Content: s.voice.Text(r.Lang, games.T(KeyOKVote, "votes", res.Votes, "needed", res.Needed))}, Actions: []Action{post}}
	}
	text := games.T(KeyAbandonPost, "player", voterName)
	if byVote {
		text = games.T(KeyAbandonByVote)
	}
	actions := []Action{ChannelPost{ChannelID: t.ChannelID, Message: Message{Content: s.voice.Text(t.Lang, text)}}}
	if wasLobby {
		actions = append(actions, s.lobby.Edit(r, t, s.lobby.Closed(t)))
	} else {
		c := outbox.NewComposer(t, false)
		s.statusPost(c, scene{t: t, g: g})
		d, err := c.Done()
		more, rerr := s.out.Actions(d)
		if err != nil || rerr != nil {
			s.log.Error("abandon: status", "table", t.ID, "err", errors.Join(err, rerr))
		}
		actions = append(actions, more...)
	}
	for _, ref := range spent {
		actions = append(actions, ClearButtons{ChannelID: ref.Channel, MessageID: ref.ID})
	}
	return Result{Reply: &Message{Content: s.voice.Text(r.Lang, games.T(KeyOKAbandoned))}, Actions: actions}
}

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
