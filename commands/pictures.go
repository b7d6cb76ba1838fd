package commands

import (
	"fmt"
	"runtime"
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

// resultsPicture is the final standings of a table.
func (s *Service) resultsPicture(t *table.Table, g games.Game, standings []games.Standing) picture {
	p := picture{name: "results.png", viewer: games.Public}
	if s.images == nil {
		return p
	}
	meta := s.meta(t, games.Public)
	gameID := t.GameID
	p.draw = func() ([]byte, error) { return s.images.Results(gameID, standings, meta) }
	return p
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
	s.render.acquire(urgent)
	defer s.render.release()
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
