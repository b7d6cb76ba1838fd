// Package samples lets imaging tests save the pictures they draw, so that a
// person can look at them: set IMAGING_SAMPLES to a folder and run the tests.
package samples

import (
	"os"
	"path/filepath"
	"testing"
)

// Env names the folder samples are written to; unset, nothing is written.
const Env = "IMAGING_SAMPLES"

// Enabled reports whether samples are written, so a test can skip encoding
// pictures nobody will look at.
func Enabled() bool { return os.Getenv(Env) != "" }

// Write saves data as name in the samples folder, if one is set.
func Write(tb testing.TB, name string, data []byte) {
	tb.Helper()
	dir := os.Getenv(Env)
	if dir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		tb.Fatalf("write sample %s: %v", name, err)
	}
}
