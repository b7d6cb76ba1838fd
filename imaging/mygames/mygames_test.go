package mygames

import (
	"bytes"
	"image/png"
	"slices"
	"testing"

	"github.com/tavern-bot/tavern/features/mygames"
	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/samples"
)

func sample(n int, more string) mygames.View {
	v := mygames.View{Title: "Deine Tische (14)", More: more}
	rows := []mygames.Row{
		{Game: "Zauberschwert & Drachenei", Players: "Ann, Bo, Cy", Turn: "Deine Entscheidung", Waited: "seit 2d3h", Yours: true},
		{Game: "Dungeon Designer", Players: "Bartholomäus-Maximilian von Drachenstein, Ann, Bo, Cy, Dee", Turn: "Wartet auf Bartholomäus-Maximilian von Drachenstein, Dee", Waited: "seit 25m"},
		{Game: "Viscounts of the West Kingdom", Players: "Ann", Turn: "Lobby", Waited: "seit 4h"},
		{Game: "Sorcerer City", Players: "Ann, Bo", Turn: "Wartet auf Bo · deine Uhr ruht", Waited: "seit 1d"},
	}
	for i := range n {
		v.Rows = append(v.Rows, rows[i%len(rows)])
	}
	return v
}

// Every text of the picture reads on a phone: at least 33 px on a picture
// 1200 px wide; the title, each game, whose turn and how long are drawn
// whole (a long list of players may end in "…": the words list them).
func TestDrawsEveryTextReadably(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	d := New(k)
	var log kit.TextLog
	d.Texts = &log
	for name, v := range map[string]mygames.View{
		"one.png":  sample(1, ""),
		"four.png": sample(4, ""),
		"more.png": sample(12, "… und 2 weitere im Text oben"),
	} {
		log.Reset()
		data, err := d.Draw(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w := img.Bounds().Dx(); w != Width {
			t.Errorf("%s: %d px wide, want %d", name, w, Width)
		}
		var drawn []string
		for _, u := range log.Uses() {
			drawn = append(drawn, u.Text)
		}
		for _, u := range boardtest.Illegible(log.Uses(), Width, boardtest.PhoneMinPx) {
			t.Errorf("%s: %v is below 33 px", name, u)
		}
		want := []string{v.Title}
		for _, r := range v.Rows {
			want = append(want, r.Game, r.Turn, r.Waited)
		}
		if v.More != "" {
			want = append(want, v.More)
		}
		for _, w := range want {
			if !slices.Contains(drawn, w) {
				t.Errorf("%s: %q not drawn whole (drew %q)", name, w, drawn)
			}
		}
		samples.Write(t, "mygames-"+name, data)
	}
}

func TestRefusesEmpty(t *testing.T) {
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(k).Draw(mygames.View{Title: "Your tables (0)"}); err == nil {
		t.Error("a picture of no tables was drawn")
	}
}

// BenchmarkDraw draws and encodes the largest /games picture (twelve
// tables and the line for the rest).
func BenchmarkDraw(b *testing.B) {
	k, err := kit.New()
	if err != nil {
		b.Fatal(err)
	}
	d, v := New(k), sample(12, "… and 3 more in the words above")
	for b.Loop() {
		if _, err := d.Draw(v); err != nil {
			b.Fatal(err)
		}
	}
}
