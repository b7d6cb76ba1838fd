package bot_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/table"
)

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// player is a pretend Discord user.
type player struct {
	fakediscord.Actor
	dmClosed bool
}

func players() []player {
	actor := func(id, name string, loc discordgo.Locale) fakediscord.Actor {
		return fakediscord.Actor{UserID: id, Username: name, ChannelID: channelID, GuildID: guildID, Locale: loc}
	}
	return []player{
		{Actor: actor("800000000000000001", "alice", discordgo.EnglishUS)},
		{Actor: actor("800000000000000002", "bernd", discordgo.German)},
		{Actor: actor("800000000000000003", "carol", discordgo.EnglishGB), dmClosed: true},
	}
}

// choice is one answer a message offers: a button, or a value of a select.
type choice struct {
	customID string
	value    string // select value; "" for a button
	move     string
}

// moveChoices lists the move answers m offers that belong to prompt p.
func moveChoices(t testing.TB, m fakediscord.Message, p games.Prompt) []choice {
	t.Helper()
	legal := map[string]bool{}
	for _, o := range p.Options {
		legal[o.ID] = true
	}
	var out []choice
	for _, c := range fakediscord.Controls(m) {
		id, err := commands.ParseCustomID(c.CustomID)
		if err != nil {
			t.Fatalf("message %s has a foreign custom id %q: %v", m.ID, c.CustomID, err)
		}
		switch id.Kind {
		case commands.KindMove:
			if legal[id.Arg] {
				out = append(out, choice{customID: c.CustomID, move: id.Arg})
			}
		case commands.KindMoveSelect:
			for _, o := range c.Options {
				if legal[o.Value] {
					out = append(out, choice{customID: c.CustomID, value: o.Value, move: o.Value})
				}
			}
		}
	}
	return out
}

// offeredMoves lists every move id m offers (buttons and select values).
func offeredMoves(t testing.TB, m fakediscord.Message) []string {
	t.Helper()
	var out []string
	for _, c := range fakediscord.Controls(m) {
		id, err := commands.ParseCustomID(c.CustomID)
		if err != nil {
			t.Fatalf("message %s: foreign custom id %q", m.ID, c.CustomID)
		}
		switch id.Kind {
		case commands.KindMove:
			out = append(out, id.Arg)
		case commands.KindMoveSelect:
			for _, o := range c.Options {
				out = append(out, o.Value)
			}
		}
	}
	return out
}

// latestWith returns the newest message having a control of one of kinds.
func latestWith(ms []fakediscord.Message, kinds ...commands.Kind) (fakediscord.Message, bool) {
	for i := len(ms) - 1; i >= 0; i-- {
		for _, c := range fakediscord.Controls(ms[i]) {
			if id, err := commands.ParseCustomID(c.CustomID); err == nil && slices.Contains(kinds, id.Kind) {
				return ms[i], true
			}
		}
	}
	return fakediscord.Message{}, false
}

func controlOf(t testing.TB, m fakediscord.Message, kind commands.Kind) string {
	t.Helper()
	for _, c := range fakediscord.Controls(m) {
		if id, err := commands.ParseCustomID(c.CustomID); err == nil && id.Kind == kind {
			return c.CustomID
		}
	}
	t.Fatalf("message %s has no %q control", m.ID, kind)
	return ""
}

// game drives one complete game of Zauberschwert & Drachenei.
type game struct {
	t       testing.TB
	w       *world
	rng     *rand.Rand
	players []player
	byUser  map[string]player
	// lastClick is the previous move click, replayed once to check that a
	// stale button is refused.
	lastClick     *discordgo.Interaction
	staleChecked  bool
	blockedPrompt bool // carol had a secret prompt (and so needed the fallback)
	moves         int
	dmSeen        map[string]int // DMs per user already checked
	// privateChecks counts private card names and secret options compared
	// against channel messages, so that the privacy check is not vacuous.
	privateChecks int
}

func newGame(t testing.TB, w *world) *game {
	g := &game{t: t, w: w, rng: rand.New(rand.NewPCG(1, 2)), players: players(), byUser: map[string]player{}, dmSeen: map[string]int{}}
	for _, p := range g.players {
		g.byUser[p.UserID] = p
		if p.dmClosed {
			w.fake.CloseDMs(p.UserID)
		}
	}
	return g
}

// open creates the table, seats everybody and starts the game.
func (g *game) open() {
	t, w := g.t, g.w
	host := g.players[0]
	newCmd := w.fake.Command(host.Actor, commands.CmdGame,
		fakediscord.SubCommand(commands.SubNew, fakediscord.StringOpt(commands.OptGame, gameID)))
	w.tr.deliver(t, newCmd)
	if r := w.fake.Replies(newCmd.ID); len(r) != 1 || r[0].Content != w.svc.Localize("en", commands.KeyOKNew) {
		t.Fatalf("/game new replies %+v", r)
	}
	for _, p := range g.players[1:] {
		lobby, ok := latestWith(w.fake.Messages(channelID), commands.KindJoin)
		if !ok {
			t.Fatal("no lobby message with a join button")
		}
		join := w.fake.Click(p.Actor, &lobby, controlOf(t, lobby, commands.KindJoin))
		w.tr.deliver(t, join)
	}
	lobby, _ := latestWith(w.fake.Messages(channelID), commands.KindStart)
	for _, p := range g.players {
		if !strings.Contains(lobby.Content, p.Username) {
			t.Errorf("lobby %q does not list %s", lobby.Content, p.Username)
		}
	}
	w.tr.deliver(t, w.fake.Click(host.Actor, &lobby, controlOf(t, lobby, commands.KindStart)))
	if tb := w.table(t); tb.Status != table.StatusPlaying || len(tb.Seats) != len(g.players) {
		t.Fatalf("after start: status %s with %d seats", tb.Status, len(tb.Seats))
	}
	g.checkTurn(0)
}

// step makes one move of a pending prompt, found through the messages the
// player can see, and checks what it produced. It reports false once the
// game is over.
func (g *game) step() bool {
	t, w := g.t, g.w
	i, tb, ok := g.next()
	if !ok {
		return false
	}
	before := len(w.fake.Messages(channelID))
	w.tr.deliver(t, i)
	if after := w.table(t); after.Version <= tb.Version {
		t.Fatalf("move by %s was not applied (version %d → %d); replies %+v", i.Member.User.Username, tb.Version, after.Version, w.fake.Replies(i.ID))
	}
	g.moves++
	g.checkTurn(before)
	if !g.staleChecked && g.lastClick != nil && g.moves > 3 {
		g.checkStale()
	}
	g.lastClick = i
	return true
}

// next picks a pending prompt and one of the answers its message offers,
// as the player concerned would; ok is false when the game is over.
func (g *game) next() (*discordgo.Interaction, *table.Table, bool) {
	t, w := g.t, g.w
	tb := w.table(t)
	if tb.Status == table.StatusOver {
		return nil, tb, false
	}
	st := w.state(t, tb)
	pending := st.Pending()
	if len(pending) == 0 {
		t.Fatalf("table playing but nothing pending at version %d", tb.Version)
	}
	p := pending[g.rng.IntN(len(pending))]
	who := g.byUser[tb.Seats[p.Seat].UserID]

	var msg fakediscord.Message
	switch {
	case !p.Secret:
		board, ok := latestWith(w.fake.Messages(channelID), commands.KindMove, commands.KindMoveSelect)
		if !ok {
			t.Fatalf("no channel message offers %s's public prompt", who.Username)
		}
		msg = board
	case who.dmClosed:
		g.blockedPrompt = true
		msg = g.showHand(who)
	default:
		dms := w.fake.DMs(who.UserID)
		if len(dms) == 0 {
			t.Fatalf("%s has a secret prompt but no DM", who.Username)
		}
		msg = dms[len(dms)-1]
	}
	choices := moveChoices(t, msg, p)
	if len(choices) == 0 {
		t.Fatalf("message %q offers %s none of %v", msg.Content, who.Username, p.Options)
	}
	c := choices[g.rng.IntN(len(choices))]
	if c.value != "" {
		return w.fake.Select(who.Actor, &msg, c.customID, c.value), tb, true
	}
	return w.fake.Click(who.Actor, &msg, c.customID), tb, true
}

// showHand presses "Show my hand" in the channel and returns the ephemeral
// answer, which carries the secret prompt for a player without DMs.
func (g *game) showHand(who player) fakediscord.Message {
	t, w := g.t, g.w
	ms := w.fake.Messages(channelID)
	notice, ok := latestWith(ms, commands.KindHand)
	if !ok {
		t.Fatal("no Show my hand button in the channel")
	}
	i := w.fake.Click(who.Actor, &notice, controlOf(t, notice, commands.KindHand))
	w.tr.deliver(t, i)
	replies := w.fake.Replies(i.ID)
	if len(replies) != 1 || replies[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("Show my hand replies %+v, want one ephemeral", replies)
	}
	if len(replies[0].Attachments) == 0 || !bytes.HasPrefix(replies[0].Attachments[0].Data, pngMagic) {
		t.Errorf("hand reply has no PNG")
	}
	return replies[0]
}

// checkStale replays an earlier click: it must be refused and change nothing.
func (g *game) checkStale() {
	t, w := g.t, g.w
	old := g.lastClick
	tb := w.table(t)
	data := old.Data.(discordgo.MessageComponentInteractionData)
	who := g.byUser[old.Member.User.ID]
	var again *discordgo.Interaction
	var msg *fakediscord.Message
	if old.Message != nil {
		msg = &fakediscord.Message{ID: old.Message.ID, ChannelID: old.Message.ChannelID, Components: old.Message.Components}
	}
	if len(data.Values) > 0 {
		again = w.fake.Select(who.Actor, msg, data.CustomID, data.Values...)
	} else {
		again = w.fake.Click(who.Actor, msg, data.CustomID)
	}
	w.tr.deliver(t, again)
	if v := w.table(t).Version; v != tb.Version {
		t.Fatalf("stale click changed the table: version %d → %d", tb.Version, v)
	}
	want := w.svc.Localize(string(who.Locale), table.ErrStale)
	if r := w.fake.Replies(again.ID); len(r) != 1 || r[0].Content != want {
		t.Errorf("stale click replies %+v, want %q", r, want)
	}
	g.staleChecked = true
}

// checkTurn checks what the last interaction produced: a PNG board in the
// channel, DMs only for the player concerned, no private card in the
// channel, and the closed-DM fallback.
func (g *game) checkTurn(before int) {
	t, w := g.t, g.w
	ms := w.fake.Messages(channelID)
	fresh := ms[min(before, len(ms)):]
	hasPNG := false
	for _, m := range fresh {
		for _, a := range m.Attachments {
			if a.ContentType == "image/png" && bytes.HasPrefix(a.Data, pngMagic) {
				hasPNG = true
			}
		}
	}
	if !hasPNG {
		t.Fatalf("move %d posted no PNG board in the channel (%d new messages)", g.moves, len(fresh))
	}
	tb := w.table(t)
	st := w.state(t, tb)

	// Private facts: every secret option and every card in a hand that the
	// public view does not show.
	pubJSON, _ := json.Marshal(st.View(games.Public))
	secretOptions := map[string]bool{}
	var secretNames []string
	for seat := range tb.Seats {
		pv, ok := st.View(seat).(zauberschwert.PrivateView)
		if !ok {
			t.Fatalf("private view of seat %d is %T", seat, st.View(seat))
		}
		for _, c := range pv.Hand {
			if !bytes.Contains(pubJSON, []byte(`"`+c.Artifact.Name+`"`)) {
				for _, lang := range []string{"en", "de"} {
					secretNames = append(secretNames, w.svc.Localize(lang, c.Artifact.Name))
				}
			}
		}
	}
	publicOptions := map[string]bool{}
	for _, p := range st.Pending() {
		for _, o := range p.Options {
			if p.Secret {
				secretOptions[o.ID] = true
			} else {
				publicOptions[o.ID] = true
			}
		}
	}
	g.privateChecks += len(secretNames) + len(secretOptions)
	for _, m := range fresh {
		for _, name := range secretNames {
			if strings.Contains(m.Content, name) {
				t.Fatalf("channel message %q names the private card %q", m.Content, name)
			}
		}
		for _, mv := range offeredMoves(t, m) {
			if secretOptions[mv] && !publicOptions[mv] {
				t.Fatalf("channel message offers the secret option %q", mv)
			}
		}
		if am := m.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 {
			t.Fatalf("channel message %q without explicit allowed mentions: %+v", m.Content, am)
		}
	}

	// DMs: each open-DM player's newest DM offers only their own options;
	// the closed-DM player has none and is told in the channel instead.
	for seat, s := range tb.Seats {
		p := g.byUser[s.UserID]
		dms := w.fake.DMs(p.UserID)
		if p.dmClosed {
			if len(dms) != 0 {
				t.Fatalf("%s has closed DMs but got %d", p.Username, len(dms))
			}
			continue
		}
		if len(dms) == 0 {
			continue
		}
		mine := map[string]bool{}
		for _, pr := range st.Pending() {
			if pr.Seat == seat {
				for _, o := range pr.Options {
					mine[o.ID] = true
				}
			}
		}
		for _, dm := range dms[min(g.dmSeen[p.UserID], len(dms)):] {
			for _, mv := range offeredMoves(t, dm) {
				if !mine[mv] {
					t.Fatalf("DM to %s offers %q, not one of their options", p.Username, mv)
				}
			}
		}
		g.dmSeen[p.UserID] = len(dms)
	}
	for _, u := range w.fake.DMChannelUsers() {
		if _, ok := g.byUser[u]; !ok {
			t.Fatalf("DM channel opened with a non-player %s", u)
		}
	}
	for _, pr := range st.Pending() {
		p := g.byUser[tb.Seats[pr.Seat].UserID]
		if pr.Secret && p.dmClosed && tb.Seats[pr.Seat].PromptVersion == tb.Version {
			notice := false
			for _, m := range fresh {
				if strings.Contains(m.Content, "<@"+p.UserID+">") && m.AllowedMentions != nil && slices.Equal(m.AllowedMentions.Users, []string{p.UserID}) {
					notice = true
				}
			}
			if !notice {
				t.Fatalf("%s cannot get DMs and was not told in the channel", p.Username)
			}
		}
	}
}

// finish checks the final scores.
func (g *game) finish() {
	t, w := g.t, g.w
	tb := w.table(t)
	if tb.Status != table.StatusOver {
		t.Fatalf("game not over after %d moves", g.moves)
	}
	ms := w.fake.Messages(channelID)
	last := ms[len(ms)-1]
	title := w.svc.Localize(tb.Lang, commands.KeyStandings)
	if !strings.HasPrefix(last.Content, title) {
		t.Fatalf("last channel message %q is not the standings", last.Content)
	}
	for _, s := range tb.Seats {
		if !strings.Contains(last.Content, s.Name) {
			t.Errorf("standings %q do not name %s", last.Content, s.Name)
		}
	}
	if !g.staleChecked || !g.blockedPrompt || g.privateChecks == 0 {
		t.Errorf("game too short to check everything: stale %v, closed-DM prompt %v, private checks %d", g.staleChecked, g.blockedPrompt, g.privateChecks)
	}
}

func playFullGame(t *testing.T, overHTTP bool) {
	w := newWorld(t, overHTTP)
	g := newGame(t, w)
	g.open()
	const maxMoves = 5000
	restartAt := 25
	for g.step() {
		if g.moves == restartAt {
			before := w.table(t)
			w.restart(t)
			after := w.table(t)
			if after.Version != before.Version || len(after.Log) != len(before.Log) ||
				!bytes.Equal(after.State, before.State) || after.StatusMessageID != before.StatusMessageID {
				t.Fatalf("restart lost data: version %d→%d, log %d→%d", before.Version, after.Version, len(before.Log), len(after.Log))
			}
		}
		if g.moves%100 == 0 {
			t.Logf("%d moves", g.moves)
		}
		if g.moves > maxMoves {
			t.Fatalf("no end after %d moves", maxMoves)
		}
	}
	g.finish()
	t.Logf("%d moves, %d channel messages, %d REST calls, %d private facts checked", g.moves, len(w.fake.Messages(channelID)), len(w.fake.Requests()), g.privateChecks)
}

func TestEndToEndGateway(t *testing.T) { playFullGame(t, false) }

func TestEndToEndHTTP(t *testing.T) { playFullGame(t, true) }
