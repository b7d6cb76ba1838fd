package assembly

import (
	"reflect"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/storage/storetest"
	"github.com/tavern-bot/tavern/table/tabletest"
)

// Build refuses to start without its required collaborators, and builds
// every part when it has them.
func TestBuild(t *testing.T) {
	reg, err := games.NewRegistry(tabletest.Game())
	if err != nil {
		t.Fatal(err)
	}
	store := storetest.Bolt(t)
	texts := interact.Catalog(interact.Texts())
	tests := []struct {
		name string
		deps Deps
		ok   bool
	}{
		{"everything", Deps{Games: reg, Store: store, Texts: texts}, true},
		{"no games", Deps{Store: store, Texts: texts}, false},
		{"no store", Deps{Games: reg, Texts: texts}, false},
		{"no texts", Deps{Games: reg, Store: store}, false},
	}
	for _, tc := range tests {
		p, err := Build(tc.deps)
		if (err == nil) != tc.ok {
			t.Errorf("%s: error %v, want ok %v", tc.name, err, tc.ok)
			continue
		}
		if !tc.ok {
			continue
		}
		v := reflect.ValueOf(p)
		for i := range v.NumField() {
			if f := v.Field(i); f.Kind() == reflect.Pointer && f.IsNil() {
				t.Errorf("%s: part %s was not built", tc.name, v.Type().Field(i).Name)
			}
		}
	}
}
