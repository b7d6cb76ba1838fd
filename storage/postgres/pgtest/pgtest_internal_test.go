package pgtest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// report records what missing does to a test instead of ending it.
type report struct {
	testing.TB
	skipped, failed string
}

func (r *report) Helper()           {}
func (r *report) Skip(args ...any)  { r.skipped = fmt.Sprint(args...) }
func (r *report) Fatal(args ...any) { r.failed = fmt.Sprint(args...) }

// TestMissingPostgres: without PostgreSQL the binaries are not found, and
// a test skips saying why, or fails when CI is set.
func TestMissingPostgres(t *testing.T) {
	notInPath := func(string) (string, error) { return "", errors.New("not found") }
	_, err := binaries(notInPath, filepath.Join(t.TempDir(), "no-postgresql"))
	if err == nil || !strings.Contains(err.Error(), "not installed") {
		t.Fatalf("binaries without PostgreSQL: %v", err)
	}
	for _, ci := range []bool{false, true} {
		r := &report{TB: t}
		missing(r, err, ci)
		got, other := r.skipped, r.failed
		if ci {
			got, other = r.failed, r.skipped
		}
		if !strings.Contains(got, "PostgreSQL tests skipped: PostgreSQL is not installed") || other != "" || ci != strings.Contains(got, "CI is set") {
			t.Errorf("CI %v: skipped %q, failed %q", ci, r.skipped, r.failed)
		}
	}
	// Debian's layout is found without PATH, the newest version first.
	root := t.TempDir()
	for _, v := range []string{"13", "15"} {
		dir := filepath.Join(root, v, "bin")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "initdb"), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := binaries(notInPath, root); err != nil || got != filepath.Join(root, "15", "bin") {
		t.Errorf("binaries in %s: %q, %v; want version 15's", root, got, err)
	}
}
