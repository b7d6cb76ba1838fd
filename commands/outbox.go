package commands

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/klauspost/compress/s2"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// A change to a table is told in two halves. Inside the storage
// transaction, compose turns the changed table into a delivery: plain data
// naming every message to post, edit or DM, and which picture each carries.
// It is stored in the outbox with the change. After the transaction the
// pictures are drawn and the delivery becomes Actions; once the transport
// has carried them out the outbox entry is removed. A bot killed in between
// finds the entry on start-up and delivers it then; nonces make a second
// delivery of the same post a no-op on Discord.

// delivery is what one change must post, as plain data.
type delivery struct {
	Game    string `json:"game"`
	Table   string `json:"table"`
	Channel string `json:"channel"`
	Version int    `json:"v"`
	// At is when the change was made; a delivery still waiting a while
	// after it is delivered again.
	At    time.Time `json:"at"`
	Lang  string    `json:"lang"`
	Names []string  `json:"names,omitempty"`
	Langs []string  `json:"langs,omitempty"` // each seat's language, for private pictures
	// State is what the pictures are drawn from. encodeDelivery stores it
	// beside the JSON, compressed; items staged before that kept it here
	// (base64 in JSON), and decodeDelivery still reads them.
	State []byte `json:"state,omitempty"`
	// Urgent marks a change that leaves a person a decision: its pictures
	// are drawn before those of changes only spectators or bots await.
	Urgent bool   `json:"urgent,omitempty"`
	Posts  []post `json:"posts"`
	// messages are the posts' messages as composed, for delivery by the
	// same process; a delivery read back from the outbox rebuilds them.
	messages []Message
}

// post is one message of a delivery.
type post struct {
	Kind      postKind     `json:"kind"`
	ChannelID string       `json:"channel,omitempty"`
	MessageID string       `json:"message,omitempty"` // edit: the message replaced
	UserID    string       `json:"user,omitempty"`    // dm: the recipient
	Message   stored       `json:"msg"`
	Picture   *pictureSpec `json:"pic,omitempty"`
	Blocked   *post        `json:"blocked,omitempty"` // dm: the channel notice when DMs are closed
	// BoardLink (dm) is the table channel's address, which Message names;
	// once this delivery's board is posted it names the board's own
	// address instead (see linkDM).
	BoardLink string `json:"board_link,omitempty"`
	// Remember names the table field that keeps the posted message's id.
	Remember remember `json:"remember,omitempty"`
	// Pin pins a new post (the live status of a running game).
	Pin bool `json:"pin,omitempty"`
}

type postKind string

const (
	kindPost  postKind = "post"
	kindEdit  postKind = "edit"
	kindDM    postKind = "dm"
	kindClear postKind = "clear" // remove the buttons of MessageID
	kindUnpin postKind = "unpin" // unpin MessageID
	// kindArchive archives the thread ChannelID (a table's own thread, a
	// day after its game ended).
	kindArchive postKind = "archive"
)

type remember string

const (
	rememberStatus remember = "status"
	rememberLobby  remember = "lobby"
	rememberBoard  remember = "board" // a board with buttons: cleared by the next
	rememberDM     remember = "dm"    // a DM with buttons: cleared by the seat's next
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

// pictureSpec names a picture to draw from the delivery's state.
type pictureSpec struct {
	Viewer  int    `json:"viewer"`
	Name    string `json:"name"`
	Results bool   `json:"results,omitempty"`
	// Replay: the post is the game's replay, words and GIF, made when it
	// is delivered (see replayPost).
	Replay bool `json:"replay,omitempty"`
}

// stored is a Message without its files, in a form JSON keeps. Its
// components stay values until the delivery is encoded, so each is
// marshalled once, with the delivery.
type stored struct {
	Content    string                       `json:"content,omitempty"`
	Components []discordgo.MessageComponent `json:"components,omitempty"`
	Mentions   []string                     `json:"mentions,omitempty"`
	Nonce      string                       `json:"nonce,omitempty"`
}

func storeMessage(m Message) stored {
	return stored{Content: m.Content, Components: slices.Clone(m.Components), Mentions: m.Mentions, Nonce: m.Nonce}
}

// UnmarshalJSON reads the components back as the rows the surface makes.
func (m *stored) UnmarshalJSON(data []byte) error {
	var raw struct {
		Content    string            `json:"content,omitempty"`
		Components []json.RawMessage `json:"components,omitempty"`
		Mentions   []string          `json:"mentions,omitempty"`
		Nonce      string            `json:"nonce,omitempty"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*m = stored{Content: raw.Content, Mentions: raw.Mentions, Nonce: raw.Nonce}
	for _, r := range raw.Components {
		var row discordgo.ActionsRow
		if err := json.Unmarshal(r, &row); err != nil {
			return fmt.Errorf("commands: load component: %w", err)
		}
		// discordgo decodes to pointers; the surface makes values.
		for k, c := range row.Components {
			switch c := c.(type) {
			case *discordgo.Button:
				row.Components[k] = *c
			case *discordgo.SelectMenu:
				row.Components[k] = *c
			}
		}
		m.Components = append(m.Components, row)
	}
	return nil
}

func (m stored) message() Message {
	return Message{Content: m.Content, Components: slices.Clone(m.Components), Mentions: m.Mentions, Nonce: m.Nonce}
}

// deliveryFrame is the first byte of an outbox item made by
// encodeDelivery; items staged before it are JSON objects ('{'). (1 was a
// layout on main for minutes and never released: such an item is refused,
// not misread.)
const deliveryFrame = 2

// encodeDelivery is d as an outbox item: deliveryFrame, then one S2 block
// of the state's length (a uvarint), the state and d's JSON without the
// state. The state is neither scanned by encoding/json nor grown by
// base64, and the item is small (in BenchmarkMoveRules 2.0 KB for Dungeon
// Designer and 1.5 KB for Zauberschwert, against 5.9 and 3.4 KB as JSON
// with the state in base64): the outbox's newest leaf holds two items in
// one page, and a commit writes fewer pages. scratch is working memory
// (nil is fine); the grown scratch is returned for the next call.
func encodeDelivery(d delivery, scratch []byte) (item, grown []byte, err error) {
	plain := binary.AppendUvarint(scratch[:0], uint64(len(d.State)))
	if plain, err = appendDeliveryJSON(append(plain, d.State...), &d); err != nil {
		return nil, scratch, err
	}
	buf := slices.Grow(plain, s2.MaxEncodedLen(len(plain))) // the block goes after plain
	block := s2.Encode(buf[len(plain):len(plain)+s2.MaxEncodedLen(len(plain))], buf[:len(plain)])
	item = make([]byte, 1+len(block))
	item[0] = deliveryFrame
	copy(item[1:], block)
	return item, buf[:0], nil
}

// decodeDelivery reads an outbox item made by encodeDelivery, or a JSON
// one staged before it.
func decodeDelivery(item []byte) (delivery, error) {
	var d delivery
	if len(item) > 0 && item[0] == '{' {
		err := json.Unmarshal(item, &d)
		return d, err
	}
	if len(item) == 0 || item[0] != deliveryFrame {
		return d, errors.New("commands: not an outbox item")
	}
	plain, err := s2.Decode(nil, item[1:])
	if err != nil {
		return d, fmt.Errorf("commands: outbox item: %w", err)
	}
	n, k := binary.Uvarint(plain)
	if k <= 0 || n > uint64(len(plain)-k) {
		return d, errors.New("commands: outbox item cut short")
	}
	if err := json.Unmarshal(plain[k+int(n):], &d); err != nil {
		return d, err
	}
	if n > 0 {
		d.State = plain[k : k+int(n)]
	}
	return d, nil
}

// composer builds a delivery's posts in order.
type composer struct {
	d   delivery
	err error
}

func newComposer(t *table.Table, withState bool) *composer {
	c := &composer{d: delivery{Game: t.GameID, Table: t.ID, Channel: t.ChannelID, Version: t.Version, At: t.UpdatedAt, Lang: t.Lang, Names: t.Names()}}
	for _, seat := range t.Seats {
		c.d.Langs = append(c.d.Langs, seat.Lang)
	}
	if withState {
		c.d.State = t.State // never changed in place: a change stores new bytes
	}
	return c
}

// add appends p with message m; every message gets a nonce unique to this
// change and position, so a delivery repeated after a crash posts nothing
// twice (an edit uses it when its message is gone and it is posted anew).
func (c *composer) add(p post, m Message) *post {
	if m.Nonce == "" {
		m.Nonce = nonce(c.d.Table, c.d.Version, len(c.d.Posts))
	}
	if p.Blocked != nil && p.Blocked.Message.Nonce == "" {
		p.Blocked.Message.Nonce = nonce(c.d.Table, c.d.Version, len(c.d.Posts)) + "b"
	}
	p.Message = storeMessage(m)
	c.d.Posts = append(c.d.Posts, p)
	c.d.messages = append(c.d.messages, m)
	return &c.d.Posts[len(c.d.Posts)-1]
}

// nonce is at most 25 characters: table id (8), version and position.
func nonce(tableID string, version, n int) string {
	s := tableID + "." + strconv.FormatInt(int64(version), 36) + "." + strconv.Itoa(n)
	if len(s) > 24 {
		s = s[len(s)-24:]
	}
	return s
}

func (c *composer) done() (delivery, error) { return c.d, c.err }

// realize draws a delivery's pictures from st (the delivery's own state
// when st is nil) and turns its posts into Actions.
func (s *Service) realize(d delivery, st games.State) ([]Action, *sentIDs, error) {
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
		var fresh *Message
		if len(d.messages) == len(d.Posts) {
			fresh = &d.messages[k]
		}
		a, err := s.action(d, p, fresh, f, sent)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, a)
	}
	return out, sent, nil
}

func (s *Service) action(d delivery, p post, fresh *Message, files []File, sent *sentIDs) (Action, error) {
	switch p.Kind {
	case kindClear:
		return ClearButtons{ChannelID: p.ChannelID, MessageID: p.MessageID}, nil
	case kindUnpin:
		return Unpin{ChannelID: p.ChannelID, MessageID: p.MessageID}, nil
	case kindArchive:
		return ThreadArchive{ThreadID: p.ChannelID}, nil
	}
	m := p.Message.message()
	if fresh != nil {
		m = *fresh
	}
	m.Files = files
	var onSent func(string)
	switch p.Remember {
	case rememberStatus:
		onSent = func(id string) { sent.mu.Lock(); sent.status = id; sent.mu.Unlock() }
	case rememberLobby:
		onSent = s.tables.Remember(d.Channel, d.Table, (*table.Table).SetLobbyMessage)
	case rememberBoard:
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
	case kindEdit:
		return ChannelEdit{ChannelID: p.ChannelID, MessageID: p.MessageID, Message: m, OnSent: onSent}, nil
	case kindDM:
		dm := DirectMessage{UserID: p.UserID, Message: m}
		if p.Remember == rememberDM {
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
			dm.Blocked = &ChannelPost{ChannelID: p.Blocked.ChannelID, Message: p.Blocked.Message.message()}
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
