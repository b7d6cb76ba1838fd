package tournaments

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
	"github.com/tavern-bot/tavern/tournament"
)

// ReopenAfter is how long a table asked to open may take before it is
// asked again (its thread's opening was lost, e.g. to a restart, or
// refused), and how often a round whose time ran out looks again at the
// games bots finish. A table is asked for at most maxTries times; one
// never opened ties its players when the round's time is up.
const (
	ReopenAfter = 10 * time.Minute
	maxTries    = 3
)

// Step is what one transaction on a tournament decided (Advance): what to
// tell and do once it is stored.
type Step struct {
	started, calledOff bool
	roundDone          int // the round just completed, −1 for none
	paired, over       bool
	open, settle       []int // tables of the current round to open, to hand to bots
	// sync lists the current round's tables whose games' clocks are to be
	// paused or resumed with the tournament.
	sync []int
}

// advance moves tr on at now as far as it can: sign-up closing, a round
// complete (the next one paired, or the end), tables to open, a round
// whose time is up. It is the one place rounds advance, always inside
// the tournament's transaction, so each step happens once.
func Advance(tr *tournament.Tournament, now time.Time, start bool) Step {
	st := Step{roundDone: -1}
	switch tr.Status {
	case tournament.StatusSignup:
		if start || (!tr.SignupCloses.IsZero() && !now.Before(tr.SignupCloses)) {
			begin(tr, now, &st)
		}
	case tournament.StatusRunning:
		if r := tr.Current(); r >= 0 && tr.Rounds[r].Done() {
			st.roundDone = r
			if tr.Finished() || tr.Closing {
				tr.Status, st.over = tournament.StatusOver, true
			} else if err := tr.Pair(); err != nil {
				tr.Status, st.over = tournament.StatusOver, true
			} else {
				tr.Rounds[r+1].Ends = now.Add(time.Duration(tr.Config.Days) * 24 * time.Hour)
				st.paired = true
			}
		}
	}
	tr.Wake = time.Time{}
	if tr.Status != tournament.StatusRunning && tr.Status != tournament.StatusPaused {
		return st
	}
	r := tr.Current()
	round := &tr.Rounds[r]
	timeUp := tr.Status == tournament.StatusRunning && (!now.Before(round.Ends) || tr.Closing) && !round.Settled
	paused := tr.Status == tournament.StatusPaused
	unsynced := false
	for i := range round.Tables {
		tb := &round.Tables[i]
		switch {
		case tb.Result != nil:
		case tb.Ref != "" && !timeUp && tb.Paused != paused:
			st.sync = append(st.sync, i)
			unsynced = true
		case timeUp && tb.Ref == "":
			// Never opened (its thread was refused): everyone ties.
			tb.Result = &tournament.Result{Ranks: make([]int, len(tb.Seats)), Scores: make([]float64, len(tb.Seats)), By: "unplayed"}
			for k := range tb.Result.Ranks {
				tb.Result.Ranks[k] = 1
			}
		case timeUp:
			st.settle = append(st.settle, i)
		case tb.Ref == "" && tb.Tries < maxTries && (tb.Asked.IsZero() || now.Sub(tb.Asked) >= ReopenAfter):
			tb.Asked, tb.Tries = now, tb.Tries+1
			st.open = append(st.open, i)
		}
	}
	if timeUp {
		round.Settled = true
	}
	for _, tb := range round.Tables {
		if tb.Result == nil && ((tb.Ref == "" && tb.Tries < maxTries) || round.Settled) {
			tr.Wake = now.Add(ReopenAfter) // to ask again, or to look again
		}
	}
	if unsynced {
		tr.Wake = now.Add(ReopenAfter) // to look again should a table's change be lost
	}
	if round.Done() {
		tr.Wake = now // the next round is paired on the next tick
	}
	return st
}

// begin closes sign-up: round 1 is paired, or the tournament is called
// off for want of players.
func begin(tr *tournament.Tournament, now time.Time, st *Step) {
	if tr.Active() < max(tr.Config.MinSize, tournament.MinTableSize) {
		tr.Status, st.calledOff = tournament.StatusOver, true
		return
	}
	tr.Status = tournament.StatusRunning
	if err := tr.Pair(); err != nil {
		tr.Status, st.calledOff = tournament.StatusOver, true
		return
	}
	tr.Rounds[0].Ends = now.Add(time.Duration(tr.Config.Days) * 24 * time.Hour)
	st.started, st.paired = true, true
}

// startTournament answers the organiser's Start: sign-up closes now.
func (f *Feature) startTournament(ctx context.Context, r interact.Request, id string) interact.Result {
	res, err := f.stepTournament(ctx, id, true)
	if err != nil {
		return f.posts.tourErr(r, err)
	}
	out := interact.Merge(res)
	out.Reply = &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyTourOKStarted))}
	return out
}

// fire handles a tournament's due event (see advance).
func (f *Feature) fire(ctx context.Context, id string) []interact.Result {
	res, err := f.stepTournament(ctx, id, false)
	if err != nil {
		f.log.Error("scheduler: tournament", "tournament", id, "err", err)
		return nil
	}
	return res
}

// stepTournament records the results of the current round's games that
// ended without being recorded (a crash between a game's end and its
// record), advances the tournament in one transaction, and returns what
// that needs: announcements, tables to open, games to hand to bots.
func (f *Feature) stepTournament(ctx context.Context, id string, start bool) ([]interact.Result, error) {
	before, err := f.store.Tournaments.Tournament(ctx, id)
	if err != nil {
		return nil, err
	}
	found := f.endedGames(ctx, before)
	now := f.now()
	var (
		tr   *tournament.Tournament
		step Step
	)
	var o *tourOutbox
	err = f.store.Tournaments.UpdateTournament(ctx, id, func(t *tournament.Tournament) error {
		if start && t.Status != tournament.StatusSignup {
			return games.Errorf(tournament.ErrNotSignup)
		}
		for _, e := range found {
			_ = t.Record(e.round, e.idx, e.res, false) // one recorded meanwhile stays
		}
		step = Advance(t, now, start)
		tr = t
		o = newTourOutbox(t, now)
		f.posts.announce(o, t, step)
		return o.stage(t)
	})
	if err != nil {
		return nil, err
	}
	return f.tell(ctx, tr, step, f.deliverTour(o.d, tr.OutboxKeys)), nil
}

// endedGame is a finished game's result found at its table.
type endedGame struct {
	round, idx int
	res        tournament.Result
}

// endedGames reads the current round's open tables and returns the
// results of those whose game is over.
func (f *Feature) endedGames(ctx context.Context, tr *tournament.Tournament) []endedGame {
	r := tr.Current()
	if r < 0 {
		return nil
	}
	var out []endedGame
	for i, tb := range tr.Rounds[r].Tables {
		if tb.Result != nil || tb.Ref == "" {
			continue
		}
		t, err := f.store.Tables.Get(ctx, tb.Ref)
		if err != nil || t.ID != TableID(tr.ID, r, i) || t.Active() {
			continue
		}
		if res, ok := f.Result(t); ok {
			out = append(out, endedGame{round: r, idx: i, res: res})
		}
	}
	return out
}

// Result is an ended table's tournament result: ranks and scores by seat from
// the game's standings (abandonedResult for an abandoned game).
func (f *Feature) Result(t *table.Table) (tournament.Result, bool) {
	switch t.Status {
	case table.StatusAbandoned:
		return f.abandonedResult(t), true
	case table.StatusOver:
		res, ok := f.standingsResult(t)
		if blamed, left := forfeits(t); ok && left > 0 && left < len(t.Seats) {
			res.Ranks = blameLast(res.Ranks, blamed)
		}
		return res, ok
	}
	return tournament.Result{}, false
}

// standingsResult is the game's standings at t as a result; ok is false
// when they cannot be read.
func (f *Feature) standingsResult(t *table.Table) (tournament.Result, bool) {
	n := len(t.Seats)
	res := tournament.Result{Ranks: make([]int, n), Scores: make([]float64, n)}
	g, ok := f.games.Get(t.GameID)
	if !ok {
		return res, false
	}
	st, err := g.Load(t.State)
	if err != nil {
		f.log.Error("tournament: result of table", "table", t.ID, "err", err)
		return res, false
	}
	for _, sd := range st.Standings() {
		if sd.Seat >= 0 && sd.Seat < n {
			res.Ranks[sd.Seat], res.Scores[sd.Seat] = sd.Rank, float64(sd.Score)
		}
	}
	for i, r := range res.Ranks {
		if r < 1 || r > n {
			res.Ranks[i] = n // a seat the standings left out ranks last
		}
	}
	return res, true
}

// forfeits are the seats of t whose players gave the game up
// (table.Forfeited), and how many.
func forfeits(t *table.Table) (blamed []bool, left int) {
	blamed = make([]bool, len(t.Seats))
	for i := range t.Seats {
		if t.Forfeited(i) {
			blamed[i] = true
			left++
		}
	}
	return blamed, left
}

// blameLast ranks the blamed seats last (tied), the others in the order
// of keys (smaller is better; equal keys tie).
func blameLast(keys []int, blamed []bool) []int {
	n := len(keys)
	keys = slices.Clone(keys)
	for i := range keys {
		if blamed[i] {
			keys[i] = n + 1
		}
	}
	return tournament.CompetitionRanks(keys)
}

// abandonedResult ranks an abandoned game as tournaments rank a forfeit:
// the players who left it (table.Forfeited, the absent players the others
// voted to end the game over, the player who ended it alone) share the
// last place, behind the others in the order of the game's standings
// when it stopped (tied when those cannot be read). When nobody is to
// blame (an organiser, idleness of everyone) or everybody is, all tie.
func (f *Feature) abandonedResult(t *table.Table) tournament.Result {
	n := len(t.Seats)
	blamed, left := forfeits(t)
	for i, seat := range t.Seats {
		if !blamed[i] && (slices.Contains(t.VotedOut, i) || (t.AbandonedBy != "" && seat.UserID == t.AbandonedBy && !seat.Bot)) {
			blamed[i] = true
			left++
		}
	}
	keys := make([]int, n) // smaller is better
	scores := make([]float64, n)
	if left > 0 && left < n {
		if st, ok := f.standingsResult(t); ok {
			copy(keys, st.Ranks)
			scores = st.Scores
		}
	} else {
		blamed = make([]bool, n) // nobody or everybody: all tie
	}
	return tournament.Result{Ranks: blameLast(keys, blamed), Scores: scores, By: "abandoned"}
}

// TableEnded records at once the result of a tournament's game that has
// just ended (t was saved over or abandoned: a tables hook); when it
// completes the round, the tournament is woken to pair the next one.
func (f *Feature) TableEnded(ctx context.Context, t *table.Table) {
	id, round, idx, ok := parseTableID(t.ID)
	if !ok {
		return
	}
	res, ok := f.Result(t)
	if !ok {
		return
	}
	err := f.store.Tournaments.UpdateTournament(context.WithoutCancel(ctx), id, func(tr *tournament.Tournament) error {
		if err := tr.Record(round, idx, res, false); err != nil {
			return err
		}
		if tr.Rounds[round].Done() && (tr.Status == tournament.StatusRunning || tr.Status == tournament.StatusPaused) {
			tr.Wake = f.now()
		}
		return nil
	})
	var ge *games.Error
	switch {
	case errors.As(err, &ge):
		// Recorded already (the organiser's result), or a table of a
		// round long gone: nothing to do.
	case err != nil:
		f.log.Error("tournament: record result", "tournament", id, "table", t.ID, "err", err)
	default:
		f.wakeNow()
	}
}

// wakeNow nudges the scheduler to look at the due index at once.
func (f *Feature) wakeNow() { f.waker.DueAt(time.Time{}) }

// announce stages what a step tells the tournament's channel: the
// sign-up closed, a call-off, a round's standings, the next pairings, the
// end.
func (p posts) announce(o *tourOutbox, tr *tournament.Tournament, st Step) {
	lang := tr.Lang
	say := func(key string, kv ...any) {
		o.post(interact.Message{Content: p.voice.Text(lang, games.T(key, kv...))})
	}
	if (st.started || st.calledOff) && tr.SignupMessageID != "" {
		o.edit(tr.SignupMessageID, p.signupMessage(tr))
	}
	if st.calledOff {
		say(KeyTourTooFewStart, "n", tr.Active(), "min", max(tr.Config.MinSize, tournament.MinTableSize))
	}
	if st.roundDone >= 0 && !st.over {
		p.postStandings(o, tr, p.voice.Text(lang, games.T(KeyTourRoundDone, "round", st.roundDone+1)))
	}
	if st.paired {
		o.post(interact.Message{Content: p.roundAnnouncement(tr)})
	}
	if st.over {
		p.finalPosts(o, tr)
	}
}

// tell turns a stored step into Results: its announcements (posts, staged
// with it), the tables to open, the games to hand to bots.
func (f *Feature) tell(ctx context.Context, tr *tournament.Tournament, st Step, staged interact.Result) []interact.Result {
	out := []interact.Result{staged}
	for _, i := range st.open {
		out = append(out, interact.Result{Actions: []interact.Action{f.openTourTable(tr, tr.Current(), i)}})
	}
	for _, i := range st.settle {
		if res, ok := f.botsFinish(ctx, tr, tr.Current(), i); ok {
			out = append(out, res)
		}
	}
	for _, i := range st.sync {
		if res, ok := f.syncClocks(ctx, tr, tr.Current(), i); ok {
			out = append(out, res)
		}
	}
	return out
}

// syncClocks pauses (or resumes) the clocks of a running game of a paused
// (or resumed) tournament, telling its thread, and records that it did.
// Both are idempotent, so a change lost to a crash is made when the
// tournament wakes again.
func (f *Feature) syncClocks(ctx context.Context, tr *tournament.Tournament, round, idx int) (interact.Result, bool) {
	pause := tr.Status == tournament.StatusPaused
	ref := tr.Rounds[round].Tables[idx].Ref
	res, changed, err := f.engine.Announce(ctx, ref, tables.Notice{TableID: TableID(tr.ID, round, idx), Status: true}, func(t *table.Table, g games.Game) (interact.Message, error) {
		change := t.Clocks().Resume
		key := KeyTourTableResumed
		if pause {
			change, key = t.Clocks().Pause, KeyTourTablePaused
		}
		changed, err := change(g, f.now())
		if err != nil || !changed {
			return interact.Message{}, errors.Join(err, errNothing)
		}
		return interact.Message{Content: f.voice.Text(t.Lang, games.T(key))}, nil
	})
	if err != nil && !errors.Is(err, errNothing) && !errors.Is(err, storage.ErrNotFound) {
		f.log.Error("tournament: pause clocks", "tournament", tr.ID, "table", ref, "pause", pause, "err", err)
		return interact.Result{}, false
	}
	err = f.store.Tournaments.UpdateTournament(ctx, tr.ID, func(x *tournament.Tournament) error {
		if round != x.Current() || idx >= len(x.Rounds[round].Tables) || (x.Status == tournament.StatusPaused) != pause {
			return errNothing // moved on meanwhile: the next wake-up looks again
		}
		x.Rounds[round].Tables[idx].Paused = pause
		return nil
	})
	if err != nil && !errors.Is(err, errNothing) {
		f.log.Error("tournament: record paused clocks", "tournament", tr.ID, "table", ref, "err", err)
	}
	return res, changed
}

// roundAnnouncement lists the current round's tables and byes.
func (p posts) roundAnnouncement(tr *tournament.Tournament) string {
	lang, r := tr.Lang, tr.Current()
	round := tr.Rounds[r]
	rounds := strconv.Itoa(tr.Config.Rounds)
	if tr.Config.Format == tournament.Knockout {
		rounds = "?"
	}
	lines := []string{p.voice.Text(lang, games.T(KeyTourRound, "round", r+1, "rounds", rounds, "tables", len(round.Tables), "when", interact.Timestamp(round.Ends)))}
	for i, tb := range round.Tables {
		lines = append(lines, p.voice.Text(lang, games.T(KeyTourRoundTable, "n", i+1, "names", p.seatNames(tr, tb.Seats))))
	}
	if len(round.Byes) > 0 {
		lines = append(lines, p.voice.Text(lang, games.T(KeyTourRoundBye, "points", fmtPoints(tournament.ByePoints(tr.Config.TableSize)), "names", p.seatNames(tr, round.Byes))))
	}
	return interact.Truncate(strings.Join(lines, "\n"), 2000)
}

func (p posts) seatNames(tr *tournament.Tournament, players []int) string {
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = tr.Players[p].Name
	}
	return strings.Join(names, ", ")
}

// fmtPoints writes points as people do: 3, 2.5, 1.67.
func fmtPoints(f float64) string {
	s := strings.TrimRight(strings.TrimRight(strconv.FormatFloat(f, 'f', 2, 64), "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

// openTourTable opens table idx of round in a new thread of the
// tournament's channel, its seats filled and the game started; the
// starter line mentions its players, once.
func (f *Feature) openTourTable(tr *tournament.Tournament, round, idx int) interact.Action {
	lang := tr.Lang
	tb := tr.Rounds[round].Tables[idx]
	mentions := make([]string, len(tb.Seats))
	ids := make([]string, len(tb.Seats))
	for i, p := range tb.Seats {
		ids[i] = tr.Players[p].ID
		mentions[i] = "<@" + ids[i] + ">"
	}
	id := tr.ID
	return interact.ThreadOpen{
		ChannelID: tr.ChannelID,
		Name:      interact.Truncate(f.voice.Text(lang, games.T(KeyTourThreadName, "game", f.voice.GameName(lang, tr.Config.Game), "round", round+1, "n", idx+1)), 100),
		Starter:   interact.Message{Content: f.voice.Text(lang, games.T(KeyTourStarter, "round", round+1, "n", idx+1, "players", strings.Join(mentions, " "))), Mentions: ids},
		Failed:    interact.Message{Content: f.voice.Text(lang, games.T(interact.KeyThreadFailed))},
		Then: func(ctx context.Context, threadID, _ string) interact.Result {
			return f.startTourTable(ctx, id, round, idx, threadID)
		},
	}
}

// startTourTable makes, starts and stores the table in its new thread and
// records where it is played; the returned change posts its first board
// and DMs (carried in turn with the table's outbox, its pictures drawn then).
func (f *Feature) startTourTable(ctx context.Context, id string, round, idx int, threadID string) interact.Result {
	tr, err := f.store.Tournaments.Tournament(ctx, id)
	if err != nil || round >= len(tr.Rounds) || idx >= len(tr.Rounds[round].Tables) {
		f.log.Error("tournament: open table", "tournament", id, "round", round, "table", idx, "err", err)
		return interact.Result{}
	}
	tb := tr.Rounds[round].Tables[idx]
	if tb.Ref != "" || tb.Result != nil {
		return interact.Result{} // opened meanwhile, or settled
	}
	g, ok := f.games.Get(tr.Config.Game)
	if !ok {
		f.log.Error("tournament: unknown game", "tournament", id, "game", tr.Config.Game)
		return interact.Result{}
	}
	now := f.now()
	paused := tr.Status == tournament.StatusPaused // the table starts paused
	seats := make([]table.Seat, len(tb.Seats))
	for i, p := range tb.Seats {
		pl := tr.Players[p]
		seats[i] = table.Seat{UserID: pl.ID, Name: pl.Name, Lang: pl.Lang}
	}
	t := table.New(table.Params{
		ID: TableID(id, round, idx), ChannelID: threadID, GuildID: tr.GuildID, GameID: tr.Config.Game,
		Lang: tr.Lang, Options: tr.Config.Options, Seed: tr.Config.Seed ^ uint64(round+1)<<32 ^ uint64(idx+1), Now: now, Host: seats[0],
	})
	t.Parent = tr.ChannelID
	res, err := f.engine.OpenTable(ctx, t, g, func(t *table.Table) (st games.State, err error) {
		for _, seat := range seats[1:] {
			if err := t.Lobby().Join(g.Info(), seat, now); err != nil {
				return nil, err
			}
		}
		if t.Calendar, err = f.guildCalendar(ctx, tr.GuildID); err != nil {
			return nil, err
		}
		if st, err = t.Lobby().Start(g, seats[0].UserID, now); err != nil {
			return nil, err
		}
		if err := t.Vacations().ApplySettings(g, f.settings.Users(ctx, seats), now); err != nil {
			return nil, err
		}
		if paused {
			if _, err := t.Clocks().Pause(g, now); err != nil {
				return nil, err
			}
		}
		return st, nil
	}, func() {
		err := f.store.Tournaments.UpdateTournament(ctx, id, func(tr *tournament.Tournament) error {
			if tr.Rounds[round].Tables[idx].Ref != "" {
				return errTableOpened
			}
			tr.Rounds[round].Tables[idx].Ref = threadID
			tr.Rounds[round].Tables[idx].Paused = paused
			return nil
		})
		if err != nil {
			f.log.Error("tournament: record table", "tournament", id, "table", t.ID, "err", err)
		}
	})
	if err != nil {
		f.log.Error("tournament: start table", "tournament", id, "table", t.ID, "err", err)
		return interact.Result{Actions: []interact.Action{interact.ChannelPost{ChannelID: threadID, Message: interact.Message{Content: f.voice.Text(tr.Lang, games.T(interact.KeyInternal))}}}}
	}
	return res
}

// errTableOpened stops recording a tournament table's thread when the
// table has one already.
var errTableOpened = errors.New("tournaments: the table is opened already")

// errNothing ends an update that has nothing to change.
var errNothing = errors.New("tournaments: nothing to change")

// guildCalendar is the server's calendar for a starting table.
func (f *Feature) guildCalendar(ctx context.Context, guildID string) (cal clock.Calendar, err error) {
	g, err := f.store.Settings.Guild(ctx, guildID)
	if err != nil {
		return cal, fmt.Errorf("server settings: %w", err)
	}
	return g.Calendar, nil
}

// botsFinish hands an unfinished game of a round whose time is up to bots:
// every seat becomes a bot seat (its player may still /game return), the
// table is told, and the scheduler plays on at once.
func (f *Feature) botsFinish(ctx context.Context, tr *tournament.Tournament, round, idx int) (interact.Result, bool) {
	ref := tr.Rounds[round].Tables[idx].Ref
	res, _, err := f.engine.Announce(ctx, ref, tables.Notice{TableID: TableID(tr.ID, round, idx)}, func(t *table.Table, g games.Game) (interact.Message, error) {
		if t.Status != table.StatusPlaying {
			return interact.Message{}, errNothing
		}
		now := f.now()
		if _, err := t.Clocks().Resume(g, now); err != nil { // a paused tournament ended
			return interact.Message{}, err
		}
		st, err := t.Load(g)
		if err != nil {
			return interact.Message{}, err
		}
		t.Bots().FinishRound(st.Pending())
		t.Due = append(t.Due, table.Due{At: now, Kind: table.DueBot})
		return interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyTourTimeUp))}, nil
	})
	if err != nil {
		if !errors.Is(err, errNothing) && !errors.Is(err, storage.ErrNotFound) {
			f.log.Error("tournament: bots finish", "tournament", tr.ID, "table", ref, "err", err)
		}
		return interact.Result{}, false
	}
	return res, true
}
