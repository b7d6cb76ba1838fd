package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tavern-bot/tavern/commands"
)

// SignatureWindow is how far a request's timestamp may be from now; older
// (or far-future) signed requests are refused as replays.
const SignatureWindow = 5 * time.Minute

// maxInteractionBody is far above Discord's largest interaction (a
// message command carrying its message with embeds and components is a few
// tens of KB) and far below what could hurt.
const maxInteractionBody = 128 << 10

// InteractionsHandler serves Discord's HTTP interactions endpoint at POST
// /interactions. It checks the Ed25519 signature over timestamp+body,
// answers the acknowledgement in the HTTP response, and then handles the
// interaction in the background, replying through exec's REST session
// (which needs the bot token for channel posts). now is the clock for the
// freshness check (time.Now in production).
func InteractionsHandler(publicKey ed25519.PublicKey, h commands.Interactions, exec *Executor, now func() time.Time) http.Handler {
	return InteractionsHandlerN(publicKey, h, exec, now, DefaultLimits.Inflight)
}

// InteractionsHandlerN is InteractionsHandler handling at most inflight
// interactions at once (PING aside): one more is answered 503 at once, and
// Discord shows its user a failure rather than the bot queueing without
// bound. An interaction holds its slot until it is answered; carrying its
// change out after that (drawing, posting at Discord's pace) is bounded
// per table instead, where one carrier holds the table and takes along
// whatever queues behind it (see delivery), so a Discord budget behind
// under load sheds no interaction.
func InteractionsHandlerN(publicKey ed25519.PublicKey, h commands.Interactions, exec *Executor, now func() time.Time, inflight int) http.Handler {
	if now == nil {
		now = time.Now
	}
	ep := &endpoint{key: publicKey, now: now, d: dispatcher{h: h, exec: exec, log: exec.log}, slots: make(chan struct{}, max(inflight, 1))}
	mux := http.NewServeMux()
	mux.Handle("POST /interactions", ep)
	return mux
}

type endpoint struct {
	key   ed25519.PublicKey
	now   func() time.Time
	d     dispatcher
	slots chan struct{} // one token per interaction being handled
}

func (ep *endpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxInteractionBody+1))
	if err != nil || len(body) > maxInteractionBody {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	if !ep.verify(r.Header, body) {
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil || !knownType(i.Type) {
		http.Error(w, "bad interaction", http.StatusBadRequest)
		return
	}
	if i.Type != discordgo.InteractionPing {
		select {
		case ep.slots <- struct{}{}:
		default:
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
	}

	// The acknowledgement is this HTTP response; the reply (a webhook edit)
	// may only follow once Discord has it, so the background work waits
	// until the response is written and flushed.
	acks := make(chan *discordgo.InteractionResponse, 1)
	written := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		free := func() {}
		if i.Type != discordgo.InteractionPing {
			var once sync.Once
			free = func() { once.Do(func() { <-ep.slots }) }
			defer free()
		}
		ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), interactionLifetime)
		defer cancel()
		ep.d.dispatchThen(ctx, &i, func(resp *discordgo.InteractionResponse) error {
			acks <- resp
			<-written
			return nil
		}, free)
	}()
	select {
	case resp := <-acks:
		writeJSON(w, resp, ep.d.log)
		close(written)
	case <-finished:
		// dispatch gave up before acknowledging (it logged why).
		http.Error(w, "interaction failed", http.StatusInternalServerError)
	}
}

// verify checks the signature and the freshness of the timestamp.
func (ep *endpoint) verify(hdr http.Header, body []byte) bool {
	sig, err := hex.DecodeString(hdr.Get("X-Signature-Ed25519"))
	if err != nil || len(sig) != ed25519.SignatureSize || len(ep.key) != ed25519.PublicKeySize {
		return false
	}
	ts := hdr.Get("X-Signature-Timestamp")
	secs, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return false
	}
	age := ep.now().Sub(time.Unix(secs, 0))
	if age > SignatureWindow || age < -SignatureWindow {
		return false
	}
	msg := make([]byte, 0, len(ts)+len(body))
	msg = append(append(msg, ts...), body...)
	return ed25519.Verify(ep.key, msg, sig)
}

func writeJSON(w http.ResponseWriter, v any, log *slog.Logger) {
	data, err := json.Marshal(v)
	if err != nil {
		log.Error("discord: encode interaction response", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if _, err := w.Write(data); err != nil {
		log.Warn("discord: write interaction response", "err", err)
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}
