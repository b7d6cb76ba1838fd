package storage

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestHeartbeat: no heartbeat reads as zero; a beat survives reopening.
func TestHeartbeat(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tavern.db")
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if at, err := b.Heartbeat(ctx); err != nil || !at.IsZero() {
		t.Fatalf("fresh store: heartbeat %v, %v", at, err)
	}
	at := time.Date(2026, 11, 26, 1, 2, 3, 4, time.UTC)
	if err := b.Beat(ctx, at); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if b, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, err := b.Heartbeat(ctx); err != nil || !got.Equal(at) {
		t.Fatalf("heartbeat after reopening %v, %v; want %v", got, err, at)
	}
}
