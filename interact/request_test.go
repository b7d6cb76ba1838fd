package interact

import (
	"context"
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestWholeNumber(t *testing.T) {
	tests := []struct {
		raw  string
		want int
		ok   bool
	}{
		{"3", 3, true}, {" 14 ", 14, true}, {"-2", -2, true}, {"7.0", 7, true}, // Discord sends a JSON number
		{"2.5", 0, false}, {"", 0, false}, {"two", 0, false}, {"1e7", 0, false}, {"NaN", 0, false},
	}
	for _, tc := range tests {
		if got, ok := WholeNumber(tc.raw); got != tc.want || ok != tc.ok {
			t.Errorf("WholeNumber(%q) = %d, %v; want %d, %v", tc.raw, got, ok, tc.want, tc.ok)
		}
	}
}

func TestManagesServerAndHasRole(t *testing.T) {
	member := func(perms int64, roles ...string) Request {
		return Request{Interaction: &discordgo.Interaction{Member: &discordgo.Member{Permissions: perms, Roles: roles}}}
	}
	tests := []struct {
		name    string
		r       Request
		manages bool
		role    bool // holds role "7"
	}{
		{"manage server", member(discordgo.PermissionManageGuild), true, false},
		{"administrator", member(discordgo.PermissionAdministrator), true, false},
		{"manage channels only", member(discordgo.PermissionManageChannels, "7"), false, true},
		{"other roles", member(0, "8", "9"), false, false},
		{"a DM", Request{Interaction: &discordgo.Interaction{User: &discordgo.User{ID: "1"}}}, false, false},
	}
	for _, tc := range tests {
		if got := tc.r.ManagesServer(); got != tc.manages {
			t.Errorf("%s: ManagesServer() = %v", tc.name, got)
		}
		if got := tc.r.HasRole("7"); got != tc.role {
			t.Errorf("%s: HasRole(7) = %v", tc.name, got)
		}
		if tc.r.HasRole("") {
			t.Errorf("%s: HasRole(\"\") is true", tc.name)
		}
	}
}

// Merge keeps the actions in order, calls every Done once, and carries
// each change in its own turn, going on past one that fails.
func TestMerge(t *testing.T) {
	var done []string
	var carried [][]Action
	run := func(_ context.Context, a []Action) error {
		carried = append(carried, a)
		return nil
	}
	one := Result{Actions: []Action{Unpin{MessageID: "1"}}, Done: func(context.Context) { done = append(done, "1") }}
	failed := errors.New("down")
	two := Result{Actions: []Action{Unpin{MessageID: "2"}}, Carrier: func(context.Context, func(context.Context, []Action) error) error { return failed }}
	three := Result{Actions: []Action{Unpin{MessageID: "3"}}, Done: func(context.Context) { done = append(done, "3") }}
	m := Merge([]Result{one, two, three})
	if len(m.Actions) != 3 || m.Actions[0] != (Unpin{MessageID: "1"}) || m.Actions[2] != (Unpin{MessageID: "3"}) {
		t.Fatalf("actions %v", m.Actions)
	}
	if err := m.Carry(context.Background(), run); !errors.Is(err, failed) {
		t.Errorf("Carry: %v, want the failed change's error", err)
	}
	if len(carried) != 2 || len(done) != 2 || done[0] != "1" || done[1] != "3" {
		t.Errorf("carried %v, done %v: want changes 1 and 3 carried and done", carried, done)
	}
	if empty := Merge(nil); empty.Done != nil || len(empty.Actions) != 0 || empty.Carry(context.Background(), run) != nil {
		t.Error("merging nothing carries something")
	}
}
