package fakediscord

import (
	"maps"
	"net/http"
	"time"

	"github.com/tavern-bot/tavern/bot/budget"
)

// DefaultGlobalLimit is Discord's global REST limit of a bot, per second.
const DefaultGlobalLimit = 50

// EnforceGlobalLimit makes the fake enforce a global rate limit of
// perSecond requests (DefaultGlobalLimit when 0) from now on, as Discord
// does for a bot token: the requests under it (every route but the
// interaction endpoints, which Discord exempts) are counted by the
// second of the fake's clock they arrive in, and those past the limit
// within their second are answered 429 with "global": true.
func (f *Fake) EnforceGlobalLimit(perSecond int) {
	if perSecond <= 0 {
		perSecond = DefaultGlobalLimit
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.globalLimit = perSecond
	f.perSecond = map[int64]int{}
}

// PerSecond is how many requests under the global limit arrived in each
// second (Unix seconds) since EnforceGlobalLimit, those answered 429
// included.
func (f *Fake) PerSecond() map[int64]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return maps.Clone(f.perSecond)
}

// GlobalRateLimited counts the requests answered 429 for the global limit.
func (f *Fake) GlobalRateLimited() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.globalLimited
}

// overGlobalLimit counts r if the global limit is enforced and covers
// it, and reports whether it is past the limit of its second, with the
// wait until the next.
func (f *Fake) overGlobalLimit(r *http.Request) (time.Duration, bool) {
	route, ok := budget.RouteOf(r.Method, r.URL)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.globalLimit == 0 || !ok || route.Exempt {
		return 0, false
	}
	now := f.now()
	f.perSecond[now.Unix()]++
	if f.perSecond[now.Unix()] <= f.globalLimit {
		return 0, false
	}
	f.globalLimited++
	return now.Truncate(time.Second).Add(time.Second).Sub(now), true
}
