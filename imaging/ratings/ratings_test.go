package ratings

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/tavern-bot/tavern/features/ratings"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/samples"
)

func board(rows int, caller int) ratings.BoardView {
	b := ratings.BoardView{Title: "Zauberschwert & Drachenei: Rangliste", Subtitle: "dieser Server"}
	names := []string{"Ann", "Bruno mit einem sehr langen Anzeigenamen, der nicht passt", "Cy", "Dee", "Eve", "Finn", "Gabi", "Hal", "Ida", "Jo"}
	for i := range rows {
		r := ratings.BoardRow{Place: i + 1, Name: names[i%len(names)], Rating: 1600 - 37*i, Detail: "±150 · 12 gespielt · 8 gewonnen"}
		if i%4 == 3 {
			r.Mark = "vorläufig (3 von 5 Partien)"
		}
		b.Rows = append(b.Rows, r)
	}
	if caller > rows {
		b.Rows = append(b.Rows, ratings.BoardRow{Place: caller, Name: "Zed", Rating: 912, Detail: "±250 · 2 gespielt · 0 gewonnen", Mark: "vorläufig (2 von 5 Partien)", Caller: true})
	} else if caller > 0 {
		b.Rows[caller-1].Caller = true
	}
	return b
}

// Every picture is 1200 px wide, decodes, and draws no text under 33 px
// (11 px on a phone that shows it 400 px wide).
func TestPicturesReadOnAPhone(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	d := New(k)
	d.Texts = &kit.TextLog{}
	profile := ratings.ProfileView{Name: "Bruno", Lines: []string{"Beendete Partien: 14 · gewonnen: 6", "Verlässlichkeit: 93 % (121 von 130 Entscheidungen rechtzeitig)", "Durchschnittliche Zeit pro Zug: 2h05m"},
		Games: []ratings.BoardRow{{Name: "Zauberschwert & Drachenei (dieser Server)", Rating: 1234, Detail: "±140 · 10 gespielt · 6 gewonnen"}, {Name: "Viscounts (alle Server)", Rating: 980, Detail: "±260 · 2 gespielt · 0 gewonnen", Mark: "vorläufig (2 von 5 Partien)"}}}
	tests := []struct {
		name string
		draw func() ([]byte, error)
	}{
		{"leaderboard", func() ([]byte, error) { return d.Leaderboard(board(10, 27)) }},
		{"leaderboard-short", func() ([]byte, error) { return d.Leaderboard(board(3, 2)) }},
		{"profile", func() ([]byte, error) { return d.Profile(profile) }},
		{"profile-unrated", func() ([]byte, error) { return d.Profile(ratings.ProfileView{Name: "Ann", Lines: profile.Lines[:1]}) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d.Texts.Reset()
			data, err := tc.draw()
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if w := img.Bounds().Dx(); w != Width {
				t.Errorf("width %d", w)
			}
			uses := d.Texts.Uses()
			if len(uses) == 0 {
				t.Fatal("no text recorded")
			}
			for _, u := range boardtest.Illegible(uses, Width, boardtest.PhoneMinPx) {
				t.Errorf("text below 33 px: %v", u)
			}
			samples.Write(t, "ratings-"+tc.name+".png", data)
		})
	}
	if _, err := d.Leaderboard(ratings.BoardView{}); err == nil {
		t.Error("an empty leaderboard was drawn")
	}
}

// BenchmarkLeaderboard draws and encodes a full leaderboard (ten rows and
// the reader's own place).
func BenchmarkLeaderboard(b *testing.B) {
	k, err := kit.New()
	if err != nil {
		b.Fatal(err)
	}
	d, v := New(k), board(10, 27)
	for b.Loop() {
		if _, err := d.Leaderboard(v); err != nil {
			b.Fatal(err)
		}
	}
}
