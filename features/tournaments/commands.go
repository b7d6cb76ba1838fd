package tournaments

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/tables"
	"github.com/tavern-bot/tavern/tournament"
)

// tournamentCmd answers /tournament.
func (f *Feature) tournamentCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	if len(opts) != 1 || opts[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return f.voice.Key(r.Lang, interact.KeyMalformed)
	}
	if r.Interaction.GuildID == "" || r.ChannelID == "" {
		return f.voice.Key(r.Lang, KeyTourNoGuild)
	}
	sub := opts[0]
	if sub.Name == SubTourNew {
		return f.newTournament(ctx, r, sub.Options)
	}
	tr, err := f.tournamentHere(ctx, r.ChannelID)
	if err != nil {
		return f.posts.tourErr(r, err)
	}
	switch sub.Name {
	case SubTourStart:
		if !f.isOrganiser(ctx, r, tr) {
			return f.voice.Key(r.Lang, KeyTourNotOrganiser)
		}
		return f.startTournament(ctx, r, tr.ID)
	case SubTourStandings:
		return interact.Result{Reply: f.posts.standingsMessage(tr, r.Lang)}
	case SubTourRound:
		return interact.Reply(f.roundText(ctx, tr, r.Lang))
	case SubTourDrop:
		return f.askDrop(ctx, r, tr, sub.Options)
	case SubTourReplace, SubTourResult, SubTourPause, SubTourEnd:
		if !f.isOrganiser(ctx, r, tr) {
			return f.voice.Key(r.Lang, KeyTourNotOrganiser)
		}
		return f.askOrganiser(r, tr, sub)
	}
	return f.voice.Key(r.Lang, interact.KeyMalformed)
}

// tournamentHere is the tournament a command typed in channelID is about:
// the channel's own, or, in a tournament table's thread, that table'f.
func (f *Feature) tournamentHere(ctx context.Context, channelID string) (*tournament.Tournament, error) {
	tr, err := f.store.Tournaments.ChannelTournament(ctx, channelID)
	if err == nil || !errors.Is(err, storage.ErrNoTournament) {
		return tr, err
	}
	if t, terr := f.store.Tables.Get(ctx, channelID); terr == nil {
		if id, _, _, ok := parseTableID(t.ID); ok {
			return f.store.Tournaments.Tournament(ctx, id)
		}
	}
	return nil, err
}

// tourErr answers a tournament command's error.
func (p posts) tourErr(r interact.Request, err error) interact.Result {
	switch {
	case errors.Is(err, storage.ErrNoTournament):
		return p.voice.Key(r.Lang, KeyTourNone)
	case errors.Is(err, storage.ErrActiveTournament):
		return p.voice.Key(r.Lang, KeyTourBusy)
	}
	return p.voice.Err(r, err)
}

// isOrganiser reports whether r may run tr: its organiser, or a member
// who may organise tournaments in the server (mayOrganise).
func (f *Feature) isOrganiser(ctx context.Context, r interact.Request, tr *tournament.Tournament) bool {
	return r.UserID == tr.Organiser || f.mayOrganise(ctx, r)
}

// mayOrganise reports a member who manages the server or holds the role
// the server named for organisers (/server-settings organiser-role). A
// server whose settings cannot be read leaves Manage Server only.
func (f *Feature) mayOrganise(ctx context.Context, r interact.Request) bool {
	if r.ManagesServer() {
		return true
	}
	if r.Interaction.GuildID == "" || r.Interaction.Member == nil || len(r.Interaction.Member.Roles) == 0 {
		return false
	}
	g, err := f.store.Settings.Guild(ctx, r.Interaction.GuildID)
	if err != nil {
		f.log.Warn("tournament: organiser role", "guild", r.Interaction.GuildID, "err", err)
		return false
	}
	return r.HasRole(g.OrganiserRole)
}

// intOpt reads a whole-number option within [least, most]; ok is false
// (with the answer to give) when it is out of range or unreadable. A
// missing option gives def.
func (p posts) intOpt(r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption, name string, def, least, most int) (int, interact.Result, bool) {
	raw := interact.StringOpt(opts, name)
	if raw == "" {
		return def, interact.Result{}, true
	}
	n, ok := interact.WholeNumber(raw)
	if !ok || n < least || n > most {
		label := p.voice.Say(r.Lang, interact.NameKey("tournament.new."+name))
		return 0, p.voice.Key(r.Lang, KeyTourBadNumber, "option", label, "min", least, "max", most, "value", interact.Truncate(raw, 20)), false
	}
	return n, interact.Result{}, true
}

// newTournament answers /tournament new: the sign-up opens in the channel.
func (f *Feature) newTournament(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	switch {
	case !f.mayOrganise(ctx, r):
		return f.voice.Key(r.Lang, KeyTourNeedManage)
	case !r.MayOpenThreads():
		return f.voice.Key(r.Lang, interact.KeyThreadNoPermission)
	}
	gameID := interact.StringOpt(opts, OptTourGame)
	g, ok := f.games.Get(gameID)
	if !ok {
		return f.voice.UnknownGame(r.Lang, gameID)
	}
	info := g.Info()
	cfg := tournament.Config{Game: gameID, Format: tournament.Format(interact.StringOpt(opts, OptTourFormat)), MinSize: info.MinPlayers, Seed: f.newSeed()}
	var bad interact.Result
	for _, o := range []struct {
		name             string
		to               *int
		def, least, most int
	}{
		{OptTourSize, &cfg.TableSize, 0, tournament.MinTableSize, tournament.MaxTableSize},
		{OptTourRounds, &cfg.Rounds, 0, 1, tournament.MaxRounds},
		{OptTourDays, &cfg.Days, 0, 1, tournament.MaxDays},
	} {
		if *o.to, bad, ok = f.posts.intOpt(r, opts, o.name, o.def, o.least, o.most); !ok {
			return bad
		}
	}
	if cfg.Advance, bad, ok = f.posts.intOpt(r, opts, OptTourAdvance, max(1, cfg.TableSize/2), 1, tournament.MaxTableSize-1); !ok {
		return bad
	}
	hours, bad, ok := f.posts.intOpt(r, opts, OptTourSignup, 0, 1, maxTourSignupHour)
	if !ok {
		return bad
	}
	if err := cfg.Validate(info.MinPlayers, info.MaxPlayers); err != nil {
		return f.voice.Err(r, err)
	}
	optionText := interact.StringOpt(opts, OptTourOptions)
	typed, ok := coreopt.Parse(optionText)
	if !ok {
		return f.voice.Key(r.Lang, interact.KeyBadOptions, "text", interact.Truncate(optionText, 100))
	}
	if _, err := coreopt.Validate(coreopt.All(info), typed); err != nil {
		return f.voice.Err(r, err)
	}
	cfg.Options = typed
	var closes time.Time
	if hours > 0 {
		closes = f.now().Add(time.Duration(hours) * time.Hour)
	}
	tr := tournament.New(f.tables.NewID(), r.Interaction.GuildID, r.ChannelID, r.UserID, r.GuildLang, cfg, closes)
	tr.OrganiserName = r.UserName
	o := newTourOutbox(tr, f.now())
	o.post(f.posts.signupMessage(tr)).Signup = true
	if err := o.stage(tr); err != nil {
		return f.voice.Err(r, err)
	}
	if err := f.store.Tournaments.CreateTournament(ctx, tr); err != nil {
		return f.posts.tourErr(r, err)
	}
	f.wakeNow()
	out := f.deliverTour(o.d, tr.OutboxKeys)
	out.Reply = &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyTourOKNew))}
	return out
}

// rememberSignup stores the sign-up message's id once it is posted.
func (f *Feature) rememberSignup(id string) func(string) {
	return func(messageID string) {
		err := f.store.Tournaments.UpdateTournament(context.Background(), id, func(tr *tournament.Tournament) error {
			tr.SignupMessageID = messageID
			return nil
		})
		if err != nil {
			f.log.Error("remember sign-up message", "tournament", id, "err", err)
		}
	}
}

// formatName is the tournament's format in lang.
func (p posts) formatName(lang string, f tournament.Format) string {
	return p.voice.Text(lang, games.T(KeyTourFormatPrefix+string(f)))
}

// pointsScheme is "3/2/1/0" for a full table of size.
func pointsScheme(size int) string {
	parts := make([]string, size)
	for i := range parts {
		parts[i] = strconv.Itoa(size - 1 - i)
	}
	return strings.Join(parts, "/")
}

// signupMessage shows the tournament's rules, who signed up and, while
// players may still join, the buttons.
func (p posts) signupMessage(tr *tournament.Tournament) interact.Message {
	lang, cfg := tr.Lang, tr.Config
	game := p.voice.GameName(lang, cfg.Game)
	head := games.T(KeyTourSignup, "game", game, "format", p.formatName(lang, cfg.Format), "size", cfg.TableSize,
		"rounds", cfg.Rounds, "days", cfg.Days, "organiser", tr.OrganiserName)
	if cfg.Format == tournament.Knockout {
		head = games.T(KeyTourKnockout, "game", game, "format", p.formatName(lang, cfg.Format), "size", cfg.TableSize,
			"advance", cfg.Advance, "days", cfg.Days, "organiser", tr.OrganiserName)
	}
	var names []string
	for _, p := range tr.Players {
		if p.Status == tournament.Active {
			names = append(names, p.Name)
		}
	}
	lines := []string{
		p.voice.Text(lang, head),
		p.voice.Text(lang, games.T(KeyTourScheme, "points", pointsScheme(cfg.TableSize))),
		interact.Truncate(p.voice.Text(lang, games.T(KeyTourSignedUp, "n", len(names), "names", strings.Join(names, ", "))), 1200),
	}
	m := interact.Message{}
	switch tr.Status {
	case tournament.StatusSignup:
		if tr.SignupCloses.IsZero() {
			lines = append(lines, p.voice.Text(lang, games.T(KeyTourByOrganiser)))
		} else {
			lines = append(lines, p.voice.Text(lang, games.T(KeyTourCloses, "when", interact.Timestamp(tr.SignupCloses))))
		}
		m.Components = p.tourButtons(tr, interact.KindTourJoin, interact.KindTourLeave, interact.KindTourStart)
	default:
		lines = append(lines, p.voice.Text(lang, games.T(KeyTourSignupClosed, "n", len(names))))
		if tr.Status != tournament.StatusOver && cfg.Format != tournament.Knockout {
			// Swiss and round robin take late joiners from the next round.
			m.Components = p.tourButtons(tr, interact.KindTourJoin)
		}
	}
	m.Content = interact.Truncate(strings.Join(lines, "\n"), 2000)
	return m
}

// tourButtons is a row of the tournament's buttons.
func (p posts) tourButtons(tr *tournament.Tournament, kinds ...interact.Kind) []discordgo.MessageComponent {
	labels := map[interact.Kind]struct {
		key   string
		style discordgo.ButtonStyle
	}{interact.KindTourJoin: {KeyTourBtnJoin, discordgo.PrimaryButton}, interact.KindTourLeave: {KeyTourBtnLeave, discordgo.SecondaryButton}, interact.KindTourStart: {KeyTourBtnStart, discordgo.SuccessButton}}
	var row []discordgo.MessageComponent
	for _, k := range kinds {
		id, err := interact.CustomID{Kind: k, Channel: tr.ChannelID, Table: tr.ID}.Encode()
		if err != nil {
			continue
		}
		l := labels[k]
		row = append(row, discordgo.Button{Label: p.voice.Text(tr.Lang, games.T(l.key)), Style: l.style, CustomID: id})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
}

// signupTarget is the sign-up message to redraw: the one clicked, else
// the remembered one ("" while its id is unknown).
func signupTarget(r interact.Request, tr *tournament.Tournament) string {
	if i := r.Interaction; i != nil && i.Type == discordgo.InteractionMessageComponent && i.Message != nil && i.Message.ID != "" && i.ChannelID == tr.ChannelID {
		return i.Message.ID
	}
	return tr.SignupMessageID
}

// tourJoin and tourLeave answer the sign-up buttons; the sign-up's edit
// is staged with the change.
func (f *Feature) tourJoin(ctx context.Context, r interact.Request, c interact.CustomID, join bool) interact.Result {
	var (
		tr *tournament.Tournament
		o  *tourOutbox
	)
	now := f.now()
	err := f.store.Tournaments.UpdateTournament(ctx, c.Table, func(t *tournament.Tournament) error {
		tr = t
		var err error
		if join {
			rating := f.seedRating(ctx, t.Config.Game, t.GuildID, r.UserID)
			err = t.Join(tournament.Player{ID: r.UserID, Name: r.UserName, Lang: r.Lang, Rating: rating})
		} else {
			err = t.Leave(r.UserID)
		}
		if err != nil {
			return err
		}
		o = newTourOutbox(t, now)
		if id := signupTarget(r, t); id != "" {
			o.edit(id, f.posts.signupMessage(t))
		}
		return o.stage(t)
	})
	if err != nil {
		return f.posts.tourErr(r, err)
	}
	key := KeyTourOKJoined
	if !join {
		key = KeyTourOKLeft
	}
	out := f.deliverTour(o.d, tr.OutboxKeys)
	out.Reply = &interact.Message{Content: f.voice.Text(r.Lang, games.T(key))}
	return out
}

// seedRating is a player's rating for seeding round 1: their display
// rating for the game in this server, a new player's when they have none
// (or it cannot be read), so that the unrated sit among the newcomers.
// Equal ratings are ordered by sign-up order shuffled by the seed.
func (f *Feature) seedRating(ctx context.Context, gameID, guildID, userID string) float64 {
	rec, ok, err := f.store.Ratings.Rating(ctx, rating.Key{Game: gameID, Scope: guildID}, userID)
	if err != nil {
		f.log.Warn("tournament: rating for seeding", "user", userID, "err", err)
	}
	if err != nil || !ok {
		return float64(rating.New().Display())
	}
	return float64(rec.Rating.Display())
}

// askDrop asks a player who drops themselves, or the organiser dropping
// anyone, to confirm.
func (f *Feature) askDrop(ctx context.Context, r interact.Request, tr *tournament.Tournament, opts []*discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	who := interact.StringOpt(opts, OptTourPlayer)
	if who == "" || who == r.UserID {
		if tr.PlayerIndex(r.UserID) < 0 {
			return f.voice.Err(r, games.Errorf(tournament.ErrNotJoined))
		}
		return f.posts.confirm(r, tr, KeyTourAskDropSelf, "drop:"+r.UserID)
	}
	if !f.isOrganiser(ctx, r, tr) {
		return f.voice.Key(r.Lang, KeyTourNotOrganiser)
	}
	i := tr.PlayerIndex(who)
	if i < 0 {
		return f.voice.Err(r, games.Errorf(tournament.ErrNotJoined))
	}
	return f.posts.confirm(r, tr, KeyTourAskDrop, "drop:"+who, "player", tr.Players[i].Name)
}

// askOrganiser checks an organiser's command and asks to confirm it.
func (f *Feature) askOrganiser(r interact.Request, tr *tournament.Tournament, sub *discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	switch sub.Name {
	case SubTourReplace:
		old, with := interact.StringOpt(sub.Options, OptTourPlayer), interact.StringOpt(sub.Options, OptTourWith)
		i := tr.PlayerIndex(old)
		if i < 0 {
			return f.voice.Err(r, games.Errorf(tournament.ErrNotJoined))
		}
		if with == "" || tr.PlayerIndex(with) >= 0 {
			return f.voice.Err(r, games.Errorf(tournament.ErrJoined))
		}
		name, ok := r.ResolvedName(with)
		if !ok {
			name = with
		}
		arg := "replace:" + old + ":" + with + ":"
		return f.posts.confirm(r, tr, KeyTourAskReplace, arg+fitArg(tr, arg, name), "player", tr.Players[i].Name, "with", name)
	case SubTourResult:
		round := tr.Current()
		if round < 0 {
			return f.voice.Key(r.Lang, KeyTourNotStarted)
		}
		n, _ := interact.WholeNumber(interact.StringOpt(sub.Options, OptTourTable))
		if n < 1 || n > len(tr.Rounds[round].Tables) {
			return f.voice.Key(r.Lang, KeyTourNoSuchTable, "n", interact.Truncate(interact.StringOpt(sub.Options, OptTourTable), 10))
		}
		text := interact.StringOpt(sub.Options, OptTourRanks)
		ranks, ok := parseRanks(text, len(tr.Rounds[round].Tables[n-1].Seats))
		if !ok {
			return f.voice.Key(r.Lang, KeyTourBadRanks, "text", interact.Truncate(text, 40))
		}
		return f.posts.confirm(r, tr, KeyTourAskResult, "result:"+strconv.Itoa(round)+"."+strconv.Itoa(n-1)+":"+joinInts(ranks),
			"n", n, "ranks", joinInts(ranks), "names", f.posts.rankedNames(tr, tr.Rounds[round].Tables[n-1].Seats, ranks))
	case SubTourPause:
		switch tr.Status {
		case tournament.StatusRunning:
			return f.posts.confirm(r, tr, KeyTourAskPause, "pause")
		case tournament.StatusPaused:
			return f.posts.confirm(r, tr, KeyTourAskResume, "pause")
		}
		return f.voice.Err(r, games.Errorf(tournament.ErrNotRunning))
	case SubTourEnd:
		if tr.Status == tournament.StatusOver {
			return f.voice.Err(r, games.Errorf(tournament.ErrOver))
		}
		if tr.Closing {
			return f.voice.Key(r.Lang, KeyTourAlreadyEnding)
		}
		if n := unfinished(tr); n > 0 {
			return f.posts.confirm(r, tr, KeyTourAskEndGames, "end", "n", n)
		}
		return f.posts.confirm(r, tr, KeyTourAskEnd, "end")
	}
	return f.voice.Key(r.Lang, interact.KeyMalformed)
}

// unfinished counts the current round's tables without a result.
func unfinished(tr *tournament.Tournament) int {
	r := tr.Current()
	if r < 0 || tr.Status == tournament.StatusOver {
		return 0
	}
	n := 0
	for _, tb := range tr.Rounds[r].Tables {
		if tb.Result == nil {
			n++
		}
	}
	return n
}

// fitArg cuts text so that a confirmation's custom id holding arg+text
// stays within Discord's limit.
func fitArg(tr *tournament.Tournament, arg, text string) string {
	room := interact.MaxCustomIDLen - len(string(interact.KindTourConfirm)+tr.ChannelID+tr.ID+arg) - 6
	for len(text) > max(room, 0) {
		r := []rune(text)
		text = string(r[:len(r)-1])
	}
	return strings.ReplaceAll(text, interact.Separator, "/")
}

// parseRanks reads "2,1,3": one place per seat, each from 1 to seats.
func parseRanks(text string, seats int) ([]int, bool) {
	parts := strings.Split(text, ",")
	if len(parts) != seats {
		return nil, false
	}
	out := make([]int, seats)
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > seats {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// rankedNames is "Ada 1, Bruno 2" for a table's seats.
func (p posts) rankedNames(tr *tournament.Tournament, seats, ranks []int) string {
	parts := make([]string, len(seats))
	for i, p := range seats {
		parts[i] = tr.Players[p].Name + " " + strconv.Itoa(ranks[i])
	}
	return strings.Join(parts, ", ")
}

// confirm is the ephemeral question with the button that carries out arg.
func (p posts) confirm(r interact.Request, tr *tournament.Tournament, key, arg string, kv ...any) interact.Result {
	id, err := interact.CustomID{Kind: interact.KindTourConfirm, Channel: tr.ChannelID, Table: tr.ID, Arg: arg}.Encode()
	if err != nil {
		p.log.Error("tournament confirmation", "tournament", tr.ID, "err", err)
		return p.voice.Key(r.Lang, interact.KeyInternal)
	}
	return interact.Result{Reply: &interact.Message{
		Content: p.voice.Text(r.Lang, games.T(key, kv...)),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: p.voice.Text(r.Lang, games.T(KeyTourBtnConfirm)), Style: discordgo.DangerButton, CustomID: id},
		}}},
	}}
}

// tourConfirm carries out a confirmed tournament action (see confirm).
func (f *Feature) tourConfirm(ctx context.Context, r interact.Request, c interact.CustomID) interact.Result {
	verb, rest, _ := strings.Cut(c.Arg, ":")
	var (
		said    []string
		replace struct{ old, with, name string }
		final   bool
		o       *tourOutbox
		saved   *tournament.Tournament
	)
	mayOrganise := f.mayOrganise(ctx, r) // read before the transaction
	err := f.store.Tournaments.UpdateTournament(ctx, c.Table, func(tr *tournament.Tournament) error {
		said = said[:0]
		organiser := r.UserID == tr.Organiser || mayOrganise
		if !organiser && !(verb == "drop" && rest == r.UserID) {
			return games.Errorf(KeyTourNotOrganiser)
		}
		lang := tr.Lang
		switch verb {
		case "drop":
			i := tr.PlayerIndex(rest)
			if err := tr.Drop(rest); err != nil {
				return err
			}
			said = append(said, f.voice.Text(lang, games.T(KeyTourDropped, "player", tr.Players[i].Name)))
		case "replace":
			parts := strings.SplitN(rest, ":", 3)
			if len(parts) != 3 {
				return games.Errorf(interact.KeyBadButton)
			}
			i := tr.PlayerIndex(parts[0])
			if i < 0 {
				return games.Errorf(tournament.ErrNotJoined)
			}
			old := tr.Players[i].Name
			if err := tr.Replace(parts[0], tournament.Player{ID: parts[1], Name: parts[2], Lang: lang}); err != nil {
				return err
			}
			replace.old, replace.with, replace.name = parts[0], parts[1], parts[2]
			said = append(said, f.voice.Text(lang, games.T(KeyTourReplaced, "player", old, "with", parts[2])))
		case "result":
			where, ranksText, _ := strings.Cut(rest, ":")
			rs, is, _ := strings.Cut(where, ".")
			round, err1 := strconv.Atoi(rs)
			idx, err2 := strconv.Atoi(is)
			if err1 != nil || err2 != nil || round != tr.Current() || idx < 0 || idx >= len(tr.Rounds[round].Tables) {
				return games.Errorf(tournament.ErrNoTable)
			}
			seats := tr.Rounds[round].Tables[idx].Seats
			ranks, ok := parseRanks(ranksText, len(seats))
			if !ok {
				return games.Errorf(KeyTourBadRanks, "text", ranksText)
			}
			if err := tr.Record(round, idx, tournament.Result{Ranks: ranks, By: "organiser"}, true); err != nil {
				return err
			}
			if tr.Rounds[round].Done() {
				tr.Wake = f.now()
			}
			said = append(said, f.voice.Text(lang, games.T(KeyTourResultSet, "n", idx+1, "names", f.posts.rankedNames(tr, seats, tr.Rounds[round].Tables[idx].Result.Ranks))))
		case "pause":
			// The games' clocks follow on the wake-up (advance, syncClocks).
			now := f.now()
			switch r := tr.Current(); {
			case tr.Status == tournament.StatusRunning && r >= 0 && !tr.Closing:
				tr.Status, tr.PausedLeft, tr.Wake = tournament.StatusPaused, max(0, tr.Rounds[r].Ends.Sub(now)), now
				said = append(said, f.voice.Text(lang, games.T(KeyTourPaused)))
			case tr.Status == tournament.StatusPaused && r >= 0:
				tr.Status, tr.Wake = tournament.StatusRunning, now
				tr.Rounds[r].Ends = now.Add(tr.PausedLeft)
				said = append(said, f.voice.Text(lang, games.T(KeyTourResumed, "when", interact.Timestamp(tr.Rounds[r].Ends))))
			default:
				return games.Errorf(tournament.ErrNotRunning)
			}
		case "end":
			switch n := unfinished(tr); {
			case tr.Status == tournament.StatusOver:
				return games.Errorf(tournament.ErrOver)
			case tr.Closing:
				return games.Errorf(KeyTourAlreadyEnding)
			case n > 0:
				// Running games are finished by bots and count; the
				// tournament ends when the last has ended (advance).
				tr.Status, tr.Closing, tr.Wake = tournament.StatusRunning, true, f.now()
				said = append(said, f.voice.Text(lang, games.T(KeyTourEnding, "n", n)))
			default:
				tr.Status, tr.Wake, final = tournament.StatusOver, time.Time{}, true
			}
		default:
			return games.Errorf(interact.KeyBadButton)
		}
		o = newTourOutbox(tr, f.now())
		for _, line := range said {
			o.post(interact.Message{Content: line})
		}
		if final {
			f.posts.finalPosts(o, tr)
		} else if verb == "drop" && tr.SignupMessageID != "" {
			o.edit(tr.SignupMessageID, f.posts.signupMessage(tr))
		}
		saved = tr
		return o.stage(tr)
	})
	if err != nil {
		return f.posts.tourErr(r, err)
	}
	results := []interact.Result{f.deliverTour(o.d, saved.OutboxKeys)}
	if replace.old != "" {
		results = append(results, f.replaceSeats(ctx, saved, replace.old, replace.with, replace.name)...)
	}
	out := interact.Merge(results)
	out.Reply = &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyTourOKDone))}
	f.wakeNow()
	return out
}

// replaceSeats gives old's seat at the current round's running tables to
// the replacing player; each table tells its thread (through its outbox).
func (f *Feature) replaceSeats(ctx context.Context, tr *tournament.Tournament, old, with, name string) []interact.Result {
	r := tr.Current()
	if r < 0 {
		return nil
	}
	var out []interact.Result
	for i, tb := range tr.Rounds[r].Tables {
		if tb.Ref == "" || tb.Result != nil {
			continue
		}
		res, _, err := f.engine.Announce(ctx, tb.Ref, tables.Notice{TableID: TableID(tr.ID, r, i)}, func(t *table.Table, _ games.Game) (interact.Message, error) {
			seat := t.SeatOf(old)
			if seat < 0 || !t.Active() {
				return interact.Message{}, errNothing
			}
			t.Seats[seat].UserID, t.Seats[seat].Name = with, name
			return interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyTourReplaced, "player", "<@"+old+">", "with", "<@"+with+">")), Mentions: []string{with}}, nil
		})
		if err == nil {
			out = append(out, res)
		} else if !errors.Is(err, errNothing) {
			f.log.Error("tournament: replace seat", "tournament", tr.ID, "table", tb.Ref, "err", err)
		}
	}
	return out
}

// tourStartClick answers the sign-up's Start button (organiser only).
func (f *Feature) tourStartClick(ctx context.Context, r interact.Request, c interact.CustomID) interact.Result {
	tr, err := f.store.Tournaments.Tournament(ctx, c.Table)
	if err != nil {
		return f.posts.tourErr(r, err)
	}
	if !f.isOrganiser(ctx, r, tr) {
		return f.voice.Key(r.Lang, KeyTourNotOrganiser)
	}
	return f.startTournament(ctx, r, tr.ID)
}
