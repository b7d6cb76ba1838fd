package playground

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
)

// View is what the page shows one user in one channel. It is filtered on
// the server: other users' DMs and ephemeral replies never leave it.
type View struct {
	ETag        string            `json:"etag"`
	Unchanged   bool              `json:"unchanged,omitempty"`
	Me          string            `json:"me"`
	Lang        string            `json:"lang"`
	Text        map[string]string `json:"text,omitempty"`
	Bot         userView          `json:"bot"`
	Users       []userView        `json:"users,omitempty"`
	Channels    []channelView     `json:"channels,omitempty"`
	DM          channelView       `json:"dm"`
	Channel     channelView       `json:"channel"`
	Messages    []MessageView     `json:"messages"`
	Help        []helpEntry       `json:"help,omitempty"`
	Placeholder string            `json:"placeholder,omitempty"`
	Empty       string            `json:"empty,omitempty"`
}

type userView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Locale    string `json:"locale,omitempty"`
	Admin     bool   `json:"admin,omitempty"`
	DMsClosed bool   `json:"dmsClosed,omitempty"`
	DMCount   int    `json:"dmCount"`
}

type channelView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	DM   bool   `json:"dm,omitempty"`
}

// MessageView is one message as the page renders it.
type MessageView struct {
	ID         string          `json:"id"`
	AuthorID   string          `json:"authorId"`
	AuthorName string          `json:"authorName"`
	Bot        bool            `json:"bot,omitempty"`
	Content    string          `json:"content"`
	Files      []FileView      `json:"files,omitempty"`
	Components json.RawMessage `json:"components,omitempty"`
	Mentions   []string        `json:"mentions,omitempty"`
	Ephemeral  bool            `json:"ephemeral,omitempty"`
	Thinking   string          `json:"thinking,omitempty"`
	Invoker    string          `json:"invoker,omitempty"`
	Command    string          `json:"command,omitempty"`
	Edited     bool            `json:"edited,omitempty"`
	Time       string          `json:"time"`
}

// FileView is an attachment served from memory under /files/.
type FileView struct {
	URL   string `json:"url"`
	Name  string `json:"name"`
	Image bool   `json:"image"`
}

type helpEntry struct {
	Name        string   `json:"name"`
	Subs        []string `json:"subs,omitempty"`
	Description string   `json:"description,omitempty"`
}

// View builds what userID sees in channelID. When since equals the current
// ETag, only the ETag comes back, so the page re-renders only on change.
func (s *Server) View(userID, channelID, since string) (View, error) {
	u, c, err := s.access(userID, channelID)
	if err != nil {
		return View{}, err
	}
	lang := games.Lang(u.Locale)
	v := View{Me: u.ID, Lang: lang, Text: map[string]string{},
		Bot:     userView{ID: s.opts.BotID, Name: s.opts.BotName},
		Channel: channelView{ID: c.ID, Name: c.Name, DM: c.DMUser != ""}}
	for _, k := range chromeKeys() {
		v.Text[k] = s.ui.Localize(lang, games.T(k))
	}
	for _, ch := range s.opts.Channels {
		v.Channels = append(v.Channels, channelView{ID: ch.ID, Name: ch.Name})
	}
	dm, _ := s.dmChannel(u.ID)
	v.DM = channelView{ID: dm, Name: s.opts.BotName, DM: true}
	where := "#" + c.Name
	if c.DMUser != "" {
		where = "@" + s.opts.BotName
	}
	v.Placeholder = s.ui.Localize(lang, games.T("pg.placeholder", "channel", where))
	v.Help = s.help(lang)
	if len(v.Help) > 0 {
		v.Empty = s.ui.Localize(lang, games.T("pg.empty", "cmd", "/"+v.Help[0].Name))
	}

	s.world.mu.Lock()
	for _, pu := range s.opts.Users {
		uv := userView{ID: pu.ID, Name: pu.Name, Locale: pu.Locale, Admin: pu.Admin, DMsClosed: s.world.dmClosed[pu.ID]}
		uv.DMCount = len(s.world.channels[s.world.dmOf[pu.ID]].Messages)
		v.Users = append(v.Users, uv)
	}
	msgs := make([]message, 0, len(s.world.channels[c.ID].Messages))
	for _, m := range s.world.channels[c.ID].Messages {
		if m.EphemeralFor == "" || m.EphemeralFor == u.ID {
			msgs = append(msgs, *m)
		}
	}
	s.world.mu.Unlock()

	v.Messages = make([]MessageView, 0, len(msgs))
	for _, m := range msgs {
		mv, err := s.messageView(lang, m)
		if err != nil {
			return View{}, err
		}
		v.Messages = append(v.Messages, mv)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return View{}, fmt.Errorf("playground: encode view: %w", err)
	}
	h := fnv.New64a()
	h.Write(raw)
	v.ETag = fmt.Sprintf("%x", h.Sum64())
	if since != "" && since == v.ETag {
		return View{ETag: v.ETag, Unchanged: true, Me: u.ID, Lang: lang, Messages: []MessageView{}}, nil
	}
	return v, nil
}

func (s *Server) messageView(lang string, m message) (MessageView, error) {
	mv := MessageView{ID: m.ID, AuthorID: m.AuthorID, AuthorName: s.opts.BotName, Bot: true,
		Content: m.Content, Mentions: m.Mentions, Ephemeral: m.EphemeralFor != "",
		Invoker: m.Invoker, Command: m.Command, Edited: m.Edited, Time: m.Created.Format(time.RFC3339)}
	if u, ok := s.user(m.AuthorID); ok {
		mv.AuthorName, mv.Bot = u.Name, false
	}
	if m.Invoker != "" {
		if u, ok := s.user(m.Invoker); ok {
			mv.Invoker = u.Name
		}
	}
	if m.Thinking {
		mv.Thinking = s.ui.Localize(lang, games.T("pg.thinking", "bot", s.opts.BotName))
	}
	for _, f := range m.Files {
		lower := strings.ToLower(f.Name)
		img := slices.ContainsFunc([]string{".png", ".jpg", ".jpeg", ".gif", ".webp"}, func(ext string) bool {
			return strings.HasSuffix(lower, ext)
		})
		mv.Files = append(mv.Files, FileView{URL: fileURL(f), Name: f.Name, Image: img})
	}
	if len(m.Components) > 0 {
		raw, err := json.Marshal(m.Components)
		if err != nil {
			return MessageView{}, fmt.Errorf("playground: encode components of %s: %w", m.ID, err)
		}
		mv.Components = raw
	}
	return mv, nil
}

// help lists the slash commands for the help line, in the user's language.
func (s *Server) help(lang string) []helpEntry {
	var out []helpEntry
	for _, d := range s.defs {
		if d.Type != 0 && d.Type != discordgo.ChatApplicationCommand {
			continue
		}
		e := helpEntry{Name: localized(d.Name, cmdLocs(d), lang), Description: d.Description}
		if d.DescriptionLocalizations != nil {
			if t := (*d.DescriptionLocalizations)[discordgo.Locale(lang)]; t != "" {
				e.Description = t
			}
		}
		for _, o := range d.Options {
			if isSub(o) {
				e.Subs = append(e.Subs, localized(o.Name, o.NameLocalizations, lang))
			}
		}
		out = append(out, e)
	}
	return out
}

func localized(name string, locs map[discordgo.Locale]string, lang string) string {
	n := localName(name, locs, lang)
	return n[len(n)-1]
}
