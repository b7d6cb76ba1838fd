package commands

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bots"
	"github.com/tavern-bot/tavern/clock/clocktest"
	"github.com/tavern-bot/tavern/delivery"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// tinyPNG is a valid PNG w pixels wide; the fake renderer draws public
// views 1 pixel wide and private ones 2, so tests can tell them apart.
func tinyPNG(t *testing.T, w int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, 1))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fakeImages records which views were drawn for whom.
type fakeImages struct {
	png     []byte // public
	priv    []byte
	mu      sync.Mutex
	calls   []ImageMeta
	views   []any
	results [][]games.Standing
}

func (f *fakeImages) Board(gameID string, view any, m ImageMeta) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, m)
	f.views = append(f.views, view)
	if m.Viewer != games.Public {
		return f.priv, nil
	}
	return f.png, nil
}

func (f *fakeImages) Lobby(gameID string, l LobbyView, m ImageMeta) ([]byte, error) {
	return f.png, nil
}

// Results records the standings it was asked to draw.
func (f *fakeImages) Results(gameID string, standings []games.Standing, m ImageMeta) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.results = append(f.results, standings)
	return f.png, nil
}

// message is one message in the fake Discord.
type message struct {
	id      string
	channel string
	msg     Message
}

// harness runs a Service against a real bbolt store and a fake Discord that
// carries out Actions.
type harness struct {
	t      *testing.T
	path   string
	store  *storage.Bolt
	svc    *Service
	images *fakeImages
	render Images // when set, the Service draws with it instead of images
	// noImages builds the Service without a renderer (Deps.Images nil).
	noImages bool
	poll     time.Duration // the scheduler's safety net (Deps.Poll)
	mu       sync.Mutex
	seed     uint64
	nextMsg  int
	msgs     map[string]*message  // by id
	order    []string             // channel message ids in posting order
	channel  []Message            // every channel post or edit, in order
	dms      map[string][]Message // by user, oldest first, as now (edited in place)
	dmIDs    map[string][]string  // the message ids of dms
	dmEdits  map[string]int       // DM messages edited in place, by user
	blocked  map[string]bool
	clock    *clocktest.Clock // what the Service reads as now
	extra    []games.Game
	// thinks gives the service a bots.Thinker: bots that search think
	// their moves out apart (within Tick, as no scheduler runs).
	thinks  bool
	thinker *bots.Thinker // the Service's, when thinks
	// tuneDelivery, when set, changes the Service's delivery as it is
	// built (claims counted, renewed faster).
	tuneDelivery func(*delivery.Deps)
	held         *discordgo.Interaction // a click kept by a test to replay later
	pinned       map[string]bool        // channel messages pinned
	// threads maps each thread opened to its parent channel; archived
	// counts the archivings of each.
	threads  map[string]string
	archived map[string]int

	// shared, when set, is the Service's store in place of store (one
	// that several harnesses share, as processes share PostgreSQL).
	shared storage.Store
}

const (
	chanA   = "c100"
	guildA  = "g1"
	ann     = "u1"
	bo      = "u2"
	cy      = "u3"
	dee     = "u4"
	nobody  = "u9"
	manager = "u8"
)

var names = map[string]string{ann: "Ann", bo: "Bo", cy: "Cy", dee: "@everyone Dee", nobody: "Stranger", manager: "Mod"}

func newHarness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "tavern.db"), images: &fakeImages{png: tinyPNG(t, 1), priv: tinyPNG(t, 2)},
		msgs: map[string]*message{}, dms: map[string][]Message{}, dmIDs: map[string][]string{}, dmEdits: map[string]int{}, pinned: map[string]bool{},
		threads: map[string]string{}, archived: map[string]int{},
		blocked: map[string]bool{}, seed: 1000,
		clock: clocktest.NewClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))}
	h.open()
	t.Cleanup(func() { _ = h.store.Close() })
	return h
}

func (h *harness) open() {
	h.t.Helper()
	st, err := storage.Open(h.path)
	if err != nil {
		h.t.Fatal(err)
	}
	var svcStore storage.Store = st
	if h.shared != nil {
		svcStore = h.shared
	}
	h.store, h.svc = st, h.serviceOver(svcStore)
}

// serviceOver is a Service like the harness's, over store.
func (h *harness) serviceOver(store storage.Store) *Service {
	h.t.Helper()
	reg, err := games.NewRegistry(append([]games.Game{tabletest.Game()}, h.extra...)...)
	if err != nil {
		h.t.Fatal(err)
	}
	var images Images = h.images
	if h.render != nil {
		images = h.render
	}
	if h.noImages {
		images = nil
	}
	var thinker *bots.Thinker
	if h.thinks {
		if thinker, err = bots.New(h.t.Context(), reg, bots.Options{Workers: 1, Reproducible: true}); err != nil {
			h.t.Fatal(err)
		}
	}
	h.thinker = thinker
	svc, err := newService(Deps{Games: reg, Store: store, Images: images, Bots: thinker,
		Now: h.now, Poll: h.poll,
		NewSeed: func() uint64 {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.seed++
			return h.seed
		}}, h.tuneDelivery)
	if err != nil {
		h.t.Fatal(err)
	}
	return svc
}

// useStore serves with a Service over store (one whose database is down,
// or that answers otherwise) until restore brings the harness's own back.
func (h *harness) useStore(store storage.Store) (restore func()) {
	own := h.svc
	h.svc = h.serviceOver(store)
	return func() { h.svc = own }
}

func (h *harness) now() time.Time { return h.clock.Now() }

// advance moves the Service's clock forward.
func (h *harness) advance(d time.Duration) { h.clock.Advance(d) }

// restart closes and reopens the store and builds a fresh Service.
func (h *harness) restart() {
	h.t.Helper()
	if err := h.store.Close(); err != nil {
		h.t.Fatal(err)
	}
	h.open()
}

// run carries out the actions of a result like a transport would, and
// returns it with the actions carried out (a change's pictures are drawn
// only then).
func (h *harness) run(res Result) Result {
	var carried []Action
	_ = res.Carry(context.Background(), func(_ context.Context, actions []Action) error {
		carried = append(carried, actions...)
		h.apply(actions)
		return nil
	})
	if res.Carrier != nil {
		res.Actions = carried
	}
	return res
}

// apply carries out actions against the fake Discord.
func (h *harness) apply(actions []Action) {
	for _, a := range actions {
		switch a := a.(type) {
		case ChannelPost:
			h.post(a)
		case ChannelEdit:
			if user, ok := strings.CutPrefix(a.ChannelID, dmPrefix); ok {
				h.editDM(user, a)
				continue
			}
			h.mu.Lock()
			m, ok := h.msgs[a.MessageID]
			if ok {
				m.msg = a.Message
				h.channel = append(h.channel, a.Message)
			}
			h.mu.Unlock()
			if !ok {
				h.post(ChannelPost{ChannelID: a.ChannelID, Message: a.Message, OnSent: a.OnSent})
			}
		case DirectMessage:
			if h.blocked[a.UserID] {
				if a.Blocked != nil {
					h.post(*a.Blocked)
				}
				continue
			}
			if a.Fill != nil {
				a.Fill(&a.Message)
			}
			id := h.sendDM(a.UserID, a.Message)
			if a.OnSent != nil {
				a.OnSent(dmPrefix+a.UserID, id)
			}
		case ClearButtons:
			h.clearButtons(a)
		case interact.WithdrawControls:
			// The harness keeps no ephemeral answers to withdraw (the
			// transports' tests cover them).
		case Unpin:
			h.mu.Lock()
			delete(h.pinned, a.MessageID)
			h.mu.Unlock()
		case ThreadOpen:
			var starter string
			h.post(ChannelPost{ChannelID: a.ChannelID, Message: a.Starter, OnSent: func(id string) { starter = id }})
			thread := "th-" + starter
			h.mu.Lock()
			h.threads[thread] = a.ChannelID
			h.mu.Unlock()
			h.run(a.Then(context.Background(), thread, starter))
		case ThreadArchive:
			h.mu.Lock()
			h.archived[a.ThreadID]++
			h.mu.Unlock()
		default:
			h.t.Fatalf("unknown action %T", a)
		}
	}
}

// dmPrefix starts the id of a user's DM channel in the fake Discord.
const dmPrefix = "dm-"

func (h *harness) sendDM(user string, m Message) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.nextMsg++
	id := fmt.Sprintf("dm%d", h.nextMsg)
	h.dms[user] = append(h.dms[user], m)
	h.dmIDs[user] = append(h.dmIDs[user], id)
	return id
}

// clearButtons removes the components of a channel message or a DM.
func (h *harness) clearButtons(a ClearButtons) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if user, ok := strings.CutPrefix(a.ChannelID, dmPrefix); ok {
		for k, id := range h.dmIDs[user] {
			if id == a.MessageID {
				h.dms[user][k].Components = nil
			}
		}
		return
	}
	if m, ok := h.msgs[a.MessageID]; ok {
		m.msg.Components = nil
		if a.Note != "" {
			m.msg.Content = a.Note
		}
	}
}

// editDM replaces a DM in place, or sends it anew when it is gone, like
// the transports do.
func (h *harness) editDM(user string, e ChannelEdit) {
	h.mu.Lock()
	for k, id := range h.dmIDs[user] {
		if id == e.MessageID {
			h.dms[user][k] = e.Message
			h.dmEdits[user]++
			h.mu.Unlock()
			return
		}
	}
	h.mu.Unlock()
	h.sendDM(user, e.Message)
}

func (h *harness) post(p ChannelPost) {
	h.mu.Lock()
	h.nextMsg++
	id := fmt.Sprintf("m%d", h.nextMsg)
	h.msgs[id] = &message{id: id, channel: p.ChannelID, msg: p.Message}
	h.order = append(h.order, id)
	if p.Pin {
		h.pinned[id] = true
	}
	h.channel = append(h.channel, p.Message)
	h.mu.Unlock()
	if p.OnSent != nil {
		p.OnSent(id)
	}
}

func member(user, locale string, perms int64) *discordgo.Interaction {
	gl := discordgo.Locale("en-US")
	return &discordgo.Interaction{
		ID: "i-" + user, GuildID: guildA, ChannelID: chanA, Locale: discordgo.Locale(locale), GuildLocale: &gl,
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: names[user]}, Permissions: perms},
	}
}

func localeOf(user string) string {
	if user == bo {
		return "de"
	}
	return "en-US"
}

// slash sends /game <sub> (or /move, /rules when sub is "") with options.
func (h *harness) slash(user, name, sub string, opts ...string) Result {
	return h.run(h.svc.Handle(context.Background(), slashInteraction(user, name, sub, opts...)))
}

func slashInteraction(user, name, sub string, opts ...string) *discordgo.Interaction {
	i := member(user, localeOf(user), 0)
	i.Type = discordgo.InteractionApplicationCommand
	var o []*discordgo.ApplicationCommandInteractionDataOption
	for k := 0; k+1 < len(opts); k += 2 {
		o = append(o, &discordgo.ApplicationCommandInteractionDataOption{Name: opts[k], Type: discordgo.ApplicationCommandOptionString, Value: opts[k+1]})
	}
	data := discordgo.ApplicationCommandInteractionData{Name: name, Options: o}
	if sub != "" {
		data.Options = []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: o}}
	}
	i.Data = data
	return i
}

// click presses a component; in a DM the interaction carries no guild.
func (h *harness) click(user, customID string, values ...string) Result {
	return h.run(h.svc.Handle(context.Background(), clickInteraction(user, customID, values...)))
}

func clickInteraction(user, customID string, values ...string) *discordgo.Interaction {
	i := member(user, localeOf(user), 0)
	i.Type = discordgo.InteractionMessageComponent
	i.Data = discordgo.MessageComponentInteractionData{CustomID: customID, Values: values}
	return i
}

// customIDs lists every custom id and option value in components.
func customIDs(rows []discordgo.MessageComponent) []string {
	var out []string
	for _, r := range rows {
		row, ok := r.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.Button:
				out = append(out, c.CustomID)
			case discordgo.SelectMenu:
				out = append(out, c.CustomID)
			}
		}
	}
	return out
}

// componentText is everything a reader sees or a client holds in components.
func componentText(rows []discordgo.MessageComponent) string {
	var b strings.Builder
	for _, r := range rows {
		row, ok := r.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range row.Components {
			switch c := c.(type) {
			case discordgo.Button:
				fmt.Fprintln(&b, c.Label, c.CustomID)
			case discordgo.SelectMenu:
				fmt.Fprintln(&b, c.Placeholder, c.CustomID)
				for _, o := range c.Options {
					fmt.Fprintln(&b, o.Label, o.Value, o.Description)
				}
			}
		}
	}
	return b.String()
}

// button finds the custom id of the component whose kind and argument match,
// in the newest message of msgs that has one.
func findID(t *testing.T, msgs []Message, kind Kind, arg string) string {
	t.Helper()
	for k := len(msgs) - 1; k >= 0; k-- {
		for _, id := range customIDs(msgs[k].Components) {
			c, err := ParseCustomID(id)
			if err == nil && c.Kind == kind && (arg == "" || c.Arg == arg) {
				return id
			}
		}
	}
	t.Fatalf("no %s component with arg %q", kind, arg)
	return ""
}

// channelMsgs returns the current content of channel messages, oldest first.
func (h *harness) channelMsgs() []Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]Message, 0, len(h.order))
	for _, id := range h.order {
		out = append(out, h.msgs[id].msg)
	}
	return out
}

func (h *harness) table() *table.Table {
	h.t.Helper()
	t, err := h.store.Tables().Get(context.Background(), chanA, storage.WithLog())
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}

// text is the localized template of key up to its first argument, enough
// to recognize a reply.
func (h *harness) text(lang, key string) string {
	tpl := h.svc.voice.Text(lang, games.Text{Key: key})
	if i := strings.Index(tpl, "{"); i >= 0 {
		tpl = tpl[:i]
	}
	return tpl
}

// wantReply fails unless res replies with the text of key.
func (h *harness) wantReply(res Result, lang, key string) {
	h.t.Helper()
	if res.Reply == nil || !strings.HasPrefix(res.Reply.Content, h.text(lang, key)) {
		got := "<nil>"
		if res.Reply != nil {
			got = res.Reply.Content
		}
		h.t.Fatalf("reply %q, want text of %s (%q)", got, key, h.text(lang, key))
	}
}

// wantDMAnswered fails unless res answers a click in a DM by editing that
// DM in place, with no other reply (the edit shows the answer).
func (h *harness) wantDMAnswered(res Result) {
	h.t.Helper()
	if res.Reply != nil {
		h.t.Fatalf("a DM click answered %q besides editing the DM", res.Reply.Content)
	}
	for _, a := range res.Actions {
		if e, ok := a.(ChannelEdit); ok && strings.HasPrefix(e.ChannelID, dmPrefix) {
			return
		}
	}
	h.t.Fatalf("a DM click did not edit the DM in place: %d actions", len(res.Actions))
}

// lobbyAndStart opens a one-round lobby with players and starts it.
func (h *harness) lobbyAndStart(players ...string) {
	h.t.Helper()
	h.wantReply(h.slash(players[0], CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=1"), "en", lobby.KeyOKNew)
	for _, p := range players[1:] {
		h.wantReply(h.click(p, findID(h.t, h.channelMsgs(), KindJoin, "")), games.Lang(localeOf(p)), lobby.KeyOKJoined)
	}
	h.wantReply(h.click(players[0], findID(h.t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
}

// assertNoSecrets checks every channel post and edit ever made: no hidden
// fact, no secret option (label or id), and boards drawn from public views.
func (h *harness) assertNoSecrets() {
	h.t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	for n, m := range h.channel {
		all := m.Content + "\n" + componentText(m.Components)
		if strings.Contains(all, tabletest.SecretMarker) {
			h.t.Errorf("channel message %d leaks a secret:\n%s", n, all)
		}
		for _, f := range m.Files {
			if !bytes.Equal(f.Data, h.images.png) {
				h.t.Errorf("channel message %d carries a private image %s", n, f.Name)
			}
		}
	}
	h.images.mu.Lock()
	defer h.images.mu.Unlock()
	for n, v := range h.images.views {
		_, private := v.(tabletest.PrivateView)
		if _, ok := v.(draftPrivate); ok {
			private = true
		}
		if _, ok := v.(tabletest.TurnPrivateView); ok {
			private = true
		}
		if private != (h.images.calls[n].Viewer != games.Public) {
			h.t.Errorf("image %d: private view %v drawn for viewer %d", n, private, h.images.calls[n].Viewer)
		}
	}
}

type discordLocale = discordgo.Locale

var ctxBG = context.Background()

// history is every channel post and edit as sent, oldest first (buttons on
// messages since edited away are still there).
func (h *harness) history() []Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]Message(nil), h.channel...)
}

func itoa(n int) string { return strconv.Itoa(n) }
