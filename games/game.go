// Package games is the rules contract every game implements, the registry of
// games, and rule helpers shared between them (randomness, localized text).
//
// A game is a deterministic state machine. It knows its pending decisions
// (Prompts with a finite list of Options), applies answers (moves), and shows
// each viewer only what that viewer may see. It never touches Discord, the
// clock, the disk or the network: randomness comes from the seeded RNG kept in
// the state, and anything time-based arrives as a move.
package games

import (
	"fmt"
	"sort"
	"strings"
)

// Public is the viewer id of the channel and of spectators.
const Public = -1

// Game describes one game and builds its states.
type Game interface {
	Info() Info
	// New builds the initial state. It validates the setup (player count,
	// options) and returns a *Error a player can read when it is wrong.
	New(setup Setup) (State, error)
	// Load decodes a state produced by State.MarshalJSON.
	Load(data []byte) (State, error)
}

// Info is everything the command surface needs to offer a game.
type Info struct {
	ID string // stable id used in commands: "zauberschwert"
	// RulesVersion changes whenever a rules fix could change what a
	// recorded game replays to; tables record it at their start.
	RulesVersion string
	Name         Text
	MinPlayers   int
	MaxPlayers   int
	Options      []OptionSpec
	// PhaseTimer says the game marks phases in its prompts (Prompt.Phase),
	// so tables offer a phase timer.
	PhaseTimer bool
	// PhaseDefault is the phase timer a table starts with ("90s"; empty:
	// none), as clock.ParsePhase reads it.
	PhaseDefault string
	// SkipsAbsent says the rulebook lets a table skip the decision of a
	// player who is gone (its states implement Skipper), so tables offer
	// absent=skip. No game's rulebook allows it today.
	SkipsAbsent bool
	// Rules are short topics for /rules, in the game's catalog.
	Rules   []RuleTopic
	Catalog Catalog
}

// OptionSpec is a table option offered in the lobby, with its default.
type OptionSpec struct {
	ID      string
	Label   Text
	Choices []string
	Default string
}

// RuleTopic is one section of a game's rules summary.
type RuleTopic struct {
	ID    string
	Title Text
	Body  Text
}

// Is reports whether query names the topic: its id or one of names (its
// title as the asker reads it), in any letter case, spaces around ignored.
// Players type what the answer lists ("Solo"), not the id.
func (t RuleTopic) Is(query string, names ...string) bool {
	query = strings.TrimSpace(query)
	for _, name := range append([]string{t.ID}, names...) {
		if strings.EqualFold(query, strings.TrimSpace(name)) {
			return true
		}
	}
	return false
}

// Setup is what a table hands a game when it starts.
type Setup struct {
	Players int
	Options map[string]string // every OptionSpec id, defaults filled in
	Seed    uint64
}

// State is one game in progress. Implementations are pointer types whose
// JSON form is the complete state, including the RNG.
type State interface {
	// Pending lists every decision awaited now. In simultaneous phases
	// several seats have prompts at once. Empty when the game is over.
	Pending() []Prompt
	// Apply answers one of seat's prompts with the ID of one of its options.
	// It returns public narration of what happened. An error is a *Error;
	// the caller discards the state on error, so a game need not roll back.
	Apply(seat int, move string) (Outcome, error)
	// View is what viewer (a seat, or Public) may see, as the game's own
	// view type; imaging draws it. Public views never carry hidden facts.
	View(viewer int) any
	// Over reports the end of the game; Standings are final then.
	Over() bool
	// Standings ranks the seats (best first), final once Over.
	Standings() []Standing
	MarshalJSON() ([]byte, error)
}

// Prompt is one decision awaited from one seat.
type Prompt struct {
	Seat int
	// Secret prompts are answered privately (in DMs); their text and
	// options must never be shown in a channel.
	Secret  bool
	Text    Text
	Options []Option
	// Phase names a stretch of this seat's decisions that is timed as one
	// (a build phase of many placements): while the seat's consecutive
	// prompts carry the same Phase, one phase timer runs across all of
	// them. Empty: only the per-decision clock and the time bank apply.
	Phase string `json:",omitempty"`
}

// Option is one legal answer. ID is the move string Apply takes; it is short
// (it travels inside Discord custom ids) and stable.
type Option struct {
	ID    string
	Label Text
	// Detail is what a player may want to know beyond Label: a surface
	// shows it under the label (a select option's description, at most
	// 100 characters on Discord), so Label stays short enough to tell the
	// choices apart within Discord's label limits (80 characters on a
	// button, 100 in a select). Options with a Detail are offered in a
	// select, never as buttons, which cannot show it.
	Detail Text `json:",omitzero"`
	// Path places the option in a tree, outermost step first (a room, then
	// a cell of it), so that a surface can offer long lists level by level.
	// Options without a path stay one click away beside the tree.
	Path []Step `json:",omitempty"`
}

// Step is one level of an option's path. ID is short (it travels in
// select values, joined with "/", so it holds no "/"); Label names the
// step for players. A zero Label lets a surface name the step by the
// options under it.
type Step struct {
	ID    string
	Label Text `json:",omitzero"`
}

// Under is the one-step path of an option filed under id, labelled label.
func Under(id string, label Text) []Step { return []Step{{ID: id, Label: label}} }

// TimeoutMover is implemented by states that can answer for a seat that let
// a table's deadline pass, so that a vanished player never freezes an async
// game. The answer must be safe and non-destructive (pass, keep, decline)
// and always one of seat's pending options; ok=false means the game never
// answers this prompt on a player's behalf.
type TimeoutMover interface {
	TimeoutMove(seat int) (move string, ok bool)
}

// Skipper is implemented by states whose rulebook lets the table skip an
// absent seat's decision (Info.SkipsAbsent): Skip is the move by which the
// seat passes it, one of its pending options; ok=false means this decision
// cannot be skipped (the table then gives the safe answer). It must follow
// the rulebook's own words, never an invented rule.
type Skipper interface {
	Skip(seat int) (move string, ok bool)
}

// TimeUpper is implemented by states with a move only the table makes,
// when a seat's time runs out: it is among no prompt's options, so no
// player can choose it, and the table plays it instead of TimeoutMove.
// Apply accepts it then (and on replay), and its narration tells that the
// seat's time ran out (surfaces add no line of their own). Sorcerer City's
// sand timer is one: when it runs out, building ends and the tile in hand
// is lost.
type TimeUpper interface {
	// TimeUp is seat's time-is-up move now and its label, if there is one.
	TimeUp(seat int) (move string, label Text, ok bool)
}

// Outcome is what Apply reports besides the new state.
type Outcome struct {
	// Events narrate the move publicly; they contain no hidden facts.
	Events []Text
	// Revealed is true when the move drew a random card or revealed hidden
	// information, which makes it impossible to undo fairly.
	Revealed bool
	// Uncommitted marks a step inside a turn that is not complete yet (one
	// placement of several, a card chosen before its target): the channel
	// gets no new board for it, only the mover's own message changes, and
	// the mover may step back over it. The zero value is a commit, so a
	// game whose every move completes a turn says nothing.
	Uncommitted bool
	// Quiet marks a commit the channel hears as text only, without a new
	// board: a seat finished (or began) its part of a simultaneous phase
	// that the others still play privately, and the board follows when the
	// phase ends. A surface still draws a board when the commit leaves
	// public decisions to answer, or ends the game.
	Quiet bool
}

// Standing is one seat's result.
type Standing struct {
	Seat   int
	Rank   int // 1 = winner; equal ranks are ties; a solo seat beaten by the automa ranks 2
	Score  int
	Detail Text
}

// Rival is a competitor ranked with the seats that sits at none: a solo
// game's automa. Its rank counts among the seats' ranks (a solo seat that
// lost ranks 2 behind a rival ranked 1).
type Rival struct {
	Name   Text
	Rank   int
	Score  int
	Detail Text
}

// Rivaled is implemented by states whose final standings include rivals;
// results show them beside the seats.
type Rivaled interface {
	Rivals() []Rival
}

// Registry holds the games Tavern offers, by id.
type Registry struct{ games map[string]Game }

// NewRegistry registers games; ids must be unique.
func NewRegistry(gs ...Game) (*Registry, error) {
	r := &Registry{games: map[string]Game{}}
	for _, g := range gs {
		id := g.Info().ID
		if _, dup := r.games[id]; dup {
			return nil, fmt.Errorf("games: duplicate game id %q", id)
		}
		r.games[id] = g
	}
	return r, nil
}

// Get returns the game with id.
func (r *Registry) Get(id string) (Game, bool) {
	g, ok := r.games[id]
	return g, ok
}

// IDs lists the registered ids, sorted.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.games))
	for id := range r.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Catalog merges BaseCatalog, base and the catalogs of every game.
func (r *Registry) Catalog(base Catalog) Catalog {
	c := BaseCatalog().Merge(base)
	for _, id := range r.IDs() {
		c.Merge(r.games[id].Info().Catalog)
	}
	return c
}

// SeatPrompts are seat's prompts among pending.
func SeatPrompts(pending []Prompt, seat int) []Prompt {
	var mine []Prompt
	for _, p := range pending {
		if p.Seat == seat {
			mine = append(mine, p)
		}
	}
	return mine
}

// PromptFor returns seat's prompt, if one is pending.
func PromptFor(s State, seat int) (Prompt, bool) {
	for _, p := range s.Pending() {
		if p.Seat == seat {
			return p, true
		}
	}
	return Prompt{}, false
}

// Legal reports whether move answers one of seat's pending prompts. Tables
// check it before Apply so that games only ever see offered moves.
func Legal(s State, seat int, move string) bool {
	for _, p := range s.Pending() {
		if p.Seat != seat {
			continue
		}
		for _, o := range p.Options {
			if o.ID == move {
				return true
			}
		}
	}
	return false
}
