package playground

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
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
	return newServiceServer(t, reg, true)
}

// newServiceServer is the playground over the real command service with
// reg's games (their boards unless pictures is false) and a bbolt store in
// a temp folder.
func newServiceServer(t testing.TB, reg *games.Registry, pictures bool) lineupServer {
	t.Helper()
	var images commands.Images
	if pictures {
		boards, err := lineup.Images(reg)
		if err != nil {
			t.Fatal(err)
		}
		images = boards
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
// enabled control of kind made at version asked or later (offering move,
// unless move is ""), and returns the message, the control's custom id and
// the values to submit. A group select offers move when one of its values
// leads towards it: a prefix of its path, the longest one chosen.
func (ls lineupServer) newestControl(userID, channelID string, kind interact.Kind, move string, asked int) (msgID, customID string, values []string, ok bool) {
	return ls.newestControlOf("", userID, channelID, kind, move, asked)
}

// newestControlOf is newestControl among the controls of the table in
// tableChannel ("" for any table's).
func (ls lineupServer) newestControlOf(tableChannel, userID, channelID string, kind interact.Kind, move string, asked int) (msgID, customID string, values []string, ok bool) {
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
				if err == nil && !comp.Disabled && id.Kind == kind && id.Version >= asked && (tableChannel == "" || id.Channel == tableChannel) && (move == "" || id.Arg == move) {
					return m.ID, comp.CustomID, nil, true
				}
			case discordgo.SelectMenu:
				id, err := commands.ParseCustomID(comp.CustomID)
				if err != nil || comp.Disabled || id.Kind != kind || id.Version < asked || (tableChannel != "" && id.Channel != tableChannel) {
					continue
				}
				best := ""
				for _, o := range comp.Options {
					switch {
					case kind != interact.KindGroup && o.Value == move:
						return m.ID, comp.CustomID, []string{o.Value}, true
					case kind == interact.KindGroup && (move == o.Value || strings.HasPrefix(move, o.Value+menus.PathSep)) && len(o.Value) > len(best):
						best = o.Value
					}
				}
				if best != "" {
					return m.ID, comp.CustomID, []string{best}, true
				}
			}
		}
	}
	return "", "", nil, false
}

// click presses the newest control of kind userID sees in channelID.
func (ls lineupServer) click(t testing.TB, userID, channelID string, kind interact.Kind) {
	t.Helper()
	msg, cid, _, ok := ls.newestControl(userID, channelID, kind, "", 0)
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
	if _, st := ls.state(t, channelID); st.Over() {
		t.Fatalf("%s in %s did not start", game, channelID)
	}
}

// state loads channelID's table and its game's state.
func (ls lineupServer) state(t testing.TB, channelID string) (*table.Table, games.State) {
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
	return tb, st
}

// turn is one legal move about to be made: by whom, and whether it ends
// the game.
type turn struct {
	userID string
	seat   int
	move   string
	// path is the move's place in its prompt's option tree, its step ids
	// joined as group selects carry them ("" for none).
	path string
	// asked is the table version the seat's decision was asked at: older
	// controls offering the move are out of date.
	asked int
	ends  bool
}

// nextTurn picks a random legal move at channelID's table, or false when
// the game is over.
func (ls lineupServer) nextTurn(t testing.TB, channelID string, rng *games.RNG) (turn, bool) {
	t.Helper()
	tb, st := ls.state(t, channelID)
	pending := st.Pending()
	if st.Over() || len(pending) == 0 {
		return turn{}, false
	}
	p := pending[rng.IntN(len(pending))]
	o := p.Options[rng.IntN(len(p.Options))]
	tn := turn{userID: tb.Seats[p.Seat].UserID, seat: p.Seat, move: o.ID, asked: tb.Seats[p.Seat].PromptVersion}
	for k, step := range o.Path {
		if k > 0 {
			tn.path += menus.PathSep
		}
		tn.path += step.ID
	}
	if _, err := st.Apply(p.Seat, tn.move); err != nil {
		t.Fatalf("seat %d's legal move %q: %v", p.Seat, tn.move, err)
	}
	tn.ends = st.Over()
	return tn, true
}

// controlFor finds the control offering tn's move to its player, in
// channelID or the player's DMs. Where the move sits in an option tree it
// opens the tree level by level as the player would, each group chosen
// answered by the next level's select.
func (ls lineupServer) controlFor(t testing.TB, channelID string, tn turn) (where, msgID, customID string, values []string, ok bool) {
	t.Helper()
	dmID, _ := ls.dmChannel(tn.userID)
	for range strings.Count(tn.path, menus.PathSep) + 2 {
		for _, where := range []string{channelID, dmID} {
			for _, kind := range []interact.Kind{interact.KindMove, interact.KindMoveSelect} {
				if msg, cid, values, found := ls.newestControlOf(channelID, tn.userID, where, kind, tn.move, tn.asked); found {
					return where, msg, cid, values, true
				}
			}
		}
		if tn.path == "" {
			return "", "", "", nil, false
		}
		opened := false
		for _, where := range []string{channelID, dmID} {
			if msg, cid, values, found := ls.newestControlOf(channelID, tn.userID, where, interact.KindGroup, tn.path, tn.asked); found {
				if err := ls.Click(context.Background(), tn.userID, where, msg, cid, values); err != nil {
					t.Fatalf("choose %v in %s as %s: %v", values, cid, tn.userID, err)
				}
				opened = true
				break
			}
		}
		if !opened {
			return "", "", "", nil, false
		}
	}
	return "", "", "", nil, false
}

// play makes tn's move as its player would through the page's API: by
// clicking the control that offers it, else by typing /move. A click must
// send nothing besides its effect. It reports whether the move was clicked.
func (ls lineupServer) play(t testing.TB, channelID string, tn turn) (clicked bool) {
	t.Helper()
	before, err := ls.store.Tables().Get(context.Background(), channelID)
	if err != nil {
		t.Fatal(err)
	}
	mark := ls.world.lastID()
	where, msg, cid, values, clicked := ls.controlFor(t, channelID, tn)
	if clicked {
		if err := ls.Click(context.Background(), tn.userID, where, msg, cid, values); err != nil {
			t.Fatalf("click %s (%s) as %s: %v", cid, tn.move, tn.userID, err)
		}
		if extra := ls.extraAnswers(tn.userID, mark); len(extra) > 0 {
			t.Errorf("the click on %q by seat %d sent messages besides its effect: %v", tn.move, tn.seat, extra)
		}
	} else {
		mustCommand(t, ls.Server, tn.userID, channelID, "/move option:"+tn.move)
	}
	after, err := ls.store.Tables().Get(context.Background(), channelID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Version == before.Version {
		t.Fatalf("move %q by seat %d was not applied (clicked %v: %s in %s)", tn.move, tn.seat, clicked, cid, where)
	}
	return clicked
}

// playToLast plays channelID's game up to the move that ends it, which it
// returns with the moves made and how many of them were clicked.
func (ls lineupServer) playToLast(t testing.TB, channelID string, rng *games.RNG) (last turn, moves, clicked int) {
	t.Helper()
	for ; moves < games.SimMaxMoves; moves++ {
		tn, ok := ls.nextTurn(t, channelID, rng)
		if !ok {
			t.Fatal("the game ended without a move that ends it")
		}
		if tn.ends {
			return tn, moves, clicked
		}
		if ls.play(t, channelID, tn) {
			clicked++
		}
	}
	t.Fatalf("no end within %d moves", moves)
	return turn{}, moves, clicked
}

// playToEnd plays channelID's game to its end and returns the moves made.
func (ls lineupServer) playToEnd(t testing.TB, channelID string, rng *games.RNG) int {
	t.Helper()
	for n := 0; n < games.SimMaxMoves; n++ {
		tn, ok := ls.nextTurn(t, channelID, rng)
		if !ok {
			return n
		}
		ls.play(t, channelID, tn)
	}
	t.Fatalf("the game in %s did not end within %d moves", channelID, games.SimMaxMoves)
	return 0
}

// endCarried reports whether channelID's game is over and the changes of
// its table were all carried out: its end is stored before its delivery
// takes the controls away (a click in the page is answered only after
// both), so what is live is read once the outbox holds none of them.
func (ls lineupServer) endCarried(t testing.TB, channelID string) bool {
	t.Helper()
	tb, st := ls.state(t, channelID)
	if !st.Over() {
		return false
	}
	items, err := ls.store.Tables().Outbox(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return !slices.ContainsFunc(items, func(it storage.OutboxItem) bool {
		return it.ChannelID == channelID && it.TableID == tb.ID
	})
}

// lastID is the newest id the world handed out: messages with a larger one
// are new.
func (w *world) lastID() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.seq
}

// newerThan reports whether a message id was handed out after mark.
func newerThan(id string, mark uint64) bool {
	n, err := strconv.ParseUint(id, 10, 64)
	return err == nil && n > mark
}

// extraAnswers lists the messages posted since mark that a click by
// userID should not have sent: an ephemeral answer without controls (the
// click's effect is its answer) and any "Done: …" line.
func (ls lineupServer) extraAnswers(userID string, mark uint64) []string {
	done := []string{"Done:", "Erledigt:"}
	ls.world.mu.Lock()
	defer ls.world.mu.Unlock()
	var out []string
	for _, c := range ls.world.channels {
		for _, m := range c.Messages {
			if !newerThan(m.ID, mark) {
				continue
			}
			said := slices.ContainsFunc(done, func(p string) bool { return strings.HasPrefix(m.Content, p) })
			if said || (m.EphemeralFor == userID && len(m.Components) == 0) {
				out = append(out, fmt.Sprintf("%s: %q", c.Name, m.Content))
			}
		}
	}
	return out
}

// liveControls lists every message, in any channel and any user's view,
// that still offers an enabled control of the table tableID of channelID.
func (ls lineupServer) liveControls(channelID, tableID string) []string {
	ls.world.mu.Lock()
	defer ls.world.mu.Unlock()
	var out []string
	for _, c := range ls.world.channels {
		for _, m := range c.Messages {
			if ch, tb, ok := controlsOf(m); ok && ch == channelID && tb == tableID {
				out = append(out, fmt.Sprintf("%s %s (for %q): %q", c.Name, m.ID, m.EphemeralFor, firstLine(m.Content)))
			}
		}
	}
	return out
}

// controlsOf is the table whose enabled controls m carries.
func controlsOf(m *message) (channel, table string, ok bool) {
	for _, comp := range flatten(m.Components) {
		var cid string
		switch comp := comp.(type) {
		case discordgo.Button:
			if !comp.Disabled {
				cid = comp.CustomID
			}
		case discordgo.SelectMenu:
			if !comp.Disabled {
				cid = comp.CustomID
			}
		}
		if id, err := commands.ParseCustomID(cid); err == nil {
			return id.Channel, id.Table, true
		}
	}
	return "", "", false
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
