package sorcerercity

import "github.com/tavern-bot/tavern/games"

// catalog holds every text of the game in English and German.
func catalog() games.Catalog {
	return games.Catalog{"en": catalogEN(), "de": catalogDE()}
}

func catalogEN() map[string]string {
	m := map[string]string{
		"sc.name":        "Sorcerer City",
		"sc.err.players": "This game needs {min} to {max} players.",
		"sc.err.over":    "The game is over.",
		"sc.err.illegal": "That move is not possible right now.",
		"sc.standing":    "{money} Money in the last year",

		"sc.prompt.build":          "Build your district: draw the next tile ({left} left) or stop.",
		"sc.opt.draw":              "Draw a tile ({left} left)",
		"sc.opt.stop":              "Stop building",
		"sc.prompt.place":          "Place {tile}.",
		"sc.spot":                  "Spot {n}",
		"sc.opt.place":             "Spot {n}: {sides}",
		"sc.ev.stopped":            "{player} stops building with {tiles} tiles ({left} left in the deck).",
		"sc.ev.built":              "{player} built every tile: {tiles} in the district.",
		"sc.prompt.placedown":      "Place the next tile face down (the Invisible Stalker hides it from you too).",
		"sc.opt.placedown":         "Spot {n}, face down",
		"sc.opt.cell":              "{tile} at {at}",
		"sc.opt.cover":             "On {tile}: {sides}",
		"sc.opt.turn":              "Turn: {sides}",
		"sc.prompt.remove":         "The Kraken takes a tile: which goes under your deck?",
		"sc.prompt.remove-shield":  "The Gelatinous Cube takes a tile with a shield: which goes under your deck?",
		"sc.prompt.discard-red":    "The Demon discards a tile with red: which?",
		"sc.prompt.discard-yellow": "The Goblin discards a tile with yellow: which?",
		"sc.prompt.destroy":        "The Dragon destroys a tile next to it: which?",
		"sc.prompt.turn":           "Turn the tile at {at} that was face down as you like.",
		"sc.prompt.chimera":        "The Chimera destroys a goal tile in its row or column: which?",
		"sc.ev.moved":              "{player} moves {tile}.",
		"sc.ev.underdeck":          "{player} puts {tile} under the deck.",
		"sc.ev.discard":            "{player} discards {tile}.",
		"sc.ev.destroyed":          "{player} loses {tile} for good.",
		"sc.ev.flipped":            "{player} turns up {tile}.",

		"sc.prompt.rainbow": "Which colour does your rainbow group goal score this year?",
		"sc.opt.rainbow":    "{mark} for {points}",
		"sc.ev.rainbow":     "{player} scores a rainbow goal as {mark}.",
		"sc.ev.scored":      "{player} scores 🟨 {money} Money, 🟥 {influence} Influence, 🟪 {magic} Raw Magic, 🟩 {prestige} Prestige.",

		"sc.prompt.spells":    "Cast your score-phase spells, in the order you like:",
		"sc.opt.cast":         "Cast: {spell}",
		"sc.opt.nomore":       "No more spells",
		"sc.ev.cast":          "{player} casts {spell}: 🟨 {money}, 🟥 {influence}, 🟪 {magic}, 🟩 {prestige}.",
		"sc.opt.to.two":       "Two cards: {a} (with the odd point) and {b}",
		"sc.ev.transformed2":  "{player} splits {magic} Raw Magic into {a} and {b}.",
		"sc.prompt.transform": "Transform your {magic} Raw Magic into:",
		"sc.opt.to.money":     "🟨 Money",
		"sc.opt.to.influence": "🟥 Influence",
		"sc.opt.to.prestige":  "🟩 Prestige",
		"sc.ev.chose":         "{player} has chosen a transformation.",
		"sc.ev.transformed":   "{player} transforms {magic} Raw Magic into {into}.",
		"sc.res.money":        "Money", "sc.res.influence": "Influence", "sc.res.magic": "Raw Magic", "sc.res.prestige": "Prestige",

		"sc.ev.mystery":     "The Mystery Player has {influence} Influence.",
		"sc.ev.prestige":    "{player} gains {n} Prestige for Influence.",
		"sc.ev.reward":      "{player} gains the reward: {reward}.",
		"sc.prompt.second":  "Second in Influence: take the reward ({reward}) or {prestige} Prestige?",
		"sc.opt.reward":     "Reward: {reward}",
		"sc.opt.prestige":   "{n} Prestige",
		"sc.prompt.low":     "Take 5 Money or one more buy?",
		"sc.opt.money":      "{n} Money",
		"sc.opt.buy":        "One more buy",
		"sc.prompt.market":  "Your turn at the market: {money} Money, {buys} buys left.",
		"sc.vendor":         "Vendor {n}",
		"sc.vendor.rainbow": "Rainbow vendor",
		"sc.opt.buytile":    "{tile} for {pay}",
		"sc.opt.discard":    "Discard {tile} ({pay} Money)",
		"sc.discards":       "Discard a tile",
		"sc.opt.done":       "Done at the market",
		"sc.ev.money":       "{player} takes {n} Money.",
		"sc.ev.extrabuy":    "{player} takes one more buy.",
		"sc.ev.bought":      "{player} buys {tile} for {pay}.",
		"sc.ev.discarded":   "{player} discards {tile}.",
		"sc.ev.done":        "{player} is done at the market.",
		"sc.ev.collect":     "{player} collects {n} Prestige ({total} in all).",
		"sc.ev.lowgift":     "{player} scored the least Prestige and gets {tile} for free.",
		"sc.ev.monsters":    "Every district gets a monster: {monster}.",
		"sc.ev.year":        "Year {year} begins.",
		"sc.ev.over":        "Year 5 is over: the game ends.",

		"sc.goal.group": "group", "sc.goal.line": "line", "sc.goal.shield": "shield",

		"sc.reward.kill-two":             "kill 2 monsters in your district",
		"sc.reward.two-free-up-to-7":     "2 market tiles costing up to 7 for free",
		"sc.reward.free-any":             "1 market tile of any cost for free",
		"sc.reward.cheaper-and-buy":      "buys cost 2 less, and one more buy",
		"sc.reward.half-price":           "buys at half price",
		"sc.reward.rainbow":              "a rainbow tile for free",
		"sc.reward.four-discards":        "discard up to 4 market tiles for free",
		"sc.reward.give-monster":         "give a monster from your district away",
		"sc.reward.prestige-per-monster": "5 Prestige per monster in your district",
		"sc.reward.vendor-for-all":       "2 tiles from one vendor, everyone else 1",
		"sc.reward.others-destroy":       "everyone else destroys a tile",
		"sc.reward.give-tile":            "give a market tile away for its cost",
		"sc.reward.two-early":            "place 2 tiles before next year",
		"sc.reward.kill-other":           "kill a monster elsewhere for 10",
		"sc.reward.year-5":               "no reward in year 5",

		"sc.monster.dragon": "Dragon", "sc.monster.dark-mage": "Dark Mage", "sc.monster.gelatinous-cube": "Gelatinous Cube",
		"sc.monster.golem": "Golem", "sc.monster.kraken": "Kraken", "sc.monster.lich": "Lich", "sc.monster.skeleton": "Skeleton",
		"sc.monster.chimera": "Chimera", "sc.monster.demon": "Demon", "sc.monster.genie": "Genie", "sc.monster.giant": "Giant",
		"sc.monster.goblin": "Goblin", "sc.monster.invisible-stalker": "Invisible Stalker", "sc.monster.pixie": "Pixie",

		"sc.artifact.boots": "Magic Boots", "sc.artifact.armor": "Armor", "sc.artifact.helmet": "Helmet",
		"sc.artifact.amulet": "Amulet", "sc.artifact.cloak": "Cloak", "sc.artifact.staff": "Staff",
		"sc.artifact.wand": "Wand", "sc.artifact.gem": "Gem", "sc.artifact.gauntlet": "Gauntlet",
		"sc.artifact.ring": "Golden Ring", "sc.artifact.chalice": "Chalice", "sc.artifact.crown": "Crown",

		"sc.spell.move-monster": "move a monster", "sc.spell.purple-buys-pay": "+3 Money per purple tile bought",
		"sc.spell.move-purple": "move a purple tile", "sc.spell.kill-monster": "kill a monster",
		"sc.spell.magic-3": "3 Raw Magic into 3 of each", "sc.spell.magic-5": "5 Raw Magic into 5 of each",
		"sc.spell.move-green": "move a green tile", "sc.spell.move-goal": "move a goal tile",
		"sc.spell.goals-to-prestige": "1 Prestige per 2 goals", "sc.spell.move-yellow": "move a yellow tile",
		"sc.spell.free-tile-6": "a free tile up to 6", "sc.spell.free-discards": "2 free discards",
		"sc.spell.cheaper-2": "buys cost 2 less", "sc.spell.extra-buy": "one more buy",
		"sc.spell.money-to-prestige": "1 Prestige per 3 Money", "sc.spell.free-tile-10": "a free tile up to 10",
		"sc.spell.move-red": "move a red tile", "sc.spell.any-reward": "choose any year's reward",
		"sc.spell.gain-reward": "gain this year's reward", "sc.spell.influence-to-prestige": "1 Prestige per 3 Influence",
		"sc.spell.unused-reward": "use an unused reward", "sc.spell.free-rainbow": "a free rainbow tile",
		"sc.spell.move-rainbow": "move a rainbow tile onto any tile",
		"sc.spell.boots":        "move a red or green tile", "sc.spell.staff": "two transformation cards",
		"sc.spell.wand": "buys cost 1 less, and one more buy", "sc.spell.gem": "a free tile up to 5",
		"sc.spell.gauntlet": "kill a monster next to it", "sc.spell.crown": "green tiles cost 3 less",
	}
	tileForms(m, "cost {cost}")
	return m
}

func catalogDE() map[string]string {
	m := map[string]string{
		"sc.name":        "Sorcerer City",
		"sc.err.players": "Dieses Spiel braucht {min} bis {max} Spieler.",
		"sc.err.over":    "Das Spiel ist vorbei.",
		"sc.err.illegal": "Dieser Zug ist gerade nicht möglich.",
		"sc.standing":    "{money} Geld im letzten Jahr",

		"sc.prompt.build":          "Baue dein Stadtviertel: zieh das nächste Plättchen (noch {left}) oder hör auf.",
		"sc.opt.draw":              "Plättchen ziehen (noch {left})",
		"sc.opt.stop":              "Aufhören zu bauen",
		"sc.prompt.place":          "Lege {tile} an.",
		"sc.spot":                  "Platz {n}",
		"sc.opt.place":             "Platz {n}: {sides}",
		"sc.ev.stopped":            "{player} hört mit {tiles} Plättchen auf zu bauen (noch {left} im Deck).",
		"sc.ev.built":              "{player} hat alle Plättchen gebaut: {tiles} im Stadtviertel.",
		"sc.prompt.placedown":      "Lege das nächste Plättchen verdeckt an (der Unsichtbare Stalker verbirgt es auch vor dir).",
		"sc.opt.placedown":         "Platz {n}, verdeckt",
		"sc.opt.cell":              "{tile} auf {at}",
		"sc.opt.cover":             "Auf {tile}: {sides}",
		"sc.opt.turn":              "Drehen: {sides}",
		"sc.prompt.remove":         "Der Kraken nimmt ein Plättchen: welches kommt unter dein Deck?",
		"sc.prompt.remove-shield":  "Der Gel-Würfel nimmt ein Plättchen mit Wappen: welches kommt unter dein Deck?",
		"sc.prompt.discard-red":    "Der Dämon wirft ein Plättchen mit Rot ab: welches?",
		"sc.prompt.discard-yellow": "Der Kobold wirft ein Plättchen mit Gelb ab: welches?",
		"sc.prompt.destroy":        "Der Drache zerstört ein Plättchen neben sich: welches?",
		"sc.prompt.turn":           "Drehe das aufgedeckte Plättchen auf {at}, wie du willst.",
		"sc.prompt.chimera":        "Die Chimäre zerstört ein Ziel-Plättchen in ihrer Reihe oder Spalte: welches?",
		"sc.ev.moved":              "{player} versetzt {tile}.",
		"sc.ev.underdeck":          "{player} legt {tile} unter das Deck.",
		"sc.ev.discard":            "{player} wirft {tile} ab.",
		"sc.ev.destroyed":          "{player} verliert {tile} für immer.",
		"sc.ev.flipped":            "{player} deckt {tile} auf.",

		"sc.prompt.rainbow": "Für welche Farbe zählt dein Regenbogen-Gruppenziel dieses Jahr?",
		"sc.opt.rainbow":    "{mark} für {points}",
		"sc.ev.rainbow":     "{player} zählt ein Regenbogen-Ziel als {mark}.",
		"sc.ev.scored":      "{player} erzielt 🟨 {money} Geld, 🟥 {influence} Einfluss, 🟪 {magic} Magie, 🟩 {prestige} Prestige.",

		"sc.prompt.spells":    "Wirke deine Zauber der Wertungsphase, in beliebiger Reihenfolge:",
		"sc.opt.cast":         "Wirken: {spell}",
		"sc.opt.nomore":       "Keine Zauber mehr",
		"sc.ev.cast":          "{player} wirkt {spell}: 🟨 {money}, 🟥 {influence}, 🟪 {magic}, 🟩 {prestige}.",
		"sc.opt.to.two":       "Zwei Karten: {a} (mit dem ungeraden Punkt) und {b}",
		"sc.ev.transformed2":  "{player} teilt {magic} Magie in {a} und {b}.",
		"sc.prompt.transform": "Wandle deine {magic} Magie um in:",
		"sc.opt.to.money":     "🟨 Geld",
		"sc.opt.to.influence": "🟥 Einfluss",
		"sc.opt.to.prestige":  "🟩 Prestige",
		"sc.ev.chose":         "{player} hat eine Umwandlung gewählt.",
		"sc.ev.transformed":   "{player} wandelt {magic} Magie in {into} um.",
		"sc.res.money":        "Geld", "sc.res.influence": "Einfluss", "sc.res.magic": "Magie", "sc.res.prestige": "Prestige",

		"sc.ev.mystery":     "Der Mysterie-Spieler hat {influence} Einfluss.",
		"sc.ev.prestige":    "{player} erhält {n} Prestige für Einfluss.",
		"sc.ev.reward":      "{player} erhält die Belohnung: {reward}.",
		"sc.prompt.second":  "Zweiter beim Einfluss: die Belohnung ({reward}) oder {prestige} Prestige?",
		"sc.opt.reward":     "Belohnung: {reward}",
		"sc.opt.prestige":   "{n} Prestige",
		"sc.prompt.low":     "5 Geld oder einen Kauf mehr?",
		"sc.opt.money":      "{n} Geld",
		"sc.opt.buy":        "Einen Kauf mehr",
		"sc.prompt.market":  "Du bist am Markt: {money} Geld, noch {buys} Käufe.",
		"sc.vendor":         "Händler {n}",
		"sc.vendor.rainbow": "Regenbogen-Händler",
		"sc.opt.buytile":    "{tile} für {pay}",
		"sc.opt.discard":    "{tile} abwerfen ({pay} Geld)",
		"sc.discards":       "Ein Plättchen abwerfen",
		"sc.opt.done":       "Fertig am Markt",
		"sc.ev.money":       "{player} nimmt {n} Geld.",
		"sc.ev.extrabuy":    "{player} nimmt einen Kauf mehr.",
		"sc.ev.bought":      "{player} kauft {tile} für {pay}.",
		"sc.ev.discarded":   "{player} wirft {tile} ab.",
		"sc.ev.done":        "{player} ist fertig am Markt.",
		"sc.ev.collect":     "{player} nimmt {n} Prestige (insgesamt {total}).",
		"sc.ev.lowgift":     "{player} hat das wenigste Prestige erzielt und bekommt {tile} geschenkt.",
		"sc.ev.monsters":    "Jedes Stadtviertel bekommt ein Monster: {monster}.",
		"sc.ev.year":        "Jahr {year} beginnt.",
		"sc.ev.over":        "Jahr 5 ist vorbei: das Spiel endet.",

		"sc.goal.group": "Gruppe", "sc.goal.line": "Reihe", "sc.goal.shield": "Wappen",

		"sc.reward.kill-two":             "2 Monster in deinem Stadtviertel töten",
		"sc.reward.two-free-up-to-7":     "2 Markt-Plättchen bis Kosten 7 gratis",
		"sc.reward.free-any":             "1 Markt-Plättchen beliebiger Kosten gratis",
		"sc.reward.cheaper-and-buy":      "Käufe 2 billiger und ein Kauf mehr",
		"sc.reward.half-price":           "Käufe zum halben Preis",
		"sc.reward.rainbow":              "ein Regenbogen-Plättchen gratis",
		"sc.reward.four-discards":        "bis zu 4 Markt-Plättchen gratis abwerfen",
		"sc.reward.give-monster":         "ein Monster aus deinem Stadtviertel verschenken",
		"sc.reward.prestige-per-monster": "5 Prestige je Monster in deinem Stadtviertel",
		"sc.reward.vendor-for-all":       "2 Plättchen von einem Händler, alle anderen 1",
		"sc.reward.others-destroy":       "alle anderen zerstören ein Plättchen",
		"sc.reward.give-tile":            "ein Markt-Plättchen für seine Kosten verschenken",
		"sc.reward.two-early":            "2 Plättchen vor dem nächsten Jahr legen",
		"sc.reward.kill-other":           "ein fremdes Monster für 10 töten",
		"sc.reward.year-5":               "keine Belohnung in Jahr 5",

		"sc.monster.dragon": "Drache", "sc.monster.dark-mage": "Dunkler Magier", "sc.monster.gelatinous-cube": "Gel-Würfel",
		"sc.monster.golem": "Golem", "sc.monster.kraken": "Kraken", "sc.monster.lich": "Leiche", "sc.monster.skeleton": "Skelett",
		"sc.monster.chimera": "Chimäre", "sc.monster.demon": "Dämon", "sc.monster.genie": "Dschinn", "sc.monster.giant": "Riese",
		"sc.monster.goblin": "Kobold", "sc.monster.invisible-stalker": "Unsichtbarer Stalker", "sc.monster.pixie": "Elfe",

		"sc.artifact.boots": "Magische Stiefel", "sc.artifact.armor": "Rüstung", "sc.artifact.helmet": "Schild",
		"sc.artifact.amulet": "Amulett", "sc.artifact.cloak": "Tarnumhang", "sc.artifact.staff": "Stab",
		"sc.artifact.wand": "Zauberstab", "sc.artifact.gem": "Edelstein", "sc.artifact.gauntlet": "Eisenhandschuh",
		"sc.artifact.ring": "Goldener Ring", "sc.artifact.chalice": "Kelch", "sc.artifact.crown": "Krone",

		"sc.spell.move-monster": "ein Monster versetzen", "sc.spell.purple-buys-pay": "+3 Geld je gekauftem lila Plättchen",
		"sc.spell.move-purple": "ein lila Plättchen versetzen", "sc.spell.kill-monster": "ein Monster töten",
		"sc.spell.magic-3": "3 Magie in je 3", "sc.spell.magic-5": "5 Magie in je 5",
		"sc.spell.move-green": "ein grünes Plättchen versetzen", "sc.spell.move-goal": "ein Ziel-Plättchen versetzen",
		"sc.spell.goals-to-prestige": "1 Prestige je 2 Ziele", "sc.spell.move-yellow": "ein gelbes Plättchen versetzen",
		"sc.spell.free-tile-6": "ein Plättchen bis 6 gratis", "sc.spell.free-discards": "2 Plättchen gratis abwerfen",
		"sc.spell.cheaper-2": "Käufe 2 billiger", "sc.spell.extra-buy": "ein Kauf mehr",
		"sc.spell.money-to-prestige": "1 Prestige je 3 Geld", "sc.spell.free-tile-10": "ein Plättchen bis 10 gratis",
		"sc.spell.move-red": "ein rotes Plättchen versetzen", "sc.spell.any-reward": "Belohnung eines beliebigen Jahres",
		"sc.spell.gain-reward": "die Belohnung dieses Jahres", "sc.spell.influence-to-prestige": "1 Prestige je 3 Einfluss",
		"sc.spell.unused-reward": "eine unbenutzte Belohnung", "sc.spell.free-rainbow": "ein Regenbogen-Plättchen gratis",
		"sc.spell.move-rainbow": "ein Regenbogen-Plättchen auf ein beliebiges legen",
		"sc.spell.boots":        "ein rotes oder grünes Plättchen versetzen", "sc.spell.staff": "zwei Umwandel-Karten",
		"sc.spell.wand": "Käufe 1 billiger und ein Kauf mehr", "sc.spell.gem": "ein Plättchen bis 5 gratis",
		"sc.spell.gauntlet": "ein Monster daneben töten", "sc.spell.crown": "grüne Plättchen 3 billiger",
	}
	tileForms(m, "Kosten {cost}")
	return m
}

// tileForms adds the tile name forms for zero to four features, with and
// without a price.
func tileForms(m map[string]string, cost string) {
	form := "{look}"
	for n := 0; n <= 4; n++ {
		if n > 0 {
			sep := " "
			if n > 1 {
				sep = ", "
			}
			form += sep + "{f" + string(rune('0'+n)) + "}{c" + string(rune('0'+n)) + "}"
		}
		key := "sc.tile." + string(rune('0'+n))
		m[key] = form
		m[key+".cost"] = form + " (" + cost + ")"
	}
}
