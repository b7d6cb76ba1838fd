package table

// A Table's jobs beyond moving are reached through views of it, one per
// job, so that each job's operations read as one set: t.Clocks().Pause,
// t.Bots().Add, t.History().Undo. A view holds the table, not state of its
// own: the stored table keeps every field where it always was (the JSON
// of a stored table does not change), and the views share its books
// (versions, due events, seats) through the table's own methods.

// Clocks are the seats' clocks: the rules the options set, deadlines,
// pauses, outages credited and the playing hours.
type Clocks struct{ t *Table }

// Clocks is the table's clocks.
func (t *Table) Clocks() Clocks { return Clocks{t} }

// Vacations are the players' vacations at this table and the settings
// a starting game takes from them.
type Vacations struct{ t *Table }

// Vacations is the table's vacations.
func (t *Table) Vacations() Vacations { return Vacations{t} }

// Reminders are the reminders of a decision's time and the notice to the
// last player waited for.
type Reminders struct{ t *Table }

// Reminders is the table's reminders.
func (t *Table) Reminders() Reminders { return Reminders{t} }

// Bots are the table's bot seats: those the lobby seats, their strength,
// their moves thought out ahead, and bots taking a person's seat over.
type Bots struct{ t *Table }

// Bots is the table's bot seats.
func (t *Table) Bots() Bots { return Bots{t} }

// Lobby is a table before its start: seats taken and left, options set,
// and the start.
type Lobby struct{ t *Table }

// Lobby is the table's lobby.
func (t *Table) Lobby() Lobby { return Lobby{t} }

// History is the move log looked back on: the last entry, undo and step
// back, and the state rebuilt from the seed.
type History struct{ t *Table }

// History is the table's history.
func (t *Table) History() History { return History{t} }

// Live is the table's messages that still carry buttons: the status and
// lobby messages, boards, DMs and stale buttons to clear.
type Live struct{ t *Table }

// Live is the table's live messages.
func (t *Table) Live() Live { return Live{t} }

// Absent is the rule for a seat whose time ran out at a table with
// OptAbsent vote or skip: who may vote, when a vote opens and runs out,
// and what a decided vote does. The votes' books are the table's Votes
// and ClosedVotes (package vote).
type Absent struct{ t *Table }

// Absent is the table's rule for absent seats.
func (t *Table) Absent() Absent { return Absent{t} }
