package zauberschwert

import (
	"slices"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/games"
)

// keys lists the catalog keys of events, in order.
func keys(events []games.Text) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.Key)
	}
	return out
}

// TestLayAsksEveryHand: after trading, every seat holding cards is asked
// at the same moment, in secret, whether or not its hand holds a complete
// artifact; a seat without one may only finish.
func TestLayAsksEveryHand(t *testing.T) {
	s := fresh(t, 3, 1)
	ring, half := cardsOf(s, "ring-tri")[0], cardsOf(s, "cloak")[0]
	s = atTrade(t, map[int][]int{0: {ring}, 1: {half}})
	apply(t, s, mv(0, "done"))
	if s.Step != stepLay {
		t.Fatalf("step %s, want lay", s.Step)
	}
	if got := seatsPending(s); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("asked %v, want both seats with cards (not the empty hand)", got)
	}
	for _, p := range s.Pending() {
		if !p.Secret {
			t.Errorf("seat %d asked in the open", p.Seat)
		}
	}
	opts := promptSummary(s)
	if !slices.Contains(opts[0], "lay:"+strconv.Itoa(ring)) || !slices.Equal(opts[1], []string{"lay:none"}) {
		t.Errorf("options %v", opts)
	}
	// Laying one artifact reveals it but keeps the seat asked, as it would
	// be with more to lay.
	out, err := s.Apply(0, "lay:"+strconv.Itoa(ring))
	if err != nil || !out.Revealed || !slices.Contains(seatsPending(s), 0) {
		t.Fatalf("lay one: %+v %v, pending %v", out, err, seatsPending(s))
	}
	apply(t, s, mv(0, "lay:none"), mv(1, "lay:none"))
	if s.Step == stepLay {
		t.Fatal("laying out must end when everyone finished")
	}
}

// TestPileRunsOutNarration: rewards tell how many cards each winner really
// got, and the empty pile is told once.
func TestPileRunsOutNarration(t *testing.T) {
	tests := []struct {
		name  string
		pile  int
		cards []string // display
		moves []games.Move
		want  []string
	}{
		{"together, one card left", 1, []string{"a-goblins-1", "a-orb-3"},
			[]games.Move{mv(0, "place:0"), mv(1, "place:0"), mv(0, "together"), mv(1, "together")},
			[]string{"zs.ev.defeated_onecard", "zs.ev.defeated_nocard", "zs.ev.pile_empty"}},
		{"alone, two of three", 2, []string{"a-spiders-1", "a-orb-3"},
			[]games.Move{mv(0, "place:0"), mv(1, "place:1")},
			[]string{"zs.ev.defeated", "zs.ev.pile_empty"}},
		{"holy site, empty pile", 0, []string{"b-holy-2", "a-orb-3"},
			[]games.Move{mv(0, "place:0"), mv(1, "place:0")},
			[]string{"zs.ev.holy_nocard", "zs.ev.holy_nocard", "zs.ev.pile_empty"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := atPlacement(t, 2, 0, tc.cards, []int{9, 9})
			// All but tc.pile artifact cards go to the hands (they play no
			// part here), so cards stay conserved.
			giveHand(s, 1, slices.Clone(s.ArtPile[tc.pile:])...)
			s.ArtPile = s.ArtPile[:tc.pile]
			var got []string
			for _, k := range keys(apply(t, s, tc.moves...)) {
				if k == "zs.ev.defeated" || k == "zs.ev.defeated_onecard" || k == "zs.ev.defeated_nocard" ||
					k == "zs.ev.holy" || k == "zs.ev.holy_nocard" || k == "zs.ev.pile_empty" {
					got = append(got, k)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("narration %v, want %v", got, tc.want)
			}
		})
	}
}

// TestSpellAuctionOpenerPrompt: the opener of a spell auction may not pass,
// and its prompt does not offer to.
func TestSpellAuctionOpenerPrompt(t *testing.T) {
	s := atPlacement(t, 2, 0, []string{"a-addus", "a-orb-3"}, []int{3, 3})
	apply(t, s, mv(0, "place:0"), mv(1, "place:0"))
	p, ok := games.PromptFor(s, 0)
	if !ok || s.Step != stepAuction {
		t.Fatalf("step %s, want the auction", s.Step)
	}
	if p.Text.Key != "zs.prompt.bid_open" || slices.Contains(promptSummary(s)[0], "pass") {
		t.Errorf("opener prompt %s with %v", p.Text.Key, promptSummary(s)[0])
	}
	apply(t, s, mv(0, "bid:1"))
	if p, _ := games.PromptFor(s, 1); p.Text.Key != "zs.prompt.bid" || !slices.Contains(promptSummary(s)[1], "pass") {
		t.Errorf("second bidder prompt %s with %v", p.Text.Key, promptSummary(s)[1])
	}
}

// TestTradeCardForCard: an offer is sent only with as many cards asked
// for as given.
func TestTradeCardForCard(t *testing.T) {
	s := fresh(t, 2, 1)
	a, b := cardsOf(s, "ring-tri")[0], cardsOf(s, "ring-square")[0]
	c, d := cardsOf(s, "cloak")[0], cardsOf(s, "cloak")[1]
	s = atTrade(t, map[int][]int{0: {a, b}, 1: {c, d}})
	apply(t, s, mv(0, "to:1"), mv(0, "give:"+strconv.Itoa(a)), mv(0, "give:"+strconv.Itoa(b)), mv(0, "want:"+strconv.Itoa(c)))
	if slices.Contains(promptSummary(s)[0], "send") {
		t.Fatal("two for one must not be sendable")
	}
	apply(t, s, mv(0, "want:"+strconv.Itoa(d)), mv(0, "send"), mv(1, "acc:0"))
	if !slices.Equal(s.Seats[0].Hand, sorted(c, d)) {
		t.Errorf("after two for two: %v", s.Seats[0].Hand)
	}
}
