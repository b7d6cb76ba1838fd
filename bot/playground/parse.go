package playground

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
)

// inputError is a mistake in a typed command line, shown to the user in
// their language (like the Discord client refusing to send the command).
type inputError struct{ text games.Text }

func (e *inputError) Error() string { return "playground: " + e.text.Key }

func inputErr(key string, kv ...any) error { return &inputError{text: games.T(key, kv...)} }

// optionData is one option as Discord sends it: Value is a string, a JSON
// number (float64 after decoding), or a bool.
type optionData struct {
	Name    string        `json:"name"`
	Type    int           `json:"type"`
	Value   any           `json:"value,omitempty"`
	Options []*optionData `json:"options,omitempty"`
	Focused bool          `json:"focused,omitempty"`
}

// commandData is the "data" of an application command interaction.
type commandData struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Type     int           `json:"type"`
	Options  []*optionData `json:"options"`
	Resolved *resolved     `json:"resolved,omitempty"`
	GuildID  string        `json:"guild_id,omitempty"`
}

type resolved struct {
	Users   map[string]*discordgo.User   `json:"users,omitempty"`
	Members map[string]*discordgo.Member `json:"members,omitempty"`
}

// parsed is a typed command line understood against the definitions.
type parsed struct {
	def  *discordgo.ApplicationCommand
	data commandData
	// path is "/game new": the command and subcommands, for display.
	path string
	// level is the option list the line's options belong to.
	level []*discordgo.ApplicationCommandOption
	// focused is the option being typed (autocomplete), if any.
	focused    *discordgo.ApplicationCommandOption
	focusedRaw string
	// given holds the option names already present.
	given map[string]bool
	// rest is the part after the command path, raw.
	rest string
}

// parser reads typed slash command lines the way the Discord client turns
// its command picker into interaction data.
type parser struct {
	defs     []*discordgo.ApplicationCommand
	users    []User
	channels []Channel
	lang     string
}

func localName(name string, locs map[discordgo.Locale]string, lang string) []string {
	out := []string{name}
	if l, ok := locs[discordgo.Locale(lang)]; ok && l != "" {
		out = append(out, l)
	}
	return out
}

func matches(word, name string, locs map[discordgo.Locale]string, lang string) bool {
	for _, n := range localName(name, locs, lang) {
		if strings.EqualFold(word, n) {
			return true
		}
	}
	return false
}

func cmdLocs(c *discordgo.ApplicationCommand) map[discordgo.Locale]string {
	if c.NameLocalizations == nil {
		return nil
	}
	return *c.NameLocalizations
}

func isSub(o *discordgo.ApplicationCommandOption) bool {
	return o.Type == discordgo.ApplicationCommandOptionSubCommand ||
		o.Type == discordgo.ApplicationCommandOptionSubCommandGroup
}

// nextWord splits off the first whitespace-separated word.
func nextWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// parseLine parses line. With partial set (autocomplete), the last option is
// focused, its raw text kept, and missing or malformed options are not errors.
func (p parser) parseLine(line string, partial bool) (*parsed, error) {
	line = strings.TrimPrefix(strings.TrimLeft(line, " \t"), "/")
	if !partial {
		line = strings.TrimSpace(line)
	}
	name, rest := nextWord(line)
	var def *discordgo.ApplicationCommand
	for _, d := range p.defs {
		if (d.Type == 0 || d.Type == discordgo.ChatApplicationCommand) && matches(name, d.Name, cmdLocs(d), p.lang) {
			def = d
			break
		}
	}
	if def == nil {
		return nil, inputErr("pg.err.unknown_command", "name", name)
	}
	res := &parsed{def: def, path: "/" + def.Name, given: map[string]bool{}}
	res.data = commandData{ID: commandID(def), Name: def.Name, Type: int(discordgo.ChatApplicationCommand)}
	level := def.Options
	target := &res.data.Options
	for {
		word, after := nextWord(rest)
		var sub *discordgo.ApplicationCommandOption
		for _, o := range level {
			if isSub(o) && matches(word, o.Name, o.NameLocalizations, p.lang) {
				sub = o
			}
		}
		if sub == nil {
			break
		}
		od := &optionData{Name: sub.Name, Type: int(sub.Type), Options: []*optionData{}}
		*target = append(*target, od)
		target = &od.Options
		level = sub.Options
		res.path += " " + sub.Name
		rest = after
	}
	res.level = level
	res.rest = rest
	if hasSubs(level) {
		return res, inputErr("pg.err.subcommand", "command", res.path, "list", subNames(level))
	}
	opts, err := p.parseOptions(res, level, rest, partial)
	if err != nil {
		return res, err
	}
	*target = append(*target, opts...)
	if res.data.Options == nil {
		res.data.Options = []*optionData{}
	}
	return res, nil
}

func hasSubs(level []*discordgo.ApplicationCommandOption) bool {
	for _, o := range level {
		if isSub(o) {
			return true
		}
	}
	return false
}

func subNames(level []*discordgo.ApplicationCommandOption) string {
	var names []string
	for _, o := range level {
		if isSub(o) {
			names = append(names, o.Name)
		}
	}
	return strings.Join(names, ", ")
}

// commandID gives each definition a stable fake snowflake.
func commandID(d *discordgo.ApplicationCommand) string {
	if d.ID != "" {
		return d.ID
	}
	var h uint64 = 14695981039346656037
	for _, c := range []byte(d.Name) {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return strconv.FormatUint(600000000000000000+h%100000000000000000, 10)
}

// segment is one "name:value" piece of the option text.
type segment struct {
	opt   *discordgo.ApplicationCommandOption
	value string
}

// split cuts the option text at every word that starts with a known option
// name and a colon, so that string values may contain spaces.
func (p parser) split(level []*discordgo.ApplicationCommandOption, rest string) (lead string, segs []segment) {
	start := -1
	var cur *discordgo.ApplicationCommandOption
	for i := 0; i <= len(rest); i++ {
		if i < len(rest) && i > 0 && rest[i-1] != ' ' && rest[i-1] != '\t' {
			continue
		}
		var hit *discordgo.ApplicationCommandOption
		var hitLen int
		if i < len(rest) {
			for _, o := range level {
				for _, n := range localName(o.Name, o.NameLocalizations, p.lang) {
					pre := n + ":"
					if len(rest)-i >= len(pre) && strings.EqualFold(rest[i:i+len(pre)], pre) {
						hit, hitLen = o, len(pre)
					}
				}
			}
		}
		if hit == nil && i < len(rest) {
			continue
		}
		if cur == nil {
			lead = rest[:i]
		} else {
			segs = append(segs, segment{opt: cur, value: rest[start:i]})
		}
		if hit != nil {
			cur, start = hit, i+hitLen
			i += hitLen - 1
		}
	}
	return lead, segs
}

func (p parser) parseOptions(res *parsed, level []*discordgo.ApplicationCommandOption, rest string, partial bool) ([]*optionData, error) {
	lead, segs := p.split(level, rest)
	lead = strings.TrimSpace(lead)
	if lead != "" {
		// A bare value is accepted for a command with a single option:
		// "/move a3" reads as "/move option:a3".
		if len(level) == 1 && len(segs) == 0 {
			segs = []segment{{opt: level[0], value: lead}}
		} else if !partial {
			return nil, inputErr("pg.err.unexpected", "text", lead)
		}
	}
	if partial && len(segs) > 0 {
		last := segs[len(segs)-1]
		res.focused, res.focusedRaw = last.opt, strings.TrimLeft(last.value, " \t")
	}
	var out []*optionData
	for i, s := range segs {
		if res.given[s.opt.Name] && !partial {
			return nil, inputErr("pg.err.duplicate", "option", s.opt.Name)
		}
		res.given[s.opt.Name] = true
		if partial && i == len(segs)-1 {
			out = append(out, &optionData{Name: s.opt.Name, Type: int(s.opt.Type), Value: res.focusedRaw, Focused: true})
			continue
		}
		v, err := p.convert(res, s.opt, unquote(strings.TrimSpace(s.value)))
		if err != nil {
			if partial {
				continue
			}
			return nil, err
		}
		out = append(out, &optionData{Name: s.opt.Name, Type: int(s.opt.Type), Value: v})
	}
	if !partial {
		for _, o := range level {
			if o.Required && !res.given[o.Name] {
				// The name the user types: the localized one where there is one.
				names := localName(o.Name, o.NameLocalizations, p.lang)
				return nil, inputErr("pg.err.missing", "option", names[len(names)-1])
			}
		}
	}
	return out, nil
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// convert checks and types one value as the Discord client would.
func (p parser) convert(res *parsed, o *discordgo.ApplicationCommandOption, raw string) (any, error) {
	if raw == "" {
		return nil, inputErr("pg.err.empty", "option", o.Name)
	}
	if len(o.Choices) > 0 {
		return choiceValue(o, raw, p.lang)
	}
	switch o.Type {
	case discordgo.ApplicationCommandOptionString:
		if o.MinLength != nil && len([]rune(raw)) < *o.MinLength || o.MaxLength > 0 && len([]rune(raw)) > o.MaxLength {
			return nil, inputErr("pg.err.length", "option", o.Name)
		}
		return raw, nil
	case discordgo.ApplicationCommandOptionInteger:
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return nil, inputErr("pg.err.integer", "option", o.Name)
		}
		return float64(n), checkRange(o, float64(n))
	case discordgo.ApplicationCommandOptionNumber:
		f, err := strconv.ParseFloat(strings.Replace(raw, ",", ".", 1), 64)
		if err != nil {
			return nil, inputErr("pg.err.number", "option", o.Name)
		}
		return f, checkRange(o, f)
	case discordgo.ApplicationCommandOptionBoolean:
		switch strings.ToLower(raw) {
		case "true", "yes", "ja", "1", "wahr":
			return true, nil
		case "false", "no", "nein", "0", "falsch":
			return false, nil
		}
		return nil, inputErr("pg.err.bool", "option", o.Name)
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		u, ok := p.findUser(raw)
		if !ok {
			return nil, inputErr("pg.err.user", "option", o.Name, "value", raw)
		}
		res.resolveUser(u)
		return u.ID, nil
	case discordgo.ApplicationCommandOptionChannel:
		for _, c := range p.channels {
			if raw == c.ID || raw == "<#"+c.ID+">" || strings.EqualFold(strings.TrimPrefix(raw, "#"), c.Name) {
				return c.ID, nil
			}
		}
		return nil, inputErr("pg.err.channel", "option", o.Name, "value", raw)
	case discordgo.ApplicationCommandOptionRole:
		return raw, nil
	}
	return nil, inputErr("pg.err.unsupported", "option", o.Name)
}

func checkRange(o *discordgo.ApplicationCommandOption, v float64) error {
	low := o.MinValue != nil && v < *o.MinValue
	high := o.MaxValue != 0 && v > o.MaxValue
	if !low && !high {
		return nil
	}
	lo, hi := "…", "…"
	if o.MinValue != nil {
		lo = strconv.FormatFloat(*o.MinValue, 'f', -1, 64)
	}
	if o.MaxValue != 0 {
		hi = strconv.FormatFloat(o.MaxValue, 'f', -1, 64)
	}
	return inputErr("pg.err.range", "option", o.Name, "min", lo, "max", hi)
}

// choiceValue accepts a choice by value or by (localized) name.
func choiceValue(o *discordgo.ApplicationCommandOption, raw, lang string) (any, error) {
	var names []string
	for _, c := range o.Choices {
		if strings.EqualFold(fmt.Sprint(c.Value), raw) || matches(raw, c.Name, c.NameLocalizations, lang) {
			return c.Value, nil
		}
		names = append(names, fmt.Sprint(c.Value))
	}
	return nil, inputErr("pg.err.choice", "option", o.Name, "list", strings.Join(names, ", "))
}

func (p parser) findUser(raw string) (User, bool) {
	raw = strings.TrimSpace(raw)
	id := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(raw, "<@"), "!"), ">")
	name := strings.TrimPrefix(raw, "@")
	for _, u := range p.users {
		if u.ID == id || strings.EqualFold(u.Name, name) {
			return u, true
		}
	}
	return User{}, false
}

// resolveUser adds a user option's target to data.resolved, as Discord does.
func (res *parsed) resolveUser(u User) {
	if res.data.Resolved == nil {
		res.data.Resolved = &resolved{Users: map[string]*discordgo.User{}, Members: map[string]*discordgo.Member{}}
	}
	du := discordUser(u)
	res.data.Resolved.Users[u.ID] = du
	res.data.Resolved.Members[u.ID] = &discordgo.Member{Nick: u.Name, Roles: []string{}}
}

func discordUser(u User) *discordgo.User {
	return &discordgo.User{ID: u.ID, Username: strings.ToLower(u.Name), GlobalName: u.Name, Locale: u.Locale, Discriminator: "0"}
}
