// Package outbox is what a table's change must post, as plain data: the
// Delivery a feature composes inside the change's storage transaction,
// and its encoding as the outbox item stored with the change.
//
// It draws nothing and calls nothing: carrying a delivery out (its
// pictures, its order, its confirmation) is the surface's delivery.
package outbox

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/klauspost/compress/s2"

	"github.com/tavern-bot/tavern/interact"
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

// Delivery is what one change must post, as plain data.
type Delivery struct {
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
	// State is what the pictures are drawn from. Encode stores it
	// beside the JSON, compressed; items staged before that kept it here
	// (base64 in JSON), and Decode still reads them.
	State []byte `json:"state,omitempty"`
	// Urgent marks a change that leaves a person a decision: its pictures
	// are drawn before those of changes only spectators or bots await.
	Urgent bool   `json:"urgent,omitempty"`
	Posts  []Post `json:"posts"`
	// messages are the posts' messages as composed, for delivery by the
	// same process; a delivery read back from the outbox rebuilds them.
	messages []interact.Message
}

// Post is one message of a delivery.
type Post struct {
	Kind      PostKind `json:"kind"`
	ChannelID string   `json:"channel,omitempty"`
	MessageID string   `json:"message,omitempty"` // edit: the message replaced
	UserID    string   `json:"user,omitempty"`    // dm: the recipient
	Message   Stored   `json:"msg"`
	Picture   *Picture `json:"pic,omitempty"`
	Blocked   *Post    `json:"blocked,omitempty"` // dm: the channel notice when DMs are closed
	// BoardLink (dm) is the table channel's address, which Message names;
	// once this delivery's board is posted it names the board's own
	// address instead (see linkDM).
	BoardLink string `json:"board_link,omitempty"`
	// Remember names the table field that keeps the posted message's id.
	Remember Remember `json:"remember,omitempty"`
	// Pin pins a new post (the live status of a running game).
	Pin bool `json:"pin,omitempty"`
	// Resurface (edit of a DM decision) posts it anew at the bottom of
	// the DM when later messages came after it (interact.ChannelEdit).
	Resurface bool `json:"resurface,omitempty"`
	// Told (a board) is how many bytes at the start of Message.Content
	// tell what the change did (its narration), as against who is awaited
	// now: when a newer board of the same table is carried out with this
	// one, only the newer is posted and these words go into it (see
	// Coalesce). Set it with ToldBytes.
	Told int `json:"told,omitempty"`
}

// ToldBytes is a Post's Told for content made of the lines narration
// followed by others (content may have been cut short: then it is all
// narration).
func ToldBytes(content string, narration []string) int {
	n := len(narration) - 1 // the newlines between them
	for _, l := range narration {
		n += len(l)
	}
	return min(max(n, 0), len(content))
}

// PostKind says what a post does: post, edit, DM, clear buttons, withdraw
// the ephemeral answers' controls, unpin or archive.
type PostKind string

const (
	KindPost  PostKind = "post"
	KindEdit  PostKind = "edit"
	KindDM    PostKind = "dm"
	KindClear PostKind = "clear" // remove the buttons of MessageID
	KindUnpin PostKind = "unpin" // unpin MessageID
	// KindWithdraw removes the controls of the ephemeral answers that
	// offer moves at the table (its game is over).
	KindWithdraw PostKind = "withdraw"
	// KindArchive archives the thread ChannelID (a table's own thread, a
	// day after its game ended).
	KindArchive PostKind = "archive"
)

// Remember names the table field that keeps a posted message's id.
type Remember string

const (
	RememberStatus Remember = "status"
	RememberLobby  Remember = "lobby"
	RememberBoard  Remember = "board" // a board with buttons: cleared by the next
	RememberDM     Remember = "dm"    // a DM with buttons: cleared by the seat's next
)

// rememberVotePrefix marks a post whose message id the table keeps as
// the message of an absent vote: "vote:<id>".
const rememberVotePrefix = "vote:"

// RememberVote keeps the posted message's id as the message of the
// table's vote id.
func RememberVote(id int) Remember {
	return Remember(rememberVotePrefix + strconv.Itoa(id))
}

// Vote is the vote id of a remember made by RememberVote.
func (r Remember) Vote() (int, bool) {
	s, ok := strings.CutPrefix(string(r), rememberVotePrefix)
	if !ok {
		return 0, false
	}
	id, err := strconv.Atoi(s)
	return id, err == nil
}

// Picture names a picture to draw from the delivery's state.
type Picture struct {
	Viewer  int    `json:"viewer"`
	Name    string `json:"name"`
	Results bool   `json:"results,omitempty"`
	// Replay: the post is the game's replay, words and GIF, made when it
	// is delivered (see replayPost).
	Replay bool `json:"replay,omitempty"`
}

// Stored is a Message without its files, in a form JSON keeps. Its
// components stay values until the delivery is encoded, so each is
// marshalled once, with the delivery.
type Stored struct {
	Content    string                       `json:"content,omitempty"`
	Components []discordgo.MessageComponent `json:"components,omitempty"`
	Mentions   []string                     `json:"mentions,omitempty"`
	Nonce      string                       `json:"nonce,omitempty"`
}

// StoreMessage is m without its files, as a post keeps it.
func StoreMessage(m interact.Message) Stored {
	return Stored{Content: m.Content, Components: slices.Clone(m.Components), Mentions: m.Mentions, Nonce: m.Nonce}
}

// UnmarshalJSON reads the components back as the rows the surface makes.
func (m *Stored) UnmarshalJSON(data []byte) error {
	var raw struct {
		Content    string            `json:"content,omitempty"`
		Components []json.RawMessage `json:"components,omitempty"`
		Mentions   []string          `json:"mentions,omitempty"`
		Nonce      string            `json:"nonce,omitempty"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*m = Stored{Content: raw.Content, Mentions: raw.Mentions, Nonce: raw.Nonce}
	for _, r := range raw.Components {
		var row discordgo.ActionsRow
		if err := json.Unmarshal(r, &row); err != nil {
			return fmt.Errorf("outbox: load component: %w", err)
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

// Message is the stored message again, as the surface makes it.
func (m Stored) Message() interact.Message {
	return interact.Message{Content: m.Content, Components: slices.Clone(m.Components), Mentions: m.Mentions, Nonce: m.Nonce}
}

// deliveryFrame is the first byte of an outbox item made by
// Encode; items staged before it are JSON objects ('{'). (1 was a
// layout on main for minutes and never released: such an item is refused,
// not misread.)
const deliveryFrame = 2

// Encode is d as an outbox item: deliveryFrame, then one S2 block
// of the state's length (a uvarint), the state and d's JSON without the
// state. The state is neither scanned by encoding/json nor grown by
// base64, and the item is small (in BenchmarkMoveRules 2.0 KB for Dungeon
// Designer and 1.5 KB for Zauberschwert, against 5.9 and 3.4 KB as JSON
// with the state in base64): the outbox's newest leaf holds two items in
// one page, and a commit writes fewer pages. scratch is working memory
// (nil is fine); the grown scratch is returned for the next call.
func Encode(d Delivery, scratch []byte) (item, grown []byte, err error) {
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

// Decode reads an outbox item made by Encode, or a JSON
// one staged before it.
func Decode(item []byte) (Delivery, error) {
	var d Delivery
	if len(item) > 0 && item[0] == '{' {
		err := json.Unmarshal(item, &d)
		return d, err
	}
	if len(item) == 0 || item[0] != deliveryFrame {
		return d, errors.New("outbox: not an outbox item")
	}
	plain, err := s2.Decode(nil, item[1:])
	if err != nil {
		return d, fmt.Errorf("outbox: outbox item: %w", err)
	}
	n, k := binary.Uvarint(plain)
	if k <= 0 || n > uint64(len(plain)-k) {
		return d, errors.New("outbox: outbox item cut short")
	}
	if err := json.Unmarshal(plain[k+int(n):], &d); err != nil {
		return d, err
	}
	if n > 0 {
		d.State = plain[k : k+int(n)]
	}
	return d, nil
}

// Composer builds a delivery's posts in order.
type Composer struct {
	Delivery Delivery
}

// NewComposer starts the delivery of t's change; withState keeps t's
// state in it, for the pictures drawn from it after the transaction.
func NewComposer(t *table.Table, withState bool) *Composer {
	c := &Composer{Delivery: Delivery{Game: t.GameID, Table: t.ID, Channel: t.ChannelID, Version: t.Version, At: t.UpdatedAt, Lang: t.Lang, Names: t.Names()}}
	for _, seat := range t.Seats {
		c.Delivery.Langs = append(c.Delivery.Langs, seat.Lang)
	}
	if withState {
		c.Delivery.State = t.State // never changed in place: a change stores new bytes
	}
	return c
}

// Add appends p with message m; every message gets a nonce unique to this
// change and position, so a delivery repeated after a crash posts nothing
// twice (an edit uses it when its message is gone and it is posted anew).
func (c *Composer) Add(p Post, m interact.Message) *Post {
	if m.Nonce == "" {
		m.Nonce = Nonce(c.Delivery.Table, c.Delivery.Version, len(c.Delivery.Posts))
	}
	if p.Blocked != nil && p.Blocked.Message.Nonce == "" {
		p.Blocked.Message.Nonce = Nonce(c.Delivery.Table, c.Delivery.Version, len(c.Delivery.Posts)) + "b"
	}
	p.Message = StoreMessage(m)
	c.Delivery.Posts = append(c.Delivery.Posts, p)
	c.Delivery.messages = append(c.Delivery.messages, m)
	return &c.Delivery.Posts[len(c.Delivery.Posts)-1]
}

// Nonce is at most 25 characters: table id (8), version and position.
func Nonce(tableID string, version, n int) string {
	s := tableID + "." + strconv.FormatInt(int64(version), 36) + "." + strconv.Itoa(n)
	if len(s) > 24 {
		s = s[len(s)-24:]
	}
	return s
}

// Done is the delivery composed. (Composing cannot fail; the error is
// for the callers' one path from composing to staging.)
func (c *Composer) Done() (Delivery, error) { return c.Delivery, nil }

// Fresh is the message of post k as composed, with what the stored post
// leaves out; nil for a delivery read back from the outbox.
func (d Delivery) Fresh(k int) *interact.Message {
	if len(d.messages) != len(d.Posts) {
		return nil
	}
	return &d.messages[k]
}

// HasReplay reports a delivery that posts a replay: the replay drawer
// delivers it, never the tick or the outbox's redelivery.
func (d Delivery) HasReplay() bool {
	for _, p := range d.Posts {
		if p.Picture != nil && p.Picture.Replay {
			return true
		}
	}
	return false
}
