package viscounts

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// An Effect is what a card, a space, a manuscript or a castle tier gives,
// written in the data files as a small language so that a server owner
// with the physical game can correct a component without touching code:
//
//	virtue            one atom: gain 1 Virtue
//	silver2           an atom with a count: gain 2 Silver
//	debt+silver       a sequence: both, in order
//	destroy|discard   alternatives: the player chooses one
//	discard>silver2   a condition: the player may discard a card, and only
//	                  if they do, they gain 2 Silver
//
// "|" binds loosest, then "+", then ">" (whose reward is one atom). The
// empty string is no effect. Atoms are listed in atomKinds.
type Effect []Seq

// Seq is one alternative of an Effect: its atoms, resolved in order.
type Seq []Atom

// Atom is one thing to gain or do, N times.
type Atom struct {
	Kind string
	N    int
	// Reward follows the atom only when the player carried it out (the
	// atom is an optional cost: discard, destroy).
	Reward *Atom `json:",omitempty"`
}

// atomKinds are the atoms an Effect may name, with whether the player
// may decline them (optional atoms can be conditions with ">").
var atomKinds = map[string]bool{
	"silver": false, "ink": false, "gold": false, "stone": false,
	"resource":    false, // any one of ink, gold or stone, chosen each time
	"virtue":      false,
	"corruption":  false,
	"debt":        false, // gain an unpaid Debt
	"deed":        false, // gain an acquired Deed
	"flipdebt":    false, // pay one of your unpaid Debts
	"flipdeed":    false, // approve one of your acquired Deeds
	"flip":        false, // either of the two
	"hire":        false, // hire any visible townsfolk for free
	"manuscript":  false, // a visible manuscript of cost 3 or 4 for free
	"workers":     false, // place N workers for free on one first-tier section
	"workshop":    false, // place a Workshop for free on any free plot
	"tradingpost": false,
	"guildhall":   false,
	"building":    false, // any building of yours, for free, on any free plot
	"draw":        false, // draw N cards
	"shuffle":     false, // shuffle the discard pile into the draw pile
	"rearrange":   true,  // reorder the cards on your player board
	"discard":     true,  // discard a card from hand or the top of the draw pile
	"destroy":     true,  // remove a card from the game, gain its silver value
	"castlemove":  true,  // move a first-tier worker to a neighbouring section
}

// ParseEffect reads an Effect; it rejects unknown atoms and malformed
// conditions so that a typo in a data file fails the tests, not a game.
func ParseEffect(s string) (Effect, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "none" {
		return nil, nil
	}
	var e Effect
	for _, alt := range strings.Split(s, "|") {
		var seq Seq
		for _, part := range strings.Split(alt, "+") {
			cond, reward, hasReward := strings.Cut(part, ">")
			a, err := parseAtom(cond)
			if err != nil {
				return nil, fmt.Errorf("effect %q: %w", s, err)
			}
			if hasReward {
				if !atomKinds[a.Kind] {
					return nil, fmt.Errorf("effect %q: %q is not optional, so it cannot be a condition", s, a.Kind)
				}
				r, err := parseAtom(reward)
				if err != nil {
					return nil, fmt.Errorf("effect %q: %w", s, err)
				}
				a.Reward = &r
			}
			seq = append(seq, a)
		}
		e = append(e, seq)
	}
	return e, nil
}

// parseAtom reads "silver2" as {silver 2}.
func parseAtom(s string) (Atom, error) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, unicode.IsDigit)
	a := Atom{Kind: s, N: 1}
	if i >= 0 {
		n, err := strconv.Atoi(s[i:])
		if err != nil || n < 1 {
			return Atom{}, fmt.Errorf("bad count in %q", s)
		}
		a.Kind, a.N = s[:i], n
	}
	if _, ok := atomKinds[a.Kind]; !ok {
		return Atom{}, fmt.Errorf("unknown atom %q", a.Kind)
	}
	return a, nil
}

// String writes e back in the data language.
func (e Effect) String() string {
	alts := make([]string, len(e))
	for i, seq := range e {
		parts := make([]string, len(seq))
		for j, a := range seq {
			parts[j] = a.String()
		}
		alts[i] = strings.Join(parts, "+")
	}
	return strings.Join(alts, "|")
}

func (a Atom) String() string {
	s := a.Kind
	if a.N != 1 {
		s += strconv.Itoa(a.N)
	}
	if a.Reward != nil {
		s += ">" + a.Reward.String()
	}
	return s
}
