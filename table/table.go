// Package table keeps one game in one channel: its lobby, seats, options,
// seed, move log and current state. It is pure (no I/O): storage persists a
// Table, commands drive it. Every error a player can see is a *games.Error
// whose key is in Catalog().
package table

import (
	"encoding/json"
	"time"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table/coreopt"
	"github.com/tavern-bot/tavern/table/live"
	"github.com/tavern-bot/tavern/table/vote"
)

// SchemaVersion is the layout version of a stored Table. Bump it (and teach
// storage to migrate) when a field changes meaning.
const SchemaVersion = 2

// AnyVersion skips the version check in Move; /move typed by hand uses it,
// because a typed command is not a stale button.
const AnyVersion = -1

// Status is where a table is in its life.
type Status string

// The statuses of a table. Lobby and Playing are active; a channel holds at
// most one active table.
const (
	StatusLobby     Status = "lobby"
	StatusPlaying   Status = "playing"
	StatusOver      Status = "over"
	StatusAbandoned Status = "abandoned"
)

// Seat is one player at the table, in seat order.
type Seat struct {
	UserID string `json:"user"`
	Name   string `json:"name"`
	Lang   string `json:"lang"`
	// PromptVersion is the table version at which this seat's pending prompt
	// last changed (or at which it last moved). A button made before it is
	// stale; a button made after it is still good even if other seats moved
	// in between, which keeps simultaneous phases clickable.
	PromptVersion int `json:"pv,omitempty"`
	// PromptSince is when this seat's pending decision began; the table's
	// deadline (per decision) counts from it.
	PromptSince time.Time `json:"since,omitzero"`
	// Clock is the seat's time (see package clock and Clocks.Rules).
	Clock clock.Seat `json:"clock,omitzero"`
	// Bot seats are played by the game's policy, never by a person: they
	// get no DMs and no mentions, and they move when their turn is due.
	Bot bool `json:"bot,omitempty"`
	// Reminded counts the reminders sent for the seat's current decision
	// (at half and at nine tenths of its time); a new decision resets it.
	Reminded int `json:"reminded,omitempty"`
	// Away marks a person's seat a bot took over when their time ran out
	// (absent=bot); Return gives it back.
	Away bool `json:"away,omitempty"`
	// RoundEnd marks a seat a bot took over because its tournament
	// round's days ran out (Bots.FinishRound): unlike a takeover for an absent
	// player, that alone is no forfeit (see Forfeited).
	RoundEnd bool `json:"round_end,omitempty"`
	// Strength is how well a bot the lobby seated plays (coreopt.Bot's choice
	// when it was added); see Bots.Strength.
	Strength string `json:"strength,omitempty"`
	// LiveDMs are this table's DMs to the seat that still carry buttons;
	// the seat's next decision (or the end) clears them.
	LiveDMs live.Refs `json:"live_dms,omitempty"`
	// Vacation is the player's vacation while it lasts (its end is a due
	// event); the clock's off spans keep what it means for the time.
	Vacation *clock.Span `json:"vacation,omitempty"`
	// Alone is the seat's "last one we wait for" notice (see due.go).
	Alone Alone `json:"alone,omitzero"`
	// RemindAfter holds the seat's reminders back until then (the player's
	// quiet hours).
	RemindAfter time.Time `json:"remind_after,omitzero"`
	// Notify is the player's reminder settings, copied from their
	// settings at the start and whenever they change them.
	Notify settings.Notify `json:"notify,omitzero"`
	// Answered counts the decisions the player answered, Think the time
	// they took for them (from each decision's start, in the seat clock's
	// running time: playing hours, weekends off, vacations and outages
	// taken off, whether the table is timed or not), Missed
	// those the table answered or a bot took over when their time ran
	// out: what their profile's reliability and time per move are made of.
	Answered int           `json:"answered,omitempty"`
	Think    time.Duration `json:"think,omitempty"`
	Missed   int           `json:"missed,omitempty"`
}

// Entry is one applied move in the log.
type Entry struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
	// Events are the public narration of the move.
	Events   []games.Text `json:"events,omitempty"`
	Revealed bool         `json:"revealed,omitempty"`
	// Timeout marks a move the table made for a seat that let the deadline
	// pass (the game's TimeoutMove), not one the player chose.
	Timeout bool `json:"timeout,omitempty"`
	// TimeUp marks the game's own time-is-up move (games.TimeUpper), whose
	// events tell that the time ran out.
	TimeUp bool `json:"timeUp,omitempty"`
	// Bot marks a move a bot seat's policy chose.
	Bot bool `json:"bot,omitempty"`
	// Uncommitted marks a step inside a turn (see games.Outcome).
	Uncommitted bool `json:"step,omitempty"`
	// Quiet marks a commit told without a new board (see games.Outcome).
	Quiet bool      `json:"quiet,omitempty"`
	At    time.Time `json:"at"`
	// Version is the table version right after this move.
	Version int `json:"v"`
}

// Table is one game in one channel (a thread is a channel). It keeps the
// books every job shares (seats, versions, the turn engine, due events,
// the end); each other job is a view reached by name, so that its
// operations read as one set: Lobby, Clocks, Vacations, Reminders, Bots,
// Absent, History, Live. A view holds the table, not state of its own:
// the stored table keeps every field where it always was, so its JSON
// does not change. Lists with a life of their own are types of their own
// (live.Refs, vote.Open and vote.ClosedList, IdleStreaks).
type Table struct {
	Schema    int               `json:"schema"`
	ID        string            `json:"id"`
	ChannelID string            `json:"channel"`
	GuildID   string            `json:"guild,omitempty"`
	GameID    string            `json:"game"`
	Lang      string            `json:"lang"` // language of channel posts
	Options   map[string]string `json:"options,omitempty"`
	Host      string            `json:"host"`
	Seats     []Seat            `json:"seats"`
	Seed      uint64            `json:"seed"`
	Status    Status            `json:"status"`
	// Log holds the loaded part of the move log: the entries from index
	// LogFrom on. Storage keeps the log apart from this snapshot and loads
	// as much as a caller asks for (none by default); moves append to it.
	Log     []Entry `json:"-"`
	LogFrom int     `json:"-"`
	// Moves is the length of the whole log.
	Moves int             `json:"moves"`
	State json.RawMessage `json:"state,omitempty"`
	// Due lists the moments at which this table needs attention without
	// anyone clicking (a clock running out, a bot's turn); storage indexes
	// them so the scheduler loads only tables that are due.
	Due []Due `json:"due,omitempty"`
	// Outbox holds what a change must post (plain data made by commands);
	// storage saves it in the same transaction, clears it and fills
	// OutboxKeys with the keys under which it stored the items.
	Outbox     [][]byte `json:"-"`
	OutboxKeys []string `json:"-"`
	// Version is bumped on every change; buttons carry it.
	Version         int    `json:"version"`
	StatusMessageID string `json:"status_msg,omitempty"`
	// LiveBoards are boards in the channel that still carry buttons; the
	// next board (or the end) clears them, so one board stays clickable.
	LiveBoards live.Refs `json:"live_boards,omitempty"`
	// BoardVersion is the version of the newest board composed.
	BoardVersion int `json:"board_v,omitempty"`
	// StaleButtons are messages remembered only after a newer change had
	// already cleared the others (a delivery repeated after a crash): the
	// scheduler clears them (DueTidy).
	StaleButtons live.Refs `json:"stale_buttons,omitempty"`
	// SpentOutbox lists outbox keys whose changes were carried out;
	// storage removes them in the same transaction and empties it.
	SpentOutbox    []string `json:"-"`
	LobbyMessageID string   `json:"lobby_msg,omitempty"`
	// RulesVersion is the game's rules version the table was started
	// under, so a replay after a rules fix can tell the two apart.
	RulesVersion string `json:"rules,omitempty"`
	// An open turn: Checkpoint is the state at the last commit or reveal
	// (log index CheckpointAt), from which a player may step back; the
	// turn's narration waits in TurnEvents (the first CheckpointEvents of
	// them from before the checkpoint) until the commit tells it.
	Checkpoint       json.RawMessage `json:"checkpoint,omitempty"`
	CheckpointAt     int             `json:"checkpoint_at,omitempty"`
	CheckpointEvents int             `json:"checkpoint_events,omitempty"`
	TurnEvents       []games.Text    `json:"turn_events,omitempty"`
	Idle             IdleStreaks     `json:"idle,omitempty"`
	AbandonVotes     []string        `json:"abandon_votes,omitempty"`
	// Votes are the open votes on ending the game while a seat's time has
	// run out (absent=vote, see absent.go); ClosedVotes those whose
	// message still has to lose its buttons.
	Votes       vote.Open       `json:"votes,omitempty"`
	ClosedVotes vote.ClosedList `json:"closed_votes,omitempty"`
	// AbandonedBy is who ended the game alone (the host or a member who
	// manages the channel); empty when a vote or idleness ended it.
	AbandonedBy string `json:"abandoned_by,omitempty"`
	// VotedOut are the seats whose time had run out when the others voted
	// to end the game (absent=vote; see Absent.endBy).
	VotedOut []int `json:"voted_out,omitempty"`
	// Calendar is when the clocks run (the server's playing hours and
	// weekends), copied from the server's settings.
	Calendar clock.Calendar `json:"calendar,omitzero"`
	// Waiting is how many seats had a decision at the last refresh of the
	// due events, at version WaitingV: it tells a simultaneous step whose
	// last seat is now the only one waited for.
	Waiting int `json:"waiting,omitempty"`
	// Unrecorded marks a game that ended and is not yet in the players'
	// ratings and stats: a due event (DueRecord) stays until the
	// scheduler recorded it (see Recorded).
	Unrecorded bool `json:"unrecorded,omitempty"`

	WaitingV  int       `json:"waiting_v,omitempty"`
	CreatedAt time.Time `json:"created"`
	UpdatedAt time.Time `json:"updated"`
	// Parent is the channel a table played in its own thread was opened
	// in; ChannelID is then the thread's. Empty for a table in a channel.
	Parent string `json:"parent,omitempty"`
	// EndedAt is when the game ended (over or abandoned): what follows the
	// end (archiving the thread) counts from it.
	EndedAt time.Time `json:"ended,omitzero"`
	// ThreadArchived says the table's thread was archived.
	ThreadArchived bool `json:"thread_archived,omitempty"`
	// ReplayStaged says the replay posted at the game's end was staged.
	ReplayStaged bool `json:"replay_staged,omitempty"`
	// Credited is the end of the last outage the clocks were paused over
	// (see CreditOutages); credited says this change paused them.
	Credited time.Time `json:"credited,omitzero"`
	credited bool
}

// Due is one moment at which a table must be looked at.
type Due struct {
	At   time.Time `json:"at"`
	Kind DueKind   `json:"kind"`
}

// DueKind says why a table is due.
type DueKind string

// The kinds of due events.
const (
	DueClock    DueKind = "clock"    // a seat's time runs out
	DueBot      DueKind = "bot"      // a bot seat has a decision to make
	DueTidy     DueKind = "tidy"     // stale buttons to clear (see StaleButtons, ClosedVotes)
	DueRemind   DueKind = "remind"   // a seat's time is half or nine tenths gone, or it is the last one waited for
	DueVacation DueKind = "vacation" // a seat's vacation ends
	DueArchive  DueKind = "archive"  // the thread of a game that ended is archived
	DueRecord   DueKind = "record"   // a finished game goes into ratings and stats
	DueReplay   DueKind = "replay"   // the replay of a game that ended is posted
)

// Params are what a lobby is opened with.
type Params struct {
	ID        string
	ChannelID string
	GuildID   string
	Parent    string // the channel the table's thread was opened in, if any
	GameID    string
	Lang      string
	Options   map[string]string // as typed; validated again at Start
	Host      Seat
	Seed      uint64
	Now       time.Time
}

// New opens a lobby with the host in the first seat.
func New(p Params) *Table {
	opts := map[string]string{}
	for k, v := range p.Options {
		opts[k] = v
	}
	return &Table{
		Schema:    SchemaVersion,
		ID:        p.ID,
		ChannelID: p.ChannelID,
		GuildID:   p.GuildID,
		Parent:    p.Parent,
		GameID:    p.GameID,
		Lang:      games.Lang(p.Lang),
		Options:   opts,
		Host:      p.Host.UserID,
		Seats:     []Seat{p.Host},
		Seed:      p.Seed,
		Status:    StatusLobby,
		CreatedAt: p.Now,
		UpdatedAt: p.Now,
		Credited:  p.Now,
	}
}

// Active reports whether the table still occupies its channel.
func (t *Table) Active() bool {
	return t.Status == StatusLobby || t.Status == StatusPlaying
}

// SeatOf returns the seat index of userID, or -1 for a spectator.
func (t *Table) SeatOf(userID string) int {
	for i, s := range t.Seats {
		if s.UserID == userID {
			return i
		}
	}
	return -1
}

// Names lists the seated players' display names in seat order.
func (t *Table) Names() []string {
	out := make([]string, len(t.Seats))
	for i, s := range t.Seats {
		out[i] = s.Name
	}
	return out
}

// Setup is what the game was (or will be) started with: the table's
// options without the core ones (see coreopt.Specs), which games never see.
func (t *Table) Setup() games.Setup {
	return games.Setup{Players: len(t.Seats), Options: coreopt.GameOnly(t.Options), Seed: t.Seed}
}

func (t *Table) touch(now time.Time) {
	t.Version++
	if !now.IsZero() {
		t.UpdatedAt = now
	}
}

// Rated reports whether the game, once over, changes its players'
// ratings (coreopt.Rated): people are seats played by persons (a seat a bot
// took over for its absent player included), bots the lobby seated.
func (t *Table) Rated() bool {
	people, bots := 0, 0
	for _, s := range t.Seats {
		if s.Bot && !s.Away {
			bots++
		} else {
			people++
		}
	}
	switch t.Options[coreopt.Rated] {
	case coreopt.RatedNo:
		return false
	case coreopt.RatedYes:
		return people >= 2
	}
	return people >= 2 && bots == 0
}
