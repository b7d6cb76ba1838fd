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

// Solo rules, general rules: only the card-focused AI (the Merchant) takes
// all resources as one type, and that is about the resource it chooses;
// the AI example funds an action by counting icons of the action's kind,
// criminals wild. So builder and cleric icons on the Merchant's board fund
// no trade (an earlier reconstruction counted every icon as a merchant).
func TestMerchantAITradesWithMerchantIconsOnly(t *testing.T) {
	for _, tc := range []struct {
		name    string
		schemes []string
		gold    int
	}{
		// s3 (2 builder), s7 (builder, cleric) and its Guildhall's one
		// merchant icon: 5 icons, 1 of them a merchant: no Gold, the fallback.
		{"builders and clerics", []string{"s3", "s7"}, 0},
		// s3 and s6 (noble, criminal): the merchant and the criminal buy 1 Gold.
		{"a criminal is wild", []string{"s3", "s6"}, 1},
	} {
		s := soloState(t, "merchant", 0, 17)
		ai := aiSeat(s)
		clearBoard(s, tc.schemes...)
		before := aiTradeAt(t, s, TradeGold)
		if got := ai.Res[Gold] - before.Res[Gold]; got != tc.gold {
			t.Errorf("%s: the Merchant traded for %d Gold, want %d", tc.name, got, tc.gold)
		}
		if fellBack := ai.Virtue == before.Virtue-1; fellBack != (tc.gold == 0) {
			t.Errorf("%s: fallback taken %v, want %v", tc.name, fellBack, tc.gold == 0)
		}
	}
}

// Solo rules, AI turns: the icons at the top of a scheme card only help
// the AI fund its actions. So a manuscript scoring per icon counts the
// AI's permanent icons (its Guildhalls', its cleric bonus cards') and none
// of its schemes, on its board or in its piles (an earlier reading counted
// them as a player's townsfolk).
func TestAIManuscriptsCountNoSchemeIcons(t *testing.T) {
	s := soloState(t, "cleric", 0, 16)
	ai := aiSeat(s)
	// s8 (merchant, noble), s6 (noble, criminal) on its board, s1 (2 noble)
	// in its discards; its Guildhall uncovered a cleric icon.
	clearBoard(s, "s8", "s6")
	s.Solo.Discard = append(s.Solo.Discard, takeScheme(s, "s1"))
	ai.Bonus = []Ribbon{Red}
	for _, tc := range []struct {
		per  string
		want int
	}{{"noble", 0}, {"criminal", 0}, {"merchant", 0}, {"cleric", 2}} {
		m := Manuscript{Per: tc.per, PerVP: 1}
		if got := s.scriptScore(1, &m); got != tc.want {
			t.Errorf("1 VP per %s icon scores %d for the Cleric AI, want %d", tc.per, got, tc.want)
		}
	}
}
