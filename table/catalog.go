package table

import (
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// Catalog keys of the errors a table reports to players.
const (
	ErrAlreadyStarted    = "table.err.already_started"
	ErrAlreadySeated     = "table.err.already_seated"
	ErrTableFull         = "table.err.full"
	ErrNotSeated         = "table.err.not_seated"
	ErrNotHost           = "table.err.not_host"
	ErrPlayerCount       = "table.err.player_count"
	ErrNotPlaying        = "table.err.not_playing"
	ErrGameOver          = "table.err.game_over"
	ErrNotActive         = "table.err.not_active"
	ErrStale             = "table.err.stale"
	ErrNotYourTurn       = "table.err.not_your_turn"
	ErrOptionNotPending  = "table.err.option_not_pending"
	ErrNothingToUndo     = "table.err.nothing_to_undo"
	ErrUndoNotYours      = "table.err.undo_not_yours"
	ErrUndoRevealed      = "table.err.undo_revealed"
	ErrUndoOldRules      = "table.err.undo_old_rules"
	ErrAbandonNotAllowed = "table.err.abandon_not_allowed"
	ErrAlreadyVoted      = "table.err.already_voted"
	ErrNoStepBack        = "table.err.no_step_back"
	ErrNoBot             = "table.err.no_bot"
	ErrNotAway           = "table.err.not_away"
	ErrVoteClosed        = "table.err.vote_closed"
	ErrVoteNotPlayer     = "table.err.vote_not_player"
	ErrVoteAboutYou      = "table.err.vote_about_you"
	ErrVoteAbsent        = "table.err.vote_absent"
	ErrVotedEnd          = "table.err.voted_end"
	ErrVotedKeep         = "table.err.voted_keep"
)

// Catalog holds the English and German texts of every table error and
// of the core options (package coreopt).
func Catalog() games.Catalog {
	return games.Catalog{
		"en": {
			ErrAlreadyStarted:       "This game has already started.",
			ErrAlreadySeated:        "You already have a seat at this table.",
			ErrTableFull:            "The table is full ({max} players at most).",
			ErrNotSeated:            "You are not playing at this table.",
			ErrNotHost:              "Only the host can do that.",
			ErrPlayerCount:          "This game needs {min} to {max} players; {n} are seated.",
			ErrPlayerCount + ".one": "This game needs {min} to {max} players; {n} is seated.",
			ErrNotPlaying:           "No game is being played at this table right now.",
			ErrGameOver:             "This game is over: its buttons no longer do anything.",
			ErrNotActive:            "This table has already ended.",
			ErrStale:                "That button is out of date (someone moved, or you clicked twice). Use the latest message or /move.",
			ErrNotYourTurn:          "Nothing is awaited from you right now.",
			ErrOptionNotPending:     "That is not one of your current options.",
			ErrNothingToUndo:        "There is no move to undo.",
			ErrUndoNotYours:         "You can only undo your own move, and only while nobody has moved since.",
			ErrUndoRevealed:         "That move revealed a card or hidden information, so it cannot be undone.",
			ErrUndoOldRules:         "This game began under an earlier version of the rules, so only a step within the open turn can be taken back.",
			ErrAbandonNotAllowed:    "Only the host, seated players or members who manage this channel can end the table.",
			ErrAlreadyVoted:         "You have already voted to abandon ({votes} of {needed} votes).",
			ErrNoBot:                "No bot sits at this table.",
			ErrNoStepBack:           "There is no step of your open turn to go back to: your turn was completed, or its last step revealed something.",
			ErrVoteClosed:           "This vote is closed (the player moved, the table answered for them, or the game ended).",
			ErrVoteNotPlayer:        "Only the players at this table vote.",
			ErrVoteAboutYou:         "This vote is about you: answer your decision and it closes.",
			ErrVoteAbsent:           "Your own time ran out at this table: answer your decision (or /game return) first, then you can vote.",
			ErrVotedEnd:             "You already voted to end the game ({end} of {needed} votes needed).",
			ErrVotedKeep:            "You already voted to keep waiting.",
			ErrNotAway:              "A bot plays your seat only after your time ran out at a table whose lobby chose “absent=bot”; you are playing it yourself.",
		},
		"de": {
			ErrAlreadyStarted:       "Dieses Spiel hat bereits begonnen.",
			ErrAlreadySeated:        "Du hast an diesem Tisch schon einen Platz.",
			ErrTableFull:            "Der Tisch ist voll (höchstens {max} Spieler).",
			ErrNotSeated:            "Du spielst an diesem Tisch nicht mit.",
			ErrNotHost:              "Das darf nur die Gastgeberin oder der Gastgeber.",
			ErrPlayerCount:          "Dieses Spiel braucht {min} bis {max} Spieler; es sitzen {n} am Tisch.",
			ErrPlayerCount + ".one": "Dieses Spiel braucht {min} bis {max} Spieler; es sitzt {n} am Tisch.",
			ErrNotPlaying:           "An diesem Tisch wird gerade kein Spiel gespielt.",
			ErrGameOver:             "Dieses Spiel ist vorbei: seine Knöpfe bewirken nichts mehr.",
			ErrNotActive:            "Dieser Tisch ist bereits beendet.",
			ErrStale:                "Dieser Knopf ist veraltet (jemand hat gezogen oder du hast doppelt geklickt). Nimm die neueste Nachricht oder /zug.",
			ErrNotYourTurn:          "Gerade wird nichts von dir erwartet.",
			ErrOptionNotPending:     "Das ist keine deiner aktuellen Möglichkeiten.",
			ErrNothingToUndo:        "Es gibt keinen Zug zum Zurücknehmen.",
			ErrUndoNotYours:         "Du kannst nur deinen eigenen Zug zurücknehmen, und nur solange seitdem niemand gezogen hat.",
			ErrUndoRevealed:         "Dieser Zug hat eine Karte oder verdeckte Information aufgedeckt und kann nicht zurückgenommen werden.",
			ErrUndoOldRules:         "Diese Partie begann unter einer älteren Regelversion; zurücknehmen lässt sich nur ein Schritt im offenen Zug.",
			ErrAbandonNotAllowed:    "Nur der Gastgeber, Mitspielende oder Mitglieder, die diesen Kanal verwalten, können den Tisch beenden.",
			ErrAlreadyVoted:         "Du hast bereits für den Abbruch gestimmt ({votes} von {needed} Stimmen).",
			ErrNoBot:                "An diesem Tisch sitzt kein Bot.",
			ErrNoStepBack:           "Es gibt keinen Schritt deines laufenden Zuges, zu dem du zurückkehren kannst: dein Zug ist abgeschlossen, oder sein letzter Schritt hat etwas aufgedeckt.",
			ErrVoteClosed:           "Diese Abstimmung ist geschlossen (der Spieler hat gezogen, der Tisch hat für ihn geantwortet, oder das Spiel ist vorbei).",
			ErrVoteNotPlayer:        "Nur die Spielenden an diesem Tisch stimmen ab.",
			ErrVoteAboutYou:         "Diese Abstimmung betrifft dich: triff deine Entscheidung, dann wird sie geschlossen.",
			ErrVoteAbsent:           "Deine eigene Zeit an diesem Tisch ist abgelaufen: triff zuerst deine Entscheidung (oder /spiel rückkehr), dann kannst du abstimmen.",
			ErrVotedEnd:             "Du hast schon für das Beenden gestimmt ({end} von {needed} nötigen Stimmen).",
			ErrVotedKeep:            "Du hast schon für Weiterwarten gestimmt.",
			ErrNotAway:              "Ein Bot übernimmt deinen Platz nur, wenn deine Zeit an einem Tisch mit „absent=bot“ abgelaufen ist; du spielst ihn selbst.",
		},
	}.Merge(coreopt.Catalog())
}
