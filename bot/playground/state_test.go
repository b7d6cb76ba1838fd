package playground

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
)

// TestWithdrawControls: a game's end removes the controls of the table's
// ephemeral answers in any channel (its own and DMs), and leaves other
// tables' answers and public messages alone.
func TestWithdrawControls(t *testing.T) {
	o := DefaultOptions()
	w := newWorld(o)
	table, dm := o.Channels[0].ID, dmChannelID(0)
	button := func(tb string) []discordgo.MessageComponent {
		id, err := interact.CustomID{Kind: interact.KindHand, Channel: table, Table: tb}.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Hand", CustomID: id}}}}
	}
	posts := []struct {
		channel, content, tb, ephemeralFor string
		want                               int
	}{
		{table, "answer", "t1", o.Users[0].ID, 0},
		{dm, "answer in a DM", "t1", o.Users[0].ID, 0},
		{table, "earlier game's answer", "t0", o.Users[1].ID, 1},
		{table, "public board", "t1", "", 1}, // the delivery clears public messages itself
	}
	ids := make([]string, len(posts))
	for k, p := range posts {
		id, ok := w.post(p.channel, o.BotID, commands.Message{Content: p.content, Components: button(p.tb)}, p.ephemeralFor)
		if !ok {
			t.Fatalf("post %q failed", p.content)
		}
		ids[k] = id
	}
	w.withdrawControls(table, "t1")
	for k, p := range posts {
		m := w.find(p.channel, ids[k])
		if m == nil || len(m.Components) != p.want {
			t.Errorf("%s: %v, want %d component rows", p.content, m, p.want)
		}
	}
}
