package lobby

import (
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table/coreopt"
)

// OptThread is /game new's option to open the table in a new thread.
const OptThread = "thread"

// Keys of the lobby's texts.
const (
	KeyOKNew        = "core.ok.new"
	KeyOKJoined     = "core.ok.joined"
	KeyOKLeft       = "core.ok.left"
	KeyOKOption     = "core.ok.option"
	KeyOKBotGone    = "core.ok.bot_gone"
	KeyOKBot        = "core.ok.bot"
	KeyLobbyTitle   = "core.lobby.title"
	KeyLobbyPlayers = "core.lobby.players"
	KeyLobbyOptions = "core.lobby.options"
	KeyLobbyNoOpts  = "core.lobby.no_options"
	KeyLobbyHint    = "core.lobby.hint"
	KeyLobbyStarted = "core.lobby.started"
	KeyLobbyClosed  = "core.lobby.closed"
	KeyLobbyRated   = "core.lobby.rated"
	KeyLobbyUnrated = "core.lobby.unrated"
	KeyBtnJoin      = "core.btn.join"
	KeyBtnLeave     = "core.btn.leave"
	KeyBtnStart     = "core.btn.start"
	KeyBtnAddBot    = "core.btn.add_bot"
	KeyBtnRemoveBot = "core.btn.remove_bot"
	KeyBotName      = "core.bot.name"
	KeySelectOption = "core.select.option"
	// KeyBotStrength + a strength (coreopt.BotEasy, …) names it.
	KeyBotStrength = "core.bot.strength."
	// KeyLobbyMoreOptions is the placeholder of a select offering several
	// options: each as id=choice now.
	KeyLobbyMoreOptions = "core.lobby.more_options"
	// KeyLobbyChosen marks their current choices.
	KeyLobbyChosen = "core.lobby.chosen"

	KeyOKNewThread        = "core.ok.new_thread"
	KeyThreadStarter      = "core.thread.starter"
	KeyThreadLinked       = "core.thread.linked"
	KeyThreadFailed       = interact.KeyThreadFailed
	KeyThreadNoGuild      = "core.err.thread_no_guild"
	KeyThreadInThread     = "core.err.thread_in_thread"
	KeyThreadNoPermission = interact.KeyThreadNoPermission
)

// Texts are the lobby's texts, en and de.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeyOKNew:        {"Lobby opened. Others can join with the button; you start the game.", "Lobby eröffnet. Andere können per Knopf beitreten; du startest das Spiel."},
		KeyOKJoined:     {"You have a seat at the table.", "Du hast einen Platz am Tisch."},
		KeyOKLeft:       {"You left the table.", "Du hast den Tisch verlassen."},
		KeyOKOption:     {"Option changed.", "Option geändert."},
		KeyOKBotGone:    {"A bot left the table.", "Ein Bot hat den Tisch verlassen."},
		KeyOKBot:        {"A bot took a seat.", "Ein Bot hat Platz genommen."},
		KeyLobbyTitle:   {"**{game}**: a table is open, hosted by {host}.", "**{game}**: ein Tisch ist offen, Gastgeber ist {host}."},
		KeyLobbyPlayers: {"Players ({n}; {min} to {max}): {names}", "Spieler ({n}; {min} bis {max}): {names}"},
		KeyLobbyOptions: {"Options: {options}", "Optionen: {options}"},
		KeyLobbyNoOpts:  {"This game has no options.", "Dieses Spiel hat keine Optionen."},
		KeyLobbyHint:    {"Press Join to take a seat. The host presses Start (or types /game start).", "Drücke Beitreten für einen Platz. Der Gastgeber drückt Start (oder tippt /spiel start)."},
		KeyLobbyStarted: {"**{game}** has started with {names}.", "**{game}** hat begonnen mit {names}."},
		KeyLobbyClosed:  {"**{game}**: this lobby was closed.", "**{game}**: diese Lobby wurde geschlossen."},
		KeyBtnJoin:      {"Join", "Beitreten"},
		KeyBtnLeave:     {"Leave", "Verlassen"},
		KeyBtnStart:     {"Start", "Start"},
		KeyBtnAddBot:    {"Add a bot", "Bot hinzufügen"},
		KeyBtnRemoveBot: {"Remove a bot", "Bot entfernen"},
		KeyBotName:      {"Bot {n} ({strength})", "Bot {n} ({strength})"},
		KeySelectOption: {"{option}: {value}", "{option}: {value}"},
		// The bots' strengths, as a bot's name shows them.
		KeyBotStrength + coreopt.BotEasy:   {"easy", "leicht"},
		KeyBotStrength + coreopt.BotNormal: {"normal", "normal"},
		KeyBotStrength + coreopt.BotStrong: {"strong", "stark"},
		KeyLobbyRated:                      {"⭐ Rated: the result changes the players' ratings (/leaderboard).", "⭐ Gewertet: Das Ergebnis ändert die Wertungen der Spieler (/rangliste)."},
		KeyLobbyUnrated:                    {"Unrated: the result changes no rating (rated=yes rates the people at a table with bots).", "Nicht gewertet: Das Ergebnis ändert keine Wertung (rated=yes wertet die Menschen an einem Tisch mit Bots)."},
		KeyLobbyMoreOptions:                {"More options: {options}", "Weitere Optionen: {options}"},
		KeyLobbyChosen:                     {"chosen now", "jetzt gewählt"},
		"core.cmd.game.new.thread.name":    {"thread", "thread"},
		"core.cmd.game.new.thread.desc":    {"Play in a new thread of this channel (archived a day after the end)", "In einem neuen Thread dieses Kanals spielen (einen Tag nach dem Ende archiviert)"},
		KeyOKNewThread:                     {"The table opens in a new thread of this channel: join it there.", "Der Tisch öffnet in einem neuen Thread dieses Kanals: Tritt ihm dort bei."},
		KeyThreadStarter:                   {"🎲 {host} opens a table of **{game}** in a thread of its own.", "🎲 {host} eröffnet einen Tisch für **{game}** in einem eigenen Thread."},
		KeyThreadLinked:                    {"🎲 {host} opened a table of **{game}** in {thread}: join it there.", "🎲 {host} hat einen Tisch für **{game}** in {thread} eröffnet: Tritt ihm dort bei."},
		KeyThreadNoGuild:                   {"Threads exist only in a server's channels: open the table there.", "Threads gibt es nur in den Kanälen eines Servers: Eröffne den Tisch dort."},
		KeyThreadInThread:                  {"This is a table's thread already, and Discord allows no thread inside a thread: open the table in the channel.", "Das ist schon der Thread eines Tisches, und Discord erlaubt keinen Thread in einem Thread: Eröffne den Tisch im Kanal."},
	}
}
