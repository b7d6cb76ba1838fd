package kit

import (
	"testing"

	"github.com/tavern-bot/tavern/imaging/samples"
)

// writeSample saves a PNG for eyeballing (see package samples).
func writeSample(t testing.TB, name string, data []byte) { samples.Write(t, name, data) }
