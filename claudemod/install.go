package claudemod

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// Refusal is why the mod cannot go into this Claude Code: said in one line.
type Refusal struct{ Why string }

func (r *Refusal) Error() string { return r.Why }

// check refuses a Claude Code too old for the mod, or one whose mods are
// off; it returns the version.
func (c Claude) check(ctx context.Context) (string, error) {
	v, err := c.version(ctx)
	if err != nil {
		return "", err
	}
	if compareVersions(v, MinVersion) < 0 {
		return v, &Refusal{fmt.Sprintf("Claude Code %s is older than %s, the first version coworktop's mod is tested with: `claude update` brings a newer one", v, MinVersion)}
	}
	if off := c.modsOff(); off != "" {
		return v, &Refusal{"mods are off in this Claude Code (" + off + "): coworktop's mod would not load"}
	}
	return v, nil
}

// Install writes the mod into p.Market and installs it into Claude Code
// through its own commands: `claude plugin marketplace add <folder>` and
// `claude plugin install coworktop@coworktop`, at the user's scope, which
// every new session loads without asking. It returns what it did, line by
// line, ending with how to undo it.
func Install(ctx context.Context, c Claude, p Paths) ([]string, error) {
	v, err := c.check(ctx)
	if err != nil {
		return nil, err
	}
	if err := writeMarketplace(p); err != nil {
		return nil, err
	}
	clean := func(s string) string { return vocab.SanitizeStringWith(s, vocab.PathText) }
	lines := []string{fmt.Sprintf("wrote coworktop's mod %s into %s", Version(), clean(p.Market))}
	if _, err := c.plugin(ctx, "", "marketplace", "add", p.Market); err != nil {
		return lines, err
	}
	lines = append(lines, "ran claude plugin marketplace add "+clean(p.Market)+" (Claude Code "+v+")")
	if _, err := c.plugin(ctx, "", "install", PluginID); err != nil {
		return lines, err
	}
	lines = append(lines, "ran claude plugin install "+PluginID+": Claude Code's user settings enable it")
	got, err := c.installed(ctx)
	switch {
	case err != nil:
		return lines, err
	case got == nil || !got.Enabled:
		return lines, errors.New("claude plugin list does not list " + PluginID + " as enabled after the install")
	}
	return append(lines,
		"every Claude Code session started from now on loads it: coworktop's warning in its footer, its rate limits for coworktop (quota source \"mod\")",
		"the footer shows a warning while `coworktop` or `coworktop serve` runs on this machine",
		"to undo: coworktop mod uninstall"), nil
}

// Uninstall takes the mod out of Claude Code through its own commands
// (`claude plugin uninstall`, `claude plugin marketplace remove`; either
// already gone is fine) and removes coworktop's own files of it: the
// marketplace folder, the warning file and the rate limits the mod wrote.
// Without a `claude` it removes coworktop's files and says what is left.
func Uninstall(ctx context.Context, c Claude, p Paths) ([]string, error) {
	var lines []string
	clean := func(s string) string { return vocab.SanitizeStringWith(s, vocab.PathText) }
	if c.Run != nil {
		r, err := c.plugin(ctx, "not_installed", "uninstall", PluginID)
		if err != nil {
			return lines, err
		}
		lines = append(lines, "ran claude plugin uninstall "+PluginID+": "+r.Message)
		r, err = c.plugin(ctx, "not_configured", "marketplace", "remove", Marketplace)
		if err != nil {
			return lines, err
		}
		lines = append(lines, "ran claude plugin marketplace remove "+Marketplace+": "+r.Message)
	} else {
		lines = append(lines, "no claude found: if Claude Code still lists it, run `claude plugin uninstall "+PluginID+"` and `claude plugin marketplace remove "+Marketplace+"` where it is")
	}
	for _, path := range []string{p.Market, p.Warning, p.Limits} {
		if path == "" {
			continue
		}
		if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.RemoveAll(path); err != nil {
			return lines, fmt.Errorf("removing %s: %w", clean(path), err)
		}
		lines = append(lines, "removed "+clean(path))
	}
	return append(lines, "sessions started from now on run without it; to put it back: coworktop mod install"), nil
}

// Status is where the mod stands on this machine.
type Status struct {
	// Files: coworktop's marketplace folder holds the mod (its version).
	Files, FilesVersion string
	// Claude is the Claude Code found and its version; Refused why the
	// mod cannot go into it ("" when it can); Err why it could not be asked.
	Claude, ClaudeVersion, Refused, Err string
	// Listed: Claude Code lists the mod, Enabled and at Version.
	Listed, Enabled bool
	Version         string
	// Warning is the warning file as of the look; WarningErr why it could
	// not be read ("" when it is missing too).
	Warning    *Warning
	WarningErr string
}

// Look says where the mod stands.
func Look(ctx context.Context, c Claude, p Paths) Status {
	var s Status
	if _, err := os.Stat(p.PluginDir()); err == nil && p.Market != "" {
		s.Files, s.FilesVersion = vocab.SanitizeStringWith(p.Market, vocab.PathText), installedVersion(p)
	}
	if c.Run != nil {
		s.Claude = vocab.SanitizeStringWith(c.Path, vocab.PathText)
		v, err := c.check(ctx)
		s.ClaudeVersion = v
		var r *Refusal
		switch {
		case errors.As(err, &r):
			s.Refused = r.Why
		case err != nil:
			s.Err = vocab.SanitizeString(err.Error(), 300)
		}
		if err == nil || s.Refused != "" {
			got, err := c.installed(ctx)
			if err != nil {
				s.Err = vocab.SanitizeString(err.Error(), 300)
			} else if got != nil {
				s.Listed, s.Enabled, s.Version = true, got.Enabled, got.Version
			}
		}
	}
	if p.Warning != "" {
		w, err := ReadWarning(p.Warning)
		switch {
		case err == nil:
			s.Warning = &w
		case !errors.Is(err, fs.ErrNotExist):
			s.WarningErr = vocab.SanitizeString(err.Error(), 200)
		}
	}
	return s
}

// installedVersion is the version of the mod's files in p.Market.
func installedVersion(p Paths) string {
	data, err := os.ReadFile(p.PluginDir() + "/.claude-plugin/plugin.json")
	if err != nil {
		return ""
	}
	return vocab.SanitizeString(versionOf(data), 40)
}

// Lines are the status in words, one fact a line.
func (s Status) Lines(now time.Time) []string {
	var out []string
	switch {
	case s.Files == "":
		out = append(out, "mod files: not written (coworktop mod install writes them)")
	default:
		out = append(out, "mod files: "+s.FilesVersion+" in "+s.Files)
	}
	switch {
	case s.Claude == "":
		out = append(out, "Claude Code: no claude found on PATH")
	case s.Err != "":
		out = append(out, "Claude Code: "+s.Claude+": "+s.Err)
	default:
		out = append(out, "Claude Code: "+s.ClaudeVersion+" at "+s.Claude)
	}
	if s.Refused != "" {
		out = append(out, "refused: "+s.Refused)
	}
	switch {
	case s.Listed && s.Enabled:
		out = append(out, "in Claude Code: "+PluginID+" "+s.Version+" installed and enabled: new sessions load it")
	case s.Listed:
		out = append(out, "in Claude Code: "+PluginID+" installed but disabled (claude plugin enable "+PluginID+")")
	case s.Claude != "" && s.Err == "":
		out = append(out, "in Claude Code: not installed")
	}
	switch {
	case s.WarningErr != "":
		out = append(out, "warning file: "+s.WarningErr)
	case s.Warning == nil:
		out = append(out, "warning file: none (coworktop or coworktop serve writes it while the mod is installed)")
	default:
		out = append(out, "warning file: "+warningText(*s.Warning, now))
	}
	return out
}

// warningText is the warning file as the footer shows it, with its age.
func warningText(w Warning, now time.Time) string {
	shown, age := warningAge(w, now)
	ago := vocab.FormatDuration(max(0, age).Round(time.Second)) + " old"
	switch {
	case w.Text == "":
		return "nothing to warn of, " + ago
	case !shown:
		return "too old to show (" + ago + "): " + w.Text
	case age > WarningOld:
		return "shown with its age (" + ago + "): " + w.Text
	}
	return "shown (" + ago + "): " + w.Text
}
