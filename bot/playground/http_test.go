package playground

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

func do(t *testing.T, s *Server, method, target, body string, mutate func(*http.Request)) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, "http://127.0.0.1:8080"+target, strings.NewReader(body))
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
	}
	if mutate != nil {
		mutate(r)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

func stateURL(user, channel, since string) string {
	return "/api/state?" + url.Values{"user": {user}, "channel": {channel}, "since": {since}}.Encode()
}

func TestHTTPRoutes(t *testing.T) {
	s, f := newTestServer(t)
	startTable(t, s, f, tab1, bruno)
	mustCommand(t, s, ada.ID, tab1, "/game start")
	board, _ := findMessage(view(t, s, ada.ID, tab1), "Board after step 0")
	tests := []struct {
		name, method, target, body string
		mutate                     func(*http.Request)
		wantStatus                 int
		wantBody, wantType         string
	}{
		{"page", "GET", "/", "", nil, 200, "/static/app.js", "text/html"},
		{"script", "GET", "/static/app.js", "", nil, 200, "/api/state", "javascript"},
		{"board image", "GET", board.Files[0].URL, "", nil, 200, "\x89PNG", "image/png"},
		{"missing image", "GET", "/files/1/x.png", "", nil, 404, "", ""},
		{"own DM", "GET", stateURL(ada.ID, dm(t, s, ada.ID), ""), "", nil, 200, "SECRET card", "json"},
		{"someone else's DM", "GET", stateURL(bruno.ID, dm(t, s, ada.ID), ""), "", nil, 403, "", ""},
		{"unknown user", "GET", stateURL("7", tab1, ""), "", nil, 403, "", ""},
		{"foreign host (DNS rebinding)", "GET", stateURL(ada.ID, tab1, ""), "", func(r *http.Request) { r.Host = "evil.example:8080" }, 403, "", ""},
		{"form post (cross-site)", "POST", "/api/command", `{}`, func(r *http.Request) { r.Header.Set("Content-Type", "text/plain") }, 415, "", ""},
		{"mistyped command, German", "POST", "/api/command", `{"user":"` + bruno.ID + `","channel":"` + tab1 + `","line":"/spiel neu"}`, nil, 422, "fehlt", "json"},
		{"chat line", "POST", "/api/command", `{"user":"` + clara.ID + `","channel":"` + tab1 + `","line":"good luck all"}`, nil, 200, "ok", "json"},
		{"click", "POST", "/api/click", `{"user":"` + ada.ID + `","channel":"` + tab1 + `","message":"` + board.ID + `","customId":"mv:a1"}`, nil, 200, "ok", "json"},
		{"stale click", "POST", "/api/click", `{"user":"` + ada.ID + `","channel":"` + tab1 + `","message":"1","customId":"mv:a1"}`, nil, 404, "", ""},
		{"close DMs", "POST", "/api/dms", `{"user":"` + clara.ID + `","closed":true}`, nil, 200, "ok", "json"},
		{"bootstrap", "GET", "/api/bootstrap", "", nil, 200, "table-2", "json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(t, s, tc.method, tc.target, tc.body, tc.mutate)
			if w.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.wantStatus, w.Body)
			}
			if !strings.Contains(w.Body.String(), tc.wantBody) {
				t.Errorf("body %.200q lacks %q", w.Body, tc.wantBody)
			}
			if ct := w.Header().Get("Content-Type"); !strings.Contains(ct, tc.wantType) {
				t.Errorf("content type %q, want %q", ct, tc.wantType)
			}
		})
	}
	if !contains(view(t, s, ada.ID, tab1), "good luck all") || !s.world.isDMClosed(clara.ID) {
		t.Error("chat line or DM toggle not applied")
	}
	if !contains(view(t, s, ada.ID, tab1), "Board after step 1") {
		t.Error("click through HTTP did not move")
	}
}

// TestStateSinceVersion checks the page's poll: given the version it has,
// the server sends only what changed since, or everything when it cannot
// tell what the page has.
func TestStateSinceVersion(t *testing.T) {
	get := func(t *testing.T, s *Server, user, since string) View {
		t.Helper()
		w := do(t, s, "GET", stateURL(user, tab1, since), "", nil)
		var v View
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || w.Code != 200 {
			t.Fatalf("state: %d %v", w.Code, err)
		}
		return v
	}
	ids := func(v View) []string {
		var out []string
		for _, m := range v.Messages {
			out = append(out, m.Content)
		}
		return out
	}
	tests := []struct {
		name string
		// change acts between the first poll and the second; it returns
		// the since the second poll sends, given the first poll's version.
		change        func(t *testing.T, s *Server, first View) string
		user          User
		wantFull      bool
		wantUnchanged bool
		wantContents  []string // of the second poll, in order
		wantRemoved   int
	}{
		{"nothing new", func(t *testing.T, s *Server, first View) string { return first.Version },
			ada, false, true, nil, 0},
		{"someone else's ephemeral is nothing new", func(t *testing.T, s *Server, first View) string {
			mustCommand(t, s, bruno.ID, tab1, "/game hand")
			return first.Version
		}, ada, false, true, nil, 0},
		{"new messages only", func(t *testing.T, s *Server, first View) string {
			mustCommand(t, s, clara.ID, tab1, "/game new game:zauberschwert")
			return first.Version
		}, clara, false, false, []string{"Table opened.", "Lobby: 1 players"}, 0},
		{"edited message only", func(t *testing.T, s *Server, first View) string {
			mustCommand(t, s, ada.ID, tab1, "/game new game:zauberschwert")
			since := get(t, s, bruno.ID, "").Version
			if err := s.Click(context.Background(), bruno.ID, tab1, lobbyID(t, s), "join", nil); err != nil {
				t.Fatalf("join: %v", err)
			}
			return since
		}, bruno, false, false, []string{"Lobby: 2 players", "You joined."}, 0},
		{"dismissed ephemeral is removed", func(t *testing.T, s *Server, first View) string {
			mustCommand(t, s, ada.ID, tab1, "/game new game:zauberschwert")
			v := get(t, s, ada.ID, "")
			eph, _ := findMessage(v, "Table opened.")
			if err := s.Dismiss(ada.ID, tab1, eph.ID); err != nil {
				t.Fatalf("dismiss: %v", err)
			}
			return v.Version
		}, ada, false, false, nil, 1},
		{"unknown version gives the full list", func(t *testing.T, s *Server, first View) string {
			s.Say(ada.ID, tab1, "hello")
			return "1.2.3.4.5"
		}, ada, true, false, []string{"chat before", "hello"}, 0},
		{"garbage version gives the full list", func(t *testing.T, s *Server, first View) string { return "x" },
			ada, true, false, []string{"chat before"}, 0},
		{"another user's version gives the full list", func(t *testing.T, s *Server, first View) string {
			return get(t, s, bruno.ID, "").Version
		}, ada, true, false, []string{"chat before"}, 0},
		{"a future version gives the full list", func(t *testing.T, s *Server, first View) string {
			c, _ := parseCursor(first.Version)
			c.version += 10
			return c.String()
		}, ada, true, false, []string{"chat before"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newTestServer(t)
			if err := s.Say(ada.ID, tab1, "chat before"); err != nil {
				t.Fatal(err)
			}
			first := get(t, s, tc.user.ID, "")
			if !first.Full || first.Version == "" || len(first.Users) != 4 || len(first.Channels) != 2 {
				t.Fatalf("first view %+v", first)
			}
			since := tc.change(t, s, first)
			got := get(t, s, tc.user.ID, since)
			if got.Full != tc.wantFull || got.Unchanged != tc.wantUnchanged {
				t.Errorf("full %v unchanged %v, want %v %v", got.Full, got.Unchanged, tc.wantFull, tc.wantUnchanged)
			}
			if !slices.Equal(ids(got), tc.wantContents) {
				t.Errorf("messages %q, want %q", ids(got), tc.wantContents)
			}
			if len(got.Removed) != tc.wantRemoved {
				t.Errorf("removed %v, want %d", got.Removed, tc.wantRemoved)
			}
			if tc.wantUnchanged && (len(got.Users) != 0 || got.Version == "") {
				t.Errorf("unchanged view re-sent its chrome or lost its version: %+v", got)
			}
			if !tc.wantUnchanged && (len(got.Users) != 4 || got.Version == since) {
				t.Errorf("changed view lacks chrome or kept its version: %+v", got)
			}
			// The page's next poll from here finds nothing new.
			if again := get(t, s, tc.user.ID, got.Version); !again.Unchanged {
				t.Errorf("poll after catching up: %+v", again)
			}
		})
	}
}

// lobbyID is the id of the lobby status message in tab1.
func lobbyID(t *testing.T, s *Server) string {
	t.Helper()
	m, ok := findMessage(view(t, s, ada.ID, tab1), "Lobby:")
	if !ok {
		t.Fatal("no lobby message")
	}
	return m.ID
}

func TestSuggest(t *testing.T) {
	s, f := newTestServer(t)
	startTable(t, s, f, tab1)
	mustCommand(t, s, ada.ID, tab1, "/game start")
	tests := []struct {
		name, user, line string
		want             []string // lines offered, in order
	}{
		{"command names", ada.ID, "/ga", []string{"/game "}},
		{"german command names", bruno.ID, "/sp", []string{"/spiel "}},
		{"subcommands", ada.ID, "/game s", []string{"/game start "}},
		{"option names", ada.ID, "/game new ga", []string{"/game new game:"}},
		{"static choices", ada.ID, "/game new game:zau", []string{"/game new game:zauberschwert "}},
		{"booleans", ada.ID, "/game new game:zauberschwert public:t", []string{"/game new game:zauberschwert public:true "}},
		{"users", ada.ID, "/game new game:zauberschwert invite:@Cl", []string{"/game new game:zauberschwert invite:@Clara "}},
		{"handler autocomplete", ada.ID, "/move option:b", []string{"/move option:b1 "}},
		{"handler autocomplete, bare value", ada.ID, "/move a", []string{"/move a1 "}},
		{"option name after the command", ada.ID, "/move ", []string{"/move option:"}},
		{"german option name", bruno.ID, "/move m", []string{"/move möglichkeit:"}},
		{"not a command", ada.ID, "hello", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.Suggest(context.Background(), tc.user, tab1, tc.line)
			if err != nil {
				t.Fatal(err)
			}
			var lines []string
			for _, g := range got {
				lines = append(lines, g.Line)
			}
			if strings.Join(lines, "|") != strings.Join(tc.want, "|") {
				t.Errorf("Suggest(%q) = %q, want %q", tc.line, lines, tc.want)
			}
		})
	}
	// The autocomplete interaction carries the focused option and its text.
	if _, err := s.Suggest(context.Background(), ada.ID, tab1, "/move option:a"); err != nil {
		t.Fatal(err)
	}
	i := f.last()
	opts := i.ApplicationCommandData().Options
	if len(opts) != 1 || !opts[0].Focused || opts[0].StringValue() != "a" || i.Member == nil {
		t.Errorf("autocomplete interaction options %+v", opts)
	}
}

func TestListenAndServeOnLoopbackOnly(t *testing.T) {
	tests := []struct {
		addr string
		ok   bool
	}{
		{"", true},
		{"127.0.0.1:0", true},
		{"localhost:0", true},
		{"0.0.0.0:0", false},
		{":0", false},
		{"example.com:80", false},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			s, _ := newTestServer(t)
			ctx, cancel := context.WithCancel(context.Background())
			urls := make(chan string, 1)
			done := make(chan error, 1)
			go func() { done <- s.ListenAndServe(ctx, tc.addr, func(u string) { urls <- u }) }()
			if !tc.ok {
				cancel()
				if err := <-done; err == nil {
					t.Error("served on a non-loopback address")
				}
				return
			}
			var u string
			select {
			case u = <-urls:
			case err := <-done:
				cancel()
				t.Fatalf("ListenAndServe: %v", err)
			}
			res, err := http.Get(u + "api/bootstrap")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != 200 {
				t.Errorf("GET %s: %d", u, res.StatusCode)
			}
			cancel()
			if err := <-done; err != nil {
				t.Errorf("shutdown: %v", err)
			}
		})
	}
}
