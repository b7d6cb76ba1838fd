package budget

import (
	"context"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// recorder is a Ledger that hands out slots at once and records what it
// is told.
type recorder struct {
	mu       sync.Mutex
	reserved int
	holds    map[string]time.Duration
	held     map[string]time.Duration // what reservations report held
}

func (r *recorder) ReserveRequests(_ context.Context, n int, _, _ time.Duration) (time.Duration, map[string]time.Duration, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reserved += n
	return 0, r.held, nil
}

func (r *recorder) HoldRequests(_ context.Context, key string, d time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.holds[key] = d
	return nil
}

// TestTransportHearsDiscord: each answer's word on the budget reaches the
// ledger (a global 429 holds the global budget, a route's 429 or a spent
// bucket holds that bucket, under Discord's bucket id and the channel),
// a 429's body is still there for discordgo, and the interaction
// endpoints take no slot.
func TestTransportHearsDiscord(t *testing.T) {
	cases := []struct {
		name, method, path string
		status             int
		header             map[string]string
		body               string
		reserved           int
		holds              map[string]time.Duration
	}{
		{name: "plain answer", method: "POST", path: "/api/v10/channels/7/messages", status: 200,
			header:   map[string]string{"X-RateLimit-Bucket": "b1", "X-RateLimit-Remaining": "4", "X-RateLimit-Reset-After": "5"},
			reserved: 1, holds: map[string]time.Duration{}},
		{name: "bucket spent", method: "POST", path: "/api/v10/channels/7/messages", status: 200,
			header:   map[string]string{"X-RateLimit-Bucket": "b1", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1.5"},
			reserved: 1, holds: map[string]time.Duration{"b1/7": 1500 * time.Millisecond}},
		{name: "route 429", method: "PATCH", path: "/api/v10/channels/8/messages/9", status: 429,
			header:   map[string]string{"X-RateLimit-Bucket": "b2", "X-RateLimit-Scope": "user"},
			body:     `{"message":"You are being rate limited.","retry_after":0.25,"global":false}`,
			reserved: 1, holds: map[string]time.Duration{"b2/8": 250 * time.Millisecond}},
		{name: "global 429", method: "POST", path: "/api/v10/users/@me/channels", status: 429,
			header:   map[string]string{"X-RateLimit-Global": "true", "Retry-After": "2"},
			body:     `{"message":"You are being rate limited.","retry_after":1.75,"global":true}`,
			reserved: 1, holds: map[string]time.Duration{"": 1750 * time.Millisecond}},
		{name: "interaction callback", method: "POST", path: "/api/v10/interactions/1/tok/callback", status: 200,
			header:   map[string]string{"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1"},
			reserved: 0, holds: map[string]time.Duration{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				for k, v := range tc.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			rec := &recorder{holds: map[string]time.Duration{}}
			client := &http.Client{Transport: &Transport{Limiter: NewLimiter(rec, PaceFor(50), nil), Next: http.DefaultTransport}}
			req, _ := http.NewRequest(tc.method, srv.URL+tc.path, nil)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(body) != tc.body {
				t.Errorf("the caller read %q, want the answer's body %q", body, tc.body)
			}
			if rec.reserved != tc.reserved || !maps.Equal(rec.holds, tc.holds) {
				t.Errorf("reserved %d slots and held %v; want %d and %v", rec.reserved, rec.holds, tc.reserved, tc.holds)
			}
		})
	}
}

// TestHeldRouteWaits: a route some process found spent, as a reservation
// reports it, is not called before its hold ends; other routes go.
func TestHeldRouteWaits(t *testing.T) {
	var (
		mu      sync.Mutex
		arrived = map[string]time.Time{}
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		arrived[r.URL.Path] = time.Now()
		mu.Unlock()
	}))
	defer srv.Close()
	const hold = 300 * time.Millisecond
	rec := &recorder{holds: map[string]time.Duration{}, held: map[string]time.Duration{"POST channels/5/messages": hold}}
	client := &http.Client{Transport: &Transport{Limiter: NewLimiter(rec, PaceFor(50), nil), Next: http.DefaultTransport}}
	start := time.Now()
	for _, p := range []string{"/api/v10/channels/6/messages", "/api/v10/channels/5/messages"} {
		resp, err := client.Post(srv.URL+p, "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if at := arrived["/api/v10/channels/5/messages"]; at.Sub(start) < hold {
		t.Errorf("the held route was called %v after its hold began, before the %v it was held for", at.Sub(start), hold)
	}
}

// slowLedger answers every reservation after a delay.
type slowLedger struct {
	recorder
	delay time.Duration
}

func (s *slowLedger) ReserveRequests(ctx context.Context, n int, every, tolerance time.Duration) (time.Duration, map[string]time.Duration, error) {
	time.Sleep(s.delay)
	return s.recorder.ReserveRequests(ctx, n, every, tolerance)
}

// TestSlotsOutlastTheRoundTrip: a reservation's slots are good when its
// answer arrives, however long the round trip took and however fast the
// pace (a slot counted from the request would be stale on arrival, and
// the calls would reserve again and again, spending the budget on
// nothing): each call takes one slot.
func TestSlotsOutlastTheRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit int
		delay time.Duration
	}{
		{"slow ledger at Discord's pace", 50, 60 * time.Millisecond},
		{"fast pace", 100000, 2 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ledger := &slowLedger{recorder: recorder{holds: map[string]time.Duration{}}, delay: tc.delay}
			lim := NewLimiter(ledger, PaceFor(tc.limit), nil)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			const calls = 5
			for range calls {
				if err := lim.Wait(ctx, Route{Key: "POST channels/1/messages", Major: "1"}); err != nil {
					t.Fatalf("waiting for a slot: %v (%d slots reserved)", err, ledger.reserved)
				}
			}
			if ledger.reserved != calls {
				t.Errorf("%d calls reserved %d slots, want one each", calls, ledger.reserved)
			}
		})
	}
}
