package playground

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
)

// fakeHandler is a stand-in commands.Interactions: a tiny race game per
// channel (a lobby with a Join button, a board image after every move, a
// secret DM per player, an ephemeral hand) that records every interaction.
type fakeHandler struct {
	mu     sync.Mutex
	seen   []*discordgo.Interaction
	tables map[string]*fakeTable
	sent   []string // ids passed to OnSent, in order
}

type fakeTable struct {
	host, status string
	players      []string
	started      bool
	turn, step   int
}

func newFake() *fakeHandler { return &fakeHandler{tables: map[string]*fakeTable{}} }

func (f *fakeHandler) interactions() []*discordgo.Interaction {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*discordgo.Interaction(nil), f.seen...)
}

func (f *fakeHandler) last() *discordgo.Interaction {
	all := f.interactions()
	if len(all) == 0 {
		return nil
	}
	return all[len(all)-1]
}

func (f *fakeHandler) Definitions() []*discordgo.ApplicationCommand {
	de := func(s string) map[discordgo.Locale]string { return map[discordgo.Locale]string{discordgo.German: s} }
	gameNames := de("spiel")
	minPlayers := 1.0
	return []*discordgo.ApplicationCommand{
		{Name: "game", NameLocalizations: &gameNames, Description: "Play", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", NameLocalizations: de("neu"), Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionString, Name: "game", NameLocalizations: de("spiel"), Required: true,
					Choices: []*discordgo.ApplicationCommandOptionChoice{
						{Name: "Zauberschwert & Drachenei", Value: "zauberschwert"},
						{Name: "Dungeon Designer", Value: "dungeondesigner"},
					}},
				{Type: discordgo.ApplicationCommandOptionString, Name: "options", NameLocalizations: de("optionen")},
				{Type: discordgo.ApplicationCommandOptionInteger, Name: "seats", MinValue: &minPlayers, MaxValue: 4},
				{Type: discordgo.ApplicationCommandOptionBoolean, Name: "public"},
				{Type: discordgo.ApplicationCommandOptionUser, Name: "invite"},
			}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "start"},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "hand"},
		}},
		{Name: "move", Description: "Move", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "option", NameLocalizations: de("möglichkeit"), Required: true, Autocomplete: true},
		}},
	}
}

func (f *fakeHandler) Localize(lang, key string) string { return lang + ":" + key }

func userOf(i *discordgo.Interaction) string {
	if i.Member != nil {
		return i.Member.User.ID
	}
	return i.User.ID
}

func fakeMoves(t *fakeTable) []string {
	return []string{fmt.Sprintf("a%d", t.step+1), fmt.Sprintf("b%d", t.step+1)}
}

func (f *fakeHandler) Autocomplete(_ context.Context, i *discordgo.Interaction) []*discordgo.ApplicationCommandOptionChoice {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = append(f.seen, i)
	t := f.tables[i.ChannelID]
	if t == nil || !t.started {
		return nil
	}
	typed := ""
	for _, o := range i.ApplicationCommandData().Options {
		if o.Focused {
			typed = o.StringValue()
		}
	}
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, m := range fakeMoves(t) {
		if strings.HasPrefix(m, typed) {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: "Step to " + m, Value: m})
		}
	}
	return out
}

func reply(s string) commands.Result { return commands.Result{Reply: &commands.Message{Content: s}} }

func (f *fakeHandler) Handle(_ context.Context, i *discordgo.Interaction) commands.Result {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = append(f.seen, i)
	user := userOf(i)
	t := f.tables[i.ChannelID]
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		d := i.ApplicationCommandData()
		switch {
		case d.Name == "game" && d.Options[0].Name == "new":
			t = &fakeTable{host: user, players: []string{user}}
			f.tables[i.ChannelID] = t
			return commands.Result{Reply: &commands.Message{Content: "Table opened."}, Actions: []commands.Action{f.statusPost(i.ChannelID, t)}}
		case d.Name == "game" && d.Options[0].Name == "start":
			if t == nil {
				return reply("No table here.")
			}
			return f.start(i.ChannelID, t)
		case d.Name == "game" && d.Options[0].Name == "hand":
			if t == nil || !t.started {
				return reply("No game here.")
			}
			return commands.Result{Reply: &commands.Message{Content: fmt.Sprintf("SECRET hand of <@%s>: card %d", user, t.step+7),
				Files: []commands.File{{Name: "hand.png", Data: []byte("hand")}}, Components: peekRow()}}
		case d.Name == "move":
			return f.move(i.ChannelID, t, user, d.Options[0].StringValue())
		}
		return reply("Unknown command.")
	case discordgo.InteractionMessageComponent:
		d := i.MessageComponentData()
		id := d.CustomID
		if len(d.Values) > 0 {
			id = "mv:" + d.Values[0]
		}
		switch {
		case id == "join":
			if t == nil || t.started {
				return reply("Too late.")
			}
			t.players = append(t.players, user)
			return commands.Result{Reply: &commands.Message{Content: "You joined."}, Actions: []commands.Action{
				commands.ChannelEdit{ChannelID: i.ChannelID, MessageID: t.status, Message: f.statusMessage(t), OnSent: f.onSent(t)}}}
		case id == "start":
			return f.start(i.ChannelID, t)
		case strings.HasPrefix(id, "mv:"):
			return f.move(i.ChannelID, t, user, strings.TrimPrefix(id, "mv:"))
		case id == "peek" || id == "peek-keep":
			// A step answered in place of the ephemeral clicked: a new
			// picture, or the old one kept.
			m := commands.Message{Content: "peeked by <@" + user + ">", Components: peekRow()}
			if id == "peek" {
				m.Files = []commands.File{{Name: "peek.png", Data: []byte("peek")}}
			}
			return commands.Result{Reply: &m, ReplaceClicked: true, KeepPictures: id == "peek-keep"}
		}
	}
	return commands.Result{}
}

func (f *fakeHandler) onSent(t *fakeTable) func(string) {
	return func(id string) {
		f.mu.Lock()
		defer f.mu.Unlock()
		t.status = id
		f.sent = append(f.sent, id)
	}
}

func (f *fakeHandler) statusMessage(t *fakeTable) commands.Message {
	m := commands.Message{Content: fmt.Sprintf("Lobby: %d players", len(t.players))}
	if t.started {
		m.Content = fmt.Sprintf("Step %d, <@%s> to move", t.step, t.players[t.turn])
		m.Mentions = []string{t.players[t.turn]}
		return m
	}
	m.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.PrimaryButton, CustomID: "join"},
		discordgo.Button{Label: "Start", Style: discordgo.SuccessButton, CustomID: "start"},
	}}}
	return m
}

// statusPost builds the lobby post; its OnSent locks f.mu, which is fine
// because transports call it after Handle has returned.
func (f *fakeHandler) statusPost(ch string, t *fakeTable) commands.ChannelPost {
	return commands.ChannelPost{ChannelID: ch, Message: f.statusMessage(t), OnSent: f.onSent(t)}
}

func (f *fakeHandler) start(ch string, t *fakeTable) commands.Result {
	if t == nil || t.started {
		return reply("Cannot start.")
	}
	t.started = true
	actions := []commands.Action{
		commands.ChannelEdit{ChannelID: ch, MessageID: t.status, Message: f.statusMessage(t), OnSent: f.onSent(t)},
		commands.ChannelPost{ChannelID: ch, Message: f.board(t)},
	}
	for _, p := range t.players {
		actions = append(actions, commands.DirectMessage{UserID: p,
			Message: commands.Message{Content: fmt.Sprintf("SECRET card %d for you", t.step+7)},
			Blocked: &commands.ChannelPost{ChannelID: ch, Message: commands.Message{
				Content: fmt.Sprintf("<@%s>, I cannot DM you: use /game hand.", p), Mentions: []string{p}}}})
	}
	return commands.Result{Reply: &commands.Message{Content: "Started."}, Actions: actions}
}

func (f *fakeHandler) move(ch string, t *fakeTable, user, mv string) commands.Result {
	if t == nil || !t.started {
		return reply("No game here.")
	}
	if t.players[t.turn] != user {
		return reply("Not your turn.")
	}
	legal := false
	for _, m := range fakeMoves(t) {
		legal = legal || m == mv
	}
	if !legal {
		return reply("Illegal move " + mv)
	}
	t.step++
	t.turn = (t.turn + 1) % len(t.players)
	return commands.Result{Actions: []commands.Action{
		commands.ChannelEdit{ChannelID: ch, MessageID: t.status, Message: f.statusMessage(t), OnSent: f.onSent(t)},
		commands.ChannelPost{ChannelID: ch, Message: f.board(t)},
	}}
}

// board draws step as a row of squares, posts it with the legal moves as
// buttons and the same moves as a select menu.
func (f *fakeHandler) board(t *fakeTable) commands.Message {
	img := image.NewRGBA(image.Rect(0, 0, 200, 40))
	for x := 0; x < 200; x++ {
		for y := 0; y < 40; y++ {
			c := color.RGBA{40, 40, 60, 255}
			if x/20 < t.step {
				c = color.RGBA{200, 160, 40, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	moves := fakeMoves(t)
	var buttons []discordgo.MessageComponent
	var opts []discordgo.SelectMenuOption
	for _, m := range moves {
		buttons = append(buttons, discordgo.Button{Label: "Go " + m, Style: discordgo.SecondaryButton, CustomID: "mv:" + m})
		opts = append(opts, discordgo.SelectMenuOption{Label: "Go " + m, Value: m})
	}
	return commands.Message{
		Content: fmt.Sprintf("Board after step %d", t.step),
		Files:   []commands.File{{Name: fmt.Sprintf("board-%d.png", t.step), Data: buf.Bytes()}},
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: buttons},
			&discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.SelectMenu{CustomID: "pick", Placeholder: "Pick", Options: opts}}},
		},
	}
}

func peekRow() []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Peek", Style: discordgo.PrimaryButton, CustomID: "peek"},
		discordgo.Button{Label: "Peek, keep", Style: discordgo.SecondaryButton, CustomID: "peek-keep"},
	}}}
}
