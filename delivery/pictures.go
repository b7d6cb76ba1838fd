package delivery

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/tavern-bot/tavern/interact"
)

// DrawAll draws the pictures of one change (of the table tableID, for the
// log) at once, at most GOMAXPROCS at a time, since a move waits for all
// of them; the render pool bounds the drawing of all changes together,
// urgent ones (someone waits to decide) first. The result keeps the order
// of pics; a failed picture is only missing (nil), never an error.
// Urgent drawing goes first (Deps.People); the other waits for it.
func (c *Carrier) DrawAll(tableID string, pics []Picture, urgent bool) [][]interact.File {
	if urgent && c.d.People != nil {
		defer c.d.People.Urgent()()
	}
	out := make([][]interact.File, len(pics))
	var todo []int
	for k, p := range pics {
		if p.Draw != nil {
			todo = append(todo, k)
		}
	}
	workers := min(len(todo), runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for _, k := range todo {
			out[k] = c.drawOne(tableID, pics[k], urgent)
		}
		return out
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range next {
				out[k] = c.drawOne(tableID, pics[k], urgent)
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
func (c *Carrier) drawOne(tableID string, p Picture, urgent bool) (files []interact.File) {
	if !urgent && c.d.People != nil {
		defer c.d.People.AfterUrgent()()
	}
	c.d.Render.Acquire(urgent)
	defer c.d.Render.Release()
	defer func() {
		if r := recover(); r != nil {
			c.d.Log.Error("image renderer panicked", "table", tableID, "viewer", p.Viewer, "image", p.Name, "panic", fmt.Sprint(r))
			files = nil
		}
	}()
	png, err := p.Draw()
	if err != nil {
		c.d.Log.Warn("image", "table", tableID, "viewer", p.Viewer, "image", p.Name, "err", err)
		return nil
	}
	return []interact.File{{Name: p.Name, Data: png}}
}
