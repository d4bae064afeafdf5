package machine

import "github.com/coworktop/coworktop/host"

// The signature table: which processes belong to the Claude app, its Cowork VM,
// its CLI sessions, and every competing VM or container engine we know.
// Evidence for each row is in reference/host-and-vms.md §1 and §4.
//
// How a row is read (see Rule): the first signature, in table order, with a
// rule that matches wins, so the more specific rows (colima, Rancher Desktop)
// come before the generic ones (Lima, "other VM"). Extending the table means
// adding a row or a rule here; signatures_test.go checks each row with a
// realistic argv.

// Signature is one group of processes: an engine, the app, its VM.
type Signature struct {
	Key  string // stable id, used in JSON and by Rule.Owners
	Name string // display name
	Kind host.GroupKind
	Note string // shown beside the group, e.g. why the owner is unknown

	Rules []Rule // any one matching puts the process in the group

	// Descendants rolls unmatched descendants (by ppid) into the group, so
	// the MCP servers of a claude session count against that session.
	Descendants bool

	// AdoptByOwner moves a process into the group of its responsible
	// process (macOS responsibility SPI) when that one was recognised: a
	// Virtualization.framework VM belongs to whoever launched it.
	AdoptByOwner bool

	// Inside and Joins: a process of this group that descends from a
	// process of group Inside belongs to group Joins instead. A claude CLI
	// the desktop app started is a desktop session; one a terminal or an
	// IDE started is not (platforms audit U6).
	Inside, Joins string
}

// Rule is one way to recognise a process. All set conditions must hold;
// within Names, ExeHas, ArgsMention, Files and Owners any one entry is
// enough, while every entry of ArgsHave must be present.
type Rule struct {
	// Names are process names (p_comm, or the executable's base name, with
	// ".exe" dropped). A trailing "*" makes a prefix. Names are compared
	// case-sensitively because on macOS "Claude" is the app and "claude"
	// the CLI.
	// Every rule needs at least one name: the scanner filters the process
	// table by name before it reads anything else. On Windows, where the
	// desktop app and the CLI are both claude.exe (public reports show
	// either case), the executable's folder tells them apart (ExeHas).
	Names []string

	ExeHas      []string // substrings of the executable path ('/' separators), ignoring case
	ArgsHave    []string // arguments (argv[1:]), exact or "prefix*"
	ArgsMention []string // substrings of the whole command line
	Flag        string   // with FlagValue: the argument after Flag (or Flag=…)
	FlagValue   string   // matches this, exact or "prefix*"
	LastArg     string   // the last argument matches this, exact or "prefix*"
	Files       []string // substrings of a path the process holds open (macOS)
	Owners      []string // keys of the group the responsible process is in (macOS)
	// IfGroup: the rule holds only when some process of the same scan is
	// in group IfGroup (a Hyper-V VM is Cowork's while the Cowork service
	// runs).
	IfGroup string

	Note string // shown beside the group when this rule matched

	Guest GuestRule // how to read the configured guest memory
}

// GuestRule says where a VM process's configured guest memory comes from.
type GuestRule struct {
	Flags []string // e.g. "-m", "--memory": value in Unit unless suffixed (K, M, G, T)
	Unit  uint64   // bytes per unit of an unsuffixed value
	Fixed uint64   // a known fixed size, when no flag says it
}

const (
	kib = 1 << 10
	mib = 1 << 20
	gib = 1 << 30
)

// Guest rules shared by many rows.
var (
	qemuGuest  = GuestRule{Flags: []string{"-m"}, Unit: mib}             // qemu: -m 4096, -m 4096M, -m 4G, -m size=4G
	vfkitGuest = GuestRule{Flags: []string{"--memory"}, Unit: mib}       // vfkit, krunkit: MiB
	coworkVM   = GuestRule{Fixed: 4 * gib}                               // the app starts a flat 4 GiB guest
	hyperGuest = GuestRule{Flags: []string{"-m", "--memory"}, Unit: mib} // hyperkit: -m 4096M
)

// vzXPC is the process every Virtualization.framework guest runs in; its
// p_comm is truncated to "com.apple.Virtua", which Rule names allow for.
const vzXPC = "com.apple.Virtualization.VirtualMachine"

var qemuNames = []string{"qemu-system-*"}

// Signatures returns the table. It is built on each call so no caller can
// mutate a shared copy; the Scanner calls it once.
func Signatures() []Signature {
	return []Signature{
		{
			Key: "cowork", Name: "Claude Cowork VM", Kind: host.GroupCowork,
			Rules: []Rule{
				{Names: []string{vzXPC}, Files: []string{"claudevm.bundle"}, Guest: coworkVM},
				{Names: []string{vzXPC}, Owners: []string{"claude-app"}, Guest: coworkVM},
				// Windows: the Hyper-V VM (vmmem holds the guest's memory, vmwp
				// is its worker) is the "hyperv" row below; the model
				// places it as Cowork's only when its processes were created
				// at the VM start cowork-service.log wrote (governor/hyperv.go,
				// platforms audit W3): WSL 2, Docker's Hyper-V backend and
				// Windows Sandbox have a vmwp too, and the service always runs.
			},
		},
		{
			Key: "cowork-service", Name: "Cowork service", Kind: host.GroupCoworkService,
			Note: "the Windows service that starts the Cowork VM; it starts at boot, so it is not the VM",
			// Windows: an auto-start LocalSystem service (#66535, #49099).
			Rules: []Rule{{Names: []string{"CoworkVMService", "cowork-svc"}}},
		},
		{
			Key: "claude-app", Name: "Claude app", Kind: host.GroupClaudeApp, Descendants: true,
			Rules: []Rule{
				{Names: []string{"Claude", "Claude Helper*"}},
				// Windows: claude.exe or Claude.exe from the app's install
				// folders: MSIX (#49099, #74890), the MSIX name with its
				// publisher, and the Squirrel installer's.
				{Names: []string{"claude", "Claude"}, ExeHas: []string{"/WindowsApps/Claude_", "/WindowsApps/AnthropicPBC.Claude", "/AnthropicClaude/"}},
				{Names: []string{"disclaimer"}, ExeHas: []string{"Claude.app/"}},
				// Linux repacks of the desktop app.
				{Names: []string{"claude-desktop"}},
			},
		},
		{
			Key: "sessions", Name: "claude sessions", Kind: host.GroupSessions, Descendants: true,
			Rules: []Rule{
				// The CLI the desktop app ships and starts: under its data
				// folder's claude-code/<version>/ (macOS Application Support,
				// Windows %APPDATA% or the MSIX LocalCache\Roaming).
				{Names: []string{"claude"}, ExeHas: []string{"/Claude/claude-code/"}},
			},
		},
		{
			Key: "claude-cli", Name: "other claude CLIs", Kind: host.GroupOtherCLI, Descendants: true,
			Note:   "claude started from a terminal or an IDE: not a desktop session",
			Inside: "claude-app", Joins: "sessions",
			Rules: []Rule{
				{Names: []string{"claude"}},
				// An npm-installed CLI runs under node.
				{Names: []string{"node"}, ArgsMention: []string{"@anthropic-ai/claude-code"}},
			},
		},
		{
			Key: "docker", Name: "Docker Desktop", Kind: host.GroupCompetitor, Descendants: true,
			Rules: []Rule{
				{Names: []string{"com.docker.krun"}, Guest: vfkitGuest},
				{Names: []string{"com.docker.hyperkit"}, Guest: hyperGuest},
				{Names: []string{"com.docker.*", "Docker Desktop", "Docker Desktop Helper*", "Docker"}},
				{Names: qemuNames, ArgsMention: []string{"Docker.app/", "com.docker.docker", "docker-desktop"}, Guest: qemuGuest},
				{Names: []string{vzXPC}, Files: []string{"Docker.raw", "com.docker.docker/", "linuxkit/kernel"}},
			},
		},
		{
			Key: "orbstack", Name: "OrbStack", Kind: host.GroupCompetitor, Descendants: true,
			Rules: []Rule{
				// The VM manager holds the guest RAM in-process.
				{Names: []string{"OrbStack Helper"}, ArgsHave: []string{"vmgr"}},
				{Names: []string{"OrbStack", "OrbStack Helper"}},
			},
		},
		{
			Key: "rancher", Name: "Rancher Desktop", Kind: host.GroupCompetitor, Descendants: true,
			Rules: []Rule{
				{Names: []string{"Rancher Desktop", "Rancher Desktop Helper*"}},
				{Names: []string{"limactl"}, ExeHas: []string{"Rancher Desktop.app/"}},
				{Names: []string{"limactl"}, ArgsMention: []string{"rancher-desktop/lima"}},
				{Names: qemuNames, Flag: "-name", FlagValue: "lima-0", Guest: qemuGuest},
				{Names: qemuNames, ArgsMention: []string{"rancher-desktop"}, Guest: qemuGuest},
				{Names: []string{vzXPC}, Files: []string{"rancher-desktop/lima"}},
			},
		},
		{
			Key: "colima", Name: "colima", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: []string{"colima"}},
				{Names: []string{"limactl"}, ArgsHave: []string{"hostagent"}, LastArg: "colima*"},
				{Names: []string{"limactl"}, ArgsMention: []string{"/.colima/"}},
				{Names: qemuNames, Flag: "-name", FlagValue: "lima-colima*", Guest: qemuGuest},
				{Names: []string{"krunkit"}, ArgsMention: []string{"/.colima/"}, Guest: vfkitGuest},
				{Names: []string{vzXPC}, Files: []string{"/.colima/"}},
			},
		},
		{
			Key: "lima", Name: "Lima", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: []string{"limactl"}},
				{Names: qemuNames, Flag: "-name", FlagValue: "lima-*", Guest: qemuGuest},
				{Names: []string{"krunkit"}, ArgsMention: []string{"/.lima/"}, Guest: vfkitGuest},
				{Names: []string{vzXPC}, Files: []string{"/.lima/"}},
			},
		},
		{
			Key: "podman", Name: "Podman machine", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: []string{"vfkit", "krunkit"}, ArgsMention: []string{"podman"}, Guest: vfkitGuest},
				{Names: []string{"gvproxy"}, ArgsMention: []string{"podman"}},
				{Names: qemuNames, ArgsMention: []string{"podman"}, Guest: qemuGuest},
				{Names: []string{vzXPC}, Files: []string{"podman/machine/"}},
			},
		},
		{
			Key: "utm", Name: "UTM", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: []string{"QEMULauncher"}, Guest: qemuGuest},
				{Names: []string{"UTM"}},
				{Names: qemuNames, ExeHas: []string{"UTM.app/"}, Guest: qemuGuest},
				{Names: []string{vzXPC}, Files: []string{"com.utmapp.UTM"}},
			},
		},
		{
			Key: "parallels", Name: "Parallels Desktop", Kind: host.GroupCompetitor,
			Rules: []Rule{{Names: []string{"prl_vm_app", "prl_client_app", "prl_disp_service", "Parallels Desktop"}}},
		},
		{
			Key: "vmware", Name: "VMware Fusion", Kind: host.GroupCompetitor,
			Rules: []Rule{{Names: []string{"vmware-vmx", "VMware Fusion"}}},
		},
		{
			Key: "virtualbox", Name: "VirtualBox", Kind: host.GroupCompetitor,
			Rules: []Rule{{Names: []string{"VBoxHeadless", "VirtualBoxVM", "VBoxSVC", "VBoxXPCOMIPCD", "VirtualBox"}}},
		},
		{
			Key: "multipass", Name: "Multipass", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: []string{"multipassd", "multipass"}},
				{Names: qemuNames, ExeHas: []string{"com.canonical.multipass"}, Guest: qemuGuest},
				{Names: qemuNames, ArgsMention: []string{"multipassd"}, Guest: qemuGuest},
				{Names: []string{"hyperkit"}, ExeHas: []string{"com.canonical.multipass"}, Guest: hyperGuest},
			},
		},
		{
			Key: "tart", Name: "Tart", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: []string{"tart"}, ArgsHave: []string{"run"}},
				{Names: []string{vzXPC}, Files: []string{"/.tart/vms/"}},
			},
		},
		{
			Key: "apple-container", Name: "Apple container", Kind: host.GroupCompetitor,
			Rules: []Rule{{Names: []string{"container-runtime-linux", "container-apiserver", "container-core-images", "container-network-vmnet"}}},
		},
		{
			Key: "wsl", Name: "WSL 2 (vmmemWSL)", Kind: host.GroupCompetitor,
			Note:  "all WSL distros, including Docker, Rancher and Podman WSL backends",
			Rules: []Rule{{Names: []string{"vmmemWSL"}}},
		},
		{
			// Placed by the model (governor.placeHyperV): the Cowork VM when
			// created at the service's logged VM start, else another VM.
			// vmmemCmZygote is Windows 11's container zygote, always on,
			// not a VM (microsoft/Windows-Sandbox#126): not matched.
			Key: host.HyperVGroupKey, Name: "Hyper-V VM (vmmem)", Kind: host.GroupCompetitor,
			Note:  "a Hyper-V VM (vmwp and vmmem); whose it is, the model says",
			Rules: []Rule{{Names: []string{"vmmem", "vmwp"}}},
		},
		{
			Key: "other-vm", Name: "Other VM (qemu, vfkit, krunkit, hyperkit)", Kind: host.GroupCompetitor,
			Rules: []Rule{
				{Names: qemuNames, Guest: qemuGuest},
				{Names: []string{"vfkit", "krunkit"}, Guest: vfkitGuest},
				{Names: []string{"hyperkit"}, Guest: hyperGuest},
			},
		},
		{
			Key: "vz-unknown", Name: "Virtualization.framework VM", Kind: host.GroupCompetitor,
			Note:         "a Virtualization.framework VM, owner unknown",
			AdoptByOwner: true,
			Rules:        []Rule{{Names: []string{vzXPC}}},
		},
	}
}
