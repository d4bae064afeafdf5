package quota

import (
	"cmp"
	"slices"
)

// Owned is one reply after the copies are removed, with the session
// that owns it (an index into the reading's Sessions).
type Owned struct {
	Usage
	Session int
}

// Dedup removes the copies among the sessions' rows, as the best reader
// does (transcripts-usage.md §2): one reply written as several lines (one
// per content block), and rows copied into another file by a fork or a
// compaction, share message.id and requestId; without an exact match, a
// sidechain row matches on message.id alone (/btw replays carry a new
// requestId); a row without a requestId is matched within its own
// session only (gateways reuse ids across sessions). Of two rows, the one
// kept is the main chain's, then the larger, then the one marked fast.
// A row with no message.id is kept as it is. The result is in time order.
func Dedup(sessions []SessionUsage) []Owned {
	type exactKey struct{ msg, req uint64 }
	type loneKey struct {
		msg     uint64
		session int
	}
	var out []Owned
	exact := map[exactKey]int{}
	lone := map[loneKey]int{}
	byMsg := map[uint64]int{} // sidechain matching: message.id alone
	keep := func(at int, u Usage, s int) {
		if better(u, out[at].Usage) {
			out[at] = Owned{u, s}
		}
	}
	for s := range sessions {
		for _, u := range sessions[s].Rows {
			if u.Model == ModelNone {
				continue
			}
			switch {
			case u.MsgKey == 0:
				out = append(out, Owned{u, s})
				continue
			case u.ReqKey == 0:
				if at, ok := lone[loneKey{u.MsgKey, s}]; ok {
					keep(at, u, s)
					continue
				}
				lone[loneKey{u.MsgKey, s}] = len(out)
			default:
				if at, ok := exact[exactKey{u.MsgKey, u.ReqKey}]; ok {
					keep(at, u, s)
					continue
				}
				if at, ok := byMsg[u.MsgKey]; ok && (u.Sidechain || out[at].Sidechain) {
					keep(at, u, s)
					continue
				}
				exact[exactKey{u.MsgKey, u.ReqKey}] = len(out)
			}
			if _, ok := byMsg[u.MsgKey]; !ok {
				byMsg[u.MsgKey] = len(out)
			}
			out = append(out, Owned{u, s})
		}
	}
	slices.SortStableFunc(out, func(a, b Owned) int { return a.At.Compare(b.At) })
	return out
}

// better: a is kept over b: the main chain's row, then the larger, then
// the fast one.
func better(a, b Usage) bool {
	if a.Sidechain != b.Sidechain {
		return !a.Sidechain
	}
	if c := cmp.Compare(a.Tokens.Total(), b.Tokens.Total()); c != 0 {
		return c > 0
	}
	return a.Fast && !b.Fast
}
