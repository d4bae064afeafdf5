//go:build windows

package machine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/shirou/gopsutil/v4/mem"
	"golang.org/x/sys/windows"
)

// readHost reads GlobalMemoryStatusEx (through gopsutil) and the paging
// files. gopsutil's SwapMemory opens, fills and closes a PDH query for
// "\Paging File(_Total)\% Usage" on every call; the live view samples every
// refresh, so swap comes from EnumPageFilesW instead: one call, no PDH
// (platforms audit U5). Untested on real Windows: the mapping is tested via
// windowsReading, and under Wine, whose EnumPageFilesW is not implemented,
// swap reads as unknown.
func readHost(ctx context.Context) (HostReading, error) {
	vm, vmErr := mem.VirtualMemoryWithContext(ctx)
	sw, swErr := pageFiles()
	return windowsReading(vm, vmErr, sw, swErr)
}

var procEnumPageFilesW = windows.NewLazySystemDLL("kernel32.dll").NewProc("K32EnumPageFilesW")

// enumPageFileInformation is ENUM_PAGE_FILE_INFORMATION; sizes in pages.
type enumPageFileInformation struct {
	Cb, Reserved                     uint32
	TotalSize, TotalInUse, PeakUsage uintptr
}

// pageFileSum collects what the callback is given; pageFileMu holds it for
// one EnumPageFilesW call at a time.
var (
	pageFileMu  sync.Mutex
	pageFileSum struct{ total, used uint64 }
	// The callback is made once: Windows callbacks are a bounded resource.
	pageFileCallback = sync.OnceValue(func() uintptr {
		return windows.NewCallback(func(_ uintptr, info *enumPageFileInformation, _ *uint16) uintptr {
			pageFileSum.total += uint64(info.TotalSize)
			pageFileSum.used += uint64(info.TotalInUse)
			return 1 // continue
		})
	})
)

// pageFiles sums the paging files' size and use.
func pageFiles() (*mem.SwapMemoryStat, error) {
	if err := procEnumPageFilesW.Find(); err != nil {
		return nil, fmt.Errorf("EnumPageFilesW: %w", err)
	}
	pageFileMu.Lock()
	defer pageFileMu.Unlock()
	pageFileSum.total, pageFileSum.used = 0, 0
	ok, _, err := procEnumPageFilesW.Call(pageFileCallback(), 0)
	if ok == 0 {
		if errors.Is(err, windows.ERROR_SUCCESS) {
			err = errors.New("failed")
		}
		return nil, fmt.Errorf("EnumPageFilesW: %w", err)
	}
	page := uint64(os.Getpagesize())
	total, used := pageFileSum.total*page, pageFileSum.used*page
	return &mem.SwapMemoryStat{Total: total, Used: used, Free: total - min(used, total)}, nil
}
