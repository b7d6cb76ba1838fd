package compose

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/vote"
)

// The arguments of a vote button.
const (
	VoteArgEnd  = "e"
	VoteArgKeep = "k"
)

// VoteMessage is an open vote's channel message: who is asked, until
// when the table waits, the count so far and the two buttons.
func (tl *Teller) VoteMessage(t *table.Table, v vote.Vote) interact.Message {
	tally := t.Absent().Tally(v)
	var voters, mentions []string
	for i, u := range t.Seats {
		if i != v.Seat && !u.Bot {
			if t.Votes.About(i) == nil {
				voters = append(voters, "<@"+u.UserID+">")
				mentions = append(mentions, u.UserID)
			}
		}
	}
	when := "—"
	if at, ok := t.Absent().Until(v); ok {
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
func (tl *Teller) closedVoteText(t *table.Table, c vote.Closed) string {
	name := ""
	if c.Vote.Seat >= 0 && c.Vote.Seat < len(t.Seats) {
		name = t.Seats[c.Vote.Seat].Name
	}
	key := map[vote.Reason]string{vote.Moved: KeyVoteMoved, vote.Changed: KeyVoteChanged, vote.Timeout: KeyVoteTimeout,
		vote.Decided: KeyVoteDecided, vote.Ended: KeyVoteEnded}[c.Why]
	if key == "" {
		key = KeyVoteEnded
	}
	end, present := len(c.Vote.End), 0
	if c.Why == vote.Decided {
		tally := t.Absent().Tally(c.Vote) // nobody's vote is open any more: everyone present counts
		end, present = tally.End, tally.Present
	}
	return tl.voice.Text(t.Lang, games.T(key, "player", name, "end", end, "present", present))
}

// VotePosts stages what votes changed: a message with buttons for each
// seat whose vote opened (and the absent player's live DM edited to the
// vote's end, when sc has the state), each closed vote's message edited to
// say why it closed (buttons gone), and, when a vote ended the game, the
// line saying so, the status edited and unpinned and every button cleared.
func (tl *Teller) VotePosts(c *outbox.Composer, sc Scene, opened []int, endedByVote bool) {
	t, g := sc.Table, sc.Game
	for _, seat := range opened {
		if v := t.Votes.About(seat); v != nil {
			c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID, Remember: outbox.RememberVote(v.ID)}, tl.VoteMessage(t, *v))
		}
	}
	if sc.State != nil && len(c.Delivery.State) > 0 && t.Status == table.StatusPlaying {
		tl.DeadlineDMs(c, sc, opened) // their countdown shows the vote's end
	}
	for _, cv := range t.Absent().TakeClosed() {
		c.Add(outbox.Post{Kind: outbox.KindEdit, ChannelID: cv.Vote.Message.Channel, MessageID: cv.Vote.Message.ID}, interact.Message{Content: tl.closedVoteText(t, cv)})
	}
	if !endedByVote {
		return
	}
	c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, interact.Message{Content: tl.voice.Text(t.Lang, games.T(KeyVoteEndedPost))})
	tl.StatusPost(c, Scene{Table: t, Game: g})
	ClearAll(c, t.LiveBoards.Take())
	ClearAll(c, t.Live().TakeStaleButtons())
	tl.clearAllDMs(c, t)
}
