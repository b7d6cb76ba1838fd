package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

var _ Copier = (*Bolt)(nil)

// errSkip passes over a key that is not a record to copy.
var errSkip = errors.New("skip")

// Export gives every record of the database from one read transaction.
func (b *Bolt) Export(ctx context.Context, fn func(Record) error) error {
	err := b.db.View(func(tx *bolt.Tx) error {
		each := func(bucket []byte, rec func(k, v []byte) (Record, error)) error {
			bk := tx.Bucket(bucket)
			if bk == nil {
				return nil
			}
			return bk.ForEach(func(k, v []byte) error {
				if err := ctx.Err(); err != nil {
					return err
				}
				r, err := rec(k, v)
				if err == errSkip {
					return nil
				}
				if err != nil {
					return fmt.Errorf("%s %x: %w", bucket, k, err)
				}
				return fn(r)
			})
		}
		steps := []struct {
			bucket []byte
			rec    func(k, v []byte) (Record, error)
		}{
			{bucketTables, func(k, v []byte) (Record, error) {
				t, err := b.decode(v)
				if err != nil {
					return Record{}, err
				}
				return Record{Kind: RecordTable, ChannelID: string(k), TableID: t.ID, Data: bytes.Clone(v)}, nil
			}},
			{bucketArchive, func(k, v []byte) (Record, error) {
				channel, id, ok := strings.Cut(string(k), "/")
				if !ok {
					return Record{}, errFrame
				}
				return Record{Kind: RecordArchived, ChannelID: channel, TableID: id, Data: bytes.Clone(v)}, nil
			}},
			{bucketLog, func(k, v []byte) (Record, error) {
				// channel id + "/" + table id + "/" + index (8 bytes)
				if len(k) < 11 || k[len(k)-9] != '/' {
					return Record{}, errFrame
				}
				channel, id, ok := strings.Cut(string(k[:len(k)-9]), "/")
				if !ok {
					return Record{}, errFrame
				}
				return Record{Kind: RecordLog, ChannelID: channel, TableID: id, Index: int(binary.BigEndian.Uint64(k[len(k)-8:])), Data: bytes.Clone(v)}, nil
			}},
			{bucketOutbox, func(k, v []byte) (Record, error) {
				channel, id, item, err := decodeOutbox(v)
				return Record{Kind: RecordOutbox, ChannelID: channel, TableID: id, Data: item}, err
			}},
			{bucketUsers, func(k, v []byte) (Record, error) {
				return Record{Kind: RecordUser, Key: string(k), Data: bytes.Clone(v)}, nil
			}},
			{bucketGuilds, func(k, v []byte) (Record, error) {
				return Record{Kind: RecordGuild, Key: string(k), Data: bytes.Clone(v)}, nil
			}},
			{bucketMeta, func(k, v []byte) (Record, error) {
				if string(k) != "heartbeat" {
					return Record{}, errSkip
				}
				var h heartbeat
				err := json.Unmarshal(v, &h)
				return Record{Kind: RecordHeartbeat, At: h.At}, err
			}},
			{bucketTournaments, func(k, v []byte) (Record, error) {
				return Record{Kind: RecordTournament, Key: string(k), Data: bytes.Clone(v)}, nil
			}},
			{bucketTournamentChannel, func(k, v []byte) (Record, error) {
				return Record{Kind: RecordTournamentChannel, ChannelID: string(k), Key: string(v)}, nil
			}},
			{bucketRatings, func(k, v []byte) (Record, error) {
				return Record{Kind: RecordRating, Key: string(k), Data: bytes.Clone(v)}, nil
			}},
			{bucketStats, func(k, v []byte) (Record, error) {
				return Record{Kind: RecordStats, Key: string(k), Data: bytes.Clone(v)}, nil
			}},
			{bucketRecorded, func(k, _ []byte) (Record, error) {
				return Record{Kind: RecordRecorded, Key: string(k)}, nil
			}},
		}
		for _, s := range steps {
			if err := each(s.bucket, s.rec); err != nil {
				return err
			}
		}
		var outages outageList
		if meta := tx.Bucket(bucketMeta); meta != nil {
			if v := meta.Get([]byte("outages")); v != nil {
				if err := json.Unmarshal(v, &outages); err != nil {
					return fmt.Errorf("outages: %w", err)
				}
			}
		}
		for _, o := range outages.Spans {
			r, err := OutageRecord(o)
			if err == nil {
				err = fn(r)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: export: %w", err)
	}
	return nil
}

// Import stores records in one write transaction, indexing each current
// table's due events and players.
func (b *Bolt) Import(ctx context.Context, records []Record) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: import: %w", err)
	}
	err := b.db.Update(func(tx *bolt.Tx) error {
		for _, r := range records {
			if err := b.importRecord(tx, r); err != nil {
				return fmt.Errorf("%s of %s%s: %w", r.Kind, r.ChannelID, r.Key, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: import: %w", err)
	}
	return nil
}

func (b *Bolt) importRecord(tx *bolt.Tx, r Record) error {
	switch r.Kind {
	case RecordTable:
		t, err := b.decode(r.Data)
		if err != nil {
			return err
		}
		tables := tx.Bucket(bucketTables)
		if tables.Get([]byte(r.ChannelID)) != nil {
			return ErrActiveTable
		}
		if err := b.putDue(tx, t.ChannelID, t.ID, nil, t.Due); err != nil {
			return err
		}
		if err := b.putPlayers(tx, nil, t); err != nil {
			return err
		}
		return b.put(tables, []byte(r.ChannelID), r.Data)
	case RecordArchived:
		return b.put(tx.Bucket(bucketArchive), []byte(r.ChannelID+"/"+r.TableID), r.Data)
	case RecordLog:
		return b.put(tx.Bucket(bucketLog), logKey(logPrefix(r.ChannelID, r.TableID), r.Index), r.Data)
	case RecordOutbox:
		bk := tx.Bucket(bucketOutbox)
		seq, err := bk.NextSequence()
		if err != nil {
			return err
		}
		return b.put(bk, binary.BigEndian.AppendUint64(nil, seq), outboxValue(r.ChannelID, r.TableID, r.Data))
	case RecordUser, RecordGuild, RecordRating, RecordStats, RecordRecorded:
		name := map[RecordKind][]byte{RecordUser: bucketUsers, RecordGuild: bucketGuilds, RecordRating: bucketRatings,
			RecordStats: bucketStats, RecordRecorded: bucketRecorded}[r.Kind]
		bk, err := tx.CreateBucketIfNotExists(name)
		if err != nil {
			return err
		}
		data := r.Data
		if data == nil {
			data = []byte{}
		}
		return b.put(bk, []byte(r.Key), data)
	case RecordTournament:
		t, err := decodeTournament(r.Data)
		if err != nil {
			return err
		}
		bk, _, err := tournamentBuckets(tx)
		if err != nil {
			return err
		}
		if err := b.putDue(tx, TournamentDue(t.ID), t.ID, nil, tournamentDues(t)); err != nil {
			return err
		}
		return b.put(bk, []byte(r.Key), r.Data)
	case RecordTournamentChannel:
		_, ch, err := tournamentBuckets(tx)
		if err != nil {
			return err
		}
		return b.put(ch, []byte(r.ChannelID), []byte(r.Key))
	case RecordHeartbeat:
		bk, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		data, err := json.Marshal(heartbeat{At: r.At})
		if err != nil {
			return err
		}
		return b.put(bk, []byte("heartbeat"), data)
	case RecordOutage:
		o, err := DecodeOutage(r)
		if err != nil {
			return err
		}
		bk, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		var l outageList
		if v := bk.Get([]byte("outages")); v != nil {
			if err := json.Unmarshal(v, &l); err != nil {
				return err
			}
		}
		l.Spans, _ = addOutage(l.Spans, o)
		data, err := json.Marshal(l)
		if err != nil {
			return err
		}
		return b.put(bk, []byte("outages"), data)
	}
	return fmt.Errorf("unknown record kind %d", r.Kind)
}
