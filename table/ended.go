package table

import (
	"slices"
	"time"

	"github.com/tavern-bot/tavern/table/coreopt"
)

// ArchiveAfter is how long a table's thread stays open after its game
// ended: long enough to talk about the game and look at the replay, then
// it leaves the channel's list of active threads.
const ArchiveAfter = 24 * time.Hour

// end closes the table with status (over or abandoned) at now: nothing of
// the game is due any more, only what follows its end.
func (t *Table) end(status Status, now time.Time) {
	t.Status = status
	t.EndedAt = now
	t.Absent().closeStale(nil) // every vote closes with the game
	t.Due = slices.DeleteFunc(t.Due, func(d Due) bool { return d.Kind != DueTidy })
	if t.ClosedVotes.Known() {
		t.Due = append(t.Due, Due{At: now, Kind: DueTidy})
	}
	t.Due = append(t.Due, t.endDues()...)
}

// endDues are the due events of a table whose game ended: recording the
// game into ratings and stats at once (until Recorded), posting the
// replay of a game played to its end at once (unless coreopt.Replay is off),
// archiving its thread a day
// later. A table that ended before EndedAt was kept has none.
func (t *Table) endDues() []Due {
	if t.Active() || t.EndedAt.IsZero() {
		return nil
	}
	var out []Due
	if t.Unrecorded {
		out = append(out, Due{At: t.EndedAt, Kind: DueRecord})
	}
	if t.Status == StatusOver && t.Moves > 0 && !t.ReplayStaged && t.Options[coreopt.Replay] != coreopt.ReplayOff {
		out = append(out, Due{At: t.EndedAt, Kind: DueReplay})
	}
	if t.Parent != "" && !t.ThreadArchived {
		out = append(out, Due{At: t.EndedAt.Add(ArchiveAfter), Kind: DueArchive})
	}
	return out
}

// TakeEnded settles the due event of kind (DueArchive, DueReplay) of a
// table whose game ended: it reports whether it is due at now, and counts
// it as done then (a due event fires once). The due list keeps only what
// is still to come (and stale buttons to clear).
func (t *Table) TakeEnded(kind DueKind, now time.Time) bool {
	due := false
	for _, d := range t.endDues() {
		if d.Kind != kind || now.Before(d.At) {
			continue
		}
		due = true
		switch kind {
		case DueArchive:
			t.ThreadArchived = true
		case DueReplay:
			t.ReplayStaged = true
		}
	}
	t.Due = slices.DeleteFunc(t.Due, func(d Due) bool { return d.Kind != DueTidy })
	t.Due = append(t.Due, t.endDues()...)
	return due
}
