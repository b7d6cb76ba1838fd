// Package replays tells a game's course back: /game replay and the replay
// a finished game posts, an animated GIF of the public board after every
// commit with a summary in words (who led when, the biggest swing) read
// from the public scores. It reads the table and changes nothing; staging
// the end's replay and carrying it out is the engine's (commands).
package replays

import (
	"slices"
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
)

// A replay comes with a summary in words: who led when and the biggest
// swing, from the public scores the board showed after every commit
// (games.Tallied; a game without a public running score gets neither),
// by round where the game counts rounds (games.Rounded), else by turn.

// Keys of the replay summary.
const (
	KeyReplayPostRounds = "core.replay.post_rounds"
	KeyReplayLead       = "core.replay.lead"
	KeyReplaySpan       = "core.replay.span"
	KeyReplayLevel      = "core.replay.level"
	KeyReplayRound      = "core.replay.round"
	KeyReplayRounds     = "core.replay.rounds"
	KeyReplayTurn       = "core.replay.turn"
	KeyReplayTurns      = "core.replay.turns"
	KeyReplaySwing      = "core.replay.swing"
	KeyReplayAhead      = "core.replay.ahead"
	KeyReplayBehind     = "core.replay.behind"
)

// summaryTexts are the summary's texts in English and German.
func summaryTexts() map[string][2]string {
	return map[string][2]string{
		KeyReplayPostRounds: {"🎞️ Replay of **{game}**: the public board after each of {n} turns, over {rounds} rounds.", "🎞️ Wiederholung von **{game}**: das öffentliche Spielbrett nach jedem von {n} Zügen, über {rounds} Runden."},
		KeyReplayLead:       {"Who led: {spans}.", "Wer führte: {spans}."},
		KeyReplaySpan:       {"{who} in {when}", "{who} in {when}"},
		KeyReplayLevel:      {"level", "gleichauf"},
		KeyReplayRound:      {"round {n}", "Runde {n}"},
		KeyReplayRounds:     {"rounds {from}–{to}", "Runden {from}–{to}"},
		KeyReplayTurn:       {"turn {n}", "Zug {n}"},
		KeyReplayTurns:      {"turns {from}–{to}", "Zügen {from}–{to}"},
		KeyReplaySwing:      {"Biggest swing: {player}, from {before} to {after} in {when}.", "Größter Umschwung: {player}, von {before} auf {after} in {when}."},
		KeyReplayAhead:      {"{n} ahead", "{n} vorn"},
		KeyReplayBehind:     {"{n} behind", "{n} zurück"},
	}
}

// maxLeadSpans bounds the "who led" line; a longer story ends in "…".
const maxLeadSpans = 8

// leadSpan is a stretch of rounds (or turns) From..To in which the same
// seats led; none: everyone level.
type leadSpan struct {
	From, To int
	Leaders  []int
}

// swing is the biggest change of one seat's margin over the best other
// seat within one commit, at round (or turn) When.
type swing struct {
	Seat, Before, After, When int
}

// Summary is what a replay's words say, before they are localized.
type Summary struct {
	byRound bool // spans and When count rounds, else turns
	lead    []leadSpan
	swing   *swing
}

// Summarize reads who led when and the biggest swing from a game's course;
// nothing for a game without public scores or with a single seat.
func Summarize(c games.Course) Summary {
	s := Summary{byRound: len(c.Rounds) == len(c.Views) && len(c.Rounds) > 0}
	if len(c.Scores) != len(c.Views) || len(c.Scores) < 2 || len(c.Scores[0]) < 2 {
		return s
	}
	// A commit's board counts for the round the move was made in (the
	// board after a round's last move already shows the next round).
	when := func(k int) int {
		if s.byRound {
			return c.Rounds[k-1]
		}
		return k
	}
	type unitLead struct {
		unit    int
		leaders []int
	}
	var units []unitLead // the leaders at the end of each round or turn
	for k := 1; k < len(c.Scores); k++ {
		u, leaders := when(k), leadersOf(c.Scores[k])
		if n := len(units); n > 0 && units[n-1].unit == u {
			units[n-1].leaders = leaders
			continue
		}
		units = append(units, unitLead{u, leaders})
	}
	for _, ul := range units {
		if n := len(s.lead); n > 0 && slices.Equal(s.lead[n-1].Leaders, ul.leaders) {
			s.lead[n-1].To = ul.unit
			continue
		}
		s.lead = append(s.lead, leadSpan{From: ul.unit, To: ul.unit, Leaders: ul.leaders})
	}
	for k := 1; k < len(c.Scores); k++ {
		for seat := range c.Scores[k] {
			before, after := margin(c.Scores[k-1], seat), margin(c.Scores[k], seat)
			if d := after - before; d > 0 && (s.swing == nil || d > s.swing.After-s.swing.Before) {
				s.swing = &swing{Seat: seat, Before: before, After: after, When: when(k)}
			}
		}
	}
	return s
}

// leadersOf are the seats with the top score; none when all are level.
func leadersOf(scores []int) []int {
	top := slices.Max(scores)
	var out []int
	for seat, v := range scores {
		if v == top {
			out = append(out, seat)
		}
	}
	if len(out) == len(scores) {
		return nil
	}
	return out
}

// margin is seat's lead over the best other seat (negative: behind).
func margin(scores []int, seat int) int {
	best := 0
	first := true
	for i, v := range scores {
		if i != seat && (first || v > best) {
			best, first = v, false
		}
	}
	return scores[seat] - best
}

// Lines are the summary in lang, names naming the seats.
func (sm Summary) Lines(v interact.Voice, names []string, lang string) []string {
	name := func(seat int) string {
		if seat >= 0 && seat < len(names) {
			return names[seat]
		}
		return "?"
	}
	when := func(from, to int) string {
		one, many := KeyReplayTurn, KeyReplayTurns
		if sm.byRound {
			one, many = KeyReplayRound, KeyReplayRounds
		}
		if from == to {
			return v.Text(lang, games.T(one, "n", from))
		}
		return v.Text(lang, games.T(many, "from", from, "to", to))
	}
	var lines []string
	if len(sm.lead) > 0 {
		var spans []string
		for k, sp := range sm.lead {
			if k == maxLeadSpans-1 && len(sm.lead) > maxLeadSpans {
				spans = append(spans, "…")
				break
			}
			who := v.Text(lang, games.T(KeyReplayLevel))
			if len(sp.Leaders) > 0 {
				var ns []string
				for _, seat := range sp.Leaders {
					ns = append(ns, name(seat))
				}
				who = strings.Join(ns, " & ")
			}
			spans = append(spans, v.Text(lang, games.T(KeyReplaySpan, "who", who, "when", when(sp.From, sp.To))))
		}
		lines = append(lines, v.Text(lang, games.T(KeyReplayLead, "spans", strings.Join(spans, ", "))))
	}
	if sw := sm.swing; sw != nil {
		lines = append(lines, v.Text(lang, games.T(KeyReplaySwing, "player", name(sw.Seat),
			"before", marginText(v, sw.Before, lang), "after", marginText(v, sw.After, lang), "when", when(sw.When, sw.When))))
	}
	return lines
}

// marginText says a margin: "3 ahead", "level", "2 behind".
func marginText(v interact.Voice, m int, lang string) string {
	switch {
	case m > 0:
		return v.Text(lang, games.T(KeyReplayAhead, "n", m))
	case m < 0:
		return v.Text(lang, games.T(KeyReplayBehind, "n", -m))
	}
	return v.Text(lang, games.T(KeyReplayLevel))
}
