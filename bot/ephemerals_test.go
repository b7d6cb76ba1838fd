package bot

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage"
)

// tableButton is a button of table t in channel c, as the surface makes it.
func tableButton(t *testing.T, c, tb string) []discordgo.MessageComponent {
	t.Helper()
	id, err := interact.CustomID{Kind: interact.KindMove, Channel: c, Table: tb, Version: 3, Arg: "x"}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Play", Style: discordgo.PrimaryButton, CustomID: id}}}}
}

// lookSelect is the "Look at a player" select of table tb in channel c.
func lookSelect(t *testing.T, c, tb string) []discordgo.MessageComponent {
	t.Helper()
	id, err := interact.CustomID{Kind: interact.KindLook, Channel: c, Table: tb, Version: 3}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: id, Placeholder: "Look at a player", Options: []discordgo.SelectMenuOption{{Label: "Ann", Value: "1"}}}}}}
}

// TestWithdrawControls: a game's end (interact.WithdrawControls) removes
// the controls of every ephemeral answer of that table still in a token's
// life (a deferred reply, a follow-up, one replaced in place; buttons and
// selects such as "Look at a player"), keeps their
// text and those of other tables, edits nothing whose token lapsed, and an
// answer sent after the end loses its controls at once.
func TestWithdrawControls(t *testing.T) {
	fake, exec := newTestExecutor(t)
	now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	exec.Ephemerals = NewLiveEphemerals(nil, func() time.Time { return now })
	ctx := context.Background()
	const channel, user = "600000000000000001", "600000000000000011"
	ann := fakediscord.Actor{UserID: user, Username: "ann", ChannelID: channel, GuildID: "g1"}
	mine, other := tableButton(t, channel, "t1"), tableButton(t, channel, "t0")
	reply := func(i *discordgo.Interaction, ack commands.Ack, res commands.Result) {
		t.Helper()
		if err := exec.Execute(ctx, i, ack, res); err != nil {
			t.Fatal(err)
		}
	}
	controls := func() map[string]int {
		out := map[string]int{}
		for _, m := range fake.Interactions.Ephemerals(user) {
			out[m.Content] = len(fakediscord.Controls(m))
		}
		return out
	}
	// Lapsed: an answer 15 minutes old (its token can edit no more).
	reply(fake.Interactions.Command(ann, "game"), commands.AckDeferEphemeral, commands.Result{Reply: &commands.Message{Content: "lapsed", Components: mine}})
	now = now.Add(15 * time.Minute)
	reply(fake.Interactions.Command(ann, "game"), commands.AckDeferEphemeral, commands.Result{Reply: &commands.Message{Content: "hand", Components: mine}})
	reply(fake.Interactions.Click(ann, nil, "board"), commands.AckDeferUpdate, commands.Result{Reply: &commands.Message{Content: "step", Components: mine}})
	reply(fake.Interactions.Click(ann, nil, "board"), commands.AckDeferUpdate, commands.Result{Reply: &commands.Message{Content: "follow-up", Components: mine}})
	reply(fake.Interactions.Click(ann, nil, "board"), commands.AckDeferUpdate, commands.Result{Reply: &commands.Message{Content: "look select", Components: lookSelect(t, channel, "t1")}})
	reply(fake.Interactions.Command(ann, "game"), commands.AckDeferEphemeral, commands.Result{Reply: &commands.Message{Content: "earlier game", Components: other}})
	var step fakediscord.Message
	for _, m := range fake.Interactions.Ephemerals(user) {
		if m.Content == "step" {
			step = m
		}
	}
	// The step is clicked and replaced in place by the next step: its
	// newest token must edit it.
	reply(fake.Interactions.Click(ann, &step, "go"), commands.AckDeferUpdate, commands.Result{Reply: &commands.Message{Content: "next step", Components: mine}, ReplaceClicked: true})
	edits := len(fake.Requests())
	if err := exec.Run(ctx, []commands.Action{interact.WithdrawControls{ChannelID: channel, TableID: "t1"}}); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"lapsed": 1, "hand": 0, "next step": 0, "follow-up": 0, "look select": 0, "earlier game": 1}
	got := controls()
	for content, n := range want {
		if got[content] != n {
			t.Errorf("after the end %q has %d controls, want %d (all: %v)", content, got[content], n, got)
		}
	}
	if n := len(fake.Requests()) - edits; n != 4 {
		t.Errorf("the withdrawal made %d requests, want 4 (the lapsed answer is not touched)", n)
	}
	// An answer composed before the end and sent after it.
	reply(fake.Interactions.Command(ann, "game"), commands.AckDeferEphemeral, commands.Result{Reply: &commands.Message{Content: "late", Components: mine}})
	if got := controls()["late"]; got != 0 {
		t.Errorf("an answer sent after the end keeps %d controls", got)
	}
	// A second withdrawal finds nothing left to edit.
	edits = len(fake.Requests())
	if err := exec.Run(ctx, []commands.Action{interact.WithdrawControls{ChannelID: channel, TableID: "t1"}}); err != nil {
		t.Fatal(err)
	}
	if n := len(fake.Requests()) - edits; n != 0 {
		t.Errorf("a second withdrawal made %d requests", n)
	}
}

// endDuringKeep is a store of answers in which the table's end takes its
// answers while an answer is being kept (between record's check and its
// keep): the interleaving of a click's answer and the end's withdrawal.
type endDuringKeep struct {
	storage.LiveAnswers
	live *LiveEphemerals
	took []storage.LiveAnswer
}

func (e *endDuringKeep) KeepAnswer(ctx context.Context, a storage.LiveAnswer) error {
	took, err := e.live.take(ctx, a.ChannelID, a.TableID)
	if err != nil {
		return err
	}
	e.took = append(e.took, took...)
	return e.LiveAnswers.KeepAnswer(ctx, a)
}

// TestAnswerKeptWhileTheEndWithdraws: an answer with a table's controls
// that is kept while the table's end takes its answers is withdrawn by
// its own sender (record reports it withdrawn) and not left kept, live,
// where no later end would find it.
func TestAnswerKeptWhileTheEndWithdraws(t *testing.T) {
	now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	store := &endDuringKeep{LiveAnswers: newMemoryAnswers()}
	live := NewLiveEphemerals(store, func() time.Time { return now })
	store.live = live
	const channel = "600000000000000001"
	i := &discordgo.Interaction{AppID: "app", Token: "tok"}
	withdrawn, err := live.record(context.Background(), "m1", tableButton(t, channel, "t1"), i, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(store.took) != 0 {
		t.Fatalf("the end took %d answers before m1 was kept", len(store.took))
	}
	if !withdrawn {
		t.Error("an answer kept while the end withdrew its table's answers is not withdrawn")
	}
	if left, _ := store.LiveAnswers.TakeAnswers(context.Background(), channel, "t1", now.Add(-time.Hour)); len(left) > 0 {
		t.Errorf("after the end, %d answers of the table are still kept as live: %v", len(left), left)
	}
}

// TestEndSharedByTheFleet: two processes over one store. An answer with
// a table's controls that one process sent before the end another
// process carried loses its controls with the end, and one that it sends
// after that end (composed before it) loses them at once: the end is
// stored, not remembered by the process that carried it alone.
func TestEndSharedByTheFleet(t *testing.T) {
	fake, carrier := newTestExecutor(t)
	store, err := storage.Open(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	s, err := NewSession("test-token", fake.APIURL())
	if err != nil {
		t.Fatal(err)
	}
	other := NewExecutor(s, quietLog())
	for _, exec := range []*Executor{carrier, other} {
		exec.Memory = NewMemory(store.LiveAnswers(), store.DMRefusals())
	}
	ctx := context.Background()
	const channel, user = "600000000000000001", "600000000000000011"
	ann := fakediscord.Actor{UserID: user, Username: "ann", ChannelID: channel, GuildID: "g1"}
	reply := func(content string) {
		t.Helper()
		res := commands.Result{Reply: &commands.Message{Content: content, Components: tableButton(t, channel, "t1")}}
		if err := other.Execute(ctx, fake.Interactions.Command(ann, "game"), commands.AckDeferEphemeral, res); err != nil {
			t.Fatal(err)
		}
	}
	reply("before the end")
	if err := carrier.Run(ctx, []commands.Action{interact.WithdrawControls{ChannelID: channel, TableID: "t1"}}); err != nil {
		t.Fatal(err)
	}
	reply("after the end")
	for _, m := range fake.Interactions.Ephemerals(user) {
		if n := len(fakediscord.Controls(m)); n != 0 {
			t.Errorf("%q, sent by another process than the one that carried the end, keeps %d controls", m.Content, n)
		}
	}
}
