package budget_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot"
	"github.com/tavern-bot/tavern/bot/budget"
	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// fleetLoad is what each of the three workers posts: posters channels at
// once, posts messages each, as fast as the worker's budget lets it.
const (
	fleetWorkers = 3
	posters      = 8
	posts        = 8
)

// TestFleetSharesTheGlobalBudget runs three workers (each its own
// PostgreSQL pool, budget and discordgo session, as three processes have)
// against a fake Discord enforcing the global limit of 50 requests per
// second. Each pacing itself alone, together they go past the limit: the
// fake counts more than 50 requests in a second, or answers 429. Sharing
// the budget through the database, no second holds more than 50 and
// none is refused, and every post arrives.
func TestFleetSharesTheGlobalBudget(t *testing.T) {
	c := pgtest.Require(t)
	url := c.NewDatabase(t)
	ledgers := make([]budget.Ledger, fleetWorkers)
	for k := range ledgers {
		s, err := postgres.Open(context.Background(), postgres.Options{URL: url, MaxConns: 4})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close() })
		ledgers[k] = s
	}

	t.Run("alone", func(t *testing.T) {
		fake := fakediscord.New(t)
		fake.EnforceGlobalLimit(fakediscord.DefaultGlobalLimit)
		runFleet(t, fake, func(int) budget.Ledger { return nil })
		busiest, limited := busiestSecond(fake), fake.GlobalRateLimited()
		t.Logf("each worker alone: the busiest second held %d requests, %d answered 429", busiest, limited)
		if busiest <= fakediscord.DefaultGlobalLimit && limited == 0 {
			t.Fatalf("three workers pacing themselves alone stayed within the global limit (busiest second %d): the load does not test the shared budget", busiest)
		}
	})
	t.Run("shared", func(t *testing.T) {
		fake := fakediscord.New(t)
		fake.EnforceGlobalLimit(fakediscord.DefaultGlobalLimit)
		start, trips := time.Now(), roundTrips(ledgers)
		runFleet(t, fake, func(k int) budget.Ledger { return ledgers[k] })
		busiest, limited := busiestSecond(fake), fake.GlobalRateLimited()
		requests := fleetWorkers * posters * posts
		t.Logf("shared budget: %d requests in %v, %.2f round trips to PostgreSQL each; the busiest second held %d, %d answered 429; per second %v",
			requests, time.Since(start).Round(time.Millisecond), float64(roundTrips(ledgers)-trips)/float64(requests), busiest, limited, seconds(fake))
		if busiest > fakediscord.DefaultGlobalLimit || limited > 0 {
			t.Errorf("sharing the budget, the busiest second held %d requests (limit %d) and %d were answered 429 for the global limit",
				busiest, fakediscord.DefaultGlobalLimit, limited)
		}
	})
}

// runFleet posts the fleet's load through three workers whose budgets
// keep their ledgers (nil: each its own), and checks every post arrived.
func runFleet(t *testing.T, fake *fakediscord.Fake, ledger func(k int) budget.Ledger) {
	t.Helper()
	ctx := context.Background()
	pace := budget.PaceFor(fakediscord.DefaultGlobalLimit)
	var wg sync.WaitGroup
	for k := range fleetWorkers {
		lim := budget.NewLimiter(ledger(k), pace, nil)
		s, err := bot.NewSession("fleet-token", fake.APIURL(), bot.WithBudget(lim))
		if err != nil {
			t.Fatal(err)
		}
		exec := bot.NewExecutor(s, nil)
		for p := range posters {
			wg.Go(func() {
				for m := range posts {
					post := interact.ChannelPost{ChannelID: channel(k, p), Message: interact.Message{Content: fmt.Sprintf("post %d", m)}}
					if err := exec.Run(ctx, []interact.Action{post}); err != nil {
						t.Errorf("worker %d, channel %d, post %d: %v", k, p, m, err)
					}
				}
			})
		}
	}
	wg.Wait()
	for k := range fleetWorkers {
		for p := range posters {
			if got := len(fake.Channels.Messages(channel(k, p))); got != posts {
				t.Errorf("worker %d's channel %d holds %d posts, want %d", k, p, got, posts)
			}
		}
	}
}

// roundTrips counts the ledgers' round trips to PostgreSQL so far.
func roundTrips(ledgers []budget.Ledger) int64 {
	n := int64(0)
	for _, l := range ledgers {
		n += l.(*postgres.Store).Stats().RoundTrips
	}
	return n
}

func channel(worker, poster int) string { return fmt.Sprintf("71%04d%012d", worker, poster) }

// busiestSecond is the most requests under the global limit the fake saw
// arrive within one second.
func busiestSecond(fake *fakediscord.Fake) int {
	busiest := 0
	for _, n := range fake.PerSecond() {
		busiest = max(busiest, n)
	}
	return busiest
}

// seconds are the fake's counts per second, in order.
func seconds(fake *fakediscord.Fake) []int {
	per := fake.PerSecond()
	var secs []int64
	for s := range per {
		secs = append(secs, s)
	}
	slices.Sort(secs)
	out := make([]int, len(secs))
	for i, s := range secs {
		out[i] = per[s]
	}
	return out
}
