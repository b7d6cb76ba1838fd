package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/klauspost/compress/s2"

	"github.com/tavern-bot/tavern/table"
)

// A stored table (current or archived) is one framed value:
//
//	Schema (one byte) | uvarint n | n bytes: the table's books as JSON, without
//	its state and checkpoint | uvarint m | m bytes: the game state | the
//	checkpoint (the rest); both S2 blocks, empty for none
//
// The game state and the checkpoint are the game's own bytes, compressed
// (see compress) but never parsed: encoding/json neither re-validates nor
// re-compacts them on every load and save, which it did while they were
// json.RawMessage fields inside the table's JSON. Records of schema 1 and 2 were JSON envelopes
// ({"schema":…,"table":…}, first byte '{'); Open migrates them.
//
// An outbox record is framed the same way:
//
//	Schema | uvarint n | channel id | uvarint m | table id | the item (the rest)
//
// so the item (the command surface's bytes) is neither checked nor copied
// into JSON again.

// errFrame means a stored value is not a well-formed record.
var errFrame = errors.New("malformed record")

// encode frames t's snapshot. scratch is working memory (nil is fine);
// the grown scratch is returned for the next call.
func encode(t *table.Table, scratch []byte) (rec, grown []byte, err error) {
	books := *t // a shallow copy: the bytes below are framed, not marshalled
	books.State, books.Checkpoint = nil, nil
	js, err := json.Marshal(&books)
	if err != nil {
		return nil, scratch, fmt.Errorf("storage: encode table %s: %w", t.ID, err)
	}
	// Both blocks go into scratch, then the record is made at its size.
	scratch = slices.Grow(scratch[:0], s2.MaxEncodedLen(len(t.State))+s2.MaxEncodedLen(len(t.Checkpoint)))
	state := compress(scratch[:0], t.State)
	checkpoint := compress(scratch[len(state):len(state)], t.Checkpoint)
	rec = make([]byte, 0, 1+2*binary.MaxVarintLen32+len(js)+len(state)+len(checkpoint))
	rec = append(rec, Schema)
	rec = appendField(rec, js)
	rec = appendField(rec, state)
	return append(rec, checkpoint...), scratch[:0], nil
}

// encode is encode with working memory from b's pool.
func (b *Bolt) encode(t *table.Table) ([]byte, error) {
	scratch, _ := b.scratch.Get().(*[]byte)
	if scratch == nil {
		scratch = new([]byte)
	}
	rec, grown, err := encode(t, *scratch)
	*scratch = grown
	b.scratch.Put(scratch)
	return rec, err
}

// decode reads a stored snapshot. Records are migrated at Open, so an
// older schema here is an error.
func (b *Bolt) decode(data []byte) (*table.Table, error) {
	b.loads.Add(1)
	if len(data) == 0 || data[0] != Schema {
		return nil, fmt.Errorf("storage: unsupported record (first byte %q, want schema %d)", firstByte(data), Schema)
	}
	js, rest, err := field(data[1:])
	if err != nil {
		return nil, fmt.Errorf("storage: decode table: %w", err)
	}
	state, checkpoint, err := field(rest)
	if err != nil {
		return nil, fmt.Errorf("storage: decode table: %w", err)
	}
	var t table.Table
	if err := json.Unmarshal(js, &t); err != nil {
		return nil, fmt.Errorf("storage: decode table: %w", err)
	}
	if t.Schema > table.SchemaVersion {
		return nil, fmt.Errorf("storage: table %s has schema %d, newer than %d", t.ID, t.Schema, table.SchemaVersion)
	}
	if t.State, err = decompress(state); err != nil {
		return nil, fmt.Errorf("storage: table %s: state: %w", t.ID, err)
	}
	if t.Checkpoint, err = decompress(checkpoint); err != nil {
		return nil, fmt.Errorf("storage: table %s: checkpoint: %w", t.ID, err)
	}
	t.Log, t.LogFrom = nil, t.Moves
	return &t, nil
}

// DecodeRecord reads a stored table record (current or archived) as the
// database file holds it, for tools and tests that open the file directly.
func DecodeRecord(data []byte) (*table.Table, error) {
	var b Bolt
	return b.decode(data)
}

// legacy is the JSON envelope of schemas 1 and 2.
type legacy struct {
	Schema int             `json:"schema"`
	Table  json.RawMessage `json:"table"`
}

// isLegacy reports a record written before the framing (a JSON object).
func isLegacy(data []byte) bool { return len(data) > 0 && data[0] == '{' }

// outboxValue frames an outbox item with its channel and table.
func outboxValue(channelID, tableID string, item []byte) []byte {
	out := make([]byte, 0, 1+2*binary.MaxVarintLen32+len(channelID)+len(tableID)+len(item))
	out = append(out, Schema)
	out = appendField(out, []byte(channelID))
	out = appendField(out, []byte(tableID))
	return append(out, item...)
}

// decodeOutbox reads an outbox record; the item is copied.
func decodeOutbox(data []byte) (channelID, tableID string, item []byte, err error) {
	ch, tb, rest, err := outboxFields(data)
	if err != nil {
		return "", "", nil, err
	}
	return string(ch), string(tb), append([]byte(nil), rest...), nil
}

// outboxFields splits an outbox record without copying: channel id, table
// id, item.
func outboxFields(data []byte) (channelID, tableID, item []byte, err error) {
	if len(data) == 0 || data[0] != Schema {
		return nil, nil, nil, fmt.Errorf("unsupported outbox record (first byte %q)", firstByte(data))
	}
	ch, rest, err := field(data[1:])
	if err != nil {
		return nil, nil, nil, err
	}
	tb, rest, err := field(rest)
	if err != nil {
		return nil, nil, nil, err
	}
	return ch, tb, rest, nil
}

func appendField(out, f []byte) []byte {
	return append(binary.AppendUvarint(out, uint64(len(f))), f...)
}

// field splits a length-prefixed field off data.
func field(data []byte) (f, rest []byte, err error) {
	n, k := binary.Uvarint(data)
	if k <= 0 || n > uint64(len(data)-k) {
		return nil, nil, errFrame
	}
	return data[k : k+int(n)], data[k+int(n):], nil
}

// compress is an S2 block of a game state (nothing for none): JSON states
// shrink to about a third, so a table's record and its neighbours fit in
// fewer pages, which is most of what a commit writes and syncs.
//
// The block is written at dst[:0], which must have room for it (see
// s2.MaxEncodedLen).
func compress(dst, b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return s2.Encode(dst[:s2.MaxEncodedLen(len(b))], b)
}

// decompress reverses compress into new memory (data lives in the
// database's memory map; the table outlives the transaction).
func decompress(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, nil
	}
	return s2.Decode(nil, b)
}

func firstByte(data []byte) string {
	if len(data) == 0 {
		return ""
	}
	return string(data[:1])
}
