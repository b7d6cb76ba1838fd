package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestEnforceGlobalLimit: within one second of the fake's clock, the
// requests past the limit are answered 429 as Discord answers a global
// limit (header and body), the interaction endpoints are neither limited
// nor counted, and the next second starts afresh.
func TestEnforceGlobalLimit(t *testing.T) {
	f := New(t)
	now := time.Unix(1_800_000_000, 250*int64(time.Millisecond))
	f.SetClock(func() time.Time { return now })
	f.EnforceGlobalLimit(5)
	do := func(method, path, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, f.APIURL()+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bot token")
		resp, err := f.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	post := func() *http.Response { return do("POST", "channels/42/messages", `{"content":"hi"}`) }
	for k := range 5 {
		if resp := post(); resp.StatusCode != http.StatusOK {
			t.Fatalf("request %d of 5 answered %d", k+1, resp.StatusCode)
		}
	}
	if resp := do("POST", "interactions/77/tok/callback", `{"type":6}`); resp.StatusCode == http.StatusTooManyRequests {
		t.Errorf("an interaction callback was limited")
	}
	resp := post()
	var body struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusTooManyRequests || !body.Global || body.RetryAfter != 0.75 ||
		resp.Header.Get("X-RateLimit-Global") != "true" || resp.Header.Get("X-RateLimit-Scope") != "global" {
		t.Errorf("the sixth request: %d, body %+v, headers %v; want 429, global, retry after 0.75 s", resp.StatusCode, body, resp.Header)
	}
	now = now.Add(time.Second)
	if resp := post(); resp.StatusCode != http.StatusOK {
		t.Errorf("the next second's first request answered %d", resp.StatusCode)
	}
	per := f.PerSecond()
	if len(per) != 2 || per[1_800_000_000] != 6 || per[1_800_000_001] != 1 || f.GlobalRateLimited() != 1 {
		t.Errorf("counted %v per second and %d limited; want 6 then 1, and 1", per, f.GlobalRateLimited())
	}
}
