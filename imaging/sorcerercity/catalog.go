package sorcerercity

import "github.com/tavern-bot/tavern/games"

// Catalog holds the board's own labels in English and German; tile,
// monster and reward names come from the game's catalog through
// imaging.Meta.
func Catalog() games.Catalog {
	return games.Catalog{
		"en": {
			"scimg.year":            "Year {n}",
			"scimg.stage.artifact":  "Choosing artifacts",
			"scimg.stage.build":     "Building",
			"scimg.stage.score":     "Scoring",
			"scimg.stage.spells":    "Score-phase spells",
			"scimg.stage.transform": "Transforming Raw Magic",
			"scimg.stage.buy":       "Influence & buying",
			"scimg.stage.guard":     "Monsters on the market",
			"scimg.stage.over":      "Game over",
			"scimg.deck":            "{n} in deck",
			"scimg.aside":           "{n} discarded",
			"scimg.building":        "building",
			"scimg.done":            "done building",
			"scimg.place":           "Influence #{n}",
			"scimg.buying":          "at the market",
			"scimg.vendor":          "Vendor {n}",
			"scimg.rainbow":         "Rainbow ×{n}",
			"scimg.left":            "{n} left",
			"scimg.yourtile":        "Your tile",
			"scimg.facedown":        "face down",
			"scimg.spots":           "Highlighted: the free spots, named as the choices name them",
			"scimg.district":        "Your district",
			"scimg.mystery":         "Mystery: {n}",
		},
		"de": {
			"scimg.year":            "Jahr {n}",
			"scimg.stage.artifact":  "Artefakte wählen",
			"scimg.stage.build":     "Bauen",
			"scimg.stage.score":     "Wertung",
			"scimg.stage.spells":    "Zauber der Wertung",
			"scimg.stage.transform": "Magie umwandeln",
			"scimg.stage.buy":       "Einfluss & Kaufen",
			"scimg.stage.guard":     "Monster auf dem Markt",
			"scimg.stage.over":      "Spielende",
			"scimg.deck":            "{n} im Deck",
			"scimg.aside":           "{n} abgeworfen",
			"scimg.building":        "baut",
			"scimg.done":            "fertig gebaut",
			"scimg.place":           "Einfluss #{n}",
			"scimg.buying":          "am Markt",
			"scimg.vendor":          "Händler {n}",
			"scimg.rainbow":         "Regenbogen ×{n}",
			"scimg.left":            "noch {n}",
			"scimg.yourtile":        "Dein Plättchen",
			"scimg.facedown":        "verdeckt",
			"scimg.spots":           "Hervorgehoben: freie Felder, benannt wie in der Auswahl",
			"scimg.district":        "Dein Stadtviertel",
			"scimg.mystery":         "Mysterie: {n}",
		},
	}
}
