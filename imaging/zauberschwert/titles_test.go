package zauberschwert

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// The rulebook's phases of a round and the steps the board names, in both
// languages: what the headers must say.
var (
	phaseNames = map[string][2]string{
		"A": {"New adventures", "Neue Abenteuerkarten"},
		"B": {"Magic supply", "Magieversorgung"},
		"C": {"Choose adventures", "Abenteuer auswählen"},
		"D": {"Resolve adventures", "Auswertung der Abenteuer"},
		"E": {"Trade and lay out artifacts", "Tauschen und Artefakte auslegen"},
		"F": {"Next start player", "Startspielerwechsel"},
	}
	stepNames = map[string][2]string{
		"spells":  {"Spells may be cast", "Zaubersprüche möglich"},
		"place":   {"Placing wizards", "Zauberer setzen"},
		"choose":  {"Fight together or alone?", "Gemeinsam oder allein?"},
		"auction": {"Auction", "Versteigerung"},
		"bonus":   {"Bonus choice", "Bonus wählen"},
		"trade":   {"Trading artifact cards", "Artefakte tauschen"},
		"lay":     {"Laying out artifacts", "Artefakte auslegen"},
	}
	langs = []string{"en", "de"}
)

// drawnTexts draws view in lang for viewer and returns every text drawn.
func drawnTexts(t *testing.T, r *Renderer, view any, lang string, viewer int) []kit.TextUse {
	t.Helper()
	var log kit.TextLog
	m := meta(lang, viewer)
	m.Texts = &log
	if _, err := r.Render(view, m); err != nil {
		t.Fatal(err)
	}
	return log.Uses()
}

// drew reports whether uses hold text exactly as given.
func drew(uses []kit.TextUse, text string) bool {
	return slices.ContainsFunc(uses, func(u kit.TextUse) bool { return u.Text == text })
}

// drewLines reports whether consecutive uses, joined by spaces, say text:
// text wrapped onto lines.
func drewLines(uses []kit.TextUse, text string) bool {
	for i := range uses {
		joined := ""
		for _, u := range uses[i:] {
			if joined += u.Text; joined == text {
				return true
			}
			if !strings.HasPrefix(text, joined+" ") {
				break
			}
			joined += " "
		}
	}
	return false
}

// TestHeadersNameThePhase: the header of the board and of each private
// picture names the round and the phase by its letter and its rulebook
// name, and the info panel names the step, in both languages. Placement
// is named as under way ("Placing wizards"), also before anyone placed.
func TestHeadersNameThePhase(t *testing.T) {
	r := newRenderer(t)
	views := publicFixtures()
	// Every phase: the fixtures hold C, D and E; the others are made from
	// them, as the rules show them (no step under way in A, B and F).
	for letter := range phaseNames {
		if !slices.ContainsFunc(slices.Collect(maps.Keys(views)), func(k string) bool { return strings.HasPrefix(k, letter+"-") }) {
			v := base(3)
			v.Phase, v.Step = letter, ""
			views[letter+"-made"] = v
		}
	}
	unplaced := base(4)
	for i := range unplaced.Seats {
		unplaced.Seats[i].Placed = zs.NotPlaced
	}
	for i := range unplaced.Display {
		unplaced.Display[i].Wizards = nil
	}
	views["C-place-nobody-placed"] = unplaced
	seen := map[string]bool{}
	for name, v := range views {
		if v.Over {
			continue
		}
		for k, lang := range langs {
			t.Run(name+"-"+lang, func(t *testing.T) {
				title := "Round " + strconv.Itoa(v.Round) + " · " + v.Phase + ": " + phaseNames[v.Phase][k]
				if lang == "de" {
					title = "Runde " + strconv.Itoa(v.Round) + " · " + v.Phase + ": " + phaseNames[v.Phase][k]
				}
				uses := drawnTexts(t, r, v, lang, games.Public)
				if !drew(uses, title) {
					t.Errorf("the board's header is not %q: %v", title, uses[:min(3, len(uses))])
				}
				if step, ok := stepNames[v.Step]; ok && v.Auction == nil {
					if !drewLines(uses, step[k]) {
						t.Errorf("the info panel does not name the step %q as %q", v.Step, step[k])
					}
				}
				priv := zs.PrivateView{PublicView: v, Seat: 1}
				if uses := drawnTexts(t, r, &priv, lang, 1); !drew(uses, title) {
					t.Errorf("the private header is not %q: %v", title, uses[:min(3, len(uses))])
				}
			})
		}
		seen[v.Phase] = true
	}
	if len(seen) != len(phaseNames) {
		t.Errorf("phases drawn %v, want all of %v", seen, phaseNames)
	}
}

// TestGermanHandHeaderWhole: the head of a German private picture (the
// viewer's name, the round and phase, "Deine Hand (n)") is drawn whole,
// not shortened with "…", and readable on a phone, for every seat of the
// fixtures, the longest names included.
func TestGermanHandHeaderWhole(t *testing.T) {
	r := newRenderer(t)
	for name, v := range privateFixtures() {
		for seat := range v.Seats {
			v.Seat = seat
			t.Run(name+"-"+strconv.Itoa(seat), func(t *testing.T) {
				uses := drawnTexts(t, r, &v, "de", seat)
				for _, want := range []string{
					names[seat] + " · nur für dich",
					"Runde " + strconv.Itoa(v.Round) + " · " + v.Phase + ": " + phaseNames[v.Phase][1],
					"Deine Hand (" + strconv.Itoa(len(v.Hand)) + ")",
				} {
					i := slices.IndexFunc(uses, func(u kit.TextUse) bool { return u.Text == want })
					if i < 0 {
						t.Errorf("header %q not drawn whole", want)
					} else if uses[i].Size < readable {
						t.Errorf("header %s, below the phone floor of %.0f px", uses[i], readable)
					}
				}
			})
		}
	}
}

// TestSeatListNamesWhole: in the info panel's lists of a fight or an
// auction, a name that fits a line of the panel is drawn whole even where
// its status ("entschieden" and a tick) leaves too little room beside it:
// it is drawn once in its seat's panel and once in the list.
func TestSeatListNamesWhole(t *testing.T) {
	r := newRenderer(t)
	players := []string{"Friederike", "Maximilian", "Bartholomäus", "Annegret"}
	for _, name := range []string{"D-choose-4p", "D-auction-creature-4p", "D-auction-spell-nobid-3p"} {
		v := publicFixtures()[name]
		involved := map[int]bool{}
		if v.Fight != nil && v.Auction == nil {
			for _, s := range v.Fight.Involved {
				involved[s] = true
			}
		}
		if v.Auction != nil {
			for _, s := range v.Auction.Bidders {
				involved[s] = true
			}
		}
		for _, lang := range langs {
			t.Run(name+"-"+lang, func(t *testing.T) {
				var log kit.TextLog
				m := meta(lang, games.Public)
				m.Players, m.Texts = players[:v.Players], &log
				if _, err := r.Render(v, m); err != nil {
					t.Fatal(err)
				}
				for seat := range involved {
					n := 0
					for _, u := range log.Uses() {
						if u.Text == players[seat] {
							n++
						}
					}
					if n < 2 {
						t.Errorf("%s drawn whole %d times, want in the seat panel and the list: %v", players[seat], n, log.Uses())
					}
				}
			})
		}
	}
}
