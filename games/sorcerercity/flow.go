package sorcerercity

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// Pending lists the decisions awaited now.
func (s *State) Pending() []games.Prompt {
	var out []games.Prompt
	for i := range s.Seats {
		if p, ok := s.promptOf(i); ok {
			out = append(out, p)
		}
	}
	return out
}

// promptOf is seat's pending decision, if any: a seat has one at a time.
// A bare state builds it once a move (Unlabel).
func (s *State) promptOf(seat int) (games.Prompt, bool) {
	if !s.bare {
		return s.newPrompt(seat)
	}
	if len(s.prompts) != len(s.Seats) {
		s.prompts = make([]memo, len(s.Seats))
	}
	m := &s.prompts[seat]
	if !m.known {
		m.p, m.ok = s.newPrompt(seat)
		m.known = true
		unlabel(&m.p)
	}
	return m.p, m.ok
}

// unlabel clears what a bare state's prompt says: the texts its hot paths
// skip building (State.label), and those of rarer prompts, which cost
// little, after they were built.
func unlabel(p *games.Prompt) {
	p.Text = games.Text{}
	for i := range p.Options {
		o := &p.Options[i]
		o.Label, o.Detail = games.Text{}, games.Text{}
		for j := range o.Path {
			o.Path[j].Label = games.Text{}
		}
	}
}

// newPrompt builds seat's pending decision.
func (s *State) newPrompt(seat int) (games.Prompt, bool) {
	st := s.Seats[seat]
	switch s.Stage {
	case stageBuild:
		return s.buildPrompt(seat)
	case stageScore:
		if len(st.Tasks) > 0 {
			// Score-phase choices are each seat's own, made at once: in
			// the seat's DMs, not as buttons under the board.
			p := games.Prompt{Seat: seat, Secret: true}
			p.Text, p.Options = s.taskPrompt(seat)
			return p, true
		}
		return s.pickPrompt(seat)
	case stageGuard:
		if seat == 0 {
			return s.guardPrompt(), true
		}
	case stageArtifact:
		if len(st.Offer) > 0 {
			return s.artifactPrompt(seat), true
		}
	case stageSpells:
		return s.spellPrompt(seat)
	case stageTransform:
		if st.Annual[Magic] > 0 && st.Transform == nil {
			return s.transformPrompt(seat), true
		}
	case stageBuy:
		asked, others := s.otherTaskSeat()
		if !others && s.Turn < len(s.Order) {
			asked = s.Order[s.Turn]
		}
		if asked != seat || s.Turn >= len(s.Order) {
			return games.Prompt{}, false
		}
		if len(st.Tasks) > 0 && st.Prize == "" {
			// Destroying a tile of one's deck lists the deck, which may
			// hold the artifact kept in secret: answered in the DMs.
			p := games.Prompt{Seat: seat, Text: games.T("sc.prompt." + st.Tasks[0].Kind), Secret: st.Tasks[0].Kind == taskDestroyOwn}
			for _, c := range s.buyTaskChoices(seat) {
				p.Options = append(p.Options, games.Option{ID: c.id, Label: c.label, Path: c.path})
			}
			return p, true
		}
		return s.buyPrompt(seat), true
	}
	return games.Prompt{}, false
}

// legal reports whether move answers seat's pending decision; it builds
// that seat's prompt only.
func (s *State) legal(seat int, move string) bool {
	p, ok := s.promptOf(seat)
	if !ok {
		return false
	}
	for _, o := range p.Options {
		if o.ID == move {
			return true
		}
	}
	return false
}

// Apply answers one of seat's prompts.
func (s *State) Apply(seat int, move string) (games.Outcome, error) {
	if s.Over() {
		return games.Outcome{}, games.Errorf("sc.err.over")
	}
	if move == moveTimeUp { // only the table plays it (games.TimeUpper)
		if _, _, ok := s.TimeUp(seat); ok {
			out := s.timeUp(seat)
			s.prompts = nil // the move changed them
			return out, nil
		}
	}
	if seat < 0 || seat >= len(s.Seats) || !s.legal(seat, move) {
		return games.Outcome{}, games.Errorf("sc.err.illegal")
	}
	stage, turn := s.Stage, s.Turn
	s.prompts = nil // the move changes them
	out, err := s.answer(seat, move)
	s.prompts = nil
	if err == nil && stage != stageBuild { // building paces itself (build)
		s.pace(seat, stage, turn, &out)
	}
	return out, err
}

// pace says what a move outside building is for the channel: a board when
// a stage ends, a player's Influence & Buy turn ends, or another player
// must answer in public (a reward that asks them); a line when a seat
// finished its private part of a stage the others still play (a quiet
// commit); otherwise a step that only the mover's message shows.
func (s *State) pace(seat int, stage string, turn int, out *games.Outcome) {
	switch {
	case s.Over() || s.Stage != stage:
	case stage == stageBuy && (s.Turn != turn || s.othersAskedInPublic(seat)):
	case stage == stageBuy:
		out.Uncommitted = true
	case s.asked(seat):
		out.Uncommitted = true
	default:
		out.Quiet = true
	}
}

// asked reports whether seat has a decision pending.
func (s *State) asked(seat int) bool {
	_, ok := s.promptOf(seat)
	return ok
}

// othersAskedInPublic reports a seat other than seat with a decision
// answered under the board.
func (s *State) othersAskedInPublic(seat int) bool {
	for i := range s.Seats {
		if p, ok := s.promptOf(i); ok && i != seat && !p.Secret {
			return true
		}
	}
	return false
}

// answer applies a legal move of seat's in the current stage.
func (s *State) answer(seat int, move string) (games.Outcome, error) {
	switch s.Stage {
	case stageBuild:
		return s.build(seat, move)
	case stageScore:
		if len(s.Seats[seat].Tasks) > 0 {
			out, err := s.doTask(seat, move)
			if err != nil {
				return out, err
			}
			s.settleTasks(seat, &out)
			s.scoreIfSettled(&out)
			return out, nil
		}
		return s.pick(seat, move)
	case stageGuard:
		return s.guard(move)
	case stageArtifact:
		return s.keepArtifact(seat, move)
	case stageSpells:
		return s.cast(seat, move)
	case stageTransform:
		return s.transform(seat, move)
	case stageBuy:
		if len(s.Seats[seat].Tasks) > 0 && s.Seats[seat].Prize == "" {
			return s.doBuyTask(seat, move)
		}
		return s.buy(seat, move)
	}
	return games.Outcome{}, games.Errorf("sc.err.illegal")
}

// rainbowChoices are the rainbow group goals of seat that could score for
// more than one colour and have no pick yet.
func (s *State) rainbowChoices(seat int) map[RainbowKey][]GoalScore {
	st := s.Seats[seat]
	out := map[RainbowKey][]GoalScore{}
	for _, g := range st.District.Goals(s.c) {
		if g.Any {
			k := RainbowKey{g.At, g.Goal}
			if _, picked := st.Picks[pickKey(k)]; !picked {
				out[k] = append(out[k], g)
			}
		}
	}
	for k, alts := range out {
		if len(alts) < 2 {
			delete(out, k)
		}
	}
	return out
}

func pickKey(k RainbowKey) string { return fmt.Sprintf("%s/%d", k.At, k.Goal) }

// pickOption is the move scoring rainbow goal g as g.Res.
func pickOption(g GoalScore) string {
	return fmt.Sprintf("pick:%s:%d", pickKey(RainbowKey{g.At, g.Goal}), g.Res)
}

// pickPrompt asks which colour a rainbow group goal scores this year, one
// goal at a time, in reading order.
func (s *State) pickPrompt(seat int) (games.Prompt, bool) {
	choices := s.rainbowChoices(seat)
	if len(choices) == 0 {
		return games.Prompt{}, false
	}
	keys := make([]RainbowKey, 0, len(choices))
	for k := range choices {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b RainbowKey) int { return strings.Compare(pickKey(a), pickKey(b)) })
	k := keys[0]
	p := games.Prompt{Seat: seat, Secret: true, Text: games.T("sc.prompt.rainbow")}
	for _, g := range choices[k] {
		p.Options = append(p.Options, games.Option{
			ID:    pickOption(g),
			Label: games.T("sc.opt.rainbow", "mark", colourMark(g.Res.Colour()), "points", g.Points),
		})
	}
	return p, true
}

func (s *State) pick(seat int, move string) (games.Outcome, error) {
	var key string
	var res Resource
	if _, err := fmt.Sscanf(move, "pick:%s", &key); err != nil {
		return games.Outcome{}, games.Errorf("sc.err.illegal")
	}
	i := strings.LastIndex(key, ":")
	if _, err := fmt.Sscanf(key[i+1:], "%d", &res); err != nil {
		return games.Outcome{}, games.Errorf("sc.err.illegal")
	}
	st := s.Seats[seat]
	if st.Picks == nil {
		st.Picks = map[string]Resource{}
	}
	st.Picks[key[:i]] = res
	out := games.Outcome{Events: []games.Text{games.T("sc.ev.rainbow", "player", games.Player(seat), "mark", colourMark(res.Colour()))}}
	s.scoreIfSettled(&out)
	return out, nil
}

// scoreIfSettled scores every district once no seat has a choice left,
// then moves on to the Raw Magic transformation.
func (s *State) scoreIfSettled(out *games.Outcome) {
	for i, st := range s.Seats {
		if _, ok := s.pickPrompt(i); ok || len(st.Tasks) > 0 {
			return
		}
	}
	for i, st := range s.Seats {
		picks := map[RainbowKey]Resource{}
		for _, g := range st.District.Goals(s.c) {
			if r, ok := st.Picks[pickKey(RainbowKey{g.At, g.Goal})]; ok && g.Any {
				picks[RainbowKey{g.At, g.Goal}] = r
			}
		}
		score := st.District.Score(s.c, picks)
		for r, n := range score {
			st.Annual.Add(Resource(r), n)
		}
		out.Events = append(out.Events, games.T("sc.ev.scored", "player", games.Player(i),
			"money", st.Annual[Money], "influence", st.Annual[Influence], "magic", st.Annual[Magic], "prestige", st.Annual[Prestige]))
	}
	s.Stage = stageSpells
	s.spellsIfSettled(out)
}

// transformPrompt is the secret choice of what Raw Magic becomes.
func (s *State) transformPrompt(seat int) games.Prompt {
	return games.Prompt{Seat: seat, Secret: true, Text: games.T("sc.prompt.transform", "magic", s.Seats[seat].Annual[Magic]),
		Options: s.transformOptions(seat)}
}

func (s *State) transform(seat int, move string) (games.Outcome, error) {
	picks, ok := parsePicks(move)
	if !ok {
		return games.Outcome{}, games.Errorf("sc.err.illegal")
	}
	s.Seats[seat].Transform = picks
	out := games.Outcome{Events: []games.Text{games.T("sc.ev.chose", "player", games.Player(seat))}}
	s.transformIfSettled(&out)
	return out, nil
}

// parsePicks reads "to:money" or, with the Staff, "to:money+prestige".
func parsePicks(move string) ([]Resource, bool) {
	var picks []Resource
	for _, name := range strings.Split(strings.TrimPrefix(move, "to:"), "+") {
		r, err := resourceOf(name)
		if err != nil || r == Magic || r < 0 {
			return nil, false
		}
		picks = append(picks, r)
	}
	return picks, len(picks) > 0
}

// transformIfSettled reveals every pick at once when the last seat chose,
// and turns to Influence & Buy.
func (s *State) transformIfSettled(out *games.Outcome) {
	for _, st := range s.Seats {
		if st.Annual[Magic] > 0 && st.Transform == nil {
			return
		}
	}
	for i, st := range s.Seats {
		if st.Annual[Magic] == 0 {
			continue
		}
		out.Revealed = true
		magic := st.Annual[Magic]
		st.Annual[Magic] = 0
		if len(st.Transform) == 2 { // the Staff: split, the first card taking the odd point
			st.Annual.Add(st.Transform[0], magic-magic/2)
			st.Annual.Add(st.Transform[1], magic/2)
			out.Events = append(out.Events, games.T("sc.ev.transformed2", "player", games.Player(i), "magic", magic,
				"a", games.Ref("sc.res."+st.Transform[0].String()), "b", games.Ref("sc.res."+st.Transform[1].String())))
		} else {
			st.Annual.Add(st.Transform[0], magic)
			out.Events = append(out.Events, games.T("sc.ev.transformed", "player", games.Player(i), "magic", magic, "into", games.Ref("sc.res."+st.Transform[0].String())))
		}
		st.Transform = nil
	}
	s.influence(out)
}
