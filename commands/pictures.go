package commands

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table"
)

// picture is one image a change needs. Its view is taken from the state
// before drawing starts, so renderers running at once never touch the
// state itself; draw is nil when there is nothing to draw.
type picture struct {
	name   string // file name: board.png, hand.png, results.png
	viewer int    // games.Public or a seat, for the log
	draw   func() ([]byte, error)
}

// boardPicture is viewer's view of st, public or private.
func (s *Service) boardPicture(t *table.Table, g games.Game, st games.State, viewer int, name string) picture {
	p := picture{name: name, viewer: viewer}
	if s.images == nil || st == nil {
		return p
	}
	view, meta := st.View(viewer), s.meta(t, viewer)
	gameID := t.GameID
	p.draw = func() ([]byte, error) { return s.images.Board(gameID, view, meta) }
	return p
}

// resultsPicture is the final standings of a table, rivals included.
func (s *Service) resultsPicture(t *table.Table, st games.State) picture {
	p := picture{name: "results.png", viewer: games.Public}
	if s.images == nil {
		return p
	}
	meta := s.meta(t, games.Public)
	var standings []games.Standing
	for _, pl := range s.ranking(t, st, meta.Lang) {
		standings = append(standings, pl.Standing)
		if pl.Seat >= len(meta.Players) { // a rival: named after the seats
			meta.Players = append(meta.Players, pl.name)
		}
	}
	gameID := t.GameID
	p.draw = func() ([]byte, error) { return s.images.Results(gameID, standings, meta) }
	return p
}

// placed is one line of the final standings: a seat, or a rival given the
// index after the seats.
type placed struct {
	games.Standing
	name string
}

// ranking is st's final standings with its rivals (a solo game's automa)
// among them, best first; on equal ranks a rival comes first.
func (s *Service) ranking(t *table.Table, st games.State, lang string) []placed {
	var out []placed
	if r, ok := st.(games.Rivaled); ok {
		for k, rv := range r.Rivals() {
			out = append(out, placed{games.Standing{Seat: len(t.Seats) + k, Rank: rv.Rank, Score: rv.Score, Detail: rv.Detail}, s.say(t, lang, rv.Name)})
		}
	}
	for _, sd := range st.Standings() {
		name := "?"
		if sd.Seat >= 0 && sd.Seat < len(t.Seats) {
			name = t.Seats[sd.Seat].Name
		}
		out = append(out, placed{sd, name})
	}
	slices.SortStableFunc(out, func(a, b placed) int { return a.Rank - b.Rank })
	return out
}

// drawAll draws the pictures of one change at once, at most GOMAXPROCS at
// a time, since a move waits for all of them; the service's render pool
// bounds the drawing of all changes together, urgent ones (someone waits
// to decide) first. The result keeps the order of pics; a failed picture
// is only missing (nil), never an error.
func (s *Service) drawAll(t *table.Table, pics []picture, urgent bool) [][]File {
	out := make([][]File, len(pics))
	var todo []int
	for k, p := range pics {
		if p.draw != nil {
			todo = append(todo, k)
		}
	}
	workers := min(len(todo), runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for _, k := range todo {
			out[k] = s.drawOne(t, pics[k], urgent)
		}
		return out
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range next {
				out[k] = s.drawOne(t, pics[k], urgent)
			}
		})
	}
	for _, k := range todo {
		next <- k
	}
	close(next)
	wg.Wait()
	return out
}

// drawOne draws one picture. A renderer's error or panic costs only the
// picture: the move is already saved and its messages must still go out.
func (s *Service) drawOne(t *table.Table, p picture, urgent bool) (files []File) {
	s.render.Acquire(urgent)
	defer s.render.Release()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("image renderer panicked", "table", t.ID, "viewer", p.viewer, "image", p.name, "panic", fmt.Sprint(r))
			files = nil
		}
	}()
	png, err := p.draw()
	if err != nil {
		s.log.Warn("image", "table", t.ID, "viewer", p.viewer, "image", p.name, "err", err)
		return nil
	}
	return []File{{Name: p.name, Data: png}}
}

// draw renders one view someone asked for; a failed or missing renderer
// only costs the picture.
func (s *Service) draw(t *table.Table, g games.Game, st games.State, viewer int, name string) []File {
	return s.drawAll(t, []picture{s.boardPicture(t, g, st, viewer, name)}, true)[0]
}
