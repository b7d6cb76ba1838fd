package playground

import (
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/games/zauberschwert"
)

// newRealServer runs the playground over the real command service, the real
// Zauberschwert rules and renderer, and a bbolt store in a temp folder.
func newRealServer(t *testing.T) *Server {
	t.Helper()
	reg, err := games.NewRegistry(zauberschwert.New())
	if err != nil {
		t.Fatal(err)
	}
	return newServiceServer(t, reg, true).Server
}
