package commands

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/outbox"
	"github.com/tavern-bot/tavern/settings"
	"github.com/tavern-bot/tavern/table"
)

// The vacation command, as Discord delivers it.
const (
	CmdVacation      = "vacation"
	SubVacationStart = "start"
	SubVacationEnd   = "end"
	OptDays          = "days"
)

// Keys of the vacation texts.
const (
	KeyVacationStarted  = "core.vacation.started"
	KeyVacationEnded    = "core.vacation.ended"
	KeyVacationBadDays  = "core.vacation.bad_days"
	KeyVacationTooLong  = "core.vacation.too_long"
	KeyVacationNone     = "core.vacation.none"
	KeyVacationBackPost = "core.vacation.back_post"
)

func vacationTexts() map[string][2]string {
	return map[string][2]string{
		KeyVacationStarted:  {"🧳 Enjoy your vacation! Your clocks stand still at {n} running tables until {until}; {left} of {allowance} vacation days are left this year. End it early with /vacation end.", "🧳 Schönen Urlaub! Deine Uhren stehen an {n} laufenden Tischen bis {until} still; von {allowance} Urlaubstagen bleiben dir dieses Jahr {left}. Vorzeitig beenden mit /urlaub beenden."},
		KeyVacationEnded:    {"Welcome back: your clocks run again at {n} running tables; {left} of {allowance} vacation days are left this year.", "Willkommen zurück: Deine Uhren laufen wieder an {n} laufenden Tischen; von {allowance} Urlaubstagen bleiben dir dieses Jahr {left}."},
		KeyVacationBadDays:  {"A vacation lasts a whole number of days, at least 1, not “{value}”. You have {left} of {allowance} days left this year.", "Ein Urlaub dauert eine ganze Zahl von Tagen, mindestens 1, nicht „{value}“. Dir bleiben dieses Jahr {left} von {allowance} Tagen."},
		KeyVacationTooLong:  {"{days} days is more than you have left: {left} of {allowance} vacation days this year (a vacation under way counts the days it has run). Nothing was changed.", "{days} Tage sind mehr, als dir bleiben: {left} von {allowance} Urlaubstagen in diesem Jahr (ein laufender Urlaub zählt die Tage, die er schon lief). Nichts wurde geändert."},
		KeyVacationNone:     {"You are not on vacation. Start one with /vacation start days:…", "Du bist nicht im Urlaub. Beginne einen mit /urlaub beginnen tage:…"},
		KeyVacationBackPost: {"🧳 {player} ended their vacation early; their clock runs again.", "🧳 {player} hat den Urlaub vorzeitig beendet; die Uhr läuft wieder."},
	}
}

// vacationCmd answers /vacation start days:N and /vacation end.
func (s *Service) vacationCmd(ctx context.Context, r interact.Request, opts []*discordgo.ApplicationCommandInteractionDataOption) Result {
	if len(opts) != 1 || opts[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return s.voice.Key(r.Lang, KeyMalformed)
	}
	u, err := s.store.User(ctx, r.UserID)
	if err != nil {
		return s.voice.Err(r, err)
	}
	lang := userLang(u, r)
	allowance, err := s.allowance(ctx, r)
	if err != nil {
		return s.voice.Err(r, err)
	}
	now := s.now()
	switch opts[0].Name {
	case SubVacationStart:
		raw := interact.StringOpt(opts[0].Options, OptDays)
		days, ok := wholeDays(raw)
		if !ok || days < 1 {
			return s.voice.Key(lang, KeyVacationBadDays, "value", raw, "left", u.Left(allowance, now), "allowance", allowance)
		}
		var span clock.Span
		err := s.store.UpdateUser(ctx, r.UserID, func(u *settings.User) error {
			var err error
			span, err = u.TakeVacation(days, allowance, now)
			return err
		})
		switch {
		case errors.Is(err, settings.ErrAllowance):
			c := u
			_ = c.EndVacation(now) // what is left once a running vacation ends now
			return s.voice.Key(lang, KeyVacationTooLong, "days", days, "left", c.Left(allowance, now), "allowance", allowance)
		case err != nil:
			return s.voice.Err(r, err)
		}
		res, n := s.eachTable(ctx, r.UserID, func(t *table.Table, g games.Game) (string, error) {
			seat := t.SeatOf(r.UserID)
			if err := t.StartVacation(g, r.UserID, span.Until, now); err != nil {
				return "", err
			}
			return s.voice.Text(t.Lang, games.T(KeyStatusVacation, "player", t.Seats[seat].Name, "when", interact.Timestamp(span.Until))), nil
		})
		u, _ = s.store.User(ctx, r.UserID)
		res.Reply = &Message{Content: s.voice.Text(lang, games.T(KeyVacationStarted, "n", n, "until", interact.Timestamp(span.Until), "left", u.Left(allowance, now), "allowance", allowance))}
		return res
	case SubVacationEnd:
		err := s.store.UpdateUser(ctx, r.UserID, func(u *settings.User) error { return u.EndVacation(now) })
		switch {
		case errors.Is(err, settings.ErrNoVacation):
			return s.voice.Key(lang, KeyVacationNone)
		case err != nil:
			return s.voice.Err(r, err)
		}
		res, n := s.eachTable(ctx, r.UserID, func(t *table.Table, g games.Game) (string, error) {
			ok, err := t.EndVacation(g, r.UserID, now)
			if err != nil || !ok {
				return "", errors.Join(err, errNothing)
			}
			return s.voice.Text(t.Lang, games.T(KeyVacationBackPost, "player", t.Seats[t.SeatOf(r.UserID)].Name)), nil
		})
		u, _ = s.store.User(ctx, r.UserID)
		res.Reply = &Message{Content: s.voice.Text(lang, games.T(KeyVacationEnded, "n", n, "left", u.Left(allowance, now), "allowance", allowance))}
		return res
	}
	return s.voice.Key(lang, KeyMalformed)
}

// wholeDays reads a number of days as Discord (a JSON number) or a typed
// option gives it.
func wholeDays(raw string) (int, bool) {
	raw = strings.TrimSpace(raw)
	if n, err := strconv.Atoi(raw); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(raw, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e6 {
		return 0, false
	}
	return int(f), true
}

// eachTable changes every game the player sits at that is being played:
// change returns the line to tell its channel; the status message and
// the player's live DMs (their countdown) are edited too. Tables that cannot take the change (a lobby, nothing to
// do) are skipped. n counts the tables changed.
func (s *Service) eachTable(ctx context.Context, userID string, change func(*table.Table, games.Game) (string, error)) (Result, int) {
	channels, err := s.store.TablesOf(ctx, userID)
	if err != nil {
		s.log.Error("tables of", "user", userID, "err", err)
		return Result{}, 0
	}
	var results []Result
	for _, ch := range channels {
		var (
			d  outbox.Delivery
			st games.State
		)
		t, err := s.tables.Update(ctx, ch, "", func(t *table.Table, g games.Game) error {
			if t.Status != table.StatusPlaying {
				return errNothing
			}
			line, err := change(t, g)
			if err != nil {
				return err
			}
			if st, err = t.Load(g); err != nil {
				return err
			}
			t.NewVersion()
			c := outbox.NewComposer(t, true)
			c.Add(outbox.Post{Kind: outbox.KindPost, ChannelID: t.ChannelID}, Message{Content: line})
			sc := scene{t: t, g: g, st: st, pending: st.Pending()}
			s.statusPost(c, sc)
			s.deadlineDMs(c, sc, []int{t.SeatOf(userID)}) // the countdown moved
			d, err = c.Done()
			return s.stage(t, d, err)
		})
		var ge *games.Error
		switch {
		case errors.Is(err, errNothing) || errors.As(err, &ge):
			continue
		case err != nil:
			s.log.Error("vacation: table", "channel", ch, "err", err)
			continue
		}
		results = append(results, s.deliver(t, d, st, nil))
	}
	return mergeResults(results), len(results)
}

// startSettings are what a game starting in channelID takes from the
// settings: the server's calendar and its players' settings (their
// reminders, language and a vacation under way). Failing to read them
// starts the game without (logged).
func (s *Service) startSettings(ctx context.Context, channelID string) (clock.Calendar, map[string]settings.User) {
	t, err := s.store.Get(ctx, channelID)
	if err != nil || t.Status != table.StatusLobby {
		return clock.Calendar{}, nil
	}
	var cal clock.Calendar
	if t.GuildID != "" {
		g, err := s.store.Guild(ctx, t.GuildID)
		if err != nil {
			s.log.Error("start: server settings", "guild", t.GuildID, "err", err)
		}
		cal = g.Calendar
	}
	users := map[string]settings.User{}
	for _, seat := range t.Seats {
		if seat.Bot {
			continue
		}
		u, err := s.store.User(ctx, seat.UserID)
		if err != nil {
			s.log.Error("start: settings", "user", seat.UserID, "err", err)
			continue
		}
		users[seat.UserID] = u
	}
	return cal, users
}

// applySettings gives a starting game's seats their players' settings:
// reminders and language, and a vacation under way pauses their clock.
func applySettings(t *table.Table, g games.Game, users map[string]settings.User, now time.Time) error {
	for i, seat := range t.Seats {
		u, ok := users[seat.UserID]
		if !ok || seat.Bot {
			continue
		}
		t.Seats[i].Notify = u.Notify
		if u.Lang != "" {
			t.Seats[i].Lang = u.Lang
		}
		if v, on := u.On(now); on {
			if err := t.StartVacation(g, seat.UserID, v.Until, now); err != nil {
				return err
			}
		}
	}
	return nil
}
