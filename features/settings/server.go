package settings

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// serverSettingsCmd answers /server-settings: without options it shows
// the server's settings to anyone; changing them takes Manage Server. New
// playing hours reach the server's running tables at once.
func (f *Feature) serverSettingsCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	guildID := r.Interaction.GuildID
	if guildID == "" {
		return f.voice.Key(r.Lang, KeyServerNoGuild)
	}
	g, err := f.prefs.Guild(ctx, guildID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	values := optionValues(opts)
	if len(values) == 0 {
		return interact.Reply(f.serverText(g, r.Lang))
	}
	if !r.ManagesServer() {
		return f.voice.Key(r.Lang, KeyServerNotAdmin)
	}
	next, res, ok := f.parseServerSettings(r.Lang, g, values)
	if !ok {
		return res
	}
	if err := f.prefs.UpdateGuild(ctx, guildID, func(g *settings.Guild) error { *g = next; return nil }); err != nil {
		return f.voice.Err(r, err)
	}
	out := interact.Result{}
	n := 0
	if !next.Calendar.Equal(g.Calendar) {
		out, n = f.recalendar(ctx, guildID, next.Calendar)
	}
	out.Reply = &interact.Message{Content: f.voice.Text(r.Lang, games.T(KeyServerSaved, "n", n)) + "\n" + f.serverText(next, r.Lang)}
	return out
}

// parseServerSettings checks every option and returns the new settings.
func (f *Feature) parseServerSettings(lang string, g settings.Guild, values map[string]string) (settings.Guild, interact.Result, bool) {
	for name := range values {
		switch name {
		case OptAllowance, OptHours, OptTimezone, OptWeekends, OptOrganiserRole, OptNoOrganiserRole:
		default:
			return g, f.voice.Key(lang, interact.KeyMalformed), false
		}
	}
	next := g
	if v, given := values[OptAllowance]; given {
		days, ok := interact.WholeNumber(v)
		if !ok || days < 0 || days > settings.MaxAllowance {
			return g, f.voice.Key(lang, KeyServerBadDays, "value", v, "max", settings.MaxAllowance), false
		}
		next.Allowance = &days
	}
	cal := g.Calendar
	if v, given := values[OptHours]; given {
		from, to, err := clock.ParseHours(strings.ToLower(v))
		if err != nil {
			return g, f.voice.Key(lang, KeyServerBadHours, "value", v), false
		}
		cal.From, cal.To = from, to
	}
	if v, given := values[OptTimezone]; given {
		v = strings.TrimSpace(v)
		if settings.CheckZone(v) != nil {
			return g, f.voice.Key(lang, KeySettingsBadZone, "value", v), false
		}
		cal.Zone = v
	}
	if v, given := values[OptWeekends]; given {
		v = strings.ToLower(strings.TrimSpace(v))
		if !checkChoice(OptWeekends, v) {
			return g, f.badChoice(lang, CmdServerSettings, OptWeekends, values[OptWeekends]), false
		}
		cal.WeekendsOff = v == weekendsOff
	}
	checked, err := clock.NewCalendar(cal.Zone, cal.From, cal.To, cal.WeekendsOff)
	if err != nil {
		return g, f.voice.Key(lang, KeyServerBadHours, "value", values[OptHours]), false
	}
	next.Calendar = checked
	if v, given := values[OptOrganiserRole]; given {
		v = strings.TrimSpace(v)
		if !isSnowflake(v) {
			return g, f.voice.Key(lang, KeyServerBadRole, "value", interact.Truncate(v, 40)), false
		}
		next.OrganiserRole = v
	}
	if values[OptNoOrganiserRole] == "true" {
		next.OrganiserRole = ""
	}
	return next, interact.Result{}, true
}

// isSnowflake reports a Discord id: 1 to 20 digits.
func isSnowflake(v string) bool {
	if v == "" || len(v) > 20 {
		return false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// serverText shows a server's settings.
func (f *Feature) serverText(g settings.Guild, lang string) string {
	lines := []string{f.voice.Text(lang, games.T(KeyServerTitle)),
		"- " + f.voice.Text(lang, games.T(KeyServerAllowance, "days", g.AllowanceDays()))}
	for _, l := range hoursLines(f.voice, g.Calendar, lang, true) {
		lines = append(lines, "- "+l)
	}
	if g.OrganiserRole != "" {
		lines = append(lines, "- "+f.voice.Text(lang, games.T(KeyServerOrganisers, "role", g.OrganiserRole)))
	} else {
		lines = append(lines, "- "+f.voice.Text(lang, games.T(KeyServerNoOrganiser)))
	}
	return strings.Join(lines, "\n")
}

// hoursLines tell when clocks run; always says so even for a calendar
// that always runs.
func hoursLines(v interact.Voice, c clock.Calendar, lang string, always bool) []string {
	zone := c.Location().String()
	var out []string
	switch {
	case c.From != 0 || c.To != 0:
		from, to := clock.FormatHours(c.From, c.To)[:5], clock.FormatHours(c.From, c.To)[6:]
		out = append(out, v.Text(lang, games.T(KeyServerHours, "from", from, "to", to, "zone", zone)))
	case always:
		out = append(out, v.Text(lang, games.T(KeyServerAllDay, "zone", zone)))
	}
	switch {
	case c.WeekendsOff:
		out = append(out, v.Text(lang, games.T(KeyServerWeekends)))
	case always:
		out = append(out, v.Text(lang, games.T(KeyServerWeekendsRun)))
	}
	return out
}

// CalendarLines are a table status's lines about when its clocks run;
// none when they always run.
func CalendarLines(v interact.Voice, c clock.Calendar, lang string) []string {
	return hoursLines(v, c, lang, false)
}

// recalendar carries the server's active tables over to new playing
// hours: each running table tells its channel and edits its status; a
// lobby takes the hours silently. n counts the running tables told.
func (f *Feature) recalendar(ctx context.Context, guildID string, cal clock.Calendar) (res interact.Result, n int) {
	channels, err := f.prefs.GuildTables(ctx, guildID)
	if err != nil {
		f.log.Error("server settings: tables", "guild", guildID, "err", err)
		return interact.Result{}, 0
	}
	var results []interact.Result
	now := f.now()
	for _, ch := range channels {
		res, told, err := f.announcer.Announce(ctx, ch, tables.Notice{Status: true}, func(t *table.Table, g games.Game) (interact.Message, error) {
			if err := t.Clocks().SetCalendar(g, cal, now); err != nil {
				return interact.Message{}, err
			}
			if t.Status != table.StatusPlaying {
				return interact.Message{}, nil
			}
			hours := strings.Join(hoursLines(f.voice, cal, t.Lang, true), " · ")
			return interact.Message{Content: f.voice.Text(t.Lang, games.T(KeyServerChanged, "hours", hours))}, nil
		})
		if err != nil {
			f.log.Error("server settings: table", "channel", ch, "err", err)
			continue
		}
		if told {
			results = append(results, res)
		}
	}
	return interact.Merge(results), len(results)
}
