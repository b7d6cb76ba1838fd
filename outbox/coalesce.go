package outbox

import (
	"slices"
	"strings"
)

// When a table's changes queue faster than they are carried out (Discord's
// budget or the drawing is behind), posting each in turn would draw and
// post every intermediate board, edit the status once per change and send
// each seat a DM for decisions already gone. Coalesce makes them one
// delivery that tells the same: the newest board alone, the older boards'
// and lines' words told in it, in order; the status edited once; each
// message edited once (its last edit); a seat's decision DM only the
// newest; each message's buttons cleared once. Everything else stays, in
// order.

// MaxContent is the longest message content Discord takes, in characters.
const MaxContent = 2000

// Coalesce is the deliveries ds of one table, oldest first, as one
// delivery. It keeps the newest's table data (version, state, names) and
// the posts described above; ds are not changed. One delivery is returned
// as it is.
func Coalesce(ds []Delivery) Delivery {
	if len(ds) == 1 {
		return ds[0]
	}
	out := ds[len(ds)-1]
	out.messages = nil // rebuilt from the stored posts
	out.Posts = nil
	// A change that draws no picture keeps no state (a bot's turn begun,
	// a line): the pictures are drawn from the newest state there is.
	out.State = ds[NewestState(ds)].State
	type ref struct{ kind, channel, message, user string }
	var all []Post
	for _, d := range ds {
		out.Urgent = out.Urgent || d.Urgent
		for _, p := range d.Posts {
			if p.Blocked != nil {
				b := *p.Blocked
				p.Blocked = &b
			}
			all = append(all, p)
		}
	}
	// Later posts first: what a later post makes moot is dropped.
	var (
		board       = -1 // the newest board
		status      = -1 // the newest status
		edited      = map[ref]bool{}
		asked       = map[string]bool{} // users with a newer decision DM
		cleared     = map[ref]bool{}
		keep        = make([]bool, len(all))
		folded      []int              // lines and older boards told in the newest board
		firstBoard  = -1               // the oldest board told in the newest
		newestAsked = map[string]int{} // each user's newest decision DM
		firstAsked  = map[string]int{} // each user's oldest decision DM, when it has a newer one
		statusEdits []string
		newestEdit  = map[ref]int{} // each message's last edit
		firstEdit   = map[ref]int{} // each message's first edit, when it has a later one
	)
	for k := len(all) - 1; k >= 0; k-- {
		p := all[k]
		msg := ref{channel: p.ChannelID, message: p.MessageID}
		switch {
		case p.isBoard(out.Channel):
			if board < 0 {
				board, keep[k] = k, true
			} else {
				folded = append(folded, k)
				firstBoard = k
			}
		case p.isLine(out.Channel) && board >= 0:
			folded = append(folded, k)
		case p.Remember == RememberStatus:
			if p.Kind == KindEdit {
				statusEdits = append(statusEdits, p.MessageID)
			}
			if status < 0 {
				status, keep[k] = k, true
			}
		case p.Kind == KindEdit:
			if edited[msg] {
				firstEdit[msg] = k
			} else {
				keep[k], newestEdit[msg] = true, k
			}
			edited[msg] = true
		case p.isDecisionDM():
			if asked[p.UserID] {
				firstAsked[p.UserID] = k
			} else {
				keep[k] = true
				newestAsked[p.UserID] = k
			}
			asked[p.UserID] = true
		case p.Kind == KindClear:
			// A later edit replaces the message whole; one clear is enough.
			keep[k] = !edited[msg] && !cleared[msg]
			cleared[msg] = true
		default:
			keep[k] = true
		}
	}
	if status >= 0 && all[status].Kind == KindPost && len(statusEdits) > 0 {
		// The status message existed when an older change was composed:
		// edit it rather than post a second one.
		all[status].Kind, all[status].MessageID = KindEdit, statusEdits[0]
		all[status].Pin = false
	}
	if board >= 0 && len(folded) > 0 {
		slices.Reverse(folded)
		all[board] = tellInBoard(all[board], all, folded)
	}
	// What is posted in place of older posts takes the oldest one's nonce:
	// if that one reached Discord before a crash cut its delivery short,
	// Discord hands back the message it made, and the transport makes it
	// this one (bot's executor) instead of posting a second with stale
	// controls beside it. A nonce is never used twice otherwise.
	if board >= 0 && firstBoard >= 0 {
		all[board].Message.Nonce = all[firstBoard].Message.Nonce
	}
	for user, first := range firstAsked {
		newest := newestAsked[user]
		all[newest].Message.Nonce = all[first].Message.Nonce
		if b, old := all[newest].Blocked, all[first].Blocked; b != nil && old != nil {
			b.Message.Nonce = old.Message.Nonce
		}
	}
	// An edit may post its message anew (a DM decision buried by later
	// messages, or a message gone): the one kept takes the oldest edit's
	// nonce too, so a repost that reached Discord before a crash is handed
	// back rather than posted a second time beside it.
	for msg, first := range firstEdit {
		all[newestEdit[msg]].Message.Nonce = all[first].Message.Nonce
	}
	for k, p := range all {
		if keep[k] {
			out.Posts = append(out.Posts, p)
		}
	}
	return out
}

// NewestState is the index of the newest of ds that kept its state (the
// newest one when none did).
func NewestState(ds []Delivery) int {
	for k := len(ds) - 1; k >= 0; k-- {
		if len(ds[k].State) > 0 {
			return k
		}
	}
	return len(ds) - 1
}

// tellInBoard is board with the words of posts folded (oldest first) told
// before its own, within Discord's length: the oldest words give way
// first. Their mentions stay where the words still name the user.
func tellInBoard(board Post, posts []Post, folded []int) Post {
	var told []string
	mentions := slices.Clone(board.Message.Mentions)
	for _, k := range folded {
		p := posts[k]
		words := p.Message.Content
		if p.Picture != nil { // an older board: its narration only
			words = words[:min(max(p.Told, 0), len(words))]
		}
		if words = strings.TrimSpace(words); words != "" {
			told = append(told, words)
		}
		mentions = append(mentions, p.Message.Mentions...)
	}
	if len(told) == 0 {
		return board
	}
	own := board.Message.Content
	room := MaxContent - len([]rune(own)) - 1
	if room < 2 {
		return board // no room to tell more: the newest board as it is
	}
	story := strings.Join(told, "\n")
	for len([]rune(story)) > room && len(told) > 1 {
		told = told[1:]
		story = "…\n" + strings.Join(told, "\n")
	}
	if r := []rune(story); len(r) > room {
		story = "…" + string(r[len(r)-(room-1):])
	}
	if own != "" {
		story += "\n"
	}
	board.Message.Content = story + own
	board.Told += len(story)
	board.Message.Mentions = nil
	for _, u := range mentions {
		if strings.Contains(board.Message.Content, "<@"+u+">") && !slices.Contains(board.Message.Mentions, u) {
			board.Message.Mentions = append(board.Message.Mentions, u)
		}
	}
	return board
}

// isBoard reports a new post of the table's public board in its channel.
func (p Post) isBoard(channel string) bool {
	return p.Kind == KindPost && p.ChannelID == channel && p.Picture != nil &&
		p.Picture.Viewer < 0 && !p.Picture.Results && !p.Picture.Replay && p.Remember != RememberStatus
}

// isLine reports a post of words alone in the table's channel (a quiet
// commit, a notice), which a newer board can tell instead.
func (p Post) isLine(channel string) bool {
	return p.Kind == KindPost && p.ChannelID == channel && p.Picture == nil && p.Remember == "" &&
		!p.Pin && len(p.Message.Components) == 0 && p.Message.Content != ""
}

// isDecisionDM reports a DM that asks its user a decision (with its
// controls, or leading to the board's): a newer one to the same user
// replaces it.
func (p Post) isDecisionDM() bool {
	return p.Kind == KindDM && (p.Remember == RememberDM || p.BoardLink != "")
}
