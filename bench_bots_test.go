package main

import (
	"context"
	"testing"
)

// TestInteractionLatenciesBesideBots: the bench times moves alone and
// beside bot-only tables that play (the scheduler and the bots' pool carry
// them without any person), each run its full count across games that end
// and begin anew, and every timed move is still applied.
func TestInteractionLatenciesBesideBots(t *testing.T) {
	if testing.Short() {
		t.Skip("plays bot tables for seconds: not under -short")
	}
	reg, err := registry()
	if err != nil {
		t.Fatal(err)
	}
	alone, got, err := interactionLatencies(context.Background(), reg, nil, "zauberschwert", 150, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(alone.lat) != 150 || len(got.lat) != 150 {
		t.Fatalf("%d moves alone and %d beside, want 150 each", len(alone.lat), len(got.lat))
	}
	if got.botMoves == 0 {
		t.Fatal("the bot-only tables made no move")
	}
	t.Logf("bots made %d moves beside 150 timed ones", got.botMoves)
}
