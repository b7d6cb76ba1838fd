package compose

// Keys of what a change tells the channel and the players.
const (
	KeyDMBlocked = "core.dm.blocked"
	KeyDMHeader  = "core.dm.header"
	KeyBtnHand   = "core.btn.hand"
	// KeyLookPlaceholder is the board's "Look at a player" select.
	KeyLookPlaceholder = "core.look.placeholder"
	KeyBtnBack         = "core.btn.back"
	KeyMoreUseMove     = "core.board.more_use_move"
	KeyStatusTitle     = "core.status.title"
	KeyStatusPublic    = "core.status.public"
	KeyStatusPrivate   = "core.status.private"
	KeyStatusOver      = "core.status.over"
	KeyStatusGone      = "core.status.abandoned"
	KeyStatusLobby     = "core.status.lobby"
	KeyStandings       = "core.standings.title"
	KeyStandingLine    = "core.standings.line"
	KeyHandTitle       = "core.hand.title"
	KeyHandNothing     = "core.hand.nothing"
	KeyGameOverDM      = "core.dm.game_over"
	KeyTookOver        = "core.took_over"
	KeyReminder        = "core.reminder"
	KeyReminderPing    = "core.reminder.ping"
	KeyVacationOver    = "core.vacation.over"
	KeyLastOne         = "core.reminder.last"
	KeyLastOnePing     = "core.reminder.last_ping"
	KeyLastOneDue      = "core.reminder.last_due"
	KeyLastOneDuePing  = "core.reminder.last_due_ping"
	KeyDMSettled       = "core.dm.settled"
	KeyDMSpent         = "core.dm.spent"
	KeyDMDue           = "core.dm.due"
	KeyTimedOut        = "core.timeout.narration"
	KeyTimedOutQuiet   = "core.timeout.secret"
	KeyStatusDue       = "core.status.deadline"
	KeyStatusAway      = "core.status.away"
	KeyStatusBank      = "core.status.bank"
	KeyVoteOpen        = "core.vote.open"
	KeyVoteTally       = "core.vote.tally"
	KeyVoteBtnEnd      = "core.vote.btn_end"
	KeyVoteBtnKeep     = "core.vote.btn_keep"
	KeyVoteMoved       = "core.vote.moved"
	KeyVoteChanged     = "core.vote.changed"
	KeyVoteTimeout     = "core.vote.timeout"
	KeyVoteDecided     = "core.vote.decided"
	KeyVoteEnded       = "core.vote.ended"
	KeyVoteEndedPost   = "core.vote.ended_post"
)

// Texts are compose's texts, en and de: the boards, the status, DMs,
// votes, reminders and the standings.
func Texts() map[string][2]string {
	t := map[string][2]string{
		KeyDMBlocked:       {"{player}, I cannot send you direct messages. Use /game hand or press “Show my hand” to see your hand and your options.", "{player}, ich kann dir keine Direktnachrichten schicken. Nutze /spiel hand oder „Meine Hand zeigen“, um deine Hand und deine Möglichkeiten zu sehen."},
		KeyDMHeader:        {"**{game}** in <#{channel}>: {prompt}", "**{game}** in <#{channel}>: {prompt}"},
		KeyBtnHand:         {"Show my hand", "Meine Hand zeigen"},
		KeyLookPlaceholder: {"Look at a player's part of the board", "Den Bereich eines Mitspielers ansehen"},
		KeyBtnBack:         {"Back one step", "Einen Schritt zurück"},
		KeyMoreUseMove:     {"More options are available with /move.", "Weitere Möglichkeiten gibt es mit /zug."},
		KeyStatusTitle:     {"**{game}**, move {n}", "**{game}**, Zug {n}"},
		KeyStatusPublic:    {"{player}: {prompt}", "{player}: {prompt}"},
		KeyStatusPrivate:   {"{player} is choosing privately.", "{player} wählt geheim."},
		KeyStatusOver:      {"**{game}**: the game is over.", "**{game}**: das Spiel ist vorbei."},
		KeyStatusGone:      {"**{game}**: this table was abandoned.", "**{game}**: dieser Tisch wurde abgebrochen."},
		KeyStatusLobby:     {"**{game}**: waiting in the lobby for the host to start.", "**{game}**: wartet in der Lobby auf den Start."},
		KeyStandings:       {"Final standings:", "Endstand:"},
		KeyStandingLine:    {"{rank}. {player}: {score} ({detail})", "{rank}. {player}: {score} ({detail})"},
		KeyHandTitle:       {"Your view of **{game}**.", "Deine Sicht auf **{game}**."},
		KeyHandNothing:     {"Nothing is awaited from you right now.", "Gerade wird nichts von dir erwartet."},
		KeyGameOverDM:      {"**{game}** in {channel} is over.", "**{game}** in {channel} ist zu Ende."},
		KeyTookOver:        {"{player}'s time ran out: a bot plays their seat until they come back with /game return.", "Die Zeit von {player} ist abgelaufen: Ein Bot spielt den Platz, bis {player} mit /spiel rückkehr zurückkommt."},
		KeyReminder:        {"⏰ **{game}** in {channel}: your decision is waiting. Your time runs out {when}.", "⏰ **{game}** in {channel}: Deine Entscheidung wartet. Deine Zeit läuft {when} ab."},
		KeyReminderPing:    {"⏰ {player}, your decision is waiting; your time runs out {when}.", "⏰ {player}, deine Entscheidung wartet; deine Zeit läuft {when} ab."},
		KeyVacationOver:    {"🧳 {player} is back from vacation; their clock runs again.", "🧳 {player} ist aus dem Urlaub zurück; die Uhr läuft wieder."},
		KeyLastOne:         {"⏰ **{game}** in {channel}: everyone else has answered; the table waits only for you.", "⏰ **{game}** in {channel}: Alle anderen haben geantwortet; der Tisch wartet nur noch auf dich."},
		KeyLastOnePing:     {"⏰ {player}, everyone else has answered; the table waits only for you.", "⏰ {player}, alle anderen haben geantwortet; der Tisch wartet nur noch auf dich."},
		KeyLastOneDue:      {"⏰ **{game}** in {channel}: everyone else has answered; the table waits only for you. Your time runs out {when}.", "⏰ **{game}** in {channel}: Alle anderen haben geantwortet; der Tisch wartet nur noch auf dich. Deine Zeit läuft {when} ab."},
		KeyLastOneDuePing:  {"⏰ {player}, everyone else has answered; the table waits only for you. Your time runs out {when}.", "⏰ {player}, alle anderen haben geantwortet; der Tisch wartet nur noch auf dich. Deine Zeit läuft {when} ab."},
		KeyDMSettled:       {"Your answer is in. Nothing else is awaited from you right now; a new message comes when it is your turn again.", "Deine Antwort ist angekommen. Gerade wird nichts weiter von dir erwartet; wenn du wieder dran bist, kommt eine neue Nachricht."},
		KeyDMSpent:         {"This decision is over: the table or another player's move answered it. A new message comes when it is your turn again.", "Diese Entscheidung ist vorbei: der Tisch oder der Zug eines anderen hat sie beantwortet. Wenn du wieder dran bist, kommt eine neue Nachricht."},
		KeyDMDue:           {"⏳ Your time runs out {when}.", "⏳ Deine Zeit läuft ab {when}."},
		KeyTimedOut:        {"{player} ran out of time: {option}.", "{player} hat die Bedenkzeit überschritten: {option}."},
		KeyTimedOutQuiet:   {"{player} ran out of time; the safe default was chosen privately.", "{player} hat die Bedenkzeit überschritten; die sichere Standardwahl wurde geheim getroffen."},
		KeyStatusDue:       {"{line} Time runs out {when}.", "{line} Die Bedenkzeit endet {when}."},
		KeyStatusAway:      {"A bot plays {player}'s seat until they return (/game return).", "Ein Bot spielt den Platz von {player}, bis {player} zurückkehrt (/spiel rückkehr)."},
		KeyStatusBank:      {"{player} has {time} left in the time bank.", "{player} hat noch {time} Bedenkzeit auf dem Konto."},
		KeyVoteOpen: {"⏳ {player}'s time ran out. {voters}: end the game? A majority of you ({needed} of {present}) ends it (abandoned, not rated). Otherwise the table waits for {player} until {when}, then answers for them and the game goes on; if {player} answers first, this vote closes.",
			"⏳ Die Zeit von {player} ist abgelaufen. {voters}: Spiel beenden? Eine Mehrheit von euch ({needed} von {present}) beendet es (abgebrochen, ohne Wertung). Sonst wartet der Tisch auf {player} bis {when}, antwortet dann für {player}, und das Spiel geht weiter; antwortet {player} vorher, wird diese Abstimmung geschlossen."},
		KeyVoteTally:     {"End: {end} · Keep waiting: {keep} · {needed} of {present} end the game", "Beenden: {end} · Weiterwarten: {keep} · {needed} von {present} beenden das Spiel"},
		KeyVoteBtnEnd:    {"End the game", "Spiel beenden"},
		KeyVoteBtnKeep:   {"Keep waiting", "Weiter warten"},
		KeyVoteMoved:     {"{player} answered: the vote on ending the game is closed, and the game goes on.", "{player} hat geantwortet: Die Abstimmung über das Spielende ist geschlossen, das Spiel geht weiter."},
		KeyVoteChanged:   {"{player}'s decision changed: the vote on ending the game is closed.", "Die Entscheidung von {player} hat sich geändert: Die Abstimmung über das Spielende ist geschlossen."},
		KeyVoteTimeout:   {"No majority voted to end the game in time: the table answered for {player}, and the game goes on.", "Keine Mehrheit hat rechtzeitig für das Ende gestimmt: Der Tisch hat für {player} geantwortet, das Spiel geht weiter."},
		KeyVoteDecided:   {"The players voted to end the game while {player} was away ({end} of {present}).", "Die Spielenden haben für das Ende gestimmt, während {player} fort war ({end} von {present})."},
		KeyVoteEnded:     {"The game ended: the vote about {player} is closed.", "Das Spiel ist vorbei: Die Abstimmung über {player} ist geschlossen."},
		KeyVoteEndedPost: {"🏁 The players voted to end the game: it is abandoned and not rated.", "🏁 Die Spielenden haben für das Ende gestimmt: Das Spiel ist abgebrochen und wird nicht gewertet."},
	}
	for _, more := range []map[string][2]string{publicDMTexts(), reminderLinkTexts()} {
		for k, v := range more {
			t[k] = v
		}
	}
	return t
}
