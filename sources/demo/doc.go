// Package demo writes the built-in demo scenario (demo_scenario.txt) as real
// -shaped Claude log lines into a temporary folder, on the wall clock, so
// `coworktop --demo` exercises the real follower, parser and model with no
// Claude install.
//
// It writes only into the folder it is given (never a Claude log folder),
// keeps no model state and renders nothing.
package demo
