package interact

import (
	"context"
	"testing"
)

// TestAckGate walks the gate through the orders in which a handler's
// change, Discord's patience and the handler's return can come, and checks
// when the acknowledgement goes out: never while a change is under way.
func TestAckGate(t *testing.T) {
	type step int
	const (
		hold step = iota
		release
		due
		done
	)
	name := map[step]string{hold: "hold", release: "release", due: "due", done: "done"}
	cases := []struct {
		name  string
		steps []step
		// ackedAfter is the index of the step after which the ack went out.
		ackedAfter int
	}{
		{"handler returns", []step{done}, 0},
		{"change committed, then returns", []step{hold, release, done}, 1},
		{"patience runs out with nothing held", []step{due, done}, 0},
		{"patience runs out during a change", []step{hold, due, release, done}, 2},
		{"patience runs out after a change", []step{hold, release, due, done}, 1},
		{"a second change after patience ran out", []step{due, hold, release, done}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			acks := 0
			ctx, gate := WithAckGate(context.Background(), func() { acks++ })
			var rel func()
			for k, s := range c.steps {
				switch s {
				case hold:
					rel = Hold(ctx)
				case release:
					rel()
					rel() // releasing twice counts once
				case due:
					gate.Due()
				case done:
					gate.Done()
				}
				want := 0
				if k >= c.ackedAfter {
					want = 1
				}
				if acks != want {
					t.Fatalf("after step %d (%s): %d acks, want %d", k, name[s], acks, want)
				}
			}
			gate.Done()
			gate.Due()
			if acks != 1 || !gate.Acked() {
				t.Fatalf("%d acks in the end, want exactly 1", acks)
			}
		})
	}
}

// TestHoldWithoutGate: changes made outside an interaction (the scheduler,
// tests) hold nothing.
func TestHoldWithoutGate(t *testing.T) {
	release := Hold(context.Background())
	release()
}
