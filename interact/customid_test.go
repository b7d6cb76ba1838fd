package interact

import (
	"errors"
	"strings"
	"testing"
)

func TestCustomIDRoundTrip(t *testing.T) {
	tests := []CustomID{
		{Kind: KindMove, Channel: "112233445566778899", Table: "k3j9x0", Version: 0, Arg: "bid:12"},
		{Kind: KindMove, Channel: "1", Table: "t", Version: 123456, Arg: "a|b"},
		{Kind: KindMoveSelect, Channel: "112233445566778899", Table: "k3j9x0", Version: 7},
		{Kind: KindJoin, Channel: "c", Table: "t", Version: 1},
		{Kind: KindOption, Channel: "c", Table: "t", Version: 35, Arg: "rounds"},
		{Kind: KindHand, Channel: "c", Table: "t", Version: 36},
		{Kind: KindGroup, Channel: "c", Table: "t", Version: 37, Arg: "2"},
	}
	for _, c := range tests {
		s, err := c.Encode()
		if err != nil {
			t.Fatalf("Encode(%+v): %v", c, err)
		}
		if len(s) > MaxCustomIDLen {
			t.Errorf("Encode(%+v) = %d chars", c, len(s))
		}
		back, err := ParseCustomID(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if back != c {
			t.Errorf("round trip %+v -> %q -> %+v", c, s, back)
		}
	}
}

func TestCustomIDEncodeRefuses(t *testing.T) {
	tests := []struct {
		name string
		c    CustomID
	}{
		{"too long", CustomID{Kind: KindMove, Channel: "112233445566778899", Table: "k3j9x0", Version: 1, Arg: strings.Repeat("x", 80)}},
		{"unknown kind", CustomID{Kind: "zz", Channel: "c", Table: "t"}},
		{"no channel", CustomID{Kind: KindMove, Table: "t", Arg: "a"}},
		{"separator in table", CustomID{Kind: KindMove, Channel: "c", Table: "t|x", Arg: "a"}},
		{"negative version", CustomID{Kind: KindJoin, Channel: "c", Table: "t", Version: -1}},
	}
	for _, tc := range tests {
		if s, err := tc.c.Encode(); !errors.Is(err, ErrBadCustomID) {
			t.Errorf("%s: Encode = %q, %v; want ErrBadCustomID", tc.name, s, err)
		}
	}
}

func TestCustomIDMalformed(t *testing.T) {
	for _, s := range []string{
		"", "m", "m|c|t|1", "x|c|t|1|a", "m||t|1|a", "m|c||1|a", "m|c|t|zz!|a", "m|c|t|-1|a",
		"m|c|t|1|", "o|c|t|1|", strings.Repeat("m|c|t|1|a", 20),
	} {
		if c, err := ParseCustomID(s); !errors.Is(err, ErrBadCustomID) {
			t.Errorf("Parse(%q) = %+v, %v; want ErrBadCustomID", s, c, err)
		}
	}
}

// FuzzParseCustomID: whatever a client sends as a custom id, parsing never
// panics, and what it accepts encodes back to the very same id.
func FuzzParseCustomID(f *testing.F) {
	for _, s := range []string{"m|c|t|1|a", "s|112233445566778899|k3j9x0|7|", "g|c|t|z|2", "m|c|t|1|a|b", "o|c|t|1|", "", "||||"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCustomID(s)
		if err != nil {
			if !errors.Is(err, ErrBadCustomID) {
				t.Fatalf("Parse(%q) error %v is not ErrBadCustomID", s, err)
			}
			return
		}
		back, err := c.Encode()
		if err != nil {
			t.Fatalf("Parse(%q) accepted %+v, which does not encode: %v", s, c, err)
		}
		again, err := ParseCustomID(back)
		if err != nil || again != c {
			t.Fatalf("Parse(%q) = %+v, encodes to %q, parses to %+v (%v)", s, c, back, again, err)
		}
	})
}
