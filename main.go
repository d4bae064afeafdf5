// Command coworktop is an htop-style monitor for the Claude desktop app's
// session governor: live sessions, the cap, the idle ranking, evictions,
// memory pressure and the VMs competing for memory. Everything lives in the
// cmd package and the packages it wires together.
package main

import (
	"os"

	"github.com/coworktop/coworktop/cmd"
)

func main() { os.Exit(cmd.Main(os.Args[1:], os.Stdout, os.Stderr)) }
