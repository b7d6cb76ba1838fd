package play

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
)

// Texts of the vote on ending a game whose player's time ran out
// (absent=vote, see table/absent.go).
const (
	KeyVoteOpen      = "core.vote.open"
	KeyVoteTally     = "core.vote.tally"
	KeyVoteBtnEnd    = "core.vote.btn_end"
	KeyVoteBtnKeep   = "core.vote.btn_keep"
	KeyVoteMoved     = "core.vote.moved"
	KeyVoteChanged   = "core.vote.changed"
	KeyVoteTimeout   = "core.vote.timeout"
	KeyVoteDecided   = "core.vote.decided"
	KeyVoteEnded     = "core.vote.ended"
	KeyVoteEndedPost = "core.vote.ended_post"
	KeyOKVoteEnd     = "core.ok.vote_end"
	KeyOKVoteKeep    = "core.ok.vote_keep"
	KeyOKVoteEnded   = "core.ok.vote_ended"
)

func absentVoteTexts() map[string][2]string {
	return map[string][2]string{
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
		KeyOKVoteEnd:     {"You voted to end the game ({end} of {needed} votes needed).", "Du hast für das Ende gestimmt ({end} von {needed} nötigen Stimmen)."},
		KeyOKVoteKeep:    {"You voted to keep waiting.", "Du hast für Weiterwarten gestimmt."},
		KeyOKVoteEnded:   {"Your vote decided it: the game is ended.", "Deine Stimme hat entschieden: Das Spiel ist beendet."},
	}
}

// The arguments of a vote button.
const (
	VoteArgEnd  = "e"
	VoteArgKeep = "k"
)

// voteMessage is an open vote's channel message: who is asked, until
// when the table waits, the count so far and the two buttons.
func (tl *teller) voteMessage(t *table.Table, v table.Vote) interact.Message {
	tally := t.Tally(v)
	var voters, mentions []string
	for i, u := range t.Seats {
		if i != v.Seat && !u.Bot {
			if _, absent := t.OpenVoteOf(i); !absent {
				voters = append(voters, "<@"+u.UserID+">")
				mentions = append(mentions, u.UserID)
			}
		}
	}
	when := "—"
	if at, ok := t.VoteUntil(v); ok {
		when = interact.Timestamp(at)
	}
	name := t.Seats[v.Seat].Name
	lines := []string{
		tl.voice.Text(t.Lang, games.T(KeyVoteOpen, "player", name, "voters", strings.Join(voters, " "), "needed", tally.Needed, "present", tally.Present, "when", when)),
		tl.voice.Text(t.Lang, games.T(KeyVoteTally, "end", tally.End, "keep", tally.Keep, "needed", tally.Needed, "present", tally.Present)),
	}
	m := interact.Message{Content: interact.Truncate(strings.Join(lines, "\n"), 2000), Mentions: mentions}
	end, err1 := interact.CustomID{Kind: interact.KindVote, Channel: t.ChannelID, Table: t.ID, Version: v.ID, Arg: VoteArgEnd}.Encode()
	keep, err2 := interact.CustomID{Kind: interact.KindVote, Channel: t.ChannelID, Table: t.ID, Version: v.ID, Arg: VoteArgKeep}.Encode()
	if err1 == nil && err2 == nil {
		m.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: tl.voice.Text(t.Lang, games.T(KeyVoteBtnEnd)), Style: discordgo.DangerButton, CustomID: end},
			discordgo.Button{Label: tl.voice.Text(t.Lang, games.T(KeyVoteBtnKeep)), Style: discordgo.SecondaryButton, CustomID: keep},
		}}}
	}
	return m
}

// closedVoteText says why a vote closed, for its message without buttons.
func (tl *teller) closedVoteText(t *table.Table, c table.ClosedVote) string {
	name := ""
	if c.Vote.Seat >= 0 && c.Vote.Seat < len(t.Seats) {
		name = t.Seats[c.Vote.Seat].Name
	}
	key := map[table.VoteEnd]string{table.VoteMoved: KeyVoteMoved, table.VoteChanged: KeyVoteChanged, table.VoteTimeout: KeyVoteTimeout,
		table.VoteDecided: KeyVoteDecided, table.VoteEnded: KeyVoteEnded}[c.Why]
	if key == "" {
		key = KeyVoteEnded
	}
	end, present := len(c.Vote.End), 0
	if c.Why == table.VoteDecided {
		tally := t.Tally(c.Vote) // nobody's vote is open any more: everyone present counts
		end, present = tally.End, tally.Present
	}
	return tl.voice.Text(t.Lang, games.T(key, "player", name, "end", end, "present", present))
}

// votePosts stages what votes changed: a message with buttons for each
// seat whose vote opened (and the absent player's live DM edited to the
// vote's end, when sc has the state), each closed vote's message edited to
// say why it closed (buttons gone), and, when a vote ended the game, the
// line saying so, the status edited and unpinned and every button cleared.
func (tl *teller) votePosts(c *outbox.Composer, sc scene, opened []int, endedByVote bool) {
	t, g := sc.t, sc.g
	for _, seat := range opened {
		if v, ok := t.OpenVoteOf(seat); ok {
			c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Remember: outbox.RememberVote(v.ID)}, tl.voteMessage(t, v))
		}
	}
	if sc.st != nil && len(c.Delivery.State) > 0 && t.Status == table.StatusPlaying {
		tl.deadlineDMs(c, sc, opened) // their countdown shows the vote's end
	}
	for _, cv := range t.TakeClosedVotes() {
		c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: cv.Vote.Message.Channel, MessageID: cv.Vote.Message.ID}, interact.Message{Content: tl.closedVoteText(t, cv)})
	}
	if !endedByVote {
		return
	}
	c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, interact.Message{Content: tl.voice.Text(t.Lang, games.T(KeyVoteEndedPost))})
	tl.statusPost(c, scene{t: t, g: g})
	clearAll(c, t.TakeLiveBoards())
	clearAll(c, t.TakeStaleButtons())
	tl.clearAllDMs(c, t)
}

// Vote answers a click on a vote's End or Keep waiting button. The
// button carries the vote's id, not the table's version, so moves made
// meanwhile do not make it stale; a closed vote, a stranger, the absent
// player and a second identical click are answered and change nothing.
func (f *Feature) Vote(ctx context.Context, r interact.Request, id interact.CustomID) interact.Result {
	choice := table.VoteForKeep
	switch id.Arg {
	case VoteArgEnd:
		choice = table.VoteForEnd
	case VoteArgKeep:
	default:
		return f.voice.Key(r.Lang, interact.KeyBadButton)
	}
	var (
		res table.VoteResult
		d   outbox.Delivery
	)
	t, err := f.tables.Update(ctx, id.Channel, id.Table, func(t *table.Table, g games.Game) error {
		now := f.now()
		if v, ok := t.VoteByID(id.Version); ok && v.Message.ID == "" && r.Interaction != nil && r.Interaction.Message != nil && r.Interaction.Message.ID != "" {
			// Clicked before its message id was remembered.
			t.SetVoteMessage(v.ID, table.MessageRef{Channel: t.ChannelID, ID: r.Interaction.Message.ID}, now)
		}
		var err error
		if res, err = t.CastVote(r.UserID, id.Version, choice, now); err != nil {
			return err
		}
		c := outbox.NewComposer(t, false)
		if !res.Ended && res.Vote.Message.ID != "" {
			c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: res.Vote.Message.Channel, MessageID: res.Vote.Message.ID}, f.tell.voteMessage(t, res.Vote))
		}
		f.tell.votePosts(c, scene{t: t, g: g}, nil, res.Ended)
		d, err = c.Done()
		return f.stage(t, d, err)
	})
	if err != nil {
		return f.voice.Err(r, err)
	}
	reply := games.T(KeyOKVoteKeep)
	switch {
	case res.Ended:
		reply = games.T(KeyOKVoteEnded)
	case choice == table.VoteForEnd:
		reply = games.T(KeyOKVoteEnd, "end", res.Tally.End, "needed", res.Tally.Needed)
	}
	return f.deliver(t, d, nil, &interact.Message{Content: f.voice.Text(r.Lang, reply)})
}
