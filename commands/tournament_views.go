package commands

import (
	"context"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tournament"
)

// TournamentImages draws a tournament's standings and podium as PNG.
// Images that implement it get these pictures; others give words alone.
type TournamentImages interface {
	TournamentStandings(v TournamentSheet) ([]byte, error)
	TournamentPodium(v TournamentSheet) ([]byte, error)
}

// TournamentSheet is a standings or podium picture, every word already in
// the reader's language.
type TournamentSheet struct {
	Title, Subtitle string
	// Headings name the columns: rank, player, points, opponents' points,
	// relative score, games.
	Headings                       [6]string
	DroppedMark, More, PointsLabel string
	Rows                           []TournamentRow
}

// TournamentRow is one player's line, best first.
type TournamentRow struct {
	Rank     int
	Name     string
	Points   float64
	Opponent float64
	Relative float64
	Played   int
	Dropped  bool
}

// maxStandingsRows is how many lines a standings picture shows (the
// imaging package's limit).
const maxStandingsRows = 40

// sheet is tr's standings as a picture's data in lang.
func (s *Service) sheet(tr *tournament.Tournament, lang string) TournamentSheet {
	loc := func(key string, kv ...any) string { return s.voice.Text(lang, games.T(key, kv...)) }
	sub := loc(KeyTourFinal)
	if tr.Status != tournament.StatusOver {
		sub = loc(KeyTourAfterRound, "round", roundsDone(tr), "rounds", tr.Config.Rounds)
	}
	v := TournamentSheet{
		Title:       s.voice.GameName(lang, tr.Config.Game) + " · " + s.formatName(lang, tr.Config.Format),
		Subtitle:    sub,
		Headings:    [6]string{loc(KeyTourColRank), loc(KeyTourColPlayer), loc(KeyTourColPoints), loc(KeyTourColOpponent), loc(KeyTourColRelative), loc(KeyTourColGames)},
		DroppedMark: loc(KeyTourDroppedMark),
		PointsLabel: loc(KeyTourPointsLabel),
	}
	for _, st := range tr.Standings() {
		v.Rows = append(v.Rows, TournamentRow{Rank: st.Rank, Name: tr.Players[st.Player].Name, Points: st.Points,
			Opponent: st.Opponent, Relative: st.Relative, Played: st.Played, Dropped: st.Dropped})
	}
	if n := len(v.Rows) - maxStandingsRows; n > 0 {
		v.More = loc(KeyTourStandingsMore, "n", n)
		v.Rows = v.Rows[:maxStandingsRows]
	}
	return v
}

// roundsDone counts the rounds whose every table has a result.
func roundsDone(tr *tournament.Tournament) int {
	n := 0
	for _, r := range tr.Rounds {
		if r.Done() {
			n++
		}
	}
	return n
}

// standingsWords is the standings in words and as a picture's data.
func (s *Service) standingsWords(tr *tournament.Tournament, lang string) (string, TournamentSheet) {
	v := s.sheet(tr, lang)
	lines := []string{s.voice.Text(lang, games.T(KeyTourStandingsHead, "game", s.voice.GameName(lang, tr.Config.Game), "format", s.formatName(lang, tr.Config.Format), "when", v.Subtitle))}
	st := tr.Standings()
	size := len(lines[0])
	for k, row := range st {
		name := tr.Players[row.Player].Name
		if row.Dropped {
			name += " " + v.DroppedMark
		}
		line := s.voice.Text(lang, games.T(KeyTourStandingsLine, "rank", row.Rank, "name", name, "points", fmtPoints(row.Points),
			"opponent", fmtPoints(row.Opponent), "relative", signedPoints(row.Relative), "played", row.Played))
		if size+len(line)+60 > 1900 {
			lines = append(lines, s.voice.Text(lang, games.T(KeyTourStandingsMore, "n", len(st)-k)))
			break
		}
		size += len(line) + 1
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n"), v
}

// standingsMessage is the standings in words, with the picture when one
// can be drawn (the answer to /tournament standings).
func (s *Service) standingsMessage(tr *tournament.Tournament, lang string) *Message {
	text, v := s.standingsWords(tr, lang)
	return &Message{Content: text, Files: s.sheetFiles(tr.ID, v, false)}
}

// postStandings stages the standings in the tournament's channel, head
// (if any) above them, the picture drawn when delivered.
func (s *Service) postStandings(o *tourOutbox, tr *tournament.Tournament, head string) {
	text, v := s.standingsWords(tr, tr.Lang)
	if head != "" {
		text = interact.Truncate(head+"\n"+text, 2000)
	}
	o.post(Message{Content: text}).Sheet = &v
}

// signedPoints writes a relative score with its sign.
func signedPoints(f float64) string {
	s := fmtPoints(f)
	if f > 0 && s != "0" {
		return "+" + s
	}
	return s
}

// finalPosts stage the tournament's end: the final standings, the
// winner with the podium picture, the sign-up closed.
func (s *Service) finalPosts(o *tourOutbox, tr *tournament.Tournament) {
	lang := tr.Lang
	var winners []string
	for _, row := range tr.Standings() {
		if row.Rank == 1 {
			winners = append(winners, tr.Players[row.Player].Name)
		}
	}
	head := s.voice.Text(lang, games.T(KeyTourOver, "names", strings.Join(winners, ", ")))
	if len(winners) == 0 || tr.Current() < 0 {
		head = s.voice.Text(lang, games.T(KeyTourOverTooFew))
	}
	s.postStandings(o, tr, "")
	v := s.sheet(tr, lang)
	v.Rows = v.Rows[:min(3, len(v.Rows))]
	p := o.post(Message{Content: head})
	p.Sheet, p.Podium = &v, true
	if tr.SignupMessageID != "" {
		o.edit(tr.SignupMessageID, s.signupMessage(tr))
	}
}

// roundText is /tournament round: the current round's tables, each with
// its state and a link to its thread.
func (s *Service) roundText(ctx context.Context, tr *tournament.Tournament, lang string) string {
	r := tr.Current()
	if r < 0 {
		return s.voice.Text(lang, games.T(KeyTourNoRound))
	}
	round := tr.Rounds[r]
	rounds := strconv.Itoa(tr.Config.Rounds)
	if tr.Config.Format == tournament.Knockout {
		rounds = "?"
	}
	lines := []string{s.voice.Text(lang, games.T(KeyTourRoundView, "round", r+1, "rounds", rounds, "when", interact.Timestamp(round.Ends)))}
	if tr.Status == tournament.StatusPaused {
		lines = append(lines, s.voice.Text(lang, games.T(KeyTourStatePaused)))
	}
	for i, tb := range round.Tables {
		state, link := KeyTourStateOpening, ""
		switch {
		case tb.Result != nil:
			state = KeyTourStateDone
		case tb.Ref != "":
			state = KeyTourStatePlaying
			if t, err := s.store.Get(ctx, tb.Ref); err == nil && t.Status != table.StatusPlaying {
				state = KeyTourStateDone
			}
		}
		if tb.Ref != "" {
			link = "<#" + tb.Ref + ">"
		}
		lines = append(lines, s.voice.Text(lang, games.T(KeyTourRoundViewLine, "n", i+1, "state", s.voice.Text(lang, games.T(state)), "names", s.seatNames(tr, tb.Seats), "link", link)))
	}
	if len(round.Byes) > 0 {
		lines = append(lines, s.voice.Text(lang, games.T(KeyTourRoundBye, "points", fmtPoints(tournament.ByePoints(tr.Config.TableSize)), "names", s.seatNames(tr, round.Byes))))
	}
	return interact.Truncate(strings.Join(lines, "\n"), 2000)
}
