package settings

import (
	"maps"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
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
	KeySettingsPublicDM  = "core.settings.public_dm"
	keyChoicePrefix      = "core.choice."
)

// Keys of the vacation texts.
const (
	KeyVacationStarted  = "core.vacation.started"
	KeyVacationEnded    = "core.vacation.ended"
	KeyVacationBadDays  = "core.vacation.bad_days"
	KeyVacationTooLong  = "core.vacation.too_long"
	KeyVacationNone     = "core.vacation.none"
	KeyVacationBackPost = "core.vacation.back_post"
	// KeyStatusVacation is a table status's line on a seat on vacation.
	KeyStatusVacation = "core.status.vacation"
)

// Texts are the settings' and vacations' messages in English and German,
// and the localized names and descriptions of their commands.
func Texts() map[string][2]string {
	out := settingsTexts()
	maps.Copy(out, vacationTexts())
	maps.Copy(out, commandTexts())
	return out
}

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
		KeySettingsPublicDM: {"Your decisions answered in the channel: {value}",
			"Deine Entscheidungen, die im Kanal beantwortet werden: {value}"},
		keyChoicePrefix + OptPublicDM + "." + string(settings.PublicDMLink): {"a short DM with a link to the board",
			"eine kurze Direktnachricht mit Link zum Spielbrett"},
		keyChoicePrefix + OptPublicDM + "." + string(settings.PublicDMPicture): {"a DM with your picture and the buttons",
			"eine Direktnachricht mit deinem Bild und den Knöpfen"},
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

// vacationTexts are the vacations' messages in English and German.
func vacationTexts() map[string][2]string {
	return map[string][2]string{
		KeyVacationStarted:  {"🧳 Enjoy your vacation! Your clocks stand still at {n} running tables until {until}; {left} of {allowance} vacation days are left this year. End it early with /vacation end.", "🧳 Schönen Urlaub! Deine Uhren stehen an {n} laufenden Tischen bis {until} still; von {allowance} Urlaubstagen bleiben dir dieses Jahr {left}. Vorzeitig beenden mit /urlaub beenden."},
		KeyVacationEnded:    {"Welcome back: your clocks run again at {n} running tables; {left} of {allowance} vacation days are left this year.", "Willkommen zurück: Deine Uhren laufen wieder an {n} laufenden Tischen; von {allowance} Urlaubstagen bleiben dir dieses Jahr {left}."},
		KeyVacationBadDays:  {"A vacation lasts a whole number of days, at least 1, not “{value}”. You have {left} of {allowance} days left this year.", "Ein Urlaub dauert eine ganze Zahl von Tagen, mindestens 1, nicht „{value}“. Dir bleiben dieses Jahr {left} von {allowance} Tagen."},
		KeyVacationTooLong:  {"{days} days is more than you have left: {left} of {allowance} vacation days this year (a vacation under way counts the days it has run). Nothing was changed.", "{days} Tage sind mehr, als dir bleiben: {left} von {allowance} Urlaubstagen in diesem Jahr (ein laufender Urlaub zählt die Tage, die er schon lief). Nichts wurde geändert."},
		KeyVacationNone:     {"You are not on vacation. Start one with /vacation start days:…", "Du bist nicht im Urlaub. Beginne einen mit /urlaub beginnen tage:…"},
		KeyVacationBackPost: {"🧳 {player} ended their vacation early; their clock runs again.", "🧳 {player} hat den Urlaub vorzeitig beendet; die Uhr läuft wieder."},
		KeyStatusVacation:   {"🧳 {player} is on vacation until {when}; their clock stands still.", "🧳 {player} ist bis {when} im Urlaub; die Uhr steht still."},
	}
}

// commandTexts are the localized names and descriptions of the
// settings and vacation commands.
func commandTexts() map[string][2]string {
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
		interact.NameKey("settings." + OptPublicDM):       {OptPublicDM, "öffentliche-dm"},
		interact.DescKey("settings." + OptPublicDM): {"Your DM for a decision answered in the channel: a short link (default) or your picture",
			"Deine DM zu einer Entscheidung im Kanal: ein kurzer Link (Standard) oder dein Bild"},
		"core.cmd.vacation.name":            {"vacation", "urlaub"},
		"core.cmd.vacation.desc":            {"Pause all your clocks in every table", "Alle deine Uhren an jedem Tisch anhalten"},
		"core.cmd.vacation.start.name":      {"start", "beginnen"},
		"core.cmd.vacation.start.desc":      {"Go on vacation now for some days", "Jetzt für einige Tage in den Urlaub gehen"},
		"core.cmd.vacation.start.days.name": {"days", "tage"},
		"core.cmd.vacation.start.days.desc": {"How many days", "Wie viele Tage"},
		"core.cmd.vacation.end.name":        {"end", "beenden"},
		"core.cmd.vacation.end.desc":        {"End your vacation now", "Deinen Urlaub jetzt beenden"},
	}
}

// Definitions are the /settings, /server-settings and /vacation
// commands.
func (f *Feature) Definitions() []*discordgo.ApplicationCommand {
	choice := func(path, option string, typ discordgo.ApplicationCommandOptionType) *discordgo.ApplicationCommandOption {
		o := f.voice.Option(path, typ, false)
		for _, v := range choices(option) {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name: interact.Truncate(f.choiceText("en", option, v), 100), Value: v,
				NameLocalizations: map[discordgo.Locale]string{discordgo.German: interact.Truncate(f.choiceText("de", option, v), 100)},
			})
		}
		return o
	}
	str := func(path string, maxLen int) *discordgo.ApplicationCommandOption {
		o := f.voice.Option(path, discordgo.ApplicationCommandOptionString, false)
		o.MaxLength = maxLen
		return o
	}
	server := f.voice.Command("server-settings",
		f.voice.Option("server-settings.vacation-days", discordgo.ApplicationCommandOptionInteger, false),
		str("server-settings.hours", 20), str("server-settings.timezone", 64),
		choice("server-settings.weekends", OptWeekends, discordgo.ApplicationCommandOptionString),
		f.voice.Option("server-settings.organiser-role", discordgo.ApplicationCommandOptionRole, false),
		f.voice.Option("server-settings.no-organiser-role", discordgo.ApplicationCommandOptionBoolean, false))
	manage := int64(discordgo.PermissionManageGuild)
	server.DefaultMemberPermissions = &manage
	start := f.voice.Option("vacation.start", discordgo.ApplicationCommandOptionSubCommand, false)
	start.Options = []*discordgo.ApplicationCommandOption{f.voice.Option("vacation.start.days", discordgo.ApplicationCommandOptionInteger, true)}
	return []*discordgo.ApplicationCommand{
		f.voice.Command("settings",
			choice("settings.reminders", OptReminders, discordgo.ApplicationCommandOptionString),
			choice("settings.delivery", OptDelivery, discordgo.ApplicationCommandOptionString),
			choice("settings.public-dm", OptPublicDM, discordgo.ApplicationCommandOptionString),
			str("settings.quiet", 20), str("settings.timezone", 64),
			choice("settings.language", OptLanguage, discordgo.ApplicationCommandOptionString)),
		server,
		f.voice.Command("vacation", start, f.voice.Option("vacation.end", discordgo.ApplicationCommandOptionSubCommand, false)),
	}
}
