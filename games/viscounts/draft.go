package viscounts

import (
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// draftChoices offers the pairs still on the table. A button names a pair
// short (Discord cuts labels at 80 characters); the prompt above the
// buttons tells each pair in full: the hero's abilities, the start space
// and the player card's goods.
func (s *State) draftChoices(t Task) (games.Text, bool, []choice) {
	var out []choice
	var pairs []games.Text
	for i, n := range s.DraftCards {
		if n == 0 {
			continue
		}
		pc, hero := s.playerCard(n), s.DraftHeroes[i]
		label := games.T("vc.opt.pair", "card", n, "hero", s.cardName(hero))
		pairs = append(pairs, games.T("vc.pair", "pair", label, "space", s.spaceName(s.startSpace(n)), "gains", s.cardGains(pc), "herocard", s.cardLabel(hero)))
		out = append(out, choice{opt: opt("p"+strconv.Itoa(i), label), fn: func() { s.takePair(t.Seat, i) }})
	}
	prompt := games.T("vc.prompt.draft")
	if s.Solo != nil {
		prompt = games.T("vc.prompt.draft.solo", "opponent", s.aiName())
	}
	return games.T("vc.lines", "a", prompt, "b", lines(pairs)), false, out
}

// takePair gives seat pair i: the viscount's start, the player card's
// goods and extra step, the hero; then the deck is shuffled.
func (s *State) takePair(seat, i int) {
	st := s.Seats[seat]
	n, hero := s.DraftCards[i], s.DraftHeroes[i]
	s.DraftCards[i], s.DraftHeroes[i] = 0, -1
	pc := s.playerCard(n)
	st.PlayerCard, st.Hero = n, hero
	st.Space = s.startSpace(n)
	st.Silver += pc.Silver
	st.Res[Ink] += pc.Ink
	st.Res[Gold] += pc.Gold
	st.Res[Stone] += pc.Stone
	st.Draw = append(st.Draw, hero)
	s.say("drafted", "player", games.Player(seat), "card", n, "hero", s.cardName(hero), "space", s.spaceName(st.Space))
	var ts []Task
	for range pc.Debts {
		ts = append(ts, Task{Seat: seat, Kind: "debt", N: 1})
	}
	for range pc.Deeds {
		ts = append(ts, Task{Seat: seat, Kind: "deed", N: 1})
	}
	for _, task := range s.effectTasks(seat, pc.Extra) {
		task.Where = pc.Where
		ts = append(ts, task)
	}
	ts = append(ts, Task{Seat: seat, Kind: "deal"})
	s.push(ts...)
	s.Drafted++
}

// deal shuffles seat's deck and draws its first hand; after the last
// seat, the start player's first turn begins.
func (s *State) deal(seat int) {
	st := s.Seats[seat]
	games.Shuffle(s.RNG, st.Draw)
	s.revealed = true
	for range handStart {
		s.drawOne(seat)
	}
	if s.Drafted < s.humans() {
		s.Current = s.draftSeat()
		s.push(Task{Seat: s.Current, Kind: "draft"})
		return
	}
	var ts []Task
	if s.Solo != nil {
		ts = s.soloArrive()
	}
	s.DraftCards, s.DraftHeroes = nil, nil
	s.Current, s.Round = s.Start, 1
	s.push(append(ts, Task{Seat: s.Current, Kind: "turn"})...)
}

// cardGains names what a player card gives.
func (s *State) cardGains(pc *PlayerCard) games.Text {
	var parts []games.Text
	add := func(n int, key string) {
		if n > 0 {
			parts = append(parts, counted("vc.gain."+key, "n", n))
		}
	}
	add(pc.Silver, "silver")
	add(pc.Ink, "ink")
	add(pc.Gold, "gold")
	add(pc.Stone, "stone")
	add(pc.Debts, "debt")
	add(pc.Deeds, "deed")
	if len(pc.Extra) > 0 {
		parts = append(parts, s.effectText(pc.Extra))
	}
	return list(parts)
}
