package dungeondesigner

import (
	"fmt"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

func TestSoloBuildRunesAndDraws(t *testing.T) {
	s := newTest(t, 1, 21, map[string]string{"solo": "normal"})
	card := testComps.JaelCard(s.Jael.current())
	for pass, wantHand := range []int{4, 3, 2} {
		st := s.Seats[0]
		hand := append([]int(nil), st.Hand...)
		play, keep := hand[0], hand[1]
		mustApply(t, s, 0, fmt.Sprintf("pick:%d:c%d", play, pass+1))
		if p, _ := games.PromptFor(s, 0); p.Text.Key != "dd.prompt.keep" {
			t.Fatalf("pass %d: no keep prompt", pass+1)
		}
		pile, discard := len(s.Jael.Pile), len(s.Discard)
		out := mustApply(t, s, 0, fmt.Sprintf("second:%d", keep))
		if !out.Revealed {
			t.Error("solo pick not revealed")
		}
		wantPile := 0
		for _, id := range hand[2:] {
			if contains(card.Runes, testComps.Room(id).Rune) {
				wantPile++
				if !containsInt(s.Jael.Pile, id) {
					t.Errorf("room %d with a matching rune not in Jael's pile", id)
				}
			} else if !containsInt(s.Discard, id) {
				t.Errorf("room %d without a matching rune not discarded", id)
			}
		}
		if len(s.Jael.Pile)-pile != wantPile || len(s.Discard)-discard != len(hand)-2-wantPile {
			t.Errorf("pass %d: pile +%d discard +%d", pass+1, len(s.Jael.Pile)-pile, len(s.Discard)-discard)
		}
		if len(st.Hand) != wantHand || !containsInt(st.Hand, keep) {
			t.Errorf("pass %d: hand %v, want %d cards with the kept room", pass+1, st.Hand, wantHand)
		}
	}
	pile := len(s.Jael.Pile)
	mustApply(t, s, 0, firstPick(t, s, 0))
	if s.Phase != PhaseImprove || len(s.Jael.Pile) != pile {
		t.Errorf("pass 4: phase %s, pile grew by %d", s.Phase, len(s.Jael.Pile)-pile)
	}
}

// soloMarket plays a solo game to the market of the first year.
func soloMarket(t *testing.T, seed uint64) *State {
	t.Helper()
	s := newTest(t, 1, seed, map[string]string{"solo": "normal"})
	playBuild(t, s)
	return s
}

func TestSoloGoldComparison(t *testing.T) {
	s := soloMarket(t, 22)
	j := testComps.JaelCard(s.Jael.current())
	st := s.Seats[0]
	// Reset the comparison and give the player more gold than Jael.
	s.Jael.Triggered = false
	st.Gold = j.Gold + 1
	s.Jael.Tiles = nil
	tasks := append([]int(nil), s.TaskOpen...)
	if ev := s.jaelCompare(); ev != nil || s.Jael.Triggered {
		t.Fatal("Jael collected although the player has more gold")
	}
	// Equal gold triggers: Jael takes the parts on its card, the lowest task goes.
	st.Gold = j.Gold
	want := 0
	for _, col := range j.Collect {
		want += len(*s.Stalls[col.Stall-1].part(col.Part == "lower"))
	}
	s.jaelCompare()
	low := tasks[0]
	for _, n := range tasks {
		low = min(low, n)
	}
	if !s.Jael.Triggered || len(s.Jael.Tiles) != want || containsInt(s.TaskOpen, low) || len(s.TaskOpen) != len(tasks)-1 {
		t.Fatalf("trigger: %d tiles (want %d), tasks %v (lowest %d)", len(s.Jael.Tiles), want, s.TaskOpen, low)
	}
	for _, col := range j.Collect {
		if len(*s.Stalls[col.Stall-1].part(col.Part == "lower")) != 0 {
			t.Error("collected part still on the market")
		}
	}
	// Only once a year.
	n := len(s.Jael.Tiles)
	st.Gold = 0
	s.jaelCompare()
	if len(s.Jael.Tiles) != n {
		t.Error("Jael collected twice in one year")
	}
}

func TestSoloComparisonAfterPurchase(t *testing.T) {
	s := soloMarket(t, 23)
	j := testComps.JaelCard(s.Jael.current())
	st := s.Seats[0]
	s.Jael.Triggered, s.Jael.Tiles = false, nil
	cost := testComps.Stall(s.Stalls[0].ID).Upper.Cost
	st.Gold = j.Gold + cost // after buying: exactly Jael's gold
	mustApply(t, s, 0, "buy:1:u")
	if s.Jael.Triggered {
		t.Fatal("compared before the tiles were placed")
	}
	for s.Placing != nil {
		mustApply(t, s, 0, s.Pending()[0].Options[0].ID)
	}
	if !s.Jael.Triggered {
		t.Fatal("no comparison after the purchase")
	}
}

func TestSoloPass(t *testing.T) {
	s := soloMarket(t, 24)
	st := s.Seats[0]
	st.Gold = 12
	left := 0
	for _, slot := range s.Stalls {
		left += len(slot.Upper) + len(slot.Lower)
	}
	jt := len(s.Jael.Tiles)
	task := s.TaskOpen[0]
	mustApply(t, s, 0, fmt.Sprintf("pass:t%d", task))
	if len(s.Jael.Tiles) != jt+left || !containsInt(st.Tasks, task) || st.Gold != 0 {
		t.Fatalf("pass: Jael tiles %d (want %d), tasks %v, gold %d", len(s.Jael.Tiles), jt+left, st.Tasks, st.Gold)
	}
	if s.Year != 2 || s.Phase != PhaseBuild || len(s.Jael.Cards) != 2 || len(st.Hand) != 5 {
		t.Fatalf("no clean-up into year 2: year %d phase %s cards %d", s.Year, s.Phase, len(s.Jael.Cards))
	}
}

func TestSoloYearFourKeepsGold(t *testing.T) {
	s := newTest(t, 1, 25, map[string]string{"solo": "legendary"})
	for !(s.Year == 4 && s.Phase == PhaseImprove) {
		if s.Phase == PhaseBuild {
			playBuild(t, s)
		} else {
			passAll(t, s)
		}
	}
	st := s.Seats[0]
	for s.Placing != nil {
		mustApply(t, s, 0, s.Pending()[0].Options[0].ID)
	}
	gold := st.Gold
	mustApply(t, s, 0, "pass")
	if !s.Over() || st.Gold != gold || !st.GoldFlip || len(st.Tasks) != 3 {
		t.Fatalf("year 4 pass: over %v gold %d (was %d) tasks %d", s.Over(), st.Gold, gold, len(st.Tasks))
	}
	if len(s.Jael.Cards) != 4 {
		t.Errorf("Jael revealed %d cards, want 4", len(s.Jael.Cards))
	}
	for _, slot := range s.Stalls {
		if len(slot.Upper)+len(slot.Lower) != 0 {
			t.Error("tiles left after Jael took the rest")
		}
	}
}
