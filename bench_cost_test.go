package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestWalBytes(t *testing.T) {
	tests := []struct {
		from, to string
		want     int64
	}{
		{"0/1000", "0/1800", 0x800},
		{"0/FFFFFF00", "1/100", 0x200},
		{"", "0/10", -1},
		{"0/10", "garbage", -1},
		{"x/10", "0/20", -1},
	}
	for _, tc := range tests {
		if got := walBytes(tc.from, tc.to); got != tc.want {
			t.Errorf("walBytes(%q, %q) = %d, want %d", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestProcStat reads this process's own /proc entry: the parent pid is in
// field 3 whatever spaces the command's name holds, and a pid that does
// not exist has no CPU.
func TestProcStat(t *testing.T) {
	f := procStat(os.Getpid())
	if f == nil {
		t.Skip("no /proc on this system: the bench then reports no CPU figures")
	}
	if len(f) < 15 || f[3] != strconv.Itoa(os.Getppid()) {
		t.Fatalf("procStat = %v, want the parent %d in field 3", f[:min(len(f), 5)], os.Getppid())
	}
	if procCPU(1<<30) != 0 || serverCPU(1<<30) != 0 {
		t.Error("a missing process has CPU time")
	}
	if s := (benchSample{}).per(benchSample{trips: 80, wal: ""}, 10); !strings.HasPrefix(s, "8.0 round trips") || strings.Contains(s, "WAL") {
		t.Errorf("per = %q, want 8.0 round trips and no WAL figure when the position is unknown", s)
	}
}
