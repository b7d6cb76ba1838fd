package tabletest

import "github.com/tavern-bot/tavern/games"

// TimeUpMove is the time-is-up move of a game wrapped by TimeUp.
const TimeUpMove = "timeup"

// TimeUp wraps g with a time-is-up move (games.TimeUpper), as Sorcerer
// City's sand timer has: when a seat's time runs out the table plays
// TimeUpMove, which answers the seat's safe move (g's games.TimeoutMover)
// and narrates that the seat's time ran out ("timeup.ev"). id, when not
// empty, replaces g's id, so both can be registered.
func TimeUp(g games.Game, id string) games.Game { return timeUpGame{g, id} }

type timeUpGame struct {
	games.Game
	id string
}

type timeUpState struct{ games.State }

func (g timeUpGame) Info() games.Info {
	info := g.Game.Info()
	if g.id != "" {
		info.ID = g.id
	}
	info.Catalog = info.Catalog.Merge(games.Catalog{
		"en": {"timeup.ev": "{player}'s time is up.", "timeup.opt": "-"},
		"de": {"timeup.ev": "Die Zeit von {player} ist um.", "timeup.opt": "-"},
	})
	return info
}

func (g timeUpGame) New(s games.Setup) (games.State, error) {
	st, err := g.Game.New(s)
	return timeUpState{st}, err
}

func (g timeUpGame) Load(data []byte) (games.State, error) {
	st, err := g.Game.Load(data)
	return timeUpState{st}, err
}

func (s timeUpState) TimeUp(int) (string, games.Text, bool) {
	return TimeUpMove, games.T("timeup.opt"), true
}

func (s timeUpState) Apply(seat int, move string) (games.Outcome, error) {
	if move != TimeUpMove {
		return s.State.Apply(seat, move)
	}
	safe, _ := s.State.(games.TimeoutMover).TimeoutMove(seat)
	out, err := s.State.Apply(seat, safe)
	out.Events = append([]games.Text{games.T("timeup.ev", "player", games.Player(seat))}, out.Events...)
	return out, err
}
