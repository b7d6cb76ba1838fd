package viscounts

// Rules the first version got wrong, each with the rulebook passage it
// checks.

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// Page 17: "First, they must resolve the immediate Rearrange effect
// provided from dismissing the Mason ... Then they decide where to place
// their Workshop. ... When placing their Workshop, they immediately gain
// 1 Ink Well from that Building Spot."
func TestBuildDismissalEffectBeforePlacing(t *testing.T) {
	s, _ := buildExample(t)
	red := s.Seats[0]
	do(s, Task{Seat: 0, Kind: "action"})
	answer(t, s, planOption(t, s, "build", "01", Builder, 3, pay{Silver: 1, Res: [numResources]int{Stone: 2}, Dismiss: true}))
	asked(t, s, 0, "rearrange")
	if red.Res[Ink] != 0 || red.Silver != 0 || s.Seats[1].Silver != 0 {
		t.Errorf("at the Mason's rearrange the workshop already paid out: Red's ink %d, silver %d, Blue's silver %d (want 0, 0, 0)",
			red.Res[Ink], red.Silver, s.Seats[1].Silver)
	}
}

// Page 10: "If players ever gain both Corruption and Virtue at the same
// time, they must resolve the Corruption movement first", even for an
// effect written virtue first (no data file has one yet).
func TestCorruptionBeforeVirtue(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Corruption, st.Virtue = 5, 6
	e, err := ParseEffect("virtue+corruption")
	if err != nil {
		t.Fatal(err)
	}
	do(s, s.effectTasks(0, e)...)
	settled(t, s)
	// Corruption first: 6/6 collide, then virtue drags both to 5.
	if st.Corruption != 5 || st.Virtue != 5 {
		t.Errorf("markers %d/%d, want 5/5 (corruption first)", st.Corruption, st.Virtue)
	}
}

// Page 22, read literally: step 1 (the current player's second Workshop:
// 1 Virtue) moves the collided markers one space left before step 3 pays
// "the items printed directly above where their markers sit": space 2
// (deed + resource), not space 3 where they met (deed + 2 silver).
func TestCollisionRewardAfterWorkshopVirtue(t *testing.T) {
	s := table(t, 3)
	st := s.Seats[0]
	st.Corruption, st.Virtue = 3, 3
	builtOn(s, 0, Workshop, 0, 0)
	builtOn(s, 0, Workshop, 0, 1)
	toBoard(t, s, 0, "abbot")
	do(s, Task{Seat: 0, Kind: "collision"})
	if st.Silver != 0 || len(s.Tasks) == 0 || s.Tasks[0].Kind != "resource" {
		t.Errorf("silver %d, next %v: want space 2's reward (a deed and a resource), not space 3's 2 silver", st.Silver, s.Tasks)
	}
}

// Page 7 (setup, the player board): "Starting Icons, available only on
// players' first 2 turns": the empty card spaces of the player board show
// icons until cards cover them (which icons is our reconstruction).
func TestStartingIconsOnEmptySpaces(t *testing.T) {
	s := table(t, 3)
	toBoard(t, s, 0, "abbot")
	for _, tc := range []struct {
		turns, want int
	}{{1, 3}, {2, 3}, {3, 1}} {
		s.Seats[0].Turns = tc.turns
		if got := sumIcons(s.boardIcons(0)); got != tc.want {
			t.Errorf("turn %d, the Abbot alone on the board: %d icons, want %d", tc.turns, got, tc.want)
		}
	}
}

// Pages 7 and 8 (setup steps 9 and 10; German "Spielaufbau" 9 and 10):
// the players take the Debts and Deeds of their player cards (step 9)
// before the piles above Poverty and Prosperity are counted out (step
// 10), so the piles start whole at every player count, solo included
// (the opponent's starting items, solo setup step 6, are setup too).
func TestSetupGainsLeaveThePilesWhole(t *testing.T) {
	for players := 1; players <= MaxPlayers; players++ {
		setup := games.Setup{Players: players, Seed: uint64(players)}
		if players == 1 {
			setup.Options = map[string]string{optOpponent: "cleric"} // starts with a Debt and a Deed
		}
		s := drafted(t, setup)
		gained := 0
		for _, seat := range s.Seats {
			gained += seat.Debts + seat.PaidDebts + seat.Deeds + seat.Approved
		}
		if gained == 0 {
			t.Fatalf("%d players: the setup gave no Debt or Deed, so it checks nothing", players)
		}
		if s.DebtsAbove != s.c.Ending.Debts[players] || s.DeedsAbove != s.c.Ending.Deeds[players] {
			t.Errorf("%d players: after setup %d Debts above Poverty and %d Deeds above Prosperity, want %d and %d (setup gains come from the supply)",
				players, s.DebtsAbove, s.DeedsAbove, s.c.Ending.Debts[players], s.c.Ending.Deeds[players])
		}
	}
}
