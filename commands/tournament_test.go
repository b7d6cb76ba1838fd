package commands

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/tournaments"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/rating"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tournament"
)

const manageServer = discordgo.PermissionManageGuild

// tour sends /tournament <sub> with options as user with perms.
func (h *harness) tour(user string, perms int64, sub string, opts ...string) Result {
	i := slashInteraction(user, tournaments.CmdTournament, sub, opts...)
	i.Member.Permissions = perms
	return h.run(h.svc.Handle(context.Background(), i))
}

// stored is the channel's tournament as stored.
func (h *harness) stored() *tournament.Tournament {
	h.t.Helper()
	tr, err := h.store.Tournaments().ChannelTournament(ctxBG, chanA)
	if err != nil {
		h.t.Fatal(err)
	}
	return tr
}

func (h *harness) storedJSON() string {
	data, err := json.Marshal(h.stored())
	if err != nil {
		h.t.Fatal(err)
	}
	return string(data)
}

// newTour opens a swiss sign-up of the fake game (one round a game) and
// signs players up.
func (h *harness) newTour(format string, size, rounds int, players ...string) {
	h.t.Helper()
	h.wantReply(h.tour(manager, manageServer, tournaments.SubTourNew, OptGame, tabletest.ID, tournaments.OptTourFormat, format,
		tournaments.OptTourSize, strconv.Itoa(size), tournaments.OptTourRounds, strconv.Itoa(rounds), tournaments.OptTourDays, "1", OptOptions, "rounds=1"), "en", tournaments.KeyTourOKNew)
	for _, p := range players {
		h.wantReply(h.click(p, findID(h.t, h.channelMsgs(), KindTourJoin, "")), "en", tournaments.KeyTourOKJoined)
	}
}

var sixPlayers = []string{"u11", "u12", "u13", "u14", "u15", "u16"}

// Every bad input gets its localized answer and changes nothing.
func TestTournamentBadInput(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		name  string
		user  string
		perms int64
		opts  []string
		key   string
	}{
		{"no permission", ann, 0, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1"}, tournaments.KeyTourNeedManage},
		{"unknown game", manager, manageServer, []string{OptGame, "chess", tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1"}, interact.KeyUnknownGame},
		{"table too big for the game", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "5", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1"}, tournament.ErrTableSize},
		{"no such format", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "ladder", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1"}, tournament.ErrFormat},
		{"rounds not a number", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "many", tournaments.OptTourDays, "1"}, tournaments.KeyTourBadNumber},
		{"too many days", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "99"}, tournaments.KeyTourBadNumber},
		{"bad table option", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1", OptOptions, "rounds=9"}, coreopt.ErrBadValue},
		{"knockout advancing everyone", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "knockout", tournaments.OptTourSize, "3", tournaments.OptTourDays, "1", tournaments.OptTourAdvance, "3"}, tournament.ErrAdvance},
		{"knockout with rounds", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "knockout", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1"}, tournament.ErrKnockoutRounds},
		{"swiss without rounds", manager, manageServer, []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourDays, "1"}, tournament.ErrRounds},
	} {
		h.wantReply(h.tour(c.user, c.perms, tournaments.SubTourNew, c.opts...), "en", c.key)
		if _, err := h.store.Tournaments().ChannelTournament(ctxBG, chanA); err == nil {
			t.Fatalf("%s: a tournament was stored", c.name)
		}
	}
	h.wantReply(h.tour(ann, 0, tournaments.SubTourStandings), "en", tournaments.KeyTourNone)
	dm := slashInteraction(ann, tournaments.CmdTournament, tournaments.SubTourStandings)
	dm.GuildID, dm.Member, dm.User = "", nil, &discordgo.User{ID: ann}
	h.wantReply(h.run(h.svc.Handle(ctxBG, dm)), "en", tournaments.KeyTourNoGuild)

	h.newTour("swiss", 3, 2, ann)
	before := h.storedJSON()
	for _, c := range []struct {
		name string
		res  func() Result
		lang string
		key  string
	}{
		{"second tournament here", func() Result {
			return h.tour(manager, manageServer, tournaments.SubTourNew, OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1")
		}, "en", tournaments.KeyTourBusy},
		{"joining twice", func() Result { return h.click(ann, findID(t, h.channelMsgs(), KindTourJoin, "")) }, "en", tournament.ErrJoined},
		{"leaving unjoined, in German", func() Result { return h.click(bo, findID(t, h.channelMsgs(), KindTourLeave, "")) }, "de", tournament.ErrNotJoined},
		{"a player starting", func() Result { return h.click(ann, findID(t, h.channelMsgs(), KindTourStart, "")) }, "en", tournaments.KeyTourNotOrganiser},
		{"a player ending", func() Result { return h.tour(ann, 0, tournaments.SubTourEnd) }, "en", tournaments.KeyTourNotOrganiser},
		{"a result before the start", func() Result {
			return h.tour(manager, manageServer, tournaments.SubTourResult, tournaments.OptTourTable, "1", tournaments.OptTourRanks, "1,2,3")
		}, "en", tournaments.KeyTourNotStarted},
		{"pausing before the start", func() Result { return h.tour(manager, manageServer, tournaments.SubTourPause) }, "en", tournament.ErrNotRunning},
		{"dropping a stranger", func() Result {
			return h.tour(manager, manageServer, tournaments.SubTourDrop, tournaments.OptTourPlayer, nobody)
		}, "en", tournament.ErrNotJoined},
		{"a stale confirmation from a player", func() Result {
			id, _ := CustomID{Kind: KindTourConfirm, Channel: chanA, Table: h.stored().ID, Arg: "end"}.Encode()
			return h.click(ann, id)
		}, "en", tournaments.KeyTourNotOrganiser},
	} {
		h.wantReply(c.res(), c.lang, c.key)
		if after := h.storedJSON(); after != before {
			t.Fatalf("%s changed the tournament:\n%s\n%s", c.name, before, after)
		}
	}
	// Too few at the start: called off, said so.
	h.wantReply(h.click(manager, findID(t, h.channelMsgs(), KindTourStart, "")), "en", tournaments.KeyTourOKStarted)
	if tr := h.stored(); tr.Status != tournament.StatusOver || len(tr.Rounds) != 0 {
		t.Fatalf("started with one player: %+v", tr)
	}
	if !strings.Contains(h.channelMsgs()[len(h.channelMsgs())-1].Content, h.text("en", tournaments.KeyTourTooFewStart)) {
		t.Error("calling off was not told")
	}
}

// A swiss tournament of six over two rounds: the sign-up, tables opened in
// threads with their games started, a game abandoned recorded at once,
// the round's end handing the rest to bots (of normal strength, thought
// out by the bots' pool), a restart in the middle, the second round paired
// by itself, the end with the standings.
func TestTournamentSwissRunsItself(t *testing.T) {
	h := newHarness(t)
	h.thinks = true
	h.restart()
	h.newTour("swiss", 3, 2, sixPlayers...)
	h.wantReply(h.click(sixPlayers[0], findID(t, h.channelMsgs(), KindTourLeave, "")), "en", tournaments.KeyTourOKLeft)
	h.wantReply(h.click(sixPlayers[0], findID(t, h.channelMsgs(), KindTourJoin, "")), "en", tournaments.KeyTourOKJoined)
	h.wantReply(h.click(manager, findID(t, h.channelMsgs(), KindTourStart, "")), "en", tournaments.KeyTourOKStarted)
	tr := h.stored()
	if tr.Status != tournament.StatusRunning || len(tr.Rounds) != 1 || len(tr.Rounds[0].Tables) != 2 {
		t.Fatalf("after the start: %+v", tr)
	}
	if len(h.threads) != 2 {
		t.Fatalf("%d threads opened, want 2", len(h.threads))
	}
	// The tables' first deliveries were confirmed once carried out.
	if left, err := h.store.Tables().Outbox(ctxBG); err != nil || len(left) != 0 {
		t.Fatalf("outbox after the tables opened: %d items, %v", len(left), err)
	}
	for i, tb := range tr.Rounds[0].Tables {
		if tb.Ref == "" {
			t.Fatalf("table %d has no thread", i)
		}
		g, err := h.store.Tables().Get(ctxBG, tb.Ref)
		if err != nil || g.Status != table.StatusPlaying || len(g.Seats) != 3 || g.ID != tournaments.TableID(tr.ID, 0, i) {
			t.Fatalf("table %d: %+v, %v", i, g, err)
		}
		for k, p := range tb.Seats {
			if g.Seats[k].UserID != tr.Players[p].ID {
				t.Errorf("table %d seat %d is %s, paired %s", i, k, g.Seats[k].UserID, tr.Players[p].ID)
			}
		}
	}
	// The first table is abandoned by its host: recorded at once, the host
	// last (a forfeit), the others ahead.
	first := tr.Rounds[0].Tables[0]
	host := tr.Players[first.Seats[0]].ID
	ab := slashInteraction(host, CmdGame, SubAbandon)
	ab.ChannelID = first.Ref
	h.run(h.svc.Handle(ctxBG, ab))
	tr = h.stored()
	if res := tr.Rounds[0].Tables[0].Result; res == nil || res.By != "abandoned" || res.Ranks[0] != 3 || res.Ranks[1] > 2 || res.Ranks[2] > 2 {
		t.Fatalf("abandoned table's result: %+v, want its host (seat 0) last", res)
	}
	// A restart in the middle of the round changes nothing.
	h.restart()
	// The round's time runs out: bots finish the second game; the next
	// round is paired by the scheduler, twice as it comes due, once only.
	h.advance(24*time.Hour + time.Minute)
	for range 20 {
		h.tick()
		if len(h.stored().Rounds) == 2 {
			break
		}
	}
	tr = h.stored()
	if len(tr.Rounds) != 2 {
		t.Fatalf("round 2 not paired: %d rounds", len(tr.Rounds))
	}
	if res := tr.Rounds[0].Tables[1].Result; res == nil || res.By != "" {
		t.Fatalf("the game bots finished: %+v", res)
	}
	finished, err := h.store.Tables().Get(ctxBG, tr.Rounds[0].Tables[1].Ref)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range finished.Seats {
		if got := finished.Bots().Strength(i); !s.Bot || got != coreopt.BotNormal {
			t.Errorf("seat %d after the round's end: bot %v at %q, want a bot at %q", i, s.Bot, got, coreopt.BotNormal)
		}
	}
	if h.thinker.Plans() == 0 {
		t.Error("the bots that finished the round's game never searched: they did not play at normal strength")
	}
	h.tick()
	if n := len(h.stored().Rounds); n != 2 {
		t.Fatalf("a second tick paired again: %d rounds", n)
	}
	if len(h.threads) != 4 {
		t.Fatalf("%d threads after round 2 opened, want 4", len(h.threads))
	}
	// Round 2 ends by its time too; then the tournament is over.
	h.advance(24*time.Hour + time.Minute)
	for range 20 {
		h.tick()
		if h.stored().Status == tournament.StatusOver {
			break
		}
	}
	tr = h.stored()
	if tr.Status != tournament.StatusOver {
		t.Fatalf("not over: %+v", tr.Status)
	}
	var over bool
	for _, m := range h.channelMsgs() {
		if strings.HasPrefix(m.Content, h.text("en", tournaments.KeyTourOver)) {
			over = true
		}
	}
	if !over {
		t.Error("the end was not told")
	}
	if at, ok := tr.NextDue(); ok {
		t.Errorf("an ended tournament is due at %v", at)
	}
	h.assertNoSecrets()
}

// The organiser's actions take a confirmation, and only the confirmation
// changes the tournament.
func TestTournamentOrganiserConfirms(t *testing.T) {
	h := newHarness(t)
	h.newTour("swiss", 3, 2, sixPlayers...)
	h.wantReply(h.click(manager, findID(t, h.channelMsgs(), KindTourStart, "")), "en", tournaments.KeyTourOKStarted)
	before := h.storedJSON()
	ask := h.tour(manager, manageServer, tournaments.SubTourDrop, tournaments.OptTourPlayer, sixPlayers[2])
	h.wantReply(ask, "en", tournaments.KeyTourAskDrop)
	if h.storedJSON() != before {
		t.Fatal("asking changed the tournament")
	}
	h.wantReply(h.click(manager, findID(t, []Message{*ask.Reply}, KindTourConfirm, "")), "en", tournaments.KeyTourOKDone)
	tr := h.stored()
	if tr.Players[tr.PlayerIndex(sixPlayers[2])].Status != tournament.Dropped {
		t.Fatal("not dropped")
	}
	// A result typed by the organiser, in seat order.
	ask = h.tour(manager, manageServer, tournaments.SubTourResult, tournaments.OptTourTable, "2", tournaments.OptTourRanks, "3,1,2")
	h.wantReply(ask, "en", tournaments.KeyTourAskResult)
	h.wantReply(h.tour(manager, manageServer, tournaments.SubTourResult, tournaments.OptTourTable, "7", tournaments.OptTourRanks, "1,2,3"), "en", tournaments.KeyTourNoSuchTable)
	h.wantReply(h.tour(manager, manageServer, tournaments.SubTourResult, tournaments.OptTourTable, "1", tournaments.OptTourRanks, "1,2"), "en", tournaments.KeyTourBadRanks)
	h.click(manager, findID(t, []Message{*ask.Reply}, KindTourConfirm, ""))
	if res := h.stored().Rounds[0].Tables[1].Result; res == nil || res.By != "organiser" || res.Ranks[1] != 1 {
		t.Fatalf("typed result: %+v", res)
	}
	// Pause and resume keep the round's time left.
	ends := h.stored().Rounds[0].Ends
	h.click(manager, findID(t, []Message{*h.tour(manager, manageServer, tournaments.SubTourPause).Reply}, KindTourConfirm, ""))
	if tr := h.stored(); tr.Status != tournament.StatusPaused {
		t.Fatalf("not paused: %v", tr.Status)
	}
	h.advance(5 * time.Hour)
	h.click(manager, findID(t, []Message{*h.tour(manager, manageServer, tournaments.SubTourPause).Reply}, KindTourConfirm, ""))
	if tr := h.stored(); tr.Status != tournament.StatusRunning || !tr.Rounds[0].Ends.Equal(ends.Add(5*time.Hour)) {
		t.Fatalf("resumed: %v, ends %v, want %v", tr.Status, tr.Rounds[0].Ends, ends.Add(5*time.Hour))
	}
	// The standings in words; the round with its tables.
	if res := h.tour(ann, 0, tournaments.SubTourStandings); res.Reply == nil || !strings.Contains(res.Reply.Content, "1.") {
		t.Fatalf("standings: %+v", res.Reply)
	}
	if res := h.tour(ann, 0, tournaments.SubTourRound); res.Reply == nil || strings.Count(res.Reply.Content, "<#") != 2 {
		t.Fatalf("round: %+v", res.Reply)
	}
	// The end: the game still running is finished by bots, then it is over.
	h.click(manager, findID(t, []Message{*h.tour(manager, manageServer, tournaments.SubTourEnd).Reply}, KindTourConfirm, ""))
	for range 20 {
		h.tick()
	}
	if tr := h.stored(); tr.Status != tournament.StatusOver || tr.Rounds[0].Tables[0].Result == nil {
		t.Fatalf("not ended: %v, %+v", tr.Status, tr.Rounds[0].Tables[0].Result)
	}
	h.wantReply(h.tour(manager, manageServer, tournaments.SubTourEnd), "en", tournament.ErrOver)
}

// /tournament's names and descriptions keep Discord's rules in both
// languages: names lowercase letters, digits and dashes up to 32, texts up
// to 100 characters.
func TestTournamentDefinition(t *testing.T) {
	h := newHarness(t)
	name := regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)
	var check func(path, n string, ns map[discordgo.Locale]string, desc string, descs map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption)
	check = func(path, n string, ns map[discordgo.Locale]string, desc string, descs map[discordgo.Locale]string, opts []*discordgo.ApplicationCommandOption) {
		for _, x := range []string{n, ns[discordgo.German]} {
			if !name.MatchString(x) {
				t.Errorf("%s: name %q", path, x)
			}
		}
		for _, x := range []string{desc, descs[discordgo.German]} {
			if x == "" || utf8.RuneCountInString(x) > 100 {
				t.Errorf("%s: description %q", path, x)
			}
		}
		for _, o := range opts {
			check(path+" "+o.Name, o.Name, o.NameLocalizations, o.Description, o.DescriptionLocalizations, o.Options)
			for _, c := range o.Choices {
				if c.Name == "" || c.NameLocalizations[discordgo.German] == "" {
					t.Errorf("%s: choice %+v", path, c)
				}
			}
		}
	}
	d := h.svc.tournaments.Definition()
	check("/tournament", d.Name, *d.NameLocalizations, d.Description, *d.DescriptionLocalizations, d.Options)
	if len(d.Options) != 9 {
		t.Errorf("%d subcommands", len(d.Options))
	}
}

func TestTournamentNeedsThreads(t *testing.T) {
	h := newHarness(t)
	i := slashInteraction(manager, tournaments.CmdTournament, tournaments.SubTourNew, OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "3", tournaments.OptTourRounds, "2", tournaments.OptTourDays, "1")
	i.Member.Permissions = manageServer
	i.AppPermissions = discordgo.PermissionSendMessages
	h.wantReply(h.run(h.svc.Handle(ctxBG, i)), "en", lobby.KeyThreadNoPermission)
	if _, err := h.store.Tournaments().ChannelTournament(ctxBG, chanA); err == nil {
		t.Fatal("a tournament was stored without thread permissions")
	}
}

// Round 1 is seeded by the players' ratings for the game in this server:
// a player who won a rated game sits at the first table.
func TestTournamentSeedsByRating(t *testing.T) {
	h := newHarness(t)
	winner := sixPlayers[5]
	if _, err := h.store.Ratings().RecordGame(ctxBG, rating.Game{TableID: "old", GameID: tabletest.ID, GuildID: guildA, Rated: true,
		Players: []rating.Player{{UserID: winner, Rank: 1}, {UserID: "u99", Rank: 2}}}); err != nil {
		t.Fatal(err)
	}
	h.newTour("swiss", 3, 2, sixPlayers...)
	tr := h.stored()
	w, other := tr.Players[tr.PlayerIndex(winner)], tr.Players[tr.PlayerIndex(sixPlayers[0])]
	if w.Rating <= other.Rating || other.Rating != float64(rating.New().Display()) {
		t.Fatalf("ratings for seeding: winner %v, newcomer %v", w.Rating, other.Rating)
	}
	h.click(manager, findID(t, h.channelMsgs(), KindTourStart, ""))
	if first := h.stored().Rounds[0].Tables[0].Seats; !slices.Contains(first, tr.PlayerIndex(winner)) {
		t.Fatalf("the rated winner is not at the first table: %v", first)
	}
}

// A knockout of six at tables of three, the best one of each going on:
// two tables, then the final of two, then the end; nobody joins once it
// runs.
func TestTournamentKnockoutToFinal(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.tour(manager, manageServer, tournaments.SubTourNew, OptGame, tabletest.ID, tournaments.OptTourFormat, "knockout",
		tournaments.OptTourSize, "3", tournaments.OptTourDays, "1", OptOptions, "rounds=1", tournaments.OptTourAdvance, "1"), "en", tournaments.KeyTourOKNew)
	for _, p := range sixPlayers {
		h.click(p, findID(t, h.channelMsgs(), KindTourJoin, ""))
	}
	h.click(manager, findID(t, h.channelMsgs(), KindTourStart, ""))
	signup := h.channelMsgs()[0]
	if len(customIDs(signup.Components)) != 0 {
		t.Fatalf("a running knockout's sign-up keeps buttons: %v", customIDs(signup.Components))
	}
	var shape []int
	for range 5 {
		tr := h.stored()
		if tr.Status == tournament.StatusOver {
			break
		}
		shape = append(shape, len(tr.Rounds[tr.Current()].Tables))
		h.advance(24*time.Hour + time.Minute)
		for range 10 {
			h.tick()
		}
	}
	tr := h.stored()
	if tr.Status != tournament.StatusOver || !slices.Equal(shape, []int{2, 1}) || len(tr.Rounds[1].Tables[0].Seats) != 2 {
		t.Fatalf("knockout: %s, tables per round %v", tr.Status, shape)
	}
	winner := tr.Standings()[0].Player
	if !slices.Contains(tr.Rounds[1].Tables[0].Seats, winner) {
		t.Fatalf("the winner %d did not play the final %v", winner, tr.Rounds[1].Tables[0].Seats)
	}
}
