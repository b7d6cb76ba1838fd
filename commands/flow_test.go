package commands

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/features/tournaments"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

func TestSimultaneousIdenticalClicks(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	id := findID(t, h.channelMsgs(), KindMove, "step")
	before := h.table()
	const n = 20
	results := make([]Result, n)
	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			results[k] = h.svc.Handle(ctxBG, clickInteraction(ann, id))
		}(k)
	}
	wg.Wait()
	applied := 0
	for _, r := range results {
		if r.Reply != nil && strings.HasPrefix(r.Reply.Content, h.text("en", play.KeyOKMove)) {
			applied++
		} else if len(r.Actions) != 0 {
			t.Errorf("refused click has actions: %+v", r.Reply)
		}
	}
	after := h.table()
	if applied != 1 || len(after.Log) != len(before.Log)+1 {
		t.Errorf("%d clicks applied, log grew by %d; want exactly one move", applied, len(after.Log)-len(before.Log))
	}
}

func TestRestartKeepsButtonsWorking(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "2"))
	h.restart()
	h.wantDMAnswered(h.bidInDM(bo, "3"))
	tb := h.table()
	if len(tb.Log) != 2 {
		t.Fatalf("log has %d entries after restart, want 2", len(tb.Log))
	}
	st, err := tb.History().Rebuild(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := st.MarshalJSON(); !bytes.Equal(data, tb.State) {
		t.Error("state after restart differs from replay of the log")
	}
}

func TestUndoThroughCommands(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdGame, SubUndo, ""), "de", table.ErrUndoNotYours)
	leapBoard := len(h.channelMsgs()) - 1 // the board telling the leap
	res := h.slash(ann, CmdGame, SubUndo, "")
	h.wantReply(res, "en", play.KeyOKUndo)
	msgs := h.channelMsgs()
	if !strings.HasPrefix(msgs[len(msgs)-1].Content, "Ann took back their last move.") {
		t.Errorf("undo post %q", msgs[len(msgs)-1].Content)
	}
	// The board of the move taken back no longer tells it as if it stood.
	if m, want := msgs[leapBoard], "↩ Ann took this move back; the board below shows the game as it stands."; m.Content != want || len(m.Components) != 0 {
		t.Errorf("the undone board reads %q with %d rows of controls, want %q and none", m.Content, len(m.Components), want)
	}
	if st := h.table(); st.Log[len(st.Log)-1].Move == "leap" {
		t.Error("undo left the move in the log")
	}
	// Draw reveals a random result: no undo.
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "draw")), "en", play.KeyOKMove)
	h.wantReply(h.slash(ann, CmdGame, SubUndo, ""), "en", table.ErrUndoRevealed)
	h.assertNoSecrets()
}

func TestAbandonThroughCommands(t *testing.T) {
	tests := []struct {
		name      string
		steps     []string // users asking to abandon, in order
		manager   bool     // the last one manages the channel
		abandoned bool
		lastKey   string
	}{
		{name: "host", steps: []string{ann}, abandoned: true, lastKey: play.KeyOKAbandoned},
		{name: "manager not seated", steps: []string{manager}, manager: true, abandoned: true, lastKey: play.KeyOKAbandoned},
		{name: "one vote", steps: []string{bo}, lastKey: play.KeyOKVote},
		{name: "majority vote", steps: []string{bo, cy}, abandoned: true, lastKey: play.KeyOKAbandoned},
		{name: "stranger", steps: []string{nobody}, lastKey: table.ErrAbandonNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			h.lobbyAndStart(ann, bo, cy)
			var res Result
			for k, u := range tc.steps {
				i := slashInteraction(u, CmdGame, SubAbandon, "")
				if tc.manager && k == len(tc.steps)-1 {
					i.Member.Permissions = discordgo.PermissionManageChannels
				}
				res = h.run(h.svc.Handle(ctxBG, i))
			}
			h.wantReply(res, games.Lang(localeOf(tc.steps[len(tc.steps)-1])), tc.lastKey)
			if got := h.table().Status == table.StatusAbandoned; got != tc.abandoned {
				t.Fatalf("abandoned = %v, want %v", got, tc.abandoned)
			}
			live := 0
			for _, m := range h.channelMsgs() {
				if len(m.Components) > 0 {
					live++
				}
			}
			for _, u := range []string{ann, bo, cy} {
				for _, dm := range h.dms[u] {
					if len(dm.Components) > 0 {
						live++
					}
				}
			}
			if tc.abandoned != (live == 0) {
				t.Errorf("%d messages carry buttons after abandoned = %v", live, tc.abandoned)
			}
			if tc.abandoned {
				status := h.msgs[h.table().StatusMessageID].msg
				if !strings.Contains(status.Content, "abandoned") || len(status.Components) != 0 {
					t.Errorf("status after abandon %q", status.Content)
				}
				h.wantReply(h.slash(cy, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
			}
		})
	}
}

func TestClosedDMs(t *testing.T) {
	h := newHarness(t)
	h.blocked[bo] = true
	h.lobbyAndStart(ann, bo)
	var notice *Message
	for _, m := range h.channelMsgs() {
		if strings.Contains(m.Content, "/game hand") {
			notice = &m
		}
	}
	if notice == nil {
		t.Fatal("no channel notice for the closed DMs")
	}
	if !slices.Equal(notice.Mentions, []string{bo}) || !strings.Contains(notice.Content, "<@"+bo+">") {
		t.Errorf("notice %q mentions %v", notice.Content, notice.Mentions)
	}
	// The fallback: "Show my hand" answers ephemerally with the options.
	res := h.click(bo, findID(t, []Message{*notice}, KindHand, ""))
	if res.Reply == nil || len(res.Actions) != 0 || len(res.Reply.Files) != 1 || !bytes.Equal(res.Reply.Files[0].Data, h.images.priv) {
		t.Fatalf("hand reply %+v", res.Reply)
	}
	id := findID(t, []Message{*res.Reply}, KindMove, "bid"+tabletest.SecretMarker+"2")
	h.wantReply(h.click(bo, id), "de", play.KeyOKMove)
	h.assertNoSecrets()
}

func TestHandCommand(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	tests := []struct {
		user    string
		options []string
	}{{ann, []string{"step", "leap", "draw"}}, {bo, nil}}
	for _, tc := range tests {
		res := h.slash(tc.user, CmdGame, SubHand, "")
		if res.Reply == nil || len(res.Reply.Files) != 1 || len(res.Actions) != 0 {
			t.Fatalf("%s: hand reply %+v", tc.user, res)
		}
		var got []string
		for _, id := range customIDs(res.Reply.Components) {
			c, _ := ParseCustomID(id)
			got = append(got, c.Arg)
		}
		if !slices.Equal(got, tc.options) {
			t.Errorf("%s: hand options %v, want %v", tc.user, got, tc.options)
		}
	}
	h.images.mu.Lock()
	last := h.images.views[len(h.images.views)-1].(tabletest.PrivateView)
	h.images.mu.Unlock()
	if last.Seat != 1 || !strings.Contains(last.Rune, tabletest.SecretMarker) {
		t.Errorf("Bo's hand drew %+v", last)
	}
}

func TestAutocompleteMove(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	tests := []struct {
		user, typed string
		want        []string
	}{
		{ann, "", []string{"step", "leap", "draw"}},
		{ann, "ea", []string{"leap"}},
		{ann, "DR", []string{"draw"}},
		{bo, "", nil},
		{nobody, "", nil},
	}
	for _, tc := range tests {
		i := slashInteraction(tc.user, CmdMove, "")
		i.Type = discordgo.InteractionApplicationCommandAutocomplete
		i.Data = discordgo.ApplicationCommandInteractionData{Name: CmdMove, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: OptOption, Type: discordgo.ApplicationCommandOptionString, Value: tc.typed, Focused: true}}}
		var got []string
		for _, c := range h.svc.Autocomplete(ctxBG, i) {
			got = append(got, c.Value.(string))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s typing %q: %v, want %v", tc.user, tc.typed, got, tc.want)
		}
	}
}

func TestAutocompleteRulesTopics(t *testing.T) {
	h := newHarness(t)
	i := slashInteraction(bo, CmdRules, "")
	i.Type = discordgo.InteractionApplicationCommandAutocomplete
	i.Data = discordgo.ApplicationCommandInteractionData{Name: CmdRules, Options: []*discordgo.ApplicationCommandInteractionDataOption{
		{Name: OptGame, Type: discordgo.ApplicationCommandOptionString, Value: tabletest.ID},
		{Name: OptTopic, Type: discordgo.ApplicationCommandOptionString, Value: "zi", Focused: true}}}
	got := h.svc.Autocomplete(ctxBG, i)
	if len(got) != 1 || got[0].Value != "goal" || got[0].Name != "Ziel" {
		t.Errorf("topics for German %q: %+v", "zi", got)
	}
}

func TestLogShowsNarrationOnly(t *testing.T) {
	h := newHarness(t)
	setups["turn"](h)
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	res := h.slash(cy, CmdGame, SubLog, "")
	want := "Recent moves:\n1. Ann: Ann has bid.\n2. Bo: Ann wins the bidding.\n3. Ann: Ann leaps."
	if res.Reply == nil || res.Reply.Content != want {
		t.Errorf("log %q, want %q", res.Reply.Content, want)
	}
	if strings.Contains(res.Reply.Content, tabletest.SecretMarker) {
		t.Error("log shows a secret move")
	}
}

func TestRulesCommand(t *testing.T) {
	h := newHarness(t)
	tests := []struct {
		user, topic string
		want        []string
		not         []string
	}{
		{ann, "", []string{"**Goal**", "Score the most points.", "**Turn**"}, nil},
		{ann, "turn", []string{"**Turn**"}, []string{"Goal"}},
		{bo, "goal", []string{"Regelübersicht", "**Ziel**", "Die meisten Punkte"}, nil},
		{ann, "TURN", []string{"**Turn**"}, []string{"Goal"}},   // any letter case
		{bo, "ziel", []string{"**Ziel**"}, []string{"**Zug**"}}, // the listed title, too
	}
	for _, tc := range tests {
		opts := []string{OptGame, tabletest.ID}
		if tc.topic != "" {
			opts = append(opts, OptTopic, tc.topic)
		}
		res := h.slash(tc.user, CmdRules, "", opts...)
		for _, w := range tc.want {
			if !strings.Contains(res.Reply.Content, w) {
				t.Errorf("rules %q lack %q: %q", tc.topic, w, res.Reply.Content)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(res.Reply.Content, w) {
				t.Errorf("rules %q contain %q", tc.topic, w)
			}
		}
	}
}

func TestMentionsOnlyActingPlayers(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, dee) // Dee's display name contains "@everyone"
	acting := map[string]bool{ann: true, dee: true}
	pinged := false
	for n, m := range h.history() {
		for _, u := range m.Mentions {
			if !acting[u] {
				t.Errorf("message %d mentions %q", n, u)
			}
		}
		if len(m.Mentions) > 0 {
			pinged = true
		}
	}
	if !pinged {
		t.Error("no message pings the players who must act")
	}
	lobby := h.history()[0]
	if !strings.Contains(lobby.Content, "Ann") || len(lobby.Mentions) != 0 {
		t.Errorf("lobby post mentions %v", lobby.Mentions)
	}
}

func TestDefinitions(t *testing.T) {
	h := newHarness(t)
	defs := h.svc.Definitions()
	var names []string
	for _, d := range defs {
		names = append(names, d.Name)
		if d.NameLocalizations == nil || (*d.NameLocalizations)[discordgo.German] == "" || (*d.DescriptionLocalizations)[discordgo.German] == "" {
			t.Errorf("/%s lacks German", d.Name)
		}
	}
	if !slices.Equal(names, []string{CmdGame, CmdMove, CmdRules, CmdGames, tournaments.CmdTournament, settingsfeature.CmdSettings, settingsfeature.CmdServerSettings, settingsfeature.CmdVacation, ratings.CmdLeaderboard, ratings.CmdProfile}) {
		t.Fatalf("commands %v", names)
	}
	var subs []string
	for _, o := range defs[0].Options {
		subs = append(subs, o.Name)
		if o.NameLocalizations[discordgo.German] == "" || len(o.Description) > 100 {
			t.Errorf("/game %s: German name or description length", o.Name)
		}
	}
	if !slices.Equal(subs, []string{SubNew, SubStart, SubStatus, SubHand, SubLog, SubUndo, SubAbandon, SubReturn, SubReplay, SubLook}) {
		t.Errorf("subcommands %v", subs)
	}
	look := defs[0].Options[len(subs)-1].Options
	if len(look) != 1 || look[0].Name != OptPlayer || !look[0].Required || !look[0].Autocomplete || look[0].NameLocalizations[discordgo.German] != "spieler" {
		t.Errorf("/game look takes %+v, want one required player option that autocompletes, in German spieler", look)
	}
	choices := defs[0].Options[0].Options[0].Choices
	if len(choices) != 1 || choices[0].Value != tabletest.ID || choices[0].NameLocalizations[discordgo.German] != "Schein-Rennen" {
		t.Errorf("game choices %+v", choices)
	}
	if !defs[1].Options[0].Autocomplete || !defs[2].Options[1].Autocomplete {
		t.Error("/move option and /rules topic must autocomplete")
	}
}

func TestLongOptionListsSplitIntoSelects(t *testing.T) {
	h := newHarness(t)
	tb := &table.Table{ID: "t1", ChannelID: chanA, Version: 4, Lang: "en", Seats: []table.Seat{{UserID: ann, Name: "Ann"}}}
	mk := func(n int) games.Prompt {
		p := games.Prompt{Seat: 0, Text: games.T("fake.prompt.turn")}
		for k := 0; k < n; k++ {
			p.Options = append(p.Options, games.Option{ID: "bid:" + itoa(k), Label: games.T("fake.opt.step")})
		}
		return p
	}
	tests := []struct {
		options, rows int
		sizes         []int // options per select; nil means buttons
		cut           bool
	}{
		{options: 5, rows: 4},
		{options: 6, rows: 4, sizes: []int{6}},
		{options: 60, rows: 4, sizes: []int{25, 25, 10}},
		{options: 130, rows: 4, sizes: []int{25, 25, 25, 25}, cut: true},
	}
	for _, tc := range tests {
		rows, cut := h.svc.menus.PromptRows(tb, []games.Prompt{mk(tc.options)}, "en", tc.rows)
		if cut != tc.cut {
			t.Errorf("%d options: cut %v", tc.options, cut)
		}
		var sizes []int
		seen := map[string]bool{}
		for _, r := range rows {
			for _, c := range r.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.SelectMenu:
					sizes = append(sizes, len(c.Options))
					if seen[c.CustomID] {
						t.Errorf("duplicate custom id %s", c.CustomID)
					}
					seen[c.CustomID] = true
				case discordgo.Button:
					if len(r.(discordgo.ActionsRow).Components) > 5 {
						t.Errorf("%d buttons in a row", len(r.(discordgo.ActionsRow).Components))
					}
				}
			}
		}
		if !slices.Equal(sizes, tc.sizes) {
			t.Errorf("%d options: selects %v, want %v", tc.options, sizes, tc.sizes)
		}
	}
}

func TestLobbyButtons(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
	lobbyID := h.table().LobbyMessageID
	steps := []struct {
		user   string
		kind   Kind
		values []string
		key    string
		want   string // in the lobby message afterwards
	}{
		{bo, KindJoin, nil, lobby.KeyOKJoined, "Players (2; 2 to 4): Ann, Bo"},
		{ann, KindOption, []string{"3"}, lobby.KeyOKOption, "Rounds = 3"},
		{bo, KindLeave, nil, lobby.KeyOKLeft, "Players (1; 2 to 4): Ann"},
		{ann, KindStart, nil, table.ErrPlayerCount + ".one", "Players (1; 2 to 4): Ann"},
		{ann, KindLeave, nil, lobby.KeyOKLeft, "this lobby was closed"},
	}
	for _, s := range steps {
		res := h.click(s.user, findID(t, h.history(), s.kind, ""), s.values...)
		h.wantReply(res, games.Lang(localeOf(s.user)), s.key)
		if got := h.msgs[lobbyID].msg.Content; !strings.Contains(got, s.want) {
			t.Errorf("after %s by %s: lobby %q lacks %q", s.kind, s.user, got, s.want)
		}
	}
	if h.table().Status != table.StatusAbandoned {
		t.Error("empty lobby is not closed")
	}
	if n := len(h.channelMsgs()); n != 1 {
		t.Errorf("%d channel messages, want the one lobby edited in place", n)
	}
}

func TestPingsOnlyNewDecisions(t *testing.T) {
	h := newHarness(t)
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "1"))
	h.wantDMAnswered(h.bidInDM(bo, "2"))
	var got [][]string
	for _, m := range h.history() {
		if len(m.Files) == 1 && strings.Contains(componentText(m.Components), "h|") { // board posts
			got = append(got, m.Mentions)
		}
	}
	want := [][]string{{ann, bo}, nil, {ann}} // the turn phase opens with Ann
	if len(got) != len(want) {
		t.Fatalf("board posts mention %v, want %v", got, want)
	}
	for k := range want {
		if !slices.Equal(got[k], want[k]) {
			t.Errorf("board %d mentions %v, want %v", k, got[k], want[k])
		}
	}
}

func TestStatusCommand(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID), "en", lobby.KeyOKNew)
	if res := h.slash(bo, CmdGame, SubStatus, ""); !strings.Contains(res.Reply.Content, "Lobby") || !strings.Contains(res.Reply.Content, "Ann") {
		t.Errorf("lobby status %q", res.Reply.Content)
	}
	h.wantReply(h.click(bo, findID(t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
	h.wantReply(h.slash(ann, CmdGame, SubStart, ""), "en", play.KeyOKStarted)
	h.wantDMAnswered(h.bidInDM(bo, "2"))
	res := h.slash(cy, CmdGame, SubStatus, "")
	want := "**Fake Race**, move 2\nAnn is choosing privately."
	if res.Reply == nil || res.Reply.Content != want || len(res.Reply.Files) != 1 || !bytes.Equal(res.Reply.Files[0].Data, h.images.png) || len(res.Actions) != 0 {
		t.Errorf("status %+v, want %q with the public board", res.Reply, want)
	}
}

func TestNewServiceNeedsGamesAndStore(t *testing.T) {
	h := newHarness(t)
	reg, _ := games.NewRegistry(tabletest.Game())
	for _, d := range []Deps{{}, {Games: reg}, {Store: h.store}} {
		if s, err := NewService(d); err == nil || s != nil {
			t.Errorf("NewService(%+v) = %v, %v; want an error", d, s, err)
		}
	}
}
