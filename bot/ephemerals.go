package bot

import (
	"context"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
)

// LiveEphemerals remembers the ephemeral answers this bot sent that carry
// a table's controls ("Show my hand", a step of a turn played outside a
// DM), each with the interaction token that can still edit it, so that
// the table's end withdraws their controls (interact.WithdrawControls):
// Discord offers no other way to reach an ephemeral message. The answers
// are kept in the store (storage.LiveAnswers), so that whichever process
// of a fleet carries the end, after a restart too, finds them; without a
// store, in this process's memory. So is the end itself
// (storage.LiveAnswers.EndAnswers), until the last token that could have
// answered the table lapsed: an answer composed before the end and kept
// after it, by any process, loses its controls at once.
type LiveEphemerals struct {
	now     func() time.Time
	answers storage.LiveAnswers
}

// tokenLife is how long an interaction token may edit its answers:
// Discord's 15 minutes, less a margin, since an edit with a lapsed token
// is an invalid request (they count toward Discord's ban).
const tokenLife = 14 * time.Minute

// NewLiveEphemerals keeps the answers in answers (in memory when nil), on
// the clock now (time.Now when nil).
func NewLiveEphemerals(answers storage.LiveAnswers, now func() time.Time) *LiveEphemerals {
	if now == nil {
		now = time.Now
	}
	if answers == nil {
		answers = newMemoryAnswers()
	}
	return &LiveEphemerals{now: now, answers: answers}
}

// record notes that the ephemeral message messageID now shows comps and
// can be edited with i's token (as i's original response, or as one of
// its follow-ups). It reports whether that table's controls were already
// withdrawn: the caller then withdraws this answer's at once.
func (l *LiveEphemerals) record(ctx context.Context, messageID string, comps []discordgo.MessageComponent, i *discordgo.Interaction, original bool) (bool, error) {
	if l == nil || messageID == "" || i == nil {
		return false, nil
	}
	channel, tb, ok := interact.TableOfControls(comps)
	if !ok {
		return false, l.answers.DropAnswer(ctx, messageID)
	}
	now := l.now()
	if err := l.answers.KeepAnswer(ctx, storage.LiveAnswer{MessageID: messageID, ChannelID: channel, TableID: tb,
		AppID: i.AppID, Token: i.Token, Original: original, At: now}); err != nil {
		return false, err
	}
	// Checked once kept: the end (of any process) marks the table before
	// it takes the table's answers, so either it took this one or this
	// one sees its mark, and withdraws itself.
	ended, err := l.answers.Ended(ctx, channel, tb, l.now().Add(-tokenLife))
	if err != nil || !ended {
		return false, err
	}
	return true, l.answers.DropAnswer(ctx, messageID)
}

// forget drops a message that is gone (deleted by the bot).
func (l *LiveEphemerals) forget(ctx context.Context, messageID string) error {
	if l == nil {
		return nil
	}
	return l.answers.DropAnswer(ctx, messageID)
}

// take marks the table withdrawn and then hands over its answers that
// can still be edited.
func (l *LiveEphemerals) take(ctx context.Context, channelID, tableID string) ([]storage.LiveAnswer, error) {
	if l == nil {
		return nil, nil
	}
	now := l.now()
	if err := l.answers.EndAnswers(ctx, channelID, tableID, now); err != nil {
		return nil, err
	}
	return l.answers.TakeAnswers(ctx, channelID, tableID, now.Add(-tokenLife))
}

// memoryAnswers keeps the answers of a process without a store.
type memoryAnswers struct {
	mu        sync.Mutex
	byMessage map[string]storage.LiveAnswer
	ends      map[[2]string]time.Time // channel and table -> when their controls were withdrawn
}

func newMemoryAnswers() *memoryAnswers {
	return &memoryAnswers{byMessage: map[string]storage.LiveAnswer{}, ends: map[[2]string]time.Time{}}
}

func (m *memoryAnswers) EndAnswers(_ context.Context, channelID, tableID string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := [2]string{channelID, tableID}
	if at.After(m.ends[key]) {
		m.ends[key] = at
	}
	return nil
}

func (m *memoryAnswers) Ended(_ context.Context, channelID, tableID string, since time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	at, ok := m.ends[[2]string{channelID, tableID}]
	return ok && !at.Before(since), nil
}

func (m *memoryAnswers) KeepAnswer(_ context.Context, a storage.LiveAnswer) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.byMessage[a.MessageID] = a
	return nil
}

func (m *memoryAnswers) DropAnswer(_ context.Context, messageID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.byMessage, messageID)
	return nil
}

func (m *memoryAnswers) TakeAnswers(_ context.Context, channelID, tableID string, since time.Time) ([]storage.LiveAnswer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for key, at := range m.ends {
		if at.Before(since) {
			delete(m.ends, key)
		}
	}
	var out []storage.LiveAnswer
	for id, a := range m.byMessage {
		mine := a.ChannelID == channelID && a.TableID == tableID
		if mine && !a.At.Before(since) {
			out = append(out, a)
		}
		if mine || a.At.Before(since) {
			delete(m.byMessage, id)
		}
	}
	return out, nil
}

// withdraw removes the controls of every ephemeral answer sent for a's
// table while their tokens can still edit them. An edit that fails is
// logged, not tried again: the answer's token is all there is, and
// carrying the table's change again would not bring it back.
func (e *Executor) withdraw(ctx context.Context, a interact.WithdrawControls) error {
	taken, err := e.Ephemerals.take(ctx, a.ChannelID, a.TableID)
	if err != nil {
		return err // the store failed: carried again later
	}
	for _, live := range taken {
		if err := e.withdrawOne(ctx, live); err != nil {
			e.log.Warn("discord: withdrawing an answer's controls failed", "channel", a.ChannelID, "err", err)
		}
	}
	return nil
}

// withdrawOne removes the controls of one ephemeral answer, keeping its
// text and pictures; one the player dismissed needs nothing. A passing
// failure of Discord's is tried again at once (withdrawing).
func (e *Executor) withdrawOne(ctx context.Context, live storage.LiveAnswer) error {
	none := []discordgo.MessageComponent{}
	edit := &discordgo.WebhookEdit{Components: &none}
	i := &discordgo.Interaction{AppID: live.AppID, Token: live.Token}
	err := withdrawing(ctx, func() error {
		var err error
		if live.Original {
			_, err = e.session.InteractionResponseEdit(i, edit, discordgo.WithContext(ctx))
		} else {
			_, err = e.session.FollowupMessageEdit(i, live.MessageID, edit, discordgo.WithContext(ctx))
		}
		return err
	})
	if err != nil && messageGone(err) {
		return nil
	}
	return err
}

// keepLive records an ephemeral answer just sent or edited (see
// LiveEphemerals.record); one whose table's controls were withdrawn
// meanwhile loses its controls at once.
func (e *Executor) keepLive(ctx context.Context, messageID string, comps []discordgo.MessageComponent, i *discordgo.Interaction, original bool) {
	withdrawn, err := e.Ephemerals.record(ctx, messageID, comps, i, original)
	if err != nil {
		e.log.Warn("discord: keeping an answer with controls failed", "err", err)
	}
	if !withdrawn {
		return
	}
	if err := e.withdrawOne(ctx, storage.LiveAnswer{MessageID: messageID, AppID: i.AppID, Token: i.Token, Original: original}); err != nil {
		e.log.Warn("discord: withdrawing an answer's controls failed", "err", err)
	}
}
