package tournaments

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/tournament"
)

// A tournament's own posts (the sign-up and its edits, announcements,
// pairings, standings, the podium) go through the outbox as a table's do:
// composed as plain data inside the transaction that changes the
// tournament, stored with it (tournament.Tournament.Outbox), carried out
// after it and removed once carried out. A bot killed in between delivers
// them on start-up (the engine's redelivery, through Redeliver); their nonces make a post that did reach
// Discord a no-op the second time. Pictures are drawn when delivered, from
// the standings as they were when the change was made (the sheet is part
// of the data), never from a later state.

// tourFrame is the first byte of a tournament's outbox item: a table's
// items start with deliveryFrame or '{'.
const tourFrame = 't'

// tourDelivery is what one change of a tournament must post.
type tourDelivery struct {
	Tournament string     `json:"tournament"`
	Channel    string     `json:"channel"`
	Version    int        `json:"v"`
	At         time.Time  `json:"at"`
	Posts      []tourPost `json:"posts"`
	// messages are the posts as composed, for delivery by the same process.
	messages []interact.Message
}

// tourPost is one post or edit of a tournament's delivery.
type tourPost struct {
	Kind      outbox.PostKind `json:"kind"` // KindPost or KindEdit
	ChannelID string          `json:"channel"`
	MessageID string          `json:"message,omitempty"` // edit: the message replaced
	Message   outbox.Stored   `json:"msg"`
	// Sheet is the standings picture to draw (the podium when Podium).
	Sheet  *Sheet `json:"sheet,omitempty"`
	Podium bool   `json:"podium,omitempty"`
	// Signup: the posted message is the sign-up, whose id is remembered.
	Signup bool `json:"signup,omitempty"`
}

// tourOutbox composes one change's posts inside the tournament's
// transaction.
type tourOutbox struct {
	d tourDelivery
}

func newTourOutbox(tr *tournament.Tournament, now time.Time) *tourOutbox {
	return &tourOutbox{d: tourDelivery{Tournament: tr.ID, Channel: tr.ChannelID, Version: tr.Version + 1, At: now}}
}

// post adds a new message in the tournament's channel.
func (o *tourOutbox) post(m interact.Message) *tourPost {
	return o.add(tourPost{Kind: outbox.KindPost, ChannelID: o.d.Channel}, m)
}

// edit adds an edit of the channel's message id.
func (o *tourOutbox) edit(messageID string, m interact.Message) *tourPost {
	return o.add(tourPost{Kind: outbox.KindEdit, ChannelID: o.d.Channel, MessageID: messageID}, m)
}

// add appends p with m; each message gets a nonce unique to the
// tournament, this change and the position.
func (o *tourOutbox) add(p tourPost, m interact.Message) *tourPost {
	if m.Nonce == "" {
		m.Nonce = outbox.Nonce("T"+o.d.Tournament, o.d.Version, len(o.d.Posts))
	}
	m.Files = nil // pictures are named by Sheet and drawn when delivered
	p.Message = outbox.StoreMessage(m)
	o.d.Posts = append(o.d.Posts, p)
	o.d.messages = append(o.d.messages, m)
	return &o.d.Posts[len(o.d.Posts)-1]
}

// stage stores the posts composed so far with tr's change (nothing when
// there are none).
func (o *tourOutbox) stage(tr *tournament.Tournament) error {
	if len(o.d.Posts) == 0 {
		return nil
	}
	item, err := encodeTourDelivery(o.d)
	if err != nil {
		return fmt.Errorf("tournaments: stage tournament %s posts: %w", tr.ID, err)
	}
	tr.Version = o.d.Version
	tr.Outbox = append(tr.Outbox, item)
	return nil
}

func encodeTourDelivery(d tourDelivery) ([]byte, error) {
	data, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	return append([]byte{tourFrame}, data...), nil
}

// IsItem reports an outbox item of a tournament (see Redeliver).
func IsItem(item []byte) bool { return len(item) > 0 && item[0] == tourFrame }

func decodeTourDelivery(item []byte) (tourDelivery, error) {
	var d tourDelivery
	if !IsItem(item) {
		return d, errors.New("tournaments: not a tournament's outbox item")
	}
	if err := json.Unmarshal(item[1:], &d); err != nil {
		return d, fmt.Errorf("tournaments: outbox item: %w", err)
	}
	return d, nil
}

// deliverTour turns a tournament's staged delivery into a Result whose
// Done removes it from the outbox (keys, as the store gave them back).
func (f *Feature) deliverTour(d tourDelivery, keys []string) interact.Result {
	if len(d.Posts) == 0 {
		return interact.Result{}
	}
	return f.engine.Deliver(d.Channel, storage.TournamentDue(d.Tournament), keys, f.realizeTour(d))
}

// realizeTour draws a tournament delivery's pictures and makes its
// actions.
func (f *Feature) realizeTour(d tourDelivery) []interact.Action {
	out := make([]interact.Action, 0, len(d.Posts))
	for k, p := range d.Posts {
		m := p.Message.Message()
		if len(d.messages) == len(d.Posts) {
			m = d.messages[k]
		}
		if p.Sheet != nil {
			m.Files = f.posts.sheetFiles(d.Tournament, *p.Sheet, p.Podium)
		}
		var onSent func(string)
		if p.Signup {
			onSent = f.rememberSignup(d.Tournament)
		}
		if p.Kind == outbox.KindEdit {
			out = append(out, interact.ChannelEdit{ChannelID: p.ChannelID, MessageID: p.MessageID, Message: m, OnSent: onSent})
			continue
		}
		out = append(out, interact.ChannelPost{ChannelID: p.ChannelID, Message: m, OnSent: onSent})
	}
	return out
}

// sheetFiles draws a standings (or podium) picture; none when the images
// cannot draw tournaments or drawing fails (the words stand alone).
func (p posts) sheetFiles(id string, v Sheet, podium bool) []interact.File {
	if p.images == nil || len(v.Rows) == 0 {
		return nil
	}
	draw, name := p.images.TournamentStandings, "standings.png"
	if podium {
		draw, name = p.images.TournamentPodium, "podium.png"
	}
	png, err := draw(v)
	if err != nil {
		p.log.Warn("tournament picture", "tournament", id, "podium", podium, "err", err)
		return nil
	}
	return []interact.File{{Name: name, Data: png}}
}

// Redeliver makes the actions of a tournament's stored outbox item (see
// IsItem) again, its pictures drawn anew; an item that cannot be decoded
// is an error, and delivering it again cannot help.
func (f *Feature) Redeliver(item []byte) ([]interact.Action, error) {
	d, err := decodeTourDelivery(item)
	if err != nil {
		return nil, err
	}
	return f.realizeTour(d), nil
}
