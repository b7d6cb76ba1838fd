package table

import (
	"fmt"
	"slices"
	"time"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// Lobby is a table before its start: seats taken and left, options set,
// and the start.
type Lobby struct{ t *Table }

// Lobby is the table's lobby.
func (t *Table) Lobby() Lobby { return Lobby{t} }

// Join seats s at a table still in its lobby.
func (lo Lobby) Join(info games.Info, s Seat, now time.Time) error {
	t := lo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	if t.SeatOf(s.UserID) >= 0 {
		return games.Errorf(ErrAlreadySeated)
	}
	if len(t.Seats) >= info.MaxPlayers {
		return games.Errorf(ErrTableFull, "max", info.MaxPlayers)
	}
	s.PromptVersion, s.PromptSince = 0, time.Time{}
	t.Seats = append(t.Seats, s)
	t.touch(now)
	return nil
}

// Leave frees userID's seat in the lobby. When the host leaves, the next
// seat becomes host; when the last player leaves, the lobby is abandoned.
func (lo Lobby) Leave(userID string, now time.Time) error {
	t := lo.t
	if t.Status != StatusLobby {
		return games.Errorf(ErrAlreadyStarted)
	}
	i := t.SeatOf(userID)
	if i < 0 {
		return games.Errorf(ErrNotSeated)
	}
	t.Seats = slices.Delete(t.Seats, i, i+1)
	if len(t.Seats) == 0 {
		t.end(StatusAbandoned, now)
	} else if t.Host == userID {
		t.Host = t.Seats[0].UserID
	}
	t.touch(now)
	return nil
}

// SetOption changes one lobby option (host only), validated against the
// game's specs and the core ones (coreopt.All).
func (lo Lobby) SetOption(info games.Info, userID, id, value string, now time.Time) error {
	t := lo.t
	if err := lo.hostOnly(userID); err != nil {
		return err
	}
	merged := map[string]string{}
	for k, v := range t.Options {
		merged[k] = v
	}
	merged[id] = value
	if _, err := coreopt.Validate(coreopt.All(info), merged); err != nil {
		return err
	}
	t.Options = merged
	t.touch(now)
	return nil
}

// Start begins play (host only): it checks the player count, fills the
// option defaults, builds the initial state from the seed and stores it.
func (lo Lobby) Start(g games.Game, userID string, now time.Time) (games.State, error) {
	t := lo.t
	if err := lo.hostOnly(userID); err != nil {
		return nil, err
	}
	info := g.Info()
	if n := len(t.Seats); n < info.MinPlayers || n > info.MaxPlayers {
		return nil, &games.Error{Text: games.Counted(ErrPlayerCount, "n", "min", info.MinPlayers, "max", info.MaxPlayers, "n", n)}
	}
	opts, err := coreopt.Validate(coreopt.All(info), t.Options)
	if err != nil {
		return nil, err
	}
	st, err := g.New(games.Setup{Players: len(t.Seats), Options: coreopt.GameOnly(opts), Seed: t.Seed})
	if err != nil {
		return nil, fmt.Errorf("table: start %s: %w", t.GameID, err)
	}
	if err := t.save(st); err != nil {
		return nil, err
	}
	t.Options = opts
	t.RulesVersion = info.RulesVersion
	t.Status = StatusPlaying
	t.restartDecisions(st, now)
	return st, nil
}

// hostOnly refuses a lobby change by anyone but the host, and any once
// the game started.
func (lo Lobby) hostOnly(userID string) error {
	switch {
	case lo.t.Status != StatusLobby:
		return games.Errorf(ErrAlreadyStarted)
	case userID != lo.t.Host:
		return games.Errorf(ErrNotHost)
	}
	return nil
}
