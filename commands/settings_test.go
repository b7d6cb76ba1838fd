package commands

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/features/compose"
	settingsfeature "github.com/tavern-bot/tavern/features/settings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// as sends a slash command as user with the given permissions.
func (h *harness) as(user string, perms int64, name, sub string, opts ...string) Result {
	i := slashInteraction(user, name, sub, opts...)
	i.Member.Permissions = perms
	return h.run(h.svc.Handle(ctxBG, i))
}

// inDM sends a slash command from the user's DM with the bot.
func (h *harness) inDM(user, name, sub string, opts ...string) Result {
	i := slashInteraction(user, name, sub, opts...)
	i.GuildID, i.GuildLocale, i.ChannelID = "", nil, dmPrefix+user
	i.User, i.Member = i.Member.User, nil
	return h.run(h.svc.Handle(ctxBG, i))
}

func (h *harness) user(id string) settings.User {
	h.t.Helper()
	u, err := h.store.Settings().User(ctxBG, id)
	if err != nil {
		h.t.Fatal(err)
	}
	return u
}

func (h *harness) guild() settings.Guild {
	h.t.Helper()
	g, err := h.store.Settings().Guild(ctxBG, guildA)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// /settings without options shows the settings; with options it stores
// them all and answers in the player's chosen language; the seats of the
// player's running games follow.
func TestSettingsCommand(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=24", ann, bo)
	res := h.slash(ann, settingsfeature.CmdSettings, "")
	h.wantReply(res, "en", settingsfeature.KeySettingsTitle)
	for _, want := range []string{"Reminders: all", "by direct message", "Quiet hours: none (time zone UTC)", "your Discord client's", "14 of 14 vacation days"} {
		if !strings.Contains(res.Reply.Content, want) {
			t.Errorf("settings %q lack %q", res.Reply.Content, want)
		}
	}
	h.wantReply(h.slash(bo, settingsfeature.CmdSettings, ""), "de", settingsfeature.KeySettingsTitle)

	res = h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptReminders, "last", settingsfeature.OptDelivery, "mention", settingsfeature.OptQuiet, "22-7", settingsfeature.OptTimezone, "Europe/Berlin", settingsfeature.OptLanguage, "de")
	h.wantReply(res, "de", settingsfeature.KeySettingsSaved)
	if !strings.Contains(res.Reply.Content, "22:00-07:00 (Europe/Berlin)") {
		t.Errorf("saved settings shown as %q", res.Reply.Content)
	}
	want := settings.Notify{Reminders: settings.RemindLast, Delivery: settings.DeliverMention, Quiet: true, QuietFrom: 22 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin", Lang: "de"}
	if got := h.user(ann).Notify; got != want {
		t.Fatalf("stored %+v, want %+v", got, want)
	}
	if seat := h.table().Seats[0]; seat.Notify != want || seat.Lang != "de" {
		t.Errorf("seat keeps %+v in %s, want the new settings in de", seat.Notify, seat.Lang)
	}
	h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptLanguage, "auto", settingsfeature.OptQuiet, "off"), "en", settingsfeature.KeySettingsSaved)
	if got := h.user(ann); got.Lang != "" || got.Quiet {
		t.Errorf("language and quiet hours not cleared: %+v", got)
	}
}

// Every bad /settings input gets its own answer in the player's language
// and changes nothing, even beside good options.
func TestSettingsBadInput(t *testing.T) {
	tests := []struct {
		opts []string
		key  string
	}{
		{[]string{settingsfeature.OptReminders, "sometimes"}, settingsfeature.KeySettingsBadChoice},
		{[]string{settingsfeature.OptDelivery, "pigeon"}, settingsfeature.KeySettingsBadChoice},
		{[]string{settingsfeature.OptPublicDM, "photo"}, settingsfeature.KeySettingsBadChoice},
		{[]string{settingsfeature.OptLanguage, "fr"}, settingsfeature.KeySettingsBadChoice},
		{[]string{settingsfeature.OptQuiet, "25-3"}, settingsfeature.KeySettingsBadQuiet},
		{[]string{settingsfeature.OptQuiet, "7"}, settingsfeature.KeySettingsBadQuiet},
		{[]string{settingsfeature.OptQuiet, "7-7"}, settingsfeature.KeySettingsBadQuiet},
		{[]string{settingsfeature.OptQuiet, ""}, settingsfeature.KeySettingsBadQuiet},
		{[]string{settingsfeature.OptTimezone, "Mars/Base"}, settingsfeature.KeySettingsBadZone},
		{[]string{settingsfeature.OptTimezone, "Local"}, settingsfeature.KeySettingsBadZone},
		{[]string{settingsfeature.OptTimezone, ""}, settingsfeature.KeySettingsBadZone},
		{[]string{settingsfeature.OptReminders, "none", settingsfeature.OptQuiet, "late"}, settingsfeature.KeySettingsBadQuiet},
		{[]string{"colour", "red"}, KeyMalformed},
	}
	for _, user := range []string{ann, bo} {
		h := newHarness(t)
		for _, tc := range tests {
			before := h.user(user)
			h.wantReply(h.slash(user, settingsfeature.CmdSettings, "", tc.opts...), map[string]string{ann: "en", bo: "de"}[user], tc.key)
			if after := h.user(user); !reflect.DeepEqual(after, before) {
				t.Errorf("%v changed the settings to %+v", tc.opts, after)
			}
		}
	}
}

// Server settings: anyone may read them; only Manage Server changes them;
// every bad input is refused and changes nothing; new playing hours reach
// the running tables at once.
func TestServerSettings(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=24", ann, bo) // 2026-05-01 12:00 UTC, a Friday
	res := h.slash(ann, settingsfeature.CmdServerSettings, "")
	h.wantReply(res, "en", settingsfeature.KeyServerTitle)
	if !strings.Contains(res.Reply.Content, "14 days") || !strings.Contains(res.Reply.Content, "all day (UTC)") {
		t.Errorf("defaults shown as %q", res.Reply.Content)
	}
	h.wantReply(h.slash(ann, settingsfeature.CmdServerSettings, "", settingsfeature.OptAllowance, "3"), "en", settingsfeature.KeyServerNotAdmin)
	h.wantReply(h.as(ann, discordgo.PermissionManageChannels, settingsfeature.CmdServerSettings, "", settingsfeature.OptAllowance, "3"), "en", settingsfeature.KeyServerNotAdmin)
	h.wantReply(h.inDM(ann, settingsfeature.CmdServerSettings, "", settingsfeature.OptAllowance, "3"), "en", settingsfeature.KeyServerNoGuild)
	admin := int64(discordgo.PermissionManageGuild)
	for _, tc := range []struct {
		opts []string
		key  string
	}{
		{[]string{settingsfeature.OptAllowance, "-1"}, settingsfeature.KeyServerBadDays},
		{[]string{settingsfeature.OptAllowance, "400"}, settingsfeature.KeyServerBadDays},
		{[]string{settingsfeature.OptAllowance, "two"}, settingsfeature.KeyServerBadDays},
		{[]string{settingsfeature.OptAllowance, "1.5"}, settingsfeature.KeyServerBadDays},
		{[]string{settingsfeature.OptHours, "22-8"}, settingsfeature.KeyServerBadHours},
		{[]string{settingsfeature.OptHours, "8"}, settingsfeature.KeyServerBadHours},
		{[]string{settingsfeature.OptHours, "8-8:30"}, settingsfeature.KeyServerBadHours},
		{[]string{settingsfeature.OptTimezone, "Nowhere/Town"}, settingsfeature.KeySettingsBadZone},
		{[]string{settingsfeature.OptWeekends, "maybe"}, settingsfeature.KeySettingsBadChoice},
		{[]string{settingsfeature.OptAllowance, "3", settingsfeature.OptHours, "late"}, settingsfeature.KeyServerBadHours},
		{[]string{settingsfeature.OptReminders, "all"}, KeyMalformed},
	} {
		h.wantReply(h.as(bo, admin, settingsfeature.CmdServerSettings, "", tc.opts...), "de", tc.key)
		if g := h.guild(); g.Allowance != nil || !g.Calendar.IsZero() {
			t.Fatalf("%v changed the server: %+v", tc.opts, g)
		}
	}
	if tb := h.table(); !tb.Calendar.IsZero() {
		t.Fatal("a refused change reached the table")
	}
	before := len(h.channel)
	res = h.as(ann, admin, settingsfeature.CmdServerSettings, "", settingsfeature.OptAllowance, "3", settingsfeature.OptHours, "8-20", settingsfeature.OptTimezone, "Europe/Berlin", settingsfeature.OptWeekends, "off")
	h.wantReply(res, "en", settingsfeature.KeyServerSaved)
	if g := h.guild(); g.AllowanceDays() != 3 || g.Calendar.From != 8*60 || g.Calendar.To != 20*60 || !g.Calendar.WeekendsOff || g.Calendar.Zone != "Europe/Berlin" {
		t.Fatalf("stored %+v", g)
	}
	tb := h.table()
	if !tb.Calendar.Equal(h.guild().Calendar) {
		t.Fatalf("the running table keeps %+v", tb.Calendar)
	}
	// From Friday 14:00 Berlin, nothing used: 6h on Friday, 12h on Monday,
	// the last 6h on Tuesday.
	berlin, _ := time.LoadLocation("Europe/Berlin")
	st, _ := tb.Load(tabletest.Game())
	if at, ok := tb.Clocks().Deadline(st, st.Pending(), 0); !ok || !at.Equal(time.Date(2026, 5, 5, 14, 0, 0, 0, berlin)) {
		t.Errorf("deadline under the new hours %v", at.In(berlin))
	}
	var told, status bool
	for _, m := range h.channel[before:] {
		told = told || strings.Contains(m.Content, "⏱️") && strings.Contains(m.Content, "08:00 to 20:00")
		status = status || strings.Contains(m.Content, "**Fake Race**") && strings.Contains(m.Content, "clocks stand still on Saturdays and Sundays")
	}
	if !told || !status {
		t.Errorf("the channel was not told (%v) or the status not edited (%v)", told, status)
	}
}

// /vacation: bad input is refused and changes nothing; a vacation pauses
// the player's clocks at every running table, shows in the status, and
// /vacation end gives back the days not begun.
func TestVacationCommand(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=24", ann, bo)
	deadline := func(seat int) time.Time {
		t.Helper()
		tb := h.table()
		st, err := tb.Load(tabletest.Game())
		if err != nil {
			t.Fatal(err)
		}
		at, _ := tb.Clocks().Deadline(st, st.Pending(), seat)
		return at
	}
	start := h.now()
	for _, tc := range []struct {
		days, key string
	}{
		{"0", settingsfeature.KeyVacationBadDays}, {"-2", settingsfeature.KeyVacationBadDays}, {"x", settingsfeature.KeyVacationBadDays}, {"2.5", settingsfeature.KeyVacationBadDays},
		{"", settingsfeature.KeyVacationBadDays}, {"15", settingsfeature.KeyVacationTooLong}, {"99999999999", settingsfeature.KeyVacationTooLong}, {"1e30", settingsfeature.KeyVacationBadDays},
	} {
		h.wantReply(h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, tc.days), "de", tc.key)
		if u := h.user(bo); u.Vacation != nil || u.Used != 0 || h.table().Seats[1].Vacation != nil {
			t.Fatalf("days %q changed something: %+v", tc.days, u)
		}
	}
	h.wantReply(h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationEnd), "de", settingsfeature.KeyVacationNone)
	h.wantReply(h.slash(bo, settingsfeature.CmdVacation, ""), "de", KeyMalformed)

	h.advance(time.Hour)
	before := len(h.channel)
	res := h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "3")
	h.wantReply(res, "de", settingsfeature.KeyVacationStarted)
	if !strings.Contains(res.Reply.Content, "an 1 laufenden") || !strings.Contains(res.Reply.Content, "von 14 Urlaubstagen bleiben dir dieses Jahr 11") {
		t.Errorf("reply %q", res.Reply.Content)
	}
	if got := deadline(1); !got.Equal(start.Add(24*time.Hour + 72*time.Hour)) {
		t.Errorf("Bo's deadline %v after the start, want 4 days", got.Sub(start))
	}
	if got := deadline(0); !got.Equal(start.Add(24 * time.Hour)) {
		t.Errorf("Ann's deadline moved to %v", got.Sub(start))
	}
	var line, status bool
	for _, m := range h.channel[before:] {
		line = line || strings.HasPrefix(m.Content, "🧳 Bo is on vacation")
		status = status || strings.Contains(m.Content, "**Fake Race**") && strings.Contains(m.Content, "🧳 Bo")
	}
	if !line || !status {
		t.Errorf("channel line %v, status %v", line, status)
	}
	h.wantReply(h.slash(bo, CmdGame, SubStatus), "de", compose.KeyStatusTitle)
	if res := h.slash(bo, CmdGames, ""); res.Reply == nil || !strings.Contains(res.Reply.Content, "🧳 deine Uhr ruht bis <t:") {
		t.Errorf("/games during the vacation: %+v", res.Reply)
	}
	if res := h.slash(ann, CmdGames, ""); res.Reply == nil || strings.Contains(res.Reply.Content, "🧳") {
		t.Errorf("/games of a player not on vacation: %+v", res.Reply)
	}

	// Over what is left: 11 days, and a running vacation counts the day it
	// has begun.
	h.wantReply(h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "14"), "de", settingsfeature.KeyVacationTooLong)
	h.advance(24 * time.Hour)
	res = h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationEnd)
	h.wantReply(res, "de", settingsfeature.KeyVacationEnded)
	if u := h.user(bo); u.Left(14, h.now()) != 13 {
		t.Errorf("after one day of three: %d days left, want 13", u.Left(14, h.now()))
	}
	if got := deadline(1); !got.Equal(start.Add(48 * time.Hour)) {
		t.Errorf("deadline after a day's vacation %v, want 2 days", got.Sub(start))
	}
	if tb := h.table(); tb.Seats[1].Vacation != nil {
		t.Error("the table still shows the vacation")
	}
	h.wantReply(h.slash(bo, settingsfeature.CmdVacation, settingsfeature.SubVacationEnd), "de", settingsfeature.KeyVacationNone)

	// A server's smaller allowance binds.
	h.wantReply(h.as(ann, discordgo.PermissionManageGuild, settingsfeature.CmdServerSettings, "", settingsfeature.OptAllowance, "2"), "en", settingsfeature.KeyServerSaved)
	h.wantReply(h.slash(ann, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "3"), "en", settingsfeature.KeyVacationTooLong)
	h.wantReply(h.slash(ann, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "2"), "en", settingsfeature.KeyVacationStarted)
}

// A vacation's end is a due event: the channel hears once that the player
// is back, also across a restart.
func TestVacationEndFiresOnce(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=72", ann, bo)
	h.wantReply(h.slash(ann, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "1"), "en", settingsfeature.KeyVacationStarted)
	back := func(actions []Action) int {
		n := 0
		for _, a := range actions {
			if p, ok := a.(ChannelPost); ok && strings.Contains(p.Message.Content, "Ann is back from vacation") {
				n++
			}
		}
		return n
	}
	h.advance(24*time.Hour - time.Minute)
	if n := back(h.tick()); n != 0 {
		t.Fatalf("back %d times before the end", n)
	}
	h.advance(time.Minute)
	if n := back(h.tick()); n != 1 {
		t.Fatalf("told %d times at the end, want once", n)
	}
	h.restart()
	if n := back(h.tick()); n != 0 {
		t.Errorf("told again after a restart")
	}
	if tb := h.table(); tb.Seats[0].Vacation != nil {
		t.Error("the vacation is still shown")
	}
	for _, d := range h.table().Due {
		if d.Kind == table.DueVacation {
			t.Errorf("still due: %+v", d)
		}
	}
}

// A vacation taken while a table is in the lobby pauses the clock when
// the game starts; the seat gets the player's settings then.
func TestVacationBeforeStart(t *testing.T) {
	h := newHarness(t)
	h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptReminders, "none"), "en", settingsfeature.KeySettingsSaved)
	h.wantReply(h.slash(ann, settingsfeature.CmdVacation, settingsfeature.SubVacationStart, settingsfeature.OptDays, "2"), "en", settingsfeature.KeyVacationStarted)
	h.startGame(tabletest.ID, "rounds=1, deadline=24", ann, bo)
	tb := h.table()
	if tb.Seats[0].Vacation == nil || tb.Seats[0].Notify.Reminders != settings.RemindNone {
		t.Fatalf("seat at the start: %+v", tb.Seats[0])
	}
	st, _ := tb.Load(tabletest.Game())
	if at, _ := tb.Clocks().Deadline(st, st.Pending(), 0); !at.Equal(h.now().Add(72 * time.Hour)) {
		t.Errorf("deadline %v, want after the vacation", at.Sub(h.now()))
	}
}

// reminderTexts are the reminders among actions: DMs by user, and channel
// posts that mention a user, by user.
func reminderTexts(actions []Action) (dms, mentions map[string][]string) {
	dms, mentions = map[string][]string{}, map[string][]string{}
	for _, a := range actions {
		switch a := a.(type) {
		case DirectMessage:
			if strings.HasPrefix(a.Message.Content, "⏰") {
				dms[a.UserID] = append(dms[a.UserID], a.Message.Content)
			}
		case ChannelPost:
			if strings.HasPrefix(a.Message.Content, "⏰") && len(a.Message.Mentions) == 1 {
				mentions[a.Message.Mentions[0]] = append(mentions[a.Message.Mentions[0]], a.Message.Content)
			}
		}
	}
	return dms, mentions
}

// Reminders follow each player's settings: none, only "last one", by a
// mention, held back in quiet hours and sent once when they end; set
// before the game or during it.
func TestRemindersFollowSettings(t *testing.T) {
	h := newHarness(t) // 12:00 UTC
	h.wantReply(h.slash(bo, settingsfeature.CmdSettings, "", settingsfeature.OptReminders, "none"), "de", settingsfeature.KeySettingsSaved)
	h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
	h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptDelivery, "mention", settingsfeature.OptQuiet, "17-20", settingsfeature.OptTimezone, "UTC"), "en", settingsfeature.KeySettingsSaved)
	h.advance(6 * time.Hour) // 18:00: half time, in Ann's quiet hours
	if dms, mentions := reminderTexts(h.tick()); len(dms)+len(mentions) != 0 {
		t.Fatalf("at half time: DMs %v, mentions %v; want nothing (Bo: none, Ann: quiet)", dms, mentions)
	}
	h.advance(2 * time.Hour) // 20:00: the quiet hours end
	dms, mentions := reminderTexts(h.tick())
	if len(dms) != 0 || len(mentions[ann]) != 1 || len(mentions) != 1 || !strings.Contains(mentions[ann][0], "<@"+ann+">") {
		t.Fatalf("at 20:00: DMs %v, mentions %v; want one mention of Ann", dms, mentions)
	}
	h.advance(10 * time.Minute)
	if dms, mentions := reminderTexts(h.tick()); len(dms)+len(mentions) != 0 {
		t.Fatalf("sent twice: %v %v", dms, mentions)
	}
	h.advance(3 * time.Hour) // past nine tenths
	if _, mentions := reminderTexts(h.tick()); len(mentions[ann]) != 1 {
		t.Errorf("at nine tenths: %v, want Ann once", mentions)
	}
}

// "Only last one": a player hears nothing at half time, but once when
// everyone else has answered a simultaneous step.
func TestLastOneReminder(t *testing.T) {
	h := newHarness(t)
	h.startGame(tabletest.ID, "rounds=1, deadline=12", ann, bo)
	h.wantReply(h.slash(ann, settingsfeature.CmdSettings, "", settingsfeature.OptReminders, "last"), "en", settingsfeature.KeySettingsSaved)
	h.advance(6 * time.Hour)
	if dms, _ := reminderTexts(h.tick()); len(dms[ann]) != 0 || len(dms[bo]) != 1 {
		t.Fatalf("at half time %v: want Bo only", dms)
	}
	h.wantDMAnswered(h.bidInDM(bo, "2"))
	dms, _ := reminderTexts(h.tick())
	if len(dms[ann]) != 1 || !strings.Contains(dms[ann][0], "everyone else has answered") || len(dms) != 1 {
		t.Fatalf("after Bo answered %v: want Ann told she is the last one", dms)
	}
	h.advance(5 * time.Hour)
	if dms, _ := reminderTexts(h.tick()); len(dms) != 0 {
		t.Errorf("more reminders %v", dms)
	}
}

// A time zone set on its own stays for the hours set later.
func TestServerZoneAlone(t *testing.T) {
	h := newHarness(t)
	admin := int64(discordgo.PermissionManageGuild)
	h.wantReply(h.as(ann, admin, settingsfeature.CmdServerSettings, "", settingsfeature.OptTimezone, "Asia/Tokyo"), "en", settingsfeature.KeyServerSaved)
	h.wantReply(h.as(ann, admin, settingsfeature.CmdServerSettings, "", settingsfeature.OptHours, "9-17"), "en", settingsfeature.KeyServerSaved)
	if g := h.guild(); g.Calendar.Zone != "Asia/Tokyo" || g.Calendar.From != 9*60 {
		t.Errorf("stored %+v", g.Calendar)
	}
	if res := h.slash(bo, settingsfeature.CmdServerSettings, ""); !strings.Contains(res.Reply.Content, "09:00 bis 17:00 (Asia/Tokyo)") {
		t.Errorf("shown as %q", res.Reply.Content)
	}
}

// The new commands are complete in English and German within Discord's
// limits: names lowercase without spaces (up to 32), descriptions and
// choice names up to 100 characters.
func TestSettingsDefinitions(t *testing.T) {
	h := newHarness(t)
	var check func(path, name string, names map[discordgo.Locale]string, desc string, descs map[discordgo.Locale]string)
	check = func(path, name string, names map[discordgo.Locale]string, desc string, descs map[discordgo.Locale]string) {
		for _, n := range []string{name, names[discordgo.German]} {
			if n == "" || len(n) > 32 || n != strings.ToLower(n) || strings.ContainsAny(n, " .") {
				t.Errorf("%s: name %q", path, n)
			}
		}
		for _, d := range []string{desc, descs[discordgo.German]} {
			if d == "" || len([]rune(d)) > 100 || strings.HasPrefix(d, "core.") {
				t.Errorf("%s: description %q", path, d)
			}
		}
	}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			check(path+" "+o.Name, o.Name, o.NameLocalizations, o.Description, o.DescriptionLocalizations)
			for _, c := range o.Choices {
				if c.Name == "" || len(c.Name) > 100 || c.NameLocalizations[discordgo.German] == "" || strings.HasPrefix(c.Name, "core.") {
					t.Errorf("%s %s: choice %+v", path, o.Name, c)
				}
			}
			walk(path+" "+o.Name, o.Options)
		}
	}
	defs := h.svc.settings.Definitions()
	if len(defs) != 3 {
		t.Fatalf("%d commands", len(defs))
	}
	for _, d := range defs {
		check("/"+d.Name, d.Name, *d.NameLocalizations, d.Description, *d.DescriptionLocalizations)
		walk("/"+d.Name, d.Options)
	}
	if p := defs[1].DefaultMemberPermissions; p == nil || *p != discordgo.PermissionManageGuild {
		t.Error("/server-settings is not for server managers by default")
	}
}
