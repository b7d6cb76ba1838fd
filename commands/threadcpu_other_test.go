//go:build !linux

package commands_test

import "time"

// threadCPU is not measured here: benchmarks leave out the CPU metrics.
func threadCPU() time.Duration { return 0 }
