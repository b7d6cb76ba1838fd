package storage

import (
	"context"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/tavern-bot/tavern/rating"
)

// Ratings keeps players' ratings per game, per server and across all
// servers, and their stats over every finished game (package rating).
// Part of Store, so a PostgreSQL backend implements it beside the tables.
type Ratings interface {
	// RecordGame applies a finished game (rating.Game.Apply) to the
	// ratings and stats of its players in one transaction, once per
	// table id: recorded is false when the table was recorded before,
	// and nothing changes then.
	RecordGame(ctx context.Context, g rating.Game) (recorded bool, err error)
	// Rating is userID's record under key; ok is false when they have
	// played no rated game of it there.
	Rating(ctx context.Context, key rating.Key, userID string) (r rating.Record, ok bool, err error)
	// Leaderboard lists every record under key, best first
	// (rating.SortBoard).
	Leaderboard(ctx context.Context, key rating.Key) ([]rating.Record, error)
	// PlayerStats are userID's stats; the zero value before their first
	// finished game.
	PlayerStats(ctx context.Context, userID string) (rating.Stats, error)
}

var (
	bucketRatings  = []byte("ratings")  // game + "\x00" + scope + "\x00" + user id -> rating.Record
	bucketStats    = []byte("stats")    // user id -> rating.Stats
	bucketRecorded = []byte("recorded") // table id -> nothing: its game is in the ratings and stats
)

// ratingPrefix is where the records of key start in bucketRatings.
func ratingPrefix(key rating.Key) []byte {
	return []byte(key.Game + "\x00" + key.Scope + "\x00")
}

func ratingKey(key rating.Key, userID string) []byte {
	return append(ratingPrefix(key), userID...)
}

// RecordGame applies g once per table id.
func (b boltRatings) RecordGame(ctx context.Context, g rating.Game) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, fmt.Errorf("storage: record table %s: %w", g.TableID, err)
	}
	if g.TableID == "" {
		return false, fmt.Errorf("storage: record a game without a table id")
	}
	recorded := false
	err := b.store.db.Update(func(tx *bolt.Tx) error {
		buckets := map[string]*bolt.Bucket{}
		for _, name := range [][]byte{bucketRatings, bucketStats, bucketRecorded} {
			bk, err := tx.CreateBucketIfNotExists(name)
			if err != nil {
				return fmt.Errorf("bucket %s: %w", name, err)
			}
			buckets[string(name)] = bk
		}
		done := buckets[string(bucketRecorded)]
		if done.Get([]byte(g.TableID)) != nil {
			return nil
		}
		records := map[rating.Key]map[string]rating.Record{}
		stats := map[string]rating.Stats{}
		ratings, statsBk := buckets[string(bucketRatings)], buckets[string(bucketStats)]
		for _, p := range g.Players {
			if p.Bot || p.UserID == "" {
				continue
			}
			for _, k := range g.RatedKeys() {
				if records[k] == nil {
					records[k] = map[string]rating.Record{}
				}
				var r rating.Record
				if ok, err := getJSON(ratings, ratingKey(k, p.UserID), &r); err != nil {
					return err
				} else if ok {
					records[k][p.UserID] = r
				}
			}
			var s rating.Stats
			if _, err := getJSON(statsBk, []byte(p.UserID), &s); err != nil {
				return err
			}
			stats[p.UserID] = s
		}
		g.Apply(records, stats)
		for k, byUser := range records {
			for user, r := range byUser {
				if err := b.putJSON(ratings, ratingKey(k, user), r); err != nil {
					return err
				}
			}
		}
		for user, s := range stats {
			if err := b.putJSON(statsBk, []byte(user), s); err != nil {
				return err
			}
		}
		recorded = true
		return b.store.put(done, []byte(g.TableID), []byte{})
	})
	if err != nil {
		return false, fmt.Errorf("storage: record table %s: %w", g.TableID, err)
	}
	return recorded, nil
}

// getJSON reads key of bk into v; ok is false when it is missing.
func getJSON(bk *bolt.Bucket, key []byte, v any) (bool, error) {
	data := bk.Get(key)
	if data == nil {
		return false, nil
	}
	if err := json.Unmarshal(data, v); err != nil {
		return false, fmt.Errorf("read %q: %w", key, err)
	}
	return true, nil
}

func (b boltRatings) putJSON(bk *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode %q: %w", key, err)
	}
	return b.store.put(bk, key, data)
}

// Rating returns userID's record under key.
func (b boltRatings) Rating(ctx context.Context, key rating.Key, userID string) (rating.Record, bool, error) {
	var (
		r  rating.Record
		ok bool
	)
	err := b.viewBucket(ctx, bucketRatings, func(bk *bolt.Bucket) (err error) {
		ok, err = getJSON(bk, ratingKey(key, userID), &r)
		return err
	})
	if err != nil {
		return rating.Record{}, false, fmt.Errorf("storage: rating of %s in %s/%s: %w", userID, key.Game, key.Scope, err)
	}
	return r, ok, nil
}

// Leaderboard lists the records under key, best first. It reads every
// record of the key: a community's players of one game, not a hot path.
func (b boltRatings) Leaderboard(ctx context.Context, key rating.Key) ([]rating.Record, error) {
	var out []rating.Record
	prefix := ratingPrefix(key)
	err := b.viewBucket(ctx, bucketRatings, func(bk *bolt.Bucket) error {
		c := bk.Cursor()
		for k, v := c.Seek(prefix); k != nil && len(k) >= len(prefix) && string(k[:len(prefix)]) == string(prefix); k, v = c.Next() {
			var r rating.Record
			if err := json.Unmarshal(v, &r); err != nil {
				return fmt.Errorf("read %q: %w", k, err)
			}
			out = append(out, r)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("storage: leaderboard %s/%s: %w", key.Game, key.Scope, err)
	}
	rating.SortBoard(out)
	return out, nil
}

// PlayerStats returns userID's stats.
func (b boltRatings) PlayerStats(ctx context.Context, userID string) (rating.Stats, error) {
	var s rating.Stats
	err := b.viewBucket(ctx, bucketStats, func(bk *bolt.Bucket) error {
		_, err := getJSON(bk, []byte(userID), &s)
		return err
	})
	if err != nil {
		return rating.Stats{}, fmt.Errorf("storage: stats of %s: %w", userID, err)
	}
	return s, nil
}

// viewBucket runs fn on bucket in a read transaction; a bucket not made
// yet (no game recorded) is not an error and fn is not called.
func (b boltRatings) viewBucket(ctx context.Context, bucket []byte, fn func(*bolt.Bucket) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return b.store.db.View(func(tx *bolt.Tx) error {
		bk := tx.Bucket(bucket)
		if bk == nil {
			return nil
		}
		return fn(bk)
	})
}
