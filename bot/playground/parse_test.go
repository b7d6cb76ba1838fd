package playground

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestCommandLineBecomesInteractionOptions checks that typed lines arrive
// as the nested, typed options Discord would send.
func TestCommandLineBecomesInteractionOptions(t *testing.T) {
	tests := []struct {
		name, user, line string
		wantCmd, wantSub string
		want             map[string]any // option name → value after decoding
	}{
		{"string choice by value", ada.ID, "/game new game:zauberschwert", "game", "new",
			map[string]any{"game": "zauberschwert"}},
		{"choice by name, integer, bool, user", ada.ID, "/game new game:Dungeon Designer seats:3 public:yes invite:@Bruno", "game", "new",
			map[string]any{"game": "dungeondesigner", "seats": 3.0, "public": true, "invite": bruno.ID}},
		{"string with spaces and commas", ada.ID, "/game new game:zauberschwert options:gold=5, fast=yes", "game", "new",
			map[string]any{"game": "zauberschwert", "options": "gold=5, fast=yes"}},
		{"german names", bruno.ID, "/spiel neu spiel:zauberschwert optionen:x=1", "game", "new",
			map[string]any{"game": "zauberschwert", "options": "x=1"}},
		{"bare value for the only option", ada.ID, "/move a1", "move", "",
			map[string]any{"option": "a1"}},
		{"quoted value", ada.ID, `/move option:"b 2"`, "move", "",
			map[string]any{"option": "b 2"}},
		{"no options", clara.ID, "/game start", "game", "start", map[string]any{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, f := newTestServer(t)
			mustCommand(t, s, tc.user, tab1, tc.line)
			i := f.last()
			if i == nil || i.Type != discordgo.InteractionApplicationCommand {
				t.Fatalf("handler got %v, want an application command", i)
			}
			d := i.ApplicationCommandData()
			if d.Name != tc.wantCmd {
				t.Errorf("command %q, want %q", d.Name, tc.wantCmd)
			}
			opts := d.Options
			if tc.wantSub != "" {
				if len(opts) != 1 || opts[0].Type != discordgo.ApplicationCommandOptionSubCommand || opts[0].Name != tc.wantSub {
					t.Fatalf("options %+v, want subcommand %q", opts, tc.wantSub)
				}
				opts = opts[0].Options
			}
			got := map[string]any{}
			for _, o := range opts {
				got[o.Name] = o.Value
			}
			if len(got) != len(tc.want) {
				t.Errorf("options %v, want %v", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Errorf("option %s = %#v, want %#v", k, got[k], v)
				}
			}
			if id, ok := tc.want["invite"]; ok {
				if d.Resolved == nil || d.Resolved.Users[id.(string)] == nil {
					t.Errorf("user option not in resolved data: %+v", d.Resolved)
				}
			}
		})
	}
}

// TestCommandLineMistakes checks that lines the Discord client would not
// send never reach the handler, and explain themselves in the user's language.
func TestCommandLineMistakes(t *testing.T) {
	tests := []struct {
		name, user, line, wantEN, wantDE string
	}{
		{"unknown command", ada.ID, "/chess", "no command /chess", "gibt es nicht"},
		{"subcommand missing", ada.ID, "/game", "needs one of: new, start, hand", "braucht eines von"},
		{"required option missing", ada.ID, "/game new", "game is required", "fehlt"},
		// A German user is told the German option name (the client shows it).
		{"required option missing, in German", bruno.ID, "/spiel neu", "spiel is required", "spiel fehlt"},
		{"not a choice", ada.ID, "/game new game:chess", "one of: zauberschwert, dungeondesigner", "eines davon"},
		{"integer out of range", ada.ID, "/game new game:zauberschwert seats:9", "between 1 and 4", "zwischen 1 und 4"},
		{"not an integer", ada.ID, "/game new game:zauberschwert seats:two", "whole number", "ganze Zahl"},
		{"not a bool", ada.ID, "/game new game:zauberschwert public:perhaps", "true or false", "true oder false"},
		{"no such user", ada.ID, "/game new game:zauberschwert invite:@Zed", "no user “@Zed”", "niemanden"},
		{"stray text", ada.ID, "/game new junk game:zauberschwert", "don't understand “junk”", "verstehe ich nicht"},
		{"option twice", ada.ID, "/game new game:zauberschwert game:zauberschwert", "given twice", "doppelt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, f := newTestServer(t)
			err := s.Command(context.Background(), tc.user, tab1, tc.line)
			if err == nil {
				t.Fatalf("%q accepted", tc.line)
			}
			if n := len(f.interactions()); n != 0 {
				t.Errorf("handler called %d times for a refused line", n)
			}
			for locale, want := range map[string]string{"en-US": tc.wantEN, "de": tc.wantDE} {
				text, ok := s.InputErrorText(err, locale)
				if !ok || !strings.Contains(text, want) {
					t.Errorf("%s error = %q (input error %v), want it to contain %q", locale, text, ok, want)
				}
			}
		})
	}
}
