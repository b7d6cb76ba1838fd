package playground

import (
	"context"
	"testing"
	"unicode/utf8"
)

// FuzzCommandLine: no typed line crashes the playground. A line is either
// refused with a readable message or reaches the handler as a command, and
// suggestions for it never fail.
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{"/game new game:zauberschwert", "/spiel neu spiel:zauberschwert optionen:x=1", `/move option:"b 2`, "/move", "/", "/game new game:", "/rules game:dungeon-designer topic:", "/game new invite:@", "/ game"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if !utf8.ValidString(line) || len(line) > 400 {
			return
		}
		s, _ := newTestServer(t)
		if err := s.Command(context.Background(), ada.ID, tab1, line); err != nil {
			if _, ok := s.InputErrorText(err, ada.Locale); !ok {
				t.Fatalf("Command(%q) failed without a message for the user: %v", line, err)
			}
		}
		if _, err := s.Suggest(context.Background(), ada.ID, tab1, line); err != nil {
			t.Fatalf("Suggest(%q): %v", line, err)
		}
	})
}
