package games

import "testing"

// TestRuleTopicIs: /rules takes a topic in any letter case, by its id or
// by the title the answer lists (issue 28: "topic:Solo" was refused while
// the answer named "Solo").
func TestRuleTopicIs(t *testing.T) {
	topic := RuleTopic{ID: "solo"}
	tests := []struct {
		query string
		names []string
		want  bool
	}{
		{"solo", nil, true},
		{"Solo", nil, true},
		{" SOLO ", nil, true},
		{"Mystery Player", []string{"Mystery Player (2 players)", "mystery player"}, true},
		{"Alleinspiel", []string{"Alleinspiel"}, true},
		{"sol", []string{"Solo"}, false},
		{"", []string{"Solo"}, false},
		{"goal", []string{"Solo"}, false},
	}
	for _, tc := range tests {
		if got := topic.Is(tc.query, tc.names...); got != tc.want {
			t.Errorf("Is(%q, %q) = %v, want %v", tc.query, tc.names, got, tc.want)
		}
	}
}
