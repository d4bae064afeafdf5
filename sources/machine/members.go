package machine

import (
	"hash/fnv"
	"path"
	"slices"
	"strings"

	"github.com/coworktop/coworktop/host"
	"github.com/coworktop/coworktop/vocab"
)

// Members: each grouped process as the model splits it (per session, the
// app's helpers, the Hyper-V workers), built in the scan's one pass from
// what the scan already read. No raw command line leaves this file: only
// a hash of it, the program's name and its first operand, cut short.

// maxMemberName and maxMemberCommand cap the texts a member carries.
const (
	maxMemberName    = 40
	maxMemberCommand = 48
	maxResumeID      = 64
)

// member builds the member of candidate p, whose parent among the
// candidates is parentPID (0: none), in group sig.
func (s *Scanner) member(p *ProcInfo, parentPID int, sig *Signature, direct bool) host.ProcessMember {
	m := host.ProcessMember{PID: p.PID, PPID: parentPID, Name: vocab.SanitizeString(trimExe(p.Name), maxMemberName), Started: p.Started}
	m.Memory, m.MemoryKnown, _ = s.memberFigure(p)
	m.RSS, m.RSSKnown, m.Footprint, m.FootprintKnown = p.RSS, p.RSSKnown, p.Footprint, p.FootprintKnown
	// A session's own shell (Claude Code's Bash tool sources its shell
	// snapshot) is no server: no key, never a duplicate.
	if len(p.Args) > 0 && !slices.ContainsFunc(p.Args, func(a string) bool { return strings.Contains(a, "shell-snapshots") }) {
		h := fnv.New64a()
		for _, a := range p.Args {
			h.Write([]byte(a))
			h.Write([]byte{0})
		}
		m.CmdKey = h.Sum64() | 1 // never 0, which means unread
		m.Command = shortCommand(p)
	}
	switch sig.Kind {
	case host.GroupSessions, host.GroupOtherCLI:
		m.Role = host.RoleChild
		if direct {
			m.Role = host.RoleSession
			m.ResumeID = resumeID(p.Args)
		}
	case host.GroupClaudeApp:
		m.Role = appRole(p, direct)
	}
	return m
}

// memberFigure is a process's memory in the OS's own terms: the private
// working set on Windows (what Task Manager shows), phys_footprint on macOS
// (Activity Monitor), RSS elsewhere; with its label.
func (s *Scanner) memberFigure(p *ProcInfo) (uint64, bool, string) {
	switch {
	case s.byRSS:
		return p.RSS, p.RSSKnown, s.rssLabel
	case p.FootprintKnown:
		return p.Footprint, true, s.footprintLabel
	}
	return p.RSS, p.RSSKnown, s.rssLabel
}

// shortCommand is the program and its first operand: "npx
// @modelcontextprotocol/server-github", "node server.js", "uvx mcp-server-git".
// A path is cut to its last element, a URL to its host; nothing after ? or #.
func shortCommand(p *ProcInfo) string {
	args := p.Args
	if len(args) == 0 || args[0] == "" {
		args = append([]string{p.Exe}, args[min(1, len(args)):]...)
	}
	// A server started through a shell (Windows: cmd /c npx …, elsewhere
	// sh -c "npx …") is named by the command it runs.
	if inner := shellCommand(args); inner != nil {
		args = inner
	}
	out := trimExe(baseName(args[0]))
	for _, a := range args[1:] {
		if head, _, _ := strings.Cut(a, "?"); a == "" || strings.HasPrefix(a, "-") || strings.Contains(head, "=") {
			continue // a flag, or NAME=value
		}
		out += " " + operand(a)
		break
	}
	return vocab.SanitizeString(out, maxMemberCommand)
}

// shellCommand is the argv a shell wrapper runs (cmd /c X, sh -c "X",
// powershell -Command X), nil when args is no such wrapper.
func shellCommand(args []string) []string {
	if len(args) < 3 || !isShellName(trimExe(baseName(args[0]))) {
		return nil
	}
	for i, a := range args[1 : len(args)-1] {
		switch strings.ToLower(a) {
		case "/c", "/k", "-c", "-command":
			rest := args[i+2:]
			if len(rest) == 1 {
				rest = strings.Fields(rest[0])
			}
			if len(rest) == 0 {
				return nil
			}
			return rest
		}
	}
	return nil
}

func isShellName(n string) bool {
	switch strings.ToLower(n) {
	case "sh", "bash", "zsh", "dash", "fish", "cmd", "powershell", "pwsh":
		return true
	}
	return false
}

func operand(a string) string {
	if i := strings.IndexAny(a, "?#"); i >= 0 {
		a = a[:i]
	}
	if _, rest, ok := strings.Cut(a, "://"); ok {
		host, _, _ := strings.Cut(rest, "/")
		if _, h, ok := strings.Cut(host, "@"); ok {
			host = h // no user or token before the host
		}
		return host
	}
	if strings.HasPrefix(a, "@") {
		return a // an npm package with its scope
	}
	return baseName(a)
}

func baseName(p string) string { return path.Base(strings.ReplaceAll(p, `\`, "/")) }

// resumeID is the session id a claude process was started for, from
// --resume or --session-id; "" when none, or not an id's shape.
func resumeID(args []string) string {
	if len(args) < 2 {
		return ""
	}
	for _, f := range []string{"--resume", "--session-id"} {
		if v, ok := flagValue(args[1:], f); ok && isID(v) {
			return v
		}
	}
	return ""
}

func isID(v string) bool {
	if v == "" || len(v) > maxResumeID {
		return false
	}
	for _, c := range v {
		if !(c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// appRole is what one of the app's processes is: Chromium's --type (and
// an Electron utility's --utility-sub-type), else the helper's name
// ("Claude Helper (Renderer)", cut to 16 on macOS), else "main" for the
// app itself and the child's name for what it started.
func appRole(p *ProcInfo, direct bool) string {
	var typ, sub string
	if len(p.Args) > 1 {
		typ, _ = flagValue(p.Args[1:], "--type")
		sub, _ = flagValue(p.Args[1:], "--utility-sub-type")
	}
	if typ == "" {
		typ = helperKind(p.Name)
	}
	switch typ {
	case "renderer":
		return "renderer"
	case "gpu-process", "gpu":
		return "gpu"
	case "utility":
		if sub != "" {
			return vocab.SanitizeString("utility: "+sub, maxMemberName)
		}
		return "utility"
	case "zygote", "crashpad-handler", "plugin", "broker":
		return typ
	case "":
		if direct && !strings.HasPrefix(p.Name, "Claude Helper") {
			if n := trimExe(p.Name); strings.EqualFold(n, "claude") || n == "claude-desktop" {
				return "main"
			}
		}
		return vocab.SanitizeString(trimExe(p.Name), maxMemberName)
	}
	return vocab.SanitizeString(typ, maxMemberName)
}

// helperKind reads a macOS helper's kind from its (maybe cut) name.
func helperKind(name string) string {
	rest, ok := strings.CutPrefix(name, "Claude Helper (")
	if !ok {
		return ""
	}
	for _, k := range []struct{ prefix, kind string }{{"R", "renderer"}, {"G", "gpu"}, {"P", "plugin"}} {
		if strings.HasPrefix(rest, k.prefix) {
			return k.kind
		}
	}
	return ""
}
