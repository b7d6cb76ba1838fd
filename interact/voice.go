package interact

import (
	"errors"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/storage"
	"github.com/tavern-bot/tavern/table"
)

// Keys of the replies Err and UnknownGame give.
const (
	KeyUnknownGame = "core.err.unknown_game"
	KeyNoTable     = "core.err.no_table"
	KeyBusy        = "core.err.busy"
	KeyInternal    = "core.err.internal"
	KeyUnavailable = "core.err.unavailable"
	// KeyMalformed answers a request the surface or a feature cannot read.
	KeyMalformed = "core.err.malformed"
	// KeyBadButton answers a button or choice that is not one the bot made.
	KeyBadButton = "core.err.bad_button"
	// KeyBadOptions answers game options typed so that they cannot be read.
	KeyBadOptions = "core.err.bad_options"
	// KeyThreadNoPermission answers a command that opens threads where the
	// bot may not (Request.MayOpenThreads); KeyThreadFailed replaces the
	// line that should have started a thread Discord refused.
	KeyThreadNoPermission = "core.err.thread_permission"
	KeyThreadFailed       = "core.thread.failed"
)

// Texts are the replies of Err and UnknownGame, and the answers to a
// request, a button, options or a thread that cannot be, in English and
// German.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeyUnknownGame:        {"I do not know a game called “{game}”.", "Ein Spiel namens „{game}“ kenne ich nicht."},
		KeyNoTable:            {"There is no game in this channel. Open one with /game new.", "In diesem Kanal läuft kein Spiel. Eröffne eines mit /spiel neu."},
		KeyBusy:               {"This channel already has a table in progress. Finish it or end it with /game abandon first.", "In diesem Kanal läuft schon ein Tisch. Spielt ihn zu Ende oder beendet ihn zuerst mit /spiel abbrechen."},
		KeyInternal:           {"Something went wrong on my side. Please try again in a moment.", "Bei mir ist etwas schiefgegangen. Bitte versuche es gleich noch einmal."},
		KeyMalformed:          {"I did not understand that request.", "Diese Anfrage habe ich nicht verstanden."},
		KeyBadButton:          {"That button is not one I understand. Please use the latest message.", "Diesen Knopf verstehe ich nicht. Bitte nimm die neueste Nachricht."},
		KeyBadOptions:         {"I could not read the options “{text}”. Write them as key=value, each option once, separated by commas.", "Ich konnte die Optionen „{text}“ nicht lesen. Schreibe sie als schlüssel=wert, jede Option einmal, durch Kommas getrennt."},
		KeyThreadFailed:       {"🎲 No thread could be opened here (the bot may lack the permission to create public threads), so no table was opened. Try /game new without thread.", "🎲 Hier ließ sich kein Thread öffnen (dem Bot fehlt vielleicht das Recht, öffentliche Threads zu erstellen), daher wurde kein Tisch eröffnet. Versuche /spiel neu ohne thread."},
		KeyThreadNoPermission: {"The bot may not open threads here: it needs the permissions Create Public Threads and Send Messages in Threads in this channel.", "Der Bot darf hier keine Threads öffnen: Er braucht in diesem Kanal die Rechte „Öffentliche Threads erstellen“ und „Nachrichten in Threads senden“."},
		KeyUnavailable:        {"I cannot reach my database right now. Please try again in a few seconds.", "Ich erreiche meine Datenbank gerade nicht. Bitte versuche es in ein paar Sekunden noch einmal."},
	}
}

// Catalog is the catalog of texts, each a key's English and German text.
func Catalog(texts ...map[string][2]string) games.Catalog {
	c := games.Catalog{"en": {}, "de": {}}
	for _, t := range texts {
		for key, tr := range t {
			c["en"][key] = tr[0]
			c["de"][key] = tr[1]
		}
	}
	return c
}

// Voice is how the surface and every feature speak: each text from one
// catalog (core, features' and games'), in the reader's language, and
// every unexpected failure to the log instead of to the player. It is a
// value shared read-only by every part.
type Voice struct {
	cat   games.Catalog
	reg   *games.Registry
	names map[string]games.Text
	log   *slog.Logger
}

// NewVoice speaks cat (which holds the games' texts too) about reg's
// games, logging to log (nil: nowhere).
func NewVoice(reg *games.Registry, cat games.Catalog, log *slog.Logger) Voice {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	names := map[string]games.Text{}
	for _, id := range reg.IDs() {
		g, _ := reg.Get(id)
		names[id] = g.Info().Name
	}
	return Voice{cat: cat, reg: reg, names: names, log: log}
}

// Catalog is every text the voice speaks, for renderers and views.
func (v Voice) Catalog() games.Catalog { return v.cat }

// Say renders key with its arguments kv in lang.
func (v Voice) Say(lang, key string, kv ...any) string {
	return v.cat.Localize(lang, games.T(key, kv...))
}

// Text renders a game's or a feature's text in lang.
func (v Voice) Text(lang string, x games.Text) string { return v.cat.Localize(lang, x) }

// AtTable renders x in lang at table t: its seats read as the players'
// names, not "Player N".
func (v Voice) AtTable(t *table.Table, lang string, x games.Text) string {
	return v.cat.LocalizeNames(lang, x, t.Names())
}

// GameName is the name of the game gameID in lang.
func (v Voice) GameName(lang, gameID string) string { return v.cat.Localize(lang, v.names[gameID]) }

// Key is an ephemeral reply of key rendered in lang.
func (v Voice) Key(lang, key string, kv ...any) Result {
	return Reply(v.Say(lang, key, kv...))
}

// Err turns any error into a polite, localized ephemeral reply. Rule
// errors carry their own key; anything unexpected is logged, never shown.
func (v Voice) Err(r Request, err error) Result {
	var ge *games.Error
	switch {
	case errors.As(err, &ge):
		return Reply(v.cat.Localize(r.Lang, ge.Text))
	case errors.Is(err, storage.ErrNotFound):
		return v.Key(r.Lang, KeyNoTable)
	case errors.Is(err, storage.ErrActiveTable):
		return v.Key(r.Lang, KeyBusy)
	case errors.Is(err, storage.ErrUnavailable):
		// The store retried as long as an answer can wait; nothing secret
		// goes to the player, the cause goes to the log.
		v.log.Warn("interaction failed: database unavailable", "user", r.UserID, "channel", r.ChannelID, "err", err)
		return v.Key(r.Lang, KeyUnavailable)
	}
	v.log.Error("interaction failed", "user", r.UserID, "channel", r.ChannelID, "err", err)
	return v.Key(r.Lang, KeyInternal)
}

// UnknownGame is the reply to a game id no game has.
func (v Voice) UnknownGame(lang, gameID string) Result {
	return v.Key(lang, KeyUnknownGame, "game", Truncate(gameID, 40))
}

// Reply is an ephemeral text answer.
func Reply(content string) Result {
	return Result{Reply: &Message{Content: content}}
}

// Truncate shortens s to n runes, the last one an ellipsis.
func Truncate(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// NameKey is the catalog key of the localized name of the command or
// option at path ("game.new.options").
func NameKey(path string) string { return "core.cmd." + path + ".name" }

// DescKey is the catalog key of the description of the command or option
// at path.
func DescKey(path string) string { return "core.cmd." + path + ".desc" }

// Command is the slash command whose localized name and description are
// the texts NameKey(path) and DescKey(path).
func (v Voice) Command(path string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	name, names := v.Localized(NameKey(path))
	desc, descs := v.Localized(DescKey(path))
	return &discordgo.ApplicationCommand{
		Type: discordgo.ChatApplicationCommand, Name: name, NameLocalizations: &names,
		Description: desc, DescriptionLocalizations: &descs, Options: opts,
	}
}

// Option is the option (or subcommand) of a command whose localized name
// and description are the texts NameKey(path) and DescKey(path).
func (v Voice) Option(path string, typ discordgo.ApplicationCommandOptionType, required bool) *discordgo.ApplicationCommandOption {
	name, names := v.Localized(NameKey(path))
	desc, descs := v.Localized(DescKey(path))
	return &discordgo.ApplicationCommandOption{
		Type: typ, Name: name, NameLocalizations: names, Description: desc,
		DescriptionLocalizations: descs, Required: required,
	}
}

// Localized returns the English text of key and its German localization.
func (v Voice) Localized(key string) (string, map[discordgo.Locale]string) {
	return v.cat.Localize("en", games.T(key)), map[discordgo.Locale]string{discordgo.German: v.cat.Localize("de", games.T(key))}
}

// GameChoices are the games offered, as the choices of a game option.
func (v Voice) GameChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, id := range v.reg.IDs() {
		name := v.names[id]
		out = append(out, &discordgo.ApplicationCommandOptionChoice{
			Name: Truncate(v.cat.Localize("en", name), 100), Value: id,
			NameLocalizations: map[discordgo.Locale]string{discordgo.German: Truncate(v.cat.Localize("de", name), 100)},
		})
	}
	return out
}
