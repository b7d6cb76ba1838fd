package games

import "fmt"

// Logged is one move of a recorded game as a replay needs it: the move and
// whether it was a step inside a turn (see Outcome.Uncommitted).
type Logged struct {
	Move
	Uncommitted bool
}

// PublicViews replays log from setup and returns the public view at the
// start and after every commit (every move not Uncommitted), oldest first:
// the boards a channel saw, and nothing a seat alone could see.
func PublicViews(g Game, setup Setup, log []Logged) ([]any, error) {
	s, err := g.New(setup)
	if err != nil {
		return nil, fmt.Errorf("public views: new: %w", err)
	}
	views := []any{s.View(Public)}
	for i, m := range log {
		if _, err := s.Apply(m.Seat, m.ID); err != nil {
			return nil, fmt.Errorf("public views: move %d %+v: %w", i+1, m.Move, err)
		}
		if !m.Uncommitted {
			views = append(views, s.View(Public))
		}
	}
	return views, nil
}
