// Package pgtest starts a private PostgreSQL cluster for a test binary:
// initdb and pg_ctl in a temporary directory, on a free port of 127.0.0.1,
// as a user PostgreSQL accepts (it refuses root: as root the server runs as
// "nobody" through runuser). Tests get a fresh database each. The suite
// never needs a server it did not start.
//
// With PostgreSQL missing, tests skip with a message saying so, unless CI
// is set, when they fail (.ci/run installs Debian's postgresql).
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running private server.
type Cluster struct {
	dir, bin string
	port     int
	asUser   string // run the server's programs as this user ("" = as we are)
	next     atomic.Int64
}

// The test binary's cluster, started by the first Require (a binary whose
// tests skip PostgreSQL, or a child process a test starts, pays nothing)
// and stopped by Main.
var (
	once        sync.Once
	cluster     *Cluster
	unavailable error // why Start found no PostgreSQL
)

// Main runs the tests and then stops the cluster if one was started: call
// it from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if cluster != nil {
		if err := cluster.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
		}
	}
	os.Exit(code)
}

// Require returns the binary's cluster, starting it on first use, or skips
// the test with the reason PostgreSQL is not available (fails it when CI
// is set). Call pgtest.Main from TestMain so the cluster is stopped.
func Require(t testing.TB) *Cluster {
	t.Helper()
	once.Do(func() { cluster, unavailable = Start() })
	if cluster != nil {
		return cluster
	}
	missing(t, unavailable, os.Getenv("CI") != "")
	return nil
}

// missing skips t because PostgreSQL is not available (why), or fails it
// when ci is set.
func missing(t testing.TB, why error, ci bool) {
	t.Helper()
	msg := "PostgreSQL tests skipped: " + why.Error() + " (apt-get install postgresql, or run .ci/run)"
	if ci {
		t.Fatal(msg + "; CI is set, so this fails instead of skipping")
		return
	}
	t.Skip(msg)
}

// Binaries finds initdb and pg_ctl: in PATH, else in the newest
// /usr/lib/postgresql/*/bin.
func Binaries() (string, error) { return binaries(exec.LookPath, "/usr/lib/postgresql") }

// binaries is Binaries with the PATH lookup and Debian's root passed in.
func binaries(lookPath func(string) (string, error), root string) (string, error) {
	if p, err := lookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "pg_ctl")); err == nil {
			return dir, nil
		}
	}
	dirs, _ := filepath.Glob(filepath.Join(root, "*", "bin"))
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	return "", errors.New("PostgreSQL is not installed (no initdb in PATH or /usr/lib/postgresql/*/bin)")
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

// Start creates and starts a cluster in a new temporary directory.
func Start() (*Cluster, error) {
	bin, err := Binaries()
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin}
	if os.Geteuid() == 0 {
		c.asUser = "nobody"
		if _, err := exec.LookPath("runuser"); err != nil {
			return nil, errors.New("running as root, and runuser (to start PostgreSQL as nobody) is missing")
		}
	}
	base := "" // the system's temporary directory
	if c.asUser != "" {
		// nobody must reach the directory: $TMPDIR may sit under root's
		// home, /tmp is open to every user.
		base = "/tmp"
	}
	if c.dir, err = os.MkdirTemp(base, "tavern-pg-"); err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	if err := c.own(c.dir); err != nil {
		_ = os.RemoveAll(c.dir)
		return nil, err
	}
	if err := c.run("initdb", "-D", c.data(), "-U", "tavern", "-A", "trust", "-E", "UTF8", "--no-sync", "--locale=C"); err != nil {
		_ = os.RemoveAll(c.dir)
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		if c.port, err = freePort(); err == nil {
			if err = c.start(); err == nil {
				return c, nil
			}
		}
		if attempt == 2 {
			_ = os.RemoveAll(c.dir)
			return nil, err
		}
	}
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// own hands dir to the user the server runs as.
func (c *Cluster) own(dir string) error {
	if c.asUser == "" {
		return nil
	}
	out, err := exec.Command("chown", c.asUser, dir).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgtest: chown %s %s: %v: %s", c.asUser, dir, err, out)
	}
	return nil
}

// run runs one of PostgreSQL's programs as the server's user.
func (c *Cluster) run(prog string, args ...string) error {
	path := filepath.Join(c.bin, prog)
	var cmd *exec.Cmd
	if c.asUser != "" {
		cmd = exec.Command("runuser", append([]string{"-u", c.asUser, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgtest: %s: %v: %s", prog, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// start starts the server on c.port; durability is traded for speed (the
// tests never survive a machine crash).
func (c *Cluster) start() error {
	opts := fmt.Sprintf("-p %d -c listen_addresses=127.0.0.1 -c unix_socket_directories=%s -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", c.port, c.dir)
	return c.run("pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "server.log"), "-o", opts, "-w", "-t", "60", "start")
}

// Stop stops the server and removes its directory.
func (c *Cluster) Stop() error {
	err := c.run("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
	if rmErr := os.RemoveAll(c.dir); err == nil {
		err = rmErr
	}
	return err
}

// Restart stops the server (fast: connections are cut) and starts it
// again on the same port, as an operator's restart does.
func (c *Cluster) Restart() error {
	if err := c.run("pg_ctl", "-D", c.data(), "-m", "fast", "-w", "stop"); err != nil {
		return err
	}
	return c.start()
}

// URL is the connection string of database db.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://tavern@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates an empty database for one test and drops it when
// the test ends; it returns its URL.
func (c *Cluster) NewDatabase(t testing.TB) string {
	t.Helper()
	name := fmt.Sprintf("test_%d_%d", os.Getpid(), c.next.Add(1))
	url, err := c.CreateDatabase(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Error(err)
		}
	})
	return url
}

// CreateDatabase creates the empty database name (letters, digits and
// underscores) and returns its URL; it lives as long as the cluster.
func (c *Cluster) CreateDatabase(name string) (string, error) {
	if err := c.exec("CREATE DATABASE " + name); err != nil {
		return "", err
	}
	return c.URL(name), nil
}

// exec runs one statement on the maintenance database.
func (c *Cluster) exec(sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return fmt.Errorf("pgtest: connect: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("pgtest: %s: %w", sql, err)
	}
	return nil
}

// freePort is a TCP port of 127.0.0.1 nobody listens on right now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgtest: free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Port is the server's TCP port on 127.0.0.1.
func (c *Cluster) Port() int { return c.port }
