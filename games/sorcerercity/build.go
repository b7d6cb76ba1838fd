package sorcerercity

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// buildPrompt is a seat's next build decision: draw or stop, or what the
// drawn tile asks (where it goes, what a monster takes). It is answered in
// private (the tiles a seat draws are its own until built), and one phase
// timer spans the year's building.
func (s *State) buildPrompt(seat int) (games.Prompt, bool) {
	st := s.Seats[seat]
	if st.Done {
		return games.Prompt{}, false
	}
	p := games.Prompt{Seat: seat, Secret: true}
	if !st.Started && len(st.Tasks) == 0 {
		// The sand timer: the phase timer runs from "start" on.
		p.Text = counted("sc.prompt.start", "left", len(st.Deck))
		p.Options = []games.Option{{ID: "start", Label: games.T("sc.opt.start")}, {ID: "stop", Label: games.T("sc.opt.stop")}}
		return p, true
	}
	if st.Started {
		p.Phase = fmt.Sprintf("build-%d", s.Year)
	}
	if len(st.Tasks) == 0 {
		p.Text = s.label(func() games.Text { return games.T("sc.prompt.build", "left", len(st.Deck)) })
		if len(st.Deck) > 0 {
			p.Options = append(p.Options, games.Option{ID: "draw", Label: s.label(func() games.Text { return games.T("sc.opt.draw", "left", len(st.Deck)) })})
		}
		p.Options = append(p.Options, games.Option{ID: "stop", Label: s.label(func() games.Text { return games.T("sc.opt.stop") })})
		for _, c := range s.buildSpellChoices(seat) {
			p.Options = append(p.Options, games.Option{ID: c.id, Label: c.label})
		}
		return p, true
	}
	p.Text, p.Options = s.taskPrompt(seat)
	return p, true
}

// parseAt reads "x,y" and, after a colon, a turn: "x,y:rot".
func parseAt(s string) (Pos, int, bool) {
	xy, r, hasRot := strings.Cut(s, ":")
	xs, ys, ok := strings.Cut(xy, ",")
	x, e1 := strconv.Atoi(xs)
	y, e2 := strconv.Atoi(ys)
	rot := 0
	var e3 error
	if hasRot {
		rot, e3 = strconv.Atoi(r)
	}
	if !ok || e1 != nil || e2 != nil || e3 != nil || rot < 0 || rot > 3 {
		return Pos{}, 0, false
	}
	return Pos{x, y}, rot, true
}

// build answers a build prompt.
func (s *State) build(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	switch {
	case len(st.Tasks) == 0 && move == "start":
		st.Started = true
		// A commit the channel hears in a line: the sand timer runs.
		return games.Outcome{Quiet: true, Events: []games.Text{counted("sc.ev.started", "player", games.Player(seat), "left", len(st.Deck))}}, nil
	case len(st.Tasks) == 0 && move == "draw":
		s.draw(seat)
		out := games.Outcome{Revealed: true, Uncommitted: true}
		s.settleTasks(seat, &out)
		return out, nil
	case len(st.Tasks) == 0 && strings.HasPrefix(move, "spell:"):
		at, _, ok := parseAt(strings.TrimPrefix(move, "spell:"))
		if !ok || !s.castBuildSpell(seat, at) {
			return games.Outcome{}, games.Errorf("sc.err.illegal")
		}
		out := games.Outcome{Uncommitted: true}
		s.settleTasks(seat, &out)
		return out, nil
	case len(st.Tasks) == 0 && move == "stop":
		st.Done = true
		out := games.Outcome{Events: []games.Text{counted("sc.ev.stopped", "player", games.Player(seat), "tiles", st.District.Len(), "left", len(st.Deck))}}
		s.afterBuild(&out)
		return out, nil
	case len(st.Tasks) > 0:
		out, err := s.doTask(seat, move)
		if err != nil {
			return out, err
		}
		s.settleTasks(seat, &out)
		if len(st.Tasks) > 0 || len(st.Deck) > 0 || len(s.buildSpellChoices(seat)) > 0 {
			out.Uncommitted = true
			return out, nil
		}
		st.Done = true
		out.Events = append(out.Events, games.T("sc.ev.built", "player", games.Player(seat), "tiles", st.District.Len()))
		s.afterBuild(&out)
		return out, nil
	}
	return games.Outcome{}, games.Errorf("sc.err.illegal")
}

// draw turns up the next tile of seat's deck (face down after an
// Invisible Stalker) and lines up what it asks.
func (s *State) draw(seat int) {
	st := s.Seats[seat]
	n := len(st.Deck) - 1
	st.Drawn, st.Deck = st.Deck[n], st.Deck[:n]
	st.DrawnDown = st.Hidden > 0
	if st.DrawnDown {
		st.Hidden--
		st.Tasks = []Task{{Kind: taskPlace}}
		return
	}
	st.Tasks = s.drawnTasks(seat, s.c.Tile(st.Drawn).Beast)
}

// afterBuild ends the build phase once every seat stopped. Until then a
// seat's stop is a quiet commit: the channel hears it in a line, and one
// board of every district follows when the last seat stops.
func (s *State) afterBuild(out *games.Outcome) {
	for _, st := range s.Seats {
		if !st.Done {
			out.Quiet = true
			return
		}
	}
	s.Stage = stageScore
	s.startScore(out)
}

var _ games.TimeUpper = (*State)(nil)

// TimeUp is the sand timer running out for a seat that started building:
// it stops, and a tile drawn but not placed is lost for the year (it goes
// back into the deck unseen; so does a monster whose effect had begun).
func (s *State) TimeUp(seat int) (string, games.Text, bool) {
	if s.Stage != stageBuild || seat < 0 || seat >= len(s.Seats) || s.Seats[seat].Done || !s.Seats[seat].Started {
		return "", games.Text{}, false
	}
	return moveTimeUp, games.T("sc.opt.timeup"), true
}

// moveTimeUp is the move only the table makes (see TimeUp).
const moveTimeUp = "timeup"

func (s *State) timeUp(seat int) games.Outcome {
	st := s.Seats[seat]
	lost := st.Drawn != ""
	if lost {
		st.Deck = append(st.Deck, st.Drawn)
	}
	st.Drawn, st.DrawnDown, st.DrawnRot, st.DrawnTame, st.Tasks = "", false, 0, false, nil
	st.Done = true
	out := games.Outcome{Events: []games.Text{counted("sc.ev.timeup", "player", games.Player(seat), "tiles", st.District.Len())}}
	if lost {
		out.Events = append(out.Events, games.T("sc.ev.timeup.lost", "player", games.Player(seat)))
	}
	s.afterBuild(&out)
	return out
}
