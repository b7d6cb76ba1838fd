package settings

import (
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
)

func testFeature(t *testing.T) *Feature {
	t.Helper()
	reg, err := games.NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	return New(nil, nil, nil, nil, interact.NewVoice(reg, reg.Catalog(interact.Catalog(interact.Texts(), Texts())), nil), nil, nil)
}

// Every option of /settings is checked before any is stored: a bad one
// answers with what is wrong and changes nothing.
func TestParseUserSettings(t *testing.T) {
	f := testFeature(t)
	tests := []struct {
		name   string
		values map[string]string
		want   settings.User // after the change, from the zero settings
		bad    string        // the answer's text, when the options are refused
	}{
		{"choices", map[string]string{OptReminders: " Last ", OptDelivery: "mention", OptPublicDM: "picture"},
			settings.User{Notify: settings.Notify{Reminders: settings.RemindLast, Delivery: settings.DeliverMention, PublicDM: settings.PublicDMPicture}}, ""},
		{"language auto is the client's", map[string]string{OptLanguage: "auto"}, settings.User{}, ""},
		{"language", map[string]string{OptLanguage: "de"}, settings.User{Notify: settings.Notify{Lang: "de"}}, ""},
		{"quiet hours and zone", map[string]string{OptQuiet: "22-7", OptTimezone: " Europe/Berlin "},
			settings.User{Notify: settings.Notify{Quiet: true, QuietFrom: 22 * 60, QuietTo: 7 * 60, Zone: "Europe/Berlin"}}, ""},
		{"a bad choice", map[string]string{OptReminders: "sometimes", OptLanguage: "de"}, settings.User{}, "“sometimes” is not a choice for reminders. Choose one of: all, last, none."},
		{"bad quiet hours", map[string]string{OptQuiet: "late"}, settings.User{}, "the quiet hours “late”"},
		{"an unknown zone", map[string]string{OptTimezone: "Mars/Olympus"}, settings.User{}, "time zone “Mars/Olympus”"},
		{"a server's option", map[string]string{OptHours: "8-22"}, settings.User{}, "did not understand"},
	}
	for _, tc := range tests {
		change, res, ok := f.parseUserSettings("en", tc.values)
		if tc.bad != "" {
			if ok || res.Reply == nil || !strings.Contains(res.Reply.Content, tc.bad) {
				t.Errorf("%s: ok %v, answer %+v; want it refused with %q", tc.name, ok, res.Reply, tc.bad)
			}
			continue
		}
		if !ok {
			t.Errorf("%s: refused: %+v", tc.name, res.Reply)
			continue
		}
		var u settings.User
		change(&u)
		if u.Notify != tc.want.Notify {
			t.Errorf("%s: %+v, want %+v", tc.name, u.Notify, tc.want.Notify)
		}
	}
}

func TestParseServerSettings(t *testing.T) {
	f := testFeature(t)
	days := func(n int) *int { return &n }
	tests := []struct {
		name      string
		values    map[string]string
		allowance *int
		cal       clock.Calendar
		role      string
		bad       string
	}{
		{"allowance as Discord sends it", map[string]string{OptAllowance: "7.0"}, days(7), clock.Calendar{}, "5", ""},
		{"hours, zone and weekends", map[string]string{OptHours: "8-20", OptTimezone: "Asia/Tokyo", OptWeekends: "off"}, nil,
			clock.Calendar{Zone: "Asia/Tokyo", From: 8 * 60, To: 20 * 60, WeekendsOff: true}, "5", ""},
		{"a new organiser role", map[string]string{OptOrganiserRole: " 123 "}, nil, clock.Calendar{}, "123", ""},
		{"no organiser role", map[string]string{OptNoOrganiserRole: "true"}, nil, clock.Calendar{}, "", ""},
		{"too many days", map[string]string{OptAllowance: "400"}, nil, clock.Calendar{}, "", "whole number of days from 0 to"},
		{"half a day", map[string]string{OptAllowance: "1.5"}, nil, clock.Calendar{}, "", "whole number of days"},
		{"bad hours", map[string]string{OptHours: "22-22"}, nil, clock.Calendar{}, "", "playing hours “22-22”"},
		{"bad weekends", map[string]string{OptWeekends: "maybe"}, nil, clock.Calendar{}, "", "“maybe” is not a choice for weekends. Choose one of: on, off."},
		{"a role that is no id", map[string]string{OptOrganiserRole: "@mods"}, nil, clock.Calendar{}, "", "“@mods” is not a role"},
		{"a player's option", map[string]string{OptQuiet: "22-7"}, nil, clock.Calendar{}, "", "did not understand"},
	}
	for _, tc := range tests {
		next, res, ok := f.parseServerSettings("en", settings.Guild{OrganiserRole: "5"}, tc.values)
		if tc.bad != "" {
			if ok || res.Reply == nil || !strings.Contains(res.Reply.Content, tc.bad) {
				t.Errorf("%s: ok %v, answer %+v; want it refused with %q", tc.name, ok, res.Reply, tc.bad)
			}
			continue
		}
		switch {
		case !ok:
			t.Errorf("%s: refused: %+v", tc.name, res.Reply)
		case (next.Allowance == nil) != (tc.allowance == nil) || next.Allowance != nil && *next.Allowance != *tc.allowance:
			t.Errorf("%s: allowance %v, want %v", tc.name, next.Allowance, tc.allowance)
		case !next.Calendar.Equal(tc.cal):
			t.Errorf("%s: calendar %+v, want %+v", tc.name, next.Calendar, tc.cal)
		case next.OrganiserRole != tc.role:
			t.Errorf("%s: organiser role %q, want %q", tc.name, next.OrganiserRole, tc.role)
		}
	}
}
