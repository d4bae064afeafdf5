package vocab

import "time"

// MinRefresh is the shortest refresh interval: the screen's redraw and the
// machine's sampling beat. Shorter turns the monitor into the load. The
// config file's bounds, --refresh's check, the live pipeline's beat and
// the machine sampler all read this one floor.
const MinRefresh = 100 * time.Millisecond
