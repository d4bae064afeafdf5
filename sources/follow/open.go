package follow

import (
	"fmt"
	"io/fs"
)

func notRegular(path string, mode fs.FileMode) error {
	return fmt.Errorf("opening log %q: not a regular file (%s)", path, mode.Type())
}
