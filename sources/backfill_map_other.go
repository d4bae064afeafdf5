//go:build !unix

package sources

import (
	"errors"
	"os"
)

// canMap says whether the scan maps logs here.
const canMap = false

// mapLog is not offered here: the scan reads the file instead.
func mapLog(*os.File, int64, int) ([]byte, func(), error) {
	return nil, nil, errors.New("no file mapping on this system")
}
