package commands

import (
	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/features/lobby"
	"github.com/tavern-bot/tavern/features/menus"
	"github.com/tavern-bot/tavern/features/mygames"
	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/features/replays"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/features/tournaments"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
	"github.com/tavern-bot/tavern/tournament"
)

// Core catalog keys: everything the command surface itself says.
const (
	KeyBadOptions   = interact.KeyBadOptions
	KeyMalformed    = interact.KeyMalformed
	KeyMoveNoOption = "core.err.move_no_option"
	KeyBadButton    = interact.KeyBadButton
	KeyUnknownTopic = "core.err.unknown_topic"
	KeyNotInLobby   = "core.err.not_in_lobby"
	KeyRulesTitle   = "core.rules.title"
	KeyRulesMore    = "core.rules.more"
	KeyClosedDM     = "core.dm.closed"
)

// CoreCatalog holds every core message (and the table errors) in English
// and German. Games add their own catalogs through the registry.
func CoreCatalog() games.Catalog {
	c := interact.Catalog(coreTexts(), interact.Texts(), tables.Texts(), commandTexts(), settingsfeature.Texts(), replays.Texts(), ratings.Texts(), tournaments.Texts(), mygames.Texts(), play.Texts(), compose.Texts(), menus.Texts(), lobby.Texts())
	return c.Merge(table.Catalog()).Merge(tournament.Catalog())
}

// coreTexts maps a key to its English and German text.
func coreTexts() map[string][2]string {
	return map[string][2]string{
		KeyMoveNoOption: {"Which option? Type /move option: and pick one of yours from the list.", "Welche Möglichkeit? Tippe /zug möglichkeit: und wähle eine deiner aus der Liste."},
		KeyUnknownTopic: {"There is no rules topic “{topic}”. Topics: {topics}.", "Es gibt kein Regelthema „{topic}“. Themen: {topics}."},
		KeyNotInLobby:   {"The lobby is closed; the game has started or ended.", "Die Lobby ist geschlossen; das Spiel hat begonnen oder ist vorbei."},
		KeyRulesTitle:   {"**{game}**: rules summary", "**{game}**: Regelübersicht"},
		KeyRulesMore:    {"More topics: {topics}. Ask for one with /rules game:{id} topic:…", "Weitere Themen: {topics}. Frag nach einem mit /regeln spiel:{id} thema:…"},
		KeyClosedDM:     {"I could not send you a direct message. Use /game hand or the “Show my hand” button.", "Ich konnte dir keine Direktnachricht schicken. Nutze /spiel hand oder den Knopf „Meine Hand zeigen“."},
	}
}
