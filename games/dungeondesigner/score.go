package dungeondesigner

import (
	"sort"

	"github.com/tavern-bot/tavern/games"
)

// Score is one seat's final score sheet.
type Score struct {
	Seat      int   `json:"seat"`
	Order     int   `json:"order"` // final order, or final gold in solo
	Goal      int   `json:"goal"`
	Tasks     []int `json:"tasks"` // per task, in the order taken
	Stars     int   `json:"stars"`
	Blueprint int   `json:"blueprint"`
	Met       int   `json:"met"` // blueprint conditions met
	Entrance  int   `json:"entrance"`
	Exit      int   `json:"exit"`
	Total     int   `json:"total"`
}

// JaelScore is Jael's solo score sheet.
type JaelScore struct {
	Gold  int `json:"gold"`
	Goal  int `json:"goal"`
	Stars int `json:"stars"`
	Base  int `json:"base"`
	Bonus int `json:"bonus"`
	Total int `json:"total"`
}

func (j JaelScore) sum() int { return j.Gold + j.Goal + j.Stars + j.Base + j.Bonus }

var (
	orderPrestige = []int{9, 6, 3}
	goalPrestige  = []int{15, 9, 5}
)

// placesFor is how many places score: no third place with 2 players or solo.
func placesFor(players int) int { return min(3, max(players, 2)) }

// TaskPoints scores task t on dungeon d.
func TaskPoints(c *Components, t Task, d *Dungeon) int {
	count := func(what string) int { return d.Count(c, what) }
	has := func(r, col int, what string) bool { return d.roomCount(c, r, col, what) > 0 }
	n := 0
	switch t.Kind {
	case "each":
		n = count(t.Of[0])
	case "set":
		n = -1
		for _, w := range t.Of {
			if k := count(w); n < 0 || k < n {
				n = k
			}
		}
	case "rows", "cols":
		for a := range 4 {
			for b := range 4 {
				r, col := a, b
				if t.Kind == "cols" {
					r, col = b, a
				}
				if has(r, col, t.Of[0]) {
					n++
					break
				}
			}
		}
	case "group":
		n = d.LargestGroup(c, t.Of[0])
	case "path":
		n = d.LongestPath(c)
	case "both", "without", "full":
		for r := range 4 {
			for col := range 4 {
				if d.Grid[r][col].Room == 0 {
					continue
				}
				switch t.Kind {
				case "both":
					all := true
					for _, w := range t.Of {
						all = all && has(r, col, w)
					}
					if all {
						n++
					}
				case "without":
					if !has(r, col, t.Of[0]) {
						n++
					}
				case "full":
					filled := 0
					for q := range 4 {
						if d.element(c, r, col, q) != "" {
							filled++
						}
					}
					if filled == 4 {
						n++
					}
				}
			}
		}
	case "corner":
		for _, p := range [][2]int{{0, 0}, {0, 3}, {3, 0}, {3, 3}} {
			if d.isType(c, p[0], p[1], t.Of[0]) {
				n++
			}
		}
	case "samerows", "samecols":
		for a := range 4 {
			first, same := "", true
			for b := range 4 {
				r, col := a, b
				if t.Kind == "samecols" {
					r, col = b, a
				}
				id := d.Grid[r][col].Room
				if id == 0 {
					same = false
					break
				}
				if b == 0 {
					first = c.Room(id).Type
				}
				same = same && c.Room(id).Type == first
			}
			if same {
				n++
			}
		}
	}
	return t.Pts * n
}

// BlueprintMet counts the blueprint conditions d meets at their exact spots.
func BlueprintMet(c *Components, bp Blueprint, d *Dungeon) int {
	met := 0
	for r := range 4 {
		for col := range 4 {
			want := bp.Grid[r][col]
			if want == "" || d.Grid[r][col].Room == 0 {
				continue
			}
			switch want {
			case "cave", "masonry":
				if d.isType(c, r, col, want) {
					met++
				}
			case "star":
				for q := range 4 {
					if v, ok := starValue(d.element(c, r, col, q)); ok && v > 0 {
						met++
						break
					}
				}
			default:
				if d.roomCount(c, r, col, want) > 0 {
					met++
				}
			}
		}
	}
	return met
}

// rankGoal returns the seats' goal places (0-based, -1 = none) from counts.
// "most" needs at least one; ties go to the earlier entry in order.
func rankGoal(kind string, counts map[int]int, order []int, places int) map[int]int {
	cand := []int{}
	for _, i := range order {
		if kind == "most" && counts[i] < 1 {
			continue
		}
		cand = append(cand, i)
	}
	sort.SliceStable(cand, func(a, b int) bool {
		if kind == "most" {
			return counts[cand[a]] > counts[cand[b]]
		}
		return counts[cand[a]] < counts[cand[b]]
	})
	out := map[int]int{}
	for _, i := range order {
		out[i] = -1
	}
	for p, i := range cand {
		if p < places {
			out[i] = p
		}
	}
	return out
}

// score fills the score sheets at the end of the game.
func (s *State) score() {
	goal := s.c.Goal(s.Goal)
	places := placesFor(s.Players)
	counts := map[int]int{}
	for i, st := range s.Seats {
		st.Dungeon.ExitSet = true
		counts[i] = st.Dungeon.Count(s.c, goal.Of)
	}
	// Solo: Jael is seat -1 and wins ties, so it stands first in the order.
	order := s.Order
	if s.Solo() {
		counts[-1] = countElements(s.jaelElements(), goal.Of)
		order = []int{-1, 0}
	}
	goalPlace := rankGoal(goal.Kind, counts, order, places)
	s.Scores = nil
	for pos, i := range s.Order {
		st := s.Seats[i]
		sc := Score{Seat: i}
		if pos < places && !s.Solo() {
			sc.Order = orderPrestige[pos]
		}
		if p := goalPlace[i]; p >= 0 {
			sc.Goal = goalPrestige[p]
		}
		for _, n := range st.Tasks {
			sc.Tasks = append(sc.Tasks, TaskPoints(s.c, s.c.Task(n), &st.Dungeon))
		}
		sc.Stars = st.Dungeon.Stars(s.c)
		sc.Met = BlueprintMet(s.c, s.c.Blueprint(st.Blueprint), &st.Dungeon)
		sc.Blueprint = s.c.Table[sc.Met]
		sc.Entrance = st.Dungeon.EntranceNetwork(s.c)
		sc.Exit = st.Dungeon.ExitNetwork(s.c)
		s.Scores = append(s.Scores, sc)
	}
	if s.Solo() {
		js := s.jaelScore(goalPlace[-1])
		if st := s.Seats[0]; st.Gold > s.c.JaelCard(s.Jael.current()).Gold {
			s.Scores[0].Order = orderPrestige[0]
		} else {
			s.Scores[0].Order = orderPrestige[1]
		}
		s.JaelScore = &js
	}
	for k := range s.Scores {
		sc := &s.Scores[k]
		sc.Total = sc.Order + sc.Goal + sc.Stars + sc.Blueprint + sc.Entrance + sc.Exit
		for _, t := range sc.Tasks {
			sc.Total += t
		}
	}
}

// jaelScore scores Jael: final gold, goal place, stars, card base values
// and card conditions.
func (s *State) jaelScore(goalPlace int) JaelScore {
	els := s.jaelElements()
	js := JaelScore{}
	if s.Seats[0].Gold > s.c.JaelCard(s.Jael.current()).Gold {
		js.Gold = orderPrestige[1]
	} else {
		js.Gold = orderPrestige[0]
	}
	if goalPlace >= 0 {
		js.Goal = goalPrestige[goalPlace]
	}
	for _, el := range els {
		if v, ok := starValue(el); ok {
			js.Stars += v
		}
	}
	for _, id := range s.Jael.Cards {
		card := s.c.JaelCard(id)
		js.Base += card.Base
		js.Bonus += bonusPoints(card.Bonus, els)
	}
	js.Total = js.sum()
	return js
}

// Standings ranks by prestige, ties to the seat further left in the final
// order. Solo: the only seat ranks 1 if it beat Jael, else 2 (Jael wins
// ties); Detail says which.
func (s *State) Standings() []games.Standing {
	if s.Scores == nil {
		out := make([]games.Standing, 0, len(s.Order))
		for k, i := range s.Order {
			out = append(out, games.Standing{Seat: i, Rank: k + 1})
		}
		return out
	}
	sc := append([]Score(nil), s.Scores...)
	sort.SliceStable(sc, func(a, b int) bool { return sc[a].Total > sc[b].Total })
	out := make([]games.Standing, 0, len(sc))
	for k, x := range sc {
		st := games.Standing{Seat: x.Seat, Rank: k + 1, Score: x.Total,
			Detail: games.T("dd.standing", "points", x.Total)}
		if s.Solo() {
			key := "dd.standing.solo_won"
			if !s.SoloWon() {
				key = "dd.standing.solo_lost"
				st.Rank = 2 // Jael, who is no seat, ranks first
			}
			st.Detail = games.T(key, "points", x.Total, "jael", s.JaelScore.Total)
		}
		out = append(out, st)
	}
	return out
}

var _ games.Rivaled = (*State)(nil)

// Rivals is Jael in a finished solo game, ranked first when the player did
// not beat it.
func (s *State) Rivals() []games.Rival {
	if !s.Solo() || s.JaelScore == nil {
		return nil
	}
	r := games.Rival{Name: games.T("dd.jael"), Rank: 1, Score: s.JaelScore.Total, Detail: games.T("dd.standing.jael", "points", s.JaelScore.Total)}
	if s.SoloWon() {
		r.Rank = 2
	}
	return []games.Rival{r}
}

// verdict closes a finished game: who won with how much prestige, or
// alone, whether the player beat Jael and by how much. Equal prestige goes
// to whoever lies further left in the final order (rulebook, "Spielende
// und Wertung"), which is what the tie-break line says.
func (s *State) verdict() games.Text {
	standings := s.Standings()
	for i := range standings {
		standings[i].Detail = games.T("dd.tiebreak")
	}
	return games.Verdict(standings, s.Rivals(), func(n int) games.Text { return games.T("dd.points", "n", n) })
}

// SoloWon reports a finished solo game in which the player has more
// prestige than Jael.
func (s *State) SoloWon() bool {
	return s.Solo() && s.JaelScore != nil && len(s.Scores) == 1 && s.Scores[0].Total > s.JaelScore.Total
}
