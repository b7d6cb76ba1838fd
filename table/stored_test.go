package table_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/tavern-bot/tavern/table"
)

// TestStoredForm: a table stored before its jobs were split into views and
// typed lists (testdata/stored.json, every stored field set, written by
// that code) loads and is stored again byte for byte: the split changed
// no field's name, tag or layout, so no stored table needs a migration.
func TestStoredForm(t *testing.T) {
	stored, err := os.ReadFile("testdata/stored.json")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := json.Compact(&want, stored); err != nil {
		t.Fatal(err)
	}
	var tb table.Table
	if err := json.Unmarshal(stored, &tb); err != nil {
		t.Fatal(err)
	}
	if len(tb.Votes) != 1 || len(tb.ClosedVotes) != 1 || len(tb.LiveBoards) != 1 || len(tb.StaleButtons) != 1 || len(tb.Seats[0].LiveDMs) != 2 || len(tb.Idle) != 2 {
		t.Fatalf("loaded %+v: a list of the stored table went missing", tb)
	}
	got, err := json.Marshal(&tb)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("stored again as\n%s\nwant\n%s", got, want.Bytes())
	}
}
