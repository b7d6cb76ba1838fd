package coreopt_test

import (
	"errors"
	"maps"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/table/coreopt"
)

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want map[string]string // nil: refused
	}{
		{"", map[string]string{}},
		{"deadline=24", map[string]string{"deadline": "24"}},
		{" deadline = 24 , rounds=2,", map[string]string{"deadline": "24", "rounds": "2"}},
		{"deadline=24,deadline=48", nil},
		{"deadline", nil},
		{"=24", nil},
		{"deadline=", nil},
	}
	for _, tc := range tests {
		got, ok := coreopt.Parse(tc.text)
		if ok != (tc.want != nil) || !maps.Equal(got, tc.want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", tc.text, got, ok, tc.want)
		}
	}
}

// info is a game with one option of its own.
func info(skips bool) games.Info {
	return games.Info{ID: "g", SkipsAbsent: skips, Options: []games.OptionSpec{{ID: "rounds", Choices: []string{"1", "2"}, Default: "2"}}}
}

func errKey(err error) string {
	var ge *games.Error
	if errors.As(err, &ge) {
		return ge.Text.Key
	}
	return ""
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		skips   bool
		opts    map[string]string
		wantErr string
		want    map[string]string // some of the result
	}{
		{"defaults filled", false, nil, "", map[string]string{"rounds": "2", coreopt.Deadline: coreopt.DeadlineOff, coreopt.Absent: coreopt.AbsentSafe, coreopt.Rated: coreopt.RatedAuto, coreopt.Replay: coreopt.ReplayOn, coreopt.Bot: coreopt.BotNormal}},
		{"chosen kept", false, map[string]string{"rounds": "1", coreopt.Deadline: "3d+1d/7d"}, "", map[string]string{"rounds": "1", coreopt.Deadline: "3d+1d/7d"}},
		{"unknown option", false, map[string]string{"speed": "1"}, coreopt.ErrUnknown, nil},
		{"bad value", false, map[string]string{coreopt.Deadline: "5"}, coreopt.ErrBadValue, nil},
		{"skip where the rulebook has none", false, map[string]string{coreopt.Absent: coreopt.AbsentSkip}, coreopt.ErrSkipNotAllowed, nil},
		{"skip where it has one", true, map[string]string{coreopt.Absent: coreopt.AbsentSkip}, "", map[string]string{coreopt.Absent: coreopt.AbsentSkip}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := coreopt.Validate(coreopt.All(info(tc.skips)), tc.opts)
			if errKey(err) != tc.wantErr {
				t.Fatalf("error %v, want key %q", err, tc.wantErr)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
				}
			}
		})
	}
}

func TestSpecsAndGameOnly(t *testing.T) {
	in := info(false)
	if err := coreopt.CheckIDs(in); err != nil {
		t.Errorf("CheckIDs: %v", err)
	}
	in.Options = append(in.Options, games.OptionSpec{ID: coreopt.Deadline})
	if coreopt.CheckIDs(in) == nil {
		t.Error("a game option named like a core option is accepted")
	}
	var ids []string
	for _, s := range coreopt.Specs(info(false)) {
		ids = append(ids, s.ID)
	}
	if want := []string{coreopt.Deadline, coreopt.Absent, coreopt.Rated, coreopt.Replay, coreopt.Bot}; !slices.Equal(ids, want) {
		t.Errorf("core options %v, want %v (no phase timer for a game without phases)", ids, want)
	}
	got := coreopt.GameOnly(map[string]string{"rounds": "1", coreopt.Deadline: "24", coreopt.Phase: "2m", coreopt.Bot: coreopt.BotEasy})
	if !maps.Equal(got, map[string]string{"rounds": "1"}) {
		t.Errorf("GameOnly = %v, want the game's own option alone", got)
	}
}

func TestCatalogComplete(t *testing.T) {
	c := coreopt.Catalog()
	en, de := slices.Sorted(maps.Keys(c["en"])), slices.Sorted(maps.Keys(c["de"]))
	if !slices.Equal(en, de) || len(en) != 9 {
		t.Errorf("en keys %v, de keys %v: want the same 9", en, de)
	}
}
