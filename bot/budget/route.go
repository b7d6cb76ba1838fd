package budget

import (
	"net/url"
	"strings"
)

// Route is what the budget needs to know of one REST request.
type Route struct {
	// Key names the request's per-route bucket before Discord has named
	// it: the method and the path with every id but the top-level
	// resource's replaced by ":id" (Discord counts a route per channel,
	// guild or webhook; the other ids share it).
	Key string
	// Major is the top-level resource's id ("" for routes without one),
	// which Discord's bucket ids leave out.
	Major string
	// Exempt requests are not under the global limit: Discord documents
	// the interaction endpoints (the callback and the webhook routes of an
	// interaction token: the original response and follow-ups) as not
	// bound to it. Their per-route buckets are per interaction token, so
	// only one process ever uses each, and discordgo's own buckets serve.
	Exempt bool
}

// RouteOf classifies a request for Discord's REST API by its method and
// URL path; ok is false for a path outside the API (no "/api/" in it).
func RouteOf(method string, u *url.URL) (r Route, ok bool) {
	rest, ok := apiPath(u.Path)
	if !ok {
		return Route{}, false
	}
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	switch parts[0] {
	case "interactions":
		return Route{Key: method + " interactions", Exempt: true}, true
	case "webhooks":
		// Tavern's only webhook routes are an interaction's (its
		// application id and token): exempt, keyed by the token.
		return Route{Key: method + " webhooks", Exempt: true}, true
	}
	major := ""
	for i, p := range parts {
		switch {
		case i == 1 && (parts[0] == "channels" || parts[0] == "guilds"):
			major = p
		case isID(p):
			parts[i] = ":id"
		}
	}
	return Route{Key: method + " " + strings.Join(parts, "/"), Major: major}, true
}

// apiPath is the part of an API path after "/api/" and its version.
func apiPath(p string) (string, bool) {
	_, rest, ok := strings.Cut(p, "/api/")
	if !ok {
		return "", false
	}
	if len(rest) > 1 && rest[0] == 'v' && isID(strings.SplitN(rest[1:], "/", 2)[0]) {
		_, rest, _ = strings.Cut(rest, "/")
	}
	return rest, true
}

// isID reports a path segment of digits only (a snowflake).
func isID(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
