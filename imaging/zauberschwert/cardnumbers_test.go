package zauberschwert

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/games"
	zs "github.com/tavern-bot/tavern/games/zauberschwert"
	"github.com/tavern-bot/tavern/imaging/kit"
)

// TestCardsNumberedAsOptions: when a seat is offered the cards of its hand
// to give in a trade ("give:3", labelled "#3 …"), its own picture names
// each of them with the same number ("Wand #3"), readable on a phone, in
// both languages. (The cards it may ask for are every card it cannot see
// elsewhere, named in full by the menu, not drawn.)
func TestCardsNumberedAsOptions(t *testing.T) {
	r := newRenderer(t)
	g := zs.New()
	var log kit.TextLog
	checked := 0
	for seed := uint64(1); seed <= 8 && checked < 6; seed++ {
		check := func(s games.State) error {
			for _, p := range s.Pending() {
				var want []string
				for _, o := range p.Options {
					if kind, n, ok := strings.Cut(o.ID, ":"); ok && kind == "give" && !slices.Contains(want, n) {
						want = append(want, n)
					}
				}
				if len(want) == 0 || checked >= 6 {
					continue
				}
				lang := []string{"en", "de"}[checked%2]
				m := meta(lang, p.Seat)
				m.Texts = &log
				log.Reset()
				if _, err := r.Render(s.View(p.Seat), m); err != nil {
					return err
				}
				for _, n := range want {
					number := regexp.MustCompile(`#` + n + `\b`)
					if !slices.ContainsFunc(log.Uses(), func(u kit.TextUse) bool {
						return number.MatchString(u.Text) && u.Decor == "" && u.Size >= readable
					}) {
						return fmt.Errorf("seat %d is offered card #%s, but its picture names no card #%s readably: %v", p.Seat, n, n, log.Uses())
					}
				}
				checked++
			}
			return nil
		}
		if _, _, err := games.RandomPlay(g, games.DefaultSetup(g, 3, seed), games.NewRNG(seed), games.SimMaxMoves, check); err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("no trade offering artifact cards was reached")
	}
}
