package bot_test

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkInteraction measures one move, from the INTERACTION_CREATE the
// fake gateway sends to the last REST call of its result (ack, reply, board
// image, status edit, DMs), with the real service, bbolt store and (outside
// race builds) the real renderer. Choosing the move is not timed.
func BenchmarkInteraction(b *testing.B) {
	var took []time.Duration
	var g *game
	for b.Loop() {
		b.StopTimer()
		if g == nil {
			g = newGame(b, newLiveWorld(b, false), zauberschwertSpec())
			g.open()
		}
		i, _, ok := g.next()
		if !ok {
			g = nil
			b.StartTimer()
			continue
		}
		b.StartTimer()
		start := time.Now()
		g.w.tr.deliver(b, i)
		took = append(took, time.Since(start))
	}
	if len(took) == 0 {
		return
	}
	slices.Sort(took)
	p := func(q float64) float64 {
		return float64(took[min(len(took)-1, int(q*float64(len(took))))].Microseconds()) / 1000
	}
	b.ReportMetric(p(0.50), "p50-ms")
	b.ReportMetric(p(0.99), "p99-ms")
}
