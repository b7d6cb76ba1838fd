package delivery

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/render"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tables"
)

const testChannel = "c100"

// burst is a table whose changes are staged by hand, each a board telling
// "move N" with buttons, the status edited and a DM asking one seat.
type burst struct {
	t      *testing.T
	store  storage.Store
	carrie *Carrier
	drawn  atomic.Int32 // boards drawn
	now    time.Time
	// retire, when set, makes each change also clear that message's
	// buttons; onDraw, when set, is called as a board is drawn.
	retire string
	onDraw func()
}

func newBurst(t *testing.T) *burst {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	reg, err := games.NewRegistry(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	b := &burst{t: t, store: store, now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	now := func() time.Time { return b.now }
	tb := table.New(table.Params{ID: "t1", ChannelID: testChannel, GameID: tabletest.ID, Lang: "en",
		Host: table.Seat{UserID: "u1", Name: "Ann"}, Seed: 1, Now: b.now})
	g, _ := reg.Get(tabletest.ID)
	if err := tb.Lobby().Join(g.Info(), table.Seat{UserID: "u2", Name: "Bo", Lang: "en"}, b.now); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Lobby().Start(g, "u1", b.now); err != nil {
		t.Fatal(err)
	}
	if err := store.Tables().Create(context.Background(), tb); err != nil {
		t.Fatal(err)
	}
	b.carrie = New(Deps{Store: store.Tables(), Games: reg, Render: render.NewPool(2), Now: now,
		Tables: tables.New(store.Tables(), reg, now, func() uint64 { return 1 }, nil, tables.Hooks{}),
		Picture: func(t *table.Table, _ games.Game, _ games.State, p outbox.Picture) Picture {
			return Picture{Name: p.Name, Viewer: p.Viewer, Draw: func() ([]byte, error) {
				if p.Viewer == games.Public {
					b.drawn.Add(1)
					if b.onDraw != nil {
						b.onDraw()
					}
				}
				return []byte(fmt.Sprint("v", t.Version)), nil
			}}
		}})
	return b
}

// change stages the table's next change and returns it as its Result.
func (b *burst) change() interact.Result {
	b.t.Helper()
	var (
		d     outbox.Delivery
		saved *table.Table
	)
	err := b.store.Tables().Update(context.Background(), testChannel, func(tb *table.Table) error {
		tb.NewVersion()
		c := outbox.NewComposer(tb, true)
		told := fmt.Sprintf("move %d", tb.Version)
		m := interact.Message{Content: told + "\n<@u1>: your turn", Mentions: []string{"u1"}}
		c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: testChannel, Picture: &outbox.Picture{Viewer: games.Public, Name: "board.png"},
			Remember: outbox.RememberBoard, Told: outbox.ToldBytes(m.Content, []string{told})}, interact.Message{Content: m.Content, Mentions: m.Mentions})
		c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: testChannel, MessageID: "status", Remember: outbox.RememberStatus}, interact.Message{Content: "status " + told})
		c.Add(outbox.Post{Kind: outbox.KindDM, UserID: "u1", Remember: outbox.RememberDM, Picture: &outbox.Picture{Viewer: 0, Name: "hand.png"}}, interact.Message{Content: "decide " + told})
		if b.retire != "" {
			c.Add(outbox.Post{Kind: outbox.KindClear, ChannelID: "dm-u2", MessageID: b.retire}, interact.Message{})
		}
		d, _ = c.Done()
		data, _, err := outbox.Encode(d, nil)
		if err != nil {
			return err
		}
		tb.Outbox = append(tb.Outbox, data)
		saved = tb
		return nil
	})
	if err != nil {
		b.t.Fatal(err)
	}
	return b.carrie.Deliver(saved, d, nil, nil)
}

// carried records what a transport carried out.
type carried struct {
	mu      sync.Mutex
	actions []interact.Action
	runs    int
}

func (c *carried) run(_ context.Context, actions []interact.Action) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.runs++
	for _, a := range actions {
		switch a := a.(type) {
		case interact.ChannelPost:
			if a.OnSent != nil {
				a.OnSent(fmt.Sprint("p", len(c.actions)))
			}
		case interact.DirectMessage:
			if a.OnSent != nil {
				a.OnSent("dm-"+a.UserID, fmt.Sprint("d", len(c.actions)))
			}
		}
		c.actions = append(c.actions, a)
	}
	return nil
}

// TestBurstPostsTheNewestBoard: changes of one table queued while none was
// carried out (the transport was behind, or the process restarted) are
// carried out as one: one board drawn and posted, telling every commit in
// order, one status edit, the seat's newest decision alone; all of them
// leave the outbox, and the table remembers the newest board.
func TestBurstPostsTheNewestBoard(t *testing.T) {
	b := newBurst(t)
	var results []interact.Result
	for range 3 {
		results = append(results, b.change()) // none carried out yet
	}
	if b.drawn.Load() != 0 {
		t.Fatalf("%d boards drawn before anything was carried out", b.drawn.Load())
	}
	var c carried
	for _, res := range results {
		if err := res.Carry(context.Background(), c.run); err != nil {
			t.Fatal(err)
		}
	}
	var boards, edits, dms []string
	for _, a := range c.actions {
		switch a := a.(type) {
		case interact.ChannelPost:
			boards = append(boards, a.Message.Content+fmt.Sprintf(" %d file(s)", len(a.Message.Files)))
		case interact.ChannelEdit:
			edits = append(edits, a.Message.Content)
		case interact.DirectMessage:
			dms = append(dms, a.Message.Content)
		}
	}
	tb, err := b.store.Tables().Get(context.Background(), testChannel)
	if err != nil {
		t.Fatal(err)
	}
	v := tb.Version
	want := fmt.Sprintf("move %d\nmove %d\nmove %d\n<@u1>: your turn 1 file(s)", v-2, v-1, v)
	if len(boards) != 1 || boards[0] != want {
		t.Errorf("boards posted %q, want one: %q", boards, want)
	}
	if n := b.drawn.Load(); n != 1 {
		t.Errorf("%d boards drawn, want 1", n)
	}
	if len(edits) != 1 || edits[0] != fmt.Sprintf("status move %d", v) {
		t.Errorf("status edits %q, want the newest alone", edits)
	}
	if len(dms) != 1 || dms[0] != fmt.Sprintf("decide move %d", v) {
		t.Errorf("DMs %q, want the newest decision alone", dms)
	}
	if left, _ := b.store.Tables().Outbox(context.Background()); len(left) != 0 {
		t.Errorf("%d items left in the outbox", len(left))
	}
	if len(tb.LiveBoards) != 1 || tb.LiveBoards[0].Version != v {
		t.Errorf("live boards %+v, want the posted one at version %d", tb.LiveBoards, v)
	}
}

// TestBurstWhileCarrying: changes made while the table's previous change
// is being carried out wait for it, and are then carried out together by
// its carrier (theirs return at once): the table never has more than one
// board waiting to be drawn, and each change is carried out once, in
// order.
func TestBurstWhileCarrying(t *testing.T) {
	b := newBurst(t)
	first := b.change()
	inside, release := make(chan struct{}), make(chan struct{})
	var c carried
	var once sync.Once
	slow := func(ctx context.Context, actions []interact.Action) error {
		once.Do(func() { close(inside); <-release })
		return c.run(ctx, actions)
	}
	done := make(chan error)
	go func() { done <- first.Carry(context.Background(), slow) }()
	<-inside
	for range 4 {
		if err := b.change().Carry(context.Background(), c.run); err != nil {
			t.Fatal(err)
		}
	}
	if c.runs != 0 {
		t.Fatalf("%d changes carried out beside the table's carrier", c.runs)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if c.runs != 2 || b.drawn.Load() != 2 {
		t.Errorf("%d runs and %d boards drawn, want 2 and 2 (the first change, then the four queued as one)", c.runs, b.drawn.Load())
	}
	var posted []string
	for _, a := range c.actions {
		if p, ok := a.(interact.ChannelPost); ok {
			posted = append(posted, strings.ReplaceAll(p.Message.Content, "\n", "|"))
		}
	}
	v := b.version()
	want := []string{fmt.Sprintf("move %d|<@u1>: your turn", v-4), fmt.Sprintf("move %d|move %d|move %d|move %d|<@u1>: your turn", v-3, v-2, v-1, v)}
	if strings.Join(posted, " / ") != strings.Join(want, " / ") {
		t.Errorf("boards %q, want %q", posted, want)
	}
	if left, _ := b.store.Tables().Outbox(context.Background()); len(left) != 0 {
		t.Errorf("%d items left in the outbox", len(left))
	}
}

func (b *burst) version() int {
	tb, err := b.store.Tables().Get(context.Background(), testChannel)
	if err != nil {
		b.t.Fatal(err)
	}
	return tb.Version
}

// TestControlsGoBeforeDrawing: a change's controls that are over (a
// decision's DM cleared, a game's end) are taken away before its pictures
// are drawn, once, so nothing stays clickable while the board is drawn.
func TestControlsGoBeforeDrawing(t *testing.T) {
	for _, queued := range []int{1, 3} {
		t.Run(fmt.Sprintf("%d changes", queued), func(t *testing.T) {
			b := newBurst(t)
			b.retire = "old-dm"
			var (
				c            carried
				clearedFirst bool
			)
			b.onDraw = func() {
				c.mu.Lock()
				defer c.mu.Unlock()
				for _, a := range c.actions {
					if cl, ok := a.(interact.ClearButtons); ok && cl.MessageID == "old-dm" {
						clearedFirst = true
					}
				}
			}
			var results []interact.Result
			for range queued {
				results = append(results, b.change())
			}
			for _, res := range results {
				if err := res.Carry(context.Background(), c.run); err != nil {
					t.Fatal(err)
				}
			}
			if !clearedFirst {
				t.Error("the board was drawn before the old DM's buttons were cleared")
			}
			var clears, boards int
			for _, a := range c.actions {
				switch a := a.(type) {
				case interact.ClearButtons:
					clears++
				case interact.ChannelPost:
					if len(a.Message.Files) != 1 {
						t.Errorf("the board was posted with %d files", len(a.Message.Files))
					}
					boards++
				}
			}
			if clears != 1 || boards != 1 {
				t.Errorf("%d clears and %d boards carried out, want one each", clears, boards)
			}
		})
	}
}
