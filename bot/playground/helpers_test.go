package playground

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
)

var (
	ada   = DefaultOptions().Users[0]
	bruno = DefaultOptions().Users[1]
	clara = DefaultOptions().Users[2]
	tab1  = DefaultOptions().Channels[0].ID
	tab2  = DefaultOptions().Channels[1].ID
)

func newTestServer(t testing.TB) (*Server, *fakeHandler) {
	t.Helper()
	f := newFake()
	s, err := New(f, Options{}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s, f
}

func mustCommand(t testing.TB, s *Server, user, channel, line string) {
	t.Helper()
	if err := s.Command(context.Background(), user, channel, line); err != nil {
		t.Fatalf("%s as %s: %v", line, user, err)
	}
}

func view(t testing.TB, s *Server, user, channel string) View {
	t.Helper()
	v, err := s.View(user, channel, "")
	if err != nil {
		t.Fatalf("View(%s, %s): %v", user, channel, err)
	}
	return v
}

func dm(t *testing.T, s *Server, user string) string {
	t.Helper()
	id, ok := s.dmChannel(user)
	if !ok {
		t.Fatalf("no DM channel for %s", user)
	}
	return id
}

// findMessage returns the last message in v whose content contains text.
func findMessage(v View, text string) (MessageView, bool) {
	for i := len(v.Messages) - 1; i >= 0; i-- {
		if strings.Contains(v.Messages[i].Content, text) {
			return v.Messages[i], true
		}
	}
	return MessageView{}, false
}

func contains(v View, text string) bool {
	_, ok := findMessage(v, text)
	return ok
}
