package playground

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
)

// Suggestion is one entry of the command input's pop-up: picking it
// replaces the typed line with Line.
type Suggestion struct {
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`
	Line   string `json:"line"`
}

const maxSuggestions = 25

// Suggest completes a partly typed command line like the Discord client:
// command and subcommand names, option names, static choices, and for
// options marked autocomplete the handler's own Autocomplete answer.
func (s *Server) Suggest(ctx context.Context, userID, channelID, line string) ([]Suggestion, error) {
	u, c, err := s.access(userID, channelID)
	if err != nil {
		return nil, err
	}
	trimmed := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(trimmed, "/") {
		return nil, nil
	}
	p := s.parser(u)
	endsInSpace := strings.HasSuffix(line, " ")
	last := line[strings.LastIndexAny(line, " \t")+1:]
	if !strings.ContainsAny(strings.TrimSpace(trimmed), " \t") && !endsInSpace {
		return s.commandSuggestions(p.lang, strings.TrimPrefix(trimmed, "/")), nil
	}
	res, err := p.parseLine(line, true)
	if res == nil {
		return nil, nil // unknown command: nothing to offer
	}
	base := line[:len(line)-len(last)]
	if err != nil && hasSubs(res.level) {
		var out []Suggestion
		for _, o := range res.level {
			name := localized(o.Name, o.NameLocalizations, p.lang)
			if isSub(o) && hasPrefixFold(name, last) {
				out = append(out, Suggestion{Label: res.path + " " + name, Detail: describe(o, p.lang), Line: base + name + " "})
			}
		}
		return out, nil
	}
	var out []Suggestion
	if res.focused != nil && !(endsInSpace && strings.TrimSpace(res.focusedRaw) != "") && strings.HasSuffix(line, res.focusedRaw) {
		prefix := line[:len(line)-len(res.focusedRaw)]
		if out, err = s.valueSuggestions(ctx, u, c, res, prefix); err != nil {
			return nil, err
		}
		if strings.Contains(last, ":") {
			return out, nil
		}
		// A bare word may be a value ("/move a3") or an option name.
		delete(res.given, res.focused.Name)
	} else if !endsInSpace && strings.Contains(last, ":") {
		return nil, nil
	}
	if endsInSpace {
		last = ""
	}
	for _, o := range res.level {
		name := localized(o.Name, o.NameLocalizations, p.lang)
		if !res.given[o.Name] && hasPrefixFold(name, last) && len(out) < maxSuggestions {
			label := name + ":"
			if o.Required {
				label += " *"
			}
			out = append(out, Suggestion{Label: label, Detail: describe(o, p.lang), Line: base + name + ":"})
		}
	}
	return out, nil
}

func (s *Server) commandSuggestions(lang, typed string) []Suggestion {
	var out []Suggestion
	for _, e := range s.help(lang) {
		if hasPrefixFold(e.Name, typed) {
			out = append(out, Suggestion{Label: "/" + e.Name, Detail: e.Description, Line: "/" + e.Name + " "})
		}
	}
	return out
}

// valueSuggestions offers values for the option being typed.
func (s *Server) valueSuggestions(ctx context.Context, u User, c channelInfo, res *parsed, prefix string) ([]Suggestion, error) {
	o, typed := res.focused, res.focusedRaw
	var out []Suggestion
	add := func(label string, value any) {
		if len(out) < maxSuggestions {
			out = append(out, Suggestion{Label: label, Line: prefix + fmt.Sprint(value) + " "})
		}
	}
	switch {
	case o.Autocomplete:
		if c.DMUser == "" {
			res.data.GuildID = s.opts.GuildID
		}
		i, err := s.interactionFor(discordgo.InteractionApplicationCommandAutocomplete, u, &c, res.data, nil)
		if err != nil {
			return nil, err
		}
		for _, ch := range s.h.Autocomplete(ctx, i) {
			add(ch.Name, ch.Value)
		}
	case len(o.Choices) > 0:
		for _, ch := range o.Choices {
			name := localized(ch.Name, ch.NameLocalizations, games.Lang(u.Locale))
			if hasPrefixFold(name, typed) || hasPrefixFold(fmt.Sprint(ch.Value), typed) {
				add(name, ch.Value)
			}
		}
	case o.Type == discordgo.ApplicationCommandOptionBoolean:
		for _, b := range []string{"true", "false"} {
			if hasPrefixFold(b, typed) {
				add(b, b)
			}
		}
	case o.Type == discordgo.ApplicationCommandOptionUser || o.Type == discordgo.ApplicationCommandOptionMentionable:
		for _, pu := range s.opts.Users {
			if hasPrefixFold(pu.Name, strings.TrimPrefix(typed, "@")) {
				add("@"+pu.Name, "@"+pu.Name)
			}
		}
	case o.Type == discordgo.ApplicationCommandOptionChannel:
		for _, ch := range s.opts.Channels {
			if hasPrefixFold(ch.Name, strings.TrimPrefix(typed, "#")) {
				add("#"+ch.Name, "#"+ch.Name)
			}
		}
	}
	return out, nil
}

func describe(o *discordgo.ApplicationCommandOption, lang string) string {
	if d := o.DescriptionLocalizations[discordgo.Locale(lang)]; d != "" {
		return d
	}
	return o.Description
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
