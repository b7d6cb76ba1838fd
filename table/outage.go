package table

import (
	"slices"

	"github.com/tavern-bot/tavern/clock"
	"github.com/tavern-bot/tavern/games"
)

// Outages are credited lazily: after a downtime the scheduler records its
// span once (storage), and each table pauses its clocks over it the next
// time it is changed (CreditOutages, called before every change), so a
// restart costs no pass over every timed table and no table is paused
// twice. Credited is the end of the last outage the table was paused over.

// CreditOutages pauses the clocks over every span of outages (times in
// which no scheduler ran) that ended after the table's Credited mark (its
// creation when unset), from the later of the span's start and the mark.
// A table not being played only moves its mark. It reports whether clocks
// were paused; TookCredit tells it once more to whoever composes the
// change's messages.
func (cl Clocks) CreditOutages(g games.Game, outages []clock.Span) (bool, error) {
	t := cl.t
	mark := t.Credited
	if mark.IsZero() {
		mark = t.CreatedAt
	}
	if !slices.ContainsFunc(outages, func(o clock.Span) bool { return o.Until.After(mark) }) {
		return false, nil // the common case: every change passes here
	}
	spans := slices.Clone(outages)
	slices.SortFunc(spans, func(a, b clock.Span) int { return a.From.Compare(b.From) })
	paused := false
	for _, o := range spans {
		if !o.Until.After(mark) {
			continue
		}
		from := o.From
		if from.Before(mark) {
			from = mark
		}
		if t.Status == StatusPlaying {
			if err := cl.Outage(g, from, o.Until); err != nil {
				return paused, err
			}
			paused = true
		}
		mark = o.Until
	}
	if mark.After(t.Credited) {
		t.Credited = mark
	}
	t.credited = t.credited || paused
	return paused, nil
}

// TookCredit reports whether CreditOutages paused the clocks in this
// change, so that the change also tells the moved deadlines; it says so
// once.
func (cl Clocks) TookCredit() bool {
	t := cl.t
	c := t.credited
	t.credited = false
	return c
}
