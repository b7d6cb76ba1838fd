package rating

import (
	"slices"
	"strings"
	"time"
)

// Global is the scope of the ratings across all servers; a server's
// scope is its id.
const Global = "global"

// ProvisionalGames is how many rated games a rating stays provisional:
// until then it moves fast and is marked as such.
const ProvisionalGames = 5

// Record is one player's rating for one game in one scope.
type Record struct {
	UserID string `json:"user"`
	// Name is the player's display name at their last rated game.
	Name   string `json:"name,omitempty"`
	Rating Rating `json:"rating"`
	// Games and Wins count the rated games (a shared first place wins).
	Games int `json:"games"`
	Wins  int `json:"wins"`
}

// NewRecord is a player's record before their first rated game.
func NewRecord(userID string) Record { return Record{UserID: userID, Rating: New()} }

// Provisional reports a rating of too few games to mean much yet.
func (r Record) Provisional() bool { return r.Games < ProvisionalGames }

// Stats are what /profile tells about a player beyond ratings, over every
// finished game (rated or not).
type Stats struct {
	Name  string `json:"name,omitempty"`
	Games int    `json:"games"`
	Wins  int    `json:"wins"`
	// Answered counts decisions the player answered before their clock
	// ran out; Missed those the table answered (or a bot took over).
	Answered int `json:"answered"`
	Missed   int `json:"missed"`
	// Think is the total time from a decision's start to the player's
	// answer, over the Answered decisions.
	Think time.Duration `json:"think"`
	// Rated lists the (game, scope) pairs the player has a rating in.
	Rated []Key `json:"rated,omitempty"`
}

// Reliability is the share of decisions answered before the clock ran
// out; ok is false before the first decision.
func (s Stats) Reliability() (share float64, ok bool) {
	n := s.Answered + s.Missed
	if n == 0 {
		return 0, false
	}
	return float64(s.Answered) / float64(n), true
}

// MoveTime is the average time the player took per answered decision; ok
// is false before the first.
func (s Stats) MoveTime() (time.Duration, bool) {
	if s.Answered == 0 {
		return 0, false
	}
	return s.Think / time.Duration(s.Answered), true
}

// Key names one rating: a game in a scope (Global or a server's id).
type Key struct {
	Game  string `json:"game"`
	Scope string `json:"scope"`
}

// Player is one seat's part in a finished game.
type Player struct {
	UserID string
	Name   string
	// Rank is the seat's place in the game's standings (1 = first).
	Rank int
	// Bot seats are never rated nor counted.
	Bot bool
	// Quit marks a person whose seat a bot finished after their clock
	// ran out: they rate as last.
	Quit bool
	// Answered, Missed and Think are the seat's decisions in this game
	// (see Stats).
	Answered, Missed int
	Think            time.Duration
}

// Game is a finished game as ratings see it. TableID makes recording it
// idempotent.
type Game struct {
	TableID string
	GameID  string
	GuildID string
	// Rated says the game changes ratings (the table option); stats count
	// every finished game.
	Rated   bool
	Players []Player
}

// people are the game's seats played by persons, in seat order.
func (g Game) people() []Player {
	return slices.DeleteFunc(slices.Clone(g.Players), func(p Player) bool { return p.Bot || p.UserID == "" })
}

// Ranks are the places the people of g rate with, in the order of people:
// their places among each other, quitters after everyone who finished
// (tied with each other). Bots drop out of the order.
func (g Game) Ranks() []int {
	ppl := g.people()
	ranks := make([]int, len(ppl))
	for i, p := range ppl {
		for _, q := range ppl {
			if q.Quit != p.Quit {
				if !q.Quit {
					ranks[i]++ // everyone who finished is ahead of a quitter
				}
				continue
			}
			if !p.Quit && q.Rank < p.Rank {
				ranks[i]++
			}
		}
		ranks[i]++
	}
	return ranks
}

// Scopes are the rating scopes g counts in: its server's and the global
// one.
func (g Game) Scopes() []string {
	if g.GuildID == "" || g.GuildID == Global {
		return []string{Global}
	}
	return []string{g.GuildID, Global}
}

// RatedKeys lists the records g changes, each once: every person's rating
// in every scope, or none when g is unrated or has fewer than two people.
func (g Game) RatedKeys() []Key {
	if !g.Rated || len(g.people()) < 2 {
		return nil
	}
	var out []Key
	for _, s := range g.Scopes() {
		out = append(out, Key{Game: g.GameID, Scope: s})
	}
	return out
}

// Apply settles g: it rates its people in each of RatedKeys (records[k]
// holds the current records of that key by user id; missing players
// start new) and adds g to every person's stats (keyed by user id). It
// changes the maps in place. Both storage backends call it inside the
// transaction that marks g's table as recorded, so a game counts once.
func (g Game) Apply(records map[Key]map[string]Record, stats map[string]Stats) {
	ppl := g.people()
	ranks := g.Ranks()
	keys := g.RatedKeys()
	for _, k := range keys {
		byUser := records[k]
		if byUser == nil {
			byUser = map[string]Record{}
			records[k] = byUser
		}
		before := make([]Rating, len(ppl))
		for i, p := range ppl {
			r, ok := byUser[p.UserID]
			if !ok {
				r = NewRecord(p.UserID)
			}
			before[i] = r.Rating
		}
		after := Rate(before, ranks, Tavern())
		for i, p := range ppl {
			r, ok := byUser[p.UserID]
			if !ok {
				r = NewRecord(p.UserID)
			}
			r.Name, r.Rating = p.Name, after[i]
			r.Games++
			if ranks[i] == 1 && !p.Quit {
				r.Wins++
			}
			byUser[p.UserID] = r
		}
	}
	for i, p := range ppl {
		s := stats[p.UserID]
		if p.Name != "" {
			s.Name = p.Name
		}
		s.Games++
		if ranks[i] == 1 && p.Rank == 1 && !p.Quit {
			s.Wins++
		}
		s.Answered += p.Answered
		s.Missed += p.Missed
		s.Think += p.Think
		for _, k := range keys {
			if !slices.Contains(s.Rated, k) {
				s.Rated = append(s.Rated, k)
			}
		}
		stats[p.UserID] = s
	}
}

// SortBoard orders records for a leaderboard: highest display rating
// first, then more games, then by user id, so equal ratings list the
// same way every time.
func SortBoard(records []Record) {
	slices.SortFunc(records, func(a, b Record) int {
		if da, db := a.Rating.Display(), b.Rating.Display(); da != db {
			return db - da
		}
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.UserID, b.UserID)
	})
}
