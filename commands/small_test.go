package commands

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/features/compose"
	"github.com/tavern-bot/tavern/games"
)

func TestLocalizeForTransports(t *testing.T) {
	h := newHarness(t)
	tests := []struct{ lang, key, want string }{
		{"en-GB", KeyClosedDM, CoreCatalog()["en"][KeyClosedDM]},
		{"de", KeyClosedDM, CoreCatalog()["de"][KeyClosedDM]},
		{"fr", compose.KeyBtnHand, "Show my hand"},
		{"de", "fake.name", "Schein-Rennen"},
	}
	for _, tc := range tests {
		if got := h.svc.Localize(tc.lang, tc.key); got != tc.want {
			t.Errorf("Localize(%s, %s) = %q, want %q", tc.lang, tc.key, got, tc.want)
		}
	}
}

type failingImages struct{}

func (failingImages) Board(string, any, ImageMeta) ([]byte, error) {
	return nil, errors.New("no ink")
}

func (failingImages) Results(string, []games.Standing, ImageMeta) ([]byte, error) {
	return nil, errors.New("no renderer")
}

func (failingImages) Lobby(string, LobbyView, ImageMeta) ([]byte, error) {
	return nil, errors.New("no ink")
}

// Without a working renderer the game goes on, as text.
func TestPlaysWithoutImages(t *testing.T) {
	for _, im := range []Images{nil, failingImages{}} {
		h := newHarness(t)
		h.render, h.noImages = im, im == nil
		h.restart() // a Service built with them
		h.lobbyAndStart(ann, bo)
		h.wantDMAnswered(h.bidInDM(ann, "1"))
		for _, m := range h.history() {
			if len(m.Files) != 0 {
				t.Errorf("%T: message with files %q", im, m.Content)
			}
		}
		if len(h.dms[bo]) != 1 {
			t.Errorf("%T: Bo got %d DMs", im, len(h.dms[bo]))
		}
	}
}

func TestAckFor(t *testing.T) {
	tests := []struct {
		typ  discordgo.InteractionType
		want Ack
	}{
		{discordgo.InteractionPing, AckPong},
		{discordgo.InteractionApplicationCommand, AckDeferEphemeral},
		{discordgo.InteractionApplicationCommandAutocomplete, AckAutocomplete},
		{discordgo.InteractionMessageComponent, AckDeferUpdate},
	}
	for _, tc := range tests {
		if got := AckFor(&discordgo.Interaction{Type: tc.typ}); got != tc.want {
			t.Errorf("AckFor(%v) = %v, want %v", tc.typ, got, tc.want)
		}
	}
}
