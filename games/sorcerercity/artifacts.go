package sorcerercity

import (
	"slices"
	"strings"

	"github.com/tavern-bot/tavern/games"
)

// stageArtifact is the start of a game with artifacts: every seat keeps
// one of two dealt to it, in secret.
const stageArtifact = "artifact"

// artifactOffer is how many artifacts each seat is dealt.
const artifactOffer = 2

// dealArtifacts deals two artifacts to every seat before year 1.
func (s *State) dealArtifacts() {
	pool := slices.Clone(s.c.ByKind[ArtifactTile])
	games.Shuffle(s.RNG, pool)
	for _, st := range s.Seats {
		st.Offer, pool = pool[:artifactOffer], pool[artifactOffer:]
		st.Done = true // no building before the artifacts are kept
	}
	s.Stage = stageArtifact
}

func (s *State) artifactPrompt(seat int) games.Prompt {
	p := games.Prompt{Seat: seat, Secret: true, Text: games.T("sc.prompt.artifact")}
	for _, id := range s.Seats[seat].Offer {
		p.Options = append(p.Options, games.Option{ID: "keep:" + id, Label: tileText(s.c, id)})
	}
	return p
}

// keepArtifact keeps one of seat's two artifacts; when every seat kept
// one, each is shuffled into its deck and year 1 begins.
func (s *State) keepArtifact(seat int, move string) (games.Outcome, error) {
	st := s.Seats[seat]
	id := strings.TrimPrefix(move, "keep:")
	if !slices.Contains(st.Offer, id) {
		return games.Outcome{}, games.Errorf("sc.err.illegal")
	}
	for _, other := range st.Offer {
		if other != id {
			s.Gone = append(s.Gone, other) // back in the box, unseen
		}
	}
	st.Offer = nil
	st.Deck = append(st.Deck, id)
	out := games.Outcome{Events: []games.Text{games.T("sc.ev.kept", "player", games.Player(seat))}}
	for _, o := range s.Seats {
		if len(o.Offer) > 0 {
			return out, nil
		}
	}
	s.prepare()
	return out, nil
}
