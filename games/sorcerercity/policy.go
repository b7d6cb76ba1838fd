package sorcerercity

import (
	"strings"

	"github.com/tavern-bot/tavern/games"
)

var _ games.Bot = (*Game)(nil)

// Policy is the bot Sorcerer City's bot seats play by: it keeps drawing,
// places every tile where its district scores most (weighing Prestige
// over Raw Magic over Influence over Money), answers monsters and score
// choices the same way, turns Raw Magic into Prestige, takes Prestige
// over rewards and Money over a buy, and buys the dearest tile it can
// afford. Ties go by the policy's own seed, never the game's RNG.
func (g *Game) Policy() games.Policy { return games.PolicyFunc(choose) }

// weights value a track's points for the bot.
var weights = Annual{Money: 4, Influence: 6, Magic: 8, Prestige: 10}

func worth(a Annual) int {
	n := 0
	for r, v := range a {
		n += weights[r] * v
	}
	return n
}

func choose(st games.State, seat int, seed uint64) (string, bool) {
	s, ok := st.(*State)
	if !ok {
		return games.RandomPolicy.Choose(st, seat, seed)
	}
	p, found := s.promptOf(seat)
	if !found || len(p.Options) == 0 {
		return "", false
	}
	rng := games.NewRNG(seed)
	has := func(id string) bool {
		for _, o := range p.Options {
			if o.ID == id {
				return true
			}
		}
		return false
	}
	st0 := s.Seats[seat]
	switch {
	case s.Stage == stageBuild && len(st0.Tasks) == 0:
		if has("start") {
			return "start", true
		}
		if has("draw") {
			return "draw", true
		}
		return "stop", true
	case s.Stage == stageTransform:
		return "to:" + Prestige.String(), true
	case has("prize:prestige"):
		return "prize:prestige", true
	case has("prize:money"):
		return "prize:money", true
	case s.Stage == stageBuy && len(st0.Tasks) == 0:
		return s.bestBuy(seat, p), true
	case s.Stage == stageSpells:
		return p.Options[0].ID, true // cast every spell, then stop
	}
	return s.bestByDistrict(seat, p, rng), true
}

// bestBuy is the dearest market tile seat can buy, or done.
func (s *State) bestBuy(seat int, p games.Prompt) string {
	best, most := "done", 0
	for _, o := range p.Options {
		if !strings.HasPrefix(o.ID, "buy:") {
			continue
		}
		tile := "rainbow"
		if rest := strings.TrimPrefix(o.ID, "buy:"); rest != "r" {
			v, k, ok := parseSlot(rest)
			if !ok || k >= len(s.Market.Up[v]) {
				continue
			}
			tile = s.Market.Up[v][k]
		}
		if c := s.c.Tile(tile).Cost; c > most {
			best, most = o.ID, c
		}
	}
	return best
}

// bestByDistrict tries every option on a copy of the game and keeps the
// one after which seat's district scores most (placements are tried on a
// copy of the district alone, which is much cheaper).
func (s *State) bestByDistrict(seat int, p games.Prompt, rng *games.RNG) string {
	best, most, ties := p.Options[0].ID, -1<<30, 0
	for _, o := range p.Options {
		v, ok := s.tryOption(seat, o.ID)
		if !ok {
			continue
		}
		switch {
		case v > most:
			best, most, ties = o.ID, v, 1
		case v == most:
			ties++
			if rng.IntN(ties) == 0 {
				best = o.ID
			}
		}
	}
	return best
}

// tryOption is what seat's district scores after move.
func (s *State) tryOption(seat int, move string) (int, bool) {
	st := s.Seats[seat]
	// Placing, covering and taking a tile change only the district: they
	// are tried on a copy of it.
	if kind, rest, ok := strings.Cut(move, ":"); ok && len(st.Tasks) > 0 && (kind == "at" || kind == "on" || kind == "rm") {
		at, rot, ok := parseAt(rest)
		if !ok {
			return 0, false
		}
		d := st.District.clone()
		pl := s.drawnAs(st, st.Tasks[0], rot)
		switch kind {
		case "at":
			ok = d.Place(s.c, at, pl) == nil
		case "on":
			ok = d.Cover(at, pl) == nil
		default:
			_, ok = d.Lift(at)
		}
		if !ok {
			return 0, false
		}
		return worth(d.Score(s.c, nil)), true
	}
	data, err := s.MarshalJSON()
	if err != nil {
		return 0, false
	}
	t, err := load(s.c, data)
	if err != nil {
		return 0, false
	}
	if _, err := t.Apply(seat, move); err != nil {
		return 0, false
	}
	ts := t.Seats[seat]
	return worth(ts.District.Score(s.c, nil)) + worth(ts.Annual) + 10*ts.Prestige, true
}
