// Package tabletest is a tiny deterministic game for tests of tables,
// storage and commands. Each round every seat first bids in secret (all at
// once), then takes one public turn in seat order. Every seat also holds a
// hidden rune drawn at setup, which only its private view shows, so tests can
// prove that no secret leaks into a channel.
package tabletest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// ID is the fake game's id.
const ID = "fake"

// SecretMarker appears in every hidden fact and secret option of the fake
// game (rune names, bid option ids and labels); tests search channel output
// for it.
const SecretMarker = "zz"

// Game returns the fake game.
func Game() games.Game { return fakeGame{} }

type fakeGame struct{}

func (fakeGame) Info() games.Info {
	return games.Info{
		ID:         ID,
		Name:       games.T("fake.name"),
		MinPlayers: 2,
		MaxPlayers: 4,
		Options: []games.OptionSpec{
			{ID: "rounds", Label: games.T("fake.opt.rounds"), Choices: []string{"1", "2", "3"}, Default: "2"},
		},
		Rules: []games.RuleTopic{
			{ID: "goal", Title: games.T("fake.rules.goal.title"), Body: games.T("fake.rules.goal.body")},
			{ID: "turn", Title: games.T("fake.rules.turn.title"), Body: games.T("fake.rules.turn.body")},
		},
		Catalog: catalog(),
	}
}

// State is the fake game's state.
type State struct {
	Rounds int        `json:"rounds"`
	Round  int        `json:"round"`
	Phase  string     `json:"phase"` // "bid", "turn", "over"
	Turn   int        `json:"turn"`
	Scores []int      `json:"scores"`
	Bids   []int      `json:"bids"` // 0 = not yet bid this round
	Runes  []string   `json:"runes"`
	RNG    *games.RNG `json:"rng"`
}

// PublicView is what the channel sees.
type PublicView struct {
	Round, Turn int
	Phase       string
	Scores      []int
	Waiting     []int // seats still bidding
}

// PrivateView is what one seat sees.
type PrivateView struct {
	PublicView
	Seat int
	Rune string
	Bid  int
}

func (fakeGame) New(s games.Setup) (games.State, error) {
	if s.Players < 2 || s.Players > 4 {
		return nil, games.Errorf("fake.err.players")
	}
	rounds, err := strconv.Atoi(s.Options["rounds"])
	if err != nil {
		return nil, games.Errorf("fake.err.rounds")
	}
	st := &State{Rounds: rounds, Round: 1, Phase: "bid", Scores: make([]int, s.Players), Bids: make([]int, s.Players), RNG: games.NewRNG(s.Seed)}
	for i := 0; i < s.Players; i++ {
		st.Runes = append(st.Runes, fmt.Sprintf("rune-%s%d", SecretMarker, st.RNG.IntN(1000)))
	}
	return st, nil
}

func (fakeGame) Load(data []byte) (games.State, error) {
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("fake: load: %w", err)
	}
	return &st, nil
}

// MarshalJSON stores the complete state.
func (s *State) MarshalJSON() ([]byte, error) {
	type plain State
	return json.Marshal((*plain)(s))
}

// Pending lists the awaited decisions.
func (s *State) Pending() []games.Prompt {
	switch s.Phase {
	case "bid":
		var out []games.Prompt
		for seat, b := range s.Bids {
			if b != 0 {
				continue
			}
			p := games.Prompt{Seat: seat, Secret: true, Text: games.T("fake.prompt.bid")}
			for n := 1; n <= 3; n++ {
				p.Options = append(p.Options, games.Option{ID: fmt.Sprintf("bid%s%d", SecretMarker, n), Label: games.T("fake.opt.bid", "n", n)})
			}
			out = append(out, p)
		}
		return out
	case "turn":
		return []games.Prompt{{Seat: s.Turn, Text: games.T("fake.prompt.turn"), Options: []games.Option{
			{ID: "step", Label: games.T("fake.opt.step")},
			{ID: "leap", Label: games.T("fake.opt.leap")},
			{ID: "draw", Label: games.T("fake.opt.draw")},
		}}}
	}
	return nil
}

// Apply answers one prompt.
func (s *State) Apply(seat int, move string) (games.Outcome, error) {
	switch {
	case s.Phase == "bid" && strings.HasPrefix(move, "bid"+SecretMarker):
		n, err := strconv.Atoi(strings.TrimPrefix(move, "bid"+SecretMarker))
		if err != nil || n < 1 || n > 3 || s.Bids[seat] != 0 {
			return games.Outcome{}, games.Errorf("fake.err.move")
		}
		s.Bids[seat] = n
		for _, b := range s.Bids {
			if b == 0 {
				return games.Outcome{Events: []games.Text{games.T("fake.ev.bid", "player", games.Player(seat))}}, nil
			}
		}
		best := 0
		for i, b := range s.Bids {
			if b > s.Bids[best] {
				best = i
			}
		}
		s.Scores[best]++
		s.Phase, s.Turn = "turn", 0
		return games.Outcome{Revealed: true, Events: []games.Text{games.T("fake.ev.bidwin", "player", games.Player(best))}}, nil
	case s.Phase == "turn" && seat == s.Turn:
		out := games.Outcome{}
		switch move {
		case "step":
			s.Scores[seat]++
		case "leap":
			s.Scores[seat] += 2
		case "draw":
			n := s.RNG.IntN(3)
			s.Scores[seat] += n
			out.Revealed = true
		default:
			return games.Outcome{}, games.Errorf("fake.err.move")
		}
		out.Events = append(out.Events, games.T("fake.ev."+move, "player", games.Player(seat)))
		s.Turn++
		if s.Turn == len(s.Scores) {
			s.Round++
			s.Turn = 0
			if s.Round > s.Rounds {
				s.Phase = "over"
			} else {
				s.Phase = "bid"
				s.Bids = make([]int, len(s.Scores))
			}
		}
		return out, nil
	}
	return games.Outcome{}, games.Errorf("fake.err.move")
}

func (s *State) public() PublicView {
	v := PublicView{Round: s.Round, Turn: s.Turn, Phase: s.Phase, Scores: append([]int(nil), s.Scores...)}
	if s.Phase == "bid" {
		for i, b := range s.Bids {
			if b == 0 {
				v.Waiting = append(v.Waiting, i)
			}
		}
	}
	return v
}

// View shows the public board or one seat's hand.
func (s *State) View(viewer int) any {
	if viewer < 0 || viewer >= len(s.Scores) {
		return s.public()
	}
	return PrivateView{PublicView: s.public(), Seat: viewer, Rune: s.Runes[viewer], Bid: s.Bids[viewer]}
}

// TimeoutMove answers for a seat that ran out of time: the lowest bid, or
// a step on its turn.
func (s *State) TimeoutMove(seat int) (string, bool) {
	switch {
	case s.Phase == "bid" && seat >= 0 && seat < len(s.Bids) && s.Bids[seat] == 0:
		return "bid" + SecretMarker + "1", true
	case s.Phase == "turn" && seat == s.Turn:
		return "step", true
	}
	return "", false
}

// PlainID is the id of Plain.
const PlainID = "fakeplain"

// Plain is the fake game whose states have no TimeoutMove, for tests of
// games that never answer for a player.
func Plain() games.Game { return plainGame{} }

type plainGame struct{}

// plainState embeds the interface only, which hides TimeoutMove.
type plainState struct{ games.State }

func (plainGame) Info() games.Info {
	info := fakeGame{}.Info()
	info.ID = PlainID
	return info
}

func (plainGame) New(s games.Setup) (games.State, error) {
	st, err := fakeGame{}.New(s)
	if err != nil {
		return nil, err
	}
	return plainState{st}, nil
}

func (plainGame) Load(data []byte) (games.State, error) {
	st, err := fakeGame{}.Load(data)
	if err != nil {
		return nil, err
	}
	return plainState{st}, nil
}

// Over reports the end.
func (s *State) Over() bool { return s.Phase == "over" }

// Standings rank by score, ties share a rank.
func (s *State) Standings() []games.Standing {
	out := make([]games.Standing, len(s.Scores))
	for i, sc := range s.Scores {
		rank := 1
		for _, o := range s.Scores {
			if o > sc {
				rank++
			}
		}
		out[i] = games.Standing{Seat: i, Rank: rank, Score: sc, Detail: games.T("fake.detail", "n", sc)}
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Rank < out[j-1].Rank; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func catalog() games.Catalog {
	return games.Catalog{
		"en": {
			"fake.name": "Fake Race", "fake.opt.rounds": "Rounds",
			"fake.rules.goal.title": "Goal", "fake.rules.goal.body": "Score the most points.",
			"fake.rules.turn.title": "Turn", "fake.rules.turn.body": "Bid in secret, then step, leap or draw.",
			"fake.prompt.bid": "Choose your secret bid", "fake.prompt.turn": "Step, leap or draw",
			"fake.opt.bid": "Bid " + SecretMarker + " {n}", "fake.opt.step": "Step", "fake.opt.leap": "Leap", "fake.opt.draw": "Draw",
			"fake.grp.cell": "Row {row}, column {col}",
			"fake.ev.bid":   "{player} has bid.", "fake.ev.bidwin": "{player} wins the bidding.",
			"fake.ev.step": "{player} steps.", "fake.ev.leap": "{player} leaps.", "fake.ev.draw": "{player} draws.",
			"fake.detail": "{n} points", "fake.err.move": "Not allowed.", "fake.err.players": "Wrong player count.", "fake.err.rounds": "Bad rounds.",
		},
		"de": {
			"fake.name": "Schein-Rennen", "fake.opt.rounds": "Runden",
			"fake.rules.goal.title": "Ziel", "fake.rules.goal.body": "Die meisten Punkte gewinnen.",
			"fake.rules.turn.title": "Zug", "fake.rules.turn.body": "Geheim bieten, dann schreiten, springen oder ziehen.",
			"fake.prompt.bid": "Wähle dein geheimes Gebot", "fake.prompt.turn": "Schreiten, springen oder ziehen",
			"fake.opt.bid": "Gebot " + SecretMarker + " {n}", "fake.opt.step": "Schreiten", "fake.opt.leap": "Springen", "fake.opt.draw": "Ziehen",
			"fake.grp.cell": "Reihe {row}, Spalte {col}",
			"fake.ev.bid":   "{player} hat geboten.", "fake.ev.bidwin": "{player} gewinnt das Bieten.",
			"fake.ev.step": "{player} schreitet.", "fake.ev.leap": "{player} springt.", "fake.ev.draw": "{player} zieht.",
			"fake.detail": "{n} Punkte", "fake.err.move": "Nicht erlaubt.", "fake.err.players": "Falsche Spielerzahl.", "fake.err.rounds": "Falsche Runden.",
		},
	}
}
