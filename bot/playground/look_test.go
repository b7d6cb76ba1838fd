package playground

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tavern-bot/tavern/interact"
)

// TestLookInThePlayground: the playground offers /game look with the
// table's seats as suggestions, and the board's "Look at a player"
// select; each answers only the one who asked, with the seat's part of
// the board drawn at full size (look.png), also a player who does not sit
// at the table.
func TestLookInThePlayground(t *testing.T) {
	ls := newLineupServer(t)
	dario := DefaultOptions().Users[3]
	ls.open(t, tab1, "dungeon-designer", []User{ada, bruno, clara}, "")
	ctx := context.Background()
	sugg, err := ls.Suggest(ctx, dario.ID, tab1, "/game look player:")
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range sugg {
		labels = append(labels, s.Label)
	}
	if want := []string{"1 · Ada", "2 · Bruno", "3 · Clara"}; !slices.Equal(labels, want) {
		t.Errorf("/game look player: suggests %v, want %v", labels, want)
	}
	// looks counts the ephemeral look.png answers user sees.
	looks := func(user User) int {
		n := 0
		for _, m := range view(t, ls.Server, user.ID, tab1).Messages {
			for _, f := range m.Files {
				if m.Ephemeral && f.Name == "look.png" && f.Image && strings.Contains(m.Content, "Bruno") {
					n++
				}
			}
		}
		return n
	}
	mustCommand(t, ls.Server, dario.ID, tab1, "/game look player:2")
	if looks(dario) != 1 || looks(ada) != 0 {
		t.Fatalf("after Dario's /game look: Dario sees %d of Bruno's pictures, Ada %d; want 1 and 0", looks(dario), looks(ada))
	}
	msg, cid, values, ok := ls.newestControl(ada.ID, tab1, interact.KindLook, "2", 0)
	if !ok {
		t.Fatal("the board offers no Look at a player with Bruno")
	}
	if err := ls.Click(ctx, ada.ID, tab1, msg, cid, values); err != nil {
		t.Fatal(err)
	}
	if looks(ada) != 1 || looks(dario) != 1 {
		t.Errorf("after Ada's pick: Ada sees %d of Bruno's pictures, Dario %d; want 1 each", looks(ada), looks(dario))
	}
}
