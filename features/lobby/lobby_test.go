package lobby

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tables"
)

// The players of the tests, by user id.
const (
	ann = "u1"
	bo  = "u2"
	cy  = "u3"
	dee = "u4"
	eve = "u5"
)

var names = map[string]string{ann: "Ann", bo: "Bo", cy: "Cy", dee: "Dee", eve: "Eve"}

// lobbyTest is a lobby feature over a bolt store in a temporary
// directory, serving the fake game (2 to 4 players, option rounds).
type lobbyTest struct {
	t       *testing.T
	f       *Feature
	store   storage.Store
	posted  int // message ids handed out
	channel string
}

func newLobbyTest(t *testing.T) *lobbyTest {
	t.Helper()
	reg, err := games.NewRegistry(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	store := storetest.Bolt(t)
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	now := func() time.Time { return at }
	var seed uint64
	newSeed := func() uint64 { seed++; return seed }
	voice := interact.NewVoice(reg, reg.Catalog(interact.Catalog(interact.Texts(), tables.Texts(), Texts()).Merge(table.Catalog())), nil)
	f := New(Deps{Games: reg, Store: store.Tables(), Tables: tables.New(store.Tables(), reg, now, newSeed, nil, tables.Hooks{}), Voice: voice,
		Now: now, NewSeed: newSeed, Settle: func(context.Context, string) error { return nil }})
	return &lobbyTest{t: t, f: f, store: store, channel: "c1"}
}

// interaction is user's interaction in channel of a server, in lang.
func interaction(user, lang, channel string, typ discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	return &discordgo.Interaction{Type: typ, Data: data, ChannelID: channel, GuildID: "g1", Locale: discordgo.Locale(lang),
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: names[user]}}}
}

func request(t *testing.T, i *discordgo.Interaction) interact.Request {
	t.Helper()
	r, ok := interact.NewRequest(i)
	if !ok {
		t.Fatalf("unreadable interaction %+v", i)
	}
	return r
}

// open answers user's /game new of the fake game with options typed.
func (lt *lobbyTest) open(user, lang, options string) interact.Result {
	r := request(lt.t, interaction(user, lang, lt.channel, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "game"}))
	res := lt.f.Open(context.Background(), r, tabletest.ID, options, false)
	lt.carry(res)
	return res
}

// click is user's click on the lobby's component of kind (value: a select's).
func (lt *lobbyTest) click(user, lang string, kind interact.Kind, arg, value string) interact.Result {
	lt.t.Helper()
	tb := lt.table()
	c := interact.CustomID{Kind: kind, Channel: tb.ChannelID, Table: tb.ID, Version: tb.Version, Arg: arg}
	id, err := c.Encode()
	if err != nil {
		lt.t.Fatal(err)
	}
	data := discordgo.MessageComponentInteractionData{CustomID: id}
	if value != "" {
		data.Values = []string{value}
	}
	r := request(lt.t, interaction(user, lang, tb.ChannelID, discordgo.InteractionMessageComponent, data))
	var res interact.Result
	ctx := context.Background()
	switch kind {
	case interact.KindJoin:
		res = lt.f.Join(ctx, r, c.Channel, c.Table)
	case interact.KindLeave:
		res = lt.f.Leave(ctx, r, c.Channel, c.Table)
	case interact.KindAddBot:
		res = lt.f.AddBot(ctx, r, c.Channel, c.Table)
	case interact.KindRemoveBot:
		res = lt.f.RemoveBot(ctx, r, c.Channel, c.Table)
	case interact.KindOption:
		res = lt.f.Option(ctx, r, c, value)
	default:
		lt.t.Fatalf("no lobby component of kind %v", kind)
	}
	lt.carry(res)
	return res
}

// carry does what a transport does with res's posts and edits: each
// OnSent hears of the message's id.
func (lt *lobbyTest) carry(res interact.Result) {
	for _, a := range res.Actions {
		switch a := a.(type) {
		case interact.ChannelPost:
			if a.OnSent != nil {
				lt.posted++
				a.OnSent("m" + strconv.Itoa(lt.posted))
			}
		case interact.ChannelEdit:
			if a.OnSent != nil {
				a.OnSent(a.MessageID)
			}
		}
	}
}

// table is the channel's table as stored.
func (lt *lobbyTest) table() *table.Table {
	lt.t.Helper()
	tb, err := lt.store.Tables().Get(context.Background(), lt.channel)
	if err != nil {
		lt.t.Fatal(err)
	}
	return tb
}

// lobbyMessage is the lobby message res posts or edits ("" when none).
func lobbyMessage(res interact.Result) string {
	for _, a := range res.Actions {
		switch a := a.(type) {
		case interact.ChannelPost:
			return a.Message.Content
		case interact.ChannelEdit:
			return a.Message.Content
		}
	}
	return ""
}

func reply(res interact.Result) string {
	if res.Reply == nil {
		return ""
	}
	return res.Reply.Content
}

func (lt *lobbyTest) say(lang, key string, kv ...any) string {
	return lt.f.Voice.Text(lang, games.T(key, kv...))
}

// Seats are taken and given up, bots seated and removed, in English and
// German: each answer is the clicker's language, the lobby message shows
// the seats in the table's, and a refused click changes nothing.
func TestSeats(t *testing.T) {
	type step struct {
		who  string
		kind interact.Kind
		// ok is the answer's key when the click is taken; else refused
		// is the answer, in English and German.
		ok      string
		refused [2]string
		seats   []string // after the step
	}
	steps := []step{
		{who: bo, kind: interact.KindJoin, ok: KeyOKJoined, seats: []string{"Ann", "Bo"}},
		{who: bo, kind: interact.KindJoin, refused: [2]string{"You already have a seat at this table.", "Du hast an diesem Tisch schon einen Platz."}},
		{who: cy, kind: interact.KindJoin, ok: KeyOKJoined, seats: []string{"Ann", "Bo", "Cy"}},
		{who: dee, kind: interact.KindJoin, ok: KeyOKJoined, seats: []string{"Ann", "Bo", "Cy", "Dee"}},
		{who: eve, kind: interact.KindJoin, refused: [2]string{"The table is full (4 players at most).", "Der Tisch ist voll (höchstens 4 Spieler)."}},
		{who: eve, kind: interact.KindLeave, refused: [2]string{"You are not playing at this table.", "Du spielst an diesem Tisch nicht mit."}},
		{who: ann, kind: interact.KindAddBot, refused: [2]string{"The table is full (4 players at most).", "Der Tisch ist voll (höchstens 4 Spieler)."}},
		{who: dee, kind: interact.KindLeave, ok: KeyOKLeft, seats: []string{"Ann", "Bo", "Cy"}},
		{who: bo, kind: interact.KindAddBot, refused: [2]string{"Only the host can do that.", "Das darf nur die Gastgeberin oder der Gastgeber."}},
		{who: ann, kind: interact.KindRemoveBot, refused: [2]string{"No bot sits at this table.", "An diesem Tisch sitzt kein Bot."}},
		{who: ann, kind: interact.KindAddBot, ok: KeyOKBot, seats: []string{"Ann", "Bo", "Cy", "Bot 1 (normal)"}},
		{who: bo, kind: interact.KindRemoveBot, refused: [2]string{"Only the host can do that.", "Das darf nur die Gastgeberin oder der Gastgeber."}},
		{who: ann, kind: interact.KindRemoveBot, ok: KeyOKBotGone, seats: []string{"Ann", "Bo", "Cy"}},
		{who: ann, kind: interact.KindLeave, ok: KeyOKLeft, seats: []string{"Bo", "Cy"}}, // Bo hosts now
		{who: bo, kind: interact.KindAddBot, ok: KeyOKBot, seats: []string{"Bo", "Cy", "Bot 1 (normal)"}},
	}
	for k, lang := range []string{"en", "de"} {
		lt := newLobbyTest(t)
		if got, want := reply(lt.open(ann, lang, "")), lt.say(lang, KeyOKNew); got != want {
			t.Fatalf("%s: /game new answered %q, want %q", lang, got, want)
		}
		for n, s := range steps {
			before := lt.table()
			res := lt.click(s.who, lang, s.kind, "", "")
			after := lt.table()
			if s.ok == "" {
				if got := reply(res); got != s.refused[k] {
					t.Errorf("%s step %d: %s's %v answered %q, want %q", lang, n, names[s.who], s.kind, got, s.refused[k])
				}
				if after.Version != before.Version || !slices.Equal(after.Names(), before.Names()) || len(res.Actions) > 0 {
					t.Errorf("%s step %d: a refused click changed the table (version %d → %d, seats %v → %v) or the lobby (%d actions)",
						lang, n, before.Version, after.Version, before.Names(), after.Names(), len(res.Actions))
				}
				continue
			}
			if got, want := reply(res), lt.say(lang, s.ok); got != want {
				t.Errorf("%s step %d: %s's %v answered %q, want %q", lang, n, names[s.who], s.kind, got, want)
			}
			if got := after.Names(); !slices.Equal(got, s.seats) {
				t.Errorf("%s step %d: seats %v, want %v", lang, n, got, s.seats)
			}
			wantLine := lt.say(lang, KeyLobbyPlayers, "n", len(s.seats), "min", 2, "max", 4, "names", strings.Join(s.seats, ", "))
			if msg := lobbyMessage(res); !strings.Contains(msg, wantLine) {
				t.Errorf("%s step %d: the lobby message %q lacks %q", lang, n, msg, wantLine)
			}
		}
	}
}

// The lobby's bot option sets the strength the next bot is seated at,
// which its name says in the table's language.
func TestBotStrength(t *testing.T) {
	tests := []struct {
		lang, strength, want string
	}{
		{"en", "", "Bot 1 (normal)"},
		{"en", coreopt.BotEasy, "Bot 1 (easy)"},
		{"en", coreopt.BotStrong, "Bot 1 (strong)"},
		{"de", coreopt.BotEasy, "Bot 1 (leicht)"},
		{"de", coreopt.BotStrong, "Bot 1 (stark)"},
	}
	for _, tc := range tests {
		lt := newLobbyTest(t)
		lt.open(ann, tc.lang, "")
		if tc.strength != "" {
			if got, want := reply(lt.click(ann, tc.lang, interact.KindOption, coreopt.Bot, tc.strength)), lt.say(tc.lang, KeyOKOption); got != want {
				t.Fatalf("%s %s: the bot option answered %q, want %q", tc.lang, tc.strength, got, want)
			}
		}
		lt.click(ann, tc.lang, interact.KindAddBot, "", "")
		tb := lt.table()
		if got := tb.Names(); len(got) != 2 || got[1] != tc.want {
			t.Errorf("%s %s: seats %v, want the bot %q", tc.lang, tc.strength, got, tc.want)
		}
		if !tb.Seats[1].Bot {
			t.Errorf("%s %s: the bot's seat is a person's", tc.lang, tc.strength)
		}
	}
}

// /game new's options are read and checked before anything is stored:
// a bad one is answered in the player's language and opens no table.
func TestOpenOptions(t *testing.T) {
	tests := []struct {
		name, options string
		game          string // "" is the fake game
		rounds        string // the table's option when it opens
		refused       [2]string
	}{
		{name: "defaults", rounds: "2"},
		{name: "a choice", options: " rounds = 3 ", rounds: "3"},
		{name: "a value not offered", options: "rounds=9",
			refused: [2]string{"“9” is not a valid value for rounds. Choose one of: 1, 2, 3.", "„9“ ist kein gültiger Wert für rounds. Wähle eines von: 1, 2, 3."}},
		{name: "an unknown option", options: "colour=red",
			refused: [2]string{"Unknown option “colour”.", "Unbekannte Option „colour“."}},
		{name: "an option twice", options: "rounds=1,rounds=3",
			refused: [2]string{"I could not read the options “rounds=1,rounds=3”.", "Ich konnte die Optionen „rounds=1,rounds=3“ nicht lesen."}},
		{name: "no value", options: "rounds",
			refused: [2]string{"I could not read the options “rounds”.", "Ich konnte die Optionen „rounds“ nicht lesen."}},
		{name: "an unknown game", game: "chess",
			refused: [2]string{"I do not know a game called “chess”.", "Ein Spiel namens „chess“ kenne ich nicht."}},
	}
	for _, tc := range tests {
		for k, lang := range []string{"en", "de"} {
			lt := newLobbyTest(t)
			game := tc.game
			if game == "" {
				game = tabletest.ID
			}
			r := request(t, interaction(ann, lang, lt.channel, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "game"}))
			res := lt.f.Open(context.Background(), r, game, tc.options, false)
			_, err := lt.store.Tables().Get(context.Background(), lt.channel)
			if tc.refused[k] != "" {
				if got := reply(res); !strings.HasPrefix(got, tc.refused[k]) {
					t.Errorf("%s (%s): answered %q, want it to begin %q", tc.name, lang, got, tc.refused[k])
				}
				if !errors.Is(err, storage.ErrNotFound) || len(res.Actions) > 0 {
					t.Errorf("%s (%s): a refused /game new stored a table (%v) or posted (%d actions)", tc.name, lang, err, len(res.Actions))
				}
				continue
			}
			if got, want := reply(res), lt.say(lang, KeyOKNew); got != want {
				t.Errorf("%s (%s): answered %q, want %q", tc.name, lang, got, want)
			}
			if err != nil {
				t.Fatalf("%s (%s): no table: %v", tc.name, lang, err)
			}
			tb := lt.table()
			if tb.Options["rounds"] != tc.rounds || tb.Status != table.StatusLobby || tb.Host != ann || tb.Lang != lang {
				t.Errorf("%s (%s): table rounds=%q status %v host %q lang %q; want rounds=%q, a lobby hosted by Ann in %s",
					tc.name, lang, tb.Options["rounds"], tb.Status, tb.Host, tb.Lang, tc.rounds, lang)
			}
		}
	}
}

// An option select changes the lobby's option for the host alone; a
// value no select offers is refused and changes nothing.
func TestOptionSelect(t *testing.T) {
	tests := []struct {
		name, who, arg, value string
		rounds                string // after the click
		refused               [2]string
	}{
		{name: "the host's choice", who: ann, arg: "rounds", value: "3", rounds: "3"},
		{name: "a choice in a shared select", who: ann, arg: PackedOption, value: "rounds=1", rounds: "1"},
		{name: "a guest's choice", who: bo, arg: "rounds", value: "3",
			refused: [2]string{"Only the host can do that.", "Das darf nur die Gastgeberin oder der Gastgeber."}},
		{name: "a value not offered", who: ann, arg: "rounds", value: "9",
			refused: [2]string{"“9” is not a valid value for", "„9“ ist kein gültiger Wert für"}},
		{name: "no value", who: ann, arg: "rounds", value: "",
			refused: [2]string{"That button is not one I understand.", "Diesen Knopf verstehe ich nicht."}},
		{name: "a shared select's value without its option", who: ann, arg: PackedOption, value: "3",
			refused: [2]string{"That button is not one I understand.", "Diesen Knopf verstehe ich nicht."}},
	}
	for _, tc := range tests {
		for k, lang := range []string{"en", "de"} {
			lt := newLobbyTest(t)
			lt.open(ann, lang, "")
			lt.click(bo, lang, interact.KindJoin, "", "")
			before := lt.table()
			res := lt.click(tc.who, lang, interact.KindOption, tc.arg, tc.value)
			after := lt.table()
			if tc.refused[k] != "" {
				if got := reply(res); !strings.HasPrefix(got, tc.refused[k]) {
					t.Errorf("%s (%s): answered %q, want it to begin %q", tc.name, lang, got, tc.refused[k])
				}
				if after.Version != before.Version || after.Options["rounds"] != before.Options["rounds"] || len(res.Actions) > 0 {
					t.Errorf("%s (%s): a refused choice changed the table (rounds %q → %q) or the lobby", tc.name, lang, before.Options["rounds"], after.Options["rounds"])
				}
				continue
			}
			if got, want := reply(res), lt.say(lang, KeyOKOption); got != want {
				t.Errorf("%s (%s): answered %q, want %q", tc.name, lang, got, want)
			}
			if after.Options["rounds"] != tc.rounds {
				t.Errorf("%s (%s): rounds=%q, want %q", tc.name, lang, after.Options["rounds"], tc.rounds)
			}
			if msg := lobbyMessage(res); !strings.Contains(msg, " = "+tc.rounds) {
				t.Errorf("%s (%s): the lobby message %q does not show rounds = %s", tc.name, lang, msg, tc.rounds)
			}
		}
	}
}

// /game new thread:true opens the lobby in a new thread of the channel:
// only in a server, with the right to open threads, and not inside a
// table's thread; the table lives in the thread, its parent remembered.
func TestThread(t *testing.T) {
	ctx := context.Background()
	newThread := func(lt *lobbyTest, user, lang, channel string, edit func(*discordgo.Interaction)) interact.Result {
		i := interaction(user, lang, channel, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{Name: "game"})
		if edit != nil {
			edit(i)
		}
		return lt.f.Open(ctx, request(t, i), tabletest.ID, "", true)
	}
	refusals := []struct {
		name string
		edit func(*discordgo.Interaction)
		key  string
	}{
		{"in a DM", func(i *discordgo.Interaction) { i.GuildID = ""; i.User, i.Member = i.Member.User, nil }, KeyThreadNoGuild},
		{"without the right to open threads", func(i *discordgo.Interaction) { i.AppPermissions = discordgo.PermissionSendMessages }, KeyThreadNoPermission},
	}
	for _, tc := range refusals {
		for _, lang := range []string{"en", "de"} {
			lt := newLobbyTest(t)
			res := newThread(lt, ann, lang, lt.channel, tc.edit)
			if got, want := reply(res), lt.say(lang, tc.key); got != want || len(res.Actions) > 0 {
				t.Errorf("%s (%s): answered %q with %d actions, want %q and none", tc.name, lang, got, len(res.Actions), want)
			}
		}
	}

	for _, lang := range []string{"en", "de"} {
		lt := newLobbyTest(t)
		res := newThread(lt, ann, lang, lt.channel, nil)
		if got, want := reply(res), lt.say(lang, KeyOKNewThread); got != want {
			t.Fatalf("%s: answered %q, want %q", lang, got, want)
		}
		if len(res.Actions) != 1 {
			t.Fatalf("%s: %d actions, want the thread's opening", lang, len(res.Actions))
		}
		open, ok := res.Actions[0].(interact.ThreadOpen)
		if !ok || open.ChannelID != lt.channel || !strings.Contains(open.Name, "Ann") {
			t.Fatalf("%s: %+v is not a thread named after Ann in the channel", lang, res.Actions[0])
		}
		if _, err := lt.store.Tables().Get(ctx, lt.channel); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("%s: a table in the channel before the thread exists (%v)", lang, err)
		}
		then := open.Then(ctx, "th1", "starter1")
		lt.channel = "th1"
		tb := lt.table()
		if tb.ChannelID != "th1" || tb.Parent != "c1" || tb.Status != table.StatusLobby || tb.Host != ann {
			t.Errorf("%s: the thread's table is in %q (parent %q), status %v, host %q", lang, tb.ChannelID, tb.Parent, tb.Status, tb.Host)
		}
		var linked, lobby bool
		for _, a := range then.Actions {
			switch a := a.(type) {
			case interact.ChannelEdit:
				linked = a.ChannelID == "c1" && a.MessageID == "starter1" && strings.Contains(a.Message.Content, "<#th1>")
			case interact.ChannelPost:
				lobby = a.ChannelID == "th1" && strings.Contains(a.Message.Content, lt.say(lang, KeyLobbyPlayers, "n", 1, "min", 2, "max", 4, "names", "Ann"))
			}
		}
		if !linked || !lobby {
			t.Errorf("%s: the starter line links the thread: %v; the lobby is posted in it: %v (%+v)", lang, linked, lobby, then.Actions)
		}
		// A table's thread has no thread of its own.
		if got, want := reply(newThread(lt, bo, lang, "th1", nil)), lt.say(lang, KeyThreadInThread); got != want {
			t.Errorf("%s: a thread in the thread answered %q, want %q", lang, got, want)
		}
	}
}
