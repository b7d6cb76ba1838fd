package table_test

import (
	"slices"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// strengthMover answers every bot by one policy and notes the strength it
// was asked for, per seat; it defers once it has made limit moves.
type strengthMover struct {
	asked map[int]string
	made  []games.Move
	limit int
}

func (m *strengthMover) BotMove(st games.State, seat int, strength string, seed uint64) (string, bool) {
	if m.limit > 0 && len(m.made) >= m.limit {
		return "", true
	}
	m.asked[seat] = strength
	move, _ := tabletest.TurnPolicy().Choose(st, seat, seed)
	m.made = append(m.made, games.Move{Seat: seat, ID: move})
	return move, false
}

// botTable is a started game of a person (seat 0) and bots added at the
// given strengths (coreopt.Bot before each), or a game of bots only.
func botTable(t *testing.T, person bool, strengths ...string) *table.Table {
	t.Helper()
	g := tabletest.TurnGame()
	tb := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: tabletest.TurnID, Lang: "en", Host: table.Seat{UserID: "a", Name: "a"}, Seed: 3, Now: now,
		Options: map[string]string{"rounds": "3"}})
	if !person {
		tb.Seats = nil
	}
	for _, s := range strengths {
		if s != "" {
			tb.Options[coreopt.Bot] = s
		}
		if err := tb.Bots().Add(g.Info(), "a", "Bot", now); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tb.Lobby().Start(g, "a", now); err != nil {
		t.Fatal(err)
	}
	return tb
}

// Each bot plays at the strength the lobby chose when it was seated;
// normal when the lobby left it; a bot that took a person's seat over
// plays at normal.
func TestBotStrength(t *testing.T) {
	tb := botTable(t, true, coreopt.BotStrong, coreopt.BotEasy, "")
	if got := []string{tb.Bots().Strength(1), tb.Bots().Strength(2), tb.Bots().Strength(3)}; !slices.Equal(got, []string{coreopt.BotStrong, coreopt.BotEasy, coreopt.BotEasy}) {
		t.Errorf("strengths %v, want strong, easy and easy again (the option stays)", got)
	}
	fresh := botTable(t, true, "")
	if got := fresh.Bots().Strength(1); got != coreopt.BotNormal {
		t.Errorf("a bot seated without a choice plays %q, want normal", got)
	}
	tb.Seats[0].Bot, tb.Seats[0].Away = true, true
	tb.Seats[0].Strength = coreopt.BotEasy
	if got := tb.Bots().Strength(0); got != coreopt.BotNormal {
		t.Errorf("a bot that took a person's seat plays %q, want normal", got)
	}
	legacy := botTable(t, true, "")
	legacy.Seats[1].Strength = ""
	if got := legacy.Bots().Strength(1); got != coreopt.BotNormal {
		t.Errorf("a bot seated before strengths existed plays %q, want normal", got)
	}
}

// Moves thought out ahead on a copy (Bots.Plan) replay in the change
// exactly as the bots would have made them there, and a decision not
// thought out waits: the table stays due for its bot.
func TestPlanBots(t *testing.T) {
	g := tabletest.TurnGame()
	direct, planned := botTable(t, false, coreopt.BotStrong, coreopt.BotEasy), botTable(t, false, coreopt.BotStrong, coreopt.BotEasy)
	at := now.Add(time.Minute)
	want := &strengthMover{asked: map[int]string{}}
	if _, err := direct.FireWith(g, want, at); err != nil {
		t.Fatal(err)
	}
	if want.asked[0] != coreopt.BotStrong || want.asked[1] != coreopt.BotEasy {
		t.Errorf("the bots were asked at %v, want strong and easy", want.asked)
	}
	thinker := &strengthMover{asked: map[int]string{}, limit: 5}
	thought, err := planned.Bots().Plan(g, thinker, at, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(thought) != 5 || planned.Moves != 0 {
		t.Fatalf("planning thought out %d moves and made %d on the table, want 5 and none", len(thought), planned.Moves)
	}
	res, err := planned.FireWith(g, thought, at)
	if err != nil {
		t.Fatal(err)
	}
	var made []games.Move
	for _, s := range res.Steps {
		made = append(made, games.Move{Seat: s.Seat, ID: s.Move})
	}
	if !slices.Equal(made, want.made[:5]) {
		t.Errorf("the change made %v, want the first five of %v", made, want.made)
	}
	if d, ok := planned.NextDue(); !ok || d.After(at) {
		t.Errorf("after the thought-out moves the bots are not due: %+v", planned.Due)
	}
	capped, err := botTable(t, false, coreopt.BotNormal, coreopt.BotNormal).Bots().Plan(g, &strengthMover{asked: map[int]string{}}, at, 3)
	if err != nil || len(capped) != 3 {
		t.Errorf("planning at most 3 moves thought out %d (%v)", len(capped), err)
	}
}

// A bot turn deferred to be thought out apart is asked again a minute
// later, not at once, while the table's other due events keep their times.
func TestDelayBots(t *testing.T) {
	tb := botTable(t, false, coreopt.BotNormal, coreopt.BotNormal)
	if d, ok := tb.NextDue(); !ok || d.After(now) {
		t.Fatalf("the bot is not due at the start: %+v", tb.Due)
	}
	tb.Due = append(tb.Due, table.Due{At: now.Add(time.Hour), Kind: table.DueRemind})
	tb.Bots().Delay(now)
	for _, d := range tb.Due {
		want := now.Add(time.Hour)
		if d.Kind == table.DueBot {
			want = now.Add(time.Minute)
		}
		if !d.At.Equal(want) {
			t.Errorf("%v due at %v, want %v", d.Kind, d.At, want)
		}
	}
}
