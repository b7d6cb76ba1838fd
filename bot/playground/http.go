package playground

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/tavern-bot/tavern/games"
)

//go:embed static
var staticFS embed.FS

// maxBody bounds a request body; commands and clicks are tiny.
const maxBody = 64 << 10

func (s *Server) routes() {
	mux := http.NewServeMux()
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(fmt.Sprintf("playground: embedded static files: %v", err)) // cannot happen: the folder is embedded
	}
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, static, "index.html")
	})
	mux.HandleFunc("GET /files/{id}/{name}", s.serveFile)
	mux.HandleFunc("GET /api/state", s.serveState)
	mux.HandleFunc("GET /api/bootstrap", s.serveBootstrap)
	mux.HandleFunc("GET /api/suggest", s.serveSuggest)
	mux.HandleFunc("POST /api/command", s.serveCommand)
	mux.HandleFunc("POST /api/click", s.serveClick)
	mux.HandleFunc("POST /api/dms", s.serveDMs)
	mux.HandleFunc("POST /api/dismiss", s.serveDismiss)
	s.mux = mux
}

// ServeHTTP serves the page and its JSON API. Only loopback host names are
// answered (against DNS rebinding), and changes need a JSON body, which a
// foreign page cannot send without a CORS preflight the playground refuses.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !loopbackHost(r.Host) {
		http.Error(w, "playground: loopback only", http.StatusForbidden)
		return
	}
	if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		http.Error(w, "playground: JSON body required", http.StatusUnsupportedMediaType)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	s.mux.ServeHTTP(w, r)
}

func loopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	data, ok := s.world.file(r.PathValue("id"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	ct := mime.TypeByExtension(path.Ext(r.PathValue("name")))
	if ct == "" {
		ct = http.DetectContentType(data)
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "private, max-age=86400, immutable") // a file id never changes content
	w.Write(data)
}

func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v, err := s.View(q.Get("user"), q.Get("channel"), q.Get("since"))
	if err != nil {
		s.fail(w, r, err, "")
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// serveBootstrap tells a fresh page whom it may be and where: the pretend
// users and the guild channels, nothing from any channel.
func (s *Server) serveBootstrap(w http.ResponseWriter, r *http.Request) {
	type entry struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	var b struct {
		Users    []entry `json:"users"`
		Channels []entry `json:"channels"`
	}
	for _, u := range s.opts.Users {
		b.Users = append(b.Users, entry{u.ID, u.Name})
	}
	for _, c := range s.world.guildChannels() { // threads opened since included
		b.Channels = append(b.Channels, entry{c.ID, c.Name})
	}
	writeJSON(w, http.StatusOK, b)
}

func (s *Server) serveSuggest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	items, err := s.Suggest(r.Context(), q.Get("user"), q.Get("channel"), q.Get("line"))
	if err != nil {
		s.fail(w, r, err, "")
		return
	}
	if items == nil {
		items = []Suggestion{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}

// request is the body of every POST.
type request struct {
	User     string   `json:"user"`
	Channel  string   `json:"channel"`
	Line     string   `json:"line"`
	Message  string   `json:"message"`
	CustomID string   `json:"customId"`
	Values   []string `json:"values"`
	Closed   bool     `json:"closed"`
}

func readRequest(w http.ResponseWriter, r *http.Request) (request, bool) {
	var req request
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
		http.Error(w, "playground: bad JSON", http.StatusBadRequest)
		return req, false
	}
	return req, true
}

// work is the context for handling an interaction: it outlives a closed
// tab, so a move is never applied halfway.
func work(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(r.Context()), 2*time.Minute)
}

func (s *Server) serveCommand(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	ctx, cancel := work(r)
	defer cancel()
	var err error
	if strings.HasPrefix(strings.TrimSpace(req.Line), "/") {
		err = s.Command(ctx, req.User, req.Channel, req.Line)
	} else {
		err = s.Say(req.User, req.Channel, req.Line)
	}
	if err != nil {
		s.fail(w, r, err, req.User)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

func (s *Server) serveClick(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	ctx, cancel := work(r)
	defer cancel()
	if err := s.Click(ctx, req.User, req.Channel, req.Message, req.CustomID, req.Values); err != nil {
		s.fail(w, r, err, req.User)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

func (s *Server) serveDMs(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	if err := s.SetDMsClosed(req.User, req.Closed); err != nil {
		s.fail(w, r, err, req.User)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

func (s *Server) serveDismiss(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	if err := s.Dismiss(req.User, req.Channel, req.Message); err != nil {
		s.fail(w, r, err, req.User)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// fail answers with a status and, for the user, a localized error text.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error, userID string) {
	locale := ""
	if u, ok := s.user(userID); ok {
		locale = u.Locale
	}
	if text, ok := s.InputErrorText(err, locale); ok {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": text})
		return
	}
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, errNoUser), errors.Is(err, errNoChannel):
		status = http.StatusForbidden
	case errors.Is(err, errNoMessage):
		status = http.StatusNotFound
	default:
		s.log.ErrorContext(r.Context(), "playground: request failed", slog.String("path", r.URL.Path), slog.Any("err", err))
	}
	writeJSON(w, status, map[string]any{"error": s.ui.Localize(games.Lang(locale), games.T("pg.err.failed"))})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return // the client went away; nothing left to tell it
	}
}

// Listen binds addr, which must be on loopback (the playground has no
// login), and returns the listener and the page's URL. An empty addr picks
// a free port on 127.0.0.1.
func Listen(addr string) (net.Listener, string, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, "", fmt.Errorf("playground: address %q: %w", addr, err)
	}
	if !loopbackHost(host) {
		return nil, "", fmt.Errorf("playground: address %q is not loopback; the playground has no login", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", fmt.Errorf("playground: listen on %s: %w", addr, err)
	}
	return ln, "http://" + ln.Addr().String() + "/", nil
}

// Serve serves the page on ln until ctx ends, then shuts down gracefully.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("playground: serve: %w", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("playground: shutdown: %w", err)
	}
	<-done
	return nil
}

// ListenAndServe binds addr (loopback only; "" picks a free port), calls
// ready with the page's URL, and serves until ctx ends.
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(url string)) error {
	ln, url, err := Listen(addr)
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "playground: listening", slog.String("url", url))
	if ready != nil {
		ready(url)
	}
	return s.Serve(ctx, ln)
}
