package sorcerercity

import "github.com/tavern-bot/tavern/games"

var _ games.TimeoutMover = (*State)(nil)

// TimeoutMove answers for a seat whose time ran out, keeping what it has:
// stop building (a drawn tile must still be placed, and a monster's
// effect carried out: the first answer),
// score a rainbow goal for its best colour, transform Raw Magic into
// Prestige, take the Prestige or the Money of a prize, and leave the
// market without buying.
func (s *State) TimeoutMove(seat int) (string, bool) {
	for _, p := range s.Pending() {
		if p.Seat != seat || len(p.Options) == 0 {
			continue
		}
		switch s.Stage {
		case stageBuild:
			if len(s.Seats[seat].Tasks) == 0 {
				return "stop", true
			}
			return p.Options[0].ID, true
		case stageScore:
			if len(s.Seats[seat].Tasks) > 0 {
				return p.Options[0].ID, true
			}
			return s.bestRainbow(seat, p), true
		case stageSpells:
			return "done", true
		case stageGuard, stageArtifact:
			return p.Options[0].ID, true
		case stageTransform:
			return "to:" + Prestige.String(), true
		case stageBuy:
			if st := s.Seats[seat]; len(st.Tasks) > 0 && st.Prize == "" {
				return p.Options[0].ID, true
			}
			switch s.Seats[seat].Prize {
			case prizeSecond:
				return "prize:prestige", true
			case prizeLow:
				return "prize:money", true
			}
			return "done", true
		}
	}
	return "", false
}

// bestRainbow is the option of p scoring the most points.
func (s *State) bestRainbow(seat int, p games.Prompt) string {
	best, most := p.Options[0].ID, -1
	for _, g := range s.rainbowChoices(seat) {
		for _, alt := range g {
			for _, o := range p.Options {
				if o.ID == pickOption(alt) && alt.Points > most {
					best, most = o.ID, alt.Points
				}
			}
		}
	}
	return best
}
