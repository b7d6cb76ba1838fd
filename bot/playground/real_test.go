package playground

import (
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/lineup"
	"github.com/tavern-bot/tavern/storage"
)

// newRealServer runs the playground over the real command service, the real
// Zauberschwert rules and renderer, and a bbolt store in a temp folder.
func newRealServer(t *testing.T) *Server {
	t.Helper()
	reg, err := games.NewRegistry(zauberschwert.New())
	if err != nil {
		t.Fatal(err)
	}
	images, err := lineup.Images(reg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := storage.Open(filepath.Join(t.TempDir(), "tavern.db"))
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
	return s
}
