package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
)

// Executor carries out a commands.Result with Discord REST calls. A failed
// call is logged and skipped: one lost message must not stop the others (the
// board image, the next player's DM). discordgo itself waits out 429s.
type Executor struct {
	session *discordgo.Session
	log     *slog.Logger
	// Done, if set, is called once an interaction has been fully carried
	// out (ack, reply, every action), for tests and metrics.
	Done func(i *discordgo.Interaction)
	// Answered, if set, is called once an interaction's own answer (the
	// deferred reply) went out, before its change is carried out: the
	// bench's measure of what the player waits for.
	Answered func(i *discordgo.Interaction)

	// Memory is what the process remembers of Discord's answers; NewExecutor
	// gives each executor its own, and a process shares one among all of
	// its executors (the scheduler's, the gateway shards', the endpoint's).
	Memory

	mu         sync.Mutex
	dmChannels map[string]string // user id → DM channel id
	// dmNewest is the newest message this process posted in each DM
	// channel, which tells whether a decision there is buried without
	// asking Discord (see buried).
	dmNewest map[string]string
}

// Memory is what one process remembers of Discord beyond a single call:
// whose DMs are closed, and which ephemeral answers carry a table's live
// controls. Its executors share it, so that the scheduler's executor
// (which carries the ends of games bots and clocks finish) knows the
// answers the interactions' executor sent.
type Memory struct {
	ClosedDMs  *ClosedDMs
	Ephemerals *LiveEphemerals
}

// NewMemory is a process's memory on the real clock, kept in the store
// every process of the bot shares: its live answers and its DM refusals
// (this process's alone where nil).
func NewMemory(answers storage.LiveAnswers, refusals storage.DMRefusals) Memory {
	m := Memory{ClosedDMs: NewClosedDMs(nil), Ephemerals: NewLiveEphemerals(nil, nil)}
	if refusals != nil {
		m.ClosedDMs.store = refusals
	}
	if answers != nil {
		m.Ephemerals = NewLiveEphemerals(answers, nil)
	}
	return m
}

// ClosedDMs remembers the users whose DMs Discord refused (50007) and
// until when no DM is tried again: every refusal counts toward the invalid
// requests for which Discord bans an address. With a store the marks are
// shared: a refusal is stored, and the process reads the others' marks
// at most once every closedDMSync, so a fleet (or a restart) tries a
// closed DM about once a day in all, not once per process.
type ClosedDMs struct {
	now   func() time.Time
	store storage.DMRefusals // nil: this process's memory alone

	mu     sync.Mutex
	until  map[string]time.Time
	synced time.Time // when the store's marks were last read
}

// closedDMSync is how often a process reads the marks other processes
// stored.
const closedDMSync = time.Minute

// NewClosedDMs is an empty memory on the clock now (time.Now when nil).
func NewClosedDMs(now func() time.Time) *ClosedDMs {
	if now == nil {
		now = time.Now
	}
	return &ClosedDMs{now: now, until: map[string]time.Time{}}
}

// closed reports whether Discord refused a DM to userID lately.
func (c *ClosedDMs) closed(ctx context.Context, userID string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.store != nil && now.Sub(c.synced) >= closedDMSync {
		if marks, err := c.store.RefusedDMs(ctx, now); err == nil {
			for u, until := range marks {
				c.until[u] = until
			}
			c.synced = now
		}
	}
	until, ok := c.until[userID]
	if ok && !now.Before(until) {
		delete(c.until, userID)
		return false
	}
	return ok
}

// remember marks userID's DMs closed for closedDMRetry, in the store too.
func (c *ClosedDMs) remember(ctx context.Context, userID string) error {
	c.mu.Lock()
	until := c.now().Add(closedDMRetry)
	c.until[userID] = until
	c.mu.Unlock()
	if c.store == nil {
		return nil
	}
	return c.store.RefuseDMs(ctx, userID, until)
}

// closedDMRetry is how long a user whose DMs were refused gets no DM
// attempt: the table's fallback (a mention in the channel, the answer to
// "Show my hand") carries what the DM would have.
const closedDMRetry = 24 * time.Hour

// errDMsClosed stands for Discord's refusal while it is remembered.
var errDMsClosed = errors.New("the user's DMs are closed (remembered)")

// NewExecutor uses s (see NewSession) for every call.
func NewExecutor(s *discordgo.Session, log *slog.Logger) *Executor {
	if log == nil {
		log = slog.Default()
	}
	return &Executor{session: s, log: log, dmChannels: map[string]string{}, dmNewest: map[string]string{}, Memory: NewMemory(nil, nil)}
}

// AckResponse is the acknowledgement Discord expects for ack. choices are
// used for AckAutocomplete only.
func AckResponse(ack commands.Ack, choices []*discordgo.ApplicationCommandOptionChoice) *discordgo.InteractionResponse {
	switch ack {
	case commands.AckPong:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}
	case commands.AckAutocomplete:
		if len(choices) > 25 {
			choices = choices[:25]
		}
		if choices == nil {
			choices = []*discordgo.ApplicationCommandOptionChoice{}
		}
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices},
		}
	case commands.AckDeferUpdate:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	default:
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}
	}
}

// Respond sends an acknowledgement through the interaction callback
// endpoint (the gateway's way; the HTTP endpoint answers in its response).
func (e *Executor) Respond(ctx context.Context, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	return e.session.InteractionRespond(i, resp, discordgo.WithContext(ctx))
}

// Execute sends res.Reply for an interaction acknowledged with ack, then
// carries res out (commands.Result.Carry: its actions in order, in turn
// with the table's other changes, and Done once they went through).
// It returns what Run returns: whether the actions may need carrying out
// again.
func (e *Executor) Execute(ctx context.Context, i *discordgo.Interaction, ack commands.Ack, res commands.Result) error {
	e.Answer(ctx, i, ack, res)
	return res.Carry(ctx, e.runFor(i, ack))
}

// Answer sends res.Reply for an interaction acknowledged with ack (a
// failure is logged: the change is still carried out) and tells Answered.
func (e *Executor) Answer(ctx context.Context, i *discordgo.Interaction, ack commands.Ack, res commands.Result) {
	if err := e.reply(ctx, i, ack, res); err != nil {
		e.log.Warn("discord: interaction reply failed", "interaction", i.ID, "err", err)
	} else if e.Answered != nil {
		e.Answered(i)
	}
}

func (e *Executor) reply(ctx context.Context, i *discordgo.Interaction, ack commands.Ack, res commands.Result) error {
	opt := discordgo.WithContext(ctx)
	m := res.Reply
	switch ack {
	case commands.AckDeferEphemeral:
		if m == nil {
			// Nothing to say: remove the "thinking…" placeholder.
			return e.session.InteractionResponseDelete(i, opt)
		}
		content, comps := m.Content, components(m)
		sent, err := e.session.InteractionResponseEdit(i, &discordgo.WebhookEdit{
			Content:         &content,
			Components:      &comps,
			Files:           files(m),
			AllowedMentions: allowedMentions(m),
		}, opt)
		if err == nil && sent != nil {
			e.keepLive(ctx, sent.ID, comps, i, true)
		}
		return err
	case commands.AckDeferUpdate:
		if res.DeleteClicked {
			// After a deferred update the original response is the
			// ephemeral message clicked; one already dismissed is gone.
			if i.Message != nil {
				if err := e.Ephemerals.forget(ctx, i.Message.ID); err != nil {
					e.log.Warn("discord: forgetting an answer failed", "err", err)
				}
			}
			if err := e.session.InteractionResponseDelete(i, opt); err != nil && !messageGone(err) {
				return err
			}
			return nil
		}
		if m == nil {
			return nil
		}
		if res.ReplaceClicked {
			// After a deferred update the original response is the message
			// clicked: the answer takes its place. One the player dismissed
			// meanwhile is gone: the answer then comes as a new one.
			err := e.replaceClicked(ctx, i, m, res.KeepPictures)
			if err == nil && i.Message != nil {
				// The clicked message's newest token is this one's.
				e.keepLive(ctx, i.Message.ID, m.Components, i, true)
			}
			if err == nil || !messageGone(err) {
				return err
			}
		}
		sent, err := e.session.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
			Content:         m.Content,
			Components:      components(m),
			Files:           files(m),
			AllowedMentions: allowedMentions(m),
			Flags:           discordgo.MessageFlagsEphemeral,
		}, opt)
		if err == nil && sent != nil {
			e.keepLive(ctx, sent.ID, m.Components, i, false)
		}
		return err
	default:
		return nil
	}
}

// replaceClicked edits the ephemeral message whose control was clicked
// into m: text and controls (none clears them), and the pictures unless
// keepPictures, in which case m brings none and the old ones stay.
func (e *Executor) replaceClicked(ctx context.Context, i *discordgo.Interaction, m *commands.Message, keepPictures bool) error {
	content, comps := m.Content, components(m)
	edit := &discordgo.WebhookEdit{
		Content:         &content,
		Components:      &comps,
		AllowedMentions: allowedMentions(m),
	}
	if !keepPictures {
		edit.Files = files(m)
		// Replace the old attachments instead of piling up images.
		edit.Attachments = &[]*discordgo.MessageAttachment{}
	}
	_, err := e.session.InteractionResponseEdit(i, edit, discordgo.WithContext(ctx))
	return err
}

// Run carries out actions in order. A failed call is logged and skipped,
// so that one lost message does not stop the others. It returns an error
// when a call failed in a way worth retrying (Discord unreachable or
// failing, the context ended); a refusal (4xx: a deleted channel, missing
// permissions) would fail again and only counts as logged. A DM refused
// because the user's DMs are closed is delivered as well as it can be
// (the channel notice).
func (e *Executor) Run(ctx context.Context, actions []commands.Action) error {
	var retry error
	for _, a := range actions {
		if ctx.Err() != nil {
			e.log.Warn("discord: actions abandoned", "err", ctx.Err())
			return ctx.Err()
		}
		var err error
		switch a := a.(type) {
		case commands.ChannelPost:
			err = e.post(ctx, a)
		case *commands.ChannelPost:
			err = e.post(ctx, *a)
		case commands.ChannelEdit:
			err = e.edit(ctx, a)
		case *commands.ChannelEdit:
			err = e.edit(ctx, *a)
		case commands.DirectMessage:
			err = e.direct(ctx, a)
		case *commands.DirectMessage:
			err = e.direct(ctx, *a)
		case commands.ClearButtons:
			err = e.clear(ctx, a)
		case *commands.ClearButtons:
			err = e.clear(ctx, *a)
		case interact.WithdrawControls:
			err = e.withdraw(ctx, a)
		case *interact.WithdrawControls:
			err = e.withdraw(ctx, *a)
		case commands.Unpin:
			err = e.unpin(ctx, a)
		case *commands.Unpin:
			err = e.unpin(ctx, *a)
		case commands.ThreadOpen:
			err = e.openThread(ctx, a)
		case *commands.ThreadOpen:
			err = e.openThread(ctx, *a)
		case commands.ThreadArchive:
			err = e.archive(ctx, a)
		case *commands.ThreadArchive:
			err = e.archive(ctx, *a)
		default:
			e.log.Error("discord: unknown action", "type", fmt.Sprintf("%T", a))
			continue
		}
		if err != nil {
			// Never log the content: a DM may be secret.
			e.log.Warn("discord: action failed", "action", actionName(a), "err", err)
			if transient(err) && !errors.Is(err, errDMsClosed) && !hasCode(err, discordgo.ErrCodeCannotSendMessagesToThisUser) {
				retry = errors.Join(retry, err)
			}
		}
	}
	return retry
}

// transient reports an error that a later attempt may not meet: no answer
// from Discord, or a 5xx.
func transient(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return true
	}
	return re.Response == nil || re.Response.StatusCode >= 500
}

func (e *Executor) post(ctx context.Context, a commands.ChannelPost) error {
	msg, err := e.send(ctx, a.ChannelID, a.Message)
	if err != nil {
		return err
	}
	if a.OnSent != nil {
		a.OnSent(msg.ID)
	}
	if a.Pin {
		// Pinning needs Manage Messages; without it the post stands.
		return e.pin(ctx, http.MethodPut, a.ChannelID, msg.ID)
	}
	return nil
}

// pin pins (PUT) or unpins (DELETE) a message on Discord's current route,
// /channels/{c}/messages/pins/{m}; discordgo's ChannelMessagePin still
// uses the deprecated /channels/{c}/pins/{m}.
func (e *Executor) pin(ctx context.Context, method, channelID, messageID string) error {
	pins := discordgo.EndpointChannelMessages(channelID) + "/pins/"
	_, err := e.session.RequestWithBucketID(method, pins+messageID, nil, pins, discordgo.WithContext(ctx))
	return err
}

// threadArchiveMinutes is the longest inactivity Discord allows before
// it archives a thread by itself (a week): a game's thread may rest for
// days between moves, and a new message would reopen it anyway.
const threadArchiveMinutes = 10080

// openThread posts the starter line, opens a public thread from it and
// carries out what the thread is opened for. When Discord refuses the
// thread, the starter says so instead.
func (e *Executor) openThread(ctx context.Context, a commands.ThreadOpen) error {
	starter, err := e.send(ctx, a.ChannelID, a.Starter)
	if err != nil {
		return err
	}
	th, err := e.session.MessageThreadStartComplex(a.ChannelID, starter.ID,
		&discordgo.ThreadStart{Name: a.Name, AutoArchiveDuration: threadArchiveMinutes}, discordgo.WithContext(ctx))
	if err != nil {
		if ferr := e.edit(ctx, commands.ChannelEdit{ChannelID: a.ChannelID, MessageID: starter.ID, Message: a.Failed}); ferr != nil {
			e.log.Warn("discord: thread failure notice failed", "err", ferr)
		}
		return fmt.Errorf("discord: open thread: %w", err)
	}
	if a.Then == nil {
		return nil
	}
	return a.Then(ctx, th.ID, starter.ID).Carry(ctx, e.Run)
}

// archive archives a thread; one that is gone needs nothing.
func (e *Executor) archive(ctx context.Context, a commands.ThreadArchive) error {
	yes := true
	_, err := e.session.ChannelEditComplex(a.ThreadID, &discordgo.ChannelEdit{Archived: &yes}, discordgo.WithContext(ctx))
	if err != nil && (messageGone(err) || hasCode(err, discordgo.ErrCodeUnknownChannel)) {
		return nil
	}
	return err
}

func (e *Executor) unpin(ctx context.Context, a commands.Unpin) error {
	err := e.pin(ctx, http.MethodDelete, a.ChannelID, a.MessageID)
	if err != nil && messageGone(err) {
		return nil
	}
	return err
}

func (e *Executor) edit(ctx context.Context, a commands.ChannelEdit) error {
	if a.Resurface {
		if buried, newest := e.buried(ctx, a.ChannelID, a.MessageID); buried {
			return e.resurface(ctx, a, newest)
		}
	}
	err := e.replace(ctx, a.ChannelID, a.MessageID, a.Message)
	if err == nil || !messageGone(err) {
		return err
	}
	return e.post(ctx, commands.ChannelPost{ChannelID: a.ChannelID, Message: a.Message, OnSent: a.OnSent})
}

// postedInDM notes messageID as the newest this process posted in the DM
// channelID.
func (e *Executor) postedInDM(channelID, messageID string) {
	e.mu.Lock()
	e.dmNewest[channelID] = messageID
	e.mu.Unlock()
}

// buried reports whether later messages came after messageID in its
// channel. When this process posted in that DM since it started, it knows
// without a request (each in-place edit would otherwise cost one call
// against Discord's global budget); otherwise Discord's last_message_id
// tells, and asked is that newest message's id. What the process cannot
// see (another worker's DM to the same player since, the player's own
// typing) leaves the decision in place, as before this check existed.
// When Discord cannot tell either, the message is edited where it is.
func (e *Executor) buried(ctx context.Context, channelID, messageID string) (buried bool, asked string) {
	e.mu.Lock()
	newest, known := e.dmNewest[channelID]
	e.mu.Unlock()
	if known {
		return newest != messageID, ""
	}
	endpoint := discordgo.EndpointChannel(channelID)
	body, err := e.session.RequestWithBucketID(http.MethodGet, endpoint, nil, endpoint, discordgo.WithContext(ctx))
	if err != nil {
		e.log.Warn("discord: reading a DM's newest message failed; editing in place", "channel", channelID, "err", err)
		return false, ""
	}
	var ch struct {
		LastMessageID string `json:"last_message_id"`
	}
	if json.Unmarshal(body, &ch) != nil || ch.LastMessageID == "" {
		return false, ""
	}
	e.postedInDM(channelID, ch.LastMessageID)
	return ch.LastMessageID != messageID, ch.LastMessageID
}

// resurface posts a's message anew at the bottom of its channel, then
// deletes the old one (or, when that fails, takes its buttons away), so
// that the decision is where the player looks and nowhere else. The new
// post carries a's nonce, and its id is recorded (a.OnSent) only once it
// exists: a process that dies before the record leaves the change to be
// delivered again, and Discord hands the first repost back for the same
// nonce. Past Discord's few minutes of that, the process finds its
// earlier repost after a's message in the DM by the table (see
// earlierRepost): when it is the DM's newest message (newest, when
// Discord was asked) it is taken as the new copy, not posted again, and
// edited to a's message (a coalesced redelivery has newer words and
// controls); when another table's DM came after it, it is buried too,
// and goes with a's old message once the decision is posted anew. This
// path is a restart's, once per DM.
func (e *Executor) resurface(ctx context.Context, a commands.ChannelEdit, newest string) error {
	onSent := func(id string) {
		e.postedInDM(a.ChannelID, id)
		if a.OnSent != nil {
			a.OnSent(id)
		}
	}
	earlier := e.earlierRepost(ctx, a, newest)
	if earlier != "" && earlier == newest {
		if err := e.replace(ctx, a.ChannelID, earlier, a.Message); err != nil && !messageGone(err) {
			return err
		} else if err != nil {
			earlier = "" // gone meanwhile: posted anew
		}
	}
	if earlier != "" && earlier == newest {
		onSent(earlier)
	} else if err := e.post(ctx, commands.ChannelPost{ChannelID: a.ChannelID, Message: a.Message, OnSent: onSent}); err != nil {
		return err
	}
	old := []string{a.MessageID}
	if earlier != "" && earlier != newest {
		old = append(old, earlier) // the buried earlier repost
	}
	for _, id := range old {
		err := e.session.ChannelMessageDelete(a.ChannelID, id, discordgo.WithContext(ctx))
		if err == nil || messageGone(err) {
			continue
		}
		e.log.Warn("discord: deleting a DM decision posted anew failed; clearing its buttons", "channel", a.ChannelID, "message", id, "err", err)
		if err := e.clear(ctx, commands.ClearButtons{ChannelID: a.ChannelID, MessageID: id}); err != nil {
			return err
		}
	}
	return nil
}

// earlierRepost is the copy of a's message this bot posted below it in
// the DM before (a delivery cut short by a crash, delivered again), or
// "". A copy is the bot's, newer than a's message, and offers controls of
// the same table as a's message; its words and controls may be older than
// a's (the redelivery coalesced a newer edit, see outbox.Coalesce). No
// other message can be that: a table's changes are carried out in order,
// so no later decision of the table was posted before this change is
// done, and the seat's older ones lost their controls (a click on one is
// refused as stale); another table's DMs offer that table's controls. It
// costs a request only in a process that had to ask Discord whether the
// decision was buried (newest is then the DM's newest message), which a
// restarted one does once per DM: it reads the messages after a's, the
// copy among them the newest or buried under another table's DM.
func (e *Executor) earlierRepost(ctx context.Context, a commands.ChannelEdit, newest string) string {
	if newest == "" || newest == a.MessageID {
		return ""
	}
	channel, table, ok := interact.TableOfControls(a.Message.Components)
	if !ok {
		return ""
	}
	copyOf := func(m *discordgo.Message) bool {
		if m == nil || m.Author == nil || !m.Author.Bot {
			return false
		}
		ch, tb, ok := interact.TableOfControls(m.Components)
		return ok && ch == channel && tb == table
	}
	later, err := e.session.ChannelMessages(a.ChannelID, repostSearch, "", a.MessageID, "", discordgo.WithContext(ctx))
	if err != nil {
		e.log.Warn("discord: reading a DM's messages after a decision failed", "channel", a.ChannelID, "err", err)
		return ""
	}
	found := ""
	for _, m := range later {
		if copyOf(m) && (found == "" || newerID(m.ID, found)) {
			found = m.ID
		}
	}
	return found
}

// repostSearch is how many of the messages after a buried decision a
// restarted process reads for its earlier repost: the few DMs other
// tables sent since, with room to spare.
const repostSearch = 50

// newerID reports whether snowflake a is later than b.
func newerID(a, b string) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return a > b
}

// clear removes a message's components, leaving its pictures and its
// text unless a note replaces it; a message that is gone needs nothing.
// A passing failure of Discord's is tried again at once (withdrawing).
func (e *Executor) clear(ctx context.Context, a commands.ClearButtons) error {
	none := []discordgo.MessageComponent{}
	edit := &discordgo.MessageEdit{ID: a.MessageID, Channel: a.ChannelID, Components: &none}
	if a.Note != "" {
		edit.Content = &a.Note
	}
	err := withdrawing(ctx, func() error {
		_, err := e.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
		return err
	})
	if err != nil && messageGone(err) {
		return nil
	}
	return err
}

// withdrawTries and withdrawPause bound how often and how far apart an
// edit that takes controls away is tried when Discord fails it in passing
// (a 5xx, no answer): within the 2 s after which no control of an ended
// table may be live (issue 31), where carrying the change again later
// would come too late or, for an ephemeral answer, not at all.
const (
	withdrawTries = 3
	withdrawPause = 200 * time.Millisecond
)

// withdrawing runs edit, which takes controls away, again after a passing
// failure, up to withdrawTries times in all; it returns the last error.
func withdrawing(ctx context.Context, edit func() error) error {
	var err error
	for try := range withdrawTries {
		if try > 0 {
			select {
			case <-ctx.Done():
				return errors.Join(err, ctx.Err())
			case <-time.After(withdrawPause):
			}
		}
		if err = edit(); err == nil || !transient(err) || ctx.Err() != nil {
			return err
		}
	}
	return err
}

func (e *Executor) direct(ctx context.Context, a commands.DirectMessage) error {
	if a.Fill != nil {
		a.Fill(&a.Message)
	}
	err := errDMsClosed
	if !e.ClosedDMs.closed(ctx, a.UserID) {
		var ch string
		ch, err = e.dmChannel(ctx, a.UserID)
		if err == nil {
			var msg *discordgo.Message
			if msg, err = e.send(ctx, ch, a.Message); err == nil {
				e.postedInDM(ch, msg.ID)
				if a.OnSent != nil {
					a.OnSent(ch, msg.ID)
				}
			}
		}
		if err == nil || !hasCode(err, discordgo.ErrCodeCannotSendMessagesToThisUser) {
			return err
		}
		if err := e.ClosedDMs.remember(ctx, a.UserID); err != nil {
			e.log.Warn("discord: storing a refused DM failed", "err", err)
		}
	}
	if a.Blocked == nil {
		return err
	}
	return e.post(ctx, *a.Blocked)
}

// dmChannel opens (once per user) the DM channel with userID.
func (e *Executor) dmChannel(ctx context.Context, userID string) (string, error) {
	e.mu.Lock()
	id, ok := e.dmChannels[userID]
	e.mu.Unlock()
	if ok {
		return id, nil
	}
	ch, err := e.session.UserChannelCreate(userID, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	e.mu.Lock()
	e.dmChannels[userID] = ch.ID
	e.mu.Unlock()
	return ch.ID, nil
}

// nonceSend is a message with the nonce discordgo's MessageSend lacks.
// With enforce_nonce Discord creates at most one message per nonce and
// author within a few minutes and returns the first for a repeat, which
// makes a delivery repeated after a crash post nothing twice.
type nonceSend struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

// send creates a message in channelID; one with a nonce is idempotent.
func (e *Executor) send(ctx context.Context, channelID string, m commands.Message) (*discordgo.Message, error) {
	data := messageSend(m)
	if m.Nonce == "" {
		return e.session.ChannelMessageSendComplex(channelID, data, discordgo.WithContext(ctx))
	}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	payload := nonceSend{MessageSend: data, Nonce: m.Nonce, EnforceNonce: true}
	contentType, body := "application/json", []byte(nil)
	var err error
	if len(data.Files) > 0 {
		contentType, body, err = discordgo.MultipartBodyWithJSON(payload, data.Files)
	} else {
		body, err = json.Marshal(payload)
	}
	if err != nil {
		return nil, fmt.Errorf("discord: encode message: %w", err)
	}
	resp, err := e.session.RequestRaw(http.MethodPost, endpoint, contentType, body, endpoint, 0, discordgo.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("discord: decode message: %w", err)
	}
	if msg.Content != m.Content && msg.ID != "" {
		// Discord returned the message an earlier attempt created with
		// this nonce, and this attempt says more: deliveries that queued
		// behind a post cut short by a crash are carried out as one
		// (outbox.Coalesce), which keeps the oldest post's nonce. The
		// message becomes this one, so no second message is posted and the
		// first keeps no stale controls.
		if err := e.replace(ctx, channelID, msg.ID, m); err != nil {
			return nil, fmt.Errorf("discord: bring a repeated post up to date: %w", err)
		}
	}
	return &msg, nil
}

// replace makes message messageID in channelID m: its text, controls and
// pictures (the old pictures go).
func (e *Executor) replace(ctx context.Context, channelID, messageID string, m commands.Message) error {
	content, comps := m.Content, components(&m)
	edit := &discordgo.MessageEdit{
		ID:              messageID,
		Channel:         channelID,
		Content:         &content,
		Components:      &comps,
		Files:           files(&m),
		AllowedMentions: allowedMentions(&m),
		Attachments:     &[]*discordgo.MessageAttachment{},
	}
	_, err := e.session.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
	return err
}

func messageSend(m commands.Message) *discordgo.MessageSend {
	return &discordgo.MessageSend{
		Content:         m.Content,
		Components:      components(&m),
		Files:           files(&m),
		AllowedMentions: allowedMentions(&m),
	}
}

// allowedMentions lets exactly m.Mentions ping: no @everyone, no roles,
// nobody named in user-written text.
func allowedMentions(m *commands.Message) *discordgo.MessageAllowedMentions {
	users := make([]string, len(m.Mentions))
	copy(users, m.Mentions)
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users}
}

func components(m *commands.Message) []discordgo.MessageComponent {
	if m.Components == nil {
		return []discordgo.MessageComponent{}
	}
	return m.Components
}

// files are m's files as discordgo uploads them, each declared as the type
// its bytes are (a board is a PNG, a replay a GIF).
func files(m *commands.Message) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range m.Files {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: http.DetectContentType(f.Data), Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// messageGone reports a 404 or Unknown Message error.
func messageGone(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return false
	}
	return re.Response != nil && re.Response.StatusCode == http.StatusNotFound ||
		re.Message != nil && re.Message.Code == discordgo.ErrCodeUnknownMessage
}

func hasCode(err error, code int) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == code
}

func actionName(a commands.Action) string {
	switch a.(type) {
	case commands.ChannelPost, *commands.ChannelPost:
		return "channel_post"
	case commands.ChannelEdit, *commands.ChannelEdit:
		return "channel_edit"
	case commands.DirectMessage, *commands.DirectMessage:
		return "direct_message"
	case commands.ClearButtons, *commands.ClearButtons:
		return "clear_buttons"
	case commands.Unpin, *commands.Unpin:
		return "unpin"
	case interact.WithdrawControls, *interact.WithdrawControls:
		return "withdraw_controls"
	case commands.ThreadOpen, *commands.ThreadOpen:
		return "thread_open"
	case commands.ThreadArchive, *commands.ThreadArchive:
		return "thread_archive"
	}
	return "unknown"
}
