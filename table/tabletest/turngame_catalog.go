package tabletest

import "github.com/tavern-bot/tavern/games"

// turnCatalog holds the turn game's texts. The secret step's option labels
// carry SecretMarker, like the fake game's bids, so that a secret prompt
// shown in a channel is caught by the same search as a leaked hand.
func turnCatalog() games.Catalog {
	return games.Catalog{
		"en": {
			"turn.name": "Turn Trial", "turn.opt.rounds": "Rounds",
			"turn.rules.goal.title": "Goal", "turn.rules.goal.body": "Score the most points.",
			"turn.rules.turn.title": "Turn", "turn.rules.turn.body": "Mark up to 3 of 6 spots and draw a card if you like; ending your turn scores the marked spot numbers.",
			"turn.rules.secret.title": "Keep or toss", "turn.rules.secret.body": "After each round everyone secretly keeps or tosses their hand. Tossed cards score 6 each; kept cards score their value at the end.",
			"turn.prompt.turn":   "Your turn: mark spots ({placed}/{max}), draw, or end the turn",
			"turn.prompt.secret": "Keep or toss your hand",
			"turn.opt.spot":      "Spot {n}", "turn.opt.draw": "Draw a card", "turn.opt.end": "End turn",
			"turn.opt.keep": "Keep " + SecretMarker, "turn.opt.toss": "Toss " + SecretMarker + " ({n} per card)",
			"turn.ev.place": "{player} marks spot {n}.", "turn.ev.draw": "{player} draws a card.",
			"turn.ev.end": "{player} ends the turn and scores {n}.", "turn.ev.secret": "Round {round} is over: everyone keeps or tosses in secret.",
			"turn.ev.chosen": "{player} has chosen.", "turn.ev.keep": "{player} keeps {n} cards.",
			"turn.ev.toss": "{player} tosses {n} cards and scores {points}.", "turn.ev.round": "Round {round} begins.",
			"turn.ev.hand": "{player} scores {n} for the kept hand.", "turn.ev.over": "The game is over.",
			"turn.detail":      "{n} points",
			"turn.err.players": "This game needs 2 to 4 players.", "turn.err.rounds": "Rounds must be 1, 2 or 3.",
			"turn.err.move": "Not allowed.", "turn.err.turn": "It is not your turn.",
			"turn.err.spot": "Spot {n} is already marked.", "turn.err.placements": "You may mark only {max} spots per turn.",
			"turn.err.draw": "You cannot draw now.", "turn.err.chosen": "You have already chosen.", "turn.err.over": "The game is over.",
		},
		"de": {
			"turn.name": "Zug-Probe", "turn.opt.rounds": "Runden",
			"turn.rules.goal.title": "Ziel", "turn.rules.goal.body": "Die meisten Punkte gewinnen.",
			"turn.rules.turn.title": "Zug", "turn.rules.turn.body": "Markiere bis zu 3 von 6 Feldern und ziehe, wenn du willst, eine Karte; am Zugende zählen die Nummern der markierten Felder.",
			"turn.rules.secret.title": "Behalten oder abwerfen", "turn.rules.secret.body": "Nach jeder Runde behalten oder werfen alle geheim ihre Hand ab. Abgeworfene Karten zählen je 6, behaltene am Ende ihren Wert.",
			"turn.prompt.turn":   "Dein Zug: Felder markieren ({placed}/{max}), ziehen oder den Zug beenden",
			"turn.prompt.secret": "Behalte deine Hand oder wirf sie ab",
			"turn.opt.spot":      "Feld {n}", "turn.opt.draw": "Karte ziehen", "turn.opt.end": "Zug beenden",
			"turn.opt.keep": "Behalten " + SecretMarker, "turn.opt.toss": "Abwerfen " + SecretMarker + " ({n} je Karte)",
			"turn.ev.place": "{player} markiert Feld {n}.", "turn.ev.draw": "{player} zieht eine Karte.",
			"turn.ev.end": "{player} beendet den Zug und erhält {n}.", "turn.ev.secret": "Runde {round} ist vorbei: alle behalten oder werfen geheim ab.",
			"turn.ev.chosen": "{player} hat gewählt.", "turn.ev.keep": "{player} behält {n} Karten.",
			"turn.ev.toss": "{player} wirft {n} Karten ab und erhält {points}.", "turn.ev.round": "Runde {round} beginnt.",
			"turn.ev.hand": "{player} erhält {n} für die behaltene Hand.", "turn.ev.over": "Das Spiel ist vorbei.",
			"turn.detail":      "{n} Punkte",
			"turn.err.players": "Dieses Spiel braucht 2 bis 4 Spieler.", "turn.err.rounds": "Runden müssen 1, 2 oder 3 sein.",
			"turn.err.move": "Nicht erlaubt.", "turn.err.turn": "Du bist nicht am Zug.",
			"turn.err.spot": "Feld {n} ist schon markiert.", "turn.err.placements": "Du darfst nur {max} Felder pro Zug markieren.",
			"turn.err.draw": "Du kannst jetzt nicht ziehen.", "turn.err.chosen": "Du hast schon gewählt.", "turn.err.over": "Das Spiel ist vorbei.",
		},
	}
}
