// Package samples lets imaging tests save the pictures they draw, so that a
// person can look at them (set IMAGING_SAMPLES to a folder and run the
// tests), and compare two drawings of the same picture.
package samples

import (
	"image"
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

// FarPixels counts the pixels of two same-sized pictures whose colours
// differ by more than limit in some channel: tests use it to check that a
// faster way of drawing looks the same, allowing for anti-aliasing.
func FarPixels(a, b *image.RGBA, limit int) int {
	n := 0
	for i := 0; i+3 < len(a.Pix) && i+3 < len(b.Pix); i += 4 {
		for k := range 4 {
			if d := int(a.Pix[i+k]) - int(b.Pix[i+k]); d > limit || d < -limit {
				n++
				break
			}
		}
	}
	return n
}
