package playground

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
)

// View is what the page shows one user in one channel. It is filtered on
// the server: other users' DMs and ephemeral replies never leave it.
//
// A page polls with the Version it has: when the server knows that version,
// Messages holds only the messages created or edited since (Full is false)
// and Removed the ids of those deleted since, so a poll in a long channel
// stays small. Otherwise Full is true and Messages is the whole channel.
type View struct {
	Version     string            `json:"version"`
	Full        bool              `json:"full,omitempty"`
	Unchanged   bool              `json:"unchanged,omitempty"`
	Removed     []string          `json:"removed,omitempty"`
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
	ID       string `json:"id"`
	Name     string `json:"name"`
	DM       bool   `json:"dm,omitempty"`
	Thread   bool   `json:"thread,omitempty"`
	Archived bool   `json:"archived,omitempty"`
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
	URL   string `json:"url,omitempty"`
	Name  string `json:"name"`
	Image bool   `json:"image"`
	// Gone: the playground no longer keeps this file (see pictureBudget).
	Gone bool `json:"gone,omitempty"`
}

type helpEntry struct {
	Name        string   `json:"name"`
	Subs        []string `json:"subs,omitempty"`
	Description string   `json:"description,omitempty"`
}

// View builds what userID sees in channelID. since is the Version the page
// has ("" for none): a version this server handed out for the same user and
// channel yields only the changes after it, and Unchanged with no chrome
// when there are none; any other value yields the full list.
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
	v.Channels = s.world.guildChannels()
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
	cur := cursor{epoch: s.world.epoch, user: u.ID, channel: c.ID, version: s.world.version}
	prev, known := parseCursor(since)
	known = known && prev.epoch == cur.epoch && prev.user == cur.user && prev.channel == cur.channel && prev.version <= cur.version
	after := uint64(0)
	if known {
		after = prev.version
	}
	wc := s.world.channels[c.ID]
	var msgs []message
	for _, m := range wc.Messages {
		if m.Version > after && (m.EphemeralFor == "" || m.EphemeralFor == u.ID) {
			msgs = append(msgs, *m)
		}
	}
	if known {
		for _, r := range wc.Removed {
			if r.Version > after && (r.For == "" || r.For == u.ID) {
				v.Removed = append(v.Removed, r.ID)
			}
		}
	}
	s.world.mu.Unlock()

	v.Full = !known
	v.Messages = make([]MessageView, 0, len(msgs))
	for _, m := range msgs {
		mv, err := s.messageView(lang, m)
		if err != nil {
			return View{}, err
		}
		v.Messages = append(v.Messages, mv)
	}
	chrome := v
	chrome.Messages, chrome.Removed, chrome.Full = nil, nil, false
	raw, err := json.Marshal(chrome)
	if err != nil {
		return View{}, fmt.Errorf("playground: encode view: %w", err)
	}
	h := fnv.New64a()
	h.Write(raw)
	cur.chrome = fmt.Sprintf("%x", h.Sum64())
	v.Version = cur.String()
	if known && prev.chrome == cur.chrome && len(v.Messages) == 0 && len(v.Removed) == 0 {
		return View{Version: v.Version, Unchanged: true, Me: u.ID, Lang: lang, Messages: []MessageView{}}, nil
	}
	return v, nil
}

// cursor is what a View's Version encodes: whose view of which channel, at
// which world version, with which chrome (users, texts, help).
type cursor struct {
	epoch         int64
	user, channel string
	version       uint64
	chrome        string
}

func (c cursor) String() string {
	return fmt.Sprintf("%d.%s.%s.%d.%s", c.epoch, c.user, c.channel, c.version, c.chrome)
}

// parseCursor reads a Version; ok is false for anything malformed.
func parseCursor(s string) (cursor, bool) {
	parts := strings.Split(s, ".")
	if len(parts) != 5 {
		return cursor{}, false
	}
	epoch, err1 := strconv.ParseInt(parts[0], 10, 64)
	version, err2 := strconv.ParseUint(parts[3], 10, 64)
	if err1 != nil || err2 != nil {
		return cursor{}, false
	}
	return cursor{epoch: epoch, user: parts[1], channel: parts[2], version: version, chrome: parts[4]}, true
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
		if f.Gone {
			mv.Files = append(mv.Files, FileView{Name: f.Name, Image: img, Gone: true})
			continue
		}
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
