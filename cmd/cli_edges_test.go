package cmd

import (
	"strings"
	"testing"
)

// TestHelpNamesTheConfigFlagsValue: --help showed "--config coworktop
// config", pflag reading the back-quoted words of the usage as the value's
// name.
func TestHelpNamesTheConfigFlagsValue(t *testing.T) {
	code, out, _ := runOut(t, "--help")
	if code != 0 || !strings.Contains(out, "--config FILE ") || strings.Contains(out, "--config coworktop") {
		t.Errorf("--help: exit %d, the --config line reads:\n%s", code, grepLine(out, "--config"))
	}
}

// TestUnknownFlagGetsASuggestion: a mistyped flag is answered as a
// mistyped command is, with the nearest name (the old code said only
// "unknown flag").
func TestUnknownFlagGetsASuggestion(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"report", "--sinse", "1h"}, "coworktop: unknown flag: --sinse; did you mean --since?\n"},        //nolint:misspell // the typo is the test
		{[]string{"report", "--sinse=1h"}, "coworktop: unknown flag: --sinse; did you mean --since?\n"},           //nolint:misspell // the typo is the test
		{[]string{"--sinse", "1h"}, "coworktop: unknown flag: --sinse; did you mean coworktop report --since?\n"}, //nolint:misspell // the typo is the test
		{[]string{"events", "--zzzzzz"}, "coworktop: unknown flag: --zzzzzz\n"},
	}
	for _, tc := range cases {
		code, _, errs := runOut(t, tc.args...)
		if code != 2 || errs != tc.want {
			t.Errorf("%v: exit %d %q, want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// TestSnapshotWithoutALogFolderExitsOne: with no log folder, snapshot
// still shows the machine but exits 1 as report and events do (it exited
// 0).
func TestSnapshotWithoutALogFolderExitsOne(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	for _, c := range []string{"report", "events", "snapshot"} {
		code, out, errs := runOut(t, c)
		if code != 1 || !strings.HasPrefix(errs, "coworktop: no Claude log folder found") {
			t.Errorf("%s without a log folder: exit %d %q", c, code, errs)
		}
		if c == "snapshot" && (out == "" || !strings.Contains(errs, "the snapshot shows the machine only")) {
			t.Errorf("snapshot without a log folder: stdout %q stderr %q", out, errs)
		}
	}
}

// grepLine is the first line of s holding sub.
func grepLine(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
