package scheduler

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/interact"
)

// noIndex is an index with nothing due.
type noIndex struct{}

func (noIndex) DueBefore(context.Context, time.Time, int) ([]string, error) { return nil, nil }
func (noIndex) NextDue(context.Context) (time.Time, bool, error)            { return time.Time{}, false, nil }

// TestDueAtWakesOnlyWhenSooner: a change wakes the sleeping scheduler
// when it made something due before the moment the scheduler means to
// look, and not when it is due later; while the scheduler is awake, or
// when changes may have been missed (the zero time), it always does.
func TestDueAtWakesOnlyWhenSooner(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	s := New(noIndex{}, func() time.Time { return now }, time.Hour, nil)
	planned := now.Add(time.Minute)
	tests := []struct {
		name    string
		planned int64
		at      time.Time
		woken   bool
	}{
		{"due before the planned look", planned.UnixNano(), planned.Add(-time.Second), true},
		{"due at the planned look", planned.UnixNano(), planned, false},
		{"due later", planned.UnixNano(), planned.Add(time.Hour), false},
		{"anything may have been missed", planned.UnixNano(), time.Time{}, true},
		{"awake", 0, planned.Add(time.Hour), true},
	}
	woken := func() bool {
		select {
		case <-s.wake:
			return true
		default:
			return false
		}
	}
	for _, tc := range tests {
		s.planned.Store(tc.planned)
		s.DueAt(tc.at)
		if got := woken(); got != tc.woken {
			t.Errorf("%s: woken %v, want %v", tc.name, got, tc.woken)
		}
	}
}

// dueKeys is an index with keys due.
type dueKeys []string

func (d dueKeys) DueBefore(context.Context, time.Time, int) ([]string, error) { return d, nil }
func (dueKeys) NextDue(context.Context) (time.Time, bool, error)              { return time.Time{}, false, nil }

// TestTickHandsEachKeyToItsKind: a key goes to the first registered kind
// that claims it, any other to the kind claiming the rest, in the order
// the index lists them.
func TestTickHandsEachKeyToItsKind(t *testing.T) {
	var fired []string
	kind := func(name string, claims func(string) bool) Kind {
		return Kind{Claims: claims, Fire: func(_ context.Context, key string, _ time.Time) []interact.Result {
			fired = append(fired, name+":"+key)
			return []interact.Result{{}}
		}}
	}
	s := New(dueKeys{"c1", "tour/7", "c2"}, time.Now, time.Hour, nil)
	s.Register(kind("table", nil))
	s.Register(kind("tournament", func(key string) bool { return strings.HasPrefix(key, "tour/") }))
	res := s.Tick(context.Background())
	if want := []string{"table:c1", "tournament:tour/7", "table:c2"}; !slices.Equal(fired, want) || len(res) != 3 {
		t.Errorf("fired %v with %d results, want %v and 3", fired, len(res), want)
	}
}

// TestApartRunsAtOnceUnlessRunning: without a running loop (a Tick
// called alone) work apart runs at once and its changes come back; while
// Run runs, Apart returns none and the loop carries the changes out.
func TestApartRunsAtOnceUnlessRunning(t *testing.T) {
	change := interact.Result{Actions: []interact.Action{interact.ChannelPost{ChannelID: "c1"}}}
	work := func() []interact.Result { return []interact.Result{change} }
	s := New(noIndex{}, time.Now, time.Hour, nil)
	if got := s.Apart(t.Context(), work); len(got) != 1 {
		t.Fatalf("not running: Apart returned %d changes, want 1", len(got))
	}

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	carried := make(chan int, 1)
	started := make(chan struct{})
	s.OnStart(func(context.Context, Run) { close(started) })
	go s.Run(ctx, func(_ context.Context, actions []interact.Action) error {
		carried <- len(actions)
		return nil
	})
	<-started
	if got := s.Apart(ctx, work); len(got) != 0 {
		t.Errorf("running: Apart returned %d changes, want none (the loop carries them)", len(got))
	}
	select {
	case n := <-carried:
		if n != 1 {
			t.Errorf("the loop carried %d actions, want 1", n)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the running loop never carried the change made apart")
	}
}

// TestRunCarriesEachChangeAsItFires: the running scheduler carries out a
// due key's change as soon as the key has fired, while the rest of its
// batch is still firing, so that after a restart the first due event is
// told without waiting for a thousand others; the changes are carried out
// in the order they were made.
func TestRunCarriesEachChangeAsItFires(t *testing.T) {
	post := func(ch string) interact.Result {
		return interact.Result{Actions: []interact.Action{interact.ChannelPost{ChannelID: ch}}}
	}
	carried := make(chan string, 3)
	firstCarried := make(chan struct{})
	var waited bool
	s := New(dueKeys{"c1", "c2", "c3"}, time.Now, time.Hour, nil)
	s.Register(Kind{Fire: func(ctx context.Context, key string, _ time.Time) []interact.Result {
		if key == "c2" { // the batch goes on only once c1's change is out
			select {
			case <-firstCarried:
				waited = true
			case <-time.After(30 * time.Second):
			case <-ctx.Done():
			}
		}
		return []interact.Result{post(key)}
	}})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go s.Run(ctx, func(_ context.Context, actions []interact.Action) error {
		ch := actions[0].(interact.ChannelPost).ChannelID
		if ch == "c1" {
			close(firstCarried)
		}
		carried <- ch
		return nil
	})
	var order []string
	for range 3 {
		order = append(order, <-carried)
	}
	cancel()
	if !waited {
		t.Error("c1's change was carried out only after the rest of the batch fired")
	}
	if want := []string{"c1", "c2", "c3"}; !slices.Equal(order, want) {
		t.Errorf("carried %v, want %v", order, want)
	}
}
