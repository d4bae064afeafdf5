package ui

import (
	tea "github.com/coworktop/coworktop/third_party/bubbletea"

	"github.com/coworktop/coworktop/governor"
)

// Bridge from the pipeline's channel into the event loop, as bubbletea's
// realtime example does: one Cmd blocks on the channel, takes whatever else
// is already waiting, and is re-armed only once that batch is applied, so a
// fast producer meets back-pressure instead of a render storm.
const (
	maxDeliveriesPerMsg = 256  // deliveries taken from the channel at once
	eventsPerChunk      = 2000 // events applied before input gets a turn
)

func waitForUpdates(ch <-chan governor.Update) tea.Cmd {
	if ch == nil {
		return nil
	}
	return func() tea.Msg {
		u, ok := <-ch
		if !ok {
			return FeedClosedMsg{}
		}
		batch := UpdatesMsg{u}
		for len(batch) < maxDeliveriesPerMsg {
			select {
			case u, ok := <-ch:
				if !ok {
					return batch // the next wait sees the closed channel
				}
				batch = append(batch, u)
			default:
				return batch
			}
		}
		return batch
	}
}

// applyPending folds up to eventsPerChunk events of the pending deliveries.
// When more remain it asks to be called again (letting key presses in
// between); when all are applied it re-arms the channel wait.
func (m *Model) applyPending() tea.Cmd {
	budget := eventsPerChunk
	live := false
	for len(m.pending) > 0 && budget > 0 {
		u := &m.pending[0]
		rest := u.Events[m.pendingAt:]
		if len(rest) > budget {
			for i := range rest[:budget] {
				m.state.ApplyEvent(&rest[i])
			}
			m.pendingAt += budget
			break
		}
		for i := range rest {
			m.state.ApplyEvent(&rest[i])
		}
		budget -= max(1, len(rest))
		tail := *u
		tail.Events = nil
		m.state.ApplyUpdate(tail) // host, groups, files, unreadable
		live = live || !u.Backfill
		m.pending[0] = governor.Update{}
		m.pending = m.pending[1:]
		m.pendingAt = 0
	}
	var cmds []tea.Cmd
	if bell := m.checkBell(live); bell != nil {
		cmds = append(cmds, bell)
	}
	if len(m.pending) > 0 {
		cmds = append(cmds, func() tea.Msg { return applyMoreMsg{} })
	} else {
		m.pending = nil
		m.refresh()
		cmds = append(cmds, waitForUpdates(m.opts.Updates))
	}
	return tea.Batch(cmds...)
}

// checkBell rings once when live (not backfilled) deliveries brought new
// evictions.
func (m *Model) checkBell(live bool) tea.Cmd {
	n := m.evictionCount()
	rang := n > m.evictions && live && m.opts.Bell
	m.evictions = n
	if rang {
		return tea.Raw("\a")
	}
	return nil
}

// evictionCount reads the running eviction total without a full snapshot.
func (m *Model) evictionCount() int {
	return m.state.EvictionCount()
}
