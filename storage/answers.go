package storage

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// LiveAnswers keeps the ephemeral answers that carry a table's controls,
// each with the interaction token that can still edit it, for as long as
// Discord lets a token edit (15 minutes): a game's end withdraws their
// controls, and any process of a fleet may carry that end, after a
// restart too. A token is a short-lived credential for one answer; it is
// never logged.
type LiveAnswers interface {
	// KeepAnswer stores a, replacing what was kept of the same message.
	KeepAnswer(ctx context.Context, a LiveAnswer) error
	// DropAnswer forgets a message (deleted, or showing no controls now).
	DropAnswer(ctx context.Context, messageID string) error
	// TakeAnswers removes and returns the table's answers kept at or
	// after since; answers kept before since (of any table) are dropped,
	// and so are ends marked before since.
	TakeAnswers(ctx context.Context, channelID, tableID string, since time.Time) ([]LiveAnswer, error)
	// EndAnswers marks the table's controls withdrawn at at, for every
	// process: an answer of the table kept after the end took the
	// table's answers must withdraw itself (Ended).
	EndAnswers(ctx context.Context, channelID, tableID string, at time.Time) error
	// Ended reports whether the table's controls were marked withdrawn
	// at or after since.
	Ended(ctx context.Context, channelID, tableID string, since time.Time) (bool, error)
}

// LiveAnswer is one ephemeral answer with a table's controls and how to
// edit it: the newest interaction token that reached it, and whether it is
// that interaction's original response (else one of its follow-ups).
type LiveAnswer struct {
	MessageID string    `json:"message"`
	ChannelID string    `json:"channel"`
	TableID   string    `json:"table"`
	AppID     string    `json:"app"`
	Token     string    `json:"token"`
	Original  bool      `json:"original,omitempty"`
	At        time.Time `json:"at"`
}

// bucketAnswers: message id -> LiveAnswer. It holds a quarter of an hour's
// answers at most between two takes, so a take reads it whole.
var bucketAnswers = []byte("answers")

// bucketAnswerEnds: channel id, NUL, table id -> when the table's controls
// were withdrawn (unix nanos, 8 bytes): a quarter of an hour's ends at
// most between two takes.
var bucketAnswerEnds = []byte("answer_ends")

func answerEndKey(channelID, tableID string) []byte {
	return []byte(channelID + "\x00" + tableID)
}

// KeepAnswer stores a under its message id.
func (b boltAnswers) KeepAnswer(ctx context.Context, a LiveAnswer) error {
	var kept LiveAnswer
	err := b.store.updateRecord(ctx, bucketAnswers, a.MessageID, &kept, func() error { kept = a; return nil })
	if err != nil {
		return fmt.Errorf("storage: keep answer: %w", err)
	}
	return nil
}

// DropAnswer forgets messageID's answer.
func (b boltAnswers) DropAnswer(ctx context.Context, messageID string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: drop answer: %w", err)
	}
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		if bk := tx.Bucket(bucketAnswers); bk != nil {
			return bk.Delete([]byte(messageID))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("storage: drop answer: %w", err)
	}
	return nil
}

// TakeAnswers removes the table's answers and every one older than since,
// and returns the table's kept since.
func (b boltAnswers) TakeAnswers(ctx context.Context, channelID, tableID string, since time.Time) ([]LiveAnswer, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: take answers: %w", err)
	}
	var out []LiveAnswer
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		out = nil // a retried transaction starts afresh
		if ends := tx.Bucket(bucketAnswerEnds); ends != nil {
			err := sweep(ends, func(_, v []byte) bool {
				return len(v) != 8 || int64(binary.BigEndian.Uint64(v)) < since.UnixNano()
			})
			if err != nil {
				return err
			}
		}
		bk := tx.Bucket(bucketAnswers)
		if bk == nil {
			return nil
		}
		return sweep(bk, func(_, v []byte) bool {
			var a LiveAnswer
			if err := json.Unmarshal(v, &a); err != nil {
				return true // unreadable: of no use to anyone
			}
			mine := a.ChannelID == channelID && a.TableID == tableID
			if mine && !a.At.Before(since) {
				out = append(out, a)
			}
			return mine || a.At.Before(since)
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: take answers: %w", err)
	}
	return out, nil
}

// EndAnswers marks the table's controls withdrawn at at.
func (b boltAnswers) EndAnswers(ctx context.Context, channelID, tableID string, at time.Time) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: end answers: %w", err)
	}
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		bk, err := tx.CreateBucketIfNotExists(bucketAnswerEnds)
		if err != nil {
			return err
		}
		key := answerEndKey(channelID, tableID)
		if v := bk.Get(key); len(v) == 8 && int64(binary.BigEndian.Uint64(v)) >= at.UnixNano() {
			return nil // a later end is kept
		}
		return bk.Put(key, binary.BigEndian.AppendUint64(nil, uint64(at.UnixNano())))
	})
	if err != nil {
		return fmt.Errorf("storage: end answers: %w", err)
	}
	return nil
}

// Ended reports whether the table's controls were withdrawn at or after
// since.
func (b boltAnswers) Ended(ctx context.Context, channelID, tableID string, since time.Time) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("storage: ended: %w", err)
	}
	ended := false
	err := b.store.db.View(func(tx *bolt.Tx) error {
		if bk := tx.Bucket(bucketAnswerEnds); bk != nil {
			v := bk.Get(answerEndKey(channelID, tableID))
			ended = len(v) == 8 && int64(binary.BigEndian.Uint64(v)) >= since.UnixNano()
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("storage: ended: %w", err)
	}
	return ended, nil
}

// DMRefusals remembers, for every process of the bot and across restarts,
// the users whose DMs Discord refused (50007) and until when no DM is
// tried again: each refusal counts toward the invalid requests for which
// Discord bans an address.
type DMRefusals interface {
	// RefuseDMs marks userID's DMs closed until until.
	RefuseDMs(ctx context.Context, userID string, until time.Time) error
	// RefusedDMs are the users whose DMs are marked closed at now, with
	// until when; marks that ran out are dropped.
	RefusedDMs(ctx context.Context, now time.Time) (map[string]time.Time, error)
}

// bucketRefusals: user id -> until (unix nanos, 8 bytes).
var bucketRefusals = []byte("dm_refusals")

// RefuseDMs marks userID's DMs closed until until.
func (b boltRefusals) RefuseDMs(ctx context.Context, userID string, until time.Time) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("storage: refuse DMs: %w", err)
	}
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		bk, err := tx.CreateBucketIfNotExists(bucketRefusals)
		if err != nil {
			return err
		}
		return bk.Put([]byte(userID), binary.BigEndian.AppendUint64(nil, uint64(until.UnixNano())))
	})
	if err != nil {
		return fmt.Errorf("storage: refuse DMs: %w", err)
	}
	return nil
}

// RefusedDMs lists the users whose DMs are closed at now, dropping the
// marks that ran out.
func (b boltRefusals) RefusedDMs(ctx context.Context, now time.Time) (map[string]time.Time, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("storage: refused DMs: %w", err)
	}
	out := map[string]time.Time{}
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		clear(out) // a retried transaction starts afresh
		bk := tx.Bucket(bucketRefusals)
		if bk == nil {
			return nil
		}
		return sweep(bk, func(k, v []byte) bool {
			if len(v) != 8 {
				return true
			}
			until := time.Unix(0, int64(binary.BigEndian.Uint64(v))).UTC()
			if !now.Before(until) {
				return true
			}
			out[string(k)] = until
			return false
		})
	})
	if err != nil {
		return nil, fmt.Errorf("storage: refused DMs: %w", err)
	}
	return out, nil
}

// sweep deletes the keys of bk for which drop reports true (it may read
// the others meanwhile); the small buckets of short-lived records are
// read whole.
func sweep(bk *bolt.Bucket, drop func(k, v []byte) bool) error {
	var gone [][]byte
	err := bk.ForEach(func(k, v []byte) error {
		if drop(k, v) {
			gone = append(gone, k)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, k := range gone {
		if err := bk.Delete(k); err != nil {
			return err
		}
	}
	return nil
}
