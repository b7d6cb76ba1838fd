package dungeondesigner

import (
	"fmt"
	"strconv"

	"github.com/tavern-bot/tavern/games"
)

// Arguments named "seat" in narration carry a 0-based seat index; the
// command surface replaces them with the player's name or mention.

var messages = map[string][2]string{ // key -> {en, de}
	"dd.name":           {"Dungeon Designer", "Dungeon Designer"},
	"dd.option.solo":    {"Difficulty against Jael (solo only)", "Schwierigkeit gegen Jael (nur solo)"},
	"dd.err.players":    {"Dungeon Designer is played by 1 to 5 players.", "Dungeon Designer spielt ihr zu 1 bis 5 Personen."},
	"dd.err.difficulty": {"The solo difficulty must be normal or legendary.", "Die Solo-Schwierigkeit muss normal oder legendär sein."},
	"dd.err.move":       {"That move is not possible now.", "Dieser Zug ist gerade nicht möglich."},
	"dd.err.turn":       {"It is not your turn.", "Du bist nicht am Zug."},
	"dd.err.afford":     {"You cannot buy that part.", "Diesen Teil kannst du nicht kaufen."},
	"dd.err.spot":       {"The tile cannot go there.", "Das Plättchen kann dort nicht liegen."},
	"dd.err.over":       {"The game is over.", "Die Partie ist vorbei."},

	"dd.prompt.pick":    {"Year {year}, pass {pass}: choose a chamber and its column.", "Jahr {year}, Durchgang {pass}: Wähle einen Raum und seine Spalte."},
	"dd.prompt.discard": {"Choose a chamber to discard.", "Wähle einen Raum zum Ablegen."},
	"dd.prompt.keep":    {"Choose a chamber to keep for the next pass.", "Wähle einen Raum, den du für den nächsten Durchgang behältst."},
	"dd.prompt.market":  {"Market: buy a stall part or pass ({gold} gold).", "Markt: Kaufe einen Teil eines Marktstands oder passe ({gold} Gold)."},
	"dd.prompt.place":   {"Place the tile: {tile}.", "Platziere das Plättchen: {tile}."},

	"dd.opt.pick":      {"{room} in column {col}", "{room} in Spalte {col}"},
	"dd.opt.room":      {"{room}", "{room}"},
	"dd.opt.buy.u":     {"Stall {stall}, upper part ({cost} gold)", "Marktstand {stall}, oberer Teil ({cost} Gold)"},
	"dd.opt.buy.l":     {"Stall {stall}, lower part ({cost} gold)", "Marktstand {stall}, unterer Teil ({cost} Gold)"},
	"dd.opt.pass_task": {"Pass and take task {task}", "Passen und Aufgabe {task} nehmen"},
	"dd.opt.pass":      {"Pass", "Passen"},
	"dd.opt.edge":      {"Spot {n}: row {row}, column {col}, {side} edge", "Platz {n}: Reihe {row}, Spalte {col}, Kante {side}"},
	"dd.opt.spot":      {"Spot {n}: row {row}, column {col}, {spot}", "Platz {n}: Reihe {row}, Spalte {col}, {spot}"},
	"dd.grp.cell":      {"Row {row}, column {col}", "Reihe {row}, Spalte {col}"},
	"dd.grp.buy":       {"Buy from a stall", "An einem Marktstand kaufen"},
	"dd.grp.pass":      {"Pass", "Passen"},
	"dd.opt.drop":      {"No free spot: discard the tile", "Kein freier Platz: Plättchen ablegen"},

	"dd.side.t":        {"top", "oben"},
	"dd.side.r":        {"right", "rechts"},
	"dd.side.b":        {"bottom", "unten"},
	"dd.side.l":        {"left", "links"},
	"dd.quad.tl":       {"top left", "oben links"},
	"dd.quad.tr":       {"top right", "oben rechts"},
	"dd.quad.bl":       {"bottom left", "unten links"},
	"dd.quad.br":       {"bottom right", "unten rechts"},
	"dd.part.upper":    {"upper part", "oberer Teil"},
	"dd.part.lower":    {"lower part", "unterer Teil"},
	"dd.partacc.upper": {"upper part", "oberen Teil"},
	"dd.partacc.lower": {"lower part", "unteren Teil"},
	"dd.phase.build":   {"Build", "Bauen"},
	"dd.phase.improve": {"Improve", "Verbessern"},
	"dd.phase.over":    {"Game over", "Spielende"},
	"dd.type.cave":     {"cave", "Höhle"},
	"dd.type.masonry":  {"masonry", "Gemäuer"},
	"dd.rune.red":      {"red rune", "rote Rune"},
	"dd.rune.green":    {"green rune", "grüne Rune"},
	"dd.rune.blue":     {"blue rune", "blaue Rune"},
	"dd.tier.plain":    {"no symbol", "ohne Symbol"},
	"dd.tier.diamond":  {"diamond", "Diamant"},
	"dd.tier.crown":    {"crown", "Krone"},
	"dd.shape.circle":  {"round", "rund"},
	"dd.shape.oval":    {"oval", "oval"},
	"dd.shape.square":  {"square", "eckig"},

	"dd.ev.ready":           {"{seat} has chosen.", "{seat} hat gewählt."},
	"dd.ev.placed":          {"{seat} builds {room} in column {col}.", "{seat} baut {room} in Spalte {col}."},
	"dd.ev.improve":         {"Year {year}: the market opens.", "Jahr {year}: Der Markt öffnet."},
	"dd.ev.bought":          {"{seat} buys from stall {stall} for {cost} gold.", "{seat} kauft an Marktstand {stall} für {cost} Gold."},
	"dd.ev.passed":          {"{seat} passes.", "{seat} passt."},
	"dd.ev.task":            {"{seat} takes task {task}.", "{seat} nimmt Aufgabe {task}."},
	"dd.ev.dropped":         {"{seat} has no chamber for {tile} and discards it.", "{seat} hat keinen Platz für {tile} und legt es ab."},
	"dd.ev.tile":            {"{seat} places {tile} in row {row}, column {col}.", "{seat} legt {tile} in Reihe {row}, Spalte {col}."},
	"dd.ev.passage":         {"{seat} lays a secret passage on the {side} edge of the chamber in row {row}, column {col}.", "{seat} legt einen Geheimgang an die Kante {side} des Raums in Reihe {row}, Spalte {col}."},
	"dd.ev.over":            {"The game is over: the dungeons are scored.", "Die Partie ist vorbei: Die Verliese werden gewertet."},
	"dd.ev.year":            {"Year {year} begins.", "Jahr {year} beginnt."},
	"dd.ev.end":             {"Year 4 is over: all four years are played, and the dungeons are scored.", "Das 4. Jahr ist vorbei: Alle vier Jahre sind gespielt, die Verliese werden gewertet."},
	"dd.points":             {"{n} prestige", "{n} Ansehen"},
	"dd.tiebreak":           {"further left in the final order", "weiter links in der Rangfolge"},
	"dd.ev.jael_room":       {"Jael takes {room}.", "Jael nimmt {room}."},
	"dd.ev.jael_collect":    {"Jael collects the {part} of stall {stall}.", "Jael sammelt den {part} von Marktstand {stall} ein."},
	"dd.ev.jael_task":       {"Task {task} is discarded.", "Aufgabe {task} wird abgelegt."},
	"dd.ev.jael_rest":       {"Jael takes the {n} tiles left on the market.", "Jael nimmt die {n} übrigen Plättchen vom Markt."},
	"dd.ev.jael_rest.one":   {"Jael takes the last tile left on the market.", "Jael nimmt das letzte übrige Plättchen vom Markt."},
	"dd.standing":           {"{points} prestige", "{points} Ansehen"},
	"dd.standing.solo_won":  {"{points} prestige: you beat Jael ({jael})", "{points} Ansehen: Du schlägst Jael ({jael})"},
	"dd.standing.solo_lost": {"{points} prestige: Jael wins with {jael}", "{points} Ansehen: Jael gewinnt mit {jael}"},
	"dd.standing.jael":      {"{points} prestige", "{points} Ansehen"},
	"dd.jael":               {"Jael", "Jael"},

	"dd.el.gnoll":    {"gnoll", "Gnoll"},
	"dd.el.goblin":   {"goblin", "Goblin"},
	"dd.el.kobold":   {"kobold", "Kobold"},
	"dd.el.slime":    {"slime", "Schleim"},
	"dd.el.ooze":     {"ooze", "Glibber"},
	"dd.el.bear":     {"bear trap", "Tellerfalle"},
	"dd.el.blade":    {"blade trap", "Klingenfalle"},
	"dd.el.fire":     {"fire trap", "Feuerfalle"},
	"dd.el.pit":      {"pit trap", "Grubenfalle"},
	"dd.el.spike":    {"spike trap", "Stachelfalle"},
	"dd.el.treasure": {"treasure chest", "Schatztruhe"},
	"dd.el.passage":  {"secret passage", "Geheimgang"},

	"dd.thing.gnoll":    {"gnolls", "Gnolle"},
	"dd.thing.goblin":   {"goblins", "Goblins"},
	"dd.thing.kobold":   {"kobolds", "Kobolde"},
	"dd.thing.slime":    {"slimes", "Schleime"},
	"dd.thing.ooze":     {"oozes", "Glibber"},
	"dd.thing.monster":  {"monsters", "Monster"},
	"dd.thing.trap":     {"traps", "Fallen"},
	"dd.thing.treasure": {"treasure chests", "Schatztruhen"},
	"dd.thing.star":     {"stars", "Sterne"},
	"dd.thing.passage":  {"secret passages", "Geheimgänge"},
	"dd.thing.cave":     {"cave chambers", "Höhlen"},
	"dd.thing.masonry":  {"masonry chambers", "Gemäuer"},

	// One of a thing, after "per"/"je" and in sets.
	"dd.one.gnoll":    {"gnoll", "Gnoll"},
	"dd.one.goblin":   {"goblin", "Goblin"},
	"dd.one.kobold":   {"kobold", "Kobold"},
	"dd.one.slime":    {"slime", "Schleim"},
	"dd.one.ooze":     {"ooze", "Glibber"},
	"dd.one.monster":  {"monster", "Monster"},
	"dd.one.trap":     {"trap", "Falle"},
	"dd.one.treasure": {"treasure chest", "Schatztruhe"},
	"dd.one.star":     {"star", "Stern"},
	"dd.one.passage":  {"secret passage", "Geheimgang"},
	"dd.one.cave":     {"cave chamber", "Höhle"},
	"dd.one.masonry":  {"masonry chamber", "Gemäuer"},

	// Things after "with"/"mit" and "of"/"aus" (German dative plural).
	"dd.dat.gnoll":    {"gnolls", "Gnollen"},
	"dd.dat.goblin":   {"goblins", "Goblins"},
	"dd.dat.kobold":   {"kobolds", "Kobolden"},
	"dd.dat.slime":    {"slimes", "Schleimen"},
	"dd.dat.ooze":     {"oozes", "Glibbern"},
	"dd.dat.monster":  {"monsters", "Monstern"},
	"dd.dat.trap":     {"traps", "Fallen"},
	"dd.dat.treasure": {"treasure chests", "Schatztruhen"},
	"dd.dat.star":     {"stars", "Sternen"},
	"dd.dat.passage":  {"secret passages", "Geheimgängen"},
	"dd.dat.cave":     {"cave chambers", "Höhlen"},
	"dd.dat.masonry":  {"masonry chambers", "Gemäuern"},

	"dd.goal.most":   {"Most {thing} (at least one)", "Die meisten {thing} (mindestens 1)"},
	"dd.goal.fewest": {"Fewest {thing} (none counts)", "Die wenigsten {thing} (auch keine)"},

	"dd.task.each":     {"{pts} prestige per {a}", "{pts} Ansehen je {a}"},
	"dd.task.set2":     {"{pts} prestige per set of {a} and {b}", "{pts} Ansehen je Set aus {a} und {b}"},
	"dd.task.set3":     {"{pts} prestige per set of {a}, {b} and {c}", "{pts} Ansehen je Set aus {a}, {b} und {c}"},
	"dd.task.rows":     {"{pts} prestige per row with {a}", "{pts} Ansehen je Reihe mit {a}"},
	"dd.task.cols":     {"{pts} prestige per column with {a}", "{pts} Ansehen je Spalte mit {a}"},
	"dd.task.group":    {"{pts} prestige per chamber in your largest group of {a}", "{pts} Ansehen je Raum deiner größten Raumgruppe aus {a}"},
	"dd.task.path":     {"{pts} prestige per chamber on your longest continuous path", "{pts} Ansehen je Raum deines längsten durchgehenden Wegs"},
	"dd.task.both2":    {"{pts} prestige per chamber with {a} and {b}", "{pts} Ansehen je Raum mit {a} und {b}"},
	"dd.task.full":     {"{pts} prestige per chamber with all 4 spots filled", "{pts} Ansehen je Raum mit 4 belegten Plätzen"},
	"dd.task.corner":   {"{pts} prestige per corner chamber of type {a}", "{pts} Ansehen je Eckraum vom Typ {a}"},
	"dd.task.without":  {"{pts} prestige per chamber without {a}", "{pts} Ansehen je Raum ohne {a}"},
	"dd.task.samerows": {"{pts} prestige per row of 4 chambers of one type", "{pts} Ansehen je Reihe aus 4 Räumen eines Typs"},
	"dd.task.samecols": {"{pts} prestige per column of 4 chambers of one type", "{pts} Ansehen je Spalte aus 4 Räumen eines Typs"},

	"dd.bonus.each": {"{pts} per {a}", "{pts} je {a}"},
	"dd.bonus.set2": {"{pts} per set of {a} and {b}", "{pts} je Set aus {a} und {b}"},
	"dd.bonus.set3": {"{pts} per set of {a}, {b} and {c}", "{pts} je Set aus {a}, {b} und {c}"},
}

// thingArgs turns a list of things into Text arguments a, b, c, in the
// grammatical form (a catalog prefix) their sentence needs.
func thingArgs(form string, of []string) []any {
	var kv []any
	for k, w := range of {
		kv = append(kv, string(rune('a'+k)), games.Ref(form+w))
	}
	return kv
}

// Forms of a thing: plural ("most kobolds", "without kobolds"), one ("per
// kobold", "je Kobold"), after "with"/"of" ("mit Kobolden"), a room type.
const (
	formPlural = "dd.thing."
	formOne    = "dd.one."
	formDative = "dd.dat."
	formType   = "dd.type."
)

// taskForm is the form each kind of task names its things in.
var taskForm = map[string]string{
	"each": formOne, "set": formOne, "rows": formDative, "cols": formDative, "group": formDative,
	"both": formDative, "corner": formType, "without": formPlural,
}

func taskText(t Task) games.Text {
	key := "dd.task." + t.Kind
	if t.Kind == "set" || t.Kind == "both" {
		key += strconv.Itoa(len(t.Of))
	}
	return games.T(key, append([]any{"pts", t.Pts}, thingArgs(taskForm[t.Kind], t.Of)...)...)
}

func goalText(g Goal) games.Text {
	return games.T("dd.goal."+g.Kind, "thing", games.Ref("dd.thing."+g.Of))
}

func bonusText(b Bonus) games.Text {
	key := "dd.bonus." + b.Kind
	if b.Kind == "set" {
		key += strconv.Itoa(len(b.Of))
	}
	return games.T(key, append([]any{"pts", b.Pts}, thingArgs(formOne, b.Of)...)...)
}

// catalog builds the English and German texts, including every room name
// and every star value found in the data.
func catalog(c *Components) games.Catalog {
	cat := games.Catalog{"en": {}, "de": {}}
	for k, v := range messages {
		cat["en"][k], cat["de"][k] = v[0], v[1]
	}
	for _, t := range ruleTexts {
		cat["en"]["dd.rules."+t.id+".title"], cat["de"]["dd.rules."+t.id+".title"] = t.title[0], t.title[1]
		cat["en"]["dd.rules."+t.id+".body"], cat["de"]["dd.rules."+t.id+".body"] = t.body[0], t.body[1]
	}
	for _, r := range c.Rooms[1:] {
		cat["en"][roomKey(r.ID)], cat["de"][roomKey(r.ID)] = r.EN, r.DE
	}
	star := func(el string) {
		v, _ := starValue(el)
		cat["en"]["dd.el."+el] = fmt.Sprintf("star (%+d prestige)", v)
		cat["de"]["dd.el."+el] = fmt.Sprintf("Stern (%+d Ansehen)", v)
	}
	for _, r := range c.Rooms[1:] {
		for _, el := range r.Spots {
			if _, ok := starValue(el); ok {
				star(el)
			}
		}
	}
	for _, t := range c.Tiles[1:] {
		if _, ok := starValue(t.Element); ok {
			star(t.Element)
		}
	}
	return cat
}

// ruleTopics are the /rules sections.
func ruleTopics() []games.RuleTopic {
	out := make([]games.RuleTopic, 0, len(ruleTexts))
	for _, t := range ruleTexts {
		out = append(out, games.RuleTopic{ID: t.id, Title: games.T("dd.rules." + t.id + ".title"), Body: games.T("dd.rules." + t.id + ".body")})
	}
	return out
}
