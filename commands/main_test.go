package commands

import (
	"testing"

	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

// TestMain stops the private PostgreSQL cluster the tests over a shared
// store start (see pgtest).
func TestMain(m *testing.M) { pgtest.Main(m) }
