// Package commandstest drives a commands.Service without Discord, for
// benchmarks and load tests: it opens three-seat tables and builds the
// interaction of a random legal move, as a player's click would arrive.
package commandstest

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
)

// Users are the three players' user ids.
var Users = []string{"1", "2", "3"}

// Failer is what a Driver needs of its caller to stop on a failure:
// testing.TB has it, and `tavern bench` brings its own.
type Failer interface {
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// Driver opens tables of Game and picks moves at them. It holds no state
// of its own beyond its fields, so goroutines may share one, each with its
// own channels and RNG.
type Driver struct {
	TB    Failer
	Svc   *commands.Service
	Store storage.Store
	Reg   *games.Registry
	Game  string
	// Posted numbers the messages Deliver pretends to post; nil gives
	// every message the id "0".
	Posted *atomic.Uint64
}

// Deliver carries res out as a transport would, without Discord
// (commands.Result.Carry: in turn with the table's other changes): each
// action's OnSent hears of a new message id, then Done runs, which clears
// the change's outbox entry and stores the ids the table remembers (so the
// next change clears the buttons of the messages it replaces, as live).
func (d Driver) Deliver(res commands.Result) {
	_ = res.Carry(context.Background(), d.Run)
}

// Run carries actions out as a transport would, without Discord: each
// action's OnSent hears of a new message id. It serves as the scheduler's
// run function where nothing reaches Discord (`tavern bench`).
func (d Driver) Run(_ context.Context, actions []commands.Action) error {
	id := func() string {
		if d.Posted == nil {
			return "0"
		}
		return fmt.Sprint(d.Posted.Add(1))
	}
	for _, a := range actions {
		switch a := a.(type) {
		case commands.ChannelPost:
			if a.OnSent != nil {
				a.OnSent(id())
			}
		case commands.ChannelEdit:
			if a.OnSent != nil {
				a.OnSent(id())
			}
		case commands.DirectMessage:
			if a.OnSent != nil {
				a.OnSent("dm-"+a.UserID, id())
			}
		}
	}
	return nil
}

// Open starts a table of d.Game with three seats in channel.
func (d Driver) Open(channel string) {
	d.Deliver(d.Svc.Handle(context.Background(), Interaction(channel, Users[0], discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
		Name: commands.CmdGame, Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: commands.SubNew, Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: commands.OptGame, Type: discordgo.ApplicationCommandOptionString, Value: d.Game}},
		}}})))
	for _, u := range Users[1:] {
		d.button(channel, u, commands.KindJoin)
	}
	d.button(channel, Users[0], commands.KindStart)
}

// button presses a lobby button and fails unless it was applied.
func (d Driver) button(channel, user string, kind commands.Kind) {
	t, err := d.Store.Tables().Get(context.Background(), channel)
	if err != nil {
		d.TB.Fatal(err)
	}
	id, err := commands.CustomID{Kind: kind, Channel: channel, Table: t.ID, Version: t.Version}.Encode()
	if err != nil {
		d.TB.Fatal(err)
	}
	res := d.Svc.Handle(context.Background(), Interaction(channel, user, discordgo.InteractionMessageComponent,
		discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.ButtonComponent}))
	if len(res.Actions) == 0 {
		d.TB.Fatalf("%s by %s refused: %+v", kind, user, res.Reply)
	}
	d.Deliver(res)
}

// Move returns the click of a random pending option at channel's table (a
// button, or /move when the option's id is too long for one), or false
// when the game there is over.
func (d Driver) Move(channel string, rng *games.RNG) (*discordgo.Interaction, bool) {
	t, err := d.Store.Tables().Get(context.Background(), channel)
	if err != nil {
		d.TB.Fatal(err)
	}
	g, _ := d.Reg.Get(t.GameID)
	st, err := t.Load(g)
	if err != nil {
		d.TB.Fatal(err)
	}
	pending := st.Pending()
	if st.Over() || len(pending) == 0 {
		return nil, false
	}
	p := pending[rng.IntN(len(pending))]
	move := p.Options[rng.IntN(len(p.Options))].ID
	user := t.Seats[p.Seat].UserID
	id, err := commands.CustomID{Kind: commands.KindMove, Channel: channel, Table: t.ID, Version: t.Version, Arg: move}.Encode()
	if err != nil { // too long for a button: typed as /move
		return Interaction(channel, user, discordgo.InteractionApplicationCommand, discordgo.ApplicationCommandInteractionData{
			Name: commands.CmdMove, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: commands.OptOption, Type: discordgo.ApplicationCommandOptionString, Value: move}}}), true
	}
	return Interaction(channel, user, discordgo.InteractionMessageComponent,
		discordgo.MessageComponentInteractionData{CustomID: id, ComponentType: discordgo.ButtonComponent}), true
}

// Interaction is user's interaction in channel.
func Interaction(channel, user string, typ discordgo.InteractionType, data discordgo.InteractionData) *discordgo.Interaction {
	return &discordgo.Interaction{ID: fmt.Sprintf("%s-%s", channel, user), Type: typ, ChannelID: channel, GuildID: "9",
		Member: &discordgo.Member{User: &discordgo.User{ID: user, Username: "u" + user}}, Data: data}
}
