package commands

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/tabletest"
)

const draftID = "draft"

// draftCards is the shared row; every card name is a secret.
var draftCards = []string{"card" + tabletest.SecretMarker + "a", "card" + tabletest.SecretMarker + "b",
	"card" + tabletest.SecretMarker + "c", "card" + tabletest.SecretMarker + "d", "card" + tabletest.SecretMarker + "e"}

// draftGame is a two-seat game in which each seat secretly takes two cards,
// one at a time, from one shared row. Its shape is the one DM editing is
// for: after a pick the picker's next decision is again secret, and a card
// taken is gone from the other seat's options, so the other seat's prompt
// changes too.
type draftGame struct{}

type draftState struct {
	Picks [][]string `json:"picks"`
}

// draftPublic shows only how many cards each seat holds.
type draftPublic struct{ Counts []int }

// draftPrivate is one seat's hand.
type draftPrivate struct {
	Seat  int
	Picks []string
}

func (draftGame) Info() games.Info {
	return games.Info{ID: draftID, Name: games.T("draft.name"), MinPlayers: 2, MaxPlayers: 2, Catalog: games.Catalog{
		"en": {"draft.name": "Draft", "draft.prompt": "Take a card", "draft.card": "Card {c}", "draft.ev": "{player} took a card.", "draft.err": "Not allowed."},
		"de": {"draft.name": "Auswahl", "draft.prompt": "Nimm eine Karte", "draft.card": "Karte {c}", "draft.ev": "{player} hat eine Karte genommen.", "draft.err": "Nicht erlaubt."},
	}}
}

func (draftGame) New(s games.Setup) (games.State, error) {
	if s.Players != 2 {
		return nil, games.Errorf("draft.err")
	}
	return &draftState{Picks: make([][]string, s.Players)}, nil
}

func (draftGame) Load(data []byte) (games.State, error) {
	var st draftState
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("draft: load: %w", err)
	}
	return &st, nil
}

func (s *draftState) taken(card string) bool {
	for _, p := range s.Picks {
		if slices.Contains(p, card) {
			return true
		}
	}
	return false
}

func (s *draftState) Pending() []games.Prompt {
	var out []games.Prompt
	for seat, p := range s.Picks {
		if len(p) >= 2 {
			continue
		}
		pr := games.Prompt{Seat: seat, Secret: true, Text: games.T("draft.prompt")}
		for _, c := range draftCards {
			if !s.taken(c) {
				pr.Options = append(pr.Options, games.Option{ID: c, Label: games.T("draft.card", "c", c)})
			}
		}
		out = append(out, pr)
	}
	return out
}

func (s *draftState) Apply(seat int, move string) (games.Outcome, error) {
	if seat < 0 || seat >= len(s.Picks) || len(s.Picks[seat]) >= 2 || !slices.Contains(draftCards, move) || s.taken(move) {
		return games.Outcome{}, games.Errorf("draft.err")
	}
	s.Picks[seat] = append(s.Picks[seat], move)
	return games.Outcome{Events: []games.Text{games.T("draft.ev", "player", games.Player(seat))}}, nil
}

func (s *draftState) View(viewer int) any {
	if viewer < 0 || viewer >= len(s.Picks) {
		v := draftPublic{}
		for _, p := range s.Picks {
			v.Counts = append(v.Counts, len(p))
		}
		return v
	}
	return draftPrivate{Seat: viewer, Picks: slices.Clone(s.Picks[viewer])}
}

func (s *draftState) Over() bool { return len(s.Pending()) == 0 }

func (s *draftState) Standings() []games.Standing {
	var out []games.Standing
	for seat := range s.Picks {
		out = append(out, games.Standing{Seat: seat, Rank: 1})
	}
	return out
}

func (s *draftState) MarshalJSON() ([]byte, error) {
	type plain draftState
	return json.Marshal((*plain)(s))
}
