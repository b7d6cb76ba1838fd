package mygames

import (
	"testing"
	"time"
)

func TestWaitedFor(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "1m"}, {-time.Hour, "1m"}, {25*time.Minute + 30*time.Second, "25m"}, {59 * time.Minute, "59m"},
		{time.Hour + 59*time.Minute, "1h"}, {51*time.Hour + 40*time.Minute, "2d3h"}, {48 * time.Hour, "2d"}} {
		if got := waitedFor(c.d); got != c.want {
			t.Errorf("waitedFor(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
