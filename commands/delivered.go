package commands

import (
	"context"
	"time"
)

// Redeliver turns what the outbox still holds (changes stored before a
// crash or restart whose messages were never confirmed) into Results, oldest
// first, with pictures drawn from the state each change saved (see
// delivery.Carrier.Redeliver). Call it once at start-up, before serving.
func (s *Service) Redeliver(ctx context.Context) []Result {
	return s.out.Redeliver(ctx, time.Time{})
}
