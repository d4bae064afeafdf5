package follow

// Why the follower has its own code instead of using nxadm/tail.
//
// The design called for nxadm/tail, configured as host-and-vms.md §5.4
// recommends (Poll, ReOpen, MustExist false, CompleteLines, DiscardingLogger,
// read from the start). It was run against the same torture test that
// TestFollowTorture runs on the follower: a separate writer process appends
// 100 000 lines (every seventh in three partial writes), renames main.log to
// main1.log (shifting main1.log to main2.log) 50 times, once to
// main.old.log, crops the file in place twice the way electron-log's
// fallback does, and deletes it once, re-creating it a second later.
//
//	                          lost    repeated  out of order  garbled  run
//	nxadm/tail, 250 ms poll  44 648    1 016         2            4     35 s
//	nxadm/tail,   5 ms poll   1 053    1 213         2            4     17 s
//	                          1 111    1 213         2            4     18 s
//	Follow,       5 ms poll       0        0         0            0     16 s
//
// (Linux, 2 vCPUs; the 5 ms poll rate was forced through the library's
// global watch.POLL_DURATION to give it the same chance as Follow.)
// The losses are the pitfalls listed in §5.3: bytes appended just before a
// rename are never read because the rotation check runs before the size
// check, and reopen discards a partial line; at the default 250 ms poll
// whole generations are skipped. The repeats come from crops: on truncation
// the library rereads the rewritten tail from offset 0. The garbled lines
// are the crop marker and the cut first line of the kept tail, delivered as
// lines. The test harness is in follow_torture_test.go; the nxadm/tail
// adapter that produced these figures was follow_nxadm_test.go in commit
// 9ec37d9, removed afterwards so the module no longer depends on an
// unmaintained library.
//
// Follow keeps host-and-vms.md §5.5's rules and goes further, because the
// rename-then-drain rule alone still lost lines whenever two changes landed
// between two checks (two numbered rotations, a rename to .old and a
// numbered one, a delete, a re-create and a rotation): it knows every
// generation by its identity (device and inode, the file ID on Windows)
// and holds it open until it is read to its end, so at each check it lists
// the family's files, reads the unread rest of every generation it knows,
// whatever name it carries now, and only then every new one from its
// start. A held file cannot vanish unread and its identity cannot be
// reused; a deleted one is closed once read to its end, and a rotated one
// once drained and quiet for a safety poll (follow_check.go says how it is
// known again). A file that vanished between the listing and its
// open is counted in FollowStatus.LostBytes. On a shrink or an in-place
// rewrite it finds where the rewritten tail overlaps what was already read
// and continues after it; it carries partial lines and cuts long lines with
// the same rule as ReadLines.
//
// It wakes on file notifications for the log folders (fsnotify: inotify,
// kqueue, ReadDirectoryChangesW; no cgo on darwin), draining a burst of
// events into one check, and checks anyway every SafetyPoll; a folder that
// cannot be watched is checked on every tick of the caller's clock.
