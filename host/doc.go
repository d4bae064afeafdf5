// Package host is what a sample of the machine says, below the model: the
// host's memory and its pressure level (HostMemory, PressureLevel), the
// process groups the scan finds (ProcessGroup, GroupKind) with each
// grouped process (ProcessMember) and its role, the CPU % as every output
// writes it (CPUText), the app's processes as rows by role (AppHelpers:
// one sample's members, grouped), the process tree memory per session
// is summed on (ProcTree, SessionMemory, DuplicateServer) and its split
// per session from the roots the model joins (SessionMembers,
// ProcTree.SplitSessions), which Hyper-V processes a VM start created
// (HyperVWindow, FindHyperV, ProcessGroup.SplitByStart and WithMembers)
// and the straight line fitted to free memory (FreePoint, FreeSlope).
// sources/machine
// fills these types; governor keeps the latest sample in its State and
// places and joins it (the Hyper-V VM; which claude process is which
// session, from the records).
//
// It owns the types, their texts and the computations over samples alone,
// not the rules: no join to the records, no placement or name of a VM, no
// risk. It may not touch
// the outside world (no I/O, no time.Now, no goroutines) and imports
// nothing of the project but vocab, so a sampler can fill it without
// importing the model.
package host
