package postgres_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/postgres"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
)

// TestClaimTableAcrossProcesses: processes claiming the same tables at
// once (each over its own pool) get each table's items under exactly one
// claim within its lease, oldest first; other tables' are not held.
func TestClaimTableAcrossProcesses(t *testing.T) {
	c := pgtest.Require(t)
	url := c.NewDatabase(t)
	stores := []*postgres.Store{open(t, url), open(t, url), open(t, url)}
	const channels, perChannel = 8, 3
	for ch := range channels {
		channel := fmt.Sprintf("c%d", ch)
		if err := stores[0].Tables().Create(ctx, storetest.NewTable(channel, fmt.Sprintf("t%d", ch))); err != nil {
			t.Fatal(err)
		}
		for i := range perChannel {
			if err := stores[ch%3].Tables().Update(ctx, channel, func(tb *table.Table) error {
				tb.Outbox = [][]byte{[]byte(fmt.Sprintf("%s/%d", channel, i))}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		winner = map[string]string{} // channel → claim
	)
	for k := range 6 {
		st := stores[k%3]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ch := range channels {
				channel := fmt.Sprintf("c%d", ch)
				claim := fmt.Sprintf("claim%d", k)
				items, err := st.Claims().ClaimTable(ctx, storage.OutboxTable{ChannelID: channel, TableID: "t" + channel[1:]}, claim, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if len(items) == 0 {
					continue
				}
				for i, it := range items {
					if want := fmt.Sprintf("%s/%d", channel, i); string(it.Data) != want || it.ChannelID != channel {
						t.Errorf("%s claimed %s as item %d of %s, want %s", claim, it.Data, i, channel, want)
					}
				}
				mu.Lock()
				if w, ok := winner[channel]; ok {
					t.Errorf("%s claimed by %s and %s at once", channel, w, claim)
				}
				winner[channel] = claim
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(winner) != channels {
		t.Errorf("%d channels claimed, want %d", len(winner), channels)
	}
}
