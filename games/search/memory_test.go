package search_test

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/search"
)

// midGame is a position halfway through a game the heuristic plays for
// every seat (the kind of game a bot is in, unlike a random one), moved
// on to the first prompt with a choice, and the seat that has it.
func midGame(tb testing.TB, g games.Game, players int, seed uint64) (games.State, int) {
	tb.Helper()
	setup := games.DefaultSetup(g, players, seed)
	pol := games.PolicyOf(g)
	moves, _, err := games.PlayWith(g, setup, games.NewRNG(seed), games.SimMaxMoves, func(s games.State, p games.Prompt, n int) (string, bool) {
		return pol.Choose(s, p.Seat, games.PolicySeed(seed, n, p.Seat))
	}, nil)
	if err != nil {
		tb.Fatalf("%s: heuristic game %d: %v", g.Info().ID, seed, err)
	}
	for cut := len(moves) / 2; cut < len(moves); cut++ {
		s, err := games.Replay(g, setup, moves[:cut])
		if err != nil {
			tb.Fatal(err)
		}
		for _, p := range s.Pending() {
			if len(p.Options) > 1 {
				return s, p.Seat
			}
		}
	}
	tb.Fatalf("%s: no choice after the middle of game %d", g.Info().ID, seed)
	return nil, 0
}

// heapUse is what one call did to the heap: the most its objects grew
// beyond what they were before (garbage not yet collected included: what
// the process must hold), the most the live heap grew at any collection
// during it, and the bytes it allocated.
type heapUse struct {
	peak, live, alloc uint64
}

// measureHeap runs f once, sampling the heap every 200µs beside it.
// runtime/metrics reads without stopping the world, so the sampling does
// not change what it measures.
func measureHeap(f func()) heapUse {
	samples := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/gc/heap/live:bytes"},
		{Name: "/gc/heap/allocs:bytes"},
	}
	read := func() (objects, live, allocs uint64) {
		metrics.Read(samples)
		return samples[0].Value.Uint64(), samples[1].Value.Uint64(), samples[2].Value.Uint64()
	}
	runtime.GC()
	objects0, live0, allocs0 := read()
	var (
		mu         sync.Mutex
		maxObjects = objects0
		maxLive    = live0
	)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		local := make([]metrics.Sample, len(samples))
		copy(local, samples)
		tick := time.NewTicker(200 * time.Microsecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(local)
			mu.Lock()
			maxObjects = max(maxObjects, local[0].Value.Uint64())
			maxLive = max(maxLive, local[1].Value.Uint64())
			mu.Unlock()
		}
	})
	f()
	objects1, live1, allocs1 := read()
	close(done)
	wg.Wait()
	maxObjects, maxLive = max(maxObjects, objects1), max(maxLive, live1)
	return heapUse{peak: maxObjects - objects0, live: maxLive - live0, alloc: allocs1 - allocs0}
}

// BenchmarkSearchMemory is one search decision's memory on its own, per
// game, strength and player count, at a mid-game position of a game the
// heuristic plays (midGame), with the budget a table's bot has but
// without the wall-time cap: MB/search is the most the heap grew during
// one search (the figure the 64 MB bound is about), live-MB/search the
// most the live heap grew at a collection during it, alloc-MB/search
// what it allocated. Each iteration is another game's position (seed
// 1+i), so -benchtime Nx measures N positions and reports the largest
// growth and the mean allocation.
// go test -run '^$' -bench SearchMemory -benchtime 5x ./games/search
func BenchmarkSearchMemory(b *testing.B) {
	for _, g := range allGames(b) {
		for _, players := range []int{1, 2} {
			if players < g.Info().MinPlayers || players > g.Info().MaxPlayers {
				continue
			}
			for _, st := range []search.Strength{search.Normal, search.Strong} {
				b.Run(fmt.Sprintf("%s/%dp/%s", g.Info().ID, players, st), func(b *testing.B) {
					bot, err := search.ReplayPolicy(g, st)
					if err != nil {
						b.Fatal(err)
					}
					var worst heapUse
					var alloc uint64
					for i := 0; i < b.N; i++ {
						b.StopTimer()
						s, seat := midGame(b, g, players, uint64(1+i))
						b.StartTimer()
						var ok bool
						use := measureHeap(func() { _, ok = bot.Choose(s, seat, uint64(i)) })
						if !ok {
							b.Fatal("no decision")
						}
						worst.peak, worst.live = max(worst.peak, use.peak), max(worst.live, use.live)
						alloc += use.alloc
					}
					const mb = 1 << 20
					b.ReportMetric(float64(worst.peak)/mb, "MB/search")
					b.ReportMetric(float64(worst.live)/mb, "live-MB/search")
					b.ReportMetric(float64(alloc)/float64(b.N)/mb, "alloc-MB/search")
				})
			}
		}
	}
}
