package cmd

import (
	"os"
	"runtime/debug"
)

// softMemoryLimit is the Go runtime's soft memory limit for the commands
// that run for days: the live view in a terminal pane, and serve. Below it nothing
// changes: a live view of an ordinary folder holds a few MB of heap. Near
// it the collector runs sooner, which is what keeps a folder of 20 000
// rotated generations under the 64 MB bound (issue 29 #5): the follower's
// check of every generation leaves 5-10 MB of garbage each time, and
// without the limit the heap grew to twice its live size before a
// collection (peak RSS 69 MB, against 54 MB with the limit, for 7-10 %
// more CPU over the first 40 s; docs/follower-generations.md).
const softMemoryLimit = 40 << 20

// limitMemory sets softMemoryLimit unless the person set GOMEMLIMIT, which
// the runtime has already applied and which wins.
func limitMemory() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	debug.SetMemoryLimit(softMemoryLimit)
}
