package viscounts_test

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/gamestest"
	"github.com/tavern-bot/tavern/games/search"
	"github.com/tavern-bot/tavern/games/viscounts"
)

// BenchmarkSoloDecision is one normal solo decision (the search as a
// table's bot plays it, without the wall-time cap) at fixed positions of
// policy games against the Cleric, seeds 1-10, each cut after a share of
// its moves. The search's CPU goes almost all to the policy's lookahead
// in its playouts, so this is what the rules engine's speed buys; CPU
// time, not wall time, since the machine is shared:
// go test -run '^$' -bench SoloDecision -benchmem -benchtime 20x ./games/viscounts
func BenchmarkSoloDecision(b *testing.B) {
	g := viscounts.New()
	bot, err := search.ReplayPolicy(g, search.Normal)
	if err != nil {
		b.Fatal(err)
	}
	var setups []games.Setup
	for sd := uint64(1); sd <= 10; sd++ {
		setups = append(setups, games.Setup{Players: 1, Seed: sd, Options: map[string]string{"opponent": "cleric"}})
	}
	ps := gamestest.PolicyPositions(b, g, setups)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := gamestest.CPUTime()
	for i := range b.N {
		s := ps[i%len(ps)]
		if _, ok := bot.Choose(s, s.Pending()[0].Seat, uint64(i)); !ok {
			b.Fatal("no decision")
		}
	}
	b.ReportMetric(float64(gamestest.CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
}
