package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/play"
	"github.com/tavern-bot/tavern/features/ratings"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/features/tournaments"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
)

// Command, subcommand and option names as Discord delivers them (always the
// English name, whatever the user's language).
const (
	CmdGame    = "game"
	CmdMove    = "move"
	CmdRules   = "rules"
	CmdGames   = "games"
	SubNew     = "new"
	SubStart   = "start"
	SubStatus  = play.InfoStatus
	SubHand    = play.InfoHand
	SubLog     = play.InfoLog
	SubUndo    = "undo"
	SubAbandon = "abandon"
	SubReturn  = "return"
	SubReplay  = "replay"
	SubLook    = "look"
	OptGame    = "game"
	OptOptions = "options"
	OptOption  = "option"
	OptTopic   = "topic"
	OptPlayer  = "player"
)

// commandTexts holds the localized names (lowercase, no spaces, as Discord
// demands) and descriptions of every command and option.
func commandTexts() map[string][2]string {
	return map[string][2]string{
		"core.cmd.game.name":             {"game", "spiel"},
		"core.cmd.game.desc":             {"Play a board game in this channel", "Ein Brettspiel in diesem Kanal spielen"},
		"core.cmd.game.new.name":         {"new", "neu"},
		"core.cmd.game.new.desc":         {"Open a table (lobby) for a game in this channel", "Einen Tisch (Lobby) für ein Spiel in diesem Kanal eröffnen"},
		"core.cmd.game.new.game.name":    {"game", "spiel"},
		"core.cmd.game.new.game.desc":    {"Which game to play", "Welches Spiel gespielt wird"},
		"core.cmd.game.new.options.name": {"options", "optionen"},
		"core.cmd.game.new.options.desc": {"Game options as key=value, separated by commas", "Spieloptionen als schlüssel=wert, durch Kommas getrennt"},
		"core.cmd.game.start.name":       {"start", "start"},
		"core.cmd.game.start.desc":       {"Start the game (host only)", "Das Spiel starten (nur Gastgeber)"},
		"core.cmd.game.status.name":      {"status", "status"},
		"core.cmd.game.status.desc":      {"Show whose turn it is and what is awaited", "Zeigen, wer dran ist und was erwartet wird"},
		"core.cmd.game.hand.name":        {"hand", "hand"},
		"core.cmd.game.hand.desc":        {"Show your private view and your options", "Deine private Sicht und deine Möglichkeiten zeigen"},
		"core.cmd.game.log.name":         {"log", "protokoll"},
		"core.cmd.game.log.desc":         {"Show the recent moves", "Die letzten Züge zeigen"},
		"core.cmd.game.undo.name":        {"undo", "zurück"},
		"core.cmd.game.undo.desc":        {"Take back your last move if nothing was revealed", "Deinen letzten Zug zurücknehmen, wenn nichts aufgedeckt wurde"},
		"core.cmd.game.return.name":      {"return", "rückkehr"},
		"core.cmd.game.return.desc":      {"Play your seat again after a bot took it over", "Deinen Platz wieder selbst spielen, nachdem ein Bot ihn übernommen hat"},
		"core.cmd.game.replay.name":      {"replay", "wiederholung"},
		"core.cmd.game.replay.desc":      {"Post an animated replay of the public board so far", "Eine animierte Wiederholung des bisherigen öffentlichen Spielbretts zeigen"},
		"core.cmd.game.look.name":        {"look", "ansehen"},
		"core.cmd.game.look.desc":        {"See one player's part of the board at full size, only for you", "Den Bereich eines Spielers in voller Größe sehen, nur für dich"},
		"core.cmd.game.look.player.name": {"player", "spieler"},
		"core.cmd.game.look.player.desc": {"Whose part of the board", "Wessen Bereich des Spielbretts"},
		"core.cmd.game.abandon.name":     {"abandon", "abbrechen"},
		"core.cmd.game.abandon.desc":     {"End the table (host or channel managers; others vote)", "Den Tisch beenden (Gastgeber oder Kanalverwalter; sonst Abstimmung)"},
		"core.cmd.move.name":             {"move", "zug"},
		"core.cmd.move.desc":             {"Answer your pending decision", "Deine offene Entscheidung treffen"},
		"core.cmd.move.option.name":      {"option", "möglichkeit"},
		"core.cmd.move.option.desc":      {"One of your current options", "Eine deiner aktuellen Möglichkeiten"},
		"core.cmd.games.name":            {"games", "spiele"},
		"core.cmd.games.desc":            {"List every table you sit at, those waiting for you first", "Alle Tische zeigen, an denen du sitzt, die auf dich wartenden zuerst"},
		"core.cmd.rules.name":            {"rules", "regeln"},
		"core.cmd.rules.desc":            {"Read a short rules summary of a game", "Eine kurze Regelübersicht eines Spiels lesen"},
		"core.cmd.rules.game.name":       {"game", "spiel"},
		"core.cmd.rules.game.desc":       {"Which game", "Welches Spiel"},
		"core.cmd.rules.topic.name":      {"topic", "thema"},
		"core.cmd.rules.topic.desc":      {"A rules topic", "Ein Regelthema"},
	}
}

// Definitions are the slash commands to register, with German localizations.
func (s *Service) Definitions() []*discordgo.ApplicationCommand {
	gameChoices := s.voice.GameChoices()
	sub := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		o := s.voice.Option("game."+name, discordgo.ApplicationCommandOptionSubCommand, false)
		o.Options = opts
		return o
	}
	newGame := s.voice.Option("game.new.game", discordgo.ApplicationCommandOptionString, true)
	newGame.Choices = gameChoices
	newOpts := s.voice.Option("game.new.options", discordgo.ApplicationCommandOptionString, false)
	newOpts.MaxLength = 200
	newThread := s.voice.Option("game.new.thread", discordgo.ApplicationCommandOptionBoolean, false)
	moveOpt := s.voice.Option("move.option", discordgo.ApplicationCommandOptionString, true)
	moveOpt.Autocomplete = true
	lookPlayer := s.voice.Option("game.look.player", discordgo.ApplicationCommandOptionString, true)
	lookPlayer.Autocomplete = true
	rulesGame := s.voice.Option("rules.game", discordgo.ApplicationCommandOptionString, true)
	rulesGame.Choices = gameChoices
	rulesTopic := s.voice.Option("rules.topic", discordgo.ApplicationCommandOptionString, false)
	rulesTopic.Autocomplete = true
	return append([]*discordgo.ApplicationCommand{
		s.voice.Command("game",
			sub(SubNew, newGame, newOpts, newThread), sub(SubStart), sub(SubStatus), sub(SubHand),
			sub(SubLog), sub(SubUndo), sub(SubAbandon), sub(SubReturn), sub(SubReplay), sub(SubLook, lookPlayer)),
		s.voice.Command("move", moveOpt),
		s.voice.Command("rules", rulesGame, rulesTopic),
		s.voice.Command("games"),
		s.tournaments.Definition(),
	}, append(s.settings.Definitions(), s.ratings.Definitions()...)...)
}

// Definitions are the slash commands for the games in reg, without a
// store: `tavern register` must work while the bot holds the database.
func Definitions(reg *games.Registry) []*discordgo.ApplicationCommand {
	voice := interact.NewVoice(reg, reg.Catalog(CoreCatalog()), nil)
	s := &Service{games: reg, voice: voice, ratings: ratings.New(reg, nil, nil, voice, nil), settings: settingsfeature.New(nil, nil, nil, nil, voice, nil, nil),
		tournaments: tournaments.New(tournaments.Deps{Games: reg, Voice: voice})}
	return s.Definitions()
}
