package delivery

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/live"
)

// sentIDs collects the ids of the messages a delivery posted that the
// table must remember; Done stores them in the transaction that removes the
// delivery from the outbox.
type sentIDs struct {
	mu     sync.Mutex
	status string
	boards []live.Ref
	dms    map[string][]live.Ref // by user id
	// moved are DM decisions posted anew (at the bottom of their DM, or
	// because the old message was gone): the table's live DMs follow.
	moved []movedDM
}

// movedDM is a DM decision's old message and the one that took its place.
type movedDM struct{ from, to live.Ref }

func (x *sentIDs) empty() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.status == "" && len(x.boards) == 0 && len(x.dms) == 0 && len(x.moved) == 0
}

// apply writes the collected ids into t.
func (x *sentIDs) apply(t *table.Table, now time.Time) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.status != "" {
		t.Live().SetStatusMessage(x.status, now)
	}
	t.Live().Add(x.boards, x.dms, now)
	for _, mv := range x.moved {
		for i := range t.Seats {
			for k, ref := range t.Seats[i].LiveDMs {
				if ref.Same(mv.from) {
					t.Seats[i].LiveDMs[k].ID = mv.to.ID
				}
			}
		}
	}
}

// planned is a delivery turned into actions whose pictures are not
// drawn yet: draw draws them.
type planned struct {
	table   string
	urgent  bool
	actions []interact.Action // without the pictures' files
	sent    *sentIDs          // what the actions' OnSent collect
	pics    []Picture
	at      []int // the action each picture goes to
}

// realize draws a delivery's pictures from st (the delivery's own state
// when st is nil) and turns its posts into Actions.
func (c *Carrier) realize(d outbox.Delivery, st games.State) ([]interact.Action, *sentIDs, error) {
	p, err := c.plan(d, st)
	if err != nil {
		return nil, nil, err
	}
	return c.draw(p), p.sent, nil
}

// plan turns a delivery's posts into Actions whose pictures (from st, or
// the delivery's own state when st is nil) are drawn later, by draw. A
// staged replay is made now (see RunReplays).
func (c *Carrier) plan(d outbox.Delivery, st games.State) (*planned, error) {
	g, ok := c.d.Games.Get(d.Game)
	if !ok {
		return nil, fmt.Errorf("delivery: deliver for table %s: game %q is not registered", d.Table, d.Game)
	}
	if st == nil && len(d.State) > 0 {
		var err error
		if st, err = g.Load(d.State); err != nil {
			return nil, fmt.Errorf("delivery: deliver for table %s: %w", d.Table, err)
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
	p := &planned{table: d.Table, urgent: d.Urgent, actions: make([]interact.Action, 0, len(d.Posts)), sent: &sentIDs{}}
	for k, post := range d.Posts {
		if post.Picture != nil && post.Picture.Replay {
			if c.d.Replay == nil {
				continue
			}
			if m, ok := c.d.Replay(d); ok {
				m.Nonce = post.Message.Nonce
				p.actions = append(p.actions, interact.ChannelPost{ChannelID: post.ChannelID, Message: m})
			}
			continue
		}
		if post.Picture != nil && st != nil && c.d.Picture != nil {
			p.at = append(p.at, len(p.actions))
			p.pics = append(p.pics, c.d.Picture(t, g, st, *post.Picture))
		}
		p.actions = append(p.actions, c.action(d, post, d.Fresh(k), nil, p.sent))
	}
	return p, nil
}

// draw draws p's pictures and returns its actions with them.
func (c *Carrier) draw(p *planned) []interact.Action {
	if len(p.pics) == 0 {
		return p.actions
	}
	files := c.DrawAll(p.table, p.pics, p.urgent)
	out := slices.Clone(p.actions)
	for k, f := range files {
		out[p.at[k]] = withFiles(out[p.at[k]], f)
	}
	return out
}

// withFiles is a message action with its message's files f.
func withFiles(a interact.Action, f []interact.File) interact.Action {
	switch v := value(a).(type) {
	case interact.ChannelPost:
		v.Message.Files = f
		return v
	case interact.ChannelEdit:
		v.Message.Files = f
		return v
	case interact.DirectMessage:
		v.Message.Files = f
		return v
	}
	return a
}

// action is one post of d as an action, its message's files files; the
// ids the table keeps of it are collected in sent.
func (c *Carrier) action(d outbox.Delivery, p outbox.Post, fresh *interact.Message, files []interact.File, sent *sentIDs) interact.Action {
	switch p.Kind {
	case outbox.KindClear:
		note := p.Message.Message().Content // a board taken back says so
		if fresh != nil {
			note = fresh.Content
		}
		return interact.ClearButtons{ChannelID: p.ChannelID, MessageID: p.MessageID, Note: note}
	case outbox.KindUnpin:
		return interact.Unpin{ChannelID: p.ChannelID, MessageID: p.MessageID}
	case outbox.KindWithdraw:
		return interact.WithdrawControls{ChannelID: p.ChannelID, TableID: d.Table}
	case outbox.KindArchive:
		return interact.ThreadArchive{ThreadID: p.ChannelID}
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
		onSent = c.d.Tables.RememberLobby(d.Channel, d.Table)
	case outbox.RememberBoard:
		channel := p.ChannelID
		onSent = func(id string) {
			sent.mu.Lock()
			sent.boards = append(sent.boards, live.Ref{Channel: channel, ID: id, Version: d.Version})
			sent.mu.Unlock()
		}
	default:
		if vote, ok := p.Remember.Vote(); ok {
			channel := p.ChannelID
			onSent = c.d.Tables.Remember(d.Channel, d.Table, func(t *table.Table, id string, now time.Time) {
				t.Absent().SetMessage(vote, live.Ref{Channel: channel, ID: id}, now)
			})
		}
	}
	switch p.Kind {
	case outbox.KindEdit:
		e := interact.ChannelEdit{ChannelID: p.ChannelID, MessageID: p.MessageID, Message: m, OnSent: onSent, Resurface: p.Resurface}
		if p.Resurface && onSent == nil {
			from := live.Ref{Channel: p.ChannelID, ID: p.MessageID}
			e.OnSent = func(id string) {
				sent.mu.Lock()
				sent.moved = append(sent.moved, movedDM{from: from, to: live.Ref{Channel: from.Channel, ID: id}})
				sent.mu.Unlock()
			}
		}
		return e
	case outbox.KindDM:
		dm := interact.DirectMessage{UserID: p.UserID, Message: m}
		if p.Remember == outbox.RememberDM {
			user := p.UserID
			dm.OnSent = func(channel, id string) {
				sent.mu.Lock()
				if sent.dms == nil {
					sent.dms = map[string][]live.Ref{}
				}
				sent.dms[user] = append(sent.dms[user], live.Ref{Channel: channel, ID: id, Version: d.Version})
				sent.mu.Unlock()
			}
		}
		if p.BoardLink != "" {
			dm.Fill = boardLinkFill(p.BoardLink, sent)
		}
		if p.Blocked != nil {
			dm.Blocked = &interact.ChannelPost{ChannelID: p.Blocked.ChannelID, Message: p.Blocked.Message.Message()}
			if dm.OnSent != nil {
				// The notice in the channel stands in for the DM: its
				// button is cleared with the seat's next decision too.
				onDM, channel := dm.OnSent, p.Blocked.ChannelID
				dm.Blocked.OnSent = func(id string) { onDM(channel, id) }
			}
		}
		return dm
	default:
		return interact.ChannelPost{ChannelID: p.ChannelID, Message: m, OnSent: onSent, Pin: p.Pin}
	}
}

// boardLinkFill makes a short DM name the address of the board its
// delivery posted before it, in place of the channel's. When the board
// was not posted (Discord refused it) the channel's address stays, which
// still leads there.
func boardLinkFill(channel string, sent *sentIDs) func(*interact.Message) {
	return func(m *interact.Message) {
		sent.mu.Lock()
		defer sent.mu.Unlock()
		for k := len(sent.boards) - 1; k >= 0; k-- {
			if b := sent.boards[k]; strings.HasSuffix(channel, "/"+b.Channel) {
				m.Content = strings.Replace(m.Content, channel, channel+"/"+b.ID, 1)
				return
			}
		}
	}
}
