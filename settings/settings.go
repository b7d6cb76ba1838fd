// Package settings holds what players and servers choose for async play,
// as plain values with their rules: which reminders a player receives and
// how, their quiet hours, language and vacations; a server's vacation
// allowance and when its clocks run. It is pure (now is passed in);
// storage keeps the values, commands show and change them.
package settings

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/clock"
)

// Reminders is which reminders a player receives.
type Reminders string

// The reminder choices; the empty value is All.
const (
	RemindAll  Reminders = "all"  // decision time half and nine tenths gone, and "last one"
	RemindLast Reminders = "last" // only "you are the last one we wait for"
	RemindNone Reminders = "none"
)

// Delivery is how reminders reach a player.
type Delivery string

// The delivery choices; the empty value is DM.
const (
	DeliverDM      Delivery = "dm"
	DeliverMention Delivery = "mention" // a mention in the table's channel
)

// PublicDM is what a player's DM says when a decision of theirs is
// answered in the channel, with the board's own buttons.
type PublicDM string

// The public-decision DM choices; the empty value is Link.
const (
	// PublicDMLink: a short DM with a link to the board, which carries
	// the buttons; the channel stays the one place to answer.
	PublicDMLink PublicDM = "link"
	// PublicDMPicture: the seat's own picture with the buttons, as for a
	// private decision.
	PublicDMPicture PublicDM = "picture"
)

// DefaultAllowance is a server's yearly vacation allowance in days unless
// its admins set another.
const DefaultAllowance = 14

// MaxAllowance bounds the allowance an admin may set.
const MaxAllowance = 366

// ErrInvalid means a setting cannot be read or is out of range.
var ErrInvalid = errors.New("settings: invalid")

// User is one player's settings, the same in every server.
type User struct {
	Notify
	// Vacation is the running or last vacation; Used counts the vacation
	// days taken in UsedYear (see TakeVacation).
	Vacation *clock.Span `json:"vacation,omitempty"`
	UsedYear int         `json:"used_year,omitempty"`
	Used     int         `json:"used,omitempty"`
}

// Notify is how a player wants to be reminded and told of decisions;
// tables keep a copy per seat, so that the scheduler and the move path
// need nothing but the table.
type Notify struct {
	Reminders Reminders `json:"reminders,omitempty"`
	Delivery  Delivery  `json:"delivery,omitempty"`
	PublicDM  PublicDM  `json:"public_dm,omitempty"`
	// Quiet hours, in minutes after local midnight of Zone; they may wrap
	// around midnight (22:00-07:00). Quiet is false when none are set.
	Quiet     bool   `json:"quiet,omitempty"`
	QuietFrom int    `json:"quiet_from,omitempty"`
	QuietTo   int    `json:"quiet_to,omitempty"`
	Zone      string `json:"zone,omitempty"`
	// Lang is the language of the player's DMs and reminders ("en", "de");
	// empty: their Discord client's.
	Lang string `json:"lang,omitempty"`
}

// Guild is one server's settings.
type Guild struct {
	// Allowance is the yearly vacation allowance in days; nil: the default.
	Allowance *int `json:"allowance,omitempty"`
	// Calendar is when clocks run at the server's tables.
	Calendar clock.Calendar `json:"calendar"` // kept whole: a zone set before any hours stays
	// OrganiserRole is the id of the role whose members may open and run
	// tournaments besides those with Manage Server; empty: none.
	OrganiserRole string `json:"organiser_role,omitempty"`
}

// AllowanceDays is the server's yearly vacation allowance.
func (g Guild) AllowanceDays() int {
	if g.Allowance == nil {
		return DefaultAllowance
	}
	return *g.Allowance
}

// Wants reports whether the player receives a reminder: last says it is
// the "last one we wait for" notice.
func (u Notify) Wants(last bool) bool {
	switch u.Reminders {
	case RemindNone:
		return false
	case RemindLast:
		return last
	}
	return true
}

// WantsPicture reports whether a decision answered in the channel is
// DMed with the seat's picture and buttons rather than a short link.
func (u Notify) WantsPicture() bool { return u.PublicDM == PublicDMPicture }

// Location is the player's time zone (UTC when unset or unknown).
func (u Notify) Location() *time.Location {
	if loc, err := time.LoadLocation(u.Zone); err == nil {
		return loc
	}
	return time.UTC
}

// QuietUntil reports whether now falls in the player's quiet hours, and
// when they end.
func (u Notify) QuietUntil(now time.Time) (time.Time, bool) {
	if !u.Quiet {
		return time.Time{}, false
	}
	loc := u.Location()
	local := now.In(loc)
	y, m, d := local.Date()
	minute := local.Hour()*60 + local.Minute()
	at := func(day, min int) time.Time { return time.Date(y, m, d+day, 0, min, 0, 0, loc) }
	if u.QuietFrom < u.QuietTo {
		if minute >= u.QuietFrom && minute < u.QuietTo {
			return at(0, u.QuietTo), true
		}
		return time.Time{}, false
	}
	// Wrapping around midnight: quiet from QuietFrom until QuietTo the
	// next day.
	switch {
	case minute >= u.QuietFrom:
		return at(1, u.QuietTo), true
	case minute < u.QuietTo:
		return at(0, u.QuietTo), true
	}
	return time.Time{}, false
}

// ParseQuiet reads quiet hours as "22-7", "22:00-07:00" (they may wrap
// around midnight) or "off".
func ParseQuiet(s string) (from, to int, on bool, err error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return 0, 0, false, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, false, fmt.Errorf("quiet hours %q: %w", s, ErrInvalid)
	}
	if from, err = parseTime(a); err == nil {
		to, err = parseTime(b)
	}
	if err != nil || from == to {
		return 0, 0, false, fmt.Errorf("quiet hours %q: %w", s, ErrInvalid)
	}
	return from, to, true, nil
}

// parseTime reads "7", "07" or "7:30" as minutes after midnight, below 24:00.
func parseTime(s string) (int, error) {
	hs, ms, hasMin := strings.Cut(strings.TrimSpace(s), ":")
	hour, err := strconv.Atoi(hs)
	if err != nil || hour < 0 || hour > 23 || len(hs) > 2 {
		return 0, ErrInvalid
	}
	minute := 0
	if hasMin {
		if minute, err = strconv.Atoi(ms); err != nil || len(ms) != 2 || minute > 59 || minute < 0 {
			return 0, ErrInvalid
		}
	}
	return hour*60 + minute, nil
}

// FormatQuiet writes quiet hours as ParseQuiet reads them.
func FormatQuiet(from, to int) string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d", from/60, from%60, to/60, to%60)
}

// CheckZone reports a time zone name Tavern cannot use.
func CheckZone(zone string) error {
	if zone == "" || strings.EqualFold(zone, "local") {
		return fmt.Errorf("time zone %q: %w", zone, ErrInvalid)
	}
	if _, err := time.LoadLocation(zone); err != nil {
		return fmt.Errorf("time zone %q: %w", zone, ErrInvalid)
	}
	return nil
}

// Vacation errors, each a different answer to the player.
var (
	ErrVacationDays = errors.New("settings: vacation days must be at least 1")
	ErrAllowance    = errors.New("settings: vacation longer than what is left of the allowance")
	ErrNoVacation   = errors.New("settings: no vacation under way")
)

// On reports the vacation under way at now, if any.
func (u User) On(now time.Time) (clock.Span, bool) {
	if u.Vacation == nil || !now.Before(u.Vacation.Until) || now.Before(u.Vacation.From) {
		return clock.Span{}, false
	}
	return *u.Vacation, true
}

// Left is how many vacation days the player has left this calendar year
// (UTC) of an allowance, counting a vacation under way as taken.
func (u User) Left(allowance int, now time.Time) int {
	if u.UsedYear != now.UTC().Year() {
		return allowance
	}
	return max(0, allowance-u.Used)
}

// TakeVacation starts a vacation of days days at now, within allowance
// days per calendar year (the year it starts in, UTC). A vacation under
// way is ended first and only its days spent count. Nothing changes on
// error.
func (u *User) TakeVacation(days, allowance int, now time.Time) (clock.Span, error) {
	if days < 1 {
		return clock.Span{}, ErrVacationDays
	}
	c := *u
	c.endVacation(now)
	if days > c.Left(allowance, now) {
		return clock.Span{}, fmt.Errorf("%d days, %d left: %w", days, c.Left(allowance, now), ErrAllowance)
	}
	year := now.UTC().Year()
	if c.UsedYear != year {
		c.UsedYear, c.Used = year, 0
	}
	c.Used += days
	span := clock.Span{From: now, Until: now.Add(time.Duration(days) * 24 * time.Hour)}
	c.Vacation = &span
	*u = c
	return span, nil
}

// EndVacation ends the vacation under way at now, giving back its whole
// days not begun.
func (u *User) EndVacation(now time.Time) error {
	if _, ok := u.On(now); !ok {
		return ErrNoVacation
	}
	u.endVacation(now)
	return nil
}

func (u *User) endVacation(now time.Time) {
	v, ok := u.On(now)
	if !ok {
		return
	}
	const dayLen = 24 * time.Hour
	spent := int((now.Sub(v.From) + dayLen - 1) / dayLen) // a begun day counts
	booked := int(v.Until.Sub(v.From) / dayLen)
	if u.UsedYear == v.From.UTC().Year() {
		u.Used = max(0, u.Used-(booked-spent))
	}
	u.Vacation = &clock.Span{From: v.From, Until: now}
}
