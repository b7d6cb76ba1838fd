package commands

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/tabletest"
)

const rivalID = "rivalrace"

// rivalGame is the fake race with a rival (as a solo game's automa) who
// beats everyone with 99.
type rivalGame struct{ games.Game }

func (g rivalGame) Info() games.Info {
	info := g.Game.Info()
	info.ID = rivalID
	return info
}

func (g rivalGame) New(s games.Setup) (games.State, error) {
	st, err := g.Game.New(s)
	return rivalState{st}, err
}

func (g rivalGame) Load(data []byte) (games.State, error) {
	st, err := g.Game.Load(data)
	return rivalState{st}, err
}

type rivalState struct{ games.State }

func (s rivalState) Standings() []games.Standing {
	st := s.State.Standings()
	for i := range st {
		st[i].Rank++ // behind the rival
	}
	return st
}

func (rivalState) Rivals() []games.Rival {
	return []games.Rival{{Name: games.T("fake.rival"), Rank: 1, Score: 99}}
}

// TestRivalsInResults: a rival (a solo game's automa) that won is named
// first in the final standings, in the channel, in every player's DM, and
// in the results picture.
func TestRivalsInResults(t *testing.T) {
	h := newHarness(t)
	h.extra = []games.Game{rivalGame{tabletest.Game()}}
	h.restart()
	h.startGame(rivalID, "rounds=1", ann, bo)
	h.wantDMAnswered(h.bidInDM(ann, "3"))
	h.wantDMAnswered(h.bidInDM(bo, "1"))
	h.wantReply(h.click(ann, findID(t, h.channelMsgs(), KindMove, "leap")), "en", play.KeyOKMove)
	h.wantReply(h.slash(bo, CmdMove, "", OptOption, "step"), "de", play.KeyOKMove)
	msgs := h.channelMsgs()
	standings := strings.Split(msgs[len(msgs)-1].Content, "\n")
	if len(standings) != 4 || !strings.HasPrefix(standings[1], "1. fake.rival: 99") || !strings.HasPrefix(standings[2], "2. Ann") {
		t.Fatalf("standings %q, want the rival first", standings)
	}
	for _, u := range []string{ann, bo} {
		last := h.dms[u][len(h.dms[u])-1].Content
		if !strings.Contains(last, "fake.rival: 99") {
			t.Errorf("%s's result DM %q does not name the rival", u, last)
		}
	}
	res := h.images.results[len(h.images.results)-1]
	if len(res) != 3 || res[0].Rank != 1 || res[0].Seat != 2 || res[0].Score != 99 {
		t.Errorf("results picture drawn from %+v, want the rival (after the seats) first", res)
	}
}
