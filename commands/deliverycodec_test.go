package commands

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// TestDeliveryCodec checks that an outbox item reads back as the delivery
// staged, with its state byte for byte, that an item staged before the
// framing (JSON, the state in base64) still reads, and that a damaged item
// is refused rather than delivered wrong.
func TestDeliveryCodec(t *testing.T) {
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	base := delivery{Game: "g", Table: "t1", Channel: "c1", Version: 7, At: at, Lang: "de", Names: []string{"Ann", "Bo"},
		Langs: []string{"de", "en"}, Urgent: true, Posts: []post{
			{Kind: kindPost, ChannelID: "c1", Message: stored{Content: "a <b> & \"c\"\n", Components: []json.RawMessage{json.RawMessage(`{"type":1}`)}, Nonce: "t1.7.0"},
				Picture: &pictureSpec{Viewer: -1, Name: "board.png"}, Remember: rememberBoard},
			{Kind: kindDM, UserID: "u2", Message: stored{Content: "dm"}, Blocked: &post{Kind: kindPost, ChannelID: "c1", Message: stored{Content: "closed"}}},
		}}
	withState := base
	withState.State = []byte(`{"deck":[1,2,3,4,5,6,7,8,9,10,1,2,3,4,5,6,7,8,9,10],"rng":"cGNn"}`)
	for _, tc := range []struct {
		name string
		d    delivery
	}{
		{"with state", withState},
		{"without state", base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			item, err := encodeDelivery(tc.d)
			if err != nil {
				t.Fatal(err)
			}
			got, err := decodeDelivery(item)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.d) {
				t.Fatalf("read back\n%+v\nwant\n%+v", got, tc.d)
			}
			if len(tc.d.State) > 0 && len(item) >= len(mustJSON(t, tc.d)) {
				t.Errorf("item of %d bytes is not smaller than the JSON of %d", len(item), len(mustJSON(t, tc.d)))
			}
			bad := [][]byte{nil, {}, item[:1], item[:len(item)/2], append([]byte{deliveryFrame + 1}, item[1:]...)}
			if len(tc.d.State) > 0 {
				bad = append(bad, item[:len(item)-1])
			}
			for k, b := range bad {
				if _, err := decodeDelivery(b); err == nil {
					t.Errorf("damaged item %d (%d of %d bytes) read back without an error", k, len(b), len(item))
				}
			}
		})
	}
	t.Run("staged before the framing", func(t *testing.T) {
		got, err := decodeDelivery(mustJSON(t, withState))
		if err != nil || !reflect.DeepEqual(got, withState) {
			t.Fatalf("read back %+v (%v), want %+v", got, err, withState)
		}
	})
}

func mustJSON(t *testing.T, d delivery) []byte {
	t.Helper()
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
