package clock

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	// The zone database is built in: a server's time zone must resolve on
	// a machine (or a container) without one.
	_ "time/tzdata"
)

// Calendar is when a server's clocks run: its playing hours in its time
// zone, and whether weekends are off. The zero Calendar runs all the
// time. A seat's clock also stops during its off spans (a vacation, a
// pause); Rules combine the two.
//
// The rule, written down: a clock runs only inside the playing hours
// [From, To) of each local day of Zone, not at all on Saturdays and
// Sundays when WeekendsOff is set, and never inside one of the seat's off
// spans. Every figure (a deadline, a bank's spend, a reminder's moment)
// counts running time only, from stored instants and now: a deadline that
// would fall at night moves into the next playing hours by exactly the
// time left. Local days follow the zone's daylight saving changes.
type Calendar struct {
	// Zone is an IANA time zone name ("Europe/Berlin"); empty means UTC.
	Zone string `json:"zone,omitempty"`
	// From and To are the playing hours in minutes after local midnight
	// (From < To <= 24h); both zero: all day.
	From int `json:"from,omitempty"`
	To   int `json:"to,omitempty"`
	// WeekendsOff stops the clocks on Saturdays and Sundays.
	WeekendsOff bool `json:"weekends_off,omitempty"`

	loc *time.Location
}

// Span is a stretch of time in which a seat's clock does not run, from
// From up to (not including) Until.
type Span struct {
	From  time.Time `json:"from"`
	Until time.Time `json:"until"`
}

// minPlaying is the shortest playing window a day may have: shorter ones
// would stretch a day's clock over months.
const minPlaying = 60

// horizon bounds every search for running time: a deadline further away
// than this is treated as never (no valid setting comes near it).
const horizon = 50 * 366 * 24 * time.Hour

// NewCalendar checks a calendar and resolves its time zone.
func NewCalendar(zone string, from, to int, weekendsOff bool) (Calendar, error) {
	c := Calendar{Zone: zone, From: from, To: to, WeekendsOff: weekendsOff}
	if err := c.resolve(); err != nil {
		return Calendar{}, err
	}
	return c, nil
}

func (c *Calendar) resolve() error {
	allDay := c.From == 0 && c.To == 0
	if !allDay && (c.From < 0 || c.To > 24*60 || c.To-c.From < minPlaying) {
		return fmt.Errorf("playing hours %s need at least an hour within a day: %w", FormatHours(c.From, c.To), ErrRules)
	}
	loc, err := time.LoadLocation(c.Zone)
	if err != nil || strings.EqualFold(c.Zone, "local") {
		return fmt.Errorf("time zone %q: %w", c.Zone, ErrRules)
	}
	c.loc = loc
	return nil
}

// Validate reports a calendar that cannot be used.
func (c Calendar) Validate() error { return c.resolve() }

// UnmarshalJSON reads a stored calendar and resolves its zone once, so
// that computing with it never reads the zone database again. A zone that
// no longer resolves (settings are checked when made, so only a zone
// database without it) counts as UTC rather than losing the table.
func (c *Calendar) UnmarshalJSON(data []byte) error {
	type plain Calendar
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("clock: calendar: %w", err)
	}
	*c = Calendar(p)
	if loc, err := time.LoadLocation(c.Zone); err == nil {
		c.loc = loc
	} else {
		c.loc = time.UTC
	}
	return nil
}

// IsZero reports a calendar that always runs.
func (c Calendar) IsZero() bool { return c.From == 0 && c.To == 0 && !c.WeekendsOff }

// Equal reports the same settings.
func (c Calendar) Equal(o Calendar) bool {
	return c.Zone == o.Zone && c.From == o.From && c.To == o.To && c.WeekendsOff == o.WeekendsOff
}

// Location is the calendar's time zone (UTC when unset or unresolved).
func (c Calendar) Location() *time.Location {
	if c.loc != nil {
		return c.loc
	}
	if loc, err := time.LoadLocation(c.Zone); err == nil {
		return loc
	}
	return time.UTC
}

// Playing reports whether clocks run at t by the calendar alone.
func (c Calendar) Playing(t time.Time) bool {
	s, e, ok := c.window(c.midnight(t))
	return ok && !t.Before(s) && t.Before(e)
}

// midnight is the start of t's local day.
func (c Calendar) midnight(t time.Time) time.Time {
	y, m, d := t.In(c.Location()).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, c.Location())
}

// nextDay is the local midnight after day's.
func (c Calendar) nextDay(day time.Time) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, c.Location())
}

// prevDay is the local midnight before day's.
func (c Calendar) prevDay(day time.Time) time.Time {
	y, m, d := day.Date()
	return time.Date(y, m, d-1, 0, 0, 0, 0, c.Location())
}

// window is the playing window of the local day starting at midnight day;
// ok is false for a day off.
func (c Calendar) window(day time.Time) (time.Time, time.Time, bool) {
	if c.WeekendsOff && (day.Weekday() == time.Saturday || day.Weekday() == time.Sunday) {
		return time.Time{}, time.Time{}, false
	}
	next := c.nextDay(day)
	if c.From == 0 && c.To == 0 {
		return day, next, true
	}
	y, m, d := day.Date()
	s := time.Date(y, m, d, 0, c.From, 0, 0, c.Location())
	e := time.Date(y, m, d, 0, c.To, 0, 0, c.Location())
	if c.To == 24*60 {
		e = next
	}
	return s, e, true
}

// runs is when one seat's clock runs: the calendar minus its off spans
// (sorted, not overlapping).
type runs struct {
	cal Calendar
	off []Span
}

// simple reports that the clock runs all the time.
func (x runs) simple() bool { return x.cal.IsZero() && len(x.off) == 0 }

// forward calls yield with the running pieces from a on, in order, until
// yield returns false or the horizon is reached.
func (x runs) forward(a time.Time, yield func(s, e time.Time) bool) {
	end := a.Add(horizon)
	emit := func(s, e time.Time) bool { return x.cutForward(max64(s, a), e, yield) }
	if x.cal.IsZero() {
		emit(a, end)
		return
	}
	for day := x.cal.midnight(a); day.Before(end); day = x.cal.nextDay(day) {
		s, e, ok := x.cal.window(day)
		if !ok || !e.After(a) {
			continue
		}
		if !emit(s, e) {
			return
		}
	}
}

// backward calls yield with the running pieces before b, latest first,
// until yield returns false or the horizon is reached.
func (x runs) backward(b time.Time, yield func(s, e time.Time) bool) {
	end := b.Add(-horizon)
	emit := func(s, e time.Time) bool { return x.cutBackward(s, min64(e, b), yield) }
	if x.cal.IsZero() {
		emit(end, b)
		return
	}
	for day := x.cal.midnight(b); day.After(end); day = x.cal.prevDay(day) {
		s, e, ok := x.cal.window(day)
		if !ok || !s.Before(b) {
			continue
		}
		if !emit(s, e) {
			return
		}
	}
}

// cutForward yields [s, e) without the off spans, in order; false: stop.
func (x runs) cutForward(s, e time.Time, yield func(s, e time.Time) bool) bool {
	for _, o := range x.off {
		if !s.Before(e) {
			return true
		}
		if !o.Until.After(s) || !o.From.Before(e) {
			continue
		}
		if o.From.After(s) && !yield(s, o.From) {
			return false
		}
		s = o.Until
	}
	if s.Before(e) {
		return yield(s, e)
	}
	return true
}

// cutBackward yields [s, e) without the off spans, latest first.
func (x runs) cutBackward(s, e time.Time, yield func(s, e time.Time) bool) bool {
	for i := len(x.off) - 1; i >= 0; i-- {
		o := x.off[i]
		if !s.Before(e) {
			return true
		}
		if !o.Until.After(s) || !o.From.Before(e) {
			continue
		}
		if o.Until.Before(e) && !yield(o.Until, e) {
			return false
		}
		e = o.From
	}
	if s.Before(e) {
		return yield(s, e)
	}
	return true
}

// between is the running time in [a, b).
func (x runs) between(a, b time.Time) time.Duration {
	if !a.Before(b) {
		return 0
	}
	if x.simple() {
		return b.Sub(a)
	}
	var sum time.Duration
	x.forward(a, func(s, e time.Time) bool {
		if !s.Before(b) {
			return false
		}
		sum += min64(e, b).Sub(s)
		return e.Before(b)
	})
	return sum
}

// after is the instant at which d of running time has passed since a; ok
// is false when it never comes (within the horizon).
func (x runs) after(a time.Time, d time.Duration) (time.Time, bool) {
	if x.simple() {
		return a.Add(d), true
	}
	var at time.Time
	left := d
	x.forward(a, func(s, e time.Time) bool {
		if n := e.Sub(s); n < left {
			left -= n
			return true
		}
		at = s.Add(left)
		return false
	})
	if d == 0 && at.IsZero() {
		return a, true
	}
	return at, !at.IsZero()
}

// before is the instant from which d of running time passes until b.
func (x runs) before(b time.Time, d time.Duration) (time.Time, bool) {
	if x.simple() {
		return b.Add(-d), true
	}
	if d == 0 {
		return b, true
	}
	var at time.Time
	left := d
	x.backward(b, func(s, e time.Time) bool {
		if n := e.Sub(s); n < left {
			left -= n
			return true
		}
		at = e.Add(-left)
		return false
	})
	return at, !at.IsZero()
}

func max64(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func min64(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// addSpan adds [from, until) to spans, keeping them sorted and merged.
func addSpan(spans []Span, from, until time.Time) []Span {
	if !from.Before(until) {
		return spans
	}
	out := append(slices.Clone(spans), Span{From: from, Until: until})
	slices.SortFunc(out, func(a, b Span) int { return a.From.Compare(b.From) })
	merged := out[:1]
	for _, sp := range out[1:] {
		last := &merged[len(merged)-1]
		if !sp.From.After(last.Until) {
			last.Until = max64(last.Until, sp.Until)
			continue
		}
		merged = append(merged, sp)
	}
	return merged
}

// ParseHours reads playing hours as "8-22", "08:00-22:00" or "off" (all
// day), in minutes after midnight.
func ParseHours(s string) (from, to int, err error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "" {
		return 0, 0, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, fmt.Errorf("playing hours %q: write them as 8-22 or 08:00-22:00: %w", s, ErrRules)
	}
	if from, err = parseClockTime(a); err == nil {
		to, err = parseClockTime(b)
	}
	if err != nil {
		return 0, 0, fmt.Errorf("playing hours %q: %w", s, err)
	}
	if to-from < minPlaying {
		return 0, 0, fmt.Errorf("playing hours %q need at least an hour, ending after they begin: %w", s, ErrRules)
	}
	return from, to, nil
}

// parseClockTime reads "8", "08", "8:30" or "24:00" as minutes after midnight.
func parseClockTime(s string) (int, error) {
	hs, ms, hasMin := strings.Cut(strings.TrimSpace(s), ":")
	hour, err := strconv.Atoi(hs)
	if err != nil || hour < 0 || hour > 24 {
		return 0, fmt.Errorf("hour %q: %w", hs, ErrRules)
	}
	minute := 0
	if hasMin {
		if minute, err = strconv.Atoi(ms); err != nil || len(ms) != 2 || minute < 0 || minute > 59 {
			return 0, fmt.Errorf("minute %q: %w", ms, ErrRules)
		}
	}
	if hour*60+minute > 24*60 {
		return 0, fmt.Errorf("%q is after midnight: %w", s, ErrRules)
	}
	return hour*60 + minute, nil
}

// FormatHours writes playing hours as ParseHours reads them ("08:00-22:00",
// or "off" for all day).
func FormatHours(from, to int) string {
	if from == 0 && to == 0 {
		return "off"
	}
	return fmt.Sprintf("%02d:%02d-%02d:%02d", from/60, from%60, to/60, to%60)
}
