package playground

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
)

// lineupServer is the playground over the real command service with every
// listed game, their real boards and a bbolt store, as `tavern` runs it
// without a token; the store and registry let a driver look up the legal
// moves the way a player reads them off the board.
type lineupServer struct {
	*Server
	svc   *commands.Service
	store storage.Store
	reg   *games.Registry
}

func newLineupServer(t testing.TB) lineupServer {
	t.Helper()
	reg, err := lineup.Registry()
	if err != nil {
		t.Fatal(err)
	}
	return newServiceServer(t, reg)
}

// newServiceServer is the playground over the real command service with
// reg's games and boards and a bbolt store in a temp folder.
func newServiceServer(t testing.TB, reg *games.Registry) lineupServer {
	t.Helper()
	images, err := lineup.Images(reg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := storage.OpenWith(filepath.Join(t.TempDir(), "tavern.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc, err := commands.NewService(commands.Deps{Games: reg, Store: st, Images: images,
		Log: quiet, NewSeed: func() uint64 { return 20261122 }})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(svc, Options{}, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return lineupServer{Server: s, svc: svc, store: st, reg: reg}
}

// newestControl finds the newest message userID sees in channelID with an
// enabled control of kind (offering move, unless move is ""), and returns
// the message, the control's custom id and the values to submit.
func (ls lineupServer) newestControl(userID, channelID string, kind interact.Kind, move string) (msgID, customID string, values []string, ok bool) {
	ls.world.mu.Lock()
	defer ls.world.mu.Unlock()
	c, found := ls.world.channels[channelID]
	if !found {
		return "", "", nil, false
	}
	for i := len(c.Messages) - 1; i >= 0; i-- {
		m := c.Messages[i]
		if m.EphemeralFor != "" && m.EphemeralFor != userID {
			continue
		}
		for _, comp := range flatten(m.Components) {
			switch comp := comp.(type) {
			case discordgo.Button:
				id, err := commands.ParseCustomID(comp.CustomID)
				if err == nil && !comp.Disabled && id.Kind == kind && (move == "" || id.Arg == move) {
					return m.ID, comp.CustomID, nil, true
				}
			case discordgo.SelectMenu:
				id, err := commands.ParseCustomID(comp.CustomID)
				if err != nil || comp.Disabled || id.Kind != kind {
					continue
				}
				for _, o := range comp.Options {
					if o.Value == move {
						return m.ID, comp.CustomID, []string{o.Value}, true
					}
				}
			}
		}
	}
	return "", "", nil, false
}

// click presses the newest control of kind userID sees in channelID.
func (ls lineupServer) click(t testing.TB, userID, channelID string, kind interact.Kind) {
	t.Helper()
	msg, cid, _, ok := ls.newestControl(userID, channelID, kind, "")
	if !ok {
		t.Fatalf("no %q control for %s in %s", kind, userID, channelID)
	}
	if err := ls.Click(context.Background(), userID, channelID, msg, cid, nil); err != nil {
		t.Fatalf("click %s as %s: %v", cid, userID, err)
	}
}

// open starts a table of game in channelID with players (the first hosts;
// one player is a solo game), typing options into /game new when given.
func (ls lineupServer) open(t testing.TB, channelID, game string, players []User, options string) {
	t.Helper()
	line := "/game new game:" + game
	if options != "" {
		line += " options:" + options
	}
	mustCommand(t, ls.Server, players[0].ID, channelID, line)
	for _, u := range players[1:] {
		ls.click(t, u.ID, channelID, interact.KindJoin)
	}
	ls.click(t, players[0].ID, channelID, interact.KindStart)
	if _, over := ls.pending(t, channelID); over {
		t.Fatalf("%s in %s did not start", game, channelID)
	}
}

// pending returns the table's pending decisions, or over when its game has
// ended.
func (ls lineupServer) pending(t testing.TB, channelID string) (p []games.Prompt, over bool) {
	t.Helper()
	tb, err := ls.store.Tables().Get(context.Background(), channelID)
	if err != nil {
		t.Fatalf("table in %s: %v", channelID, err)
	}
	g, ok := ls.reg.Get(tb.GameID)
	if !ok {
		t.Fatalf("unknown game %q", tb.GameID)
	}
	st, err := tb.Load(g)
	if err != nil {
		t.Fatal(err)
	}
	return st.Pending(), st.Over() || len(st.Pending()) == 0
}

// playOne makes one random legal move at channelID's table as the player
// whose decision it is: by clicking the control that offers it (in the
// channel or the player's DMs), else by typing /move. It reports how the
// move was made and false when the game is over.
func (ls lineupServer) playOne(t testing.TB, channelID string, rng *games.RNG) (clicked, ok bool) {
	t.Helper()
	pending, over := ls.pending(t, channelID)
	if over {
		return false, false
	}
	tb, err := ls.store.Tables().Get(context.Background(), channelID)
	if err != nil {
		t.Fatal(err)
	}
	p := pending[rng.IntN(len(pending))]
	move := p.Options[rng.IntN(len(p.Options))].ID
	userID := tb.Seats[p.Seat].UserID
	before := tb.Version
	dmID, _ := ls.dmChannel(userID)
	for _, where := range []string{channelID, dmID} {
		for _, kind := range []interact.Kind{interact.KindMove, interact.KindMoveSelect} {
			msg, cid, values, found := ls.newestControl(userID, where, kind, move)
			if !found {
				continue
			}
			if err := ls.Click(context.Background(), userID, where, msg, cid, values); err != nil {
				t.Fatalf("click %s (%s) as %s: %v", cid, move, userID, err)
			}
			clicked = true
			break
		}
		if clicked {
			break
		}
	}
	if !clicked {
		mustCommand(t, ls.Server, userID, channelID, "/move option:"+move)
	}
	after, err := ls.store.Tables().Get(context.Background(), channelID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version == before {
		t.Fatalf("move %q by seat %d was not applied (clicked %v)", move, p.Seat, clicked)
	}
	return clicked, true
}

// playToEnd plays channelID's game to its end and returns the moves made.
func (ls lineupServer) playToEnd(t testing.TB, channelID string, rng *games.RNG) int {
	t.Helper()
	for n := 0; n < games.SimMaxMoves; n++ {
		if _, ok := ls.playOne(t, channelID, rng); !ok {
			return n
		}
	}
	t.Fatalf("the game in %s did not end within %d moves", channelID, games.SimMaxMoves)
	return 0
}
