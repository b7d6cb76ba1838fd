package play

// Keys of what a running table says.
const (
	KeyDMBlocked      = "core.dm.blocked"
	KeyDMHeader       = "core.dm.header"
	KeyOKMove         = "core.ok.move"
	KeyOKStarted      = "core.ok.started"
	KeyOKUndo         = "core.ok.undo"
	KeyOKVote         = "core.ok.vote"
	KeyOKAbandoned    = "core.ok.abandoned"
	KeyBtnHand        = "core.btn.hand"
	KeyBtnBack        = "core.btn.back"
	KeyOKBack         = "core.ok.back"
	KeyMoreUseMove    = "core.board.more_use_move"
	KeyBoardStarted   = "core.board.started"
	KeyBoardUndo      = "core.board.undo"
	KeyBoardUndone    = "core.board.undone"
	KeyStatusTitle    = "core.status.title"
	KeyStatusPublic   = "core.status.public"
	KeyStatusPrivate  = "core.status.private"
	KeyStatusOver     = "core.status.over"
	KeyStatusGone     = "core.status.abandoned"
	KeyStatusLobby    = "core.status.lobby"
	KeyStandings      = "core.standings.title"
	KeyStandingLine   = "core.standings.line"
	KeyHandTitle      = "core.hand.title"
	KeyHandNothing    = "core.hand.nothing"
	KeyLogTitle       = "core.log.title"
	KeyLogLine        = "core.log.line"
	KeyLogEmpty       = "core.log.empty"
	KeyDMWhichTable   = "core.dm.which_table"
	KeyDMPickTable    = "core.dm.pick_table"
	KeyGameOverDM     = "core.dm.game_over"
	KeyTookOver       = "core.took_over"
	KeyReminder       = "core.reminder"
	KeyReminderPing   = "core.reminder.ping"
	KeyVacationOver   = "core.vacation.over"
	KeyLastOne        = "core.reminder.last"
	KeyLastOnePing    = "core.reminder.last_ping"
	KeyLastOneDue     = "core.reminder.last_due"
	KeyLastOneDuePing = "core.reminder.last_due_ping"
	KeyReturned       = "core.returned"
	KeyOKReturned     = "core.ok.returned"
	KeyLogMoved       = "core.log.moved"
	KeyAbandonPost    = "core.abandon.post"
	KeyAbandonVote    = "core.abandon.vote_post"
	KeyAbandonByVote  = "core.abandon.by_vote"
	KeyDMSettled      = "core.dm.settled"
	KeyDMSpent        = "core.dm.spent"
	KeyDMDue          = "core.dm.due"
	KeyIdleClosed     = "core.deadline.idle_closed"
	KeyTimedOut       = "core.timeout.narration"
	KeyTimedOutQuiet  = "core.timeout.secret"
	KeyLogTimeout     = "core.log.timeout"
	KeyStatusDue      = "core.status.deadline"
	KeyStatusAway     = "core.status.away"
	KeyStatusBank     = "core.status.bank"
	KeyGroupReply     = "core.group.reply"
)

// Texts are play's texts, en and de: the table's messages, its menus,
// votes, reminders and DMs.
func Texts() map[string][2]string {
	t := map[string][2]string{
		KeyDMBlocked:      {"{player}, I cannot send you direct messages. Use /game hand or press “Show my hand” to see your hand and your options.", "{player}, ich kann dir keine Direktnachrichten schicken. Nutze /spiel hand oder „Meine Hand zeigen“, um deine Hand und deine Möglichkeiten zu sehen."},
		KeyDMHeader:       {"**{game}** in <#{channel}>: {prompt}", "**{game}** in <#{channel}>: {prompt}"},
		KeyOKMove:         {"Done: {option}.", "Erledigt: {option}."},
		KeyOKStarted:      {"The game has started.", "Das Spiel hat begonnen."},
		KeyOKUndo:         {"Your last move was taken back.", "Dein letzter Zug wurde zurückgenommen."},
		KeyOKVote:         {"Your vote to abandon is counted ({votes} of {needed}).", "Deine Stimme für den Abbruch zählt ({votes} von {needed})."},
		KeyOKAbandoned:    {"The table was abandoned.", "Der Tisch wurde abgebrochen."},
		KeyBtnHand:        {"Show my hand", "Meine Hand zeigen"},
		KeyBtnBack:        {"Back one step", "Einen Schritt zurück"},
		KeyOKBack:         {"You stepped back one step.", "Du bist einen Schritt zurückgegangen."},
		KeyMoreUseMove:    {"More options are available with /move.", "Weitere Möglichkeiten gibt es mit /zug."},
		KeyBoardStarted:   {"The game begins. Seat order: {names}.", "Das Spiel beginnt. Sitzreihenfolge: {names}."},
		KeyBoardUndo:      {"{player} took back their last move.", "{player} hat den letzten Zug zurückgenommen."},
		KeyBoardUndone:    {"↩ {player} took this move back; the board below shows the game as it stands.", "↩ {player} hat diesen Zug zurückgenommen; das Spielbrett darunter zeigt den aktuellen Stand."},
		KeyStatusTitle:    {"**{game}**, move {n}", "**{game}**, Zug {n}"},
		KeyStatusPublic:   {"{player}: {prompt}", "{player}: {prompt}"},
		KeyStatusPrivate:  {"{player} is choosing privately.", "{player} wählt geheim."},
		KeyStatusOver:     {"**{game}**: the game is over.", "**{game}**: das Spiel ist vorbei."},
		KeyStatusGone:     {"**{game}**: this table was abandoned.", "**{game}**: dieser Tisch wurde abgebrochen."},
		KeyStatusLobby:    {"**{game}**: waiting in the lobby for the host to start.", "**{game}**: wartet in der Lobby auf den Start."},
		KeyStandings:      {"Final standings:", "Endstand:"},
		KeyStandingLine:   {"{rank}. {player}: {score} ({detail})", "{rank}. {player}: {score} ({detail})"},
		KeyHandTitle:      {"Your view of **{game}**.", "Deine Sicht auf **{game}**."},
		KeyHandNothing:    {"Nothing is awaited from you right now.", "Gerade wird nichts von dir erwartet."},
		KeyLogTitle:       {"Recent moves:", "Letzte Züge:"},
		KeyLogLine:        {"{n}. {player}: {events}", "{n}. {player}: {events}"},
		KeyLogEmpty:       {"No moves yet.", "Noch keine Züge."},
		KeyDMWhichTable:   {"You play at several tables ({tables}): which one?", "Du spielst an mehreren Tischen ({tables}): an welchem?"},
		KeyDMPickTable:    {"Choose a table", "Wähle einen Tisch"},
		KeyGameOverDM:     {"**{game}** in {channel} is over.", "**{game}** in {channel} ist zu Ende."},
		KeyTookOver:       {"{player}'s time ran out: a bot plays their seat until they come back with /game return.", "Die Zeit von {player} ist abgelaufen: Ein Bot spielt den Platz, bis {player} mit /spiel rückkehr zurückkommt."},
		KeyReminder:       {"⏰ **{game}** in {channel}: your decision is waiting. Your time runs out {when}.", "⏰ **{game}** in {channel}: Deine Entscheidung wartet. Deine Zeit läuft {when} ab."},
		KeyReminderPing:   {"⏰ {player}, your decision is waiting; your time runs out {when}.", "⏰ {player}, deine Entscheidung wartet; deine Zeit läuft {when} ab."},
		KeyVacationOver:   {"🧳 {player} is back from vacation; their clock runs again.", "🧳 {player} ist aus dem Urlaub zurück; die Uhr läuft wieder."},
		KeyLastOne:        {"⏰ **{game}** in {channel}: everyone else has answered; the table waits only for you.", "⏰ **{game}** in {channel}: Alle anderen haben geantwortet; der Tisch wartet nur noch auf dich."},
		KeyLastOnePing:    {"⏰ {player}, everyone else has answered; the table waits only for you.", "⏰ {player}, alle anderen haben geantwortet; der Tisch wartet nur noch auf dich."},
		KeyLastOneDue:     {"⏰ **{game}** in {channel}: everyone else has answered; the table waits only for you. Your time runs out {when}.", "⏰ **{game}** in {channel}: Alle anderen haben geantwortet; der Tisch wartet nur noch auf dich. Deine Zeit läuft {when} ab."},
		KeyLastOneDuePing: {"⏰ {player}, everyone else has answered; the table waits only for you. Your time runs out {when}.", "⏰ {player}, alle anderen haben geantwortet; der Tisch wartet nur noch auf dich. Deine Zeit läuft {when} ab."},
		KeyReturned:       {"{player} is back and plays their own seat again.", "{player} ist zurück und spielt den eigenen Platz wieder selbst."},
		KeyOKReturned:     {"Welcome back: your seat is yours again.", "Willkommen zurück: Dein Platz gehört wieder dir."},
		KeyLogMoved:       {"moved.", "hat gezogen."},
		KeyAbandonPost:    {"{player} ended this table.", "{player} hat diesen Tisch beendet."},
		KeyAbandonVote:    {"{player} votes to abandon this table ({votes} of {needed} votes).", "{player} stimmt für den Abbruch dieses Tisches ({votes} von {needed} Stimmen)."},
		KeyAbandonByVote:  {"The players voted to abandon this table.", "Die Spieler haben den Abbruch dieses Tisches beschlossen."},
		KeyDMSettled:      {"Your answer is in. Nothing else is awaited from you right now; a new message comes when it is your turn again.", "Deine Antwort ist angekommen. Gerade wird nichts weiter von dir erwartet; wenn du wieder dran bist, kommt eine neue Nachricht."},
		KeyDMSpent:        {"This decision is over: the table or another player's move answered it. A new message comes when it is your turn again.", "Diese Entscheidung ist vorbei: der Tisch oder der Zug eines anderen hat sie beantwortet. Wenn du wieder dran bist, kommt eine neue Nachricht."},
		KeyDMDue:          {"⏳ Your time runs out {when}.", "⏳ Deine Zeit läuft ab {when}."},
		KeyIdleClosed:     {"Nobody has played for {n} deadlines in a row, so this table is closed. Open a new one with /game new.", "Seit {n} Fristen in Folge hat niemand gespielt, daher ist dieser Tisch geschlossen. Eröffnet einen neuen mit /spiel neu."},
		KeyTimedOut:       {"{player} ran out of time: {option}.", "{player} hat die Bedenkzeit überschritten: {option}."},
		KeyTimedOutQuiet:  {"{player} ran out of time; the safe default was chosen privately.", "{player} hat die Bedenkzeit überschritten; die sichere Standardwahl wurde geheim getroffen."},
		KeyLogTimeout:     {"(out of time)", "(Bedenkzeit überschritten)"},
		KeyStatusDue:      {"{line} Time runs out {when}.", "{line} Die Bedenkzeit endet {when}."},
		KeyStatusAway:     {"A bot plays {player}'s seat until they return (/game return).", "Ein Bot spielt den Platz von {player}, bis {player} zurückkehrt (/spiel rückkehr)."},
		KeyStatusBank:     {"{player} has {time} left in the time bank.", "{player} hat noch {time} Bedenkzeit auf dem Konto."},
		KeyGroupReply:     {"{prompt}: {group}", "{prompt}: {group}"},
	}
	for _, more := range []map[string][2]string{absentVoteTexts(), publicDMTexts(), reminderLinkTexts()} {
		for k, v := range more {
			t[k] = v
		}
	}
	return t
}
