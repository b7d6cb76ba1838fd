package zauberschwert

import (
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
)

// Hand-built views for every phase and step, independent of the rules engine.

var (
	goblins = zs.Card{ID: "a-goblins-1", Deck: "A", Kind: zs.KindCreature, Name: "zs.card.goblins", Species: "goblins",
		Strength: 5, Symbol: zs.Triangle, Single: zs.Reward{Stones: 3, Artifacts: 2}, Shared: zs.Reward{Stones: 1, Artifacts: 1}}
	spiders = zs.Card{ID: "a-spiders-1", Deck: "A", Kind: zs.KindCreature, Name: "zs.card.spiders", Species: "spiders",
		Strength: 4, Symbol: zs.Circle, Single: zs.Reward{Artifacts: 3}, Shared: zs.Reward{Stones: 1, Artifacts: 1}}
	dragons = zs.Card{ID: "c-dragons-1", Deck: "C", Kind: zs.KindCreature, Name: "zs.card.dragons", Species: "dragons",
		Strength: 11, Symbol: zs.Square, Single: zs.Reward{Stones: 6, Artifacts: 2}, Shared: zs.Reward{Stones: 3, Artifacts: 1}}
	shadows = zs.Card{ID: "b-shadows-1", Deck: "B", Kind: zs.KindCreature, Name: "zs.card.shadows", Species: "shadows",
		Strength: 7, Symbol: zs.Circle, Single: zs.Reward{Stones: 4, Artifacts: 1}, Shared: zs.Reward{Stones: 2, Artifacts: 1}}
	fulmentus = zs.Card{ID: "a-fulmentus", Deck: "A", Kind: zs.KindSpell, Name: "zs.spell.fulmentus", Spell: "fulmentus"}
	orb       = zs.Card{ID: "b-orb-4", Deck: "B", Kind: zs.KindOrb, Name: "zs.card.orb", Magic: 4}
	holy      = zs.Card{ID: "c-holy-2", Deck: "C", Kind: zs.KindHoly, Name: "zs.card.holy", Stones: 2}

	spellInfo = func(id string) zs.SpellInfo {
		return zs.SpellInfo{ID: id, Name: "zs.spell." + id, Effect: "zs.spell." + id + ".effect"}
	}
	wand    = zs.Artifact{ID: "wand-circle", Name: "zs.art.wand", Parts: 2, Symbols: []zs.Symbol{zs.Circle}, Bonus: zs.Bonus{Stones: 2}}
	book    = zs.Artifact{ID: "book", Name: "zs.art.book", Parts: 1, Symbols: []zs.Symbol{zs.Triangle, zs.Circle}, Bonus: zs.Bonus{Magic: 1}}
	sapph   = zs.Artifact{ID: "sapphire", Name: "zs.art.sapphire", Parts: 1, Symbols: []zs.Symbol{zs.Square}, Bonus: zs.Bonus{Choice: 2}}
	amulet  = zs.Artifact{ID: "amulet", Name: "zs.art.amulet", Parts: 2, Symbols: []zs.Symbol{zs.Triangle, zs.Circle}, Bonus: zs.Bonus{Stones: 1, Magic: 1}}
	chalice = zs.Artifact{ID: "chalice", Name: "zs.art.chalice", Parts: 2, Symbols: []zs.Symbol{zs.Square, zs.Triangle}, Bonus: zs.Bonus{Stones: 1, Magic: 1}}
)

func seats(n int) []zs.SeatView {
	all := []zs.SeatView{
		{Seat: 0, Magic: 12, Stones: 7, HandSize: 3, Placed: 0,
			Spells:  []zs.SpellView{{Spell: spellInfo("retransformus"), Used: true}, {Spell: spellInfo("addus")}},
			LaidOut: []zs.LaidOut{{Artifact: wand, Cards: []int{0, 1}}, {Artifact: book, Cards: []int{5}}, {Artifact: sapph, Cards: []int{9}}}},
		{Seat: 1, Magic: 30, Stones: 2, HandSize: 0, Placed: 1},
		{Seat: 2, Magic: 0, Stones: 14, HandSize: 6, Placed: zs.NotPlaced,
			Spells: []zs.SpellView{{Spell: spellInfo("harpagarus")}, {Spell: spellInfo("stonex")}, {Spell: spellInfo("transformus"), Used: true}}},
		{Seat: 3, Magic: 5, Stones: 9, HandSize: 2, Placed: 0,
			LaidOut: []zs.LaidOut{{Artifact: amulet, Cards: []int{2, 3}}, {Artifact: chalice, Cards: []int{11, 12}}, {Artifact: book, Cards: []int{6}},
				{Artifact: sapph, Cards: []int{10}}, {Artifact: wand, Cards: []int{13, 14}}}},
	}
	return all[:n]
}

func base(n int) zs.PublicView {
	return zs.PublicView{
		Players: n, Round: 3, Phase: "C", Step: "place", StartPlayer: 0,
		AdventurePile: 14, NextDeck: "B", ArtifactPile: 17, Removed: 5,
		Seats: seats(n), Resolving: -1, SpellTurn: -1,
		Display: []zs.DisplayCard{
			{Slot: 0, Card: goblins, Wizards: []int{0, 3}},
			{Slot: 1, Card: fulmentus, Wizards: []int{1}},
		},
	}
}

// publicFixtures covers every phase and step with 2–4 players.
func publicFixtures() map[string]zs.PublicView {
	out := map[string]zs.PublicView{}

	v := base(4)
	v.Turn = []int{2}
	for i := range v.Display {
		if v.Display[i].Slot == 0 {
			v.Display[i].Wizards = []int{0, 3}
		}
	}
	out["C-place-4p"] = v

	v = base(4)
	v.Phase, v.Step, v.SpellTurn, v.Turn = "B", "spells", 2, []int{2}
	v.Display = []zs.DisplayCard{{Slot: 0, Card: dragons}, {Slot: 1, Card: orb}}
	for i := range v.Seats {
		v.Seats[i].Placed = zs.NotPlaced
	}
	out["B-spells-4p"] = v

	v = base(4)
	v.Phase, v.Step, v.Resolving, v.Turn = "D", "choose", 0, []int{3}
	v.Fight = &zs.FightView{Slot: 0, Strength: 5, Involved: []int{0, 3}, Decided: []int{0}}
	out["D-choose-4p"] = v

	v = base(4)
	v.Phase, v.Step, v.Resolving, v.Turn = "D", "auction", 0, []int{0}
	v.Fight = &zs.FightView{Slot: 0, Strength: 5, Involved: []int{0, 3}, Decided: []int{0, 3}, Mode: "auction",
		Choices: map[int]string{0: "alone", 3: "together"}}
	v.Auction = &zs.AuctionView{Slot: 0, Kind: zs.KindCreature, MinBid: 5, High: 7, HighSeat: 3, Bidders: []int{0, 3}, Turn: 0}
	out["D-auction-creature-4p"] = v

	v = base(3)
	v.Phase, v.Step, v.Resolving, v.Turn = "D", "auction", 1, []int{2}
	v.Display = []zs.DisplayCard{{Slot: 0, Card: spiders, Wizards: []int{1}, Resolved: true}, {Slot: 1, Card: fulmentus, Wizards: []int{0, 2, 1}}}
	v.Auction = &zs.AuctionView{Slot: 1, Kind: zs.KindSpell, HighSeat: -1, Bidders: []int{0, 1, 2}, Out: []int{1}, Turn: 2, Spell: "fulmentus"}
	out["D-auction-spell-nobid-3p"] = v

	v = base(4)
	v.Phase, v.Step, v.Turn = "D", "bonus", []int{0}
	v.Display = []zs.DisplayCard{{Slot: 0, Card: goblins, Wizards: []int{0}, Resolved: true}, {Slot: 1, Card: holy, Wizards: []int{1, 2, 3}}}
	out["D-bonus-4p"] = v

	v = base(4)
	v.Phase, v.Step, v.Turn = "E", "trade", []int{0, 2, 3}
	v.Display = []zs.DisplayCard{{Slot: 1, Card: shadows}}
	for i := range v.Seats {
		v.Seats[i].Placed = zs.NotPlaced
	}
	v.Seats[1].DoneTrading = true
	out["E-trade-4p"] = v

	v = base(2)
	v.Phase, v.Step, v.Turn = "E", "lay", []int{0, 1}
	v.Display = nil
	v.AdventurePile, v.NextDeck = 0, ""
	out["E-lay-2p-empty"] = v

	v = base(3)
	v.Phase, v.Step, v.StartPlayer, v.Turn = "A", "spells", 1, []int{1}
	v.SpellTurn = 1
	v.Display = []zs.DisplayCard{{Slot: 0, Card: orb}, {Slot: 1, Card: holy}}
	out["A-3p"] = v

	v = base(4)
	v.Phase, v.Step, v.Over, v.Turn = "F", "over", true, nil
	v.Display, v.AdventurePile, v.NextDeck, v.ArtifactPile = []zs.DisplayCard{{Slot: 0, Card: dragons}}, 0, "", 0
	out["over-4p"] = v
	return out
}

func card(index, part int, a zs.Artifact, complete bool) zs.HandCard {
	return zs.HandCard{ArtifactCard: zs.ArtifactCard{Index: index, Part: part, Artifact: a}, Complete: complete}
}

// privateFixtures covers hands with and without complete artifacts, offers
// and a draft.
func privateFixtures() map[string]zs.PrivateView {
	out := map[string]zs.PrivateView{}
	pub := publicFixtures()["E-trade-4p"]
	out["hand-offers"] = zs.PrivateView{
		PublicView: pub, Seat: 0,
		Hand: []zs.HandCard{
			card(0, 1, wand, true), card(1, 2, wand, true), card(5, 0, book, true),
			card(2, 1, amulet, false), card(11, 2, chalice, false), card(9, 0, sapph, true),
		},
		Offers: []zs.OfferView{
			{ID: 1, From: 0, To: 2, Give: []zs.ArtifactCard{{Index: 2, Part: 1, Artifact: amulet}}, Want: []zs.ArtifactCard{{Index: 3, Part: 2, Artifact: amulet}}},
			{ID: 2, From: 3, To: 0, Give: []zs.ArtifactCard{{Index: 12, Part: 1, Artifact: chalice}}, Want: []zs.ArtifactCard{{Index: 5, Artifact: book}, {Index: 9, Artifact: sapph}}},
		},
		Draft: &zs.OfferView{From: 0, To: 1, Give: []zs.ArtifactCard{{Index: 11, Part: 2, Artifact: chalice}}},
	}
	out["empty-hand"] = zs.PrivateView{PublicView: publicFixtures()["C-place-4p"], Seat: 1}
	many := zs.PrivateView{PublicView: publicFixtures()["E-lay-2p-empty"], Seat: 1}
	for i := 0; i < 11; i++ {
		many.Hand = append(many.Hand, card(i, 1+i%2, chalice, i < 4))
	}
	out["many-cards"] = many
	return out
}
