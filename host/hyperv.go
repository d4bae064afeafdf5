package host

import (
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// The Hyper-V VMs' processes by their creation time. The scan sees every
// HCS VM (the Cowork VM, WSL 2's worker, Docker's Hyper-V backend, Windows
// Sandbox) as vmwp (one worker per VM) and vmmem (its memory), in one group
// (HyperVGroupKey); which of them a VM start created is a matter of their
// creation times alone, and that is what this file computes. Whether the
// start is Cowork's, and the groups' names and notes, are the model's
// (governor/hyperv.go).

// The match window around a logged VM start: a worker created more than
// hyperVEarly before the start predates it (the stamp may be cut to the
// second); one created past hyperVLate after the VM was ready is another
// VM's.
const (
	hyperVEarly = 2 * time.Second
	hyperVLate  = 60 * time.Second
)

// HyperVWindow is when a worker of the VM that started at start and was
// ready at ready may have been created. A zero start takes ready's place,
// a ready before the start the start's; ok false when both are zero.
func HyperVWindow(start, ready time.Time) (from, to time.Time, ok bool) {
	if start.IsZero() {
		start = ready
	}
	if start.IsZero() {
		return time.Time{}, time.Time{}, false
	}
	end := ready
	if end.Before(start) {
		end = start
	}
	return start.Add(-hyperVEarly), end.Add(hyperVLate), true
}

// FindHyperV is the index of the scan's Hyper-V group in groups (-1 when
// there is none), and whether the Cowork service's group has processes.
func FindHyperV(groups []ProcessGroup) (hv int, service bool) {
	hv = -1
	for i := range groups {
		switch {
		case groups[i].Key == HyperVGroupKey:
			hv = i
		case groups[i].Kind == GroupCoworkService && groups[i].Processes > 0:
			service = true
		}
	}
	return hv, service
}

// SplitByStart splits g's members by their creation time: in are those
// created within [from, to], rest the others, those of unknown creation
// time among them.
func (g ProcessGroup) SplitByStart(from, to time.Time) (in, rest []ProcessMember) {
	for _, m := range g.Members {
		if !m.Started.IsZero() && !m.Started.Before(from) && !m.Started.After(to) {
			in = append(in, m)
		} else {
			rest = append(rest, m)
		}
	}
	return in, rest
}

// WithMembers is g holding only ms, its sums (processes, pids, memory,
// CPU) made again from them; its guest memory is left unknown.
func (g ProcessGroup) WithMembers(ms []ProcessMember) ProcessGroup {
	n := g
	n.Members, n.PIDs = ms, nil
	n.Processes, n.Unreadable = len(ms), 0
	n.RSS, n.Footprint, n.GuestMemory = vocab.Figure{}, vocab.Figure{}, vocab.Figure{}
	n.CPUPercent = 0
	for _, m := range ms {
		n.PIDs = append(n.PIDs, m.PID)
		n.AddMemberMemory(m)
		n.CPUPercent += m.CPUPercent
	}
	if n.RSS.Known {
		n.RSS.Source = g.RSS.Source
	}
	if n.Footprint.Known {
		n.Footprint.Source = g.Footprint.Source
	}
	return n
}
