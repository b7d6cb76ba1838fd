package main

import (
	"context"
	"testing"
)

// TestInteractionLatenciesBesideBots: the bench's second run has bot-only
// tables playing (the scheduler and the bots' pool carry them without any
// person) when it times the moves, and every timed move is still applied.
func TestInteractionLatenciesBesideBots(t *testing.T) {
	if testing.Short() {
		t.Skip("plays bot tables for seconds: not under -short")
	}
	reg, err := registry()
	if err != nil {
		t.Fatal(err)
	}
	got, err := interactionLatencies(context.Background(), reg, nil, "zauberschwert", 60, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.lat) != 60 {
		t.Fatalf("%d timed moves, want 60", len(got.lat))
	}
	if got.botMoves == 0 {
		t.Fatal("the bot-only tables made no move")
	}
	t.Logf("bots made %d moves beside 60 timed ones", got.botMoves)
}
