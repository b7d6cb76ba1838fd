package sorcerercity

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// buildPrompt is a seat's next build decision: draw or stop, or where the
// drawn tile goes. It is answered in private (the tiles a seat draws are
// its own business until built), and one phase timer spans the year's
// building.
func (s *State) buildPrompt(seat int) (games.Prompt, bool) {
	st := s.Seats[seat]
	if st.Done {
		return games.Prompt{}, false
	}
	p := games.Prompt{Seat: seat, Secret: true, Phase: fmt.Sprintf("build-%d", s.Year)}
	if st.Drawn == "" {
		p.Text = games.T("sc.prompt.build", "left", len(st.Deck))
		p.Options = []games.Option{
			{ID: "draw", Label: games.T("sc.opt.draw", "left", len(st.Deck))},
			{ID: "stop", Label: games.T("sc.opt.stop")},
		}
		return p, true
	}
	p.Text = games.T("sc.prompt.place", "tile", tileText(s.c, st.Drawn))
	p.Options = s.placeOptions(st, Placed{Tile: st.Drawn})
	return p, true
}

// placeOptions lists where and how pl may be built: every free spot
// (numbered in reading order, as the picture numbers them) and every
// turn of the tile that shows different sides there.
func (s *State) placeOptions(st *Seat, pl Placed) []games.Option {
	var out []games.Option
	for n, at := range st.District.Free() {
		spot := games.Step{ID: at.String(), Label: games.T("sc.spot", "n", n+1)}
		seen := map[[4]Colour]bool{}
		for rot := range 4 {
			pl.Rot = rot
			var sides [4]Colour
			for i := range 4 {
				sides[i], _ = side(s.c, pl, i)
			}
			if seen[sides] || st.District.CanPlace(s.c, at, pl) != nil {
				continue
			}
			seen[sides] = true
			out = append(out, games.Option{
				ID:    fmt.Sprintf("at:%s:%d", at, rot),
				Label: games.T("sc.opt.place", "n", n+1, "sides", sidesText(sides)),
				Path:  []games.Step{spot},
			})
		}
	}
	return out
}

// parseAt reads "at:x,y:rot".
func parseAt(move string) (Pos, int, bool) {
	rest, ok := strings.CutPrefix(move, "at:")
	if !ok {
		return Pos{}, 0, false
	}
	xy, r, ok := strings.Cut(rest, ":")
	xs, ys, ok2 := strings.Cut(xy, ",")
	x, e1 := strconv.Atoi(xs)
	y, e2 := strconv.Atoi(ys)
	rot, e3 := strconv.Atoi(r)
	if !ok || !ok2 || e1 != nil || e2 != nil || e3 != nil || rot < 0 || rot > 3 {
		return Pos{}, 0, false
	}
	return Pos{x, y}, rot, true
}

// build answers a build prompt.
func (s *State) build(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	switch {
	case st.Drawn == "" && move == "draw":
		n := len(st.Deck) - 1
		st.Drawn, st.Deck = st.Deck[n], st.Deck[:n]
		return games.Outcome{Revealed: true, Uncommitted: true}, nil
	case st.Drawn == "" && move == "stop":
		st.Done = true
		out := games.Outcome{Events: []games.Text{games.T("sc.ev.stopped", "player", games.Player(seat), "tiles", st.District.Len(), "left", len(st.Deck))}}
		s.afterBuild(&out)
		return out, nil
	case st.Drawn != "":
		at, rot, ok := parseAt(move)
		if !ok {
			return games.Outcome{}, games.Errorf("sc.err.illegal")
		}
		if err := st.District.Place(s.c, at, Placed{Tile: st.Drawn, Rot: rot}); err != nil {
			return games.Outcome{}, games.Errorf("sc.err.illegal")
		}
		st.Drawn = ""
		// Placing shows everyone the drawn tile, and a placed tile is
		// never moved back: no stepping back over it.
		if len(st.Deck) > 0 {
			return games.Outcome{Uncommitted: true, Revealed: true}, nil
		}
		st.Done = true
		out := games.Outcome{Revealed: true, Events: []games.Text{games.T("sc.ev.built", "player", games.Player(seat), "tiles", st.District.Len())}}
		s.afterBuild(&out)
		return out, nil
	}
	return games.Outcome{}, games.Errorf("sc.err.illegal")
}

// afterBuild ends the build phase once every seat stopped.
func (s *State) afterBuild(out *games.Outcome) {
	for _, st := range s.Seats {
		if !st.Done {
			return
		}
	}
	s.Stage = stageScore
	s.scoreIfSettled(out)
}
