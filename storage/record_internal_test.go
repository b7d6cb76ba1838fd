package storage

import (
	"bytes"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/table"
)

// TestOutboxFrame checks that an outbox record reads back as the channel,
// table and item it frames, whatever bytes they hold, and that a cut or
// foreign record is refused.
func TestOutboxFrame(t *testing.T) {
	cases := []struct {
		name, channel, table, item string
	}{
		{"plain", "123", "t1", `{"posts":[{"kind":1}]}`},
		{"odd ids", `a"b\c`, "t\n2", `[1,2,3]`},
		{"not json", "1", "t", "\x00\xff{"},
		{"empty item", "1", "t", ``},
		{"empty ids", "", "", "x"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := outboxValue(c.channel, c.table, []byte(c.item))
			ch, tb, item, err := decodeOutbox(data)
			if err != nil || ch != c.channel || tb != c.table || string(item) != c.item {
				t.Fatalf("read back %q %q %q (%v), want %q %q %q", ch, tb, item, err, c.channel, c.table, c.item)
			}
			for cut := range 3 + len(c.channel) {
				if cut > 0 && cut < len(data) && cut <= 1+len(c.channel) {
					if _, _, _, err := decodeOutbox(data[:cut]); err == nil {
						t.Errorf("record cut at %d read back without an error", cut)
					}
				}
			}
		})
	}
	if _, _, _, err := decodeOutbox([]byte(`{"channel":"1"}`)); err == nil {
		t.Error("a JSON record (before schema 3) read back without an error")
	}
}

// TestTableFrame checks that a snapshot reads back with its books, state
// and checkpoint, byte for byte, and that a cut record is refused.
func TestTableFrame(t *testing.T) {
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name              string
		state, checkpoint string
	}{
		{"lobby: no state", "", ""},
		{"state", `{"a":[1,2]}`, ""},
		{"state and checkpoint", `{"a":[1,2]}`, `{"a":[1]}`},
		{"spaced state kept as it is", "{ \"a\" : 1 }", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := table.New(table.Params{ID: "t1", ChannelID: "c1", GameID: "g", Lang: "de", Host: table.Seat{UserID: "a", Name: "Ann"}, Seed: 9, Now: at})
			want.Moves, want.Version, want.CheckpointAt = 4, 7, 2
			if c.state != "" {
				want.State = []byte(c.state)
			}
			if c.checkpoint != "" {
				want.Checkpoint = []byte(c.checkpoint)
			}
			data, scratch, err := encode(want, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Working memory reused by a second call changes nothing.
			if again, _, err := encode(want, append(scratch, "left over"...)); err != nil || !bytes.Equal(again, data) {
				t.Fatalf("encoded again with used working memory: %q (%v), want %q", again, err, data)
			}
			got, err := DecodeRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != want.ID || got.ChannelID != "c1" || got.Lang != "de" || got.Moves != 4 || got.Version != 7 || got.CheckpointAt != 2 ||
				!bytes.Equal(got.State, want.State) || !bytes.Equal(got.Checkpoint, want.Checkpoint) || !got.CreatedAt.Equal(at) ||
				(got.State == nil) != (c.state == "") || (got.Checkpoint == nil) != (c.checkpoint == "") {
				t.Fatalf("read back %+v\nwant %+v", got, want)
			}
			if got.LogFrom != 4 || got.Log != nil {
				t.Errorf("log from %d with %d entries, want from 4 with none loaded", got.LogFrom, len(got.Log))
			}
			for _, cut := range []int{0, 1, 2, len(data) / 2} {
				if _, err := DecodeRecord(data[:cut]); err == nil {
					t.Errorf("record cut at %d of %d read back without an error", cut, len(data))
				}
			}
		})
	}
}
