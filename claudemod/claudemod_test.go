package claudemod

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// fakeClaude answers as Claude Code 2.1.332 did (its --json result lines,
// its plugin list), records the commands run, and lists the mod once
// installed.
type fakeClaude struct {
	version   string
	ran       []string
	installed bool
	failOn    string
}

func (f *fakeClaude) run(_ context.Context, args ...string) ([]byte, error) {
	cmd := strings.Join(args, " ")
	f.ran = append(f.ran, cmd)
	if f.failOn != "" && strings.HasPrefix(cmd, f.failOn) {
		return []byte(`{"outcome":"failed","message":"Marketplace source is blocked by policy\u001b[31m","failureCode":"blocked"}`), errors.New("exit status 1")
	}
	switch {
	case cmd == "--version":
		return []byte(f.version + " (Claude Code)\n"), nil
	case strings.HasPrefix(cmd, "plugin marketplace add "):
		return []byte(`{"command":"marketplace-add","outcome":"ok","marketplace":"coworktop","message":"Successfully added marketplace: coworktop (declared in user settings)"}`), nil
	case cmd == "plugin install coworktop@coworktop --json":
		f.installed = true
		return []byte(`{"command":"install","outcome":"ok","plugin":"coworktop@coworktop","message":"Successfully installed plugin: coworktop@coworktop (scope: user)"}`), nil
	case cmd == "plugin list --json":
		if !f.installed {
			return []byte(`[{"id":"cc-plugin-privacy@builtin","version":"unknown","scope":"user","enabled":true}]`), nil
		}
		return []byte(`[{"id":"coworktop@coworktop","version":"0.1.0","scope":"user","enabled":true},{"id":"cc-plugin-privacy@builtin","enabled":true}]`), nil
	case cmd == "plugin uninstall coworktop@coworktop --json":
		if !f.installed {
			return []byte(`{"command":"uninstall","outcome":"failed","message":"Plugin \"coworktop@coworktop\" not found in installed plugins","failureCode":"not_installed"}`), errors.New("exit status 1")
		}
		f.installed = false
		return []byte(`{"command":"uninstall","outcome":"ok","message":"Successfully uninstalled plugin: coworktop (scope: user)"}`), nil
	case cmd == "plugin marketplace remove coworktop --json":
		return []byte(`{"command":"marketplace-remove","outcome":"ok","message":"Successfully removed marketplace: coworktop"}`), nil
	}
	return nil, errors.New("unexpected: " + cmd)
}

func testPaths(t *testing.T) Paths {
	dir := testfs.TempDir(t)
	return Paths{Market: filepath.Join(dir, "config", "claude-mod"), Warning: filepath.Join(dir, "cache", WarningName),
		Limits: filepath.Join(dir, "cache", "mod-limits.json")}
}

// Install writes the mod with its paths, runs claude plugin marketplace add
// and install in that order, checks the list and says how to undo;
// Uninstall runs the reverse, removes every file of coworktop's, and a
// second Uninstall is no error.
func TestInstallAndUninstall(t *testing.T) {
	p := testPaths(t)
	f := &fakeClaude{version: "2.1.332"}
	c := Claude{Path: "claude", Run: f.run}
	lines, err := Install(context.Background(), c, p)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"--version", "plugin marketplace add " + p.Market + " --json", "plugin install coworktop@coworktop --json", "plugin list --json"}
	if strings.Join(f.ran, "\n") != strings.Join(want, "\n") {
		t.Fatalf("ran:\n%s", strings.Join(f.ran, "\n"))
	}
	if last := lines[len(lines)-1]; last != "to undo: coworktop mod uninstall" {
		t.Fatalf("last line %q", last)
	}
	raw, err := os.ReadFile(filepath.Join(p.PluginDir(), PathsName))
	var paths struct{ Warning, Limits string }
	if err != nil || json.Unmarshal(raw, &paths) != nil || paths.Warning != p.Warning || paths.Limits != p.Limits {
		t.Fatalf("paths.json: %s %v", raw, err)
	}
	for _, name := range []string{".claude-plugin/marketplace.json", "coworktop/.claude-plugin/plugin.json", "coworktop/hooks/hooks.json", "coworktop/hooks/register.ts"} {
		if _, err := os.Stat(filepath.Join(p.Market, name)); err != nil {
			t.Errorf("not written: %s", name)
		}
	}
	st := Look(context.Background(), c, p)
	if !st.Listed || !st.Enabled || st.FilesVersion != Version() {
		t.Fatalf("status %+v", st)
	}
	if err := WriteWarning(p.Warning, Warning{Text: "x", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p.Limits, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}

	f.ran = nil
	lines, err = Uninstall(context.Background(), c, p)
	if err != nil {
		t.Fatal(err)
	}
	if f.ran[0] != "plugin uninstall coworktop@coworktop --json" || f.ran[1] != "plugin marketplace remove coworktop --json" {
		t.Fatalf("ran %q", f.ran)
	}
	for _, path := range []string{p.Market, p.Warning, p.Limits} {
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("left behind: %s", path)
		}
	}
	if !strings.Contains(strings.Join(lines, "\n"), "removed "+p.Market) {
		t.Fatalf("lines: %q", lines)
	}
	if _, err := Uninstall(context.Background(), c, p); err != nil {
		t.Fatalf("a second uninstall: %v", err)
	}
}

// A Claude Code too old, or whose settings turn mods off, is refused in
// one line before anything is written or run; a failed claude plugin step
// says what Claude Code said, cleaned.
func TestInstallRefuses(t *testing.T) {
	p := testPaths(t)
	f := &fakeClaude{version: "2.1.294"}
	_, err := Install(context.Background(), Claude{Run: f.run}, p)
	var r *Refusal
	if !errors.As(err, &r) || !strings.Contains(err.Error(), "Claude Code 2.1.294 is older than 2.1.332") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("old: %v", err)
	}
	if _, err := os.Stat(p.Market); !errors.Is(err, fs.ErrNotExist) || len(f.ran) != 1 {
		t.Fatalf("wrote or ran something: %v %q", err, f.ran)
	}

	settings := filepath.Join(testfs.TempDir(t), "settings.json")
	managed := filepath.Join(testfs.TempDir(t), "managed-settings.json")
	f = &fakeClaude{version: "2.1.340"}
	c := Claude{Run: f.run, Settings: []string{settings, managed}}
	os.WriteFile(settings, []byte(`{"allowManagedHooksOnly": true, "env": {"SECRET": "x"}}`), 0o600) // not the user's to set: ignored
	os.WriteFile(managed, []byte(`{"pluginConfigs": {"policy@org": {"options": {"allowManagedModsOnly": true}}}}`), 0o600)
	if _, err := Install(context.Background(), c, p); !errors.As(err, &r) || !strings.Contains(err.Error(), "mods are off") || !strings.Contains(err.Error(), "allowManagedModsOnly") {
		t.Fatalf("managed mods only: %v", err)
	}
	os.WriteFile(managed, []byte(`{}`), 0o600)
	os.WriteFile(settings, []byte(`{"disableAllHooks": true}`), 0o600)
	if _, err := Install(context.Background(), c, p); !errors.As(err, &r) || !strings.Contains(err.Error(), "disableAllHooks is set in") {
		t.Fatalf("hooks off: %v", err)
	}
	os.WriteFile(settings, []byte(`{}`), 0o600)
	f.failOn = "plugin marketplace add"
	_, err = Install(context.Background(), c, p)
	if err == nil || !strings.Contains(err.Error(), "blocked by policy") || strings.Contains(err.Error(), "\x1b") {
		t.Fatalf("blocked: %v", err)
	}
	if _, err := Install(context.Background(), Claude{}, p); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("no claude: %v", err)
	}
}

// The warning file is written only while the mod is installed, when its
// text changes or every WarningBeat, and reads back as written.
func TestWarningWriter(t *testing.T) {
	p := testPaths(t)
	now := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	w := &WarningWriter{Paths: p, By: "coworktop live"}
	w.Note("update 2.2553.1 installs when the app sits idle", now)
	if _, err := os.Stat(p.Warning); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("written without the mod")
	}
	if err := writeMarketplace(p); err != nil {
		t.Fatal(err)
	}
	w.Note("update", now.Add(30*time.Second)) // not looked again yet: a minute
	if _, err := os.Stat(p.Warning); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal("looked again within the minute")
	}
	at := now.Add(time.Minute)
	w.Note("update", at)
	got, err := ReadWarning(p.Warning)
	if err != nil || got.Text != "update" || !got.At.Equal(at) || got.By != "coworktop live" || got.V != 1 {
		t.Fatalf("%+v %v", got, err)
	}
	w.Note("update", at.Add(10*time.Second))
	if got, _ := ReadWarning(p.Warning); !got.At.Equal(at) {
		t.Fatal("rewritten before its beat")
	}
	w.Note("", at.Add(11*time.Second))
	if got, _ := ReadWarning(p.Warning); got.Text != "" || !got.At.Equal(at.Add(11*time.Second)) {
		t.Fatalf("a change not written: %+v", got)
	}
	w.Note("", at.Add(11*time.Second+WarningBeat))
	if got, _ := ReadWarning(p.Warning); !got.At.Equal(at.Add(11*time.Second + WarningBeat)) {
		t.Fatalf("no beat: %+v", got)
	}
	ents, _ := os.ReadDir(filepath.Dir(p.Warning))
	if len(ents) != 1 {
		t.Fatalf("temporary files left: %v", ents)
	}
}

// Status words the warning file as the footer shows it: fresh, said with
// its age, too old.
func TestWarningText(t *testing.T) {
	now := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		age  time.Duration
		want string
	}{
		{5 * time.Second, "shown (5s old): x"},
		{3 * time.Minute, "shown with its age (3m00s old): x"},
		{20 * time.Minute, "too old to show (20m00s old): x"},
	} {
		if got := warningText(Warning{Text: "x", At: now.Add(-c.age)}, now); got != c.want {
			t.Errorf("%s: %q, want %q", c.age, got, c.want)
		}
	}
}

// The binary ships the files of claudemod/files/ that `claude plugin test`
// runs against: every file there but the tests and .gitignore is embedded,
// byte for byte.
func TestEmbeddedFilesAreTheFolder(t *testing.T) {
	n := 0
	err := filepath.WalkDir("files", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(path)
		if strings.Contains(rel, "/tests/") || strings.HasSuffix(rel, ".gitignore") || strings.Contains(rel, "/types/") || strings.HasSuffix(rel, "tsconfig.json") {
			return nil
		}
		want, _ := os.ReadFile(path)
		got, err := files.ReadFile(rel)
		if err != nil || string(got) != string(want) {
			t.Errorf("%s not embedded as it is: %v", rel, err)
		}
		n++
		return nil
	})
	if err != nil || n < 5 {
		t.Fatalf("%d files, %v", n, err)
	}
}
