package ratings

import (
	"testing"
	"time"
)

// An average time per move reads in seconds below a minute (a lively
// game), else as clocks are written.
func TestMoveTimeText(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{1400 * time.Millisecond, "1s"},
		{45 * time.Second, "45s"},
		{time.Minute, "1m"},
		{90 * time.Minute, "1h30m"},
		{50 * time.Hour, "2d2h"},
	}
	for _, tc := range tests {
		if got := moveTimeText(tc.d); got != tc.want {
			t.Errorf("moveTimeText(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
