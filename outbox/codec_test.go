package outbox

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestDeliveryCodec checks that an outbox item reads back as the delivery
// staged, with its state byte for byte, that an item staged before the
// framing (JSON, the state in base64) still reads, and that a damaged item
// is refused rather than delivered wrong.
func TestDeliveryCodec(t *testing.T) {
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	rows := []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Pass <now>", Style: discordgo.PrimaryButton, CustomID: "m|c1|t1|7|pass"},
			discordgo.Button{Label: "Hand", Style: discordgo.SecondaryButton, CustomID: "h|c1|t1|7|", Disabled: true},
		}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: "s|c1|t1|7|", Placeholder: "Room",
				Options: []discordgo.SelectMenuOption{{Label: "A1", Value: "a1"}, {Label: "B2", Value: "b2", Description: "x"}}},
		}},
	}
	base := Delivery{Game: "g", Table: "t1", Channel: "c1", Version: 7, At: at, Lang: "de", Names: []string{"Ann", "Bo"},
		Langs: []string{"de", "en"}, Urgent: true, Posts: []Post{
			{Kind: KindPost, ChannelID: "c1", Message: Stored{Content: "a <b> & \"c\"\n", Components: rows, Nonce: "t1.7.0"},
				Picture: &Picture{Viewer: -1, Name: "board.png"}, Remember: RememberBoard},
			{Kind: KindDM, UserID: "u2", Message: Stored{Content: "dm"}, Blocked: &Post{Kind: KindPost, ChannelID: "c1", Message: Stored{Content: "closed"}}},
			{Kind: KindDM, UserID: "u1", Message: Stored{Content: "see https://discord.com/channels/g/c1"}, BoardLink: "https://discord.com/channels/g/c1"},
		}}
	withState := base
	withState.State = []byte(`{"deck":[1,2,3,4,5,6,7,8,9,10,1,2,3,4,5,6,7,8,9,10],"rng":"cGNn"}`)
	for _, tc := range []struct {
		name string
		d    Delivery
	}{
		{"with state", withState},
		{"without state", base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			item, scratch, err := Encode(tc.d, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Working memory reused by a second call changes nothing.
			if again, _, err := Encode(tc.d, append(scratch, "left over"...)); err != nil || !bytes.Equal(again, item) {
				t.Fatalf("encoded again with used working memory: %q (%v), want %q", again, err, item)
			}
			got, err := Decode(item)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.d) {
				t.Fatalf("read back\n%+v\nwant\n%+v", got, tc.d)
			}
			if len(tc.d.State) > 0 && len(item) >= len(mustJSON(t, tc.d)) {
				t.Errorf("item of %d bytes is not smaller than the JSON of %d", len(item), len(mustJSON(t, tc.d)))
			}
			bad := [][]byte{nil, {}, item[:1], item[:len(item)/2], append([]byte{deliveryFrame + 1}, item[1:]...)}
			if len(tc.d.State) > 0 {
				bad = append(bad, item[:len(item)-1])
			}
			for k, b := range bad {
				if _, err := Decode(b); err == nil {
					t.Errorf("damaged item %d (%d of %d bytes) read back without an error", k, len(b), len(item))
				}
			}
		})
	}
	t.Run("staged before the framing", func(t *testing.T) {
		got, err := Decode(mustJSON(t, withState))
		if err != nil || !reflect.DeepEqual(got, withState) {
			t.Fatalf("read back %+v (%v), want %+v", got, err, withState)
		}
	})
}

func mustJSON(t *testing.T, d Delivery) []byte {
	t.Helper()
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDeliveryJSONMatchesMarshal checks that the hand-written JSON of a
// delivery is exactly what json.Marshal makes of it (without the state),
// for every kind of field and string a delivery can hold.
func TestDeliveryJSONMatchesMarshal(t *testing.T) {
	odd := "a\"b\\c\n\r\t\b\f\x00\x1f<tag> & \u2028\u2029 é 🐉 \xff\xfe end"
	one := 1
	cases := []struct {
		name string
		d    Delivery
	}{
		{"empty", Delivery{}},
		{"no posts, names empty", Delivery{Game: "g", Names: []string{}, Posts: []Post{}}},
		{"odd strings", Delivery{Game: odd, Table: odd, Channel: odd, Lang: odd, Names: []string{odd, ""}, Langs: []string{odd},
			At: time.Date(2026, 1, 2, 3, 4, 5, 600, time.FixedZone("x", 3600)), Version: -3,
			Posts: []Post{{Kind: PostKind(odd), ChannelID: odd, MessageID: odd, UserID: odd, Remember: Remember(odd),
				Message: Stored{Content: odd, Mentions: []string{odd}, Nonce: odd}}}}},
		{"every post field", Delivery{Version: 12, Urgent: true, Posts: []Post{
			{Kind: KindDM, UserID: "u", Picture: &Picture{Viewer: -1, Name: "b.png", Results: true}, Pin: true, Remember: RememberDM, Told: 5,
				Blocked: &Post{Kind: KindPost, ChannelID: "c", Message: Stored{Content: "closed", Mentions: []string{"u"}}}},
			{Kind: KindEdit, Picture: &Picture{}},
			{Kind: KindPost, Picture: &Picture{Name: "replay.gif", Replay: true}},
			{Kind: KindClear, ChannelID: "c", MessageID: "m"},
		}}},
		{"components", Delivery{Posts: []Post{{Kind: KindPost, Message: Stored{Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: odd, CustomID: odd},
				discordgo.Button{Label: "l", Style: discordgo.LinkButton, URL: "https://x/?a=1&b=<2>", SKUID: "s", ID: 4, Disabled: true},
				discordgo.Button{Label: "e", Style: discordgo.SuccessButton, Emoji: &discordgo.ComponentEmoji{Name: "🐉", ID: "9", Animated: true}},
				&discordgo.Button{Label: "pointer"},
			}, ID: 7},
			discordgo.ActionsRow{},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: "s", Placeholder: odd, MinValues: &one, MaxValues: 2,
					Options: []discordgo.SelectMenuOption{{Label: odd, Value: "v", Description: "d", Default: true, Emoji: &discordgo.ComponentEmoji{Name: "x"}}}},
			}},
		}}}}}},
	}
	// appendComponent writes these two types field by field.
	if n := reflect.TypeFor[discordgo.Button]().NumField(); n != 8 {
		t.Errorf("discordgo.Button has %d fields, appendComponent writes 8: teach it the new ones", n)
	}
	if n := reflect.TypeFor[discordgo.ActionsRow]().NumField(); n != 2 {
		t.Errorf("discordgo.ActionsRow has %d fields, appendComponent writes 2: teach it the new ones", n)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := mustJSON(t, tc.d)
			got, err := appendDeliveryJSON(nil, &tc.d)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Fatalf("hand-written JSON differs from json.Marshal:\n got %s\nwant %s", got, want)
			}
		})
	}
}
