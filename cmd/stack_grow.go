package cmd

// growStack grows the calling goroutine's stack once, while it holds few
// frames, to about the size a command's deepest path needs, so that path
// does not grow it step by step: each growth copies the stack and walks
// every frame on it (runtime.copystack, decoding each frame's tables),
// which a profile of the status line showed at 8 % of its CPU, a third of
// it in the command itself (the rest in the packages' initialisers,
// before any command runs; docs/measurements.md, issue 49). A stack
// shrinks back only at a collection, which a short-lived command seldom
// reaches.
//
//go:noinline
func growStack() {
	var pad [growStackBytes]byte
	touchPad(&pad) // a call that takes pad's address keeps it on the stack
}

// touchPad writes one byte of pad, so that no compiler pass can drop it.
//
//go:noinline
func touchPad(pad *[growStackBytes]byte) { pad[len(pad)-1] = 1 }

// growStackBytes is the frame growStack takes: the stack then holds at
// least twice as much.
const growStackBytes = 32 << 10
