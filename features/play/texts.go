package play

// Keys of what play answers the players.
const (
	KeyOKMove        = "core.ok.move"
	KeyOKStarted     = "core.ok.started"
	KeyOKUndo        = "core.ok.undo"
	KeyOKVote        = "core.ok.vote"
	KeyOKAbandoned   = "core.ok.abandoned"
	KeyOKBack        = "core.ok.back"
	KeyBoardStarted  = "core.board.started"
	KeyBoardUndo     = "core.board.undo"
	KeyBoardUndone   = "core.board.undone"
	KeyLogTitle      = "core.log.title"
	KeyLogLine       = "core.log.line"
	KeyLogEmpty      = "core.log.empty"
	KeyDMWhichTable  = "core.dm.which_table"
	KeyDMPickTable   = "core.dm.pick_table"
	KeyReturned      = "core.returned"
	KeyOKReturned    = "core.ok.returned"
	KeyLogMoved      = "core.log.moved"
	KeyAbandonPost   = "core.abandon.post"
	KeyAbandonVote   = "core.abandon.vote_post"
	KeyAbandonByVote = "core.abandon.by_vote"
	KeyIdleClosed    = "core.deadline.idle_closed"
	KeyLogTimeout    = "core.log.timeout"
	KeyGroupReply    = "core.group.reply"
	KeyOKVoteEnd     = "core.ok.vote_end"
	KeyOKVoteKeep    = "core.ok.vote_keep"
	KeyOKVoteEnded   = "core.ok.vote_ended"
	KeyLookTitle     = "core.look.title"
	KeyLookUnknown   = "core.look.unknown"
	KeyLookNone      = "core.look.none"
	KeyLookFailed    = "core.look.failed"
)

// Texts are play's texts, en and de: its answers to moves, undo, abandon,
// votes and the DM's table menu.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeyOKMove:        {"Done: {option}.", "Erledigt: {option}."},
		KeyOKStarted:     {"The game has started.", "Das Spiel hat begonnen."},
		KeyOKUndo:        {"Your last move was taken back.", "Dein letzter Zug wurde zurückgenommen."},
		KeyOKVote:        {"Your vote to abandon is counted ({votes} of {needed}).", "Deine Stimme für den Abbruch zählt ({votes} von {needed})."},
		KeyOKAbandoned:   {"The table was abandoned.", "Der Tisch wurde abgebrochen."},
		KeyOKBack:        {"You stepped back one step.", "Du bist einen Schritt zurückgegangen."},
		KeyBoardStarted:  {"The game begins. Seat order: {names}.", "Das Spiel beginnt. Sitzreihenfolge: {names}."},
		KeyBoardUndo:     {"{player} took back their last move.", "{player} hat den letzten Zug zurückgenommen."},
		KeyBoardUndone:   {"↩ {player} took this move back; the board below shows the game as it stands.", "↩ {player} hat diesen Zug zurückgenommen; das Spielbrett darunter zeigt den aktuellen Stand."},
		KeyLogTitle:      {"Recent moves:", "Letzte Züge:"},
		KeyLogLine:       {"{n}. {player}: {events}", "{n}. {player}: {events}"},
		KeyLogEmpty:      {"No moves yet.", "Noch keine Züge."},
		KeyDMWhichTable:  {"You play at several tables ({tables}): which one?", "Du spielst an mehreren Tischen ({tables}): an welchem?"},
		KeyDMPickTable:   {"Choose a table", "Wähle einen Tisch"},
		KeyReturned:      {"{player} is back and plays their own seat again.", "{player} ist zurück und spielt den eigenen Platz wieder selbst."},
		KeyOKReturned:    {"Welcome back: your seat is yours again.", "Willkommen zurück: Dein Platz gehört wieder dir."},
		KeyLogMoved:      {"moved.", "hat gezogen."},
		KeyAbandonPost:   {"{player} ended this table.", "{player} hat diesen Tisch beendet."},
		KeyAbandonVote:   {"{player} votes to abandon this table ({votes} of {needed} votes).", "{player} stimmt für den Abbruch dieses Tisches ({votes} von {needed} Stimmen)."},
		KeyAbandonByVote: {"The players voted to abandon this table.", "Die Spieler haben den Abbruch dieses Tisches beschlossen."},
		KeyIdleClosed:    {"Nobody has played for {n} deadlines in a row, so this table is closed. Open a new one with /game new.", "Seit {n} Fristen in Folge hat niemand gespielt, daher ist dieser Tisch geschlossen. Eröffnet einen neuen mit /spiel neu."},
		KeyLogTimeout:    {"(out of time)", "(Bedenkzeit überschritten)"},
		KeyGroupReply:    {"{prompt}: {group}", "{prompt}: {group}"},
		KeyOKVoteEnd:     {"You voted to end the game ({end} of {needed} votes needed).", "Du hast für das Ende gestimmt ({end} von {needed} nötigen Stimmen)."},
		KeyOKVoteKeep:    {"You voted to keep waiting.", "Du hast für Weiterwarten gestimmt."},
		KeyOKVoteEnded:   {"Your vote decided it: the game is ended.", "Deine Stimme hat entschieden: Das Spiel ist beendet."},
		KeyLookTitle:     {"{player}'s part of the board at full size, as everyone sees it.", "Der Bereich von {player} in voller Größe, wie ihn alle sehen."},
		KeyLookUnknown:   {"No player \"{player}\" sits at this table. Pick one of: {names}.", "An diesem Tisch sitzt kein Spieler „{player}“. Wähle einen von: {names}."},
		KeyLookNone:      {"{game} has no close-up of a player's part: its board shows every part at full size.", "{game} hat keine Nahansicht des Bereichs eines Spielers: Sein Spielbrett zeigt jeden Bereich in voller Größe."},
		KeyLookFailed:    {"The picture could not be drawn. Please try again in a moment.", "Das Bild konnte nicht gezeichnet werden. Bitte versuche es gleich noch einmal."},
	}
}
