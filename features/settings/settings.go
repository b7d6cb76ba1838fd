// Package settings answers /settings, /server-settings and /vacation: a
// player's reminders, DMs, quiet hours, language and vacations, and a
// server's vacation allowance, playing hours and tournament organisers.
// A change reaches the running tables it concerns at once, and a starting
// table takes them (Start, then table.Vacations.ApplySettings); the settings
// as values are package github.com/tavern-bot/tavern/settings.
package settings

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
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

// Store is what the settings read of the stored tables: the ones a
// player sits at and each one's server.
type Store interface {
	TablesOf(ctx context.Context, userID string) ([]string, error)
	Get(ctx context.Context, channelID string, opts ...storage.LoadOption) (*table.Table, error)
}

// Feature answers the settings commands.
type Feature struct {
	prefs     storage.Settings // the players' and servers' settings
	store     Store
	tables    *tables.Tables
	announcer tables.Announcer
	voice     interact.Voice
	now       func() time.Time
	log       *slog.Logger
}

// New is the settings feature over prefs and the tables of store,
// changing tables through tbls (what needs no post) and announcer (what
// the table's channel hears).
func New(prefs storage.Settings, store Store, tbls *tables.Tables, announcer tables.Announcer, voice interact.Voice, now func() time.Time, log *slog.Logger) *Feature {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Feature{prefs: prefs, store: store, tables: tbls, announcer: announcer, voice: voice, now: now, log: log}
}

// Command answers /settings, /server-settings and /vacation; ok is false
// for any other command.
func (f *Feature) Command(ctx context.Context, r interact.Request, data discordgo.ApplicationCommandInteractionData) (res interact.Result, ok bool) {
	switch data.Name {
	case CmdSettings:
		return f.settingsCmd(ctx, r, data.Options), true
	case CmdServerSettings:
		return f.serverSettingsCmd(ctx, r, data.Options), true
	case CmdVacation:
		return f.vacationCmd(ctx, r, data.Options), true
	}
	return interact.Result{}, false
}

// errNothing ends an update that has nothing to change.
var errNothing = errors.New("settings: nothing to change")

// choices are the values a choice option takes, in order (none for an
// option that is no choice).
func choices(option string) []string {
	switch option {
	case OptReminders:
		return []string{string(settings.RemindAll), string(settings.RemindLast), string(settings.RemindNone)}
	case OptDelivery:
		return []string{string(settings.DeliverDM), string(settings.DeliverMention)}
	case OptPublicDM:
		return []string{string(settings.PublicDMLink), string(settings.PublicDMPicture)}
	case OptLanguage:
		return []string{langAuto, "en", "de"}
	case OptWeekends:
		return []string{weekendsOn, weekendsOff}
	}
	return nil
}

// choiceText is the localized name of an option's value.
func (f *Feature) choiceText(lang, option, value string) string {
	return f.voice.Text(lang, games.T(keyChoicePrefix+option+"."+value))
}

// publicDMLine is the /settings line of the public-dm choice.
func (f *Feature) publicDMLine(lang string, v settings.PublicDM) string {
	if v == "" {
		v = settings.PublicDMLink
	}
	return f.voice.Text(lang, games.T(KeySettingsPublicDM, "value", f.choiceText(lang, OptPublicDM, string(v))))
}

// optionValues reads the options given as name → value.
func optionValues(opts []*discordgo.ApplicationCommandInteractionDataOption) map[string]string {
	out := map[string]string{}
	for _, o := range opts {
		out[o.Name] = interact.StringOpt(opts, o.Name)
	}
	return out
}

// badChoice is the answer to a value that is not one of the choices of
// option of command (CmdSettings or CmdServerSettings), naming the option
// as the reader's client shows it.
func (f *Feature) badChoice(lang, command, option, value string) interact.Result {
	return f.voice.Key(lang, KeySettingsBadChoice, "value", value, "option", f.voice.Say(lang, interact.NameKey(command+"."+option)), "choices", strings.Join(choices(option), ", "))
}

// checkChoice reports whether value is one of option's choices.
func checkChoice(option, value string) bool {
	return slices.Contains(choices(option), value)
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
func (f *Feature) settingsCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	u, err := f.prefs.User(ctx, r.UserID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	lang := userLang(u, r)
	values := optionValues(opts)
	if len(values) == 0 {
		return interact.Reply(f.settingsText(ctx, r, u, lang))
	}
	change, res, ok := f.parseUserSettings(lang, values)
	if !ok {
		return res
	}
	if err := f.prefs.UpdateUser(ctx, r.UserID, func(u *settings.User) error { change(u); return nil }); err != nil {
		return f.voice.Err(r, err)
	}
	if u, err = f.prefs.User(ctx, r.UserID); err != nil {
		return f.voice.Err(r, err)
	}
	f.setSeatNotify(ctx, r.UserID, u.Notify)
	lang = userLang(u, r)
	return interact.Reply(f.voice.Text(lang, games.T(KeySettingsSaved)) + "\n" + f.settingsText(ctx, r, u, lang))
}

// parseUserSettings checks every given option; ok is false (with the
// answer) at the first bad one.
func (f *Feature) parseUserSettings(lang string, values map[string]string) (func(*settings.User), interact.Result, bool) {
	var changes []func(*settings.User)
	for _, name := range []string{OptReminders, OptDelivery, OptPublicDM, OptLanguage} {
		v, given := values[name]
		if !given {
			continue
		}
		v = strings.ToLower(strings.TrimSpace(v))
		if !checkChoice(name, v) {
			return nil, f.badChoice(lang, CmdSettings, name, values[name]), false
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
			return nil, f.voice.Key(lang, KeySettingsBadQuiet, "value", v), false
		}
		changes = append(changes, func(u *settings.User) { u.Quiet, u.QuietFrom, u.QuietTo = on, from, to })
	}
	if v, given := values[OptTimezone]; given {
		v = strings.TrimSpace(v)
		if settings.CheckZone(v) != nil {
			return nil, f.voice.Key(lang, KeySettingsBadZone, "value", v), false
		}
		changes = append(changes, func(u *settings.User) { u.Zone = v })
	}
	for name := range values {
		if !isUserSetting(name) {
			return nil, f.voice.Key(lang, interact.KeyMalformed), false
		}
	}
	return func(u *settings.User) {
		for _, c := range changes {
			c(u)
		}
	}, interact.Result{}, true
}

func isUserSetting(name string) bool {
	switch name {
	case OptReminders, OptDelivery, OptPublicDM, OptQuiet, OptTimezone, OptLanguage:
		return true
	}
	return false
}

// settingsText shows a player's settings.
func (f *Feature) settingsText(ctx context.Context, r interact.Request, u settings.User, lang string) string {
	now := f.now()
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
		f.voice.Text(lang, games.T(KeySettingsTitle)),
		"- " + f.voice.Text(lang, games.T(KeySettingsReminders, "value", f.choiceText(lang, OptReminders, reminders))),
		"- " + f.voice.Text(lang, games.T(KeySettingsDelivery, "value", f.choiceText(lang, OptDelivery, delivery))),
		"- " + f.publicDMLine(lang, u.PublicDM),
	}
	if u.Quiet {
		lines = append(lines, "- "+f.voice.Text(lang, games.T(KeySettingsQuiet, "hours", settings.FormatQuiet(u.QuietFrom, u.QuietTo), "zone", zone)))
	} else {
		lines = append(lines, "- "+f.voice.Text(lang, games.T(KeySettingsNoQuiet, "zone", zone)))
	}
	lines = append(lines, "- "+f.voice.Text(lang, games.T(KeySettingsLanguage, "value", f.choiceText(lang, OptLanguage, language))))
	allowance, _ := f.allowance(ctx, r)
	if v, ok := u.On(now); ok {
		lines = append(lines, "- "+f.voice.Text(lang, games.T(KeySettingsVacation, "until", interact.Timestamp(v.Until), "left", u.Left(allowance, now), "allowance", allowance)))
	} else {
		lines = append(lines, "- "+f.voice.Text(lang, games.T(KeySettingsNoVac, "left", u.Left(allowance, now), "allowance", allowance)))
	}
	return strings.Join(lines, "\n")
}

// setSeatNotify gives the player's seats at their active tables their
// new reminder settings and the language of their DMs (empty: their
// client's, as the seat has it).
func (f *Feature) setSeatNotify(ctx context.Context, userID string, n settings.Notify) {
	channels, err := f.store.TablesOf(ctx, userID)
	if err != nil {
		f.log.Error("settings: tables of", "user", userID, "err", err)
		return
	}
	for _, ch := range channels {
		_, err := f.tables.Update(ctx, ch, "", func(t *table.Table, _ games.Game) error {
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
			f.log.Error("settings: seat settings", "channel", ch, "err", err)
		}
	}
}
