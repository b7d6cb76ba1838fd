package zauberschwert

import "github.com/tavern-bot/tavern/games"

// catalog holds every text of the game in English and German. Player
// arguments are 1-based seat numbers.
func catalog() games.Catalog {
	en, de := catalogEN(), catalogDE()
	symbolWords(en, map[Symbol]string{Triangle: "triangle", Circle: "circle", Square: "square"})
	symbolWords(de, map[Symbol]string{Triangle: "Dreieck", Circle: "Kreis", Square: "Quadrat"})
	return games.Catalog{"en": en, "de": de}
}

// symbolWords names every order of distinct artifact symbols in words,
// under symbolsKey's keys ("zs.syms.tri.circle": "triangle & circle"): one
// key per combination keeps an option's label a flat text, cheap to build
// in a prompt the bots ask for at every move.
func symbolWords(m map[string]string, words map[Symbol]string) {
	all := []Symbol{Triangle, Circle, Square}
	var add func(key, text string, used map[Symbol]bool)
	add = func(key, text string, used map[Symbol]bool) {
		for _, s := range all {
			if used[s] {
				continue
			}
			k, t := key+"."+string(s), words[s]
			if text != "" {
				t = text + " & " + t
			}
			m[k] = t
			used[s] = true
			add(k, t, used)
			used[s] = false
		}
	}
	add("zs.syms", "", map[Symbol]bool{})
}

// symbolsKey is the catalog key of a's symbols in words.
func symbolsKey(a Artifact) string {
	key := "zs.syms"
	for _, s := range a.Symbols {
		key += "." + string(s)
	}
	return key
}

func ruleTopics() []games.RuleTopic {
	var out []games.RuleTopic
	for _, id := range []string{"goal", "round", "cards", "spells", "creatures", "trade", "end"} {
		out = append(out, games.RuleTopic{ID: id, Title: games.T("zs.rules." + id + ".title"), Body: games.T("zs.rules." + id)})
	}
	return out
}

func catalogEN() map[string]string {
	return map[string]string{
		"zs.name":        "Zauberschwert & Drachenei",
		"zs.err.players": "This game needs {min} to {max} players.",
		"zs.err.over":    "The game is over.",
		"zs.err.illegal": "That move is not possible right now.",

		"zs.phase.A": "A: new adventures", "zs.phase.B": "B: magic supply", "zs.phase.C": "C: choose adventures",
		"zs.phase.D": "D: resolve adventures", "zs.phase.E": "E: trade and lay out artifacts", "zs.phase.F": "F: new start player",
		"zs.window.B": "magic supply", "zs.window.D": "before the adventure is resolved", "zs.window.E": "before trading",

		"zs.symbol.tri": "▶", "zs.symbol.circle": "●", "zs.symbol.square": "■",
		"zs.card": "#{n} ({symbols})", "zs.card.part": "#{n} ({symbols}, part {part} of 2)", "zs.card.list": "{a}; {b}", "zs.card.none": "nothing",
		"zs.card.orb": "Energy orb", "zs.card.holy": "Holy site", "zs.card.spiders": "Spiders",
		"zs.card.goblins": "Goblins", "zs.card.shadows": "Shadows", "zs.card.dragons": "Dragons",
		"zs.spell.fulmentus": "Fulmentus", "zs.spell.stonex": "Stonex", "zs.spell.addus": "Addus",
		"zs.spell.retransformus": "Retransformus", "zs.spell.transformus": "Transformus", "zs.spell.harpagarus": "Harpagarus",
		"zs.spell.fulmentus.effect":     "Lightning: a creature you are about to fight loses 2 strength (never below 1).",
		"zs.spell.stonex.effect":        "Turn 3 magic into 1 power stone.",
		"zs.spell.addus.effect":         "Gain 2 magic.",
		"zs.spell.retransformus.effect": "Turn 1 power stone back into 3 magic.",
		"zs.spell.transformus.effect":   "Turn 2 magic into an artifact card from the pile.",
		"zs.spell.harpagarus.effect":    "Take up to 2 magic from another wizard.",
		"zs.art.wand":                   "Wand", "zs.art.amulet": "Amulet", "zs.art.crown": "Crown", "zs.art.chalice": "Chalice",
		"zs.art.cloak": "Cloak", "zs.art.book": "Spell book", "zs.art.ring": "Ring", "zs.art.sapphire": "Star sapphire",
		"zs.art.potion": "Potion", "zs.art.rune": "Rune stone",

		"zs.prompt.spell":    "Cast a spell ({window})?",
		"zs.prompt.place":    "Place your wizard at an adventure, or pass for 1 magic.",
		"zs.prompt.choose":   "{card} (strength {strength}): fight together or alone?",
		"zs.prompt.bid":      "Auction for {card}: bid at least {min} magic, or pass.",
		"zs.prompt.bid_open": "Auction for {card}: you open, with {min} magic or more.",
		"zs.prompt.bonus":    "Your artifact pays {n}: power stones or magic?",
		"zs.prompt.trade":    "Trade artifact cards: make an offer, answer offers, or finish trading.",
		"zs.prompt.draft":    "Compose your offer, card for card: as many cards you ask for as you give, then send.",
		"zs.prompt.lay":      "Lay out complete artifacts (they pay bonuses from next round on).",

		"zs.opt.cast": "Cast {spell}", "zs.opt.cast_on": "Cast {spell} on {player}", "zs.opt.nospell": "No spell",
		"zs.opt.place": "Wizard to {card} (card {slot})", "zs.opt.pass": "Pass (+1 magic)",
		"zs.opt.together": "Together", "zs.opt.alone": "Alone",
		"zs.opt.bid": "Bid {n}", "zs.opt.bid_pass": "Pass",
		"zs.opt.bonus_stones": "Power stones", "zs.opt.bonus_magic": "Magic",
		"zs.opt.to": "Offer to {player}", "zs.opt.give": "Give {artifact} {card}", "zs.opt.want": "Ask for {artifact} {card}",
		"zs.opt.send": "Send offer", "zs.opt.cancel": "Discard offer", "zs.opt.wd": "Withdraw my offer",
		"zs.opt.acc": "Accept {player}: you get {give}, you give {want}", "zs.opt.dec": "Decline {player}'s offer",
		"zs.opt.done":  "Done trading",
		"zs.grp.spell": "Spells", "zs.grp.bid": "Bids", "zs.grp.place": "Placement", "zs.grp.fight": "Fight",
		"zs.grp.bonus": "Bonus", "zs.grp.lay": "Lay out", "zs.grp.offer": "Offers to you",
		"zs.grp.give": "Cards you give", "zs.grp.want": "Cards you ask for",
		"zs.opt.lay": "Lay out {artifact} ({symbols}; {cards})", "zs.opt.lay_all": "Lay out all", "zs.opt.lay_none": "Finish laying out",

		"zs.ev.income":           "Round {round}: every wizard gains 2 magic.",
		"zs.ev.start_player":     "{player} takes the start player card.",
		"zs.ev.game_over":        "The display cannot be refilled: the game ends.",
		"zs.ev.end":              "After round {round} the display cannot be refilled to two adventure cards, the pile holds only {left}: the game ends.",
		"zs.ev.end.one":          "After round {round} the display cannot be refilled to two adventure cards, the pile holds only {left}: the game ends.",
		"zs.ev.end.empty":        "After round {round} the display cannot be refilled to two adventure cards, the pile is empty: the game ends.",
		"zs.ev.discarded":        "{card} was not chosen and leaves the game.",
		"zs.ev.orb":              "{player} gains {n} magic from the energy orb.",
		"zs.ev.holy":             "{player} gains {n} and an artifact card at the holy site.",
		"zs.ev.holy_nocard":      "{player} gains {n} at the holy site; no artifact card is left.",
		"zs.ev.too_weak":         "{player} lacks the magic for {card}; it stays.",
		"zs.ev.too_weak_all":     "Nobody can pay for {card}; it stays.",
		"zs.ev.spell_won":        "{player} takes {spell} for {n} magic.",
		"zs.ev.defeated":         "{player} defeats {card} for {cost} magic: {stones}, {cards}.",
		"zs.ev.defeated_onecard": "{player} defeats {card} for {cost} magic: {stones}, 1 artifact card.",
		"zs.ev.defeated_nocard":  "{player} defeats {card} for {cost} magic: {stones}; no artifact card is left.",
		"zs.ev.bonus":            "{player}'s {artifact} pays {stones} and {magic} magic.",
		"zs.ev.bonus_stones":     "{player} takes {n} as bonus.",
		"zs.ev.bonus_magic":      "{player} takes {n} as bonus.",
		"zs.ev.drop_out":         "{player} cannot pay the share and drops out.",
		"zs.ev.conflict":         "Someone wants {card} alone: auction!",
		"zs.ev.bid":              "{player} bids {n}.",
		"zs.ev.bid_pass":         "{player} passes.",
		"zs.ev.no_bid":           "Nobody bids for {card}; it stays.",
		"zs.ev.cast":             "{player} casts {spell}.",
		"zs.ev.stolen":           "{player} takes {n} magic from {victim}.",
		"zs.ev.offer":            "{player} makes an offer to {to}.",
		"zs.ev.declined":         "{player} declines {from}'s offer.",
		"zs.ev.traded":           "{player} and {to} trade {gave} for {got} cards.",
		"zs.ev.done_trading":     "{player} is done trading.",
		"zs.ev.laid":             "{player} lays out {artifact}.",
		"zs.ev.passed":           "{player} passes (+1 magic).",
		"zs.ev.placed":           "{player} goes to {card}.",
		"zs.ev.chose":            "{player} has decided.",
		"zs.ev.pile_empty":       "The artifact pile is empty.",
		"zs.standing":            "{stones}, {magic} magic, {laid}",

		"zs.rules.goal.title":      "Goal",
		"zs.rules.goal":            "Wizards defeat creatures for power stones and artifact cards. The most power stones at the end wins; ties go to more magic, then to more laid-out artifact cards.",
		"zs.rules.round.title":     "A round",
		"zs.rules.round":           "A: the display is refilled to two adventures (leftovers stay). B: everyone gains 2 magic (30 at most, excess is lost). C: from the start player on, each places the wizard at one card or passes for 1 magic. D: the start player's card is resolved first, then the other; unchosen creatures stay, other unchosen cards leave. E: trade artifact cards, then lay out complete artifacts. F: the start player passes to the left.",
		"zs.rules.cards.title":     "Adventures",
		"zs.rules.cards":           "Energy orb: every wizard there gains its magic. Holy site: every wizard there gains its power stones and draws an artifact card. Spell: alone you take it for free; with others it is auctioned for magic (the start player or the next involved wizard opens, only the winner pays).",
		"zs.rules.spells.title":    "Spells",
		"zs.rules.spells":          "Each spell can be cast once per round by its owner: after magic supply, before a creature or a contested spell is resolved (also if you passed), and before trading. Owners are asked in order from the start player. Fulmentus -2 strength on your creature; Stonex 3 magic → 1 stone; Addus +2 magic; Retransformus 1 stone → 3 magic; Transformus 2 magic → 1 artifact card; Harpagarus take up to 2 magic from a wizard.",
		"zs.rules.creatures.title": "Creatures",
		"zs.rules.creatures":       "Alone: pay the strength in magic for the single reward, or the creature stays. Several: each chooses together or alone. All together: split the strength evenly, rounded up; who cannot pay drops out and the rest split again; winners get the shared reward (one left: the single reward). Anyone alone: auction from the strength upward; the winner pays the bid and gets the single reward, the others pay nothing. Laid-out artifacts with the creature's symbol pay their bonus to winners.",
		"zs.rules.trade.title":     "Trading",
		"zs.rules.trade":           "In phase E you may offer hand cards for another player's hand cards (in DMs). The other player accepts or declines. When everyone pressed \"done trading\", everyone lays out complete artifacts (one-part cards or both halves).",
		"zs.rules.end.title":       "End",
		"zs.rules.end":             "The game ends as soon as the display cannot be refilled to two cards. An empty artifact pile is not refilled.",
		"zs.stones":                "{n} power stones",
		"zs.stones.one":            "{n} power stone",
		"zs.points":                "{n} power stones",
		"zs.points.one":            "{n} power stone",
		"zs.cards":                 "{n} artifact cards",
		"zs.cards.one":             "{n} artifact card",
		"zs.laid":                  "{n} artifact cards laid out",
		"zs.laid.one":              "{n} artifact card laid out",
		"zs.magic":                 "{n} magic",
	}
}

func catalogDE() map[string]string {
	return map[string]string{
		"zs.name":        "Zauberschwert & Drachenei",
		"zs.err.players": "Dieses Spiel braucht {min} bis {max} Spieler.",
		"zs.err.over":    "Das Spiel ist vorbei.",
		"zs.err.illegal": "Dieser Zug ist gerade nicht möglich.",

		"zs.phase.A": "A: Neue Abenteuerkarten", "zs.phase.B": "B: Magieversorgung", "zs.phase.C": "C: Abenteuer auswählen",
		"zs.phase.D": "D: Auswertung der Abenteuer", "zs.phase.E": "E: Tauschen und Artefakte auslegen", "zs.phase.F": "F: Startspielerwechsel",
		"zs.window.B": "Magieversorgung", "zs.window.D": "vor der Auswertung", "zs.window.E": "vor dem Tauschen",

		"zs.symbol.tri": "▶", "zs.symbol.circle": "●", "zs.symbol.square": "■",
		"zs.card": "#{n} ({symbols})", "zs.card.part": "#{n} ({symbols}, Teil {part} von 2)", "zs.card.list": "{a}; {b}", "zs.card.none": "nichts",
		"zs.card.orb": "Energiekugel", "zs.card.holy": "Heilige Stätte", "zs.card.spiders": "Spinnen",
		"zs.card.goblins": "Goblins", "zs.card.shadows": "Schatten", "zs.card.dragons": "Drachen",
		"zs.spell.fulmentus": "Fulmentus", "zs.spell.stonex": "Stonex", "zs.spell.addus": "Addus",
		"zs.spell.retransformus": "Retransformus", "zs.spell.transformus": "Transformus", "zs.spell.harpagarus": "Harpagarus",
		"zs.spell.fulmentus.effect":     "Blitz: Eine Kreatur, gegen die du gleich antrittst, verliert 2 Stärke (nie unter 1).",
		"zs.spell.stonex.effect":        "Verwandle 3 Magie in 1 Machtstein.",
		"zs.spell.addus.effect":         "Erhalte 2 Magie.",
		"zs.spell.retransformus.effect": "Verwandle 1 Machtstein zurück in 3 Magie.",
		"zs.spell.transformus.effect":   "Verwandle 2 Magie in eine Artefaktkarte vom Stapel.",
		"zs.spell.harpagarus.effect":    "Nimm einem anderen Zauberer bis zu 2 Magie weg.",
		"zs.art.wand":                   "Zauberstab", "zs.art.amulet": "Amulett", "zs.art.crown": "Krone", "zs.art.chalice": "Kelch",
		"zs.art.cloak": "Umhang", "zs.art.book": "Zauberbuch", "zs.art.ring": "Ring", "zs.art.sapphire": "Sternsaphir",
		"zs.art.potion": "Zaubertrank", "zs.art.rune": "Runenstein",

		"zs.prompt.spell":    "Einen Zauberspruch einsetzen ({window})?",
		"zs.prompt.place":    "Setze deinen Zauberer an ein Abenteuer oder passe für 1 Magie.",
		"zs.prompt.choose":   "{card} (Stärke {strength}): gemeinsam oder allein antreten?",
		"zs.prompt.bid":      "Versteigerung um {card}: biete mindestens {min} Magie oder passe.",
		"zs.prompt.bid_open": "Versteigerung um {card}: du eröffnest, mit mindestens {min} Magie.",
		"zs.prompt.bonus":    "Dein Artefakt bringt {n}: Machtsteine oder Magie?",
		"zs.prompt.trade":    "Artefaktkarten tauschen: mache ein Angebot, beantworte Angebote oder beende das Tauschen.",
		"zs.prompt.draft":    "Stelle dein Angebot zusammen, Karte gegen Karte: so viele Karten, wie du gibst, forderst du, dann absenden.",
		"zs.prompt.lay":      "Lege vollständige Artefakte aus (sie bringen ab der nächsten Runde Boni).",

		"zs.opt.cast": "{spell} einsetzen", "zs.opt.cast_on": "{spell} gegen {player}", "zs.opt.nospell": "Kein Zauberspruch",
		"zs.opt.place": "Zauberer zu {card} (Karte {slot})", "zs.opt.pass": "Passen (+1 Magie)",
		"zs.opt.together": "Gemeinsam", "zs.opt.alone": "Allein",
		"zs.opt.bid": "{n} bieten", "zs.opt.bid_pass": "Passen",
		"zs.opt.bonus_stones": "Machtsteine", "zs.opt.bonus_magic": "Magie",
		"zs.opt.to": "Angebot an {player}", "zs.opt.give": "Gib {artifact} {card}", "zs.opt.want": "Verlange {artifact} {card}",
		"zs.opt.send": "Angebot senden", "zs.opt.cancel": "Angebot verwerfen", "zs.opt.wd": "Mein Angebot zurückziehen",
		"zs.opt.acc": "{player} annehmen: du bekommst {give}, du gibst {want}", "zs.opt.dec": "Angebot von {player} ablehnen",
		"zs.opt.done":  "Fertig mit Tauschen",
		"zs.grp.spell": "Zaubersprüche", "zs.grp.bid": "Gebote", "zs.grp.place": "Platzieren", "zs.grp.fight": "Kampf",
		"zs.grp.bonus": "Bonus", "zs.grp.lay": "Auslegen", "zs.grp.offer": "Angebote an dich",
		"zs.grp.give": "Karten, die du gibst", "zs.grp.want": "Karten, die du verlangst",
		"zs.opt.lay": "{artifact} ({symbols}; {cards}) auslegen", "zs.opt.lay_all": "Alle auslegen", "zs.opt.lay_none": "Auslegen beenden",

		"zs.ev.income":           "Runde {round}: Jeder Zauberer erhält 2 Magie.",
		"zs.ev.start_player":     "{player} erhält die Startspielerkarte.",
		"zs.ev.game_over":        "Die Auslage kann nicht mehr aufgefüllt werden: Spielende.",
		"zs.ev.end":              "Nach Runde {round} kann die Auslage nicht mehr auf 2 Abenteuerkarten ergänzt werden, im Stapel liegen nur noch {left}: Spielende.",
		"zs.ev.end.one":          "Nach Runde {round} kann die Auslage nicht mehr auf 2 Abenteuerkarten ergänzt werden, im Stapel liegt nur noch {left}: Spielende.",
		"zs.ev.end.empty":        "Nach Runde {round} kann die Auslage nicht mehr auf 2 Abenteuerkarten ergänzt werden, der Stapel ist leer: Spielende.",
		"zs.ev.discarded":        "{card} wurde nicht gewählt und verlässt das Spiel.",
		"zs.ev.orb":              "{player} erhält {n} Magie von der Energiekugel.",
		"zs.ev.holy":             "{player} erhält {n} und eine Artefaktkarte an der Heiligen Stätte.",
		"zs.ev.holy_nocard":      "{player} erhält {n} an der Heiligen Stätte; es ist keine Artefaktkarte mehr übrig.",
		"zs.ev.too_weak":         "{player} fehlt die Magie für {card}; sie bleibt liegen.",
		"zs.ev.too_weak_all":     "Niemand kann {card} bezahlen; sie bleibt liegen.",
		"zs.ev.spell_won":        "{player} nimmt {spell} für {n} Magie.",
		"zs.ev.defeated":         "{player} besiegt {card} für {cost} Magie: {stones}, {cards}.",
		"zs.ev.defeated_onecard": "{player} besiegt {card} für {cost} Magie: {stones}, 1 Artefaktkarte.",
		"zs.ev.defeated_nocard":  "{player} besiegt {card} für {cost} Magie: {stones}; es ist keine Artefaktkarte mehr übrig.",
		"zs.ev.bonus":            "{artifact} von {player} bringt {stones} und {magic} Magie.",
		"zs.ev.bonus_stones":     "{player} nimmt {n} als Bonus.",
		"zs.ev.bonus_magic":      "{player} nimmt {n} als Bonus.",
		"zs.ev.drop_out":         "{player} kann seinen Anteil nicht zahlen und scheidet aus.",
		"zs.ev.conflict":         "Jemand will {card} allein besiegen: Versteigerung!",
		"zs.ev.bid":              "{player} bietet {n}.",
		"zs.ev.bid_pass":         "{player} passt.",
		"zs.ev.no_bid":           "Niemand bietet für {card}; sie bleibt liegen.",
		"zs.ev.cast":             "{player} setzt {spell} ein.",
		"zs.ev.stolen":           "{player} nimmt {victim} {n} Magie weg.",
		"zs.ev.offer":            "{player} macht {to} ein Angebot.",
		"zs.ev.declined":         "{player} lehnt das Angebot von {from} ab.",
		"zs.ev.traded":           "{player} und {to} tauschen {gave} gegen {got} Karten.",
		"zs.ev.done_trading":     "{player} ist fertig mit Tauschen.",
		"zs.ev.laid":             "{player} legt {artifact} aus.",
		"zs.ev.passed":           "{player} passt (+1 Magie).",
		"zs.ev.placed":           "{player} geht zu {card}.",
		"zs.ev.chose":            "{player} hat sich entschieden.",
		"zs.ev.pile_empty":       "Der Artefaktstapel ist aufgebraucht.",
		"zs.standing":            "{stones}, {magic} Magie, {laid}",

		"zs.rules.goal.title":      "Ziel",
		"zs.rules.goal":            "Zauberer besiegen Kreaturen und erhalten dafür Machtsteine und Artefaktkarten. Wer am Ende die meisten Machtsteine hat, gewinnt; bei Gleichstand zählt mehr Magie, dann mehr ausgelegte Artefaktkarten.",
		"zs.rules.round.title":     "Eine Runde",
		"zs.rules.round":           "A: Die Auslage wird auf zwei Abenteuer ergänzt (übrige bleiben). B: Alle erhalten 2 Magie (höchstens 30, der Rest verfällt). C: Ab dem Startspieler setzt jeder seinen Zauberer an eine Karte oder passt für 1 Magie. D: Die Karte des Startspielers wird zuerst ausgewertet, dann die andere; nicht gewählte Kreaturen bleiben, andere nicht gewählte Karten gehen. E: Artefaktkarten tauschen, dann vollständige Artefakte auslegen. F: Der Startspieler gibt nach links weiter.",
		"zs.rules.cards.title":     "Abenteuer",
		"zs.rules.cards":           "Energiekugel: Jeder Zauberer dort erhält ihre Magie. Heilige Stätte: Jeder Zauberer dort erhält ihre Machtsteine und zieht eine Artefaktkarte. Zauberspruch: Allein bekommst du ihn umsonst; mit anderen wird er um Magie versteigert (Startspieler oder nächster Beteiligter beginnt, nur der Gewinner zahlt).",
		"zs.rules.spells.title":    "Zaubersprüche",
		"zs.rules.spells":          "Jeder Zauberspruch kann einmal pro Runde eingesetzt werden: nach der Magieversorgung, vor der Auswertung einer Kreatur oder eines umkämpften Zauberspruchs (auch wenn du gepasst hast) und vor dem Tauschen. Gefragt wird ab dem Startspieler. Fulmentus -2 Stärke für deine Kreatur; Stonex 3 Magie → 1 Machtstein; Addus +2 Magie; Retransformus 1 Machtstein → 3 Magie; Transformus 2 Magie → 1 Artefaktkarte; Harpagarus nimmt einem Zauberer bis zu 2 Magie.",
		"zs.rules.creatures.title": "Kreaturen",
		"zs.rules.creatures":       "Allein: Zahle die Stärke in Magie für den Einzelgewinn, sonst bleibt die Kreatur. Mehrere: Jeder wählt gemeinsam oder allein. Alle gemeinsam: Die Stärke wird gleichmäßig geteilt (aufgerundet); wer nicht zahlen kann, scheidet aus, der Rest teilt neu; Sieger erhalten den gemeinsamen Gewinn (bleibt einer übrig: den Einzelgewinn). Will einer allein: Versteigerung ab der Stärke; der Gewinner zahlt sein Gebot und erhält den Einzelgewinn, die anderen zahlen nichts. Ausgelegte Artefakte mit dem Symbol der Kreatur bringen Siegern ihren Bonus.",
		"zs.rules.trade.title":     "Tauschen",
		"zs.rules.trade":           "In Phase E kannst du Handkarten gegen Handkarten eines Mitspielers anbieten (per DM). Der andere nimmt an oder lehnt ab. Haben alle \"Fertig mit Tauschen\" gedrückt, legen alle vollständige Artefakte aus (einteilige Karten oder beide Hälften).",
		"zs.rules.end.title":       "Spielende",
		"zs.rules.end":             "Das Spiel endet, sobald die Auslage nicht mehr auf zwei Karten ergänzt werden kann. Ein leerer Artefaktstapel wird nicht aufgefüllt.",
		"zs.stones":                "{n} Machtsteine",
		"zs.stones.one":            "{n} Machtstein",
		// A score as the end tells it, after "mit": "gewinnt mit 29 Machtsteinen".
		"zs.points":     "{n} Machtsteinen",
		"zs.points.one": "{n} Machtstein",
		"zs.cards":      "{n} Artefaktkarten",
		"zs.cards.one":  "{n} Artefaktkarte",
		"zs.laid":       "{n} ausgelegte Artefaktkarten",
		"zs.laid.one":   "{n} ausgelegte Artefaktkarte",
		"zs.magic":      "{n} Magie",
	}
}

// stonesText counts power stones, in the form for one when there is one.
func stonesText(n int) games.Text { return games.Counted("zs.stones", "n", "n", n) }

// pointsText is a final score as the end tells it ("wins with 29 power
// stones"; German in the dative: "mit 29 Machtsteinen").
func pointsText(n int) games.Text { return games.Counted("zs.points", "n", "n", n) }

// cardsText counts artifact cards, in the form for one when there is one.
func cardsText(n int) games.Text { return games.Counted("zs.cards", "n", "n", n) }
