package playground

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
)

// TestDMDecisionsStayFindable plays two Zauberschwert tables at once with
// Ada at both, over the real service, so that each table's DMs to her
// arrive between the other's: after every move, a decision a move changed
// in a DM is the newest message there (answered in place while it was, or
// posted anew at the bottom and the old one deleted), and no one has two
// DMs offering one table's decision. It fails unless some decision was
// posted anew, the case this is about.
func TestDMDecisionsStayFindable(t *testing.T) {
	reg, err := games.NewRegistry(zauberschwert.New())
	if err != nil {
		t.Fatal(err)
	}
	ls := newServiceServer(t, reg, false)
	ls.open(t, tab1, "zauberschwert", []User{ada, bruno}, "")
	ls.open(t, tab2, "zauberschwert", []User{ada, clara}, "")
	tables := map[string]string{}
	for _, ch := range []string{tab1, tab2} {
		tb, _ := ls.state(t, ch)
		tables[ch] = tb.ID
	}
	rng := games.NewRNG(11)
	resurfaced := 0
	for moves := 0; moves < 2*games.SimMaxMoves; moves++ {
		var ch string
		var tn turn
		found := false
		first := rng.IntN(2)
		for k := range 2 {
			ch = []string{tab1, tab2}[(first+k)%2]
			if tn, found = ls.nextTurn(t, ch, rng); found {
				break
			}
		}
		if !found {
			break // both games are over
		}
		version := ls.world.currentVersion()
		removed := ls.world.removedPublic(ada.ID)
		ls.play(t, ch, tn)
		resurfaced += ls.world.removedPublic(ada.ID) - removed
		for _, u := range []User{ada, bruno, clara} {
			ls.checkDecisionsFindable(t, u, version, tables)
		}
		if t.Failed() {
			t.Fatalf("after move %d (%q by %s at %s)", moves, tn.move, tn.userID, ch)
		}
	}
	if resurfaced == 0 {
		t.Error("no DM decision of Ada's was buried and posted anew: the test did not reach what it checks")
	}
	t.Logf("%d of Ada's DM decisions posted anew at the bottom", resurfaced)
}

// checkDecisionsFindable: in u's DMs, every message a change since version
// left with controls is the newest public message, and each table has at
// most one DM offering its decision.
func (ls lineupServer) checkDecisionsFindable(t *testing.T, u User, version uint64, tables map[string]string) {
	t.Helper()
	ch := dm(t, ls.Server, u.ID)
	ls.world.mu.Lock()
	defer ls.world.mu.Unlock()
	var public []*message
	for _, m := range ls.world.channels[ch].Messages {
		if m.EphemeralFor == "" {
			public = append(public, m)
		}
	}
	live := map[string]int{}
	for i, m := range public {
		tableCh, tableID, ok := controlsOf(m)
		if !ok {
			continue
		}
		if tables[tableCh] == tableID {
			live[tableCh]++
		}
		if m.Version > version && i != len(public)-1 {
			t.Errorf("%s's DM decision %q changed under %d later messages", u.Name, firstLine(m.Content), len(public)-1-i)
		}
	}
	for tableCh, n := range live {
		if n > 1 {
			t.Errorf("%s has %d DMs offering the decision of the table in %s", u.Name, n, tableCh)
		}
	}
}

func (w *world) currentVersion() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.version
}

// removedPublic counts the public messages deleted from userID's DMs.
func (w *world) removedPublic(userID string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, r := range w.channels[w.dmOf[userID]].Removed {
		if r.For == "" {
			n++
		}
	}
	return n
}
