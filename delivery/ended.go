package delivery

import (
	"context"
	"errors"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
)

// A change carried out after its table's game ended (queued behind the
// end, or delivered again after it) posts nothing live: its messages go
// without controls and its new DMs, decisions nobody can answer any more,
// are not sent. Without this, an abandoned table's queued boards and DM
// prompts arrived with live buttons after the end.

// quietIfEnded returns actions without controls when tb's game is over
// (its channel holds no active table of that id); it reads the table only
// when some action carries controls.
func (c *Carrier) quietIfEnded(ctx context.Context, tb storage.OutboxTable, actions []interact.Action) []interact.Action {
	if !hasControls(actions) {
		return actions
	}
	t, err := c.d.Store.Get(ctx, tb.ChannelID)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return actions // cannot tell: as composed
	}
	if err == nil && t.ID == tb.TableID && t.Active() {
		return actions
	}
	return withoutControls(actions)
}

// hasControls reports whether an action posts a message with components.
func hasControls(actions []interact.Action) bool {
	for _, a := range actions {
		switch v := value(a).(type) {
		case interact.ChannelPost:
			if len(v.Message.Components) > 0 {
				return true
			}
		case interact.ChannelEdit:
			if len(v.Message.Components) > 0 {
				return true
			}
		case interact.DirectMessage:
			if len(v.Message.Components) > 0 {
				return true
			}
		}
	}
	return false
}

// withoutControls drops new DMs that carry controls and strips the
// controls from every other message.
func withoutControls(actions []interact.Action) []interact.Action {
	out := make([]interact.Action, 0, len(actions))
	for _, a := range actions {
		switch v := value(a).(type) {
		case interact.DirectMessage:
			if len(v.Message.Components) > 0 {
				continue
			}
		case interact.ChannelPost:
			v.Message.Components = nil
			a = v
		case interact.ChannelEdit:
			v.Message.Components = nil
			a = v
		}
		out = append(out, a)
	}
	return out
}

// value is a message action as a value (actions come as either).
func value(a interact.Action) interact.Action {
	switch v := a.(type) {
	case *interact.ChannelPost:
		return *v
	case *interact.ChannelEdit:
		return *v
	case *interact.DirectMessage:
		return *v
	}
	return a
}
