package outbox

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// appendDeliveryJSON appends the JSON that json.Marshal makes of d without
// its state, byte for byte (TestDeliveryJSONMatchesMarshal), written
// directly: every move stages a delivery, and encoding/json would walk it
// by reflection and scan each component's JSON once more after discordgo
// made it. Rows of buttons, what moves post most, are written here too;
// other components go through json.Marshal once.
func appendDeliveryJSON(b []byte, d *Delivery) ([]byte, error) {
	b = append(b, `{"game":`...)
	b = appendString(b, d.Game)
	b = append(b, `,"table":`...)
	b = appendString(b, d.Table)
	b = append(b, `,"channel":`...)
	b = appendString(b, d.Channel)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(d.Version), 10)
	b = append(b, `,"at":"`...)
	b = d.At.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","lang":`...)
	b = appendString(b, d.Lang)
	if len(d.Names) > 0 {
		b = appendStrings(append(b, `,"names":`...), d.Names)
	}
	if len(d.Langs) > 0 {
		b = appendStrings(append(b, `,"langs":`...), d.Langs)
	}
	if d.Urgent {
		b = append(b, `,"urgent":true`...)
	}
	b = append(b, `,"posts":`...)
	if d.Posts == nil {
		return append(b, "null}"...), nil
	}
	b = append(b, '[')
	for k := range d.Posts {
		if k > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendPost(b, &d.Posts[k]); err != nil {
			return nil, err
		}
	}
	return append(b, "]}"...), nil
}

func appendPost(b []byte, p *Post) ([]byte, error) {
	b = append(b, `{"kind":`...)
	b = appendString(b, string(p.Kind))
	b = appendOptString(b, `,"channel":`, p.ChannelID)
	b = appendOptString(b, `,"message":`, p.MessageID)
	b = appendOptString(b, `,"user":`, p.UserID)
	b = append(b, `,"msg":{`...)
	n := len(b)
	b = appendOptString(b, `,"content":`, p.Message.Content)
	if len(p.Message.Components) > 0 {
		var err error
		if b, err = appendComponents(append(b, `,"components":`...), p.Message.Components); err != nil {
			return nil, err
		}
	}
	if len(p.Message.Mentions) > 0 {
		b = appendStrings(append(b, `,"mentions":`...), p.Message.Mentions)
	}
	b = appendOptString(b, `,"nonce":`, p.Message.Nonce)
	if len(b) > n { // no comma before the first field
		b = append(b[:n], b[n+1:]...)
	}
	b = append(b, '}')
	if pic := p.Picture; pic != nil {
		b = append(b, `,"pic":{"viewer":`...)
		b = strconv.AppendInt(b, int64(pic.Viewer), 10)
		b = append(b, `,"name":`...)
		b = appendString(b, pic.Name)
		if pic.Results {
			b = append(b, `,"results":true`...)
		}
		if pic.Replay {
			b = append(b, `,"replay":true`...)
		}
		b = append(b, '}')
	}
	if p.Blocked != nil {
		var err error
		if b, err = appendPost(append(b, `,"blocked":`...), p.Blocked); err != nil {
			return nil, err
		}
	}
	b = appendOptString(b, `,"board_link":`, p.BoardLink)
	b = appendOptString(b, `,"remember":`, string(p.Remember))
	if p.Pin {
		b = append(b, `,"pin":true`...)
	}
	if p.Told != 0 {
		b = strconv.AppendInt(append(b, `,"told":`...), int64(p.Told), 10)
	}
	return append(b, '}'), nil
}

func appendComponents(b []byte, list []discordgo.MessageComponent) ([]byte, error) {
	b = append(b, '[')
	for k, c := range list {
		if k > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = appendComponent(b, c); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// appendComponent writes rows and plain buttons as discordgo's MarshalJSON
// does; anything else is marshalled by discordgo.
func appendComponent(b []byte, c discordgo.MessageComponent) ([]byte, error) {
	switch c := c.(type) {
	case discordgo.ActionsRow:
		b = append(b, `{"components":`...)
		if c.Components == nil {
			b = append(b, "null"...)
		} else {
			var err error
			if b, err = appendComponents(b, c.Components); err != nil {
				return nil, err
			}
		}
		if c.ID != 0 {
			b = strconv.AppendInt(append(b, `,"id":`...), int64(c.ID), 10)
		}
		return append(b, `,"type":1}`...), nil
	case discordgo.Button:
		if c.Emoji != nil {
			break
		}
		if c.Style == 0 {
			c.Style = discordgo.PrimaryButton
		}
		b = appendString(append(b, `{"label":`...), c.Label)
		b = strconv.AppendInt(append(b, `,"style":`...), int64(c.Style), 10)
		b = strconv.AppendBool(append(b, `,"disabled":`...), c.Disabled)
		b = appendOptString(b, `,"url":`, c.URL)
		b = appendOptString(b, `,"custom_id":`, c.CustomID)
		b = appendOptString(b, `,"sku_id":`, c.SKUID)
		if c.ID != 0 {
			b = strconv.AppendInt(append(b, `,"id":`...), int64(c.ID), 10)
		}
		return append(b, `,"type":2}`...), nil
	}
	data, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("outbox: store component: %w", err)
	}
	return append(b, data...), nil
}

func appendOptString(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return appendString(append(b, key...), s)
}

func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for k, s := range list {
		if k > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendString writes s as encoding/json does (HTML-safe, invalid UTF-8
// as U+FFFD, U+2028 and U+2029 escaped).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
