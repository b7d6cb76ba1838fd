package bot_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// The checks the driver makes after every interaction and at the end.

// readable is everything a reader of m can see or inspect as text: the
// content, button labels, custom ids, select placeholders, values, labels
// and descriptions, and attachment names.
func readable(m fakediscord.Message) string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, c := range fakediscord.Controls(m) {
		b.WriteString("\n" + c.CustomID + "\n" + c.Label)
		for _, o := range c.Options {
			b.WriteString("\n" + o.Value + "\n" + o.Label + "\n" + o.Description)
		}
	}
	for _, a := range m.Attachments {
		b.WriteString("\n" + a.Name)
	}
	return b.String()
}

// containsWord reports whether w occurs in s as a whole word: where w
// starts or ends with a letter or digit, the neighbouring rune must not be
// one ("Cell" is not found in "Cellar").
func containsWord(s, w string) bool {
	if w == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(w)
	last, _ := utf8.DecodeLastRuneInString(w)
	for from := 0; ; {
		k := strings.Index(s[from:], w)
		if k < 0 {
			return false
		}
		k += from
		before, _ := utf8.DecodeLastRuneInString(s[:k])
		after, _ := utf8.DecodeRuneInString(s[k+len(w):])
		if (k == 0 || !isWordRune(first) || !isWordRune(before)) &&
			(k+len(w) == len(s) || !isWordRune(last) || !isWordRune(after)) {
			return true
		}
		from = k + 1
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func hasPNG(m fakediscord.Message, name string) bool {
	for _, a := range m.Attachments {
		if (name == "" || a.Name == name) && a.ContentType == "image/png" && bytes.HasPrefix(a.Data, pngMagic) {
			return true
		}
	}
	return false
}

// newBoard is the newest of the new channel messages that is a board
// with buttons.
func newBoard(fresh []fakediscord.Message) (fakediscord.Message, bool) {
	for k := len(fresh) - 1; k >= 0; k-- {
		if hasPNG(fresh[k], "board.png") && len(fakediscord.Controls(fresh[k])) > 0 {
			return fresh[k], true
		}
	}
	return fakediscord.Message{}, false
}

// snapshot is what the driver compares before and after an interaction:
// the table, and the edit count of every message by id.
type snapshot struct {
	tb      *table.Table
	channel map[string]int
	dms     map[string]map[string]int // by user
}

func (g *game) snap() snapshot {
	s := snapshot{tb: g.w.table(g.t), channel: editCounts(g.w.fake.Channels.Messages(channelID)), dms: map[string]map[string]int{}}
	for _, p := range g.players {
		s.dms[p.UserID] = editCounts(g.w.fake.Channels.DMs(p.UserID))
	}
	return s
}

func editCounts(ms []fakediscord.Message) map[string]int {
	out := make(map[string]int, len(ms))
	for _, m := range ms {
		out[m.ID] = m.Edits
	}
	return out
}

// changed are the messages of ms that are new or were edited since before.
func changed(ms []fakediscord.Message, before map[string]int) (fresh, edited []fakediscord.Message) {
	for _, m := range ms {
		if edits, ok := before[m.ID]; !ok {
			fresh = append(fresh, m)
		} else if m.Edits > edits {
			edited = append(edited, m)
		}
	}
	return fresh, edited
}

// newDMs are p's DMs sent or edited since s. A DM edited only to lose its
// buttons (a newer decision replaced it) is not news.
func (g *game) newDMs(s snapshot, p player) []fakediscord.Message {
	fresh, edited := changed(g.w.fake.Channels.DMs(p.UserID), s.dms[p.UserID])
	for _, m := range edited {
		if !m.ButtonsCleared {
			fresh = append(fresh, m)
		}
	}
	return fresh
}

// unchanged checks that nothing but the interaction's own reply happened.
func (g *game) unchanged(what string, s snapshot) {
	t, w := g.t, g.w
	tb := w.table(t)
	if tb.Version != s.tb.Version || len(tb.Log) != len(s.tb.Log) || !bytes.Equal(tb.State, s.tb.State) {
		t.Fatalf("%s changed the table: version %d → %d, log %d → %d", what, s.tb.Version, tb.Version, len(s.tb.Log), len(tb.Log))
	}
	if fresh, edited := changed(w.fake.Channels.Messages(channelID), s.channel); len(fresh)+len(edited) != 0 {
		t.Fatalf("%s posted %d and edited %d channel messages", what, len(fresh), len(edited))
	}
	for _, p := range g.players {
		if n := len(g.newDMs(s, p)); n != 0 {
			t.Fatalf("%s sent or edited %d DMs of %s", what, n, p.Username)
		}
	}
}

// checkStale answers from a's message again after a's move: another of its
// options if it had one. Where the message is still shown as it was (not
// replaced in place), its current buttons are used. The click must be
// refused as stale, in the player's language, and change nothing.
func (g *game) checkStale(a answer) {
	t, w := g.t, g.w
	tb := w.table(t)
	msg, choices := a.msg, append([]choice{a.choice}, a.others...)
	if shown, ok := w.fake.Channels.Message(a.msg.ChannelID, a.msg.ID); ok {
		if cs := offered(t, shown); len(cs) > 0 && !slices.ContainsFunc(cs, func(c choice) bool { return c.version >= tb.Seats[a.seat].PromptVersion }) {
			msg, choices = shown, cs
		}
	}
	c := choices[g.rng.IntN(len(choices))]
	if c.version >= tb.Seats[a.seat].PromptVersion {
		t.Fatalf("the old answer %+v is not older than %s's decision (version %d)", c, a.who.Username, tb.Seats[a.seat].PromptVersion)
	}
	before := g.snap()
	i := g.interact(a.who, msg, c)
	w.tr.deliver(t, i)
	g.unchanged("a stale click", before)
	want := w.svc.Localize(string(a.who.Locale), table.ErrStale)
	if r := w.fake.Interactions.Replies(i.ID); len(r) != 1 || r[0].Content != want || r[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("stale click replies %+v, want %q", r, want)
	}
	g.staleChecked[a.who.UserID] = true
}

// turnFacts is what the checks of one turn compare messages against.
type turnFacts struct {
	tb      *table.Table
	st      games.State
	secrets [][]string        // per seat, see gameRules.secrets
	mine    []map[string]bool // per seat, its pending option ids
	secret  []bool            // per seat, whether a secret prompt is pending
	// secretOptions are answers to secret prompts, publicOptions to public ones.
	secretOptions, publicOptions map[string]bool
}

func (g *game) facts() turnFacts {
	tb := g.w.table(g.t)
	f := turnFacts{tb: tb, st: g.w.state(g.t, tb), mine: make([]map[string]bool, len(tb.Seats)), secret: make([]bool, len(tb.Seats)),
		secretOptions: map[string]bool{}, publicOptions: map[string]bool{}}
	f.secrets = g.spec.rules.secrets(g, tb, f.st)
	for i := range f.mine {
		f.mine[i] = map[string]bool{}
	}
	for _, p := range f.st.Pending() {
		f.secret[p.Seat] = f.secret[p.Seat] || p.Secret
		for _, o := range p.Options {
			f.mine[p.Seat][o.ID] = true
			if p.Secret {
				f.secretOptions[o.ID] = true
			} else {
				f.publicOptions[o.ID] = true
			}
		}
	}
	for _, s := range f.secrets {
		g.privateChecks += len(s)
	}
	g.privateChecks += len(f.secretOptions)
	return f
}

// checkTurn checks what the last interaction produced (see checkChannel
// and checkDMs) and returns the new channel messages.
func (g *game) checkTurn(before snapshot) []fakediscord.Message {
	fresh, edited := changed(g.w.fake.Channels.Messages(channelID), before.channel)
	f := g.facts()
	g.checkChannel(f, fresh, edited)
	g.checkDMs(f, before, fresh)
	g.checkLiveButtons(f)
	return fresh
}

// checkLiveButtons: while the game runs exactly one channel message (the
// newest board) and at most one DM per player carry buttons; once it is
// over, none does.
func (g *game) checkLiveButtons(f turnFacts) {
	t, w := g.t, g.w
	var live []string
	notices := map[string]int{} // "DMs closed" notices with a button, by the user they stand in for
	for _, m := range w.fake.Channels.Messages(channelID) {
		if len(fakediscord.Controls(m)) == 0 {
			continue
		}
		// Public controls speak the table's language (the server's),
		// whoever clicked last.
		for _, c := range fakediscord.Controls(m) {
			if id, err := interact.ParseCustomID(c.CustomID); err == nil && id.Kind == commands.KindHand {
				if want := w.svc.Localize(f.tb.Lang, compose.KeyBtnHand); c.Label != want {
					t.Fatalf("move %d: the board's hand button says %q in a table in %s, want %q", g.moves, c.Label, f.tb.Lang, want)
				}
				g.handLabels++
			}
		}
		if am := m.AllowedMentions; am != nil && len(am.Users) == 1 && g.byUser[am.Users[0]].dmClosed && !hasPNG(m, "board.png") {
			notices[am.Users[0]]++
			continue
		}
		live = append(live, m.ID+": "+m.Content)
	}
	want := 1
	if f.tb.Status != table.StatusPlaying {
		want = 0
	}
	// The live status is pinned exactly while the game runs.
	if m, ok := w.fake.Channels.Message(channelID, f.tb.StatusMessageID); ok && m.Pinned != (want == 1) {
		t.Fatalf("move %d: status pinned %v while the table is %s", g.moves, m.Pinned, f.tb.Status)
	}
	if len(live) != want {
		t.Fatalf("move %d: %d channel messages carry buttons (%v), want %d", g.moves, len(live), live, want)
	}
	for user, n := range notices {
		if n > want {
			t.Fatalf("move %d: %d live \"DMs closed\" notices for %s, want at most %d", g.moves, n, user, want)
		}
	}
	for _, p := range g.players {
		var withButtons []string
		for _, dm := range w.fake.Channels.DMs(p.UserID) {
			if len(fakediscord.Controls(dm)) > 0 {
				withButtons = append(withButtons, dm.ID+": "+dm.Content)
			}
		}
		if len(withButtons) > want {
			t.Fatalf("move %d: %s has %d DMs with buttons, want at most %d:\n%s\nlive: %+v", g.moves, p.Username, len(withButtons), want, strings.Join(withButtons, "\n"), f.tb.Seats)
		}
		// Steps answered outside a DM edit their one answer in place; only a
		// player who cannot get DMs asks for their hand again and again.
		var liveEphemerals int
		for _, m := range w.fake.Interactions.Ephemerals(p.UserID) {
			if len(offered(t, m)) > 0 {
				liveEphemerals++
			}
			// Once the game is over no answer stays clickable: the end
			// withdrew every one (issue 31).
			if want == 0 && len(fakediscord.Controls(m)) > 0 {
				t.Fatalf("move %d: the game is over and %s still sees an answer with controls: %q %s %v table %s", g.moves, p.Username, m.Content, m.ID, fakediscord.Controls(m), f.tb.ID)
			}
		}
		if !p.dmClosed && liveEphemerals > max(want, 1) {
			t.Fatalf("move %d: %s sees %d ephemeral messages offering moves, want at most one", g.moves, p.Username, liveEphemerals)
		}
		// A secret decision is answered in exactly one DM (or, after a
		// step made outside a DM, in the answer only the player sees).
		seat := f.tb.SeatOf(p.UserID)
		if want == 1 && seat >= 0 && f.secret[seat] && !p.dmClosed && len(withButtons) != 1 {
			if r, ok := g.lastReply[p.UserID]; !ok || len(offered(t, r)) == 0 {
				t.Fatalf("move %d: %s has a secret decision and %d DMs with buttons, want one", g.moves, p.Username, len(withButtons))
			}
		}
	}
}

// checkChannel: a PNG board among the new messages, the live status edited,
// and in every new or edited message explicit allowed mentions, no seat's
// secret and no answer to a secret prompt.
func (g *game) checkChannel(f turnFacts, fresh, edited []fakediscord.Message) {
	t := g.t
	shown := append(slices.Clone(fresh), edited...)
	if last, ok := f.tb.History().Last(); ok && last.Uncommitted && !f.st.Over() {
		// A step inside a turn: only the mover's own message changes; the
		// channel hears nothing until the commit.
		if slices.ContainsFunc(fresh, func(m fakediscord.Message) bool { return hasPNG(m, "board.png") }) {
			t.Fatalf("move %d, a step, posted a board in the channel", g.moves)
		}
		g.steps++
	} else if last.Quiet && !f.st.Over() && len(f.publicOptions) == 0 {
		// A quiet commit (a seat finished its private part of a
		// simultaneous phase): a line of text, no board.
		if slices.ContainsFunc(fresh, func(m fakediscord.Message) bool { return len(m.Attachments) > 0 }) {
			t.Fatalf("move %d, a quiet commit, posted a picture in the channel", g.moves)
		}
		if !slices.ContainsFunc(fresh, func(m fakediscord.Message) bool { return m.Content != "" && len(fakediscord.Controls(m)) == 0 }) {
			t.Fatalf("move %d, a quiet commit, told the channel nothing (%d new messages)", g.moves, len(fresh))
		}
		g.quiet++
	} else {
		if !slices.ContainsFunc(fresh, func(m fakediscord.Message) bool { return hasPNG(m, "board.png") }) {
			t.Fatalf("move %d posted no PNG board in the channel (%d new messages)", g.moves, len(fresh))
		}
		if !slices.ContainsFunc(shown, func(m fakediscord.Message) bool { return m.ID == f.tb.StatusMessageID }) {
			t.Fatalf("move %d left the live status message %q as it was", g.moves, f.tb.StatusMessageID)
		}
	}
	for _, m := range shown {
		text := readable(m)
		for seat, words := range f.secrets {
			for _, word := range words {
				if containsWord(text, word) {
					t.Fatalf("channel message %q shows %q, a secret of seat %d", m.Content, word, seat)
				}
			}
		}
		for _, mv := range offeredMoves(t, m) {
			if f.secretOptions[mv] && !f.publicOptions[mv] {
				t.Fatalf("channel message offers the secret option %q", mv)
			}
		}
		if am := m.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 {
			t.Fatalf("channel message %q without explicit allowed mentions: %+v", m.Content, am)
		}
	}
}

// checkDMs: exactly the open-DM players whose decision is new get one DM
// (new or edited in place) with a picture, their own options only and, where
// secrets are unique, no other seat's secret; a player with closed DMs and
// a new secret decision is told in the channel instead, pinging only them.
func (g *game) checkDMs(f turnFacts, before snapshot, fresh []fakediscord.Message) {
	t, w := g.t, g.w
	for seat, s := range f.tb.Seats {
		p := g.byUser[s.UserID]
		if n := len(w.fake.Channels.DMs(p.UserID)); p.dmClosed && n != 0 {
			t.Fatalf("%s has closed DMs but got %d", p.Username, n)
		}
		if n := w.fake.Channels.RefusedDMs(p.UserID); n > w.memories {
			t.Fatalf("move %d: %d DMs to %s refused, want at most one per process (%d)", g.moves, n, p.Username, w.memories)
		}
		news := g.newDMs(before, p)
		if f.tb.Status == table.StatusOver && before.tb.Status != table.StatusOver && !p.dmClosed {
			// The end: one DM with the result, no buttons anywhere.
			if len(news) != 1 || len(fakediscord.Controls(news[0])) != 0 || !strings.Contains(news[0].Content, "<#"+channelID+">") {
				t.Fatalf("%s got %d DMs at the end, want one with the result", p.Username, len(news))
			}
			for _, dm := range w.fake.Channels.DMs(p.UserID) {
				if len(fakediscord.Controls(dm)) != 0 {
					t.Fatalf("%s still has a DM with buttons after the end: %q", p.Username, dm.Content)
				}
			}
			continue
		}
		// The decision is new if it began during this interaction. (The
		// table's version may have moved on since: remembering the status
		// message id bumps it.)
		concerned := s.PromptVersion > before.tb.Version && len(f.mine[seat]) > 0
		if g.stepAnsweredInPlace(f, seat) {
			// A step made outside a DM is answered by its ephemeral reply,
			// which carries the mover's next options: no DM, no notice.
			if len(news) > 0 {
				t.Fatalf("%s made a step outside a DM and got %d DMs", p.Username, len(news))
			}
			replies := w.fake.Interactions.Replies(g.answering.i.ID)
			if len(f.mine[seat]) > 0 && (len(replies) == 0 || len(replies[len(replies)-1].Components) == 0) {
				t.Fatalf("%s made a step and its answer offers nothing", p.Username)
			}
			if len(replies) > 0 {
				g.lastReply[p.UserID] = replies[len(replies)-1] // where the player goes on
			}
			continue
		}
		if !concerned {
			// A DM clicked by a player who now waits is settled in place:
			// the same message, the private view, no options left.
			fresh, edited := changed(w.fake.Channels.DMs(p.UserID), before.dms[p.UserID])
			if len(fresh) == 0 && len(edited) == 1 && len(offeredMoves(t, edited[0])) == 0 && hasPNG(edited[0], "hand.png") {
				news = nil
			}
		}
		switch {
		case !concerned && len(news) > 0:
			t.Fatalf("%s got %d DMs but has no new decision (prompt version %d, table %d before)", p.Username, len(news), s.PromptVersion, before.tb.Version)
		case concerned && !p.dmClosed && len(news) != 1:
			t.Fatalf("%s has a new decision and got %d DMs", p.Username, len(news))
		case concerned && p.dmClosed && f.secret[seat] && !slices.ContainsFunc(fresh, func(m fakediscord.Message) bool {
			return strings.Contains(m.Content, "<@"+p.UserID+">") && m.AllowedMentions != nil && slices.Equal(m.AllowedMentions.Users, []string{p.UserID})
		}):
			t.Fatalf("%s cannot get DMs and was not told in the channel", p.Username)
		}
		board, boardPosted := newBoard(fresh)
		for _, dm := range news {
			switch {
			case !hasPNG(dm, "hand.png"):
				// A public decision told by a short DM leading to the new
				// board, which carries the buttons.
				if f.secret[seat] || p.dmPictures || !boardPosted || len(fakediscord.Controls(dm)) != 0 ||
					!strings.Contains(dm.Content, "https://discord.com/channels/"+guildID+"/"+channelID+"/"+board.ID) {
					t.Fatalf("DM to %s %q has no PNG of the hand and is no short DM linking to a new board (secret %v, board %v)", p.Username, dm.Content, f.secret[seat], boardPosted)
				}
				g.linkDMs++
			case !f.secret[seat] && boardPosted && dm.Edits == 0:
				if !p.dmPictures {
					t.Fatalf("%s's public decision came with the picture, not asked for: %q", p.Username, dm.Content)
				}
				g.publicPictures++
			}
			for _, mv := range offeredMoves(t, dm) {
				if !f.mine[seat][mv] {
					t.Fatalf("DM to %s offers %q, not one of their options", p.Username, mv)
				}
			}
			if g.spec.uniqueSecrets {
				g.checkNoOthersSecret(f, seat, p, dm)
			}
		}
	}
	for _, u := range w.fake.Channels.DMChannelUsers() {
		if _, ok := g.byUser[u]; !ok {
			t.Fatalf("DM channel opened with a non-player %s", u)
		}
	}
}

// checkNoOthersSecret: dm, sent to seat, shows no secret of another seat
// (a word that is seat's own secret too is fine).
func (g *game) checkNoOthersSecret(f turnFacts, seat int, p player, dm fakediscord.Message) {
	text := readable(dm)
	for other, words := range f.secrets {
		for _, word := range words {
			if other != seat && !slices.Contains(f.secrets[seat], word) && containsWord(text, word) {
				g.t.Fatalf("DM to %s shows %q, a secret of seat %d", p.Username, word, other)
			}
		}
	}
}

// finish checks the final standings and the coverage of the run.
func (g *game) finish() {
	t, w := g.t, g.w
	tb := w.table(t)
	if tb.Status != table.StatusOver {
		t.Fatalf("game not over after %d moves", g.moves)
	}
	st := w.state(t, tb)
	if !st.Over() {
		t.Fatal("table over but the game is not")
	}
	ms := w.fake.Channels.Messages(channelID)
	last := ms[len(ms)-1]
	if title := w.svc.Localize(tb.Lang, compose.KeyStandings); !strings.HasPrefix(last.Content, title) {
		t.Fatalf("last channel message %q is not the standings", last.Content)
	}
	if !hasPNG(last, "results.png") {
		t.Errorf("standings without a results PNG: %+v", last.Attachments)
	}
	if am := last.AllowedMentions; am == nil || am.Parse == nil || len(am.Parse) != 0 {
		t.Errorf("standings without explicit allowed mentions: %+v", am)
	}
	lines := strings.Split(last.Content, "\n")[1:]
	standings := st.Standings()
	// Rivals (Jael in a solo game) are ranked among the seats, first on
	// a tie of ranks.
	type line struct {
		rank, score int
		name        string
	}
	var want []line
	if r, ok := st.(games.Rivaled); ok {
		for _, rv := range r.Rivals() {
			want = append(want, line{rv.Rank, rv.Score, w.svc.Localize(tb.Lang, rv.Name.Key)})
		}
	}
	for _, sd := range standings {
		want = append(want, line{sd.Rank, sd.Score, tb.Seats[sd.Seat].Name})
	}
	slices.SortStableFunc(want, func(a, b line) int { return a.rank - b.rank })
	if len(lines) != len(want) || len(standings) != len(tb.Seats) {
		t.Fatalf("standings %q for %d seats, game ranks %d and %d rivals", last.Content, len(tb.Seats), len(standings), len(want)-len(standings))
	}
	for k, l := range want {
		if !strings.HasPrefix(lines[k], strconv.Itoa(l.rank)+". "+l.name+": "+strconv.Itoa(l.score)) {
			t.Errorf("standings line %q, want rank %d, %s, score %d", lines[k], l.rank, l.name, l.score)
		}
	}
	linked := slices.ContainsFunc(g.players, func(p player) bool { return !p.dmClosed && !p.dmPictures })
	pictured := slices.ContainsFunc(g.players, func(p player) bool { return p.dmPictures })
	if (linked && g.linkDMs == 0) || (pictured && g.publicPictures == 0) {
		t.Errorf("public decisions DMed as %d short links and %d pictures: both settings are not covered", g.linkDMs, g.publicPictures)
	}
	closed := slices.ContainsFunc(g.players, func(p player) bool { return p.dmClosed })
	if len(g.staleChecked) == 0 || (closed && !g.blockedPrompt) || g.privateChecks == 0 {
		t.Errorf("game too short to check everything: stale clicks by %v, closed-DM prompt %v, private checks %d", g.staleChecked, g.blockedPrompt, g.privateChecks)
	}
	g.spec.rules.checkEnd(g)
}

// jsonOf is the JSON form of a view, for checks of what it holds.
func jsonOf(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestContainsWord pins the matching the privacy checks rely on.
func TestContainsWord(t *testing.T) {
	for _, c := range []struct {
		s, w string
		want bool
	}{
		{"alice builds Cellar in column 2.", "Cellar", true},
		{"alice builds Cellar in column 2.", "Cell", false},
		{"Archive", "Archiv", false},
		{"Räucherkammer.", "Räucherkammer", true},
		{"xRäucherkammer", "Räucherkammer", false},
		{"m|7|t|1a|pick:12:c3", "pick:12:", true},
		{"m|7|t|1a|pick:123:c3", "pick:12:", false},
		{"dd.room.12 dd.room.3", "dd.room.1", false},
		{"dd.room.12 dd.room.1", "dd.room.1", true},
		{"second:45", "second:4", false},
		{"", "Cell", false},
		{"Cell", "", false},
	} {
		if got := containsWord(c.s, c.w); got != c.want {
			t.Errorf("containsWord(%q, %q) = %v, want %v", c.s, c.w, got, c.want)
		}
	}
}

// checkInPlace: a move clicked in an ephemeral answer (the one to an
// earlier step) is answered by editing that message, never by a new one,
// so a turn played outside the DMs leaves one message with its controls;
// a commit that shows in the channel removes it instead (no "Done").
func (g *game) checkInPlace(a answer, committed bool) {
	t := g.t
	rec, ok := g.w.fake.Interactions.Interaction(a.i.ID)
	switch {
	case !ok:
		t.Fatalf("move %d: no record of %s's click", g.moves, a.who.Username)
	case len(rec.Followups) > 0:
		t.Fatalf("move %d: %s's click in an ephemeral answer got %d new messages (%q), want that answer edited", g.moves, a.who.Username, len(rec.Followups), rec.Followups[0].Content)
	case rec.OriginalDeleted && committed:
		if slices.ContainsFunc(g.w.fake.Interactions.Ephemerals(a.who.UserID), func(m fakediscord.Message) bool { return m.ID == a.msg.ID }) {
			t.Fatalf("move %d: %s's ephemeral answer was to be removed, and is still there", g.moves, a.who.Username)
		}
	case rec.Original == nil || rec.Original.ID != a.msg.ID || rec.Original.Edits <= a.msg.Edits:
		t.Fatalf("move %d: %s's click in an ephemeral answer did not edit it: %+v", g.moves, a.who.Username, rec.Original)
	}
	g.inPlace++
}

// stepAnsweredInPlace reports whether seat made the last move, a step
// inside a turn, outside a DM (on the board or through "Show my hand").
func (g *game) stepAnsweredInPlace(f turnFacts, seat int) bool {
	last, ok := f.tb.History().Last()
	return ok && last.Uncommitted && !f.st.Over() && last.Seat == seat && g.answering != nil &&
		!g.w.fake.Channels.IsDMChannel(g.answering.msg.ChannelID)
}
