package machine

import (
	"strings"
	"testing"
)

// FuzzMatchProcess feeds arbitrary process descriptions to the signature
// matcher. Process names, executables and argv are as untrusted as log text
// (any local user can start a process named like a VM engine), so the
// matcher must not panic, must answer the same twice, must only ever name a
// group of the table, and must never report an absurd guest size from an
// argument like "--memory NaN" or "1e300G".
func FuzzMatchProcess(f *testing.F) {
	f.Add("com.docker.krun", "", "com.docker.krun\x00--cpus\x008\x00--memory\x008192", "", "")
	f.Add("qemu-system-aarch64", "/opt/homebrew/bin/qemu-system-aarch64", "qemu-system-aarch64\x00-m\x00size=4G,slots=2,maxmem=8G", "", "")
	f.Add("com.apple.Virtua", "", "", "/Users/u/Library/Application Support/Claude/vm_bundles/claudevm.bundle/rootfs.img", "")
	f.Add("com.apple.Virtua", "", "", "", "claude-app")
	f.Add("node", "", "node\x00/u/.npm-global/lib/node_modules/@anthropic-ai/claude-code/cli.js", "", "")
	f.Add("com.docker.krun", "", "com.docker.krun\x00--memory\x00NaN", "", "")
	f.Add("qemu-system-x86_64", "", "qemu-system-x86_64\x00-name\x00lima-0\x00-m\x001e300G", "", "")
	f.Add("com.docker.krun", "", "com.docker.krun\x00--memory=Inf", "", "")
	f.Add("Claude Helper (R", "C:\\Program Files\\Claude\\Claude.exe", "", "", "")
	keys := map[string]bool{}
	for _, s := range Signatures() {
		keys[s.Key] = true
	}
	f.Fuzz(func(t *testing.T, name, exe, argv, openFile, owner string) {
		p := ProcInfo{Name: name, Exe: exe, Owner: owner}
		if argv != "" {
			p.Args = strings.Split(argv, "\x00")
		}
		if openFile != "" {
			p.OpenFiles = []string{openFile}
		}
		key, guest, ok := MatchProcess(p)
		key2, guest2, ok2 := MatchProcess(p)
		if key != key2 || guest != guest2 || ok != ok2 {
			t.Fatalf("not deterministic: %q/%d/%v then %q/%d/%v", key, guest, ok, key2, guest2, ok2)
		}
		if !ok && (key != "" || guest != 0) {
			t.Fatalf("no match but key %q guest %d", key, guest)
		}
		if ok && !keys[key] {
			t.Fatalf("matched %q, not a key of the signature table", key)
		}
		if guest >= maxGuestBytes {
			t.Fatalf("absurd guest size %d from %+v", guest, p)
		}
	})
}
