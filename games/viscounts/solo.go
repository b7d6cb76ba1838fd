package viscounts

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// Solo play: one player against an automated opponent. The opponent is
// a seat of the state that no player sits at (seat 1): the castle,
// collisions, majorities, links and bumps treat it as a player, but it is
// never asked anything. Its turn, and every effect it gains, runs as
// tasks that have exactly one answer (solo_turn.go), following the
// rulebook's solo rules. The player holds the start marker, so the
// opponent takes the last turn of every round, the final one included.
//
// Readings where the solo rules leave room:
//   - Setup: the player's pair and its extra step come first, then the
//     opponent's viscount (on the left-over card's space; that card and
//     its hero go back to the box) and its starting items; its starting
//     building follows its free-building rule. Difficulty shuffles random
//     future schemes in (the German rulebook: "zufällige").
//   - Funding: its board's icons (criminals wild) and one resource per
//     missing icon (Stone builds, Gold places workers, Ink transcribes;
//     any resource for the card-focused AI, spent from its largest heap);
//     never Silver, never a dismissed card's icons. It trades with its
//     merchant icons (criminals wild) alone, the card-focused AI too: its
//     "single type" is its resources, and the AI example counts icons by
//     kind (the lead's decision; no icon of another kind funds a trade).
//   - 2 Silver are 1 resource; of an odd gain one Silver stays silver.
//   - A discard or destroy with a reward (discard>silver2) is replaced
//     whole: 1 Virtue or a card flip, not the reward. Flipping a Debt (or
//     a Deed) it does not have is a flip with nothing to flip: 1 Virtue.
//   - Drawing does nothing (it has no hand); a shuffle shuffles its
//     scheme discards. Its reshuffle, like a player's, costs 1 Corruption
//     with a criminal on its board, else gives 1 Virtue.
//   - Every choice of rewards takes the first (the rulebook says so for the
//     castle's second tier).
//   - Its buildings: the left-most type on its board it can afford
//     (Guildhalls, Trading Posts, Workshops), on the first free plot of
//     its bank in board order. Of the buildings' abilities only the icons
//     its board uncovers and the second Workshop's collision Virtue mean
//     anything to it.
//   - Its primary actions work from the outside path at its viscount's
//     segment; it transcribes once a turn (an empty pile's printed
//     manuscript too), places 2 to 4 workers (free workers may be one).
//   - Bumps: the player's worker whenever a crowded section holds one
//     (first tier first, clockwise from its viscount); its own otherwise.
//   - Manuscripts scoring per icon count only its permanent icons (its
//     buildings' and cleric bonus cards'): the solo rules say a scheme's
//     icons serve only to fund its actions, so they score nothing.
//   - The player wins only with more VP than the opponent; a tie is lost.
//   - The solo options set to anything but their defaults in a game of
//     more players are an error, not ignored.

// Solo is the opponent's own part of the state: its scheme cards.
type Solo struct {
	Seat       int `json:"seat"`
	Opponent   int `json:"opponent"` // catalog index
	Difficulty int `json:"difficulty"`
	// Draw and Future are face down (their order secret), the top last;
	// Discard is face up, the newest last; Board holds the schemes on its
	// player board, slot 0 leftmost, -1 empty; Box the removed ones.
	Draw    []int           `json:"draw"`
	Board   [boardSlots]int `json:"board"`
	Discard []int           `json:"discard"`
	Future  []int           `json:"future"`
	Box     []int           `json:"box"`
}

// The lobby's solo options.
const (
	optOpponent   = "opponent"
	optDifficulty = "difficulty"
	randomAI      = "random"
)

// soloOptions lists the lobby options of solo play.
func (c *Catalog) soloOptions() []games.OptionSpec {
	opps := []string{randomAI}
	for _, o := range c.Opponents {
		opps = append(opps, o.ID)
	}
	var levels []string
	for d := 0; d <= maxSoloDifficulty; d++ {
		levels = append(levels, strconv.Itoa(d))
	}
	return []games.OptionSpec{
		{ID: optOpponent, Label: games.T("vc.option.opponent"), Choices: opps, Default: randomAI},
		{ID: optDifficulty, Label: games.T("vc.option.difficulty"), Choices: levels, Default: "0"},
	}
}

// soloSetup reads the solo options: the opponent's catalog index (-1 for
// a random one) and the difficulty. Other player counts accept only the
// defaults, so that a table never believes it set up something it did not.
func (c *Catalog) soloSetup(setup games.Setup) (opp, difficulty int, err error) {
	name, level := setup.Options[optOpponent], setup.Options[optDifficulty]
	if name == "" {
		name = randomAI
	}
	if level == "" {
		level = "0"
	}
	if setup.Players != 1 && (name != randomAI || level != "0") {
		return 0, 0, games.Errorf("vc.err.soloonly")
	}
	opp = -1
	if name != randomAI {
		if opp = c.opponentByID(name); opp < 0 {
			return 0, 0, games.Errorf("vc.err.opponent", "name", name)
		}
	}
	difficulty, convErr := strconv.Atoi(level)
	if convErr != nil || difficulty < 0 || difficulty > maxSoloDifficulty {
		return 0, 0, games.Errorf("vc.err.difficulty", "max", maxSoloDifficulty)
	}
	return opp, difficulty, nil
}

// startSolo readies the opponent at setup: its board, its scheme piles
// without the schemes it removes, and difficulty future schemes shuffled
// into its starting pile.
func (s *State) startSolo(opp, difficulty int) {
	if opp < 0 {
		opp = s.RNG.IntN(len(s.c.Opponents))
	}
	so := &Solo{Seat: 1, Opponent: opp, Difficulty: difficulty, Board: [boardSlots]int{-1, -1, -1}}
	for i, sc := range s.c.Schemes {
		switch {
		case slices.Contains(s.c.Opponents[opp].Removes, i):
			so.Box = append(so.Box, i)
		case sc.Future:
			so.Future = append(so.Future, i)
		default:
			so.Draw = append(so.Draw, i)
		}
	}
	games.Shuffle(s.RNG, so.Future)
	n := len(so.Future) - difficulty
	so.Draw = append(so.Draw, so.Future[n:]...)
	so.Future = so.Future[:n]
	games.Shuffle(s.RNG, so.Draw)
	s.Solo = so
}

// soloArrive places the opponent once the player has chosen a pair: its
// viscount on the space of the card left over (that card and its hero go
// back to the box), then its starting items.
func (s *State) soloArrive() []Task {
	seat := s.Solo.Seat
	st := s.Seats[seat]
	for i, n := range s.DraftCards {
		if n != 0 {
			st.Space = s.startSpace(n)
			s.DraftCards[i], s.DraftHeroes[i] = 0, -1
			break
		}
	}
	s.say("ai.arrives", "player", games.Player(seat), "space", s.spaceName(st.Space))
	return s.effectTasks(seat, s.opponent().Start)
}

// isAI reports the seat the solo opponent plays.
func (s *State) isAI(seat int) bool { return s.Solo != nil && seat == s.Solo.Seat }

// opponent is the solo opponent's board.
func (s *State) opponent() *Opponent { return &s.c.Opponents[s.Solo.Opponent] }

// humans counts the seats players sit at.
func (s *State) humans() int {
	if s.Solo != nil {
		return s.Players - 1
	}
	return s.Players
}

// aiName is the opponent's name as texts show it.
func (s *State) aiName() games.Text { return games.T("vc.ai." + s.opponent().ID) }

// named shows the opponent's seat by its name in t (a seat no player
// sits at has no name the table could give it).
func (s *State) named(t games.Text) games.Text {
	if s.Solo == nil || len(t.Args) == 0 {
		return t
	}
	args := slices.Clone(t.Args)
	for i, a := range args {
		switch {
		case a.Seat == s.Solo.Seat+1:
			name := s.aiName()
			args[i] = games.Arg{Name: a.Name, Text: &name}
		case a.Text != nil:
			sub := s.named(*a.Text)
			args[i].Text = &sub
		}
	}
	t.Args = args
	return t
}

// soloStandings ranks the player against the opponent: the player wins
// only with more VP ("you need to score more Victory Points than them").
func (s *State) soloStandings() []games.Standing {
	sc := s.scores()
	me, ai := sc[0], sc[s.Solo.Seat]
	rank, key := 1, "vc.standing.solo.won"
	if me.Total <= ai.Total {
		rank, key = 2, "vc.standing.solo.lost"
	}
	return []games.Standing{{Seat: 0, Rank: rank, Score: me.Total, Detail: games.T(key, "detail", s.scoreDetail(me),
		"opponent", s.aiName(), "score", ai.Total)}}
}

// Rivals is the solo opponent once the game is over.
func (s *State) Rivals() []games.Rival {
	if s.Solo == nil || s.Phase != phaseOver {
		return nil
	}
	sc := s.scores()
	r := games.Rival{Name: s.aiName(), Rank: 1, Score: sc[s.Solo.Seat].Total,
		Detail: games.T("vc.standing.ai", "detail", s.scoreDetail(sc[s.Solo.Seat]), "resources", sc[s.Solo.Seat].Resources)}
	if sc[0].Total > r.Score {
		r.Rank = 2
	}
	return []games.Rival{r}
}

var _ games.Rivaled = (*State)(nil)

// checkSolo verifies the opponent's part: every scheme in exactly one
// place, and no townsfolk on its seat.
func (s *State) checkSolo() error {
	if s.Solo == nil {
		return nil
	}
	so := s.Solo
	seen := make([]int, len(s.c.Schemes))
	for _, zone := range [][]int{so.Draw, so.Board[:], so.Discard, so.Future, so.Box} {
		for _, c := range zone {
			if c >= 0 {
				seen[c]++
			}
		}
	}
	for c, n := range seen {
		if n != 1 {
			return fmt.Errorf("scheme %s is in %d places", s.c.Schemes[c].ID, n)
		}
	}
	st := s.Seats[so.Seat]
	if len(st.Hand)+len(st.Draw)+len(st.Discard) > 0 || st.Board != [boardSlots]int{-1, -1, -1} {
		return fmt.Errorf("the opponent holds townsfolk")
	}
	return nil
}
