package follow

import (
	"context"
	"time"
)

// DefaultPoll is the live view's default refresh, the beat the follower is
// given there.
const DefaultPoll = time.Second

// followEvery follows one file on a ticker of its own, every poll (the
// live view gives FollowAllOn a Beat's tick instead).
func followEvery(ctx context.Context, poll time.Duration, cfg FollowConfig, out chan<- LineBatch) error {
	t := time.NewTicker(poll)
	defer t.Stop()
	return FollowAllOn(ctx, []FollowConfig{cfg}, t.C, out)
}
