package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// benchSample is what the bench reads before and after the moves: the
// workers' round trips, the WAL position, and CPU time of the workers
// and of the PostgreSQL server's processes.
type benchSample struct {
	trips     int64
	wal       string // pg_current_wal_lsn(), "" if unknown
	workerCPU time.Duration
	pgCPU     time.Duration // 0 when the server is not on this machine
	// selfCPU is the bench's own: the fake Discord and the players.
	selfCPU time.Duration
}

func (b *pgBench) sample(ctx context.Context, url string) benchSample {
	s := benchSample{selfCPU: procCPU(os.Getpid())}
	for _, w := range b.workers {
		s.trips += w.trips.Load()
		s.workerCPU += procCPU(w.cmd.Process.Pid)
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return s
	}
	defer conn.Close(ctx)
	var backend int
	if err := conn.QueryRow(ctx, "SELECT pg_current_wal_lsn()::text, pg_backend_pid()").Scan(&s.wal, &backend); err != nil {
		return s
	}
	s.pgCPU = serverCPU(backend)
	return s
}

// per describes the cost of one move between s and after.
func (s benchSample) per(after benchSample, moves int) string {
	n := float64(moves)
	parts := []string{fmt.Sprintf("%.1f round trips of the workers to PostgreSQL", float64(after.trips-s.trips)/n)}
	if wal := walBytes(s.wal, after.wal); wal >= 0 {
		parts = append(parts, fmt.Sprintf("%.1f KB of WAL", float64(wal)/1024/n))
	}
	parts = append(parts, fmt.Sprintf("%.2f ms CPU in the workers", float64((after.workerCPU-s.workerCPU).Microseconds())/1000/n))
	if after.pgCPU > 0 {
		parts = append(parts, fmt.Sprintf("%.2f ms CPU in PostgreSQL", float64((after.pgCPU-s.pgCPU).Microseconds())/1000/n))
	}
	parts = append(parts, fmt.Sprintf("%.2f ms CPU in the bench itself (fake Discord, players)", float64((after.selfCPU-s.selfCPU).Microseconds())/1000/n))
	return strings.Join(parts, ", ")
}

// walBytes is the distance between two WAL positions (X/Y hex), -1 if
// either is unknown.
func walBytes(from, to string) int64 {
	parse := func(lsn string) (int64, bool) {
		hi, lo, ok := strings.Cut(lsn, "/")
		h, err1 := strconv.ParseUint(hi, 16, 32)
		l, err2 := strconv.ParseUint(lo, 16, 32)
		return int64(h<<32 | l), ok && err1 == nil && err2 == nil
	}
	a, ok1 := parse(from)
	b, ok2 := parse(to)
	if !ok1 || !ok2 {
		return -1
	}
	return b - a
}

// procCPU is a process's user and system CPU time from /proc (0 where
// there is none). /proc counts in USER_HZ, 100 a second on Linux.
func procCPU(pid int) time.Duration {
	fields := procStat(pid)
	if len(fields) < 15 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[13], 10, 64)
	stime, _ := strconv.ParseInt(fields[14], 10, 64)
	return time.Duration(utime+stime) * (time.Second / 100)
}

// procStat is /proc/pid/stat split into fields, the command's name (which
// may hold spaces) skipped; nil if unreadable.
func procStat(pid int) []string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	end := bytes.LastIndexByte(data, ')')
	if end < 0 {
		return nil
	}
	return append([]string{strconv.Itoa(pid), "comm"}, strings.Fields(string(data[end+1:]))...)
}

// serverCPU is the CPU time of the PostgreSQL server running backend (a
// process id the server reported): its postmaster and the postmaster's
// live children. It is 0 when the server is not on this machine.
func serverCPU(backend int) time.Duration {
	fields := procStat(backend)
	if len(fields) < 4 {
		return 0
	}
	postmaster, _ := strconv.Atoi(fields[3])
	if postmaster <= 1 {
		return 0
	}
	total := procCPU(postmaster)
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := procStat(pid); len(f) > 3 && f[3] == strconv.Itoa(postmaster) {
			total += procCPU(pid)
		}
	}
	return total
}
