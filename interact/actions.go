package interact

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"
)

// The command surface never calls Discord itself. Handling an interaction
// yields a Result: the interaction's own (ephemeral) reply plus Actions for
// the transport to carry out, in order. The Discord transport turns them into
// REST calls; the playground turns them into its own pretend channel.

// Result is the answer to one interaction.
type Result struct {
	// Reply answers the interaction itself. It is always ephemeral: public
	// output goes to the channel through Actions, so the bot owns (and can
	// later edit) every public message.
	Reply *Message
	// ReplaceClicked: Reply takes the place of the ephemeral message whose
	// control was clicked (its text, controls and pictures) instead of
	// arriving as a new one, so a turn played step by step outside a DM
	// keeps one message with live controls. Only for clicks on the
	// clicker's own ephemeral message (see clickedEphemeral).
	ReplaceClicked bool
	// KeepPictures, with ReplaceClicked: the clicked message keeps its
	// pictures (Reply has none), e.g. a drill-down under the private view.
	KeepPictures bool
	// DeleteClicked removes the clicker's ephemeral message whose control
	// was clicked (Reply is nil then): the change it made (a new board,
	// a line in the channel) is the answer, and no control stays live.
	DeleteClicked bool
	// Actions run after the reply, in order.
	Actions []Action
	// Done, when set, must be called once Actions were carried out: it
	// removes their entry from the outbox, so they are not delivered again
	// after a restart.
	Done func(ctx context.Context)
	// Carrier, when set, is how Carry carries out a table's change: in
	// order with the other changes of its table (delivery sets it).
	Carrier func(ctx context.Context, run func(context.Context, []Action) error) error
}

// Message is the transport-neutral content of a message.
type Message struct {
	Content    string
	Files      []File
	Components []discordgo.MessageComponent
	// Mentions lists the user ids this message may ping; nothing else (no
	// @everyone, no roles, no other users) is ever allowed to ping.
	Mentions []string
	// Nonce, when set, makes a new message idempotent: Discord (asked to
	// enforce it) creates one message per nonce, so an outbox delivered
	// again after a crash does not post twice. At most 25 characters.
	Nonce string `json:",omitempty"`
}

// File is an attachment, a rendered PNG in practice.
type File struct {
	Name string
	Data []byte
}

// Action is one effect for the transport: ChannelPost, ChannelEdit,
// DirectMessage, ClearButtons, WithdrawControls, Unpin, ThreadOpen or
// ThreadArchive.
type Action interface{ isAction() }

// ChannelPost sends a new message to a channel. OnSent, if set, is called
// with the new message's id (used to remember the live status message).
// Pin pins the new message (the live status of a running game).
type ChannelPost struct {
	ChannelID string
	Message   Message
	OnSent    func(messageID string)
	Pin       bool
}

// ChannelEdit replaces the content of a message the bot posted earlier. If
// the message is gone, the transport posts it anew and calls OnSent. The
// channel may be a user's DM with the bot: a secret answer clicked in a DM
// replaces that DM when the next decision is secret too.
type ChannelEdit struct {
	ChannelID string
	MessageID string
	Message   Message
	OnSent    func(messageID string)
	// Resurface (a decision in a DM) keeps the message findable: when it
	// is no longer the newest message of its channel (later DMs arrived),
	// the transport posts it anew at the bottom, deletes the old one and
	// calls OnSent, instead of editing it where it scrolled out of sight.
	Resurface bool
}

// DirectMessage sends a private message. When the user does not accept DMs
// (Discord error 50007), the transport posts Blocked in the channel instead;
// Blocked never contains anything secret. OnSent, if set, is called with
// the DM channel and the new message's id. Fill, if set, is called on the
// message just before it is sent, once the actions before it were carried
// out: it completes what only they tell (a short DM's link to the board
// posted just before it).
type DirectMessage struct {
	UserID  string
	Message Message
	Blocked *ChannelPost
	OnSent  func(channelID, messageID string)
	Fill    func(*Message)
}

// ClearButtons removes every component from a message the bot posted
// earlier (a board or a DM a newer one replaced), keeping its text and
// pictures; a message that is gone needs nothing.
type ClearButtons struct {
	ChannelID string
	MessageID string
	// Note, when set, becomes the message's text (its pictures stay): a
	// board whose move was taken back says so instead of telling it.
	Note string
}

// WithdrawControls removes the controls from every ephemeral answer that
// offers moves at the table TableID of the channel ChannelID and that
// Discord still lets the bot edit (an interaction's token lasts 15
// minutes): once a game is over, no answer a player was shown may stay
// clickable. Only the transport knows those answers (they are replies to
// interactions, not messages the table keeps).
type WithdrawControls struct {
	ChannelID string
	TableID   string
}

func (ChannelPost) isAction()      {}
func (ChannelEdit) isAction()      {}
func (DirectMessage) isAction()    {}
func (ClearButtons) isAction()     {}
func (WithdrawControls) isAction() {}
func (Unpin) isAction()            {}
func (ThreadOpen) isAction()       {}
func (ThreadArchive) isAction()    {}

// ThreadOpen posts Starter in the channel ChannelID and opens a public
// thread named Name from it (Discord gives such a thread the starter
// message's id). Then is called with the thread's and the starter's ids;
// the Result it returns is carried out next (Result.Carry: a table's
// lobby, or a tournament table's first change in turn with its table's
// outbox and its pictures drawn). When the thread cannot be opened (no
// permission to create threads, a channel that has none), the starter is
// replaced by Failed and Then is not called.
type ThreadOpen struct {
	ChannelID string
	Name      string
	Starter   Message
	Failed    Message
	Then      func(ctx context.Context, threadID, starterID string) Result
}

// ThreadArchive archives a thread: it leaves the channel's list of active
// threads and stays readable; a thread that is gone needs nothing.
type ThreadArchive struct {
	ThreadID string
}

// Unpin unpins a message the bot pinned (the status of a game that
// ended); a message that is gone needs nothing.
type Unpin struct {
	ChannelID string
	MessageID string
}

// Carry carries out r's actions with run and, once they all went
// through, calls Done; a table's change goes in turn with the other
// changes of its table (see delivery), and may be carried out by another
// carrier. It returns run's error when actions should be tried again
// later. Transports call it instead of running Actions and Done
// themselves.
func (r Result) Carry(ctx context.Context, run func(context.Context, []Action) error) error {
	if r.Carrier != nil {
		return r.Carrier(ctx, run)
	}
	if err := run(ctx, r.Actions); err != nil {
		return err
	}
	if r.Done != nil {
		r.Done(ctx)
	}
	return nil
}

// Merge carries out several tables' changes as one Result: their actions
// in order, each change's Done, and each change carried in its own turn.
func Merge(results []Result) Result {
	var out Result
	var dones []func(context.Context)
	for _, r := range results {
		out.Actions = append(out.Actions, r.Actions...)
		if r.Done != nil {
			dones = append(dones, r.Done)
		}
	}
	if len(dones) > 0 {
		out.Done = func(ctx context.Context) {
			for _, d := range dones {
				d(ctx)
			}
		}
	}
	out.Carrier = func(ctx context.Context, run func(context.Context, []Action) error) error {
		var errs error
		for _, r := range results {
			errs = errors.Join(errs, r.Carry(ctx, run))
		}
		return errs
	}
	return out
}
