package claudemod

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/coworktop/coworktop/vocab"
)

// MinVersion is the first Claude Code the mod is tested with (its hooks
// module API is early access and changes between releases).
const MinVersion = "2.1.332"

// Runner runs Claude Code's `claude` with args, without a shell, bounded in
// time and output, and returns its standard output.
type Runner func(ctx context.Context, args ...string) ([]byte, error)

// Claude is the Claude Code the mod is installed into.
type Claude struct {
	// Path is the `claude` found ("" when none was), for the messages.
	Path string
	Run  Runner
	// Settings are Claude Code's settings files that can turn mods off:
	// the user's settings.json and this OS's managed-settings.json. Only
	// the keys that do are read (modsOff).
	Settings []string
}

// SettingsFiles are the settings files of Claude Code that may turn mods
// off on goos: the user's settings.json (in ~/.claude or
// $CLAUDE_CONFIG_DIR) and the machine's managed settings.
func SettingsFiles(goos, userSettings, programFiles string) []string {
	var out []string
	if userSettings != "" {
		out = append(out, userSettings)
	}
	switch goos {
	case "darwin":
		out = append(out, "/Library/Application Support/ClaudeCode/managed-settings.json")
	case "windows":
		if programFiles != "" {
			out = append(out, filepath.Join(programFiles, "ClaudeCode", "managed-settings.json"))
		}
	default:
		out = append(out, "/etc/claude-code/managed-settings.json")
	}
	return out
}

// versionRE is compiled at first use, not by an initialiser: every start
// of coworktop (the status line's among them) compiled it (issue 49).
var versionRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(\d+)\.(\d+)\.(\d+)\b`) })

// version is what `claude --version` says ("2.1.332").
func (c Claude) version(ctx context.Context) (string, error) {
	if c.Run == nil {
		return "", errors.New("Claude Code's claude was not found on PATH; install Claude Code, or name it with --claude")
	}
	out, err := c.Run(ctx, "--version")
	if err != nil {
		return "", fmt.Errorf("claude --version: %w", err)
	}
	v := versionRE().FindString(string(out))
	if v == "" {
		return "", fmt.Errorf("claude --version said no version: %q", vocab.SanitizeString(string(out), 80))
	}
	return v, nil
}

// compareVersions orders two dotted versions by their numbers.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < max(len(pa), len(pb)); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// modsOff says which setting turns Claude Code's mods off, "" when none
// does: disableAllHooks in any settings file, allowManagedHooksOnly or a
// policy plugin's allowManagedModsOnly in the managed settings (a user's
// mod then does not load). Only those keys are decoded.
func (c Claude) modsOff() string {
	for i, path := range c.Settings {
		data, err := os.ReadFile(path)
		if err != nil || len(data) > 4<<20 {
			continue
		}
		var s struct {
			DisableAllHooks       bool `json:"disableAllHooks"`
			AllowManagedHooksOnly bool `json:"allowManagedHooksOnly"`
			PluginConfigs         map[string]struct {
				Options struct {
					AllowManagedModsOnly bool `json:"allowManagedModsOnly"`
				} `json:"options"`
			} `json:"pluginConfigs"`
		}
		if json.Unmarshal(data, &s) != nil {
			continue
		}
		managed := i > 0
		switch {
		case s.DisableAllHooks:
			return "disableAllHooks is set in " + vocab.SanitizeStringWith(path, vocab.PathText)
		case managed && s.AllowManagedHooksOnly:
			return "allowManagedHooksOnly is set in " + vocab.SanitizeStringWith(path, vocab.PathText)
		}
		for _, pc := range s.PluginConfigs {
			if managed && pc.Options.AllowManagedModsOnly {
				return "allowManagedModsOnly is set in " + vocab.SanitizeStringWith(path, vocab.PathText)
			}
		}
	}
	return ""
}

// result is the one line `claude plugin … --json` prints last.
type result struct {
	Outcome     string `json:"outcome"`
	Message     string `json:"message"`
	FailureCode string `json:"failureCode"`
}

// plugin runs `claude plugin args… --json` and reads its result line. A
// failure whose code is in fine (already gone) is no error.
func (c Claude) plugin(ctx context.Context, fine string, args ...string) (result, error) {
	out, runErr := c.Run(ctx, append(append([]string{"plugin"}, args...), "--json")...)
	var r result
	lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
	if json.Unmarshal(lines[len(lines)-1], &r) != nil {
		if runErr == nil {
			runErr = errors.New("no result line")
		}
		return r, fmt.Errorf("claude plugin %s: %w", strings.Join(args, " "), runErr)
	}
	r.Message = vocab.SanitizeString(r.Message, 300)
	if r.Outcome == "ok" || (fine != "" && r.FailureCode == fine) {
		return r, nil
	}
	return r, fmt.Errorf("claude plugin %s: %s", strings.Join(args, " "), r.Message)
}

// listed is the mod as `claude plugin list --json` lists it.
type listed struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Enabled bool   `json:"enabled"`
}

// installed is the mod's entry in `claude plugin list --json`, nil when
// it is not listed.
func (c Claude) installed(ctx context.Context) (*listed, error) {
	out, err := c.Run(ctx, "plugin", "list", "--json")
	if err != nil {
		return nil, fmt.Errorf("claude plugin list: %w", err)
	}
	var all []listed
	if err := json.Unmarshal(bytes.TrimSpace(out), &all); err != nil {
		return nil, fmt.Errorf("claude plugin list: %w", err)
	}
	for _, p := range all {
		if p.ID == PluginID {
			p.Version = vocab.SanitizeString(p.Version, 40)
			return &p, nil
		}
	}
	return nil, nil
}
