package settings

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
	"github.com/tavern-bot/tavern/tables"
)

// The vacation command, as Discord delivers it.
const (
	CmdVacation      = "vacation"
	SubVacationStart = "start"
	SubVacationEnd   = "end"
	OptDays          = "days"
)

// vacationCmd answers /vacation start days:N and /vacation end.
func (f *Feature) vacationCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) interact.Result {
	if len(opts) != 1 || opts[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return f.voice.Key(r.Lang, interact.KeyMalformed)
	}
	u, err := f.prefs.User(ctx, r.UserID)
	if err != nil {
		return f.voice.Err(r, err)
	}
	lang := userLang(u, r)
	allowance, err := f.allowance(ctx, r)
	if err != nil {
		return f.voice.Err(r, err)
	}
	now := f.now()
	switch opts[0].Name {
	case SubVacationStart:
		raw := interact.StringOpt(opts[0].Options, OptDays)
		days, ok := interact.WholeNumber(raw)
		if !ok || days < 1 {
			return f.voice.Key(lang, KeyVacationBadDays, "value", raw, "left", u.Left(allowance, now), "allowance", allowance)
		}
		var span clock.Span
		err := f.prefs.UpdateUser(ctx, r.UserID, func(u *settings.User) error {
			var err error
			span, err = u.TakeVacation(days, allowance, now)
			return err
		})
		switch {
		case errors.Is(err, settings.ErrAllowance):
			c := u
			_ = c.EndVacation(now) // what is left once a running vacation ends now
			return f.voice.Key(lang, KeyVacationTooLong, "days", days, "left", c.Left(allowance, now), "allowance", allowance)
		case err != nil:
			return f.voice.Err(r, err)
		}
		res, n := f.eachTable(ctx, r.UserID, func(t *table.Table, g games.Game) (string, error) {
			seat := t.SeatOf(r.UserID)
			if err := t.Vacations().Start(g, r.UserID, span.Until, now); err != nil {
				return "", err
			}
			return f.voice.Text(t.Lang, games.T(KeyStatusVacation, "player", t.Seats[seat].Name, "when", interact.Timestamp(span.Until))), nil
		})
		u, _ = f.prefs.User(ctx, r.UserID)
		res.Reply = &interact.Message{Content: f.voice.Text(lang, games.T(KeyVacationStarted, "n", n, "until", interact.Timestamp(span.Until), "left", u.Left(allowance, now), "allowance", allowance))}
		return res
	case SubVacationEnd:
		err := f.prefs.UpdateUser(ctx, r.UserID, func(u *settings.User) error { return u.EndVacation(now) })
		switch {
		case errors.Is(err, settings.ErrNoVacation):
			return f.voice.Key(lang, KeyVacationNone)
		case err != nil:
			return f.voice.Err(r, err)
		}
		res, n := f.eachTable(ctx, r.UserID, func(t *table.Table, g games.Game) (string, error) {
			ok, err := t.Vacations().End(g, r.UserID, now)
			if err != nil || !ok {
				return "", errors.Join(err, errNothing)
			}
			return f.voice.Text(t.Lang, games.T(KeyVacationBackPost, "player", t.Seats[t.SeatOf(r.UserID)].Name)), nil
		})
		u, _ = f.prefs.User(ctx, r.UserID)
		res.Reply = &interact.Message{Content: f.voice.Text(lang, games.T(KeyVacationEnded, "n", n, "left", u.Left(allowance, now), "allowance", allowance))}
		return res
	}
	return f.voice.Key(lang, interact.KeyMalformed)
}

// eachTable changes every game the player sits at that is being played:
// change returns the line to tell its channel; the status message and
// the player's live DMs (their countdown) are edited too. Tables that
// cannot take the change (a lobby, nothing to do) are skipped. n counts
// the tables changed.
func (f *Feature) eachTable(ctx context.Context, userID string, change func(*table.Table, games.Game) (string, error)) (interact.Result, int) {
	channels, err := f.store.TablesOf(ctx, userID)
	if err != nil {
		f.log.Error("tables of", "user", userID, "err", err)
		return interact.Result{}, 0
	}
	var results []interact.Result
	for _, ch := range channels {
		res, _, err := f.announcer.Announce(ctx, ch, tables.Notice{Status: true, Countdown: userID}, func(t *table.Table, g games.Game) (interact.Message, error) {
			if t.Status != table.StatusPlaying {
				return interact.Message{}, errNothing
			}
			line, err := change(t, g)
			return interact.Message{Content: line}, err
		})
		var ge *games.Error
		switch {
		case errors.Is(err, errNothing) || errors.As(err, &ge):
			continue
		case err != nil:
			f.log.Error("vacation: table", "channel", ch, "err", err)
			continue
		}
		results = append(results, res)
	}
	return interact.Merge(results), len(results)
}

// allowance is the yearly vacation allowance that binds the player: the
// smallest among the servers of their tables and this one (a vacation
// pauses every table, so no server's limit may be passed).
func (f *Feature) allowance(ctx context.Context, r interact.Request) (int, error) {
	guilds := map[string]bool{}
	if r.Interaction.GuildID != "" {
		guilds[r.Interaction.GuildID] = true
	}
	channels, err := f.store.TablesOf(ctx, r.UserID)
	if err != nil {
		return 0, fmt.Errorf("settings: tables of %s: %w", r.UserID, err)
	}
	for _, ch := range channels {
		if t, err := f.store.Get(ctx, ch); err == nil && t.GuildID != "" {
			guilds[t.GuildID] = true
		}
	}
	least := settings.DefaultAllowance
	first := true
	for id := range guilds {
		g, err := f.prefs.Guild(ctx, id)
		if err != nil {
			return 0, fmt.Errorf("settings: server %s: %w", id, err)
		}
		if days := g.AllowanceDays(); first || days < least {
			least, first = days, false
		}
	}
	return least, nil
}

// Start is what a game starting in channelID takes from the settings:
// the server's calendar and its players' settings (their reminders,
// language and a vacation under way), for table.Vacations.ApplySettings.
// Failing to read them starts the game without (logged).
func (f *Feature) Start(ctx context.Context, channelID string) (clock.Calendar, map[string]settings.User) {
	t, err := f.store.Get(ctx, channelID)
	if err != nil || t.Status != table.StatusLobby {
		return clock.Calendar{}, nil
	}
	var cal clock.Calendar
	if t.GuildID != "" {
		g, err := f.prefs.Guild(ctx, t.GuildID)
		if err != nil {
			f.log.Error("start: server settings", "guild", t.GuildID, "err", err)
		}
		cal = g.Calendar
	}
	return cal, f.Users(ctx, t.Seats)
}

// Users reads the settings of a starting table's players (bots have
// none); a player's that cannot be read is left out (logged).
func (f *Feature) Users(ctx context.Context, seats []table.Seat) map[string]settings.User {
	users := map[string]settings.User{}
	for _, seat := range seats {
		if seat.Bot {
			continue
		}
		u, err := f.prefs.User(ctx, seat.UserID)
		if err != nil {
			f.log.Error("start: settings", "user", seat.UserID, "err", err)
			continue
		}
		users[seat.UserID] = u
	}
	return users
}
