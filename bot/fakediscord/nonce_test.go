package fakediscord

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestEnforcedNonceOverHTTP drives create message with raw requests: each
// step posts body to channel after moving the fake's clock by advance (and
// deleting the first message if asked); want says what each step answers.
func TestEnforcedNonceOverHTTP(t *testing.T) {
	type step struct {
		channel     string
		body        string
		advance     time.Duration
		deleteFirst bool
	}
	type answer struct {
		status  int
		content string // the content of the message returned, for a 200
		sameAs  int    // index of the earlier step whose message this is; -1 for a new one
	}
	post := func(content, nonce string, enforce bool) string {
		b, _ := json.Marshal(map[string]any{"content": content, "nonce": nonce, "enforce_nonce": enforce})
		return string(b)
	}
	cases := []struct {
		name   string
		steps  []step
		want   []answer
		stored map[string][]string // channel → contents afterwards
		// invalid: the specification rejects the request too (the fake
		// records it rather than fail the test).
		invalid bool
	}{
		{
			name:   "a repeated enforced nonce returns the first message",
			steps:  []step{{channel: "600000000000000005", body: post("a", "n1", true)}, {channel: "600000000000000005", body: post("b", "n1", true)}},
			want:   []answer{{200, "a", -1}, {200, "a", 0}},
			stored: map[string][]string{"600000000000000005": {"a"}},
		},
		{
			name:   "without enforce_nonce a nonce changes nothing",
			steps:  []step{{channel: "600000000000000005", body: post("a", "n1", false)}, {channel: "600000000000000005", body: post("b", "n1", false)}},
			want:   []answer{{200, "a", -1}, {200, "b", -1}},
			stored: map[string][]string{"600000000000000005": {"a", "b"}},
		},
		{
			name:   "a first post without enforcement does not block a later enforced one",
			steps:  []step{{channel: "600000000000000005", body: post("a", "n1", false)}, {channel: "600000000000000005", body: post("b", "n1", true)}},
			want:   []answer{{200, "a", -1}, {200, "b", -1}},
			stored: map[string][]string{"600000000000000005": {"a", "b"}},
		},
		{
			name:   "another nonce is another message",
			steps:  []step{{channel: "600000000000000005", body: post("a", "n1", true)}, {channel: "600000000000000005", body: post("b", "n2", true)}},
			want:   []answer{{200, "a", -1}, {200, "b", -1}},
			stored: map[string][]string{"600000000000000005": {"a", "b"}},
		},
		{
			name:   "the same nonce in another channel is another message",
			steps:  []step{{channel: "600000000000000005", body: post("a", "n1", true)}, {channel: "600000000000000006", body: post("b", "n1", true)}},
			want:   []answer{{200, "a", -1}, {200, "b", -1}},
			stored: map[string][]string{"600000000000000005": {"a"}, "600000000000000006": {"b"}},
		},
		{
			name: "just inside the window the nonce still holds",
			steps: []step{{channel: "600000000000000005", body: post("a", "n1", true)},
				{channel: "600000000000000005", body: post("b", "n1", true), advance: nonceWindow - time.Second}},
			want:   []answer{{200, "a", -1}, {200, "a", 0}},
			stored: map[string][]string{"600000000000000005": {"a"}},
		},
		{
			name: "after the window the nonce is free again",
			steps: []step{{channel: "600000000000000005", body: post("a", "n1", true)},
				{channel: "600000000000000005", body: post("b", "n1", true), advance: nonceWindow}},
			want:   []answer{{200, "a", -1}, {200, "b", -1}},
			stored: map[string][]string{"600000000000000005": {"a", "b"}},
		},
		{
			name: "a repeat after the first message was deleted is Unknown Message",
			steps: []step{{channel: "600000000000000005", body: post("a", "n1", true)},
				{channel: "600000000000000005", body: post("b", "n1", true), deleteFirst: true}},
			want:   []answer{{200, "a", -1}, {404, "", -1}},
			stored: map[string][]string{"600000000000000005": nil},
		},
		{
			name:    "a nonce over 25 characters is refused",
			invalid: true,
			steps:   []step{{channel: "600000000000000005", body: post("a", strings.Repeat("x", 26), true)}},
			want:    []answer{{400, "", -1}},
			stored:  map[string][]string{"600000000000000005": nil},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := New(t)
			if tc.invalid {
				f = start(f.spec, nil)
				t.Cleanup(f.Close)
			}
			now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
			f.SetClock(func() time.Time { return now })
			var ids []string
			for i, s := range tc.steps {
				now = now.Add(s.advance)
				if s.deleteFirst {
					f.Channels.DeleteMessage(tc.steps[0].channel, ids[0])
				}
				status, got := rawPost(t, f, s.channel, s.body)
				ids = append(ids, got.ID)
				w := tc.want[i]
				if status != w.status {
					t.Fatalf("step %d: status %d, want %d", i, status, w.status)
				}
				if status != http.StatusOK {
					continue
				}
				if got.Content != w.content {
					t.Errorf("step %d: returned %q, want %q", i, got.Content, w.content)
				}
				if w.sameAs >= 0 && got.ID != ids[w.sameAs] {
					t.Errorf("step %d: id %s, want step %d's %s", i, got.ID, w.sameAs, ids[w.sameAs])
				}
				if w.sameAs < 0 && slices.Contains(ids[:i], got.ID) {
					t.Errorf("step %d: id %s repeats an earlier message, want a new one", i, got.ID)
				}
			}
			if got := len(f.Violations()); tc.invalid && f.Checked() && got != 1 {
				t.Errorf("the specification rejected %d requests, want 1", got)
			}
			for ch, want := range tc.stored {
				var got []string
				for _, m := range f.Channels.Messages(ch) {
					got = append(got, m.Content)
				}
				if !slices.Equal(got, want) {
					t.Errorf("channel %s holds %q, want %q", ch, got, want)
				}
			}
		})
	}
}

type created struct {
	ID      string `json:"id"`
	Content string `json:"content"`
}

func rawPost(t *testing.T, f *Fake, channel, body string) (int, created) {
	t.Helper()
	resp := botPost(t, f, "channels/"+channel+"/messages", body)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var c created
	if resp.StatusCode == http.StatusOK {
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("decode %s: %v", data, err)
		}
	}
	return resp.StatusCode, c
}

// botPost posts a JSON body to the fake's API path as a bot would, with
// its token.
func botPost(t *testing.T, f *Fake, path, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, f.APIURL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot test")
	req.Header.Set("Content-Type", "application/json")
	resp, err := f.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}
