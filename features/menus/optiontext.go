package menus

import (
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/games"
	"github.com/tavern-bot/tavern/interact"
	"github.com/tavern-bot/tavern/table"
)

// choiceText is what an option reads as a button or a select's choice.
type choiceText struct{ label, description string }

// choiceTexts are what options read when offered together: each label,
// with the option's detail as its description. An option shown this way
// has lost the steps of its path (a flat list, or buttons), so when two
// choices would read the same, every description also names the steps
// that tell them apart (those the options do not all share): "To Bo"
// twice becomes "To Bo" under "Goblin at C4" and under "Orc at B2".
func (m *Menus) choiceTexts(t *table.Table, lang string, options []games.Option) []choiceText {
	out := make([]choiceText, len(options))
	seen := map[choiceText]bool{}
	clash := false
	for i, o := range options {
		out[i].label = m.voice.AtTable(t, lang, o.Label)
		if !o.Detail.IsZero() {
			out[i].description = m.voice.AtTable(t, lang, o.Detail)
		}
		shown := choiceText{interact.Truncate(out[i].label, interact.MaxSelectLabel), interact.Truncate(out[i].description, interact.MaxSelectDescription)}
		clash = clash || seen[shown]
		seen[shown] = true
	}
	if !clash {
		return out
	}
	shared := branchAt(options, 0)
	for i, o := range options {
		var steps []string
		for _, st := range o.Path[min(shared, len(o.Path)):] {
			if !st.Label.IsZero() {
				steps = append(steps, m.voice.AtTable(t, lang, st.Label))
			}
		}
		if len(steps) == 0 {
			continue
		}
		where := strings.Join(steps, " › ")
		if out[i].description != "" {
			where += " · " + out[i].description
		}
		out[i].description = where
	}
	return out
}

// fitsButtons reports whether choices can be offered as buttons: a button
// shows no description and at most 80 characters, so choices with either
// go to a select, where both are shown whole.
func fitsButtons(texts []choiceText) bool {
	for _, c := range texts {
		if c.description != "" || utf8.RuneCountInString(c.label) > interact.MaxButtonLabel {
			return false
		}
	}
	return true
}

// selectOption is a select's choice answering with move id, reading c.
func selectOption(id string, c choiceText) discordgo.SelectMenuOption {
	return discordgo.SelectMenuOption{Label: interact.Truncate(c.label, interact.MaxSelectLabel), Value: id,
		Description: interact.Truncate(c.description, interact.MaxSelectDescription)}
}
