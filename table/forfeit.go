package table

// Forfeited reports whether seat's player gave the game up, as Board Game
// Arena's zombie seats do: a person whose seat a bot took over because
// their time ran out (absent=bot), or who never answered a decision of
// this game themselves (every one timed out, or bots finished it at a
// tournament round's end before they made a move). Tournament points and
// ratings both rank such seats last, from these same facts.
func (t *Table) Forfeited(seat int) bool {
	if seat < 0 || seat >= len(t.Seats) {
		return false
	}
	s := t.Seats[seat]
	if s.UserID == "" || (s.Bot && !s.Away) {
		return false // a bot the lobby seated
	}
	if s.Away && !s.RoundEnd {
		return true
	}
	return s.Answered == 0 && (s.Missed > 0 || s.Away)
}
