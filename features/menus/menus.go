// Package menus makes the components a pending decision is offered with:
// buttons, selects split in parts, and long option lists as a tree of
// selects, and /move's autocomplete over the same tree. It knows no game
// and stores nothing: a table and its prompts in, Discord components out.
package menus

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// Keys of the menus' texts.
const (
	KeySelectPart = "core.select.part"
	KeyGroupPick  = "core.group.pick"
	KeyGroupCount = "core.group.count"
)

// Texts are the menus' texts, en and de.
func Texts() map[string][2]string {
	return map[string][2]string{
		KeySelectPart: {"{prompt} ({from}–{to})", "{prompt} ({from}–{to})"},
		KeyGroupPick:  {"{prompt} (pick one, then the next step)", "{prompt} (wähle hier, dann den nächsten Schritt)"},
		KeyGroupCount: {"{n} options", "{n} Möglichkeiten"},
	}
}

// Menus makes the components a decision is offered with.
type Menus struct {
	voice interact.Voice
}

// NewMenus are the menus speaking with voice.
func NewMenus(voice interact.Voice) *Menus { return &Menus{voice: voice} }

// PromptRows offers prompts as components: up to five options as a row of
// buttons, longer lists as select menus of 25 options each, and lists
// longer than one select whose options carry groups as a select of the
// groups (see groupMenu). cut reports options that did not fit (they stay
// reachable through /move).
func (m *Menus) PromptRows(t *table.Table, prompts []games.Prompt, lang string, rowsLeft int) (rows []discordgo.MessageComponent, cut bool) {
	used := map[string]bool{} // custom ids must be unique within a message
	for _, p := range prompts {
		if len(p.Options) == 0 {
			continue
		}
		if len(rows) >= rowsLeft {
			return rows, true
		}
		var texts []choiceText // what the options read, made once
		if len(p.Options) <= interact.MaxButtonsPerRow {
			texts = m.choiceTexts(t, lang, p.Options)
			if row, ok := m.buttonRow(t, p, texts, used); ok {
				if len(row.Components) > 0 {
					rows = append(rows, row)
				}
				continue
			}
		}
		if sels, loose, ok := m.groupMenu(t, p, lang, rowsLeft-len(rows)); ok {
			rows = append(rows, sels...)
			if len(loose) > 0 && len(rows) < rowsLeft {
				controls := p
				controls.Options = loose
				looseTexts := m.choiceTexts(t, lang, loose)
				if row, ok := m.buttonRow(t, controls, looseTexts, used); ok {
					if len(row.Components) > 0 {
						rows = append(rows, row)
					}
				} else if sel, skipped := m.moveSelect(t, p.Seat, loose, looseTexts, m.voice.AtTable(t, lang, p.Text), len(p.Options)); len(sel.Options) > 0 {
					// Controls a button cannot show go to a select of their own.
					rows, cut = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}}), cut || skipped
				}
			}
			continue
		}
		if texts == nil {
			texts = m.choiceTexts(t, lang, p.Options)
		}
		for from := 0; from < len(p.Options); from += interact.MaxSelectOptions {
			if len(rows) >= rowsLeft {
				return rows, true
			}
			to := min(from+interact.MaxSelectOptions, len(p.Options))
			sel, skipped := m.selectMenu(t, p, texts, lang, from, to)
			cut = cut || skipped
			if len(sel.Options) > 0 {
				rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel}})
			}
		}
	}
	return rows, cut
}

// buttonRow makes one button per option. A move id already offered on the
// message (the same answer for another seat) needs no second button, since
// a click applies to whoever clicks. texts are what the options read
// (choiceTexts). ok is false when an option does not fit a button (its id,
// label or detail): the caller offers a select.
func (m *Menus) buttonRow(t *table.Table, p games.Prompt, texts []choiceText, used map[string]bool) (discordgo.ActionsRow, bool) {
	if !fitsButtons(texts) {
		return discordgo.ActionsRow{}, false
	}
	ids := make([]string, len(p.Options))
	for i, o := range p.Options {
		id, err := interact.CustomID{Kind: interact.KindMove, Channel: t.ChannelID, Table: t.ID, Version: t.Version, Arg: o.ID}.Encode()
		if err != nil {
			return discordgo.ActionsRow{}, false // too long for a button: use a select
		}
		ids[i] = id
	}
	var buttons []discordgo.MessageComponent
	for i := range p.Options {
		id := ids[i]
		if used[id] {
			continue
		}
		used[id] = true
		buttons = append(buttons, discordgo.Button{Label: texts[i].label, Style: discordgo.PrimaryButton, CustomID: id})
	}
	return discordgo.ActionsRow{Components: buttons}, true
}

func (m *Menus) selectMenu(t *table.Table, p games.Prompt, texts []choiceText, lang string, from, to int) (discordgo.SelectMenu, bool) {
	placeholder := m.voice.AtTable(t, lang, p.Text)
	if len(p.Options) > interact.MaxSelectOptions {
		placeholder = m.voice.Text(lang, games.T(KeySelectPart, "prompt", placeholder, "from", from+1, "to", to))
	}
	return m.moveSelect(t, p.Seat, p.Options[from:to], texts[from:to], placeholder, from)
}
