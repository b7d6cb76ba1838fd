package standings

import (
	"bytes"
	"image/png"
	"strconv"
	"testing"

	"github.com/tavern-bot/tavern/imaging/boardtest"
	"github.com/tavern-bot/tavern/imaging/kit"
	"github.com/tavern-bot/tavern/imaging/samples"
)

func sampleSheet(n int) Sheet {
	s := Sheet{Title: "Zauberschwert & Drachenei · Swiss", Subtitle: "Standings after round 2 of 3",
		Headings:    [6]string{"#", "Player", "Points", "Opp.", "Score ±", "Games"},
		DroppedMark: "(dropped)"}
	for i := range n {
		s.Rows = append(s.Rows, Row{Rank: i + 1 - i%2, Name: "Player number " + strconv.Itoa(i+1), Points: float64(2*n-i) / 3,
			Opponent: float64(3*n - i), Relative: float64(n/2 - i), Played: 2, Dropped: i == 3})
	}
	s.Rows[1].Name = "Bartholomäus-Maximilian von Drachenstein der Unermüdliche"
	return s
}

func samplePodium() Podium {
	return Podium{Title: "Zauberschwert & Drachenei · Swiss", Subtitle: "Final standings", PointsLabel: "points",
		Places: []Row{{Rank: 1, Name: "Ada", Points: 5.5}, {Rank: 2, Name: "Bruno", Points: 4}, {Rank: 3, Name: "Chiara Beatrice Lombardi", Points: 3.5}}}
}

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	k, err := kit.New()
	if err != nil {
		t.Fatal(err)
	}
	return New(k)
}

// Every text of both pictures reads on a phone: at least 33 px at 1200 px.
func TestPhoneLegibility(t *testing.T) {
	r := newRenderer(t)
	var log kit.TextLog
	r.Texts = &log
	pics := map[string]func() ([]byte, error){
		"standings.png": func() ([]byte, error) { return r.Standings(sampleSheet(9)) },
		"long.png":      func() ([]byte, error) { s := sampleSheet(60); s.More = "… and 20 more"; return r.Standings(s) },
		"podium.png":    func() ([]byte, error) { return r.Podium(samplePodium()) },
		"podium-tie.png": func() ([]byte, error) {
			p := samplePodium()
			p.Places[1].Rank = 1
			return r.Podium(p)
		},
	}
	for name, draw := range pics {
		log.Reset()
		data, err := draw()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w := img.Bounds().Dx(); w != 1200 {
			t.Errorf("%s: %d px wide", name, w)
		}
		uses := log.Uses()
		if len(uses) == 0 {
			t.Fatalf("%s: no text recorded", name)
		}
		for _, u := range boardtest.Illegible(uses, 1200, boardtest.PhoneMinPx) {
			t.Errorf("%s: %v is below 33 px", name, u)
		}
		samples.Write(t, "standings-"+name, data)
	}
}

func TestRefusesEmpty(t *testing.T) {
	r := newRenderer(t)
	if _, err := r.Standings(Sheet{}); err == nil {
		t.Error("standings without rows drawn")
	}
	if _, err := r.Podium(Podium{}); err == nil {
		t.Error("podium without places drawn")
	}
}

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		f            float64
		plain, signd string
	}{{3, "3", "+3"}, {2.5, "2.5", "+2.5"}, {5.0 / 3, "1.67", "+1.67"}, {0, "0", "0"}, {-4, "-4", "−4"}, {-0.001, "0", "0"}} {
		if got := Number(c.f); got != c.plain {
			t.Errorf("Number(%v) = %q, want %q", c.f, got, c.plain)
		}
		if got := Signed(c.f); got != c.signd {
			t.Errorf("Signed(%v) = %q, want %q", c.f, got, c.signd)
		}
	}
}

// BenchmarkStandings draws and encodes the largest standings picture
// (MaxRows lines).
func BenchmarkStandings(b *testing.B) {
	r := newRenderer(b)
	s := sampleSheet(MaxRows)
	for b.Loop() {
		if _, err := r.Standings(s); err != nil {
			b.Fatal(err)
		}
	}
}
