package viscounts

import (
	"slices"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// The game runs as a list of tasks: every phase of a turn and every atom
// of an effect is one. run resolves tasks that need no decision; the
// first that needs one is the pending prompt. A task needs a decision
// when it offers a real choice: a task with one legal answer takes it at
// once, so players are asked only what matters. Optional steps list
// "skip" among their answers, so they are asked whenever they can be done.

// choice is one answer to a task: its option and how to carry it out,
// fn, or act(arg) where options share one action told apart by arg (the
// lookahead lists every decision's options, so one closure for a list of
// moves or plans saves one allocation an option).
type choice struct {
	opt games.Option
	fn  func()
	act func(int)
	arg int
}

// do carries the choice out.
func (c choice) do() {
	if c.act != nil {
		c.act(c.arg)
		return
	}
	c.fn()
}

// Pending lists the one decision awaited now.
func (s *State) Pending() []games.Prompt {
	if s.Phase == phaseOver || len(s.Tasks) == 0 {
		return nil
	}
	t := s.Tasks[0]
	text, secret, choices := s.choices(t)
	p := games.Prompt{Seat: t.Seat, Text: s.named(text), Secret: secret}
	if len(choices) > 0 {
		p.Options = make([]games.Option, 0, len(choices))
	}
	for _, c := range choices {
		c.opt.Label = s.named(c.opt.Label)
		if !c.opt.Detail.IsZero() {
			c.opt.Detail = s.named(c.opt.Detail)
		}
		p.Options = append(p.Options, c.opt)
	}
	return []games.Prompt{p}
}

// Apply answers the pending task.
func (s *State) Apply(seat int, move string) (games.Outcome, error) {
	if s.Phase == phaseOver {
		return games.Outcome{}, games.Errorf("vc.err.over")
	}
	if len(s.Tasks) == 0 || s.Tasks[0].Seat != seat {
		return games.Outcome{}, games.Errorf("vc.err.illegal")
	}
	// A quiet state (a search's world) finds a move or an action without
	// listing the others (choice).
	c, ok := s.choice(s.Tasks[0], move)
	if !ok {
		return games.Outcome{}, games.Errorf("vc.err.illegal")
	}
	s.events, s.revealed = nil, false
	turn := s.Round*len(s.Seats) + s.Current
	s.Tasks = s.Tasks[1:]
	c.do()
	s.run()
	next := s.Round*len(s.Seats) + s.Current
	// A turn is one commit; so is a step after which another seat must
	// answer, which the channel must show. After the card played in
	// secret the mover goes on where they played it (their DM, edited in
	// place, offers the next steps).
	committed := s.Phase == phaseOver || next != turn || s.Phase == phaseDraft ||
		(len(s.Tasks) > 0 && s.Tasks[0].Seat != seat)
	return games.Outcome{Events: s.events, Revealed: s.revealed, Uncommitted: !committed}, nil
}

// run resolves tasks until one needs a decision or none are left.
func (s *State) run() {
	for guard := 0; len(s.Tasks) > 0 && guard < 100000; guard++ {
		t := s.Tasks[0]
		_, _, choices := s.choices(t)
		switch {
		case len(choices) > 1:
			return
		case len(choices) == 1:
			s.Tasks = s.Tasks[1:]
			choices[0].do()
		default:
			s.Tasks = s.Tasks[1:]
			s.auto(t)
		}
	}
}

// push puts tasks in front of the list, in order. It builds a new list
// and never writes into the old one, which a lookahead's copy may share
// (copied); a lookahead's copy builds it in its own memory (pushOwn).
func (s *State) push(ts ...Task) {
	if len(ts) == 0 {
		return
	}
	if s.mem != nil {
		s.pushOwn(ts)
		return
	}
	tasks := make([]Task, 0, len(ts)+len(s.Tasks))
	s.Tasks = append(append(tasks, ts...), s.Tasks...)
}

// taskRoom is the room a lookahead copy leaves in front of its list.
const taskRoom = 16

// pushOwn is push on a lookahead copy. Its first push moves the list to
// the end of its memory's task buffer (m.tasks), leaving room in front,
// and later pushes fill that room, so play allocates no list. Only the
// copy writes its buffer; the copies made from it share its list but
// are done with before it plays on (spares), so no one reads the room.
func (s *State) pushOwn(ts []Task) {
	m := s.mem
	buf := m.tasks[:cap(m.tasks)]
	// The list is in the buffer when it starts at off and runs to the end.
	if off := len(buf) - cap(s.Tasks); len(s.Tasks) > 0 && off >= len(ts) && off < len(buf) && &buf[off] == &s.Tasks[0] {
		start := off - len(ts)
		copy(buf[start:off], ts)
		s.Tasks = buf[start : off+len(s.Tasks)]
		return
	}
	n := len(ts) + len(s.Tasks)
	if len(buf) < n+taskRoom {
		buf = make([]Task, n+taskRoom)
		m.tasks = buf
	}
	start := len(buf) - n
	copy(buf[start+len(ts):], s.Tasks)
	copy(buf[start:], ts)
	s.Tasks = buf[start:]
}

// choices lists the answers to t with the prompt's text; no answers means
// t resolves by itself (auto).
func (s *State) choices(t Task) (games.Text, bool, []choice) {
	if s.isAI(t.Seat) {
		if out, ok := s.aiChoices(t); ok {
			return games.Text{}, false, out
		}
	}
	switch t.Kind {
	case "draft":
		return s.draftChoices(t)
	case "play":
		return s.playChoices(t)
	case "move":
		return s.moveChoices(t)
	case "action":
		return s.actionChoices(t)
	case "recruit":
		return s.recruitChoices(t)
	case "cascade":
		return s.cascadeChoices(t)
	case "bump":
		return s.bumpChoices(t)
	}
	return s.atomChoices(t)
}

// kept is a list of choices gathered in a caller's buffer, copied out at
// its size; nil if empty.
func kept(out []choice) []choice {
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// auto resolves a task that asks nothing.
func (s *State) auto(t Task) {
	switch t.Kind {
	case "deal":
		s.deal(t.Seat)
	case "turn":
		s.beginTurn()
	case "castle":
		s.castle()
	case "collision":
		s.collision()
	case "collisionpay":
		s.collisionPay()
	case "reset":
		st := s.Seats[t.Seat]
		st.Corruption, st.Virtue = 0, len(s.c.Track.Own)-1
	case "refill":
		s.refill(t.Seat)
	case "endturn":
		s.endTurn()
	default:
		s.autoAtom(t)
	}
}

// beginTurn shifts the current player's board and asks for a card.
func (s *State) beginTurn() {
	st := s.Seats[s.Current]
	st.Dismissed, st.Transcribed = false, false
	st.Turns++
	s.Phase = phaseTurn
	s.Played = -1
	dropped := st.Board[boardSlots-1]
	copy(st.Board[1:], st.Board[:boardSlots-1])
	st.Board[0] = -1
	var ts []Task
	if dropped >= 0 {
		st.Discard = append(st.Discard, dropped)
		s.say("dropoff", "player", games.Player(s.Current), "card", s.cardName(dropped))
		ts = append(ts, s.effectTasks(s.Current, s.folk(dropped).DropOff)...)
	}
	for _, kind := range []string{"play", "move", "action", "recruit", "collision", "refill", "endturn"} {
		ts = append(ts, Task{Seat: s.Current, Kind: kind})
	}
	s.push(ts...)
}

// endTurn passes the turn on, and ends the game after the last round.
func (s *State) endTurn() {
	s.Current = (s.Current + 1) % s.Players
	if s.Current == s.Start {
		if s.LastRound > 0 && s.Round >= s.LastRound {
			s.finish()
			return
		}
		s.Round++
		if s.Round == s.LastRound {
			s.say("lastround", "round", s.Round+1)
		}
	}
	if s.Solo != nil && s.LastRound == 0 && !s.isAI(s.Current) {
		// Alone, the danger is the piles: say each turn how close the end is.
		s.say("piles", "debts", s.DebtsAbove, "deeds", s.DeedsAbove)
	}
	s.push(Task{Seat: s.Current, Kind: "turn"})
}

// triggerEnd notes that card (Poverty or Prosperity) showed: the round
// is finished, then one more is played.
func (s *State) triggerEnd(card string) {
	if s.LastRound == 0 {
		s.LastRound, s.EndedBy = s.Round+1, card
		s.say("endtrigger", "card", games.Ref("vc.end."+card), "round", s.Round+1, "last", s.LastRound+1)
	}
}

// Over reports the end of the game.
func (s *State) Over() bool { return s.Phase == phaseOver }

// opt builds an option.
func opt(id string, label games.Text, path ...games.Step) games.Option {
	return games.Option{ID: id, Label: label, Path: path}
}

// detailed is o with detail, told under its short label (a select's
// description).
func detailed(o games.Option, detail games.Text) games.Option {
	o.Detail = detail
	return o
}

// joinIDs builds an option id of parts.
func joinIDs(parts ...string) string { return strings.Join(parts, ".") }
