package cmd

import (
	"testing"
	"unsafe"
)

// deepStack uses about n KiB of stack.
//
//go:noinline
func deepStack(n int) byte {
	var frame [1 << 10]byte
	frame[n%len(frame)] = byte(n)
	if n <= 1 {
		return frame[0]
	}
	return deepStack(n-1) + frame[1]
}

// TestGrowStackGrowsOnce: after growStack, a path that needs 24 KiB of
// stack does not grow it again (the stack would move, and a local's
// address with it); without growStack it does (the check of the test).
func TestGrowStackGrowsOnce(t *testing.T) {
	moved := func(grow bool) bool {
		done := make(chan bool)
		go func() {
			if grow {
				growStack()
			}
			var x byte
			before := uintptr(unsafe.Pointer(&x))
			deepStack(24)
			done <- uintptr(unsafe.Pointer(&x)) != before
		}()
		return <-done
	}
	if !moved(false) {
		t.Fatal("24 KiB of calls did not move a new goroutine's stack: the test cannot tell")
	}
	if moved(true) {
		t.Error("the stack moved after growStack: its frame was optimised away or is too small")
	}
}
