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
	want := []games.OptionSpec{
		{ID: coreopt.Deadline, Default: "off", Choices: []string{"off", "12", "24", "48", "72", "1d+12h/3d", "3d+1d/7d"}},
		{ID: coreopt.Absent, Default: "safe", Choices: []string{"safe", "bot", "vote"}},
		{ID: coreopt.Rated, Default: "auto", Choices: []string{"auto", "yes", "no"}},
		{ID: coreopt.Replay, Default: "on", Choices: []string{"on", "off"}},
		{ID: coreopt.Bot, Default: "normal", Choices: []string{"easy", "normal", "strong"}},
	}
	phased := info(true)
	phased.PhaseTimer, phased.PhaseDefault = true, "3m"
	for _, tc := range []struct {
		name string
		info games.Info
		want []games.OptionSpec
	}{
		{"no phases, no skip", info(false), want},
		{"phases and skip", phased, append(slices.Clone(want[:1]), append([]games.OptionSpec{{ID: coreopt.Absent, Default: "safe", Choices: []string{"safe", "bot", "vote", "skip"}}},
			append(slices.Clone(want[2:]), games.OptionSpec{ID: coreopt.Phase, Default: "3m", Choices: []string{"off", "90s", "2m", "5m", "10m", "30m", "2h", "12h", "1d", "3m"}})...)...)},
	} {
		got := coreopt.Specs(tc.info)
		if len(got) != len(tc.want) {
			t.Fatalf("%s: %d core options, want %d", tc.name, len(got), len(tc.want))
		}
		for i, w := range tc.want {
			if g := got[i]; g.ID != w.ID || g.Default != w.Default || !slices.Equal(g.Choices, w.Choices) || g.Label.Key == "" {
				t.Errorf("%s: option %d = %+v, want %+v with a label", tc.name, i, g, w)
			}
		}
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
