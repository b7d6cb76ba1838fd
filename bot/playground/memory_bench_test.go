package playground

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// memoryNow is the heap in use and the process's resident memory after a
// forced collection that also returns freed memory to the system, in MB.
func memoryNow() (heapMB, rssMB float64) {
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapInuse) / (1 << 20), residentMB()
}

// residentMB reads VmRSS from /proc (0 where there is none).
func residentMB() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if f := bytes.Fields(sc.Bytes()); len(f) >= 2 && string(f[0]) == "VmRSS:" {
			kb, _ := strconv.ParseFloat(string(f[1]), 64)
			return kb / 1024
		}
	}
	return 0
}

// BenchmarkMemoryAfterPlay measures what the playground keeps after play:
// each iteration plays a whole three-player game of every game through the
// page's API (real rules, boards, store), draws its replay and asks for
// /game replay, as an hour of four players' games did in issue 31. It
// reports the heap in use and the resident memory after a forced GC before
// play and after the last round, and the pictures the pretend Discord
// holds (bounded by pictureBudget); per-round figures are logged. After the
// first round the heap should stay flat: what remains beyond the start is
// the pictures' budget and the renderers' bounded caches (sprites, font
// faces, recycled pixels), filled by the first games drawn.
//
//	go test ./bot/playground -run '^$' -bench MemoryAfterPlay -benchtime 3x -v
func BenchmarkMemoryAfterPlay(b *testing.B) {
	ls := newLineupServer(b)
	ctx := context.Background()
	rng := games.NewRNG(1)
	heap0, rss0 := memoryNow()
	b.Logf("start: heap in use %.0f MB, resident %.0f MB", heap0, rss0)
	round, heap1 := 0, 0.0
	for b.Loop() {
		for _, id := range ls.reg.IDs() {
			ls.open(b, tab1, id, []User{ada, bruno, clara}, "")
			ls.playToEnd(b, tab1, rng)
			for _, res := range ls.svc.DrawReplays(ctx) {
				_ = res.Carry(ctx, ls.Run)
			}
			mustCommand(b, ls.Server, ada.ID, tab1, "/game replay")
		}
		b.StopTimer()
		heap, rss := memoryNow()
		files, pictureBytes, msgs := ls.world.holding()
		b.Logf("after round %d: heap in use %.0f MB, resident %.0f MB; the pretend Discord holds %d messages, %d files of %.0f MB",
			round, heap, rss, msgs, files, float64(pictureBytes)/(1<<20))
		if round == 0 {
			heap1 = heap
		}
		round++
		b.StartTimer()
	}
	b.StopTimer()
	heap, rss := memoryNow()
	_, pictureBytes, _ := ls.world.holding()
	b.ReportMetric(heap0, "start-heap-MB")
	b.ReportMetric(rss0, "start-rss-MB")
	b.ReportMetric(heap1, "first-round-heap-MB")
	b.ReportMetric(heap, "end-heap-MB")
	b.ReportMetric(rss, "end-rss-MB")
	b.ReportMetric(float64(pictureBytes)/(1<<20), "pictures-MB")
}
