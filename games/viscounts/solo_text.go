package viscounts

// The texts of solo play, merged into the game's catalog.

func soloCatalogEN() map[string]string {
	return map[string]string{
		"vc.option.opponent":   "Solo opponent (random, cleric, noble, builder or merchant)",
		"vc.option.difficulty": "Solo difficulty: future schemes shuffled into the opponent's starting pile (0-3)",
		"vc.err.soloonly":      "The opponent and difficulty options are for solo games (1 player) only.",
		"vc.err.opponent":      "There is no solo opponent called {name}: choose random, cleric, noble, builder or merchant.",
		"vc.err.difficulty":    "The solo difficulty is a number from 0 to {max}.",

		"vc.prompt.draft.solo": "Choose your player card and hero ({opponent} starts on the space of the card you leave):",
		"vc.opt.ai":            "The opponent's rule",

		"vc.ev.ai.arrives":  "{player} starts at {space}.",
		"vc.ev.ai.scheme":   "{player} turns over a scheme: {scheme}.",
		"vc.ev.ai.instead":  "{player} gains {gain} instead of {what}.",
		"vc.ev.ai.paid":     "{player} pays {what}.",
		"vc.ev.ai.cannot":   "{player} cannot {action}, so: {instead}.",
		"vc.ev.ai.future":   "{player} adds a future scheme to its discard pile: {scheme}.",
		"vc.ev.ai.nofuture": "{player} has no future scheme left: a card flip instead.",
		"vc.ev.ai.forfeit":  "{player} forfeits {what}: nowhere to take it.",

		"vc.aiaction.workers":    "place workers",
		"vc.aiaction.build":      "build",
		"vc.aiaction.transcribe": "transcribe",
		"vc.aiaction.trade":      "trade",
		"vc.scheme":              "{icons} {steps}",
		"vc.step.dismiss":        "dismiss the townsfolk beside its viscount",
		"vc.step.move":           "move {n} spaces clockwise",
		"vc.step.criminals":      "1 Corruption per 💀 on its board",
		"vc.step.future":         "a future scheme",
		"vc.step.action":         "{action} (if it cannot: {else})",
		"vc.chart":               "collects {steps}",
		"vc.chart.until":         "{res} until it has {n}",
		"vc.chart.single":        "all resources are one type to it",

		"vc.standing.solo.won":  "You beat {opponent} ({score} VP): {detail}",
		"vc.standing.solo.lost": "{opponent} scored {score} VP, you need more to win: {detail}",
		"vc.standing.ai":        "{detail}, resources left {resources}",
		"vc.ev.ai.chose":        "{player} chooses {what}.",
		"vc.step.move.one":      "move {n} space clockwise",
		"vc.chart.res.ink":      "Ink",
		"vc.chart.res.gold":     "Gold",
		"vc.chart.res.stone":    "Stone",
	}
}

func soloCatalogDE() map[string]string {
	return map[string]string{
		"vc.option.opponent":   "Solo-Gegner: random, cleric=Kleriker, noble=Adel, builder=Baumeister, merchant=Händler",
		"vc.option.difficulty": "Solo-Schwierigkeit: Zukunfts-Plankarten im Start-Nachziehstapel des Gegners (0-3)",
		"vc.err.soloonly":      "Gegner und Schwierigkeit gibt es nur im Solospiel (1 Spieler).",
		"vc.err.opponent":      "Einen Solo-Gegner namens {name} gibt es nicht: wähle random (zufällig), cleric (Kleriker), noble (Adel), builder (Baumeister) oder merchant (Händler).",
		"vc.err.difficulty":    "Die Solo-Schwierigkeit ist eine Zahl von 0 bis {max}.",

		"vc.prompt.draft.solo": "Wähle deine Spielerkarte und deinen Helden (der {opponent} beginnt auf dem Feld der Karte, die du liegen lässt):",
		"vc.opt.ai":            "Die Regel des Gegners",

		"vc.ev.ai.arrives":  "{player} beginnt bei {space}.",
		"vc.ev.ai.scheme":   "{player} deckt eine Plankarte auf: {scheme}.",
		"vc.ev.ai.instead":  "{player} erhält {gain} statt {what}.",
		"vc.ev.ai.paid":     "{player} bezahlt {what}.",
		"vc.ev.ai.cannot":   "{player} kann nicht: {action}; stattdessen {instead}.",
		"vc.ev.ai.future":   "{player} legt eine Zukunfts-Plankarte auf den Abwurfstapel: {scheme}.",
		"vc.ev.ai.nofuture": "{player} hat keine Zukunfts-Plankarte mehr: stattdessen wird eine Karte umgedreht.",
		"vc.ev.ai.forfeit":  "{player} verzichtet auf {what}: kein Platz dafür.",

		"vc.aiaction.workers":    "Arbeiter einsetzen",
		"vc.aiaction.build":      "ein Gebäude errichten",
		"vc.aiaction.transcribe": "ein Manuskript kopieren",
		"vc.aiaction.trade":      "handeln",
		"vc.scheme":              "{icons} {steps}",
		"vc.step.dismiss":        "entlässt den Stadtbewohner neben seinem Burggrafen",
		"vc.step.move":           "zieht {n} Felder im Uhrzeigersinn",
		"vc.step.criminals":      "1 Korruption je 💀 auf seinem Tableau",
		"vc.step.future":         "eine Zukunfts-Plankarte",
		"vc.step.action":         "{action} (falls nicht möglich: {else})",
		"vc.chart":               "sammelt {steps}",
		"vc.chart.until":         "{res}, bis er {n} hat",
		"vc.chart.single":        "alle Ressourcen sind für ihn eine Art",

		"vc.standing.solo.won":  "Du hast den {opponent} geschlagen ({score} SP): {detail}",
		"vc.standing.solo.lost": "Der {opponent} hat {score} SP, du brauchst mehr zum Sieg: {detail}",
		"vc.standing.ai":        "{detail}, übrige Ressourcen {resources}",
		"vc.ev.ai.chose":        "{player} wählt {what}.",
		"vc.step.move.one":      "zieht {n} Feld im Uhrzeigersinn",
		"vc.chart.res.ink":      "Tintenfässer",
		"vc.chart.res.gold":     "Gold",
		"vc.chart.res.stone":    "Stein",
	}
}
