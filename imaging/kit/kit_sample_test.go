package kit

import (
	"os"
	"path/filepath"
	"testing"
)

// writeSample saves a PNG for eyeballing when IMAGING_SAMPLES names a folder.
func writeSample(t testing.TB, name string, data []byte) {
	t.Helper()
	dir := os.Getenv("IMAGING_SAMPLES")
	if dir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatalf("write sample: %v", err)
	}
}
