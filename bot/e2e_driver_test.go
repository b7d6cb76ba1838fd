package bot_test

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	lobbyfeature "github.com/tavern-bot/tavern/features/lobby"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// The driver plays any game end to end, choosing every answer from the
// components the bot actually posted, and checks after each move what the
// channel and each player received. A game adds only its secrets and its
// own checks through gameRules.

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// player is a pretend Discord user.
type player struct {
	fakediscord.Actor
	dmClosed bool
	// dmPictures: the player chose /settings public-dm:picture, so their
	// public decisions are DMed with the picture and buttons too.
	dmPictures bool
}

// players are three users: English (public decisions DMed as a short
// link), German (who asked for the picture instead), and one whose DMs
// are closed.
func players() []player {
	actor := func(id, name string, loc discordgo.Locale) fakediscord.Actor {
		return fakediscord.Actor{UserID: id, Username: name, ChannelID: channelID, GuildID: guildID, Locale: loc}
	}
	return []player{
		{Actor: actor("800000000000000001", "alice", discordgo.EnglishUS)},
		{Actor: actor("800000000000000002", "bernd", discordgo.German), dmPictures: true},
		{Actor: actor("800000000000000003", "carol", discordgo.EnglishGB), dmClosed: true},
	}
}

// spec is one game to play end to end.
type spec struct {
	gameID  string
	players []player
	// options are set by the host through the lobby's option selects.
	options map[string]string
	// typed are options typed into /game new (key=value,…), for those
	// the lobby has no select for.
	typed string
	rules gameRules
	// uniqueSecrets: every secret word names one unique component, so no
	// other player's DM may show it either. (Zauberschwert's trade offers
	// name every card outside the proposer's hand, by design.)
	uniqueSecrets bool
	// restartAt restarts the bot after that many moves (0: never).
	restartAt int
	maxMoves  int
}

// gameRules is what a game adds to the shared driver.
type gameRules interface {
	// secrets lists, per seat, the words only that seat may read now: no
	// channel message and no other player's DM may contain one.
	secrets(g *game, tb *table.Table, st games.State) [][]string
	// checkMove checks the game's own effects of one applied move.
	checkMove(g *game, m appliedMove)
	// prefer narrows the answers the driver picks from at random (it may
	// return choices unchanged), to steer a run through rarer paths.
	prefer(g *game, p games.Prompt, choices []choice) []choice
	// staleTarget tells whether an answer's message may serve as the old
	// message for the stale-click check.
	staleTarget(g *game, a answer) bool
	// checkEnd checks the game's coverage once it is over.
	checkEnd(g *game)
}

// appliedMove is one move as the driver saw it go through.
type appliedMove struct {
	answer
	before, after     games.State
	tbBefore, tbAfter *table.Table
	fresh             []fakediscord.Message // channel messages it posted
}

// choice is one answer a message offers: a button, a value of a select, or
// a group of a two-step group select.
type choice struct {
	customID string
	value    string // select value; "" for a button
	move     string // "" for a group
	group    bool
	seat     string // a group select's seat
	version  int    // the table version the component was made at
}

// answer is a move about to be made: who, from which message, which choice.
type answer struct {
	i      *discordgo.Interaction
	who    player
	seat   int
	prompt games.Prompt
	msg    fakediscord.Message
	choice choice
	// others are the other move choices msg offered, for the stale check.
	others []choice
}

// offered lists every answer m offers: move buttons, move select values
// and the groups of group selects.
func offered(t testing.TB, m fakediscord.Message) []choice {
	t.Helper()
	var out []choice
	for _, c := range fakediscord.Controls(m) {
		id, err := commands.ParseCustomID(c.CustomID)
		if err != nil {
			t.Fatalf("message %s has a foreign custom id %q: %v", m.ID, c.CustomID, err)
		}
		switch id.Kind {
		case commands.KindMove:
			out = append(out, choice{customID: c.CustomID, move: id.Arg, version: id.Version})
		case commands.KindMoveSelect:
			for _, o := range c.Options {
				out = append(out, choice{customID: c.CustomID, value: o.Value, move: o.Value, version: id.Version})
			}
		case commands.KindGroup:
			for _, o := range c.Options {
				seat, _, _ := strings.Cut(id.Arg, ".")
				out = append(out, choice{customID: c.CustomID, value: o.Value, group: true, seat: seat, version: id.Version})
			}
		}
	}
	return out
}

// moveChoices lists the answers m offers that belong to prompt p.
func moveChoices(t testing.TB, m fakediscord.Message, p games.Prompt) []choice {
	t.Helper()
	legal, groups := map[string]bool{}, map[string]bool{}
	for _, o := range p.Options {
		legal[o.ID] = true
		if len(o.Path) > 0 {
			groups[o.Path[0].ID] = true
		}
	}
	return slices.DeleteFunc(offered(t, m), func(c choice) bool {
		if c.group {
			return c.seat != strconv.Itoa(p.Seat) || !groups[c.value]
		}
		return !legal[c.move]
	})
}

// offeredMoves lists every move id m offers (buttons and select values).
func offeredMoves(t testing.TB, m fakediscord.Message) []string {
	t.Helper()
	var out []string
	for _, c := range offered(t, m) {
		if !c.group {
			out = append(out, c.move)
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

func controlOf(t testing.TB, m fakediscord.Message, kind commands.Kind) fakediscord.Control {
	t.Helper()
	for _, c := range fakediscord.Controls(m) {
		if id, err := commands.ParseCustomID(c.CustomID); err == nil && id.Kind == kind {
			return c
		}
	}
	t.Fatalf("message %s has no %q control", m.ID, kind)
	return fakediscord.Control{}
}

// game drives one complete game.
type game struct {
	t       testing.TB
	w       *world
	spec    spec
	rng     *rand.Rand
	players []player
	byUser  map[string]player
	// handLabels counts the public hand buttons whose language was
	// checked.
	handLabels int
	moves      int
	// staleChecked lists the users whose stale click was refused.
	staleChecked  map[string]bool
	blockedPrompt bool // a closed-DM player had a secret prompt
	groupPicks    int  // two-step group selects used
	looks         int  // seats looked at through "Look at a player" and /game look
	steps         int  // moves that were steps inside a turn (no board)
	quiet         int  // quiet commits (a line of text, no board)
	// inPlace counts moves clicked in an ephemeral answer and answered by
	// editing it (see checkInPlace).
	inPlace int
	// answering is the answer being delivered, for the checks of its turn.
	answering *answer
	// lastReply is, by user, the answer to a step made outside a DM: the
	// player goes on from there.
	lastReply map[string]fakediscord.Message
	// privateChecks counts private facts and secret options compared
	// against what others received, so that the privacy check is not vacuous.
	privateChecks int
	// linkDMs counts short DMs leading to the board; publicPictures DMs
	// with the picture for a public decision (the player asked for it).
	linkDMs, publicPictures int
}

func newGame(t testing.TB, w *world, s spec) *game {
	g := &game{t: t, w: w, spec: s, rng: rand.New(rand.NewPCG(1, 2)), players: s.players, byUser: map[string]player{}, staleChecked: map[string]bool{},
		lastReply: map[string]fakediscord.Message{}}
	for _, p := range g.players {
		g.byUser[p.UserID] = p
		if p.dmClosed {
			w.fake.Channels.CloseDMs(p.UserID)
		}
	}
	return g
}

// open creates the table, sets the options, seats everybody and starts.
func (g *game) open() {
	t, w := g.t, g.w
	for _, p := range g.players {
		if p.dmPictures {
			set := w.fake.Interactions.Command(p.Actor, settingsfeature.CmdSettings, fakediscord.StringOpt(settingsfeature.OptPublicDM, "picture"))
			w.tr.deliver(t, set)
			if r := w.fake.Interactions.Replies(set.ID); len(r) != 1 || !strings.HasPrefix(r[0].Content, w.svc.Localize(string(p.Locale), settingsfeature.KeySettingsSaved)) {
				t.Fatalf("/settings public-dm:picture replies %+v", r)
			}
		}
	}
	host := g.players[0]
	opts := []*discordgo.ApplicationCommandInteractionDataOption{fakediscord.StringOpt(commands.OptGame, g.spec.gameID)}
	if g.spec.typed != "" {
		opts = append(opts, fakediscord.StringOpt(commands.OptOptions, g.spec.typed))
	}
	newCmd := w.fake.Interactions.Command(host.Actor, commands.CmdGame, fakediscord.SubCommand(commands.SubNew, opts...))
	w.tr.deliver(t, newCmd)
	if r := w.fake.Interactions.Replies(newCmd.ID); len(r) != 1 || r[0].Content != w.svc.Localize(string(host.Locale), lobbyfeature.KeyOKNew) {
		t.Fatalf("/game new replies %+v", r)
	}
	ids := make([]string, 0, len(g.spec.options))
	for id := range g.spec.options {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		g.setOption(host, id, g.spec.options[id])
	}
	for _, p := range g.players[1:] {
		lobby, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindJoin)
		if !ok {
			t.Fatal("no lobby message with a join button")
		}
		w.tr.deliver(t, w.fake.Interactions.Click(p.Actor, &lobby, controlOf(t, lobby, commands.KindJoin).CustomID))
	}
	lobby, _ := latestWith(w.fake.Channels.Messages(channelID), commands.KindStart)
	for _, p := range g.players {
		if !strings.Contains(lobby.Content, p.Username) {
			t.Errorf("lobby %q does not list %s", lobby.Content, p.Username)
		}
	}
	for _, m := range w.fake.Channels.Messages(channelID) {
		if am := m.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 {
			t.Fatalf("lobby message %q without explicit allowed mentions: %+v", m.Content, am)
		}
	}
	before := g.snap()
	w.tr.deliver(t, w.fake.Interactions.Click(host.Actor, &lobby, controlOf(t, lobby, commands.KindStart).CustomID))
	tb := w.table(t)
	if tb.Status != table.StatusPlaying || len(tb.Seats) != len(g.players) {
		t.Fatalf("after start: status %s with %d seats", tb.Status, len(tb.Seats))
	}
	for id, v := range g.spec.options {
		if tb.Options[id] != v {
			t.Fatalf("table option %s = %q, want %q", id, tb.Options[id], v)
		}
	}
	g.checkTurn(before)
}

// setOption picks value in the lobby select of option id (its own, or
// the one it shares with other options, whose values are "id=value"), as
// the host would.
func (g *game) setOption(host player, id, value string) {
	t, w := g.t, g.w
	lobby, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindOption)
	if !ok {
		t.Fatal("no lobby message with an option select")
	}
	for _, c := range fakediscord.Controls(lobby) {
		cid, err := commands.ParseCustomID(c.CustomID)
		pick := value
		if err == nil && cid.Arg != id && slices.ContainsFunc(c.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == id+"="+value }) {
			pick = id + "=" + value
		} else if err != nil || cid.Kind != commands.KindOption || cid.Arg != id {
			continue
		}
		if !slices.ContainsFunc(c.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == pick }) {
			t.Fatalf("lobby select %s does not offer %q", id, value)
		}
		i := w.fake.Interactions.Select(host.Actor, &lobby, c.CustomID, pick)
		w.tr.deliver(t, i)
		if r := w.fake.Interactions.Replies(i.ID); len(r) != 1 || r[0].Content != w.svc.Localize(string(host.Locale), lobbyfeature.KeyOKOption) {
			t.Fatalf("option %s=%s replies %+v", id, value, r)
		}
		if edited, _ := w.fake.Channels.Message(channelID, lobby.ID); !strings.Contains(edited.Content, "= "+value) {
			t.Fatalf("lobby %q does not show %s = %s", edited.Content, id, value)
		}
		return
	}
	t.Fatalf("lobby offers no select for option %s", id)
}

// step makes one move of a pending prompt, found through the messages the
// player can see, and checks what it produced. It reports false once the
// game is over.
func (g *game) step() bool {
	t, w := g.t, g.w
	a, ok := g.plan()
	if !ok {
		return false
	}
	before := g.snap()
	stBefore := w.state(t, before.tb)
	g.answering = a
	delete(g.lastReply, a.who.UserID) // valid for the next move only; set again below if it is
	w.tr.deliver(t, a.i)
	tb := w.table(t)
	if tb.Version <= before.tb.Version {
		t.Fatalf("move %q by %s was not applied (version %d → %d); replies %+v", a.choice.move, a.who.Username, before.tb.Version, tb.Version, w.fake.Interactions.Replies(a.i.ID))
	}
	if last, ok := tb.History().Last(); !ok || last.Move != a.choice.move || last.Seat != a.seat {
		t.Fatalf("log ends with %+v, want %q by seat %d", last, a.choice.move, a.seat)
	}
	g.moves++
	fresh := g.checkTurn(before)
	if a.msg.Flags&discordgo.MessageFlagsEphemeral != 0 {
		last, _ := tb.History().Last()
		g.checkInPlace(*a, !last.Uncommitted)
	}
	g.spec.rules.checkMove(g, appliedMove{answer: *a, before: stBefore, after: w.state(t, tb), tbBefore: before.tb, tbAfter: tb, fresh: fresh})
	if !g.staleChecked[a.who.UserID] && g.moves > 3 && g.spec.rules.staleTarget(g, *a) {
		g.checkStale(*a)
	}
	return true
}

// next is plan for the benchmark: the interaction and the table it was
// chosen at; ok is false when the game is over.
func (g *game) next() (*discordgo.Interaction, *table.Table, bool) {
	tb := g.w.table(g.t)
	a, ok := g.plan()
	if !ok {
		return nil, tb, false
	}
	return a.i, tb, true
}

// plan picks a pending prompt and one of the answers its message offers,
// as the player concerned would. A group of a two-step select is opened
// (which changes nothing) and one of its options chosen.
func (g *game) plan() (*answer, bool) {
	t, w := g.t, g.w
	tb := w.table(t)
	if tb.Status == table.StatusOver {
		return nil, false
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
		board, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindMove, commands.KindMoveSelect, commands.KindGroup)
		// After a step inside a turn the channel's board is unchanged;
		// the player goes on from the answer only they see, or from
		// their DM edited in place when the step was made there (a
		// secret step followed by public ones of the same turn).
		switch r, replied := g.lastReply[who.UserID]; {
		case replied && len(moveChoices(t, r, p)) > 0:
			msg = r
		case ok && len(moveChoices(t, board, p)) > 0:
			msg = board
		default:
			dms := w.fake.Channels.DMs(who.UserID)
			if len(dms) == 0 || len(moveChoices(t, dms[len(dms)-1], p)) == 0 {
				t.Fatalf("no channel message, answer or DM offers %s's public prompt", who.Username)
			}
			msg = dms[len(dms)-1]
		}
	case who.dmClosed:
		g.blockedPrompt = true
		msg = g.showHand(who, st.Pending())
	default:
		dms := w.fake.Channels.DMs(who.UserID)
		if len(dms) == 0 {
			t.Fatalf("%s has a secret prompt but no DM", who.Username)
		}
		msg = dms[len(dms)-1]
		// After a step answered in place, the player goes on from that
		// answer while it still offers the prompt.
		if r, ok := g.lastReply[who.UserID]; ok && len(moveChoices(t, r, p)) > 0 {
			msg = r
		}
	}
	choices := moveChoices(t, msg, p)
	if len(choices) == 0 {
		t.Fatalf("message %q offers %s none of %v", msg.Content, who.Username, p.Options)
	}
	c := g.pick(p, choices)
	others := slices.DeleteFunc(slices.Clone(choices), func(o choice) bool { return o == c })
	if c.group {
		msg = g.openGroup(who, msg, c, p)
		choices = moveChoices(t, msg, p)
		if len(choices) == 0 {
			t.Fatalf("group %q offers %s no option", c.value, who.Username)
		}
		c = g.pick(p, choices)
		others = slices.DeleteFunc(slices.Clone(choices), func(o choice) bool { return o == c })
	}
	a := &answer{who: who, seat: p.Seat, prompt: p, msg: msg, choice: c, others: others}
	a.i = g.interact(who, msg, c)
	return a, true
}

// pick chooses at random among the answers the game's rules prefer.
func (g *game) pick(p games.Prompt, choices []choice) choice {
	if preferred := g.spec.rules.prefer(g, p, choices); len(preferred) > 0 {
		choices = preferred
	}
	return choices[g.rng.IntN(len(choices))]
}

// interact uses choice c of msg as who. A click in a DM comes, as on
// Discord, from the DM channel and without a guild.
func (g *game) interact(who player, msg fakediscord.Message, c choice) *discordgo.Interaction {
	actor := who.Actor
	if msg.ChannelID != "" && g.w.fake.Channels.IsDMChannel(msg.ChannelID) {
		actor.ChannelID, actor.GuildID = msg.ChannelID, ""
	}
	if c.value != "" {
		return g.w.fake.Interactions.Select(actor, &msg, c.customID, c.value)
	}
	return g.w.fake.Interactions.Click(actor, &msg, c.customID)
}

// openGroup picks group c in a group select and returns the ephemeral
// answer, which must offer exactly the prompt's options of that group and
// change nothing else.
func (g *game) openGroup(who player, msg fakediscord.Message, c choice, p games.Prompt) fakediscord.Message {
	t, w := g.t, g.w
	before := g.snap()
	i := g.interact(who, msg, c)
	w.tr.deliver(t, i)
	g.unchanged("picking group "+c.value, before)
	replies := w.fake.Interactions.Replies(i.ID)
	if len(replies) != 1 || replies[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("group %q replies %+v, want one ephemeral", c.value, replies)
	}
	var want []string
	for _, o := range p.Options {
		if len(o.Path) > 0 && o.Path[0].ID == c.value {
			want = append(want, o.ID)
		}
	}
	got := offeredMoves(t, replies[0])
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("group %q offers %v, want %v (reply %q, %d components)", c.value, got, want, replies[0].Content, len(replies[0].Components))
	}
	g.groupPicks++
	return replies[0]
}

// showHand presses "Show my hand" in the channel and returns the ephemeral
// answer, which carries the secret prompt for a player without DMs and
// offers none but that player's options.
func (g *game) showHand(who player, pending []games.Prompt) fakediscord.Message {
	t, w := g.t, g.w
	notice, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindHand)
	if !ok {
		t.Fatal("no Show my hand button in the channel")
	}
	before := g.snap()
	i := w.fake.Interactions.Click(who.Actor, &notice, controlOf(t, notice, commands.KindHand).CustomID)
	w.tr.deliver(t, i)
	g.unchanged("Show my hand", before)
	replies := w.fake.Interactions.Replies(i.ID)
	if len(replies) != 1 || replies[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("Show my hand replies %+v, want one ephemeral", replies)
	}
	if !hasPNG(replies[0], "") {
		t.Errorf("hand reply has no PNG")
	}
	seat := w.table(t).SeatOf(who.UserID)
	for _, mv := range offeredMoves(t, replies[0]) {
		if !slices.ContainsFunc(pending, func(p games.Prompt) bool {
			return p.Seat == seat && slices.ContainsFunc(p.Options, func(o games.Option) bool { return o.ID == mv })
		}) {
			t.Fatalf("%s's hand offers %q, not one of their options", who.Username, mv)
		}
	}
	return replies[0]
}

// play runs s from /game new to the standings through one transport.
func play(t *testing.T, s spec, overHTTP bool) *game {
	return playIn(t, newWorld(t, overHTTP), s)
}

// playIn runs s from /game new to the standings in w.
func playIn(t *testing.T, w *world, s spec) *game {
	g := newGame(t, w, s)
	g.open()
	for g.step() {
		if g.moves == s.restartAt {
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
		if g.moves > s.maxMoves {
			t.Fatalf("no end after %d moves", s.maxMoves)
		}
	}
	g.finish()
	dms, edited := 0, 0
	for _, p := range g.players {
		for _, m := range w.fake.Channels.DMs(p.UserID) {
			dms++
			if m.Edits > 0 {
				edited++
			}
		}
	}
	t.Logf("%d moves, %d group selects, %d channel messages, %d DMs (%d edited in place), %d REST calls, %d private facts checked",
		g.moves, g.groupPicks, len(w.fake.Channels.Messages(channelID)), dms, edited, len(w.fake.Requests()), g.privateChecks)
	return g
}
