package playground

import "github.com/tavern-bot/tavern/games"

// newUICatalog holds the few texts the playground writes itself: the page's
// chrome and the complaints about a mistyped command line.
func newUICatalog() games.Catalog {
	return games.Catalog{
		"en": {
			"pg.only_you":            "Only you can see this",
			"pg.dismiss":             "Dismiss message",
			"pg.thinking":            "{bot} is thinking…",
			"pg.used":                "used",
			"pg.edited":              "(edited)",
			"pg.placeholder":         "Message {channel} — type / for commands",
			"pg.dms_closed":          "DMs closed",
			"pg.dms_closed_hint":     "Pretend this user does not accept DMs from the bot",
			"pg.direct_messages":     "Direct messages",
			"pg.text_channels":       "Text channels",
			"pg.playing_as":          "Playing as",
			"pg.new_dm":              "New direct message",
			"pg.commands":            "Commands",
			"pg.select":              "Make a selection",
			"pg.send":                "Send",
			"pg.bot":                 "BOT",
			"pg.empty":               "No messages yet. Try {cmd}.",
			"pg.err.internal":        "Something went wrong. Please try again.",
			"pg.err.unknown_command": "There is no command /{name}.",
			"pg.err.subcommand":      "{command} needs one of: {list}.",
			"pg.err.unexpected":      "I don't understand “{text}”. Write options as name:value.",
			"pg.err.duplicate":       "The option {option} is given twice.",
			"pg.err.missing":         "The option {option} is required.",
			"pg.err.empty":           "The option {option} is empty.",
			"pg.err.length":          "The option {option} has the wrong length.",
			"pg.err.integer":         "{option} must be a whole number.",
			"pg.err.number":          "{option} must be a number.",
			"pg.err.bool":            "{option} must be true or false.",
			"pg.err.user":            "{option}: there is no user “{value}”.",
			"pg.err.channel":         "{option}: there is no channel “{value}”.",
			"pg.err.unsupported":     "The option {option} cannot be given in the playground.",
			"pg.err.range":           "{option} must be between {min} and {max}.",
			"pg.err.choice":          "{option} must be one of: {list}.",
			"pg.err.failed":          "That did not work.",
			"pg.file_gone":           "(an old picture the playground no longer keeps)",
		},
		"de": {
			"pg.only_you":            "Nur du kannst das sehen",
			"pg.dismiss":             "Nachricht verwerfen",
			"pg.thinking":            "{bot} denkt nach …",
			"pg.used":                "hat verwendet:",
			"pg.edited":              "(bearbeitet)",
			"pg.placeholder":         "Nachricht an {channel} — / für Befehle",
			"pg.dms_closed":          "DMs geschlossen",
			"pg.dms_closed_hint":     "So tun, als nähme diese Person keine DMs vom Bot an",
			"pg.direct_messages":     "Direktnachrichten",
			"pg.text_channels":       "Textkanäle",
			"pg.playing_as":          "Spielen als",
			"pg.new_dm":              "Neue Direktnachricht",
			"pg.commands":            "Befehle",
			"pg.select":              "Triff eine Auswahl",
			"pg.send":                "Senden",
			"pg.bot":                 "BOT",
			"pg.empty":               "Noch keine Nachrichten. Probier {cmd}.",
			"pg.err.internal":        "Etwas ist schiefgegangen. Bitte versuch es noch einmal.",
			"pg.err.unknown_command": "Den Befehl /{name} gibt es nicht.",
			"pg.err.subcommand":      "{command} braucht eines von: {list}.",
			"pg.err.unexpected":      "„{text}“ verstehe ich nicht. Optionen schreibt man als name:wert.",
			"pg.err.duplicate":       "Die Option {option} steht doppelt da.",
			"pg.err.missing":         "Die Option {option} fehlt.",
			"pg.err.empty":           "Die Option {option} ist leer.",
			"pg.err.length":          "Die Option {option} hat die falsche Länge.",
			"pg.err.integer":         "{option} muss eine ganze Zahl sein.",
			"pg.err.number":          "{option} muss eine Zahl sein.",
			"pg.err.bool":            "{option} muss true oder false sein.",
			"pg.err.user":            "{option}: Es gibt niemanden namens „{value}“.",
			"pg.err.channel":         "{option}: Es gibt keinen Kanal „{value}“.",
			"pg.err.unsupported":     "Die Option {option} lässt sich im Playground nicht angeben.",
			"pg.err.range":           "{option} muss zwischen {min} und {max} liegen.",
			"pg.err.choice":          "{option} muss eines davon sein: {list}.",
			"pg.err.failed":          "Das hat nicht geklappt.",
			"pg.file_gone":           "(ein altes Bild, das der Playground nicht mehr aufbewahrt)",
		},
	}

}

// chromeKeys are the texts the page's script needs, sent with each view.
func chromeKeys() []string {
	return []string{"pg.only_you", "pg.dismiss", "pg.used", "pg.edited", "pg.dms_closed",
		"pg.dms_closed_hint", "pg.direct_messages", "pg.text_channels", "pg.playing_as", "pg.new_dm",
		"pg.commands", "pg.select", "pg.send", "pg.bot", "pg.err.failed", "pg.file_gone"}
}
