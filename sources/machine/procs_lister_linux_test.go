package machine

import (
	"context"
	"os"
	"testing"
)

func TestParseProcStat(t *testing.T) {
	p, ok := parseProcStat(42, []byte("42 (Claude Helper (Renderer)) S 7 42 42 0 -1 4194560 ..."))
	if !ok || p.Name != "Claude Helper (Renderer)" || p.PPID != 7 || p.PID != 42 {
		t.Fatalf("got %+v %v", p, ok)
	}
	if _, ok := parseProcStat(1, []byte("garbage")); ok {
		t.Fatal("garbage parsed")
	}
}

func TestLinuxListerSeesItself(t *testing.T) {
	procs, err := linuxLister{}.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range procs {
		if p.PID == os.Getpid() && p.PPID == os.Getppid() && p.Name != "" {
			return
		}
	}
	t.Fatalf("own process not listed among %d", len(procs))
}
