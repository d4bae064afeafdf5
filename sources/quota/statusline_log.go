package quota

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"
)

// StatuslineLogName is the file, in coworktop's cache folder beside the
// statusline state file, where `coworktop statusline` keeps what it last
// read of the app's main.log.
const StatuslineLogName = "statusline-log.json"

// maxStatuslineLog bounds that file; it holds a few fields.
const maxStatuslineLog = 64 << 10

// StatuslineLog is what `coworktop statusline` keeps between its runs of
// the app's log: the folder discovery chose, main.log's size and time when
// it was read, and the governor's figures read from it. A run reads this
// file and its stdin and nothing else, except when Checked is old: then one
// run looks at main.log again (and probes every folder when Found is old).
type StatuslineLog struct {
	Version int `json:"version"`
	// Checked is when a run last looked at main.log, or took it upon
	// itself to (so that runs at once do not all look).
	Checked time.Time `json:"checked"`
	// Override is the --log-dir flag and COWORKTOP_LOG_DIR the folder was
	// found under: another override discovers again.
	Override string    `json:"override,omitempty"`
	Folder   string    `json:"folder,omitempty"` // "" when discovery found none
	Found    time.Time `json:"found"`            // when discovery ran
	LogSize  int64     `json:"log_size"`
	LogMod   time.Time `json:"log_mod"`
	// The governor's last logged count of live sessions and when it was
	// logged (zero when none was), and the cap.
	Effective   int       `json:"effective,omitempty"`
	EffectiveAt time.Time `json:"effective_at,omitzero"`
	Cap         int       `json:"cap,omitempty"`
}

// ReadStatuslineLog reads the file at path; a missing file, one of another
// version or one that cannot be decoded reads as empty (no error: it is
// made again).
func ReadStatuslineLog(path string) (StatuslineLog, error) {
	var l StatuslineLog
	data, _, err := readBounded(path, maxStatuslineLog)
	if errors.Is(err, fs.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return l, err
	}
	if l, err = decodeStatuslineLog(data); err != nil || l.Version != 1 {
		return StatuslineLog{}, nil
	}
	return l, nil
}

// WriteStatuslineLog replaces the file at path with l, atomically.
func WriteStatuslineLog(path string, l StatuslineLog) error {
	l.Version = 1
	data, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("statusline log state: %w", err)
	}
	return writeAtomic(path, data)
}
