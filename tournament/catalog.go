package tournament

import "github.com/tavern-bot/tavern/games"

// Catalog keys of the errors a tournament reports.
const (
	ErrFormat          = "tournament.err.format"
	ErrTableSize       = "tournament.err.table_size"
	ErrRounds          = "tournament.err.rounds"
	ErrDays            = "tournament.err.days"
	ErrAdvance         = "tournament.err.advance"
	ErrOver            = "tournament.err.over"
	ErrKnockoutRunning = "tournament.err.knockout_running"
	ErrJoined          = "tournament.err.joined"
	ErrDroppedOut      = "tournament.err.dropped"
	ErrFull            = "tournament.err.full"
	ErrNotSignup       = "tournament.err.not_signup"
	ErrNotJoined       = "tournament.err.not_joined"
	ErrNoTable         = "tournament.err.no_table"
	ErrBadResult       = "tournament.err.bad_result"
	ErrRecorded        = "tournament.err.recorded"
	ErrTooFew          = "tournament.err.too_few"
	ErrNotRunning      = "tournament.err.not_running"
	ErrRoundOpen       = "tournament.err.round_open"
	ErrKnockoutRounds  = "tournament.err.knockout_rounds"
)

// Catalog holds the English and German texts of the tournament's errors.
func Catalog() games.Catalog {
	return games.Catalog{
		"en": {
			ErrFormat:          "“{format}” is not a format: choose swiss, roundrobin or knockout.",
			ErrTableSize:       "This game seats {min} to {max} players at a tournament table; {n} does not fit.",
			ErrRounds:          "A tournament has 1 to {max} rounds.",
			ErrDays:            "A round lasts 1 to {max} days.",
			ErrAdvance:         "In a knockout, 1 to {max} players of each table go on (advance=…).",
			ErrOver:            "This tournament is over.",
			ErrKnockoutRunning: "This knockout has started: nobody can join it any more.",
			ErrJoined:          "You are already signed up.",
			ErrDroppedOut:      "That player has left the tournament.",
			ErrFull:            "The tournament is full ({max} players).",
			ErrNotSignup:       "Sign-up is closed; the organiser can drop a player instead.",
			ErrNotJoined:       "That player is not in this tournament.",
			ErrNoTable:         "There is no such table in this tournament.",
			ErrBadResult:       "A result needs a rank from 1 to {n} for each of the {n} seats.",
			ErrRecorded:        "That table's result is already recorded.",
			ErrTooFew:          "A tournament needs at least {min} players; {n} signed up.",
			ErrNotRunning:      "The tournament is not running.",
			ErrRoundOpen:       "The current round still has tables playing.",
			ErrKnockoutRounds:  "A knockout plays until its final table: its rounds follow from the players and advance=…. Leave rounds out.",
		},
		"de": {
			ErrFormat:          "„{format}“ ist kein Modus: wähle swiss, roundrobin oder knockout.",
			ErrTableSize:       "Dieses Spiel setzt {min} bis {max} Spieler an einen Turniertisch; {n} passt nicht.",
			ErrRounds:          "Ein Turnier hat 1 bis {max} Runden.",
			ErrDays:            "Eine Runde dauert 1 bis {max} Tage.",
			ErrAdvance:         "Im K.-o.-Modus kommen 1 bis {max} Spieler jedes Tisches weiter (advance=…).",
			ErrOver:            "Dieses Turnier ist vorbei.",
			ErrKnockoutRunning: "Dieses K.-o.-Turnier hat begonnen: niemand kann mehr beitreten.",
			ErrJoined:          "Du bist schon angemeldet.",
			ErrDroppedOut:      "Diese Person hat das Turnier verlassen.",
			ErrFull:            "Das Turnier ist voll ({max} Spieler).",
			ErrNotSignup:       "Die Anmeldung ist geschlossen; die Turnierleitung kann stattdessen jemanden herausnehmen.",
			ErrNotJoined:       "Diese Person spielt in diesem Turnier nicht mit.",
			ErrNoTable:         "Diesen Tisch gibt es in diesem Turnier nicht.",
			ErrBadResult:       "Ein Ergebnis braucht für jeden der {n} Plätze einen Rang von 1 bis {n}.",
			ErrRecorded:        "Das Ergebnis dieses Tisches steht schon fest.",
			ErrTooFew:          "Ein Turnier braucht mindestens {min} Spieler; {n} sind angemeldet.",
			ErrNotRunning:      "Das Turnier läuft nicht.",
			ErrRoundOpen:       "In der laufenden Runde wird an Tischen noch gespielt.",
			ErrKnockoutRounds:  "Ein K.-o.-Turnier spielt bis zu seinem Finaltisch: Seine Runden ergeben sich aus den Spielern und advance=…. Lass runden weg.",
		},
	}
}
