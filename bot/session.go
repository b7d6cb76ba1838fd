// Package bot carries Tavern's command surface to Discord: the gateway
// transport, the signed HTTP interactions endpoint, and the Executor that
// turns a commands.Result into Discord REST calls. Both transports share one
// dispatcher, so they cannot behave differently.
package bot

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/bot/budget"
)

// DefaultAPIURL is Discord's REST base.
const DefaultAPIURL = "https://discord.com/api/v10/"

// NewSession builds a discordgo session for a bot token whose REST calls go
// to apiURL (empty: DefaultAPIURL). discordgo's endpoint variables are
// package globals, so instead of changing them the session gets an HTTP
// client that rewrites every request for https://discord.com/api/vN/ to
// apiURL. That keeps several sessions (and tests) independent. With
// WithBudget, every REST call also waits for its share of Discord's
// rate limits under that client (discordgo's own per-route buckets stay,
// within the session).
func NewSession(token, apiURL string, opts ...SessionOption) (*discordgo.Session, error) {
	base, err := parseAPIURL(apiURL)
	if err != nil {
		return nil, err
	}
	s, err := discordgo.New("Bot " + strings.TrimPrefix(token, "Bot "))
	if err != nil {
		return nil, fmt.Errorf("bot: new discord session: %w", err)
	}
	var o sessionOptions
	for _, opt := range opts {
		opt(&o)
	}
	var transport http.RoundTripper = &rewriteTransport{base: base, next: http.DefaultTransport}
	if o.limiter != nil {
		// Outside the rewrite: the budget reads Discord's own paths.
		transport = &budget.Transport{Limiter: o.limiter, Next: transport}
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: transport}
	return s, nil
}

// SessionOption changes what NewSession builds.
type SessionOption func(*sessionOptions)

type sessionOptions struct {
	limiter *budget.Limiter
}

// WithBudget makes the session's REST calls wait for lim: one Limiter
// per process, shared by all its sessions, paces the process within the
// budget its ledger shares with the other processes of the bot.
func WithBudget(lim *budget.Limiter) SessionOption {
	return func(o *sessionOptions) { o.limiter = lim }
}

func parseAPIURL(apiURL string) (*url.URL, error) {
	if apiURL == "" {
		apiURL = DefaultAPIURL
	}
	u, err := url.Parse(apiURL)
	if err != nil {
		return nil, fmt.Errorf("bot: api url %q: %w", apiURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("bot: api url %q: want http(s)://host/path/", apiURL)
	}
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
	}
	return u, nil
}

// rewriteTransport sends requests meant for Discord's REST API to base.
type rewriteTransport struct {
	base *url.URL
	next http.RoundTripper
}

func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	rest, ok := discordAPIPath(req.URL)
	if !ok {
		return t.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	u := *t.base
	u.Path = t.base.Path + rest
	u.RawPath = ""
	u.RawQuery = req.URL.RawQuery
	out.URL = &u
	out.Host = u.Host
	return t.next.RoundTrip(out)
}

// discordAPIPath returns the part of a discord.com/api/vN/ URL after the
// version, without a leading slash.
func discordAPIPath(u *url.URL) (string, bool) {
	if u.Host != "discord.com" {
		return "", false
	}
	p, ok := strings.CutPrefix(u.Path, "/api/")
	if !ok {
		return "", false
	}
	if strings.HasPrefix(p, "v") {
		if _, after, found := strings.Cut(p, "/"); found {
			return after, true
		}
		return "", true
	}
	return p, true
}
