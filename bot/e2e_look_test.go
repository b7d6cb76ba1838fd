package bot_test

import (
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
)

// lookAt has the second player pick seat in the board's "Look at a
// player" select and the first type /game look for it: each gets one
// ephemeral answer carrying the seat's detail picture (look.png) and no
// controls, through Discord's protocol (the fake checks every request
// against Discord's OpenAPI specification), and the channel gets nothing.
func (g *game) lookAt(seat int) {
	t, w := g.t, g.w
	t.Helper()
	board, ok := latestWith(w.fake.Channels.Messages(channelID), commands.KindLook)
	if !ok {
		t.Fatal("the board offers no Look at a player")
	}
	before := len(w.fake.Channels.Messages(channelID))
	value := strconv.Itoa(seat + 1)
	picked := w.fake.Interactions.Select(g.players[1].Actor, &board, controlOf(t, board, commands.KindLook).CustomID, value)
	typed := w.fake.Interactions.Command(g.players[0].Actor, commands.CmdGame,
		fakediscord.SubCommand(commands.SubLook, fakediscord.StringOpt(commands.OptPlayer, value)))
	for k, i := range []*discordgo.Interaction{picked, typed} {
		w.tr.deliver(t, i)
		replies := w.fake.Interactions.Replies(i.ID)
		if len(replies) != 1 || !hasPNG(replies[0], "look.png") || len(fakediscord.Controls(replies[0])) != 0 {
			t.Fatalf("look %d at seat %d: %d answers, want one with look.png and no controls: %+v", k, seat, len(replies), replies)
		}
	}
	if n := len(w.fake.Channels.Messages(channelID)); n != before {
		t.Fatalf("looking posted %d channel messages", n-before)
	}
	g.looks++
}
