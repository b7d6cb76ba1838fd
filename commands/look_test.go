package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tables"
)

// detailImages is fakeImages whose fake game has seat details (as Dungeon
// Designer and Sorcerer City do): it records every view, seat and meta a
// detail was drawn from, and draws them 3 pixels wide.
type detailImages struct {
	*fakeImages
	detail []byte
	mu     sync.Mutex
	views  []any
	seats  []int
	metas  []ImageMeta
}

func (d *detailImages) HasSeatDetail(gameID string) bool { return gameID == tabletest.ID }

func (d *detailImages) SeatDetail(gameID string, public any, seat int, m ImageMeta) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.views, d.seats, d.metas = append(d.views, public), append(d.seats, seat), append(d.metas, m)
	return d.detail, nil
}

func (d *detailImages) drawn() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.views)
}

func newLookHarness(t *testing.T) (*harness, *detailImages) {
	h := newHarness(t)
	d := &detailImages{fakeImages: h.images, detail: tinyPNG(t, 3)}
	h.render = d
	h.restart()
	return h, d
}

// lookSelect is the board's "Look at a player" select, if the newest
// channel message with one has it.
func lookSelect(msgs []Message) (discordgo.SelectMenu, bool) {
	for k := len(msgs) - 1; k >= 0; k-- {
		for _, r := range msgs[k].Components {
			row, ok := r.(discordgo.ActionsRow)
			if !ok {
				continue
			}
			for _, c := range row.Components {
				if sel, ok := c.(discordgo.SelectMenu); ok {
					if id, err := ParseCustomID(sel.CustomID); err == nil && id.Kind == KindLook {
						return sel, true
					}
				}
			}
		}
	}
	return discordgo.SelectMenu{}, false
}

// TestLookShowsASeatsPublicPart: the board of a game with seat details
// offers "Look at a player" with a choice per seat, in the table's
// language; picking a seat there, or naming it (number or name) in /game
// look, answers only the asker (a seat, the seat itself or a spectator)
// with the seat's detail drawn from the public view, in the asker's
// language, and changes nothing.
func TestLookShowsASeatsPublicPart(t *testing.T) {
	h, d := newLookHarness(t)
	h.lobbyAndStart(ann, bo)
	h.wantDMAnswered(h.bidInDM(bo, "3")) // Bo's bid is now his secret
	sel, ok := lookSelect(h.channelMsgs())
	if !ok {
		t.Fatal("the board offers no Look at a player select")
	}
	if want := h.svc.voice.Text(h.table().Lang, games.T(compose.KeyLookPlaceholder)); sel.Placeholder != want {
		t.Errorf("placeholder %q, want %q", sel.Placeholder, want)
	}
	var labels []string
	for _, o := range sel.Options {
		labels = append(labels, o.Value+"="+o.Label)
	}
	if got := strings.Join(labels, ","); got != "1=Ann,2=Bo" {
		t.Errorf("the select offers %s, want 1=Ann,2=Bo", got)
	}
	tb := h.table()
	st, err := tb.Load(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	public := jsonOfView(t, st.View(games.Public))
	if !bytes.Contains(jsonOfView(t, st.View(1)), []byte(tabletest.SecretMarker)) {
		t.Fatal("Bo's private view holds no secret: the test would prove nothing")
	}
	cases := []struct {
		name  string
		asker string
		ask   func() Result
	}{
		{"Ann picks Bo on the board", ann, func() Result { return h.click(ann, sel.CustomID, "2") }},
		{"a spectator picks Bo on the board", nobody, func() Result { return h.click(nobody, sel.CustomID, "2") }},
		{"Bo picks himself", bo, func() Result { return h.click(bo, sel.CustomID, "2") }},
		{"Ann types his number", ann, func() Result { return h.slash(ann, CmdGame, SubLook, OptPlayer, "2") }},
		{"a spectator types his name", nobody, func() Result { return h.slash(nobody, CmdGame, SubLook, OptPlayer, " bo ") }},
	}
	for _, c := range cases {
		before, drawn := len(h.history()), d.drawn()
		res := c.ask()
		lang := games.Lang(localeOf(c.asker))
		h.wantReply(res, lang, play.KeyLookTitle)
		if !strings.Contains(res.Reply.Content, "Bo") || len(res.Reply.Components) != 0 {
			t.Errorf("%s: answer %q with %d rows, want Bo's name and no controls", c.name, res.Reply.Content, len(res.Reply.Components))
		}
		if len(res.Reply.Files) != 1 || !bytes.Equal(res.Reply.Files[0].Data, d.detail) {
			t.Fatalf("%s: answer carries %d files, want Bo's detail", c.name, len(res.Reply.Files))
		}
		if len(res.Actions) != 0 || len(h.history()) != before || h.table().Version != tb.Version {
			t.Errorf("%s: looking changed something: %d actions, %d posts, version %d -> %d", c.name, len(res.Actions), len(h.history())-before, tb.Version, h.table().Version)
		}
		if d.drawn() != drawn+1 {
			t.Fatalf("%s: %d details drawn, want 1", c.name, d.drawn()-drawn)
		}
		d.mu.Lock()
		view, seat, m := d.views[drawn], d.seats[drawn], d.metas[drawn]
		d.mu.Unlock()
		if got := jsonOfView(t, view); !bytes.Equal(got, public) || bytes.Contains(got, []byte(tabletest.SecretMarker)) {
			t.Errorf("%s: the detail was drawn from %s, want the public view %s", c.name, got, public)
		}
		if seat != 1 || m.Viewer != games.Public || m.Lang != lang {
			t.Errorf("%s: drawn for seat %d, viewer %d, in %q; want seat 1, the public, in %q", c.name, seat, m.Viewer, m.Lang, lang)
		}
	}
	h.assertNoSecrets()
}

// TestLookBadInput: every wrong look gets a clear answer in the asker's
// language, draws nothing and changes nothing.
func TestLookBadInput(t *testing.T) {
	h, d := newLookHarness(t)
	look := func(user, player string) func() Result {
		return func() Result { return h.slash(user, CmdGame, SubLook, OptPlayer, player) }
	}
	type step struct {
		name string
		lang string
		key  string
		ask  func() Result
	}
	check := func(steps []step) {
		t.Helper()
		for _, s := range steps {
			before, drawn := len(h.history()), d.drawn()
			version := -1
			if tb, err := h.store.Tables().Get(ctxBG, chanA); err == nil {
				version = tb.Version
			}
			res := s.ask()
			h.wantReply(res, s.lang, s.key)
			if len(res.Reply.Files) != 0 || len(res.Actions) != 0 || len(h.history()) != before || d.drawn() != drawn {
				t.Errorf("%s: %d files, %d actions, %d posts, %d details drawn; want none", s.name, len(res.Reply.Files), len(res.Actions), len(h.history())-before, d.drawn()-drawn)
			}
			if tb, err := h.store.Tables().Get(ctxBG, chanA); err == nil && tb.Version != version {
				t.Errorf("%s: the table's version went %d -> %d", s.name, version, tb.Version)
			}
		}
	}
	check([]step{{"no table in the channel", "en", interact.KeyNoTable, look(ann, "1")}})
	h.wantReply(h.slash(ann, CmdGame, SubNew, OptGame, tabletest.ID, OptOptions, "rounds=1"), "en", lobby.KeyOKNew)
	check([]step{{"a lobby", "de", table.ErrNotPlaying, look(bo, "1")}})
	h.wantReply(h.click(bo, findID(h.t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
	h.wantReply(h.click(ann, findID(h.t, h.channelMsgs(), KindStart, "")), "en", play.KeyOKStarted)
	sel, ok := lookSelect(h.channelMsgs())
	if !ok {
		t.Fatal("the board offers no Look at a player select")
	}
	check([]step{
		{"seat 3 of 2", "en", play.KeyLookUnknown, look(ann, "3")},
		{"seat 0", "de", play.KeyLookUnknown, look(bo, "0")},
		{"a name nobody has", "en", play.KeyLookUnknown, look(nobody, "Stranger")},
		{"nothing typed", "de", play.KeyLookUnknown, look(bo, "")},
		{"a select value the board never offered", "en", play.KeyLookUnknown, func() Result { return h.click(ann, sel.CustomID, "7") }},
		{"a select without a value", "de", KeyBadButton, func() Result { return h.click(bo, sel.CustomID) }},
	})
	if res := look(ann, "Bobby")(); !strings.Contains(res.Reply.Content, "1 Ann, 2 Bo") {
		t.Errorf("an unknown seat's answer %q does not list the seats", res.Reply.Content)
	}
	h.wantReply(h.slash(ann, CmdGame, SubAbandon, ""), "en", play.KeyOKAbandoned)
	check([]step{
		{"the table ended, typed", "en", table.ErrGameOver, look(ann, "2")},
		{"the table ended, an old board's select", "de", table.ErrGameOver, func() Result { return h.click(bo, sel.CustomID, "1") }},
	})
	if _, live := lookSelect(h.channelMsgs()); live {
		t.Error("after the end the board still offers Look at a player")
	}
	h.lobbyAndStart(ann, bo)
	check([]step{{"a select of the table before", "en", tables.KeyOldTable, func() Result { return h.click(ann, sel.CustomID, "2") }}})

	// A renderer without seat details: the game offers no close-up.
	plain := newHarness(t)
	plain.lobbyAndStart(ann, bo)
	if _, ok := lookSelect(plain.channelMsgs()); ok {
		t.Error("a game without seat details offers Look at a player")
	}
	for _, user := range []string{ann, bo} {
		plain.wantReply(plain.slash(user, CmdGame, SubLook, OptPlayer, "1"), games.Lang(localeOf(user)), play.KeyLookNone)
	}
}

// TestLookAutocomplete: /game look's player option lists the table's
// seats (number and name) that hold what was typed, and nothing where no
// game with seat details runs.
func TestLookAutocomplete(t *testing.T) {
	h, _ := newLookHarness(t)
	complete := func(typed string) []string {
		i := slashInteraction(nobody, CmdGame, SubLook, OptPlayer, typed)
		i.Type = discordgo.InteractionApplicationCommandAutocomplete
		data := i.Data.(discordgo.ApplicationCommandInteractionData)
		data.Options[0].Options[0].Focused = true
		i.Data = data
		var out []string
		for _, c := range h.svc.Autocomplete(context.Background(), i) {
			out = append(out, c.Name+"="+c.Value.(string))
		}
		return out
	}
	if got := complete(""); len(got) != 0 {
		t.Errorf("without a table: %v", got)
	}
	h.lobbyAndStart(ann, bo)
	for _, c := range []struct{ typed, want string }{
		{"", "1 · Ann=1,2 · Bo=2"},
		{"B", "2 · Bo=2"},
		{"1", "1 · Ann=1"},
		{"zed", ""},
	} {
		if got := strings.Join(complete(c.typed), ","); got != c.want {
			t.Errorf("typed %q: %s, want %s", c.typed, got, c.want)
		}
	}
}

func jsonOfView(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
