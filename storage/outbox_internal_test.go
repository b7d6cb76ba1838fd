package storage

import (
	"encoding/json"
	"testing"
)

// TestOutboxValue checks that the hand-assembled record reads back as the
// outboxRecord it stands for, escapes ids, and refuses an item that is not
// JSON (which would otherwise be stored corrupt).
func TestOutboxValue(t *testing.T) {
	cases := []struct {
		name, channel, table, item string
		ok                         bool
	}{
		{"plain", "123", "t1", `{"posts":[{"kind":1}]}`, true},
		{"escaped ids", `a"b\c`, "t\n2", `[1,2,3]`, true},
		{"spaced item", "1", "t", "{ \"a\" : [ 1 , 2 ] }", true},
		{"not json", "1", "t", `{"posts":`, false},
		{"empty", "1", "t", ``, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, err := outboxValue(c.channel, c.table, []byte(c.item))
			if (err == nil) != c.ok {
				t.Fatalf("err = %v, want ok %v", err, c.ok)
			}
			if !c.ok {
				return
			}
			var r outboxRecord
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatalf("stored record does not decode: %v\n%s", err, data)
			}
			if r.Channel != c.channel || r.Table != c.table || string(r.Data) != c.item {
				t.Fatalf("read back %q %q %s, want %q %q %s", r.Channel, r.Table, r.Data, c.channel, c.table, c.item)
			}
		})
	}
}
