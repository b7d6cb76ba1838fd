package games

import "fmt"

// Logged is one move of a recorded game as a replay needs it: the move and
// whether it was a step inside a turn (see Outcome.Uncommitted).
type Logged struct {
	Move
	Uncommitted bool
}

// Rounded is a State that counts rounds (years, for some games): a replay
// times its frames by them, a few seconds a round.
type Rounded interface {
	// CurrentRound is the round being played, from 1.
	CurrentRound() int
}

// Tallied is a State whose seats' scores are public while the game runs
// (a track on the board): a replay's summary tells from them who led when.
// A game whose running score hides something does not implement it.
type Tallied interface {
	// PublicScores are the seats' scores as the public board shows them
	// now, by seat.
	PublicScores() []int
}

// Course is a recorded game's public course: the public board at the start
// and after every commit, oldest first, with each board's round and the
// seats' public scores where the game keeps them.
type Course struct {
	Views []any
	// Rounds holds each view's round; nil when the game is not Rounded.
	Rounds []int
	// Scores holds each view's public scores by seat; nil when the game
	// is not Tallied.
	Scores [][]int
}

// PublicCourse replays log from setup and records the public view at the
// start and after every commit (every move not Uncommitted): the boards a
// channel saw, and nothing a seat alone could see.
func PublicCourse(g Game, setup Setup, log []Logged) (Course, error) {
	s, err := g.New(setup)
	if err != nil {
		return Course{}, fmt.Errorf("public views: new: %w", err)
	}
	var r Course
	r.record(s)
	for i, m := range log {
		if _, err := s.Apply(m.Seat, m.ID); err != nil {
			return Course{}, fmt.Errorf("public views: move %d %+v: %w", i+1, m.Move, err)
		}
		if !m.Uncommitted {
			r.record(s)
		}
	}
	return r, nil
}

// record adds s's public view, round and scores.
func (r *Course) record(s State) {
	r.Views = append(r.Views, s.View(Public))
	if rd, ok := s.(Rounded); ok {
		r.Rounds = append(r.Rounds, rd.CurrentRound())
	}
	if tl, ok := s.(Tallied); ok {
		r.Scores = append(r.Scores, tl.PublicScores())
	}
}

// PublicViews is PublicCourse's views alone.
func PublicViews(g Game, setup Setup, log []Logged) ([]any, error) {
	r, err := PublicCourse(g, setup, log)
	return r.Views, err
}
