package lineup

import (
	"context"
	"log/slog"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/commands/commandstest"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
)

// raceMoves is how many moves the play-through makes under -race or
// -short.
const raceMoves = 10

// errorCount is a slog handler counting error records.
type errorCount struct{ n atomic.Int64 }

func (h *errorCount) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }
func (h *errorCount) Handle(_ context.Context, r slog.Record) error {
	h.n.Add(1)
	return nil
}
func (h *errorCount) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *errorCount) WithGroup(string) slog.Handler      { return h }

// TestPlayThroughCommands plays a whole three-seat game of every listed
// game through the command surface with the real boards: every click is
// applied, every picture is drawn without an error, and the game ends.
func TestPlayThroughCommands(t *testing.T) {
	reg, err := Registry()
	if err != nil {
		t.Fatal(err)
	}
	images, err := Images(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range reg.IDs() {
		t.Run(id, func(t *testing.T) {
			store, err := storage.OpenWith(filepath.Join(t.TempDir(), "play.db"), storage.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			errs := &errorCount{}
			svc, err := commands.NewService(commands.Deps{Games: reg, Store: store, Images: images,
				Log: slog.New(errs), NewSeed: func() uint64 { return 11 }})
			if err != nil {
				t.Fatal(err)
			}
			d := commandstest.Driver{TB: t, Svc: svc, Store: store, Reg: reg, Game: id}
			d.Open("100")
			rng := games.NewRNG(5)
			limit := games.SimMaxMoves
			if raceBuild || testing.Short() {
				// Drawing is ~15x slower under -race: a game's first moves
				// show any race; the whole game is played without -race.
				limit = raceMoves
			}
			moves := 0
			for ; moves < limit; moves++ {
				i, ok := d.Move("100", rng)
				if !ok {
					break
				}
				before, err := store.Tables().Get(context.Background(), "100")
				if err != nil {
					t.Fatal(err)
				}
				res := svc.Handle(context.Background(), i)
				after, err := store.Tables().Get(context.Background(), "100")
				if err != nil {
					t.Fatal(err)
				}
				if after.Version == before.Version { // a step answers with the mover's own message only
					t.Fatalf("move %d refused: %+v", moves, res.Reply)
				}
				if res.Done != nil {
					res.Done(context.Background())
				}
			}
			if moves == games.SimMaxMoves {
				t.Fatal("the game did not end")
			}
			if limit == games.SimMaxMoves {
				if _, ok := d.Move("100", rng); ok {
					t.Fatal("moves stopped before the game ended")
				}
			}
			if n := errs.n.Load(); n > 0 {
				t.Fatalf("%d errors logged while playing", n)
			}
		})
	}
}
