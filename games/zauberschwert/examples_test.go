package zauberschwert

import (
	"slices"
	"testing"
)

// Seats of the rulebook's examples: red starts, then blue, green, yellow.
const (
	red = iota
	blue
	green
	yellow
)

// TestExampleSpiders: blue alone defeats the spiders (4, ●) with a wand ●,
// a book ▶● and a star sapphire ■ laid out.
func TestExampleSpiders(t *testing.T) {
	s := atPlacement(t, 4, red, []string{"a-spiders-1", "a-orb-3"}, []int{5, 10, 5, 5})
	spiders := s.card(0)
	if spiders.Strength != 4 || spiders.Symbol != Circle || spiders.Single.Artifacts != 3 || spiders.Single.Stones != 0 {
		t.Fatalf("spiders data %+v do not match the rulebook", spiders)
	}
	layOut(t, s, blue, "wand-circle", "book-tc", "sapphire")
	giveHand(s, green, cardsOf(s, "wand-tri")[0]) // keeps phase E open for inspection
	top3 := slices.Clone(s.ArtPile[:3])
	apply(t, s, mv(red, "place:1"), mv(blue, "place:0"), mv(green, "pass"), mv(yellow, "place:1"))
	b := s.Seats[blue]
	if b.Magic != 10-4+1 {
		t.Errorf("blue magic %d, want 7 (paid 4, book +1)", b.Magic)
	}
	if b.Stones != 2 {
		t.Errorf("blue stones %d, want 2 (wand)", b.Stones)
	}
	if !slices.Equal(b.Hand, top3) {
		t.Errorf("blue hand %v, want the top three artifact cards %v", b.Hand, top3)
	}
	if len(s.Bonus) != 0 {
		t.Errorf("the sapphire (■) must not pay for spiders (●): %v", s.Bonus)
	}
	if s.Step != stepTrade {
		t.Errorf("step %s, want trade", s.Step)
	}
}

func TestExampleGoblinsTogether(t *testing.T) {
	s := atPlacement(t, 4, red, []string{"a-goblins-1", "a-orb-3"}, []int{6, 5, 5, 4})
	gob := s.card(0)
	if gob.Strength != 5 || gob.Symbol != Triangle || gob.Shared != (Reward{Stones: 1, Artifacts: 1}) || gob.Single != (Reward{Stones: 3, Artifacts: 2}) {
		t.Fatalf("goblin data %+v do not match the rulebook", gob)
	}
	first, second := s.ArtPile[0], s.ArtPile[1]
	apply(t, s, mv(red, "place:0"), mv(blue, "pass"), mv(green, "pass"), mv(yellow, "place:0"))
	if s.Step != stepChoose {
		t.Fatalf("step %s, want choose", s.Step)
	}
	apply(t, s, mv(yellow, "together"), mv(red, "together"))
	for _, c := range []struct {
		seat, magic, card int
	}{{red, 3, first}, {yellow, 1, second}} {
		st := s.Seats[c.seat]
		if st.Magic != c.magic || st.Stones != 1 || !slices.Equal(st.Hand, []int{c.card}) {
			t.Errorf("seat %d: magic %d stones %d hand %v, want %d, 1, [%d]", c.seat, st.Magic, st.Stones, st.Hand, c.magic, c.card)
		}
	}
	if s.Seats[blue].Magic != 6 || s.Seats[green].Magic != 6 {
		t.Errorf("passers must gain 1 magic each: %d %d", s.Seats[blue].Magic, s.Seats[green].Magic)
	}
}

func TestExampleGoblinAuction(t *testing.T) {
	s := atPlacement(t, 4, red, []string{"a-goblins-1", "a-orb-3"}, []int{10, 5, 5, 9})
	giveHand(s, blue, cardsOf(s, "wand-tri")[0]) // keeps phase E open for inspection
	apply(t, s, mv(red, "place:0"), mv(blue, "pass"), mv(green, "pass"), mv(yellow, "place:0"))
	apply(t, s, mv(red, "alone"), mv(yellow, "together"))
	if s.Step != stepAuction || s.Auction.Bidders[s.Auction.Turn] != red {
		t.Fatalf("red (start player) must open the auction; step %s", s.Step)
	}
	if opts := promptSummary(s)[red]; opts[0] != "bid:5" || opts[len(opts)-2] != "bid:10" {
		t.Fatalf("opening bids must run from the strength 5 to red's magic 10, got %v", opts)
	}
	apply(t, s, mv(red, "bid:5"), mv(yellow, "bid:7"), mv(red, "bid:8"), mv(yellow, "pass"))
	r, y := s.Seats[red], s.Seats[yellow]
	if r.Magic != 2 || r.Stones != 3 || len(r.Hand) != 2 {
		t.Errorf("red: magic %d stones %d hand %d, want 2, 3, 2", r.Magic, r.Stones, len(r.Hand))
	}
	if y.Magic != 9 || y.Stones != 0 || len(y.Hand) != 0 {
		t.Errorf("yellow must pay and gain nothing: magic %d stones %d hand %d", y.Magic, y.Stones, len(y.Hand))
	}
	if s.Step != stepTrade {
		t.Errorf("step %s, want trade", s.Step)
	}
}
