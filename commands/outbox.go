package commands

import (
	"fmt"
	"sync"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// sentIDs collects the ids of the messages a delivery posted that the
// table must remember; Done stores them in the transaction that removes the
// delivery from the outbox.
type sentIDs struct {
	mu     sync.Mutex
	status string
	boards []table.MessageRef
	dms    map[string][]table.MessageRef // by user id
}

func (x *sentIDs) empty() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.status == "" && len(x.boards) == 0 && len(x.dms) == 0
}

// apply writes the collected ids into t.
func (x *sentIDs) apply(t *table.Table, now time.Time) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.status != "" {
		t.SetStatusMessage(x.status, now)
	}
	t.AddLive(x.boards, x.dms, now)
}

// realize draws a delivery's pictures from st (the delivery's own state
// when st is nil) and turns its posts into Actions.
func (s *Service) realize(d outbox.Delivery, st games.State) ([]Action, *sentIDs, error) {
	g, ok := s.games.Get(d.Game)
	if !ok {
		return nil, nil, fmt.Errorf("commands: deliver for table %s: game %q is not registered", d.Table, d.Game)
	}
	if st == nil && len(d.State) > 0 {
		var err error
		if st, err = g.Load(d.State); err != nil {
			return nil, nil, fmt.Errorf("commands: deliver for table %s: %w", d.Table, err)
		}
	}
	// The pictures need only what the delivery kept of the table.
	t := &table.Table{ID: d.Table, ChannelID: d.Channel, GameID: d.Game, Lang: d.Lang, Version: d.Version}
	for i, n := range d.Names {
		seat := table.Seat{Name: n}
		if i < len(d.Langs) {
			seat.Lang = d.Langs[i]
		}
		t.Seats = append(t.Seats, seat)
	}
	var pics []picture
	index := make([]int, len(d.Posts))
	replays := map[int]Message{} // by post: the replays, made now
	for k, p := range d.Posts {
		index[k] = -1
		if p.Picture != nil && p.Picture.Replay {
			if m, ok := s.replayPost(d); ok {
				m.Nonce = p.Message.Nonce
				replays[k] = m
			}
			continue
		}
		if p.Picture == nil || st == nil {
			continue
		}
		index[k] = len(pics)
		if p.Picture.Results {
			pics = append(pics, s.resultsPicture(t, st))
		} else {
			pics = append(pics, s.boardPicture(t, g, st, p.Picture.Viewer, p.Picture.Name))
		}
	}
	files := s.drawAll(t, pics, d.Urgent)
	out := make([]Action, 0, len(d.Posts))
	sent := &sentIDs{}
	for k, p := range d.Posts {
		if p.Picture != nil && p.Picture.Replay {
			if m, ok := replays[k]; ok {
				out = append(out, ChannelPost{ChannelID: p.ChannelID, Message: m})
			}
			continue
		}
		var f []File
		if index[k] >= 0 {
			f = files[index[k]]
		}
		a, err := s.action(d, p, d.Fresh(k), f, sent)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, a)
	}
	return out, sent, nil
}

func (s *Service) action(d outbox.Delivery, p outbox.Post, fresh *Message, files []File, sent *sentIDs) (Action, error) {
	switch p.Kind {
	case outbox.KindClear:
		note := p.Message.Message().Content // a board taken back says so
		if fresh != nil {
			note = fresh.Content
		}
		return ClearButtons{ChannelID: p.ChannelID, MessageID: p.MessageID, Note: note}, nil
	case outbox.KindUnpin:
		return Unpin{ChannelID: p.ChannelID, MessageID: p.MessageID}, nil
	case outbox.KindArchive:
		return ThreadArchive{ThreadID: p.ChannelID}, nil
	}
	m := p.Message.Message()
	if fresh != nil {
		m = *fresh
	}
	m.Files = files
	var onSent func(string)
	switch p.Remember {
	case outbox.RememberStatus:
		onSent = func(id string) { sent.mu.Lock(); sent.status = id; sent.mu.Unlock() }
	case outbox.RememberLobby:
		onSent = s.tables.Remember(d.Channel, d.Table, (*table.Table).SetLobbyMessage)
	case outbox.RememberBoard:
		channel := p.ChannelID
		onSent = func(id string) {
			sent.mu.Lock()
			sent.boards = append(sent.boards, table.MessageRef{Channel: channel, ID: id, Version: d.Version})
			sent.mu.Unlock()
		}
	default:
		if vote, ok := votedOf(p.Remember); ok {
			channel := p.ChannelID
			onSent = s.tables.Remember(d.Channel, d.Table, func(t *table.Table, id string, now time.Time) {
				t.SetVoteMessage(vote, table.MessageRef{Channel: channel, ID: id}, now)
			})
		}
	}
	switch p.Kind {
	case outbox.KindEdit:
		return ChannelEdit{ChannelID: p.ChannelID, MessageID: p.MessageID, Message: m, OnSent: onSent}, nil
	case outbox.KindDM:
		dm := DirectMessage{UserID: p.UserID, Message: m}
		if p.Remember == outbox.RememberDM {
			user := p.UserID
			dm.OnSent = func(channel, id string) {
				sent.mu.Lock()
				if sent.dms == nil {
					sent.dms = map[string][]table.MessageRef{}
				}
				sent.dms[user] = append(sent.dms[user], table.MessageRef{Channel: channel, ID: id, Version: d.Version})
				sent.mu.Unlock()
			}
		}
		if p.BoardLink != "" {
			dm.Fill = boardLinkFill(p.BoardLink, sent)
		}
		if p.Blocked != nil {
			dm.Blocked = &ChannelPost{ChannelID: p.Blocked.ChannelID, Message: p.Blocked.Message.Message()}
			if dm.OnSent != nil {
				// The notice in the channel stands in for the DM: its
				// button is cleared with the seat's next decision too.
				onDM, channel := dm.OnSent, p.Blocked.ChannelID
				dm.Blocked.OnSent = func(id string) { onDM(channel, id) }
			}
		}
		return dm, nil
	default:
		return ChannelPost{ChannelID: p.ChannelID, Message: m, OnSent: onSent, Pin: p.Pin}, nil
	}
}
