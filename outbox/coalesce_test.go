package outbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

const ch = "c1"

// board is a change's board post: narration told, then who is awaited.
func board(told, waiting string, mentions ...string) Post {
	content := told + "\n" + waiting
	return Post{Kind: KindPost, ChannelID: ch, Picture: &Picture{Viewer: -1, Name: "board.png"}, Remember: RememberBoard,
		Told: ToldBytes(content, []string{told}), Message: Stored{Content: content, Mentions: mentions,
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{}}}}
}

func status(kind PostKind, id, text string) Post {
	return Post{Kind: kind, ChannelID: ch, MessageID: id, Remember: RememberStatus, Pin: kind == KindPost, Message: Stored{Content: text}}
}

func line(text string) Post {
	return Post{Kind: KindPost, ChannelID: ch, Message: Stored{Content: text}}
}

func clear(id string) Post { return Post{Kind: KindClear, ChannelID: ch, MessageID: id} }

func decisionDM(user, text string) Post {
	return Post{Kind: KindDM, UserID: user, Remember: RememberDM, Picture: &Picture{Viewer: 0, Name: "hand.png"}, Message: Stored{Content: text}}
}

func change(v int, posts ...Post) Delivery {
	return Delivery{Game: "g", Table: "t1", Channel: ch, Version: v, State: []byte(fmt.Sprint(v)), Posts: posts}
}

// describe is a delivery's posts on one line each, for comparison.
func describe(d Delivery) string {
	var out []string
	for _, p := range d.Posts {
		s := string(p.Kind) + " " + p.MessageID + p.UserID
		if p.Picture != nil {
			s += " [" + p.Picture.Name + "]"
		}
		s += " " + strings.ReplaceAll(p.Message.Content, "\n", "|")
		if len(p.Message.Mentions) > 0 {
			s += " @" + strings.Join(p.Message.Mentions, ",")
		}
		out = append(out, s)
	}
	return strings.Join(out, "\n")
}

func TestCoalesce(t *testing.T) {
	tests := []struct {
		name string
		in   []Delivery
		want string
	}{
		{name: "one change stays as it is",
			in:   []Delivery{change(3, board("Ann moved.", "<@u2>: your turn", "u2"), clear("b2"), status(KindEdit, "s", "move 3"))},
			want: "post  [board.png] Ann moved.|<@u2>: your turn @u2\nclear b2 \nedit s move 3"},
		{name: "a burst posts the newest board, telling every commit in order",
			in: []Delivery{
				change(3, board("Ann moved.", "<@u2>: your turn", "u2"), clear("b2"), status(KindEdit, "s", "move 3"), decisionDM("u2", "decide 3")),
				change(4, board("Bo moved.", "<@u3>: your turn", "u3"), status(KindEdit, "s", "move 4"), decisionDM("u3", "decide 4")),
				change(5, board("Cy moved.", "<@u1>: your turn", "u1"), status(KindEdit, "s", "move 5"), decisionDM("u1", "decide 5")),
			},
			want: "clear b2 \ndm u2 [hand.png] decide 3\ndm u3 [hand.png] decide 4\npost  [board.png] Ann moved.|Bo moved.|Cy moved.|<@u1>: your turn @u1\nedit s move 5\ndm u1 [hand.png] decide 5"},
		{name: "a seat asked again gets only its newest decision",
			in: []Delivery{
				change(3, board("Ann moved.", "<@u2>: your turn", "u2"), decisionDM("u2", "decide 3")),
				change(4, board("Bo stepped.", "<@u2>: your turn again"), decisionDM("u2", "decide 4")),
			},
			want: "post  [board.png] Ann moved.|Bo stepped.|<@u2>: your turn again @u2\ndm u2 [hand.png] decide 4"},
		{name: "a user pinged only by a dropped board whom the newest no longer names is not pinged",
			in: []Delivery{
				change(3, board("Ann moved.", "<@u2>: your turn", "u2")),
				change(4, board("Bo moved.", "<@u3>: your turn", "u3")),
			},
			want: "post  [board.png] Ann moved.|Bo moved.|<@u3>: your turn @u3"},
		{name: "quiet lines before a board are told in it; after it they stay",
			in: []Delivery{
				change(3, line("Ann chose secretly.")),
				change(4, board("Everyone chose.", "<@u1>: pick")),
				change(5, line("Bo chose secretly.")),
			},
			want: "post  [board.png] Ann chose secretly.|Everyone chose.|<@u1>: pick\npost  Bo chose secretly."},
		{name: "lines without a later board stay lines",
			in:   []Delivery{change(3, line("Ann chose secretly.")), change(4, line("Bo chose secretly."))},
			want: "post  Ann chose secretly.\npost  Bo chose secretly."},
		{name: "the status is posted once; an edit known by an older change wins over a second post",
			in: []Delivery{
				change(3, status(KindEdit, "s", "move 3")),
				change(4, status(KindPost, "", "move 4")),
			},
			want: "edit s move 4"},
		{name: "a message edited twice is edited once, and not cleared before",
			in: []Delivery{
				change(3, Post{Kind: KindEdit, ChannelID: "dm", MessageID: "d1", Message: Stored{Content: "pick"}}, clear("b1")),
				change(4, Post{Kind: KindClear, ChannelID: "dm", MessageID: "d1"}, clear("b1"), Post{Kind: KindEdit, ChannelID: "dm", MessageID: "d1", Message: Stored{Content: "settled"}}),
			},
			want: "clear b1 \nedit d1 settled"},
		{name: "a newest change that kept no state (it drew nothing): the board is drawn from the state before it",
			in: []Delivery{
				change(3, board("Ann moved.", "<@u2>: your turn", "u2")),
				{Game: "g", Table: "t1", Channel: ch, Version: 4, Posts: []Post{line("Bot 1 is thinking.")}},
			},
			want: "post  [board.png] Ann moved.|<@u2>: your turn @u2\npost  Bot 1 is thinking."},
		{name: "the results and the end's DMs stay",
			in: []Delivery{
				change(3, board("Ann moved.", "<@u2>: your turn", "u2")),
				change(4, board("Bo ended it.", ""), Post{Kind: KindPost, ChannelID: ch, Picture: &Picture{Viewer: -1, Name: "results.png", Results: true}, Message: Stored{Content: "Standings"}},
					Post{Kind: KindDM, UserID: "u1", Message: Stored{Content: "over"}}, Post{Kind: KindDM, UserID: "u2", Message: Stored{Content: "over"}}),
			},
			want: "post  [board.png] Ann moved.|Bo ended it.|\npost  [results.png] Standings\ndm u1 over\ndm u2 over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Coalesce(tc.in)
			if d := describe(got); d != tc.want {
				t.Errorf("coalesced:\n%s\nwant:\n%s", d, tc.want)
			}
			newest := tc.in[len(tc.in)-1]
			state := newest.State
			if len(state) == 0 {
				state = tc.in[len(tc.in)-2].State
			}
			if got.Version != newest.Version || string(got.State) != string(state) {
				t.Errorf("version %d state %q, want the newest change's %d and the newest state %q", got.Version, got.State, newest.Version, state)
			}
		})
	}
}

// TestCoalesceTakesTheOldestNonce: what is posted in place of older posts
// carries the oldest one's nonce, so that a post that reached Discord
// before a crash is made the new one rather than left beside it.
func TestCoalesceTakesTheOldestNonce(t *testing.T) {
	nonced := func(p Post, nonce string) Post {
		p.Message.Nonce = nonce
		if p.Blocked != nil {
			b := *p.Blocked
			b.Message.Nonce = nonce + "b"
			p.Blocked = &b
		}
		return p
	}
	blockedDM := func(user, text string) Post {
		p := decisionDM(user, text)
		p.Blocked = &Post{Kind: KindPost, ChannelID: ch, Message: Stored{Content: "open your DMs"}}
		return p
	}
	// A DM decision edited by two changes may be posted anew at the
	// bottom of its DM by either (see Post.Resurface).
	decisionEdit := func(id, text string) Post {
		return Post{Kind: KindEdit, ChannelID: "dm9", MessageID: id, Resurface: true, Message: Stored{Content: text}}
	}
	got := Coalesce([]Delivery{
		change(3, nonced(board("Ann moved.", "<@u2>: your turn", "u2"), "t1.3.0"), nonced(blockedDM("u2", "decide 3"), "t1.3.1"),
			nonced(decisionDM("u3", "wait 3"), "t1.3.2"), nonced(decisionEdit("m7", "choose 3"), "t1.3.3")),
		change(4, nonced(board("Bo moved.", "<@u3>: your turn", "u3"), "t1.4.0"), nonced(blockedDM("u2", "decide 4"), "t1.4.1"),
			nonced(decisionEdit("m7", "choose 4"), "t1.4.2"), nonced(decisionEdit("m8", "choose once"), "t1.4.3")),
		change(5, nonced(board("Cy moved.", "<@u1>: your turn", "u1"), "t1.5.0"), nonced(decisionDM("u3", "decide 5"), "t1.5.1"),
			nonced(decisionEdit("m7", "choose 5"), "t1.5.2")),
	})
	want := map[string]string{"post": "t1.3.0", "dm u2": "t1.3.1", "dm u2 blocked": "t1.3.1b", "dm u3": "t1.3.2",
		"edit m7 choose 5": "t1.3.3", "edit m8 choose once": "t1.4.3"}
	seen := map[string]string{}
	for _, p := range got.Posts {
		key := string(p.Kind)
		if p.UserID != "" {
			key += " " + p.UserID
		}
		if p.MessageID != "" {
			key += " " + p.MessageID + " " + p.Message.Content
		}
		seen[key] = p.Message.Nonce
		if p.Blocked != nil {
			seen[key+" blocked"] = p.Blocked.Message.Nonce
		}
	}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("nonces %v, want %v", seen, want)
	}
	// A change on its own keeps its nonces.
	one := change(6, nonced(board("Di moved.", "<@u2>: your turn", "u2"), "t1.6.0"))
	if got := Coalesce([]Delivery{one}); got.Posts[0].Message.Nonce != "t1.6.0" {
		t.Errorf("one change's board got nonce %q, want its own", got.Posts[0].Message.Nonce)
	}
}

// TestCoalesceKeepsWithinDiscordsLength: a long burst's story gives way
// from its oldest words; the newest board's own words stay whole.
func TestCoalesceKeepsWithinDiscordsLength(t *testing.T) {
	var in []Delivery
	for v := range 100 {
		in = append(in, change(v, board(fmt.Sprintf("Move %d: %s", v, strings.Repeat("x", 40)), "<@u1>: your turn", "u1")))
	}
	got := Coalesce(in).Posts
	if len(got) != 1 {
		t.Fatalf("%d posts, want the newest board", len(got))
	}
	c := got[0].Message.Content
	if n := len([]rune(c)); n > MaxContent {
		t.Errorf("%d characters, Discord takes %d", n, MaxContent)
	}
	if !strings.HasPrefix(c, "…\n") || !strings.HasSuffix(c, "Move 99: "+strings.Repeat("x", 40)+"\n<@u1>: your turn") || !strings.Contains(c, "Move 98:") || strings.Contains(c, "Move 0:") {
		t.Errorf("content %q: want the oldest moves cut with …, the newest told whole", c)
	}
	if len(got[0].Message.Mentions) != 1 {
		t.Errorf("mentions %v, want u1 once", got[0].Message.Mentions)
	}
}

func TestToldBytes(t *testing.T) {
	tests := []struct {
		content   string
		narration []string
		want      int
	}{
		{"a\nbc\nwaiting", []string{"a", "bc"}, 4},
		{"waiting", nil, 0},
		{"a\nb…", []string{"a", "bcdef"}, len("a\nb…")}, // cut short inside the narration
	}
	for _, tc := range tests {
		if got := ToldBytes(tc.content, tc.narration); got != tc.want {
			t.Errorf("ToldBytes(%q, %q) = %d, want %d", tc.content, tc.narration, got, tc.want)
		}
	}
}
