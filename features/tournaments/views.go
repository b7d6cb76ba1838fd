package tournaments

import (
	"context"
	"log/slog"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tournament"
)

// posts composes what a tournament posts and answers in words and
// pictures: it needs only the Voice and the renderer.
type posts struct {
	voice  interact.Voice
	images Images // nil: words only
	log    *slog.Logger
}

// Sheet is a standings or podium picture, every word already in
// the reader's language.
type Sheet struct {
	Title, Subtitle string
	// Headings name the columns: rank, player, points, opponents' points,
	// relative score, games.
	Headings                       [6]string
	DroppedMark, More, PointsLabel string
	Rows                           []Row
}

// Row is one player's line, best first.
type Row struct {
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
func (p posts) sheet(tr *tournament.Tournament, lang string) Sheet {
	loc := func(key string, kv ...any) string { return p.voice.Text(lang, games.T(key, kv...)) }
	sub := loc(KeyTourFinal)
	if tr.Status != tournament.StatusOver {
		sub = loc(KeyTourAfterRound, "round", roundsDone(tr), "rounds", tr.Config.Rounds)
	}
	v := Sheet{
		Title:       p.voice.GameName(lang, tr.Config.Game) + " · " + p.formatName(lang, tr.Config.Format),
		Subtitle:    sub,
		Headings:    [6]string{loc(KeyTourColRank), loc(KeyTourColPlayer), loc(KeyTourColPoints), loc(KeyTourColOpponent), loc(KeyTourColRelative), loc(KeyTourColGames)},
		DroppedMark: loc(KeyTourDroppedMark),
		PointsLabel: loc(KeyTourPointsLabel),
	}
	for _, st := range tr.Standings() {
		v.Rows = append(v.Rows, Row{Rank: st.Rank, Name: tr.Players[st.Player].Name, Points: st.Points,
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
func (p posts) standingsWords(tr *tournament.Tournament, lang string) (string, Sheet) {
	v := p.sheet(tr, lang)
	lines := []string{p.voice.Text(lang, games.T(KeyTourStandingsHead, "game", p.voice.GameName(lang, tr.Config.Game), "format", p.formatName(lang, tr.Config.Format), "when", v.Subtitle))}
	st := tr.Standings()
	size := len(lines[0])
	for k, row := range st {
		name := tr.Players[row.Player].Name
		if row.Dropped {
			name += " " + v.DroppedMark
		}
		line := p.voice.Text(lang, games.T(KeyTourStandingsLine, "rank", row.Rank, "name", name, "points", fmtPoints(row.Points),
			"opponent", fmtPoints(row.Opponent), "relative", signedPoints(row.Relative), "played", row.Played))
		if size+len(line)+60 > 1900 {
			lines = append(lines, p.voice.Text(lang, games.T(KeyTourStandingsMore, "n", len(st)-k)))
			break
		}
		size += len(line) + 1
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n"), v
}

// standingsMessage is the standings in words, with the picture when one
// can be drawn (the answer to /tournament standings).
func (p posts) standingsMessage(tr *tournament.Tournament, lang string) *interact.Message {
	text, v := p.standingsWords(tr, lang)
	return &interact.Message{Content: text, Files: p.sheetFiles(tr.ID, v, false)}
}

// postStandings stages the standings in the tournament's channel, head
// (if any) above them, the picture drawn when delivered.
func (p posts) postStandings(o *tourOutbox, tr *tournament.Tournament, head string) {
	text, v := p.standingsWords(tr, tr.Lang)
	if head != "" {
		text = interact.Truncate(head+"\n"+text, 2000)
	}
	o.post(interact.Message{Content: text}).Sheet = &v
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
func (p posts) finalPosts(o *tourOutbox, tr *tournament.Tournament) {
	lang := tr.Lang
	var winners []string
	for _, row := range tr.Standings() {
		if row.Rank == 1 {
			winners = append(winners, tr.Players[row.Player].Name)
		}
	}
	head := p.voice.Text(lang, games.T(KeyTourOver, "names", strings.Join(winners, ", ")))
	if len(winners) == 0 || tr.Current() < 0 {
		head = p.voice.Text(lang, games.T(KeyTourOverTooFew))
	}
	p.postStandings(o, tr, "")
	v := p.sheet(tr, lang)
	v.Rows = v.Rows[:min(3, len(v.Rows))]
	podium := o.post(interact.Message{Content: head})
	podium.Sheet, podium.Podium = &v, true
	if tr.SignupMessageID != "" {
		o.edit(tr.SignupMessageID, p.signupMessage(tr))
	}
}

// roundText is /tournament round: the current round's tables, each with
// its state and a link to its thread.
func (f *Feature) roundText(ctx context.Context, tr *tournament.Tournament, lang string) string {
	r := tr.Current()
	if r < 0 {
		return f.voice.Text(lang, games.T(KeyTourNoRound))
	}
	round := tr.Rounds[r]
	rounds := strconv.Itoa(tr.Config.Rounds)
	if tr.Config.Format == tournament.Knockout {
		rounds = "?"
	}
	lines := []string{f.voice.Text(lang, games.T(KeyTourRoundView, "round", r+1, "rounds", rounds, "when", interact.Timestamp(round.Ends)))}
	if tr.Status == tournament.StatusPaused {
		lines = append(lines, f.voice.Text(lang, games.T(KeyTourStatePaused)))
	}
	for i, tb := range round.Tables {
		state, link := KeyTourStateOpening, ""
		switch {
		case tb.Result != nil:
			state = KeyTourStateDone
		case tb.Ref != "":
			state = KeyTourStatePlaying
			if t, err := f.store.Tables.Get(ctx, tb.Ref); err == nil && t.Status != table.StatusPlaying {
				state = KeyTourStateDone
			}
		}
		if tb.Ref != "" {
			link = "<#" + tb.Ref + ">"
		}
		lines = append(lines, f.voice.Text(lang, games.T(KeyTourRoundViewLine, "n", i+1, "state", f.voice.Text(lang, games.T(state)), "names", f.posts.seatNames(tr, tb.Seats), "link", link)))
	}
	if len(round.Byes) > 0 {
		lines = append(lines, f.voice.Text(lang, games.T(KeyTourRoundBye, "points", fmtPoints(tournament.ByePoints(tr.Config.TableSize)), "names", f.posts.seatNames(tr, round.Byes))))
	}
	return interact.Truncate(strings.Join(lines, "\n"), 2000)
}
