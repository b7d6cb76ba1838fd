package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"

	settingsfeature "github.com/tavern-bot/tavern/features/settings"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// downStore is a store whose database cannot be reached: every call of
// its tables and settings fails as a backend fails once its retries are
// spent.
type downStore struct{ storage.Store }

func (d downStore) Tables() storage.Tables     { return downTables{d.Store.Tables()} }
func (d downStore) Settings() storage.Settings { return downSettings{d.Store.Settings()} }

type downTables struct{ storage.Tables }

type downSettings struct{ storage.Settings }

var errDown = fmt.Errorf("storage: update: %w after 5 attempts: dial tcp 10.0.0.5:5432: connect: connection refused", storage.ErrUnavailable)

func (downTables) Get(context.Context, string, ...storage.LoadOption) (*table.Table, error) {
	return nil, errDown
}
func (downTables) Create(context.Context, *table.Table) error { return errDown }
func (downTables) Update(context.Context, string, func(*table.Table) error, ...storage.LoadOption) error {
	return errDown
}
func (downTables) TablesOf(context.Context, string) ([]string, error) { return nil, errDown }
func (downSettings) User(context.Context, string) (settings.User, error) {
	return settings.User{}, errDown
}
func (downSettings) UpdateUser(context.Context, string, func(*settings.User) error) error {
	return errDown
}

// TestUnavailableDatabase: while the database cannot be reached, every
// kind of interaction is answered, in the player's language, with a "try
// again" that shows nothing of the cause, and nothing changes.
func TestUnavailableDatabase(t *testing.T) {
	tests := []struct {
		name string
		lang string
		act  func(h *harness) Result
	}{
		{"move button", "en", func(h *harness) Result { return h.click(ann, findID(h.t, h.channelMsgs(), KindMove, "leap")) }},
		{"typed move", "en", func(h *harness) Result { return h.slash(ann, CmdMove, "", OptOption, "leap") }},
		{"status", "de", func(h *harness) Result { return h.slash(bo, CmdGame, SubStatus, "") }},
		{"new table", "de", func(h *harness) Result { return h.slash(bo, CmdGame, SubNew, OptGame, tabletest.ID) }},
		{"hand", "en", func(h *harness) Result { return h.slash(ann, CmdGame, SubHand, "") }},
		{"settings", "de", func(h *harness) Result { return h.slash(bo, settingsfeature.CmdSettings, "") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			setups["turn"](h)
			before := h.table()
			posted := len(h.channel)
			restore := h.useStore(downStore{h.store})
			res := tc.act(h)
			h.wantReply(res, tc.lang, interact.KeyUnavailable)
			if len(res.Actions) != 0 {
				t.Errorf("%d actions while the database is down", len(res.Actions))
			}
			for _, secret := range []string{"10.0.0.5", "connection refused", "storage"} {
				if res.Reply != nil && strings.Contains(res.Reply.Content, secret) {
					t.Errorf("the reply %q shows %q", res.Reply.Content, secret)
				}
			}
			restore()
			after := h.table()
			if after.Version != before.Version || after.Moves != before.Moves || len(h.channel) != posted {
				t.Errorf("version %d → %d, moves %d → %d, %d new channel messages", before.Version, after.Version, before.Moves, after.Moves, len(h.channel)-posted)
			}
		})
	}
}
