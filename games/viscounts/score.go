package viscounts

import (
	"slices"
	"sort"

	"github.com/tavern-bot/tavern/games"
)

// Score is one seat's final score by category.
type Score struct {
	Buildings, Castle, Sets, Scripts int
	Leader, Bonus                    int
	Debts, Deeds, Approved           int
	Poverty, Prosperity              int
	// Resources is the solo opponent's 1 VP per resource left.
	Resources int
	Total     int
}

// finish ends the game, saying why and who won with what.
func (s *State) finish() {
	s.Phase = phaseOver
	s.Tasks = nil
	key, kv := s.endedBy()
	s.say(key, kv...)
	if s.quiet {
		return
	}
	s.events = append(s.events, s.named(games.Verdict(s.Standings(), s.Rivals(), func(n int) games.Text { return games.T("vc.score.vp", "n", n) })))
}

// endedBy tells which card ended the game and when: the narration of the
// end. A game saved before EndedBy was kept reads it from the cards.
func (s *State) endedBy() (string, []any) {
	card, other := s.EndedBy, ""
	if card == "" {
		card = "poverty"
		if !s.Poverty {
			card = "prosperity"
		}
	}
	if s.Poverty && s.Prosperity {
		other = "prosperity"
		if card == "prosperity" {
			other = "poverty"
		}
	}
	kv := []any{"card", games.Ref("vc.end." + card), "round", s.LastRound, "last", s.LastRound + 1}
	if other != "" {
		return "endedby.divided", append(kv, "other", games.Ref("vc.end."+other+".in"))
	}
	return "endedby", kv
}

// scores computes every seat's score as the game stands.
func (s *State) scores() []Score {
	out := make([]Score, s.Players)
	for i := range s.Seats {
		out[i] = s.seatScore(i)
	}
	return out
}

// seatScore computes seat i's score as the game stands, allocating
// nothing: the lookahead values every position it tries by it.
func (s *State) seatScore(i int) Score {
	st := s.Seats[i]
	var sc Score
	for b := range numBuildings {
		sc.Buildings += buildingVP[b][st.Built[b]]
	}
	for tier := range 3 {
		for sec := range numSegments {
			sc.Castle += (tier + 1) * count(s.Tiers[tier][sec], i)
		}
	}
	sc.Sets = setScore(s.ribbons(i))
	for _, m := range st.Scripts {
		sc.Scripts += s.scriptScore(i, &s.c.Manuscripts[m])
	}
	if s.Leader == i+1 {
		sc.Leader = leaderVP
	}
	sc.Bonus = clericBonusVP * len(st.Bonus)
	sc.Debts = -2 * st.Debts
	sc.Deeds = st.Deeds
	sc.Approved = 3 * st.Approved
	if s.isAI(i) {
		sc.Resources = st.Res[Ink] + st.Res[Gold] + st.Res[Stone]
	}
	var approved, paid [MaxPlayers]int
	for j, o := range s.Seats {
		approved[j], paid[j] = o.Approved, o.PaidDebts
	}
	if s.Poverty {
		sc.Poverty = majorityVP(approved[:s.Players], s.Players, i)
	}
	if s.Prosperity {
		sc.Prosperity = majorityVP(paid[:s.Players], s.Players, i)
	}
	sc.Total = sc.Buildings + sc.Castle + sc.Sets + sc.Scripts + sc.Leader + sc.Bonus + sc.Debts + sc.Deeds + sc.Approved + sc.Poverty + sc.Prosperity + sc.Resources
	return sc
}

// ribbons counts seat's manuscripts by ribbon.
func (s *State) ribbons(seat int) [numRibbons]int {
	var n [numRibbons]int
	for _, m := range s.Seats[seat].Scripts {
		n[s.c.Manuscripts[m].Ribbon]++
	}
	return n
}

// setScore scores manuscripts in sets of different ribbons, n different
// scoring n² (the rulebook: three different score 9). Taking the largest
// set first is best, because squares grow faster than sums.
func setScore(n [numRibbons]int) int {
	total := 0
	for {
		size := 0
		for r := range n {
			if n[r] > 0 {
				n[r]--
				size++
			}
		}
		if size == 0 {
			return total
		}
		total += size * size
	}
}

// scriptScore is what manuscript m scores for seat at the end. Icons are
// those of every townsfolk the seat owns and those its buildings and
// bonus cards show (the scoring example's 5 noble and 4 criminal icons do
// not fit on a board of three cards); cards' ongoing abilities do not
// count then.
func (s *State) scriptScore(seat int, m *Manuscript) int {
	st := s.Seats[seat]
	n := 0
	switch m.Per {
	case "":
	case "building":
		n = st.Built[Workshop] + st.Built[TradingPost] + st.Built[Guildhall]
	case "workshop":
		n = st.Built[Workshop]
	case "tradingpost":
		n = st.Built[TradingPost]
	case "guildhall":
		n = st.Built[Guildhall]
	case "merchant", "builder", "noble", "cleric", "criminal":
		n = s.ownedIcons(seat)[slices.Index(iconNames[:], m.Per)]
	case "paiddebt":
		n = st.PaidDebts
	case "approveddeed":
		n = st.Approved
	case "deed":
		n = st.Deeds + st.Approved
	case "worker":
		for tier := range 3 {
			for sec := range numSegments {
				n += count(s.Tiers[tier][sec], seat)
			}
		}
	case "manuscript":
		n = len(st.Scripts)
	}
	return m.VP + n*m.PerVP
}

// ownedIcons counts the icons of all seat's townsfolk, wherever they lie,
// and the permanent ones of its buildings and cleric bonus cards (the solo
// opponent's permanent ones only).
func (s *State) ownedIcons(seat int) Icons {
	if s.isAI(seat) {
		return s.aiPermanentIcons()
	}
	st := s.Seats[seat]
	ic := s.boardIcons(seat)
	for _, zone := range [][]int{st.Hand, st.Draw, st.Discard} {
		for _, c := range zone {
			for i, n := range s.folk(c).Icons {
				ic[i] += n
			}
		}
	}
	return ic
}

// majority splits 12, 8 and 4 VP between the seats with the most, second
// and third most of value; at least one is needed, ties share the places
// they cover (rounded down), and with fewer than three players the 8 is
// left out.
func majority(value []int, players int) []int {
	out := make([]int, len(value))
	for seat := range value {
		out[seat] = majorityVP(value, players, seat)
	}
	return out
}

// majorityVP is seat's share of majority: the seats with more take the
// places before it, those with as much share its place and the ones
// after.
func majorityVP(value []int, players, seat int) int {
	v := value[seat]
	if v <= 0 {
		return 0
	}
	places := []int{12, 8, 4}
	if players < 3 {
		places = []int{12, 4}
	}
	place, ties := 0, 0
	for _, w := range value {
		switch {
		case w > v:
			place++
		case w == v:
			ties++
		}
	}
	sum := 0
	for k := place; k < place+ties && k < len(places); k++ {
		sum += places[k]
	}
	return sum / ties
}

// wealth breaks ties: silver and resources left.
func (s *State) wealth(seat int) int {
	st := s.Seats[seat]
	return st.Silver + st.Res[Ink] + st.Res[Gold] + st.Res[Stone]
}

// Standings ranks the seats by score, then by wealth; seats equal in both
// share the rank.
func (s *State) Standings() []games.Standing {
	if s.Solo != nil {
		return s.soloStandings()
	}
	sc := s.scores()
	order := make([]int, s.Players)
	for i := range order {
		order[i] = i
	}
	better := func(a, b int) bool {
		if sc[a].Total != sc[b].Total {
			return sc[a].Total > sc[b].Total
		}
		return s.wealth(a) > s.wealth(b)
	}
	sort.SliceStable(order, func(a, b int) bool { return better(order[a], order[b]) })
	out := make([]games.Standing, 0, s.Players)
	for i, seat := range order {
		rank := i + 1
		if i > 0 && !better(order[i-1], seat) {
			rank = out[i-1].Rank
		}
		out = append(out, games.Standing{Seat: seat, Rank: rank, Score: sc[seat].Total, Detail: s.scoreDetail(sc[seat])})
	}
	return out
}

// scoreDetail names a score's parts.
func (s *State) scoreDetail(x Score) games.Text {
	return games.T("vc.standing",
		"buildings", x.Buildings, "castle", x.Castle, "scripts", x.Sets+x.Scripts, "cards", x.Leader+x.Bonus,
		"debts", x.Debts, "deeds", x.Deeds+x.Approved, "ending", x.Poverty+x.Prosperity)
}
