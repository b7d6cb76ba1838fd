package tournament

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
)

// Format is how a tournament pairs its rounds.
type Format string

// The formats.
const (
	Swiss      Format = "swiss"
	RoundRobin Format = "roundrobin"
	Knockout   Format = "knockout"
)

// Formats lists every format, for commands' choices.
var Formats = []Format{Swiss, RoundRobin, Knockout}

// Status is where a tournament stands.
type Status string

// The statuses.
const (
	StatusSignup  Status = "signup"
	StatusRunning Status = "running"
	StatusPaused  Status = "paused"
	StatusOver    Status = "over"
)

// PlayerStatus says whether a player is still paired.
type PlayerStatus string

// The player statuses.
const (
	Active  PlayerStatus = "active"
	Dropped PlayerStatus = "dropped"
)

// Limits bound every tournament.
const (
	MinTableSize = 2
	MaxTableSize = 6
	MaxRounds    = 20
	MaxDays      = 60
	MaxPlayers   = 1000
)

// Config is what the organiser chose.
type Config struct {
	Game      string            `json:"game"`
	Format    Format            `json:"format"`
	TableSize int               `json:"size"`
	MinSize   int               `json:"min"` // the game's minimum, at least 2
	Rounds    int               `json:"rounds"`
	Days      int               `json:"days"`              // per round
	Options   map[string]string `json:"options,omitempty"` // the tables' options
	Advance   int               `json:"advance,omitempty"` // knockout: how many of a table go on
	Seed      uint64            `json:"seed"`
}

// Player is one sign-up.
type Player struct {
	ID     string       `json:"id"`
	Name   string       `json:"name"`
	Status PlayerStatus `json:"status"`
	Rating float64      `json:"rating,omitempty"` // for seeding round 1; 0 when unknown
	Lang   string       `json:"lang,omitempty"`
}

// Result is how a table ended: each seat's rank (1 = best; tied seats share
// the better rank, as in 1, 1, 3) and game score.
type Result struct {
	Ranks  []int     `json:"ranks"`
	Scores []float64 `json:"scores,omitempty"`
	// By says who settled it: "" the game, "organiser" a typed result.
	By string `json:"by,omitempty"`
}

// Table is one pairing of a round. Ref is where it is played (opaque
// here: the commands' table and channel).
type Table struct {
	Seats  []int   `json:"seats"` // player indices in seat order
	Result *Result `json:"result,omitempty"`
	Ref    string  `json:"ref,omitempty"`
	// Asked is when opening the table was last asked for (it is open
	// once Ref is set), Tries how often: a request lost to a crash or
	// refused is asked again later, a few times.
	Asked time.Time `json:"asked,omitzero"`
	Tries int       `json:"tries,omitempty"`
	// Paused says the game's clocks were stopped for the tournament's
	// pause; a table whose Paused differs from the tournament's status is
	// still to be paused or resumed.
	Paused bool `json:"paused,omitempty"`
}

// Round is one round's tables and byes.
type Round struct {
	Tables []Table   `json:"tables"`
	Byes   []int     `json:"byes,omitempty"`
	Ends   time.Time `json:"ends,omitzero"`
	// Settled says the round's time ran out and its unfinished games were
	// handed to bots: its end is no longer due.
	Settled bool `json:"settled,omitempty"`
}

// Done reports whether every table of the round has a result.
func (r Round) Done() bool {
	for _, t := range r.Tables {
		if t.Result == nil {
			return false
		}
	}
	return true
}

// Tournament is one tournament, from sign-up to podium.
type Tournament struct {
	ID        string `json:"id"`
	GuildID   string `json:"guild"`
	ChannelID string `json:"channel"`
	Organiser string `json:"organiser"`
	// OrganiserName is the organiser's display name, for the sign-up.
	OrganiserName string   `json:"organiser_name,omitempty"`
	Lang          string   `json:"lang,omitempty"`
	Status        Status   `json:"status"`
	Config        Config   `json:"config"`
	Players       []Player `json:"players"`
	Rounds        []Round  `json:"rounds,omitempty"`
	// SignupCloses is when sign-up closes by itself (zero: when the
	// organiser starts).
	SignupCloses time.Time `json:"closes,omitzero"`
	// SignupMessageID is the sign-up message, edited as players join.
	SignupMessageID string `json:"signup_msg,omitempty"`
	// Wake asks for the scheduler at that moment (a round complete, tables
	// still to open); zero when nothing is due besides the round's end.
	Wake time.Time `json:"wake,omitzero"`
	// Plan is a round robin's schedule, every round planned when it
	// started (planned anew for the rounds left when players drop or join).
	Plan []Planned `json:"plan,omitempty"`
	// PausedLeft is the time the round had left when it was paused.
	PausedLeft time.Duration `json:"paused_left,omitempty"`
	// Closing says the organiser ended the tournament while games ran:
	// they are finished by bots as at a round's end, then it is over.
	Closing bool `json:"closing,omitempty"`
	// Version counts the changes that staged posts, so that each post's
	// nonce is unique to the tournament.
	Version int `json:"version,omitempty"`

	// Outbox is what this change must post, as the command surface encoded
	// it; the store saves it with the record, in the same transaction, and
	// fills OutboxKeys with the keys under which it stored the items.
	Outbox     [][]byte `json:"-"`
	OutboxKeys []string `json:"-"`
}

// Validate checks a configuration against the game's seat limits.
func (c Config) Validate(gameMin, gameMax int) error {
	switch {
	case !slices.Contains(Formats, c.Format):
		return games.Errorf(ErrFormat, "format", c.Format)
	case c.TableSize < max(MinTableSize, gameMin) || c.TableSize > min(MaxTableSize, gameMax):
		return games.Errorf(ErrTableSize, "n", c.TableSize, "min", max(MinTableSize, gameMin), "max", min(MaxTableSize, gameMax))
	case c.Format != Knockout && (c.Rounds < 1 || c.Rounds > MaxRounds):
		return games.Errorf(ErrRounds, "max", MaxRounds)
	case c.Days < 1 || c.Days > MaxDays:
		return games.Errorf(ErrDays, "max", MaxDays)
	case c.Format == Knockout && (c.Advance < 1 || c.Advance >= c.TableSize):
		return games.Errorf(ErrAdvance, "max", c.TableSize-1)
	case c.Format == Knockout && c.Rounds != 0:
		// A knockout plays until its final table: its rounds follow from
		// the players and Advance, so a number given is refused, not
		// silently ignored.
		return games.Errorf(ErrKnockoutRounds)
	}
	return nil
}

// New opens a tournament's sign-up; cfg must have passed Validate.
func New(id, guildID, channelID, organiser, lang string, cfg Config, closes time.Time) *Tournament {
	cfg.MinSize = max(cfg.MinSize, MinTableSize)
	return &Tournament{ID: id, GuildID: guildID, ChannelID: channelID, Organiser: organiser, Lang: lang,
		Status: StatusSignup, Config: cfg, SignupCloses: closes}
}

// PlayerIndex is the index of userID among the players, or −1.
func (t *Tournament) PlayerIndex(userID string) int {
	return slices.IndexFunc(t.Players, func(p Player) bool { return p.ID == userID })
}

// Join signs a player up. A swiss or round-robin tournament takes late
// joiners from the next round on; a running knockout does not.
func (t *Tournament) Join(p Player) error {
	switch {
	case t.Status == StatusOver:
		return games.Errorf(ErrOver)
	case t.Status != StatusSignup && t.Config.Format == Knockout:
		return games.Errorf(ErrKnockoutRunning)
	case t.PlayerIndex(p.ID) >= 0 && t.Players[t.PlayerIndex(p.ID)].Status == Active:
		return games.Errorf(ErrJoined)
	case t.PlayerIndex(p.ID) >= 0:
		return games.Errorf(ErrDroppedOut)
	case len(t.Players) >= MaxPlayers:
		return games.Errorf(ErrFull, "max", MaxPlayers)
	}
	p.Status = Active
	t.Players = append(t.Players, p)
	return nil
}

// Leave takes a player off the list during sign-up.
func (t *Tournament) Leave(userID string) error {
	i := t.PlayerIndex(userID)
	switch {
	case t.Status != StatusSignup:
		return games.Errorf(ErrNotSignup)
	case i < 0:
		return games.Errorf(ErrNotJoined)
	}
	t.Players = slices.Delete(t.Players, i, i+1)
	return nil
}

// Active is how many players are still paired.
func (t *Tournament) Active() int {
	n := 0
	for _, p := range t.Players {
		if p.Status == Active {
			n++
		}
	}
	return n
}

// Drop stops pairing a player; their points stay in the standings.
func (t *Tournament) Drop(userID string) error {
	i := t.PlayerIndex(userID)
	switch {
	case t.Status == StatusOver:
		return games.Errorf(ErrOver)
	case i < 0:
		return games.Errorf(ErrNotJoined)
	case t.Players[i].Status == Dropped:
		return games.Errorf(ErrDroppedOut)
	}
	t.Players[i].Status = Dropped
	return nil
}

// Replace gives a player's place (points, seats of running tables,
// future pairings) to someone not yet in the tournament.
func (t *Tournament) Replace(oldID string, p Player) error {
	i := t.PlayerIndex(oldID)
	switch {
	case t.Status == StatusOver:
		return games.Errorf(ErrOver)
	case i < 0:
		return games.Errorf(ErrNotJoined)
	case t.PlayerIndex(p.ID) >= 0:
		return games.Errorf(ErrJoined)
	}
	p.Status = Active
	t.Players[i] = p
	return nil
}

// Current is the index of the round being played, −1 before the first.
func (t *Tournament) Current() int { return len(t.Rounds) - 1 }

// Record stores a table's result. ranks are per seat, 1 = best; they are
// normalised to competition ranking (1, 1, 3). A table already recorded
// keeps its result unless override (the organiser's correction).
func (t *Tournament) Record(round, table int, res Result, override bool) error {
	if round < 0 || round >= len(t.Rounds) || table < 0 || table >= len(t.Rounds[round].Tables) {
		return games.Errorf(ErrNoTable)
	}
	tb := &t.Rounds[round].Tables[table]
	if len(res.Ranks) != len(tb.Seats) || (len(res.Scores) != 0 && len(res.Scores) != len(tb.Seats)) {
		return games.Errorf(ErrBadResult, "n", len(tb.Seats))
	}
	for _, r := range res.Ranks {
		if r < 1 || r > len(tb.Seats) {
			return games.Errorf(ErrBadResult, "n", len(tb.Seats))
		}
	}
	if tb.Result != nil && !override {
		return games.Errorf(ErrRecorded)
	}
	res.Ranks = CompetitionRanks(res.Ranks)
	if len(res.Scores) == 0 {
		res.Scores = make([]float64, len(tb.Seats))
	}
	tb.Result = &res
	return nil
}

// CompetitionRanks turns any order keys (smaller = better) into ranks
// where tied seats share the best rank and the next skips: 1, 1, 3.
func CompetitionRanks(keys []int) []int {
	out := make([]int, len(keys))
	for i, k := range keys {
		out[i] = 1
		for _, o := range keys {
			if o < k {
				out[i]++
			}
		}
	}
	return out
}

// TableOfRef finds the round and table played at ref.
func (t *Tournament) TableOfRef(ref string) (round, table int, ok bool) {
	for r := len(t.Rounds) - 1; r >= 0; r-- {
		for i, tb := range t.Rounds[r].Tables {
			if tb.Ref == ref {
				return r, i, true
			}
		}
	}
	return 0, 0, false
}

// Finished reports whether no further round is to be paired: every round
// played, or the knockout's final table decided, or too few players left.
func (t *Tournament) Finished() bool {
	if len(t.Rounds) == 0 {
		return false
	}
	last := t.Rounds[len(t.Rounds)-1]
	if !last.Done() {
		return false
	}
	if t.Config.Format == Knockout {
		return len(last.Tables) <= 1 && len(last.Byes) == 0 || len(t.advancing()) < t.Config.MinSize
	}
	return len(t.Rounds) >= t.Config.Rounds || t.Active() < t.Config.MinSize
}

// NextDue is when the tournament next needs the scheduler: sign-up's
// close, a wake-up, or the current round's end (never while paused). ok is
// false when nothing is due (over, sign-up without a close time, paused
// without a wake-up).
func (t *Tournament) NextDue() (time.Time, bool) {
	var at time.Time
	consider := func(x time.Time) {
		if !x.IsZero() && (at.IsZero() || x.Before(at)) {
			at = x
		}
	}
	switch t.Status {
	case StatusSignup:
		consider(t.SignupCloses)
		consider(t.Wake)
	case StatusRunning:
		consider(t.Wake)
		if r := t.Current(); r >= 0 && !t.Rounds[r].Settled {
			consider(t.Rounds[r].Ends)
		}
	case StatusPaused:
		consider(t.Wake) // the games' clocks to pause or resume
	}
	return at, !at.IsZero()
}
