package budget

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Transport is the http.RoundTripper under discordgo's client through
// which every REST call passes: it waits for the call's route and slot,
// and hears from each answer what Discord says of the budget (a bucket
// spent, a 429 for the route or for the whole bot) so that every process
// sharing the ledger knows.
type Transport struct {
	Limiter *Limiter
	Next    http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	r, ok := RouteOf(req.Method, req.URL)
	if !ok {
		return t.Next.RoundTrip(req)
	}
	if err := t.Limiter.Wait(req.Context(), r); err != nil {
		return nil, err
	}
	resp, err := t.Next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	t.Limiter.Observe(req.Context(), r, resp)
	return resp, nil
}

// Observe reads what an answer on route r says of the budget. A 429's
// body is read and put back for the caller.
func (l *Limiter) Observe(ctx context.Context, r Route, resp *http.Response) {
	h := resp.Header
	if r.Exempt {
		return
	}
	l.learnBucket(r, h.Get("X-RateLimit-Bucket"))
	l.mu.Lock()
	key := l.bucketKey(r)
	l.mu.Unlock()
	ctx = context.WithoutCancel(ctx)
	if resp.StatusCode == http.StatusTooManyRequests {
		global, wait := tooMany(resp)
		if global {
			l.hold(ctx, "", wait)
		} else {
			l.hold(ctx, key, wait)
		}
		return
	}
	if h.Get("X-RateLimit-Remaining") == "0" {
		l.hold(ctx, key, seconds(h.Get("X-RateLimit-Reset-After")))
	}
}

// tooMany reads a 429: whether it is for the whole bot, and how long to
// wait (the body's retry_after, else the Retry-After header).
func tooMany(resp *http.Response) (global bool, wait time.Duration) {
	var body struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	_ = resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if err == nil {
		_ = json.Unmarshal(data, &body)
	}
	global = body.Global || resp.Header.Get("X-RateLimit-Global") == "true" || resp.Header.Get("X-RateLimit-Scope") == "global"
	wait = time.Duration(body.RetryAfter * float64(time.Second))
	if wait <= 0 {
		wait = seconds(resp.Header.Get("Retry-After"))
	}
	return global, wait
}

// seconds parses a header of (fractional) seconds; 0 when absent.
func seconds(v string) time.Duration {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 {
		return 0
	}
	return time.Duration(f * float64(time.Second))
}
