package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
)

// The settings commands and their options, as Discord delivers them.
const (
	CmdSettings       = "settings"
	CmdServerSettings = "server-settings"
	OptReminders      = "reminders"
	OptDelivery       = "delivery"
	OptPublicDM       = "public-dm"
	OptQuiet          = "quiet"
	OptTimezone       = "timezone"
	OptLanguage       = "language"
	OptAllowance      = "vacation-days"
	OptHours          = "hours"
	OptWeekends       = "weekends"
	// OptOrganiserRole names the role of tournament organisers;
	// OptNoOrganiserRole (true) clears it.
	OptOrganiserRole   = "organiser-role"
	OptNoOrganiserRole = "no-organiser-role"
	langAuto           = "auto"
	weekendsOn         = "on" // clocks run on weekends
	weekendsOff        = "off"
)

// Keys of the settings texts.
const (
	KeySettingsTitle     = "core.settings.title"
	KeySettingsReminders = "core.settings.reminders"
	KeySettingsDelivery  = "core.settings.delivery"
	KeySettingsQuiet     = "core.settings.quiet"
	KeySettingsNoQuiet   = "core.settings.no_quiet"
	KeySettingsLanguage  = "core.settings.language"
	KeySettingsVacation  = "core.settings.vacation"
	KeySettingsNoVac     = "core.settings.no_vacation"
	KeySettingsSaved     = "core.settings.saved"
	KeySettingsBadChoice = "core.settings.bad_choice"
	KeySettingsBadQuiet  = "core.settings.bad_quiet"
	KeySettingsBadZone   = "core.settings.bad_zone"
	KeyServerTitle       = "core.server.title"
	KeyServerAllowance   = "core.server.allowance"
	KeyServerHours       = "core.server.hours"
	KeyServerAllDay      = "core.server.all_day"
	KeyServerWeekends    = "core.server.weekends"
	KeyServerWeekendsRun = "core.server.weekends_run"
	KeyServerSaved       = "core.server.saved"
	KeyServerNotAdmin    = "core.server.not_admin"
	KeyServerNoGuild     = "core.server.no_guild"
	KeyServerBadHours    = "core.server.bad_hours"
	KeyServerBadDays     = "core.server.bad_days"
	KeyServerChanged     = "core.server.changed"
	KeyServerOrganisers  = "core.server.organisers"
	KeyServerNoOrganiser = "core.server.no_organiser"
	KeyServerBadRole     = "core.server.bad_role"
	keyChoicePrefix      = "core.choice."
)

// settingsTexts are the settings' messages in English and German.
func settingsTexts() map[string][2]string {
	return map[string][2]string{
		KeySettingsTitle:     {"**Your settings** (the same in every server):", "**Deine Einstellungen** (in jedem Server gleich):"},
		KeySettingsReminders: {"Reminders: {value}", "Erinnerungen: {value}"},
		KeySettingsDelivery:  {"Delivery: {value}", "Zustellung: {value}"},
		KeySettingsQuiet:     {"Quiet hours: {hours} ({zone}); reminders wait until they end", "Ruhezeiten: {hours} ({zone}); Erinnerungen warten bis zu ihrem Ende"},
		KeySettingsNoQuiet:   {"Quiet hours: none (time zone {zone})", "Ruhezeiten: keine (Zeitzone {zone})"},
		KeySettingsLanguage:  {"Language of your DMs: {value}", "Sprache deiner Direktnachrichten: {value}"},
		KeySettingsVacation:  {"Vacation: until {until}; {left} of {allowance} vacation days left this year", "Urlaub: bis {until}; noch {left} von {allowance} Urlaubstagen in diesem Jahr"},
		KeySettingsNoVac:     {"Vacation: none; {left} of {allowance} vacation days left this year (/vacation start)", "Urlaub: keiner; noch {left} von {allowance} Urlaubstagen in diesem Jahr (/urlaub beginnen)"},
		KeySettingsSaved:     {"Saved.", "Gespeichert."},
		KeySettingsBadChoice: {"“{value}” is not a choice for {option}. Choose one of: {choices}.", "„{value}“ ist keine Wahl für {option}. Wähle eine von: {choices}."},
		KeySettingsBadQuiet:  {"I could not read the quiet hours “{value}”. Write them as 22-7 or 22:00-07:00, or off.", "Die Ruhezeiten „{value}“ konnte ich nicht lesen. Schreibe sie als 22-7 oder 22:00-07:00, oder off."},
		KeySettingsBadZone:   {"I do not know the time zone “{value}”. Write it as Europe/Berlin or America/New_York.", "Die Zeitzone „{value}“ kenne ich nicht. Schreibe sie als Europe/Berlin oder America/New_York."},
		KeyServerTitle:       {"**Server settings** for async play:", "**Server-Einstellungen** für das Spiel über Tage:"},
		KeyServerAllowance:   {"Vacation allowance: {days} days per player and calendar year", "Urlaubsanspruch: {days} Tage pro Spieler und Kalenderjahr"},
		KeyServerHours:       {"Playing hours: clocks run only from {from} to {to} ({zone})", "Spielzeiten: Die Uhren laufen nur von {from} bis {to} ({zone})"},
		KeyServerAllDay:      {"Playing hours: clocks run all day ({zone})", "Spielzeiten: Die Uhren laufen den ganzen Tag ({zone})"},
		KeyServerWeekends:    {"Weekends: off, clocks stand still on Saturdays and Sundays", "Wochenenden: frei, samstags und sonntags stehen die Uhren still"},
		KeyServerWeekendsRun: {"Weekends: clocks run", "Wochenenden: Die Uhren laufen"},
		KeyServerSaved:       {"Saved; {n} running tables follow the new times from now on.", "Gespeichert; {n} laufende Tische folgen ab jetzt den neuen Zeiten."},
		KeyServerNotAdmin:    {"Only members who may manage this server can change its settings.", "Nur Mitglieder, die diesen Server verwalten dürfen, können seine Einstellungen ändern."},
		KeyServerNoGuild:     {"Server settings belong to a server: use this command in one of its channels.", "Server-Einstellungen gehören zu einem Server: Nutze diesen Befehl in einem seiner Kanäle."},
		KeyServerBadHours:    {"I could not read the playing hours “{value}”. Write them as 8-22 or 08:00-22:00 (at least an hour, within one day), or off.", "Die Spielzeiten „{value}“ konnte ich nicht lesen. Schreibe sie als 8-22 oder 08:00-22:00 (mindestens eine Stunde, innerhalb eines Tages), oder off."},
		KeyServerBadDays:     {"The vacation allowance must be a whole number of days from 0 to {max}, not “{value}”.", "Der Urlaubsanspruch muss eine ganze Zahl von Tagen von 0 bis {max} sein, nicht „{value}“."},
		KeyServerChanged:     {"⏱️ This server's clock times changed. {hours}", "⏱️ Die Uhrzeiten dieses Servers haben sich geändert. {hours}"},
		KeyServerOrganisers:  {"Tournament organisers: members with Manage Server and members of <@&{role}>", "Turnierleitung: Mitglieder mit „Server verwalten“ und Mitglieder von <@&{role}>"},
		KeyServerNoOrganiser: {"Tournament organisers: members with Manage Server only (organiser-role names a role for them)", "Turnierleitung: nur Mitglieder mit „Server verwalten“ (organisator-rolle nennt eine Rolle dafür)"},
		KeyServerBadRole:     {"“{value}” is not a role of this server. Pick one from the list, or set no-organiser-role to clear it.", "„{value}“ ist keine Rolle dieses Servers. Wähle eine aus der Liste, oder setze keine-organisator-rolle, um sie zu entfernen."},
		// The choices of the options, by option and value.
		keyChoicePrefix + "reminders.all":    {"all (half and nine tenths of your time gone, and when you are the last one)", "alle (Hälfte und neun Zehntel deiner Zeit um, und wenn du der Letzte bist)"},
		keyChoicePrefix + "reminders.last":   {"only when you are the last one we wait for", "nur wenn auf dich als Letzten gewartet wird"},
		keyChoicePrefix + "reminders.none":   {"none", "keine"},
		keyChoicePrefix + "delivery.dm":      {"by direct message", "per Direktnachricht"},
		keyChoicePrefix + "delivery.mention": {"by a mention in the table's channel", "per Erwähnung im Kanal des Tisches"},
		keyChoicePrefix + "language.auto":    {"your Discord client's", "die deines Discord-Clients"},
		keyChoicePrefix + "language.en":      {"English", "English"},
		keyChoicePrefix + "language.de":      {"Deutsch", "Deutsch"},
		keyChoicePrefix + "weekends.on":      {"clocks run on weekends", "Uhren laufen am Wochenende"},
		keyChoicePrefix + "weekends.off":     {"weekends off", "Wochenenden frei"},
	}
}

// settingChoices are the values each choice option takes, in order.
var settingChoices = map[string][]string{
	OptReminders: {string(settings.RemindAll), string(settings.RemindLast), string(settings.RemindNone)},
	OptDelivery:  {string(settings.DeliverDM), string(settings.DeliverMention)},
	OptPublicDM:  {string(settings.PublicDMLink), string(settings.PublicDMPicture)},
	OptLanguage:  {langAuto, "en", "de"},
	OptWeekends:  {weekendsOn, weekendsOff},
}

// choiceText is the localized name of an option's value.
func (s *Service) choiceText(lang, option, value string) string {
	return s.voice.Text(lang, games.T(keyChoicePrefix+option+"."+value))
}

// optionValues reads the options given as name → value.
func optionValues(opts []*discordgo.ApplicationCommandInteractionDataOption) map[string]string {
	out := map[string]string{}
	for _, o := range opts {
		out[o.Name] = interact.StringOpt(opts, o.Name)
	}
	return out
}

// badChoice is the answer to a value that is not one of option's choices.
func (s *Service) badChoice(lang, option, value string) Result {
	var names []string
	for _, v := range settingChoices[option] {
		names = append(names, v)
	}
	return s.voice.Key(lang, KeySettingsBadChoice, "value", value, "option", s.voice.Say(lang, interact.NameKey("settings."+option)), "choices", strings.Join(names, ", "))
}

// checkChoice reports whether value is one of option's choices.
func checkChoice(option, value string) bool {
	for _, v := range settingChoices[option] {
		if v == value {
			return true
		}
	}
	return false
}

// userLang is the language to answer a player in: their setting, else
// their client's.
func userLang(u settings.User, r interact.Request) string {
	if u.Lang != "" {
		return u.Lang
	}
	return r.Lang
}

// settingsCmd answers /settings: without options it shows the player's
// settings; with options it checks them all, then stores them together.
// A language change reaches the player's seats (their DMs' language).
func (s *Service) settingsCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) Result {
	u, err := s.store.User(ctx, r.UserID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	lang := userLang(u, r)
	values := optionValues(opts)
	if len(values) == 0 {
		return interact.Reply(s.settingsText(ctx, r, u, lang))
	}
	change, res, ok := s.parseUserSettings(lang, values)
	if !ok {
		return res
	}
	if err := s.store.UpdateUser(ctx, r.UserID, func(u *settings.User) error { change(u); return nil }); err != nil {
		return s.voice.Err(r, err)
	}
	if u, err = s.store.User(ctx, r.UserID); err != nil {
		return s.voice.Err(r, err)
	}
	s.setSeatNotify(ctx, r.UserID, u.Notify)
	lang = userLang(u, r)
	return interact.Reply(s.voice.Text(lang, games.T(KeySettingsSaved)) + "\n" + s.settingsText(ctx, r, u, lang))
}

// parseUserSettings checks every given option; ok is false (with the
// answer) at the first bad one.
func (s *Service) parseUserSettings(lang string, values map[string]string) (func(*settings.User), Result, bool) {
	var changes []func(*settings.User)
	for _, name := range []string{OptReminders, OptDelivery, OptPublicDM, OptLanguage} {
		v, given := values[name]
		if !given {
			continue
		}
		v = strings.ToLower(strings.TrimSpace(v))
		if !checkChoice(name, v) {
			return nil, s.badChoice(lang, name, values[name]), false
		}
		switch name {
		case OptReminders:
			changes = append(changes, func(u *settings.User) { u.Reminders = settings.Reminders(v) })
		case OptDelivery:
			changes = append(changes, func(u *settings.User) { u.Delivery = settings.Delivery(v) })
		case OptPublicDM:
			changes = append(changes, func(u *settings.User) { u.PublicDM = settings.PublicDM(v) })
		case OptLanguage:
			if v == langAuto {
				v = ""
			}
			changes = append(changes, func(u *settings.User) { u.Lang = v })
		}
	}
	if v, given := values[OptQuiet]; given {
		from, to, on, err := settings.ParseQuiet(strings.ToLower(v))
		if err != nil {
			return nil, s.voice.Key(lang, KeySettingsBadQuiet, "value", v), false
		}
		changes = append(changes, func(u *settings.User) { u.Quiet, u.QuietFrom, u.QuietTo = on, from, to })
	}
	if v, given := values[OptTimezone]; given {
		v = strings.TrimSpace(v)
		if settings.CheckZone(v) != nil {
			return nil, s.voice.Key(lang, KeySettingsBadZone, "value", v), false
		}
		changes = append(changes, func(u *settings.User) { u.Zone = v })
	}
	for name := range values {
		if !isUserSetting(name) {
			return nil, s.voice.Key(lang, KeyMalformed), false
		}
	}
	return func(u *settings.User) {
		for _, c := range changes {
			c(u)
		}
	}, Result{}, true
}

func isUserSetting(name string) bool {
	switch name {
	case OptReminders, OptDelivery, OptPublicDM, OptQuiet, OptTimezone, OptLanguage:
		return true
	}
	return false
}

// settingsText shows a player's settings.
func (s *Service) settingsText(ctx context.Context, r interact.Request, u settings.User, lang string) string {
	now := s.now()
	zone := u.Location().String()
	reminders := string(u.Reminders)
	if reminders == "" {
		reminders = string(settings.RemindAll)
	}
	delivery := string(u.Delivery)
	if delivery == "" {
		delivery = string(settings.DeliverDM)
	}
	language := u.Lang
	if language == "" {
		language = langAuto
	}
	lines := []string{
		s.voice.Text(lang, games.T(KeySettingsTitle)),
		"- " + s.voice.Text(lang, games.T(KeySettingsReminders, "value", s.choiceText(lang, OptReminders, reminders))),
		"- " + s.voice.Text(lang, games.T(KeySettingsDelivery, "value", s.choiceText(lang, OptDelivery, delivery))),
		"- " + s.publicDMLine(lang, u.PublicDM),
	}
	if u.Quiet {
		lines = append(lines, "- "+s.voice.Text(lang, games.T(KeySettingsQuiet, "hours", settings.FormatQuiet(u.QuietFrom, u.QuietTo), "zone", zone)))
	} else {
		lines = append(lines, "- "+s.voice.Text(lang, games.T(KeySettingsNoQuiet, "zone", zone)))
	}
	lines = append(lines, "- "+s.voice.Text(lang, games.T(KeySettingsLanguage, "value", s.choiceText(lang, OptLanguage, language))))
	allowance, _ := s.allowance(ctx, r)
	if v, ok := u.On(now); ok {
		lines = append(lines, "- "+s.voice.Text(lang, games.T(KeySettingsVacation, "until", interact.Timestamp(v.Until), "left", u.Left(allowance, now), "allowance", allowance)))
	} else {
		lines = append(lines, "- "+s.voice.Text(lang, games.T(KeySettingsNoVac, "left", u.Left(allowance, now), "allowance", allowance)))
	}
	return strings.Join(lines, "\n")
}

// setSeatNotify gives the player's seats at their active tables their
// new reminder settings and the language of their DMs (empty: their
// client's, as the seat has it).
func (s *Service) setSeatNotify(ctx context.Context, userID string, n settings.Notify) {
	channels, err := s.store.TablesOf(ctx, userID)
	if err != nil {
		s.log.Error("settings: tables of", "user", userID, "err", err)
		return
	}
	for _, ch := range channels {
		_, err := s.tables.Update(ctx, ch, "", func(t *table.Table, _ games.Game) error {
			seat := t.SeatOf(userID)
			if seat < 0 {
				return errNothing
			}
			t.Seats[seat].Notify = n
			if n.Lang != "" {
				t.Seats[seat].Lang = n.Lang
			}
			return nil
		})
		if err != nil && !errors.Is(err, errNothing) {
			s.log.Error("settings: seat settings", "channel", ch, "err", err)
		}
	}
}

// errNothing ends an update that has nothing to change.
var errNothing = errors.New("commands: nothing to change")

// canManageServer reports a member allowed to manage the server.
func canManageServer(r interact.Request) bool {
	if r.Interaction.Member == nil {
		return false
	}
	p := r.Interaction.Member.Permissions
	return p&discordgo.PermissionManageGuild != 0 || p&discordgo.PermissionAdministrator != 0
}

// serverSettingsCmd answers /server-settings: without options it shows
// the server's settings to anyone; changing them takes Manage Server. New
// playing hours reach the server's running tables at once.
func (s *Service) serverSettingsCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) Result {
	guildID := r.Interaction.GuildID
	if guildID == "" {
		return s.voice.Key(r.Lang, KeyServerNoGuild)
	}
	g, err := s.store.Guild(ctx, guildID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	values := optionValues(opts)
	if len(values) == 0 {
		return interact.Reply(s.serverText(g, r.Lang))
	}
	if !canManageServer(r) {
		return s.voice.Key(r.Lang, KeyServerNotAdmin)
	}
	next, res, ok := s.parseServerSettings(r.Lang, g, values)
	if !ok {
		return res
	}
	if err := s.store.UpdateGuild(ctx, guildID, func(g *settings.Guild) error { *g = next; return nil }); err != nil {
		return s.voice.Err(r, err)
	}
	out := Result{}
	n := 0
	if !next.Calendar.Equal(g.Calendar) {
		out, n = s.recalendar(ctx, guildID, next.Calendar)
	}
	out.Reply = &Message{Content: s.voice.Text(r.Lang, games.T(KeyServerSaved, "n", n)) + "\n" + s.serverText(next, r.Lang)}
	return out
}

// parseServerSettings checks every option and returns the new settings.
func (s *Service) parseServerSettings(lang string, g settings.Guild, values map[string]string) (settings.Guild, Result, bool) {
	for name := range values {
		switch name {
		case OptAllowance, OptHours, OptTimezone, OptWeekends, OptOrganiserRole, OptNoOrganiserRole:
		default:
			return g, s.voice.Key(lang, KeyMalformed), false
		}
	}
	next := g
	if v, given := values[OptAllowance]; given {
		days, err := strconv.Atoi(strings.TrimSpace(v))
		if f, ferr := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil && ferr == nil && f == float64(int(f)) {
			days, err = int(f), nil // Discord sends integers as JSON numbers
		}
		if err != nil || days < 0 || days > settings.MaxAllowance {
			return g, s.voice.Key(lang, KeyServerBadDays, "value", v, "max", settings.MaxAllowance), false
		}
		next.Allowance = &days
	}
	cal := g.Calendar
	if v, given := values[OptHours]; given {
		from, to, err := clock.ParseHours(strings.ToLower(v))
		if err != nil {
			return g, s.voice.Key(lang, KeyServerBadHours, "value", v), false
		}
		cal.From, cal.To = from, to
	}
	if v, given := values[OptTimezone]; given {
		v = strings.TrimSpace(v)
		if settings.CheckZone(v) != nil {
			return g, s.voice.Key(lang, KeySettingsBadZone, "value", v), false
		}
		cal.Zone = v
	}
	if v, given := values[OptWeekends]; given {
		v = strings.ToLower(strings.TrimSpace(v))
		if !checkChoice(OptWeekends, v) {
			return g, s.badChoice(lang, OptWeekends, values[OptWeekends]), false
		}
		cal.WeekendsOff = v == weekendsOff
	}
	checked, err := clock.NewCalendar(cal.Zone, cal.From, cal.To, cal.WeekendsOff)
	if err != nil {
		return g, s.voice.Key(lang, KeyServerBadHours, "value", values[OptHours]), false
	}
	next.Calendar = checked
	if v, given := values[OptOrganiserRole]; given {
		v = strings.TrimSpace(v)
		if !isSnowflake(v) {
			return g, s.voice.Key(lang, KeyServerBadRole, "value", interact.Truncate(v, 40)), false
		}
		next.OrganiserRole = v
	}
	if values[OptNoOrganiserRole] == "true" {
		next.OrganiserRole = ""
	}
	return next, Result{}, true
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

// hasRole reports whether the member who sent r holds roleID.
func hasRole(r interact.Request, roleID string) bool {
	if roleID == "" || r.Interaction.Member == nil {
		return false
	}
	for _, id := range r.Interaction.Member.Roles {
		if id == roleID {
			return true
		}
	}
	return false
}

// serverText shows a server's settings.
func (s *Service) serverText(g settings.Guild, lang string) string {
	lines := []string{s.voice.Text(lang, games.T(KeyServerTitle)),
		"- " + s.voice.Text(lang, games.T(KeyServerAllowance, "days", g.AllowanceDays()))}
	for _, l := range s.hoursLines(g.Calendar, lang, true) {
		lines = append(lines, "- "+l)
	}
	if g.OrganiserRole != "" {
		lines = append(lines, "- "+s.voice.Text(lang, games.T(KeyServerOrganisers, "role", g.OrganiserRole)))
	} else {
		lines = append(lines, "- "+s.voice.Text(lang, games.T(KeyServerNoOrganiser)))
	}
	return strings.Join(lines, "\n")
}

// hoursLines tell when clocks run; always says so even for a calendar
// that always runs.
func (s *Service) hoursLines(c clock.Calendar, lang string, always bool) []string {
	zone := c.Location().String()
	var out []string
	switch {
	case c.From != 0 || c.To != 0:
		from, to := clock.FormatHours(c.From, c.To)[:5], clock.FormatHours(c.From, c.To)[6:]
		out = append(out, s.voice.Text(lang, games.T(KeyServerHours, "from", from, "to", to, "zone", zone)))
	case always:
		out = append(out, s.voice.Text(lang, games.T(KeyServerAllDay, "zone", zone)))
	}
	switch {
	case c.WeekendsOff:
		out = append(out, s.voice.Text(lang, games.T(KeyServerWeekends)))
	case always:
		out = append(out, s.voice.Text(lang, games.T(KeyServerWeekendsRun)))
	}
	return out
}

// calendarLines are the status message's lines about when clocks run;
// none when they always run.
func (s *Service) calendarLines(c clock.Calendar, lang string) []string {
	return s.hoursLines(c, lang, false)
}

// recalendar carries the server's active tables over to new playing
// hours: each running table tells its channel and edits its status.
func (s *Service) recalendar(ctx context.Context, guildID string, cal clock.Calendar) (Result, int) {
	channels, err := s.store.GuildTables(ctx, guildID)
	if err != nil {
		s.log.Error("server settings: tables", "guild", guildID, "err", err)
		return Result{}, 0
	}
	var results []Result
	now := s.now()
	for _, ch := range channels {
		var (
			d  outbox.Delivery
			st games.State
		)
		t, err := s.tables.Update(ctx, ch, "", func(t *table.Table, g games.Game) error {
			if err := t.SetCalendar(g, cal, now); err != nil {
				return err
			}
			if t.Status != table.StatusPlaying {
				return nil
			}
			var err error
			if st, err = t.Load(g); err != nil {
				return err
			}
			t.NewVersion()
			c := outbox.NewComposer(t, false)
			hours := strings.Join(s.hoursLines(cal, t.Lang, true), " · ")
			c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, Message{Content: s.voice.Text(t.Lang, games.T(KeyServerChanged, "hours", hours))})
			s.statusPost(c, scene{t: t, g: g, st: st, pending: st.Pending()})
			d, err = c.Done()
			return s.stage(t, d, err)
		})
		if err != nil {
			s.log.Error("server settings: table", "channel", ch, "err", err)
			continue
		}
		if st != nil {
			results = append(results, s.deliver(t, d, st, nil))
		}
	}
	return mergeResults(results), len(results)
}

// mergeResults carries out several tables' changes as one Result: their
// actions in order, and each change's Done.
func mergeResults(results []Result) Result {
	var out Result
	var dones []func(context.Context)
	for _, r := range results {
		out.Actions = append(out.Actions, r.Actions...)
		if r.Done != nil {
			dones = append(dones, r.Done)
		}
	}
	if len(dones) > 0 {
		out.Done = func(ctx context.Context) {
			for _, d := range dones {
				d(ctx)
			}
		}
	}
	out.Carrier = func(ctx context.Context, run func(context.Context, []Action) error) error {
		var errs error
		for _, r := range results {
			errs = errors.Join(errs, r.Carry(ctx, run))
		}
		return errs
	}
	return out
}

// allowance is the yearly vacation allowance that binds the player: the
// smallest among the servers of their tables and this one (a vacation
// pauses every table, so no server's limit may be passed).
func (s *Service) allowance(ctx context.Context, r interact.Request) (int, error) {
	guilds := map[string]bool{}
	if r.Interaction.GuildID != "" {
		guilds[r.Interaction.GuildID] = true
	}
	channels, err := s.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return 0, fmt.Errorf("commands: tables of %s: %w", r.UserID, err)
	}
	for _, ch := range channels {
		if t, err := s.store.Get(ctx, ch); err == nil && t.GuildID != "" {
			guilds[t.GuildID] = true
		}
	}
	least := settings.DefaultAllowance
	first := true
	for id := range guilds {
		g, err := s.store.Guild(ctx, id)
		if err != nil {
			return 0, fmt.Errorf("commands: server %s: %w", id, err)
		}
		if days := g.AllowanceDays(); first || days < least {
			least, first = days, false
		}
	}
	return least, nil
}

// settingsCommandTexts are the localized names and descriptions of the
// settings and vacation commands.
func settingsCommandTexts() map[string][2]string {
	return map[string][2]string{
		"core.cmd.settings.name":                          {"settings", "einstellungen"},
		"core.cmd.settings.desc":                          {"Your reminders, DMs, quiet hours and language (without options: show them)", "Deine Erinnerungen, Direktnachrichten, Ruhezeiten und Sprache (ohne Optionen: anzeigen)"},
		"core.cmd.settings.reminders.name":                {"reminders", "erinnerungen"},
		"core.cmd.settings.reminders.desc":                {"Which reminders you receive", "Welche Erinnerungen du bekommst"},
		"core.cmd.settings.delivery.name":                 {"delivery", "zustellung"},
		"core.cmd.settings.delivery.desc":                 {"How reminders reach you", "Wie Erinnerungen dich erreichen"},
		"core.cmd.settings.quiet.name":                    {"quiet", "ruhezeiten"},
		"core.cmd.settings.quiet.desc":                    {"No reminders then, e.g. 22-7 (off: none)", "Dann keine Erinnerungen, z. B. 22-7 (off: keine)"},
		"core.cmd.settings.timezone.name":                 {"timezone", "zeitzone"},
		"core.cmd.settings.timezone.desc":                 {"Your time zone for quiet hours, e.g. Europe/Berlin", "Deine Zeitzone für Ruhezeiten, z. B. Europe/Berlin"},
		"core.cmd.settings.language.name":                 {"language", "sprache"},
		"core.cmd.settings.language.desc":                 {"The language of your DMs and reminders", "Die Sprache deiner Direktnachrichten und Erinnerungen"},
		"core.cmd.server-settings.name":                   {"server-settings", "server-einstellungen"},
		"core.cmd.server-settings.desc":                   {"Vacation allowance and when clocks run here (without options: show them)", "Urlaubsanspruch und wann hier die Uhren laufen (ohne Optionen: anzeigen)"},
		"core.cmd.server-settings.vacation-days.name":     {"vacation-days", "urlaubstage"},
		"core.cmd.server-settings.vacation-days.desc":     {"Vacation days per player and calendar year (default 14)", "Urlaubstage pro Spieler und Kalenderjahr (Standard 14)"},
		"core.cmd.server-settings.hours.name":             {"hours", "spielzeiten"},
		"core.cmd.server-settings.hours.desc":             {"Clocks run only then, e.g. 8-22 (off: all day)", "Die Uhren laufen nur dann, z. B. 8-22 (off: ganztags)"},
		"core.cmd.server-settings.timezone.name":          {"timezone", "zeitzone"},
		"core.cmd.server-settings.timezone.desc":          {"The server's time zone, e.g. Europe/Berlin", "Die Zeitzone des Servers, z. B. Europe/Berlin"},
		"core.cmd.server-settings.weekends.name":          {"weekends", "wochenenden"},
		"core.cmd.server-settings.weekends.desc":          {"Whether clocks run on Saturdays and Sundays", "Ob die Uhren samstags und sonntags laufen"},
		"core.cmd.server-settings.organiser-role.name":    {"organiser-role", "organisator-rolle"},
		"core.cmd.server-settings.organiser-role.desc":    {"Members of this role may open and run tournaments", "Mitglieder dieser Rolle dürfen Turniere eröffnen und leiten"},
		"core.cmd.server-settings.no-organiser-role.name": {"no-organiser-role", "keine-organisator-rolle"},
		"core.cmd.server-settings.no-organiser-role.desc": {"True: no role organises tournaments any more (only Manage Server)", "Wahr: keine Rolle leitet mehr Turniere (nur „Server verwalten“)"},
		"core.cmd.vacation.name":                          {"vacation", "urlaub"},
		"core.cmd.vacation.desc":                          {"Pause all your clocks in every table", "Alle deine Uhren an jedem Tisch anhalten"},
		"core.cmd.vacation.start.name":                    {"start", "beginnen"},
		"core.cmd.vacation.start.desc":                    {"Go on vacation now for some days", "Jetzt für einige Tage in den Urlaub gehen"},
		"core.cmd.vacation.start.days.name":               {"days", "tage"},
		"core.cmd.vacation.start.days.desc":               {"How many days", "Wie viele Tage"},
		"core.cmd.vacation.end.name":                      {"end", "beenden"},
		"core.cmd.vacation.end.desc":                      {"End your vacation now", "Deinen Urlaub jetzt beenden"},
	}
}

// settingsDefinitions are the /settings, /server-settings and /vacation
// commands.
func (s *Service) settingsDefinitions() []*discordgo.ApplicationCommand {
	choice := func(path, option string, typ discordgo.ApplicationCommandOptionType) *discordgo.ApplicationCommandOption {
		o := s.voice.Option(path, typ, false)
		for _, v := range settingChoices[option] {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name: interact.Truncate(s.choiceText("en", option, v), 100), Value: v,
				NameLocalizations: map[discordgo.Locale]string{discordgo.German: interact.Truncate(s.choiceText("de", option, v), 100)},
			})
		}
		return o
	}
	str := func(path string, maxLen int) *discordgo.ApplicationCommandOption {
		o := s.voice.Option(path, discordgo.ApplicationCommandOptionString, false)
		o.MaxLength = maxLen
		return o
	}
	server := s.voice.Command("server-settings",
		s.voice.Option("server-settings.vacation-days", discordgo.ApplicationCommandOptionInteger, false),
		str("server-settings.hours", 20), str("server-settings.timezone", 64),
		choice("server-settings.weekends", OptWeekends, discordgo.ApplicationCommandOptionString),
		s.voice.Option("server-settings.organiser-role", discordgo.ApplicationCommandOptionRole, false),
		s.voice.Option("server-settings.no-organiser-role", discordgo.ApplicationCommandOptionBoolean, false))
	manage := int64(discordgo.PermissionManageGuild)
	server.DefaultMemberPermissions = &manage
	start := s.voice.Option("vacation.start", discordgo.ApplicationCommandOptionSubCommand, false)
	start.Options = []*discordgo.ApplicationCommandOption{s.voice.Option("vacation.start.days", discordgo.ApplicationCommandOptionInteger, true)}
	return []*discordgo.ApplicationCommand{
		s.voice.Command("settings",
			choice("settings.reminders", OptReminders, discordgo.ApplicationCommandOptionString),
			choice("settings.delivery", OptDelivery, discordgo.ApplicationCommandOptionString),
			choice("settings.public-dm", OptPublicDM, discordgo.ApplicationCommandOptionString),
			str("settings.quiet", 20), str("settings.timezone", 64),
			choice("settings.language", OptLanguage, discordgo.ApplicationCommandOptionString)),
		server,
		s.voice.Command("vacation", start, s.voice.Option("vacation.end", discordgo.ApplicationCommandOptionSubCommand, false)),
	}
}
