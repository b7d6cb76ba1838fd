package commands

import (
	"context"
	"strings"
	"testing"

	settingsfeature "github.com/tavern-bot/tavern/features/settings"
	"github.com/tavern-bot/tavern/features/tournaments"

	"github.com/tavern-bot/tavern/table/tabletest"
	"github.com/tavern-bot/tavern/tournament"
)

const organisers = "777000111" // the organisers' role in these tests

// tourWithRoles sends /tournament <sub> as user holding roles, without
// Manage Server.
func (h *harness) tourWithRoles(user string, roles []string, sub string, opts ...string) Result {
	i := slashInteraction(user, tournaments.CmdTournament, sub, opts...)
	i.Member.Roles = roles
	return h.run(h.svc.Handle(context.Background(), i))
}

// The server's organiser role: only Manage Server names or clears it; a
// member holding it opens and runs tournaments like an admin, one without
// it cannot, and once cleared the role gives nothing.
func TestOrganiserRole(t *testing.T) {
	h := newHarness(t)
	newArgs := []string{OptGame, tabletest.ID, tournaments.OptTourFormat, "swiss", tournaments.OptTourSize, "2", tournaments.OptTourRounds, "1", tournaments.OptTourDays, "1"}

	// A member without Manage Server cannot name the role, and bad roles
	// are refused; nothing changes.
	h.wantReply(h.as(ann, 0, settingsfeature.CmdServerSettings, "", settingsfeature.OptOrganiserRole, organisers), "en", settingsfeature.KeyServerNotAdmin)
	h.wantReply(h.as(bo, manageServer, settingsfeature.CmdServerSettings, "", settingsfeature.OptOrganiserRole, "@mods"), "de", settingsfeature.KeyServerBadRole)
	h.wantReply(h.as(bo, manageServer, settingsfeature.CmdServerSettings, "", settingsfeature.OptOrganiserRole, ""), "de", settingsfeature.KeyServerBadRole)
	if g := h.guild(); g.OrganiserRole != "" {
		t.Fatalf("a refused change named role %q", g.OrganiserRole)
	}
	res := h.slash(ann, settingsfeature.CmdServerSettings, "")
	if !strings.Contains(res.Reply.Content, h.text("en", settingsfeature.KeyServerNoOrganiser)) {
		t.Errorf("settings without a role say %q", res.Reply.Content)
	}

	// Before the role is named, holding it gives nothing.
	h.wantReply(h.tourWithRoles(ann, []string{organisers}, tournaments.SubTourNew, newArgs...), "en", tournaments.KeyTourNeedManage)

	h.wantReply(h.as(manager, manageServer, settingsfeature.CmdServerSettings, "", settingsfeature.OptOrganiserRole, organisers), "en", settingsfeature.KeyServerSaved)
	if g := h.guild(); g.OrganiserRole != organisers {
		t.Fatalf("role stored as %q", g.OrganiserRole)
	}
	if res := h.slash(ann, settingsfeature.CmdServerSettings, ""); !strings.Contains(res.Reply.Content, "<@&"+organisers+">") {
		t.Errorf("settings do not name the role: %q", res.Reply.Content)
	}

	for _, c := range []struct {
		name  string
		roles []string
		key   string
	}{
		{"no roles", nil, tournaments.KeyTourNeedManage},
		{"another role", []string{"123"}, tournaments.KeyTourNeedManage},
	} {
		h.wantReply(h.tourWithRoles(ann, c.roles, tournaments.SubTourNew, newArgs...), "en", c.key)
		if _, err := h.store.Tournaments().ChannelTournament(ctxBG, chanA); err == nil {
			t.Fatalf("%s: a tournament was stored", c.name)
		}
	}
	// A member with the role opens one; another member with the role (not
	// its organiser) may run it, one without may not.
	h.wantReply(h.tourWithRoles(ann, []string{"123", organisers}, tournaments.SubTourNew, newArgs...), "en", tournaments.KeyTourOKNew)
	if tr := h.stored(); tr.Organiser != ann {
		t.Fatalf("organiser %q", tr.Organiser)
	}
	h.wantReply(h.tourWithRoles(nobody, nil, tournaments.SubTourEnd), "en", tournaments.KeyTourNotOrganiser)
	h.wantReply(h.tourWithRoles(bo, []string{organisers}, tournaments.SubTourEnd), "de", tournaments.KeyTourAskEnd)
	confirm := h.tourWithRoles(bo, []string{organisers}, tournaments.SubTourEnd)
	id := findID(t, []Message{*confirm.Reply}, KindTourConfirm, "")
	stranger := clickInteraction(nobody, id)
	h.wantReply(h.run(h.svc.Handle(ctxBG, stranger)), "en", tournaments.KeyTourNotOrganiser)
	if tr := h.stored(); tr.Status == tournament.StatusOver {
		t.Fatal("a member without the role ended the tournament")
	}

	// Cleared: the role gives nothing any more, even on a button asked for
	// before.
	h.wantReply(h.as(manager, manageServer, settingsfeature.CmdServerSettings, "", settingsfeature.OptNoOrganiserRole, "true"), "en", settingsfeature.KeyServerSaved)
	if g := h.guild(); g.OrganiserRole != "" {
		t.Fatalf("role not cleared: %q", g.OrganiserRole)
	}
	late := clickInteraction(bo, id)
	late.Member.Roles = []string{organisers}
	h.wantReply(h.run(h.svc.Handle(ctxBG, late)), "de", tournaments.KeyTourNotOrganiser)
	h.wantReply(h.tourWithRoles(bo, []string{organisers}, tournaments.SubTourEnd), "de", tournaments.KeyTourNotOrganiser)
	// The organiser who opened it still runs it.
	h.wantReply(h.tourWithRoles(ann, nil, tournaments.SubTourEnd), "en", tournaments.KeyTourAskEnd)
}
