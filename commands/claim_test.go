package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// statusChange makes a change of chanA's table whose delivery edits a
// message of its own (so no later change makes it moot, see
// outbox.Coalesce) to the table's new version, and returns its Result.
func statusChange(t *testing.T, h *harness) Result {
	t.Helper()
	var d outbox.Delivery
	saved, err := h.svc.tables.Update(ctxBG, chanA, "", func(tb *table.Table, _ games.Game) error {
		tb.NewVersion()
		c := outbox.NewComposer(tb, false)
		c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: chanA, MessageID: "m" + strconv.Itoa(tb.Version)}, Message{Content: strconv.Itoa(tb.Version)})
		var err error
		if d, err = c.Done(); err != nil {
			return err
		}
		data, _, err := outbox.Encode(d, nil)
		tb.Outbox = append(tb.Outbox, data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return h.svc.out.Deliver(saved, d, nil, nil)
}

// orderedTransport carries out edits of the status message, slowly,
// failing the test when two run at once or a version goes backwards.
type orderedTransport struct {
	t        *testing.T
	busy     atomic.Int32
	mu       sync.Mutex
	versions []int
	fail     atomic.Int32 // this many next runs fail
}

func (o *orderedTransport) run(_ context.Context, actions []Action) error {
	if o.fail.Add(-1) >= 0 {
		return errors.New("discord is down")
	}
	if o.busy.Add(1) != 1 {
		o.t.Error("two deliveries of one table under way at once")
	}
	defer o.busy.Add(-1)
	for _, a := range actions {
		e, ok := a.(ChannelEdit)
		if !ok {
			continue
		}
		v, _ := strconv.Atoi(e.Message.Content)
		time.Sleep(time.Millisecond)
		o.mu.Lock()
		if n := len(o.versions); n > 0 && v <= o.versions[n-1] {
			o.t.Errorf("version %d delivered after %d", v, o.versions[n-1])
		}
		o.versions = append(o.versions, v)
		o.mu.Unlock()
	}
	return nil
}

// TestChangesCarriedOutInOrder: changes of one table made at once by
// several goroutines are carried out one at a time, in the order they
// were made, each once, and nothing is left in the outbox.
func TestChangesCarriedOutInOrder(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	o := &orderedTransport{t: t}
	o.fail.Store(-1 << 20)
	var wg sync.WaitGroup
	const workers, rounds = 4, 15
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				if err := statusChange(t, h).Carry(ctxBG, o.run); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if len(o.versions) != workers*rounds {
		t.Errorf("%d edits carried out, want %d", len(o.versions), workers*rounds)
	}
	if left, _ := h.store.Tables().Outbox(ctxBG); len(left) != 0 {
		t.Errorf("%d changes left in the outbox", len(left))
	}
}

// TestFailedChangeGoesFirst: a change whose delivery failed is carried out
// again before the table's next change (not after it, where its older
// edit would overwrite the newer), and the periodic redelivery waits
// delivery.Retry for a failed change of a table nobody changes again.
func TestFailedChangeGoesFirst(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	o := &orderedTransport{t: t}
	o.fail.Store(1)
	if err := statusChange(t, h).Carry(ctxBG, o.run); err == nil {
		t.Fatal("a failed delivery reports no error")
	}
	if err := statusChange(t, h).Carry(ctxBG, o.run); err != nil {
		t.Fatal(err)
	}
	if len(o.versions) != 2 || o.versions[1] != o.versions[0]+1 {
		t.Fatalf("versions carried out %v, want the failed one, then the next", o.versions)
	}
	o.fail.Store(1)
	if err := statusChange(t, h).Carry(ctxBG, o.run); err == nil {
		t.Fatal("a failed delivery reports no error")
	}
	if again := h.svc.out.Redeliver(ctxBG, h.now().Add(-delivery.Retry)); len(again) != 0 {
		t.Fatalf("redelivered %d changes at once, want none before %v", len(again), delivery.Retry)
	}
	h.advance(2 * delivery.Retry)
	again := h.svc.out.Redeliver(ctxBG, h.now().Add(-delivery.Retry))
	if len(again) != 1 {
		t.Fatalf("redelivered %d changes after %v, want 1", len(again), 2*delivery.Retry)
	}
	// A change made meanwhile waits for the redelivery's claim: its
	// carrier leaves it to the holder, which carries both out in order.
	if err := statusChange(t, h).Carry(ctxBG, o.run); err != nil {
		t.Fatal(err)
	}
	if len(o.versions) != 2 {
		t.Fatalf("a change overtook the redelivery: versions %v", o.versions)
	}
	if err := again[0].Carry(ctxBG, o.run); err != nil {
		t.Fatal(err)
	}
	if len(o.versions) != 4 || fmt.Sprint(o.versions[2:]) != fmt.Sprint([]int{o.versions[1] + 1, o.versions[1] + 2}) {
		t.Fatalf("versions carried out %v, want the redelivered one, then the newer", o.versions)
	}
	if left, _ := h.store.Tables().Outbox(ctxBG); len(left) != 0 {
		t.Errorf("%d changes left in the outbox", len(left))
	}
}
