package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tavern-bot/tavern/bot/fakediscord"
	"github.com/tavern-bot/tavern/storage/postgres/pgtest"
)

// TestBenchWorkerProcess is a worker process of TestPostgresBench (this
// test binary started with "-- bench-worker …"); on its own it skips.
func TestBenchWorkerProcess(t *testing.T) {
	args := flag.Args()
	if len(args) == 0 || args[0] != "bench-worker" {
		t.Skip("a worker process of TestPostgresBench; nothing to do on its own")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	if err := run(ctx, args, os.Stdout, os.Stderr, os.Getenv); err != nil {
		t.Fatal(err)
	}
}

// benchWorkerCommand starts this test binary as a bench worker.
var benchWorkerCommand = []string{os.Args[0], "-test.run=^TestBenchWorkerProcess$", "--"}

// TestPostgresBench runs the multi-worker bench small: two workers over
// one PostgreSQL database play three tables through the signed endpoint,
// and it reports its figures and checks every table against its log.
func TestPostgresBench(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	var out strings.Builder
	f := pgBenchFlags{backend: "postgres", workers: 2, tables: 3, moves: 6, images: false, databaseURL: url, game: "zauberschwert", seed: 1,
		discordLimit: 50, worker: benchWorkerCommand}
	if err := runPostgresBench(context.Background(), f, &out); err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	t.Log(out.String())
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`2 worker\(s\), 3 tables of zauberschwert`),
		regexp.MustCompile(`moves: 18 applied of 18 sent \(0 not accepted by the endpoint\) in [0-9.]+ s: [0-9.]+ moves/s; latency per move .*p50 [0-9.]+ ms, p99 [0-9.]+ ms`),
		regexp.MustCompile(`per move: [0-9.]+ round trips`),
		regexp.MustCompile(`the fake Discord enforcing 50 requests/s`),
		regexp.MustCompile(`discord: [0-9.]+ calls under the global limit per move, [0-9.]+ calls/s while playing \(the workers' pace allows 42.0/s sustained\), busiest second [0-9]+, 0 answered 429`),
		regexp.MustCompile(`calls per move by route \(the outbox drained\): .*POST channels/:id/messages \(channel\) [0-9.]+`),
		regexp.MustCompile(`calls per move by route \(the outbox drained\): .*PATCH channels/:id/messages/:id \(status\) [0-9.]+`),
		regexp.MustCompile(`calls per move not counted by Discord's global limit \(interactions\): .*webhooks [0-9.]+`),
		regexp.MustCompile(`limit: (Discord budget|CPU|the machine's other work|latency) \(`),
		regexp.MustCompile(`checked: all 3 tables equal the replay of their logs`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
	// The database now holds the bench's tables: a second run is refused
	// and changes nothing.
	err := runPostgresBench(context.Background(), f, &out)
	if err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a second bench on the same database: %v, want a refusal naming it not empty", err)
	}
}

// TestPostgresBenchSweep runs the bench with one and then two workers,
// each on a fresh database of its own cluster, and tabulates both.
func TestPostgresBenchSweep(t *testing.T) {
	pgtest.Require(t) // skips (or fails under CI) without PostgreSQL
	var out strings.Builder
	f := pgBenchFlags{backend: "postgres", workers: 2, tables: 2, moves: 3, game: "zauberschwert", seed: 1, discordLimit: 50,
		sweep: true, worker: benchWorkerCommand}
	if err := runPostgresBench(context.Background(), f, &out); err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	t.Log(out.String())
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`1 worker\(s\), 2 tables`),
		regexp.MustCompile(`2 worker\(s\), 2 tables`),
		regexp.MustCompile(`(?m)^\| 1 \| [0-9.]+ \| [0-9]+ \| [0-9]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ \| 0 \| [0-9]+% \| .+ \|$`),
		regexp.MustCompile(`(?m)^\| 2 \| [0-9.]+ \| [0-9]+ \| [0-9]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ \| 0 \| [0-9]+% \| .+ \|$`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
}

// TestPostgresBenchOverload runs the overload phase small: after the
// run, moves are offered at twice its rate, each table's next sent once
// its last is acknowledged; every interaction is acknowledged (none shed
// with 503) and answered, and the tables still equal their logs.
func TestPostgresBenchOverload(t *testing.T) {
	url := pgtest.Require(t).NewDatabase(t)
	var out strings.Builder
	f := pgBenchFlags{backend: "postgres", workers: 1, tables: 3, moves: 4, images: false, databaseURL: url, game: "zauberschwert", seed: 2,
		discordLimit: 50, overload: 3 * time.Second, worker: benchWorkerCommand}
	if err := runPostgresBench(context.Background(), f, &out); err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	t.Log(out.String())
	sent := regexp.MustCompile(`overload: ([0-9]+) interactions sent .*acknowledged ([0-9]+) of ([0-9]+), none refused \(no 503\)`).FindStringSubmatch(out.String())
	if sent == nil || sent[1] == "0" || sent[2] != sent[1] || sent[3] != sent[1] {
		t.Fatalf("want every interaction sent acknowledged, none refused:\n%s", out.String())
	}
	answers := regexp.MustCompile(`overload: answers \(sending → the deferred reply out\) ([0-9]+) of ([0-9]+) acknowledged: .*all within 15m0s`).FindStringSubmatch(out.String())
	if answers == nil || answers[1] != sent[1] || answers[2] != sent[1] {
		t.Errorf("want every acknowledged interaction answered:\n%s", out.String())
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`overload: offering [0-9.]+ moves/s \(twice the [0-9.]+/s sustained above\)`),
		regexp.MustCompile(`overload: [0-9]+ moves applied .* calls under the global limit per move; the outbox drained`),
		regexp.MustCompile(`checked: all 3 tables equal the replay of their logs`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
}

// TestPostgresBenchBadInput: every bad option is refused with a message
// naming it, before anything starts; a URL is never quoted.
func TestPostgresBenchBadInput(t *testing.T) {
	good := pgBenchFlags{backend: "postgres", workers: 1, tables: 1, moves: 1, game: "zauberschwert"}
	tests := []struct {
		name string
		edit func(*pgBenchFlags)
		want string
	}{
		{"other backend", func(f *pgBenchFlags) { f.backend = "mysql" }, "--backend"},
		{"no workers", func(f *pgBenchFlags) { f.workers = 0 }, "--workers"},
		{"too many workers", func(f *pgBenchFlags) { f.workers = 33 }, "--workers"},
		{"no tables", func(f *pgBenchFlags) { f.tables = 0 }, "--tables"},
		{"no moves", func(f *pgBenchFlags) { f.moves = 0 }, "--moves"},
		{"unknown game", func(f *pgBenchFlags) { f.game = "chess" }, "--game"},
		{"not a postgres URL", func(f *pgBenchFlags) { f.databaseURL = "mysql://u:hunter2@db/x" }, "--database-url"},
		{"negative Discord limit", func(f *pgBenchFlags) { f.discordLimit = -1 }, "--discord-limit"},
		{"sweep over a given database", func(f *pgBenchFlags) { f.sweep, f.databaseURL = true, "postgres://u:hunter2@db/x" }, "--sweep"},
		{"negative overload", func(f *pgBenchFlags) { f.overload = -time.Second }, "--overload"},
		{"overload past Discord's 15 minutes", func(f *pgBenchFlags) { f.overload = 16 * time.Minute }, "--overload"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := good
			tc.edit(&f)
			err := runPostgresBench(context.Background(), f, &strings.Builder{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one naming %s", err, tc.want)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error quotes the URL: %v", err)
			}
		})
	}
}

// TestRouteShares: calls per move by route, every id as ":id" (a
// channel's own route too), each message route naming what its message
// is, most first; the interactions' calls, which Discord's global limit
// does not count, apart.
func TestRouteShares(t *testing.T) {
	reqs := []fakediscord.Request{
		{Method: "POST", Path: "/channels/7/messages"},
		{Method: "PATCH", Path: "/channels/7/messages/70"},
		{Method: "PATCH", Path: "/channels/7/messages/71"},
		{Method: "PATCH", Path: "/channels/8/messages/80"},
		{Method: "GET", Path: "/channels/8"},
		{Method: "PATCH", Path: "/webhooks/1/token-1/messages/@original"},
	}
	what := func(channel, message string) string {
		switch {
		case channel == "8":
			return "DM"
		case message == "70":
			return "status"
		case message != "":
			return "board"
		}
		return "channel"
	}
	counted, exempt := routeShares(reqs, 2, what)
	if want := "GET channels/:id 0.50, PATCH channels/:id/messages/:id (DM) 0.50, PATCH channels/:id/messages/:id (board) 0.50, " +
		"PATCH channels/:id/messages/:id (status) 0.50, POST channels/:id/messages (channel) 0.50"; counted != want {
		t.Errorf("counted %q, want %q", counted, want)
	}
	if want := "PATCH webhooks 0.50"; exempt != want {
		t.Errorf("not counted %q, want %q", exempt, want)
	}
}
