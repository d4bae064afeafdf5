package machine

import (
	"strings"
	"testing"

	"github.com/coworktop/coworktop/host"
)

// argv shapes follow reference/host-and-vms.md §1; home paths are made up.
func TestMatchProcess(t *testing.T) {
	const home = "/Users/u"
	vzExe := "/System/Library/Frameworks/Virtualization.framework/Versions/A/XPCServices/com.apple.Virtualization.VirtualMachine.xpc/Contents/MacOS/com.apple.Virtualization.VirtualMachine"
	tests := []struct {
		name  string
		p     ProcInfo
		key   string // "" = no match
		guest uint64
	}{
		{"cowork by open bundle", ProcInfo{Name: "com.apple.Virtua", Exe: vzExe, Args: []string{vzExe},
			OpenFiles: []string{home + "/Library/Application Support/Claude/vm_bundles/claudevm.bundle/rootfs.img"}}, "cowork", 4 * gib},
		{"cowork by responsible Claude", ProcInfo{Name: "com.apple.Virtua", Exe: vzExe, Owner: "claude-app"}, "cowork", 4 * gib},
		{"vz owner unknown", ProcInfo{Name: "com.apple.Virtua", Exe: vzExe}, "vz-unknown", 0},
		{"vz adopted by limactl", ProcInfo{Name: "com.apple.Virtua", Exe: vzExe, Owner: "lima"}, "lima", 0},
		{"vz docker by Docker.raw", ProcInfo{Name: "com.apple.Virtua", OpenFiles: []string{home + "/Library/Containers/com.docker.docker/Data/vms/0/data/Docker.raw"}}, "docker", 0},
		{"vz tart by disk", ProcInfo{Name: "com.apple.Virtua", OpenFiles: []string{home + "/.tart/vms/sonoma/disk.img"}}, "tart", 0},
		{"windows cowork service", ProcInfo{Name: "cowork-svc.exe"}, "cowork-service", 0},
		{"windows CoworkVMService", ProcInfo{Name: "CoworkVMService"}, "cowork-service", 0},

		{"claude app main", ProcInfo{Name: "Claude", Exe: "/Applications/Claude.app/Contents/MacOS/Claude"}, "claude-app", 0},
		{"claude helper renderer truncated", ProcInfo{Name: "Claude Helper (R"}, "claude-app", 0},
		{"claude app windows", ProcInfo{Name: "Claude.exe", Exe: `C:\Program Files\WindowsApps\Claude_1.0_x64__pzs8sxrjxfjjc\app\Claude.exe`}, "claude-app", 0},
		{"claude cli session", ProcInfo{Name: "claude", Exe: home + "/Library/Application Support/Claude/claude-code/2.1.3/claude.app/Contents/MacOS/claude",
			Args: []string{"claude", "--output-format", "stream-json", "--verbose"}}, "sessions", 0},
		{"claude cli windows, no path", ProcInfo{Name: "claude.exe"}, "claude-cli", 0},
		{"claude cli via npm", ProcInfo{Name: "node", Args: []string{"node", home + "/.npm-global/lib/node_modules/@anthropic-ai/claude-code/cli.js"}}, "claude-cli", 0},
		{"plain node", ProcInfo{Name: "node", Args: []string{"node", "server.js"}}, "", 0},

		{"docker backend truncated", ProcInfo{Name: "com.docker.backe"}, "docker", 0},
		{"docker virtualization", ProcInfo{Name: "com.docker.virtualization", Exe: "/Applications/Docker.app/Contents/MacOS/com.docker.virtualization",
			Args: []string{"com.docker.virtualization", "--kernel", "/Applications/Docker.app/Contents/Resources/linuxkit/kernel", "--cmdline", "init=/init"}}, "docker", 0},
		{"docker krun", ProcInfo{Name: "com.docker.krun", Args: []string{"com.docker.krun", "--cpus", "8", "--memory", "8192"}}, "docker", 8192 * mib},
		{"docker hyperkit", ProcInfo{Name: "com.docker.hyper", Exe: "/Applications/Docker.app/Contents/Resources/bin/com.docker.hyperkit",
			Args: []string{"com.docker.hyperkit", "-A", "-u", "-F", "vms/0/hyperkit.pid", "-c", "4", "-m", "2048M"}}, "docker", 2048 * mib},
		{"docker qemu", ProcInfo{Name: "qemu-system-aarch64", Args: []string{"qemu-system-aarch64", "-m", "4G", "-kernel", "/Applications/Docker.app/Contents/Resources/linuxkit/kernel"}}, "docker", 4 * gib},
		{"docker desktop windows", ProcInfo{Name: "Docker Desktop.exe"}, "docker", 0},

		{"orbstack vmgr", ProcInfo{Name: "OrbStack Helper", Args: []string{"/Applications/OrbStack.app/Contents/Frameworks/OrbStack Helper.app/Contents/MacOS/OrbStack Helper", "vmgr", "-build-id", "1"}}, "orbstack", 0},

		{"lima hostagent", ProcInfo{Name: "limactl", Args: []string{"limactl", "hostagent", "--pidfile", home + "/.lima/default/ha.pid", "--socket", home + "/.lima/default/ha.sock", "default"}}, "lima", 0},
		{"lima qemu", ProcInfo{Name: "qemu-system-aar", Exe: "/opt/homebrew/bin/qemu-system-aarch64",
			Args: []string{"qemu-system-aarch64", "-m", "4096", "-cpu", "host", "-machine", "virt,accel=hvf", "-name", "lima-default", "-pidfile", home + "/.lima/default/qemu.pid"}}, "lima", 4096 * mib},
		{"lima krunkit", ProcInfo{Name: "krunkit", Args: []string{"krunkit", "--cpus", "4", "--memory", "4096", "--device", "virtio-blk,path=" + home + "/.lima/k/diffdisk"}}, "lima", 4096 * mib},

		{"colima daemon", ProcInfo{Name: "colima", Args: []string{"colima", "daemon", "start", "default"}}, "colima", 0},
		{"colima hostagent", ProcInfo{Name: "limactl", Args: []string{"limactl", "hostagent", "--pidfile", home + "/.colima/_lima/colima/ha.pid", "--socket", home + "/.colima/_lima/colima/ha.sock", "colima"}}, "colima", 0},
		{"colima profile qemu", ProcInfo{Name: "qemu-system-x86_64", Args: []string{"qemu-system-x86_64", "-m", "size=8G", "-name", "lima-colima-dev"}}, "colima", 8 * gib},

		{"rancher limactl", ProcInfo{Name: "limactl", Exe: "/Applications/Rancher Desktop.app/Contents/Resources/resources/darwin/lima/bin/limactl",
			Args: []string{"limactl", "hostagent", "--pidfile", home + "/Library/Application Support/rancher-desktop/lima/0/ha.pid", "0"}}, "rancher", 0},
		{"rancher qemu", ProcInfo{Name: "qemu-system-aarch64", Args: []string{"qemu-system-aarch64", "-m", "6144", "-name", "lima-0"}}, "rancher", 6144 * mib},
		{"rancher app", ProcInfo{Name: "Rancher Desktop"}, "rancher", 0},

		{"podman vfkit", ProcInfo{Name: "vfkit", Args: []string{"vfkit", "--cpus", "2", "--memory", "2048", "--bootloader", "efi,variable-store=" + home + "/.local/share/containers/podman/machine/applehv/efi-bl-podman-machine-default,create",
			"--device", "virtio-blk,path=" + home + "/.local/share/containers/podman/machine/applehv/podman-machine-default-arm64.raw"}}, "podman", 2048 * mib},
		{"podman krunkit", ProcInfo{Name: "krunkit", Args: []string{"krunkit", "--cpus", "4", "--memory=4096", "--device", "virtio-blk,path=" + home + "/.local/share/containers/podman/machine/libkrun/podman-machine-default-arm64.raw"}}, "podman", 4096 * mib},
		{"podman gvproxy", ProcInfo{Name: "gvproxy", Args: []string{"gvproxy", "-mtu", "1500", "-listen-vfkit", "unixgram:///var/folders/xx/T/podman/podman-machine-default-gvproxy.sock"}}, "podman", 0},
		{"plain vfkit", ProcInfo{Name: "vfkit", Args: []string{"vfkit", "--memory", "1024"}}, "other-vm", 1024 * mib},

		{"utm qemulauncher", ProcInfo{Name: "QEMULauncher", Exe: "/Applications/UTM.app/Contents/XPCServices/QEMUHelper.xpc/Contents/MacOS/QEMULauncher.app/Contents/MacOS/QEMULauncher",
			Args: []string{"QEMULauncher", "qemu-aarch64-softmmu", "-m", "8192", "-name", "Ubuntu"}}, "utm", 8192 * mib},
		{"parallels vm", ProcInfo{Name: "prl_vm_app", Args: []string{"prl_vm_app", "--openvm", home + "/Parallels/Windows 11.pvm"}}, "parallels", 0},
		{"vmware vmx", ProcInfo{Name: "vmware-vmx", Args: []string{"vmware-vmx", "-s", "vmx.stdio.keep=TRUE", home + "/Virtual Machines.localized/Debian.vmwarevm/Debian.vmx"}}, "vmware", 0},
		{"virtualbox headless", ProcInfo{Name: "VBoxHeadless", Args: []string{"VBoxHeadless", "--comment", "dev", "--startvm", "1b2c"}}, "virtualbox", 0},
		{"virtualbox svc windows", ProcInfo{Name: "VBoxSVC.exe"}, "virtualbox", 0},
		{"multipass daemon", ProcInfo{Name: "multipassd"}, "multipass", 0},
		{"multipass qemu", ProcInfo{Name: "qemu-system-aarch64", Exe: "/Library/Application Support/com.canonical.multipass/bin/qemu-system-aarch64",
			Args: []string{"qemu-system-aarch64", "-m", "3072M", "-smp", "2"}}, "multipass", 3072 * mib},
		{"tart run", ProcInfo{Name: "tart", Args: []string{"tart", "run", "sonoma-base", "--no-graphics"}}, "tart", 0},
		{"tart list is not a VM", ProcInfo{Name: "tart", Args: []string{"tart", "list"}}, "", 0},
		{"plain qemu", ProcInfo{Name: "qemu-system-riscv64", Args: []string{"qemu-system-riscv64", "-m", "512"}}, "other-vm", 512 * mib},

		{"vmmemWSL", ProcInfo{Name: "vmmemWSL"}, "wsl", 0},
		{"vmmem", ProcInfo{Name: "vmmem"}, "hyperv", 0},
		{"vmwp", ProcInfo{Name: "vmwp.exe"}, "hyperv", 0},

		{"bash", ProcInfo{Name: "bash", Args: []string{"bash", "-c", "qemu-system-aarch64 -name lima-x"}}, "", 0},
		{"Claude lowercase is cli not app", ProcInfo{Name: "claude"}, "claude-cli", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, guest, ok := MatchProcess(tt.p)
			if ok != (tt.key != "") || key != tt.key || guest != tt.guest {
				t.Errorf("MatchProcess = (%q, %d, %v), want (%q, %d)", key, guest, ok, tt.key, tt.guest)
			}
		})
	}
}

func TestParseGuestSize(t *testing.T) {
	tests := []struct {
		in   string
		unit uint64
		want uint64
		ok   bool
	}{
		{"4096", mib, 4096 * mib, true},
		{"4096M", mib, 4096 * mib, true},
		{"4096m", mib, 4096 * mib, true},
		{"4G", mib, 4 * gib, true},
		{"4GiB", mib, 4 * gib, true},
		{"1.5G", mib, 1536 * mib, true},
		{"524288k", mib, 512 * mib, true},
		{"size=8G,slots=2,maxmem=16G", mib, 8 * gib, true},
		{"2048", kib, 2048 * kib, true},
		{"", mib, 0, false},
		{"lots", mib, 0, false},
		{"-1", mib, 0, false},
	}
	for _, tt := range tests {
		got, ok := parseGuestSize(tt.in, tt.unit)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseGuestSize(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// The scanner filters the process table by name before reading anything
// else, so a rule without a name could never fire.
func TestSignatureTableShape(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Signatures() {
		if s.Key == "" || s.Name == "" || s.Kind == host.GroupNone || len(s.Rules) == 0 {
			t.Errorf("incomplete signature %+v", s)
		}
		if seen[s.Key] {
			t.Errorf("duplicate key %q", s.Key)
		}
		seen[s.Key] = true
		for i, r := range s.Rules {
			if len(r.Names) == 0 {
				t.Errorf("%s rule %d has no names", s.Key, i)
			}
			for _, n := range r.Names {
				if strings.Contains(strings.TrimSuffix(n, "*"), "*") {
					t.Errorf("%s: only a trailing * is supported: %q", s.Key, n)
				}
			}
			for _, o := range r.Owners {
				if !seen[o] && !hasKey(o) {
					t.Errorf("%s: owner %q is not a key", s.Key, o)
				}
			}
		}
	}
}

func hasKey(k string) bool {
	for _, s := range Signatures() {
		if s.Key == k {
			return true
		}
	}
	return false
}

func TestCandidate(t *testing.T) {
	m := defaultMatcher()
	for _, tt := range []struct {
		name          string
		match, rollup bool
	}{
		{"claude", true, true},
		{"Claude Helper (G", true, true},
		{"com.apple.Virtua", true, true}, // conservative: the Docker row, which takes descendants, names it too
		{"qemu-system-aar", true, true},
		{"vmmemWSL", true, false},
		{"VBoxHeadless", true, false},
		{"zsh", false, false},
		{"com.apple.WebKit", false, false},
		{"node", true, true},
	} {
		match, rollup := m.candidate(tt.name)
		if match != tt.match || rollup != tt.rollup {
			t.Errorf("candidate(%q) = %v, %v; want %v, %v", tt.name, match, rollup, tt.match, tt.rollup)
		}
	}
}
