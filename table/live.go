package table

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/table/live"
)

// Live is the table's messages that still carry buttons: the status and
// lobby messages, boards, DMs and stale buttons to clear.
type Live struct{ t *Table }

// Live is the table's live messages.
func (t *Table) Live() Live { return Live{t} }

// SetStatusMessage remembers the live status message once it is posted.
func (li Live) SetStatusMessage(id string, now time.Time) {
	t := li.t
	t.StatusMessageID = id
	t.touch(now)
}

// SetLobbyMessage remembers the lobby message once it is posted.
func (li Live) SetLobbyMessage(id string, now time.Time) {
	t := li.t
	t.LobbyMessageID = id
	t.touch(now)
}

// Add remembers posted messages that carry buttons: boards, and DMs
// by user id (a user who left the table is skipped). One that comes too
// late (a board older than the newest one composed, anything once the
// game ended) is stale: it is queued for the scheduler to clear.
func (li Live) Add(boards []live.Ref, dms map[string][]live.Ref, now time.Time) {
	t := li.t
	ended := t.Status != StatusPlaying
	var stale []live.Ref
	for _, b := range boards {
		if ended || b.Version < t.BoardVersion {
			stale = append(stale, b)
		} else {
			t.LiveBoards.Add(b)
		}
	}
	for user, refs := range dms {
		seat := t.SeatOf(user)
		switch {
		case ended:
			stale = append(stale, refs...)
		case seat >= 0:
			t.Seats[seat].LiveDMs.Add(refs...)
		}
	}
	if len(stale) > 0 {
		t.StaleButtons.Add(stale...)
		t.Due = append(t.Due, Due{At: now, Kind: DueTidy})
	}
}

// TakeStaleButtons returns the messages queued for clearing and forgets
// them, with their due event.
func (li Live) TakeStaleButtons() live.Refs {
	t := li.t
	out := t.StaleButtons.Take()
	li.settleTidy()
	return out
}

// settleTidy drops the tidy due event once nothing is left for it.
func (li Live) settleTidy() {
	t := li.t
	if len(t.StaleButtons) == 0 && !t.ClosedVotes.Known() {
		t.Due = slices.DeleteFunc(t.Due, func(d Due) bool { return d.Kind == DueTidy })
	}
}
