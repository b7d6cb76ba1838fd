package imaging

import "github.com/tavern-bot/tavern/games"

// Catalog holds the labels of the generic images (lobby, results) in English
// and German. Game renderers keep their own labels in their own catalogs.
func Catalog() games.Catalog {
	return games.Catalog{
		"en": {
			"img.seat":          "Seat {n}",
			"img.lobby":         "Lobby",
			"img.players.range": "{min}–{max} players",
			"img.players.fixed": "{n} players",
			"img.seats.filled":  "{n} of {max} seats taken",
			"img.seat.empty":    "free seat",
			"img.host":          "host",
			"img.wait.host":     "Waiting for {host} to start the game",
			"img.wait.more":     "Waiting for {n} more player(s) – join now!",
			"img.wait.more1":    "Waiting for 1 more player – join now!",
			"img.full":          "The table is full",
			"img.results":       "Final standings",
			"img.winner":        "Winner",
			"img.winners":       "Shared victory",
			"img.points":        "points",
		},
		"de": {
			"img.seat":          "Platz {n}",
			"img.lobby":         "Lobby",
			"img.players.range": "{min}–{max} Spieler",
			"img.players.fixed": "{n} Spieler",
			"img.seats.filled":  "{n} von {max} Plätzen belegt",
			"img.seat.empty":    "freier Platz",
			"img.host":          "Gastgeber",
			"img.wait.host":     "Warten, bis {host} das Spiel startet",
			"img.wait.more":     "Es fehlen noch {n} Spieler – jetzt beitreten!",
			"img.wait.more1":    "Es fehlt noch 1 Spieler – jetzt beitreten!",
			"img.full":          "Der Tisch ist voll",
			"img.results":       "Endstand",
			"img.winner":        "Sieg",
			"img.winners":       "Geteilter Sieg",
			"img.points":        "Punkte",
		},
	}
}
