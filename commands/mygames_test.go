package commands

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/mygames"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// myGamesImages draws the /games picture as a record of its view, or
// fails when told to.
type myGamesImages struct {
	*fakeImages
	fail  bool
	views *[]mygames.View
}

func (m myGamesImages) MyGames(v mygames.View, _ ImageMeta) ([]byte, error) {
	if m.fail {
		return nil, errors.New("no picture today")
	}
	*m.views = append(*m.views, v)
	return m.png, nil
}

// promptsOf are the decisions pending for user at the table in chanA.
func (h *harness) promptsOf(user string) []games.Prompt {
	h.t.Helper()
	tb := h.table()
	g, _ := h.svc.games.Get(tb.GameID)
	st, err := tb.Load(g)
	if err != nil {
		h.t.Fatal(err)
	}
	return games.SeatPrompts(st.Pending(), tb.SeatOf(user))
}

// TestMyGamesPicture: /games attaches a picture of the same list, in the
// same order (the decision waiting for the reader first), each table with
// its game, whose turn it is and how long it has waited, in the reader's
// language; a picture that fails to draw leaves the words.
func TestMyGamesPicture(t *testing.T) {
	for _, fail := range []bool{false, true} {
		h := newHarness(t)
		var views []mygames.View
		h.render = myGamesImages{fakeImages: h.images, fail: fail, views: &views}
		h.restart()
		other := slashInteraction(cy, CmdGame, SubNew, OptGame, tabletest.ID)
		other.ChannelID = "c200"
		h.wantReply(h.run(h.svc.Handle(context.Background(), other)), "en", lobby.KeyOKNew)
		h.advance(time.Hour)
		h.lobbyAndStart(ann, cy)
		h.advance(3*time.Hour + 20*time.Minute)
		list := func(user string) (*Message, mygames.View) {
			t.Helper()
			res := h.slash(user, CmdGames, "")
			if res.Reply == nil || res.Reply.Content == "" {
				t.Fatalf("/games of %s: no words", user)
			}
			if fail {
				if len(res.Reply.Files) != 0 || len(views) != 0 {
					t.Fatalf("/games of %s: a failed picture was attached", user)
				}
				return res.Reply, mygames.View{}
			}
			if len(res.Reply.Files) != 1 || res.Reply.Files[0].Name != "games.png" || len(views) == 0 {
				t.Fatalf("/games of %s: files %v, want the picture", user, res.Reply.Files)
			}
			return res.Reply, views[len(views)-1]
		}
		game := h.svc.voice.GameName("en", tabletest.ID)
		text := func(lang, key string, args ...any) string {
			return h.svc.voice.Text(lang, games.T(key, args...))
		}
		_, v := list(cy)
		if fail {
			continue
		}
		want := []mygames.Row{
			{Game: game, Players: "Ann, Cy", Turn: text("en", mygames.KeyMyGamesPicYours), Waited: text("en", mygames.KeyMyGamesPicWaited, "time", "3h"), Yours: true},
			{Game: game, Players: "Cy", Turn: text("en", mygames.KeyMyGamesPicLobby), Waited: text("en", mygames.KeyMyGamesPicWaited, "time", "4h")},
		}
		if v.Title != text("en", mygames.KeyMyGamesPicTitle, "n", 2) || len(v.Rows) != 2 || v.Rows[0] != want[0] || v.Rows[1] != want[1] || v.More != "" {
			t.Errorf("cy's picture: %+v\nwant rows %+v", v, want)
		}
		// Once cy has answered, the game waits for Ann, since cy's move.
		mine := h.promptsOf(cy)
		if len(mine) == 0 {
			t.Fatal("the fake race must wait for cy")
		}
		h.wantReply(h.slash(cy, CmdMove, "", OptOption, mine[0].Options[0].ID), "en", play.KeyOKMove)
		h.advance(10 * time.Minute)
		_, v = list(cy)
		if len(v.Rows) != 2 || v.Rows[1].Turn != text("en", mygames.KeyMyGamesPicOthers, "players", "Ann") || v.Rows[1].Yours ||
			v.Rows[1].Waited != text("en", mygames.KeyMyGamesPicWaited, "time", "10m") || v.Rows[0].Turn != text("en", mygames.KeyMyGamesPicLobby) {
			t.Errorf("cy's picture after the move: %+v, want the lobby, then the game waiting for Ann for 10m", v)
		}
		// Bo reads German.
		h.wantReply(h.click(bo, findID(h.t, h.channelMsgs(), KindJoin, "")), "de", lobby.KeyOKJoined)
		h.advance(2 * time.Hour)
		_, v = list(bo)
		if len(v.Rows) != 1 || v.Title != text("de", mygames.KeyMyGamesPicTitle, "n", 1) || v.Rows[0].Turn != text("de", mygames.KeyMyGamesPicLobby) ||
			v.Rows[0].Waited != text("de", mygames.KeyMyGamesPicWaited, "time", "2h") || v.Rows[0].Game != h.svc.voice.GameName("de", tabletest.ID) {
			t.Errorf("bo's picture: %+v, want the lobby in German", v)
		}
	}
}
