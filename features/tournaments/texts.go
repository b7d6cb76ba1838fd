package tournaments

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/tournament"
)

// The /tournament command and its options, as Discord delivers them.
const (
	CmdTournament     = "tournament"
	SubTourNew        = "new"
	SubTourStart      = "start"
	SubTourStandings  = "standings"
	SubTourRound      = "round"
	SubTourDrop       = "drop"
	SubTourReplace    = "replace"
	SubTourResult     = "result"
	SubTourPause      = "pause"
	SubTourEnd        = "end"
	OptTourGame       = "game"
	OptTourOptions    = "options"
	OptTourFormat     = "format"
	OptTourSize       = "table-size"
	OptTourRounds     = "rounds"
	OptTourDays       = "days-per-round"
	OptTourAdvance    = "advance"
	OptTourSignup     = "signup-hours"
	OptTourPlayer     = "player"
	OptTourWith       = "with"
	OptTourTable      = "table"
	OptTourRanks      = "ranks"
	maxTourSignupHour = 24 * 30
)

// Keys of the tournament texts.
const (
	KeyTourSignup        = "tour.signup"
	KeyTourKnockout      = "tour.signup.knockout"
	KeyTourScheme        = "tour.signup.scheme"
	KeyTourSignedUp      = "tour.signup.players"
	KeyTourCloses        = "tour.signup.closes"
	KeyTourByOrganiser   = "tour.signup.by_organiser"
	KeyTourSignupClosed  = "tour.signup.closed"
	KeyTourBtnJoin       = "tour.btn.join"
	KeyTourBtnLeave      = "tour.btn.leave"
	KeyTourBtnStart      = "tour.btn.start"
	KeyTourBtnConfirm    = "tour.btn.confirm"
	KeyTourOKNew         = "tour.ok.new"
	KeyTourOKJoined      = "tour.ok.joined"
	KeyTourOKLeft        = "tour.ok.left"
	KeyTourOKStarted     = "tour.ok.started"
	KeyTourOKDone        = "tour.ok.done"
	KeyTourNeedManage    = "tour.err.need_manage"
	KeyTourNotOrganiser  = "tour.err.not_organiser"
	KeyTourNone          = "tour.err.none"
	KeyTourBusy          = "tour.err.busy"
	KeyTourNoGuild       = "tour.err.no_guild"
	KeyTourBadNumber     = "tour.err.bad_number"
	KeyTourBadRanks      = "tour.err.bad_ranks"
	KeyTourNoSuchTable   = "tour.err.no_table"
	KeyTourNotStarted    = "tour.err.not_started"
	KeyTourNoPlayer      = "tour.err.no_player"
	KeyTourAskDrop       = "tour.ask.drop"
	KeyTourAskDropSelf   = "tour.ask.drop_self"
	KeyTourAskReplace    = "tour.ask.replace"
	KeyTourAskResult     = "tour.ask.result"
	KeyTourAskPause      = "tour.ask.pause"
	KeyTourAskResume     = "tour.ask.resume"
	KeyTourAskEnd        = "tour.ask.end"
	KeyTourAskEndGames   = "tour.ask.end_games"
	KeyTourEnding        = "tour.said.ending"
	KeyTourAlreadyEnding = "tour.err.already_ending"
	KeyTourTablePaused   = "tour.table.paused"
	KeyTourTableResumed  = "tour.table.resumed"
	KeyTourDropped       = "tour.said.dropped"
	KeyTourReplaced      = "tour.said.replaced"
	KeyTourResultSet     = "tour.said.result"
	KeyTourPaused        = "tour.said.paused"
	KeyTourResumed       = "tour.said.resumed"
	KeyTourRound         = "tour.round.paired"
	KeyTourRoundTable    = "tour.round.table"
	KeyTourRoundBye      = "tour.round.bye"
	KeyTourRoundDone     = "tour.round.done"
	KeyTourTimeUp        = "tour.round.time_up"
	KeyTourStarter       = "tour.table.starter"
	KeyTourThreadName    = "tour.table.thread"
	KeyTourOver          = "tour.over"
	KeyTourOverTooFew    = "tour.over.too_few"
	KeyTourTooFewStart   = "tour.over.too_few_start"
	KeyTourStandingsHead = "tour.standings.head"
	KeyTourStandingsLine = "tour.standings.line"
	KeyTourStandingsMore = "tour.standings.more"
	KeyTourDroppedMark   = "tour.standings.dropped"
	KeyTourColRank       = "tour.col.rank"
	KeyTourColPlayer     = "tour.col.player"
	KeyTourColPoints     = "tour.col.points"
	KeyTourColOpponent   = "tour.col.opponent"
	KeyTourColRelative   = "tour.col.relative"
	KeyTourColGames      = "tour.col.games"
	KeyTourPointsLabel   = "tour.points"
	KeyTourFinal         = "tour.final"
	KeyTourAfterRound    = "tour.after_round"
	KeyTourRoundView     = "tour.view.round"
	KeyTourRoundViewLine = "tour.view.line"
	KeyTourStatePlaying  = "tour.state.playing"
	KeyTourStateDone     = "tour.state.done"
	KeyTourStateOpening  = "tour.state.opening"
	KeyTourStatePaused   = "tour.view.paused"
	KeyTourNoRound       = "tour.view.no_round"
	KeyTourFormatPrefix  = "tour.format."
)

// Texts maps a key to its English and German text.
func Texts() map[string][2]string {
	return map[string][2]string{
		"core.cmd.tournament.name":                          {"tournament", "turnier"},
		"core.cmd.tournament.desc":                          {"Run a tournament of a game in this channel", "Ein Turnier eines Spiels in diesem Kanal austragen"},
		"core.cmd.tournament.new.name":                      {"new", "neu"},
		"core.cmd.tournament.new.desc":                      {"Open a tournament's sign-up here (Manage Server)", "Die Anmeldung zu einem Turnier hier eröffnen (Server verwalten)"},
		"core.cmd.tournament.new.game.name":                 {"game", "spiel"},
		"core.cmd.tournament.new.game.desc":                 {"Which game", "Welches Spiel"},
		"core.cmd.tournament.new.format.name":               {"format", "modus"},
		"core.cmd.tournament.new.format.desc":               {"How rounds are paired", "Wie die Runden gepaart werden"},
		"core.cmd.tournament.new.table-size.name":           {"table-size", "tischgröße"},
		"core.cmd.tournament.new.table-size.desc":           {"Players per table", "Spieler pro Tisch"},
		"core.cmd.tournament.new.rounds.name":               {"rounds", "runden"},
		"core.cmd.tournament.new.rounds.desc":               {"How many rounds (swiss, round robin; a knockout plays until its final table: leave it out)", "Wie viele Runden (Schweizer System, Jeder gegen jeden; K.-o. spielt bis zum Finaltisch: weglassen)"},
		"core.cmd.tournament.new.days-per-round.name":       {"days-per-round", "tage-pro-runde"},
		"core.cmd.tournament.new.days-per-round.desc":       {"Days a round lasts; bots finish what is left then", "Tage pro Runde; danach spielen Bots den Rest zu Ende"},
		"core.cmd.tournament.new.options.name":              {"options", "optionen"},
		"core.cmd.tournament.new.options.desc":              {"The tables' options as key=value, separated by commas", "Die Optionen der Tische als schlüssel=wert, durch Kommas getrennt"},
		"core.cmd.tournament.new.advance.name":              {"advance", "weiter"},
		"core.cmd.tournament.new.advance.desc":              {"Knockout: how many of each table go on (default: half)", "K.-o.: wie viele jedes Tisches weiterkommen (Standard: die Hälfte)"},
		"core.cmd.tournament.new.signup-hours.name":         {"signup-hours", "anmeldung-stunden"},
		"core.cmd.tournament.new.signup-hours.desc":         {"Sign-up closes and round 1 starts after so many hours", "Die Anmeldung schließt und Runde 1 beginnt nach so vielen Stunden"},
		"core.cmd.tournament.start.name":                    {"start", "start"},
		"core.cmd.tournament.start.desc":                    {"Close sign-up and pair round 1 (organiser)", "Die Anmeldung schließen und Runde 1 paaren (Turnierleitung)"},
		"core.cmd.tournament.standings.name":                {"standings", "stand"},
		"core.cmd.tournament.standings.desc":                {"The standings, as a picture and in words", "Der Stand, als Bild und in Worten"},
		"core.cmd.tournament.round.name":                    {"round", "runde"},
		"core.cmd.tournament.round.desc":                    {"The current round's tables with links and their state", "Die Tische der laufenden Runde mit Links und Stand"},
		"core.cmd.tournament.drop.name":                     {"drop", "ausscheiden"},
		"core.cmd.tournament.drop.desc":                     {"Take a player out of the next pairings (yourself, or anyone as organiser)", "Jemanden aus den nächsten Paarungen nehmen (dich selbst, oder als Leitung jeden)"},
		"core.cmd.tournament.drop.player.name":              {"player", "spieler"},
		"core.cmd.tournament.drop.player.desc":              {"Who drops out (default: you)", "Wer ausscheidet (Standard: du)"},
		"core.cmd.tournament.replace.name":                  {"replace", "ersetzen"},
		"core.cmd.tournament.replace.desc":                  {"Give a player's place to someone new (organiser)", "Den Platz einer Person an jemand Neues geben (Turnierleitung)"},
		"core.cmd.tournament.replace.player.name":           {"player", "spieler"},
		"core.cmd.tournament.replace.player.desc":           {"Who leaves", "Wer geht"},
		"core.cmd.tournament.replace.with.name":             {"with", "durch"},
		"core.cmd.tournament.replace.with.desc":             {"Who takes the place, points and seats", "Wer Platz, Punkte und Sitze übernimmt"},
		"core.cmd.tournament.result.name":                   {"result", "ergebnis"},
		"core.cmd.tournament.result.desc":                   {"Set a table's result of the current round (organiser)", "Das Ergebnis eines Tisches der laufenden Runde festlegen (Turnierleitung)"},
		"core.cmd.tournament.result.table.name":             {"table", "tisch"},
		"core.cmd.tournament.result.table.desc":             {"The table's number in /tournament round", "Die Nummer des Tisches in /turnier runde"},
		"core.cmd.tournament.result.ranks.name":             {"ranks", "ränge"},
		"core.cmd.tournament.result.ranks.desc":             {"Each seat's place in seat order, e.g. 2,1,3 (ties: 1,1,3)", "Der Platz jedes Sitzes in Sitzreihenfolge, z. B. 2,1,3 (gleichauf: 1,1,3)"},
		"core.cmd.tournament.pause.name":                    {"pause", "pause"},
		"core.cmd.tournament.pause.desc":                    {"Stop the round's clock, or let it run again (organiser)", "Die Rundenuhr anhalten oder wieder laufen lassen (Turnierleitung)"},
		"core.cmd.tournament.end.name":                      {"end", "ende"},
		"core.cmd.tournament.end.desc":                      {"End the tournament now with the standings as they are (organiser)", "Das Turnier jetzt mit dem aktuellen Stand beenden (Turnierleitung)"},
		KeyTourFormatPrefix + string(tournament.Swiss):      {"Swiss", "Schweizer System"},
		KeyTourFormatPrefix + string(tournament.RoundRobin): {"Round robin", "Jeder gegen jeden"},
		KeyTourFormatPrefix + string(tournament.Knockout):   {"Knockout", "K.-o.-System"},
		KeyTourSignup:        {"🏆 **{game}** tournament, {format}: tables of {size}, {rounds} round(s) of {days} day(s). Organiser: {organiser}.", "🏆 Turnier in **{game}**, {format}: Tische zu {size}, {rounds} Runde(n) zu je {days} Tag(en). Turnierleitung: {organiser}."},
		KeyTourKnockout:      {"🏆 **{game}** tournament, {format}: tables of {size}, the best {advance} of each table go on, down to a final table; {days} day(s) per round. Organiser: {organiser}.", "🏆 Turnier in **{game}**, {format}: Tische zu {size}, die besten {advance} jedes Tisches kommen weiter, bis zum Finaltisch; {days} Tag(e) pro Runde. Turnierleitung: {organiser}."},
		KeyTourScheme:        {"Points by place at a full table: {points} (tied players share; a smaller table is scaled to the same range). Ties in the standings: opponents' points, then game score relative to the table, then head-to-head. When a round's time is up, bots finish the games left.", "Punkte nach Platz an einem vollen Tisch: {points} (Gleichauf teilt sich; ein kleinerer Tisch wird auf dieselbe Spanne skaliert). Bei Gleichstand: Punkte der Gegner, dann Spielpunkte im Vergleich zum Tisch, dann der direkte Vergleich. Ist die Zeit einer Runde um, spielen Bots die restlichen Partien zu Ende."},
		KeyTourSignedUp:      {"Signed up ({n}): {names}", "Angemeldet ({n}): {names}"},
		KeyTourCloses:        {"Sign-up closes {when}; then round 1 is paired.", "Die Anmeldung schließt {when}; dann wird Runde 1 gepaart."},
		KeyTourByOrganiser:   {"The organiser starts round 1 with the Start button or /tournament start.", "Die Turnierleitung startet Runde 1 mit dem Start-Knopf oder /turnier start."},
		KeyTourSignupClosed:  {"Sign-up is closed: {n} players.", "Die Anmeldung ist geschlossen: {n} Spieler."},
		KeyTourBtnJoin:       {"Join", "Mitspielen"},
		KeyTourBtnLeave:      {"Leave", "Abmelden"},
		KeyTourBtnStart:      {"Start", "Starten"},
		KeyTourBtnConfirm:    {"Confirm", "Bestätigen"},
		KeyTourOKNew:         {"The tournament's sign-up is open in this channel.", "Die Anmeldung zum Turnier ist in diesem Kanal offen."},
		KeyTourOKJoined:      {"You are signed up.", "Du bist angemeldet."},
		KeyTourOKLeft:        {"You are no longer signed up.", "Du bist abgemeldet."},
		KeyTourOKStarted:     {"Round 1 is paired; the tables open in threads of this channel.", "Runde 1 ist gepaart; die Tische öffnen in Threads dieses Kanals."},
		KeyTourOKDone:        {"Done.", "Erledigt."},
		KeyTourNeedManage:    {"Opening a tournament takes the Manage Server permission or the server's organiser role.", "Ein Turnier zu eröffnen braucht das Recht „Server verwalten“ oder die Organisator-Rolle des Servers."},
		KeyTourNotOrganiser:  {"Only the tournament's organiser (or a member with Manage Server or the server's organiser role) can do that.", "Das darf nur die Turnierleitung (oder wer den Server verwalten darf oder die Organisator-Rolle hat)."},
		KeyTourNone:          {"There is no tournament in this channel. Open one with /tournament new.", "In diesem Kanal gibt es kein Turnier. Eröffne eines mit /turnier neu."},
		KeyTourBusy:          {"This channel already runs a tournament; end it first with /tournament end.", "In diesem Kanal läuft schon ein Turnier; beende es zuerst mit /turnier ende."},
		KeyTourNoGuild:       {"Tournaments run in a server's channels, not in DMs.", "Turniere laufen in den Kanälen eines Servers, nicht in Direktnachrichten."},
		KeyTourBadNumber:     {"{option} must be a whole number from {min} to {max}, not “{value}”.", "{option} muss eine ganze Zahl von {min} bis {max} sein, nicht „{value}“."},
		KeyTourBadRanks:      {"I could not read the ranks “{text}”: give one place per seat, in seat order, separated by commas, e.g. 2,1,3.", "Ich konnte die Ränge „{text}“ nicht lesen: Gib einen Platz pro Sitz an, in Sitzreihenfolge, durch Kommas getrennt, z. B. 2,1,3."},
		KeyTourNoSuchTable:   {"The current round has no table {n}; /tournament round lists them.", "Die laufende Runde hat keinen Tisch {n}; /turnier runde zeigt sie."},
		KeyTourNotStarted:    {"The tournament has not started yet.", "Das Turnier hat noch nicht begonnen."},
		KeyTourNoPlayer:      {"Name the player with the option player.", "Nenne die Person mit der Option spieler."},
		KeyTourAskDrop:       {"Drop {player} from the tournament? They get no more pairings and keep their points; a game they are playing goes on under the table's rule for absent players.", "{player} aus dem Turnier nehmen? Keine weiteren Paarungen, die Punkte bleiben; eine laufende Partie geht nach der Regel des Tisches für Abwesende weiter."},
		KeyTourAskDropSelf:   {"Leave the tournament? You get no more pairings and keep your points; a game you are playing goes on under the table's rule for absent players.", "Das Turnier verlassen? Du bekommst keine weiteren Paarungen und behältst deine Punkte; eine laufende Partie geht nach der Regel des Tisches für Abwesende weiter."},
		KeyTourAskReplace:    {"Give {player}'s place (points, seats of running games, next pairings) to {with}?", "Den Platz von {player} (Punkte, Sitze laufender Partien, nächste Paarungen) an {with} geben?"},
		KeyTourAskResult:     {"Set the result of table {n} to {ranks} ({names})? It replaces any recorded result.", "Das Ergebnis von Tisch {n} auf {ranks} ({names}) festlegen? Es ersetzt ein schon erfasstes Ergebnis."},
		KeyTourAskPause:      {"Pause the tournament? The round's time and every running game's clocks stand still until you resume it with /tournament pause; moves may still be made.", "Das Turnier pausieren? Die Zeit der Runde und die Uhren aller laufenden Partien stehen still, bis du es mit /turnier pause fortsetzt; Züge sind weiter möglich."},
		KeyTourAskResume:     {"Resume the tournament? The round's time and the games' clocks run again; nobody is charged for the pause.", "Das Turnier fortsetzen? Die Zeit der Runde und die Uhren der Partien laufen wieder; die Pause zählt für niemanden."},
		KeyTourAskEndGames:   {"End the tournament now? {n} games of this round are still running: bots finish them for their players at once (as when a round's time is up) and their results count; then the standings become final and the podium is posted.", "Das Turnier jetzt beenden? {n} Partien dieser Runde laufen noch: Bots spielen sie sofort für ihre Spieler zu Ende (wie wenn die Zeit einer Runde um ist) und ihre Ergebnisse zählen; dann wird der Stand endgültig und das Siegertreppchen wird gezeigt."},
		KeyTourAlreadyEnding: {"The tournament is already ending: bots are finishing its last games, then the final standings follow.", "Das Turnier endet schon: Bots spielen seine letzten Partien zu Ende, dann folgt der Endstand."},
		KeyTourEnding:        {"🏁 The organiser ends the tournament: bots finish the {n} running games now; the final standings follow.", "🏁 Die Turnierleitung beendet das Turnier: Bots spielen die {n} laufenden Partien jetzt zu Ende; der Endstand folgt."},
		KeyTourTablePaused:   {"⏸️ The tournament is paused: this game's clocks stand still (moves may still be made).", "⏸️ Das Turnier ist pausiert: Die Uhren dieser Partie stehen still (Züge sind weiter möglich)."},
		KeyTourTableResumed:  {"▶️ The tournament goes on: this game's clocks run again; the pause is charged to nobody.", "▶️ Das Turnier geht weiter: Die Uhren dieser Partie laufen wieder; die Pause zählt für niemanden."},
		KeyTourAskEnd:        {"End the tournament now? The standings as they are become final and the podium is posted.", "Das Turnier jetzt beenden? Der aktuelle Stand wird endgültig und das Siegertreppchen wird gezeigt."},
		KeyTourDropped:       {"{player} has left the tournament.", "{player} hat das Turnier verlassen."},
		KeyTourReplaced:      {"{with} takes {player}'s place in the tournament.", "{with} übernimmt den Platz von {player} im Turnier."},
		KeyTourResultSet:     {"The organiser set the result of table {n}: {names}.", "Die Turnierleitung hat das Ergebnis von Tisch {n} festgelegt: {names}."},
		KeyTourPaused:        {"⏸️ The tournament is paused; the round's time and the games' clocks stand still.", "⏸️ Das Turnier ist pausiert; die Zeit der Runde und die Uhren der Partien stehen still."},
		KeyTourResumed:       {"▶️ The tournament goes on; the round ends {when}.", "▶️ Das Turnier geht weiter; die Runde endet {when}."},
		KeyTourRound:         {"🏆 **Round {round}** of {rounds}: {tables} table(s), until {when}.", "🏆 **Runde {round}** von {rounds}: {tables} Tisch(e), bis {when}."},
		KeyTourRoundTable:    {"Table {n}: {names}", "Tisch {n}: {names}"},
		KeyTourRoundBye:      {"Sitting this round out ({points} points each): {names}", "Setzen diese Runde aus ({points} Punkte je): {names}"},
		KeyTourRoundDone:     {"Round {round} is complete.", "Runde {round} ist beendet."},
		KeyTourTimeUp:        {"⏰ The tournament round's time is up: bots finish this game for its players.", "⏰ Die Zeit der Turnierrunde ist um: Bots spielen diese Partie für ihre Spieler zu Ende."},
		KeyTourStarter:       {"🏆 Round {round}, table {n}: {players}, your game starts in this thread.", "🏆 Runde {round}, Tisch {n}: {players}, eure Partie beginnt in diesem Thread."},
		KeyTourThreadName:    {"{game} · round {round} · table {n}", "{game} · Runde {round} · Tisch {n}"},
		KeyTourOver:          {"🏆 The tournament is over. Winner: **{names}**.", "🏆 Das Turnier ist vorbei. Gewonnen hat: **{names}**."},
		KeyTourOverTooFew:    {"🏆 The tournament ends: too few players are left to pair another round.", "🏆 Das Turnier endet: Es sind zu wenige Spieler für eine weitere Runde übrig."},
		KeyTourTooFewStart:   {"🏆 Sign-up closed with {n} player(s), but the tournament needs at least {min}: it is called off.", "🏆 Die Anmeldung schloss mit {n} Spieler(n), das Turnier braucht aber mindestens {min}: Es fällt aus."},
		KeyTourStandingsHead: {"**{game}**, {format}: {when}", "**{game}**, {format}: {when}"},
		KeyTourStandingsLine: {"{rank}. {name}: {points} points (opponents {opponent}, score {relative}, {played} game(s))", "{rank}. {name}: {points} Punkte (Gegner {opponent}, Spielpunkte {relative}, {played} Partie(n))"},
		KeyTourStandingsMore: {"… and {n} more", "… und {n} weitere"},
		KeyTourDroppedMark:   {"(out)", "(raus)"},
		KeyTourColRank:       {"#", "#"},
		KeyTourColPlayer:     {"Player", "Spieler"},
		KeyTourColPoints:     {"Points", "Punkte"},
		KeyTourColOpponent:   {"Opp.", "Gegner"},
		KeyTourColRelative:   {"Score ±", "Spiel ±"},
		KeyTourColGames:      {"Games", "Partien"},
		KeyTourPointsLabel:   {"points", "Punkte"},
		KeyTourFinal:         {"Final standings", "Endstand"},
		KeyTourAfterRound:    {"Standings after round {round} of {rounds}", "Stand nach Runde {round} von {rounds}"},
		KeyTourRoundView:     {"**Round {round}** of {rounds}, ends {when}:", "**Runde {round}** von {rounds}, endet {when}:"},
		KeyTourRoundViewLine: {"Table {n} ({state}): {names} {link}", "Tisch {n} ({state}): {names} {link}"},
		KeyTourStatePlaying:  {"playing", "läuft"},
		KeyTourStateDone:     {"finished", "beendet"},
		KeyTourStateOpening:  {"opening", "öffnet"},
		KeyTourStatePaused:   {"The tournament is paused.", "Das Turnier ist pausiert."},
		KeyTourNoRound:       {"No round has been paired yet.", "Es wurde noch keine Runde gepaart."},
	}
}

// Definition is the /tournament command.
func (f *Feature) Definition() *discordgo.ApplicationCommand {
	sub := func(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		o := f.voice.Option("tournament."+name, discordgo.ApplicationCommandOptionSubCommand, false)
		o.Options = opts
		return o
	}
	opt := func(path string, typ discordgo.ApplicationCommandOptionType, required bool) *discordgo.ApplicationCommandOption {
		return f.voice.Option("tournament."+path, typ, required)
	}
	integer := func(path string, required bool, least, most int) *discordgo.ApplicationCommandOption {
		o := opt(path, discordgo.ApplicationCommandOptionInteger, required)
		lo := float64(least)
		o.MinValue, o.MaxValue = &lo, float64(most)
		return o
	}
	game := opt("new.game", discordgo.ApplicationCommandOptionString, true)
	game.Choices = f.voice.GameChoices()
	format := opt("new.format", discordgo.ApplicationCommandOptionString, true)
	for _, form := range tournament.Formats {
		name, names := f.voice.Localized(KeyTourFormatPrefix + string(form))
		format.Choices = append(format.Choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: string(form), NameLocalizations: names})
	}
	options := opt("new.options", discordgo.ApplicationCommandOptionString, false)
	options.MaxLength = 200
	ranks := opt("result.ranks", discordgo.ApplicationCommandOptionString, true)
	ranks.MaxLength = 40
	return f.voice.Command("tournament",
		sub(SubTourNew, game, format,
			integer("new.table-size", true, tournament.MinTableSize, tournament.MaxTableSize),
			integer("new.days-per-round", true, 1, tournament.MaxDays),
			integer("new.rounds", false, 1, tournament.MaxRounds),
			options,
			integer("new.advance", false, 1, tournament.MaxTableSize-1),
			integer("new.signup-hours", false, 1, maxTourSignupHour)),
		sub(SubTourStart), sub(SubTourStandings), sub(SubTourRound),
		sub(SubTourDrop, opt("drop.player", discordgo.ApplicationCommandOptionUser, false)),
		sub(SubTourReplace, opt("replace.player", discordgo.ApplicationCommandOptionUser, true), opt("replace.with", discordgo.ApplicationCommandOptionUser, true)),
		sub(SubTourResult, integer("result.table", true, 1, tournament.MaxPlayers), ranks),
		sub(SubTourPause), sub(SubTourEnd))
}
