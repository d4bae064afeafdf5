// Command mangen writes coworktop's man pages into a folder, one per
// visible command (coworktop.1, coworktop-serve.1, …), from the command
// definitions (cmd.CommandTree). scripts/release-files.sh runs it for the
// release archives and the Homebrew cask. It is a program of its own so
// that cobra/doc stays out of the coworktop binary. It reads and writes
// nothing else.
//
// Usage: go run ./internal/mangen DIR
package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra/doc"

	"github.com/coworktop/coworktop/cmd"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: mangen DIR")
		os.Exit(2)
	}
	if err := write(os.Args[1]); err != nil {
		fmt.Fprintf(os.Stderr, "mangen: %v\n", err)
		os.Exit(1)
	}
}

// write puts the pages into dir, made if missing. The pages carry no date
// unless SOURCE_DATE_EPOCH gives one.
func write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making %s: %w", dir, err)
	}
	header := &doc.GenManHeader{Title: "COWORKTOP", Section: "1", Source: cmd.ManSource(), Manual: "coworktop manual"}
	if err := doc.GenManTree(cmd.CommandTree(), header, dir); err != nil {
		return fmt.Errorf("writing the man pages: %w", err)
	}
	return nil
}
