package games

// A finished game's last events say why it ended (each game's own words)
// and then who won with what: Verdict, shared by every game so that all
// endings read alike.

// Verdict is the line that closes a finished game: the winner and their
// score, the seats sharing a win, or in a solo game whether the player beat
// the game's rival and by how much (without a rival: the player's final
// score with its detail, a solo game's title). points spells a score in the
// game's own unit ("12 VP"). standings and rivals are the state's final
// Standings and Rivals; a zero Text when there are no standings.
func Verdict(standings []Standing, rivals []Rival, points func(n int) Text) Text {
	if len(standings) == 0 {
		return Text{}
	}
	if len(standings) == 1 {
		return soloVerdict(standings[0], rivals, points)
	}
	var winners []Standing
	for _, sd := range standings {
		if sd.Rank == 1 {
			winners = append(winners, sd)
		}
	}
	if len(winners) == 0 { // no seat ranks first: the best one won
		winners = standings[:1]
	}
	w := winners[0]
	if len(winners) > 1 {
		seats := make([]Text, len(winners))
		for i, sd := range winners {
			seats[i] = T("games.end.seat", "player", Player(sd.Seat))
		}
		return T("games.end.shared", "players", andList(seats), "score", points(w.Score))
	}
	for _, sd := range standings {
		if sd.Seat != w.Seat && sd.Score == w.Score {
			// Equal scores, the game's tie-break decided: its detail says how.
			return T("games.end.won.tiebreak", "player", Player(w.Seat), "score", points(w.Score), "detail", w.Detail)
		}
	}
	return T("games.end.won", "player", Player(w.Seat), "score", points(w.Score))
}

// soloVerdict is Verdict for a game with one seat.
func soloVerdict(me Standing, rivals []Rival, points func(n int) Text) Text {
	if len(rivals) == 0 {
		if me.Detail.IsZero() {
			return T("games.end.solo", "player", Player(me.Seat), "score", points(me.Score))
		}
		return T("games.end.solo.detail", "player", Player(me.Seat), "score", points(me.Score), "detail", me.Detail)
	}
	rv := rivals[0]
	margin := me.Score - rv.Score
	key := "games.end.solo.won"
	if rv.Rank <= me.Rank {
		key, margin = "games.end.solo.lost", -margin
	}
	if margin <= 0 {
		key += ".tie" // equal scores: the rule for ties decided
	}
	return T(key, "player", Player(me.Seat), "rival", rv.Name, "score", points(me.Score), "theirs", points(rv.Score), "margin", points(max(margin, 0)))
}

// andList joins texts as a reader lists them: "a, b and c".
func andList(parts []Text) Text {
	switch len(parts) {
	case 0:
		return Text{}
	case 1:
		return parts[0]
	case 2:
		return T("games.end.and", "a", parts[0], "b", parts[1])
	}
	return T("games.end.list", "a", parts[0], "b", andList(parts[1:]))
}

// endingCatalog holds Verdict's texts.
func endingCatalog() Catalog {
	return Catalog{
		"en": {
			"games.end.seat":          "{player}",
			"games.end.and":           "{a} and {b}",
			"games.end.list":          "{a}, {b}",
			"games.end.won":           "{player} wins with {score}.",
			"games.end.won.tiebreak":  "{player} wins on the tie-break with {score} ({detail}).",
			"games.end.shared":        "{players} share the win with {score} each.",
			"games.end.solo":          "{player} ends with {score}.",
			"games.end.solo.detail":   "{player} ends with {score}: {detail}.",
			"games.end.solo.won":      "{player} beats {rival}: {score} to {theirs}, by {margin}.",
			"games.end.solo.won.tie":  "{player} beats {rival} on the tie-break: {score} to {theirs}.",
			"games.end.solo.lost":     "{rival} beats {player}: {theirs} to {score}; {player} falls short by {margin}.",
			"games.end.solo.lost.tie": "{rival} wins: {theirs} to {score}, and a tie goes to {rival}.",
		},
		"de": {
			"games.end.seat":          "{player}",
			"games.end.and":           "{a} und {b}",
			"games.end.list":          "{a}, {b}",
			"games.end.won":           "{player} gewinnt mit {score}.",
			"games.end.won.tiebreak":  "{player} gewinnt bei Gleichstand mit {score} ({detail}).",
			"games.end.shared":        "{players} teilen sich den Sieg mit je {score}.",
			"games.end.solo":          "{player} beendet das Spiel mit {score}.",
			"games.end.solo.detail":   "{player} beendet das Spiel mit {score}: {detail}.",
			"games.end.solo.won":      "{player} schlägt {rival}: {score} zu {theirs}, mit {margin} Vorsprung.",
			"games.end.solo.won.tie":  "{player} schlägt {rival} bei Gleichstand: {score} zu {theirs}.",
			"games.end.solo.lost":     "{rival} schlägt {player}: {theirs} zu {score}; {player} fehlen {margin}.",
			"games.end.solo.lost.tie": "{rival} gewinnt: {theirs} zu {score}, ein Gleichstand geht an {rival}.",
		},
	}
}
