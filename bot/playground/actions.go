package playground

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/tavern-bot/tavern/commands"
	"github.com/tavern-bot/tavern/interact"
)

// Run carries out actions that arise outside any interaction, such as the
// timeouts commands.Service.Tick applies when a deadline passes, in the
// pretend Discord exactly as after a click. It is safe to call from another
// goroutine while the page is served.
func (s *Server) Run(ctx context.Context, actions []commands.Action) error {
	s.apply(ctx, actions)
	return nil // the pretend Discord is in this process: nothing to retry
}

// apply carries out a Result's actions in order, exactly as the Discord
// transport does: posts, edits in place (posting anew when the message is
// gone), and DMs that fall back to the Blocked post when a user's DMs are
// closed (Discord's error 50007).
func (s *Server) apply(ctx context.Context, actions []commands.Action) {
	for _, a := range actions {
		switch a := a.(type) {
		case commands.ChannelPost:
			s.post(ctx, a)
		case *commands.ChannelPost:
			s.post(ctx, *a)
		case commands.ChannelEdit:
			s.edit(ctx, a)
		case *commands.ChannelEdit:
			s.edit(ctx, *a)
		case commands.DirectMessage:
			s.direct(ctx, a)
		case *commands.DirectMessage:
			s.direct(ctx, *a)
		case commands.ClearButtons:
			s.world.clearButtons(a.ChannelID, a.MessageID, a.Note)
		case *commands.ClearButtons:
			s.world.clearButtons(a.ChannelID, a.MessageID, a.Note)
		case interact.WithdrawControls:
			s.world.withdrawControls(a.ChannelID, a.TableID)
		case *interact.WithdrawControls:
			s.world.withdrawControls(a.ChannelID, a.TableID)
		case commands.Unpin, *commands.Unpin:
			// The pretend channel shows no pins.
		case commands.ThreadOpen:
			s.openThread(ctx, a)
		case *commands.ThreadOpen:
			s.openThread(ctx, *a)
		case commands.ThreadArchive:
			s.world.archiveThread(a.ThreadID)
		case *commands.ThreadArchive:
			s.world.archiveThread(a.ThreadID)
		default:
			s.log.WarnContext(ctx, "playground: unknown action", slog.String("type", fmt.Sprintf("%T", a)))
		}
	}
}

func (s *Server) post(ctx context.Context, p commands.ChannelPost) {
	id, ok := s.world.post(p.ChannelID, s.opts.BotID, p.Message, "")
	if !ok {
		s.log.WarnContext(ctx, "playground: post to unknown channel", slog.String("channel", p.ChannelID))
		return
	}
	if p.OnSent != nil {
		p.OnSent(id)
	}
}

func (s *Server) edit(ctx context.Context, e commands.ChannelEdit) {
	if e.Resurface && s.world.buried(e.ChannelID, e.MessageID) {
		// A decision later DMs pushed up: at the bottom again, once.
		s.post(ctx, commands.ChannelPost{ChannelID: e.ChannelID, Message: e.Message, OnSent: e.OnSent})
		s.world.dismiss(e.ChannelID, e.MessageID, "")
		return
	}
	if s.world.edit(e.ChannelID, e.MessageID, e.Message) {
		return
	}
	s.log.InfoContext(ctx, "playground: edited message is gone, posting anew",
		slog.String("channel", e.ChannelID), slog.String("message", e.MessageID))
	s.post(ctx, commands.ChannelPost{ChannelID: e.ChannelID, Message: e.Message, OnSent: e.OnSent})
}

func (s *Server) direct(ctx context.Context, d commands.DirectMessage) {
	if d.Fill != nil {
		d.Fill(&d.Message)
	}
	dm, known := s.dmChannel(d.UserID)
	if known && !s.world.isDMClosed(d.UserID) {
		if id, ok := s.world.post(dm, s.opts.BotID, d.Message, ""); ok {
			if d.OnSent != nil {
				d.OnSent(dm, id)
			}
			return
		}
	}
	s.log.InfoContext(ctx, "playground: DM refused (50007)", slog.String("user", d.UserID))
	if d.Blocked != nil {
		s.post(ctx, *d.Blocked)
	}
}
