// Package live keeps the references to messages a table posted that still
// carry buttons, by the change that posted them. A list holds each message
// once and hands its entries over to be cleared; it is plain data, and the
// table decides when a message stops being live.
package live

import "slices"

// Ref is a message the bot posted, by the change (table version) that
// posted it.
type Ref struct {
	Channel string `json:"ch"`
	ID      string `json:"id"`
	Version int    `json:"v,omitempty"`
}

// Same reports the same message, whichever change remembered it.
func (r Ref) Same(o Ref) bool { return r.Channel == o.Channel && r.ID == o.ID }

// Refs are messages that still carry buttons, each once (by Same).
type Refs []Ref

// Add appends the refs not in the list yet.
func (l *Refs) Add(refs ...Ref) {
	for _, r := range refs {
		if !slices.ContainsFunc(*l, r.Same) {
			*l = append(*l, r)
		}
	}
}

// Take returns the whole list and forgets it: the caller clears their
// buttons.
func (l *Refs) Take() Refs {
	out := *l
	*l = nil
	return out
}

// TakeVersion returns the message of version and forgets it, or false when
// none has it.
func (l *Refs) TakeVersion(version int) (Ref, bool) {
	for k, r := range *l {
		if r.Version == version {
			*l = append((*l)[:k:k], (*l)[k+1:]...)
			return r, true
		}
	}
	return Ref{}, false
}

// TakeBut returns every message but keep and forgets them, keeping keep.
func (l *Refs) TakeBut(keep Ref) Refs {
	var out, kept Refs
	for _, r := range *l {
		if r.Same(keep) {
			kept = append(kept, r)
		} else {
			out = append(out, r)
		}
	}
	*l = kept
	return out
}

// Drop forgets ref (its buttons are gone already).
func (l *Refs) Drop(ref Ref) { *l = slices.DeleteFunc(*l, ref.Same) }
