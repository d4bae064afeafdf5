package claudemod

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/coworktop/coworktop/vocab"
)

// WarningName is the warning file's name in coworktop's cache folder.
const WarningName = "mod-warning.json"

// The mod's rule for the file's age (hooks/register.ts holds the same):
// older than WarningOld it is said with its age, older than WarningGone it
// is not shown. The writers rewrite it at least every WarningBeat, so a
// file older than WarningOld means no coworktop is watching.
const (
	WarningOld  = time.Minute
	WarningGone = 15 * time.Minute
	WarningBeat = 20 * time.Second
	// maxWarningFile bounds what is read of the file.
	maxWarningFile = 64 << 10
)

// Warning is the warning file: coworktop's headline for this machine
// (words.Headline; "" when there is nothing to warn of), when it was
// written and by which mode.
type Warning struct {
	V    int       `json:"v"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	By   string    `json:"by,omitempty"`
}

// WriteWarning replaces the warning file at path atomically (a temporary
// file in its folder renamed over it): the mod reads the old file or the
// new one, never half of one.
func WriteWarning(path string, w Warning) error {
	w.V = 1
	w.At = w.At.UTC().Truncate(time.Millisecond)
	w.Text = vocab.SanitizeString(w.Text, 200)
	data, err := json.Marshal(w)
	if err != nil {
		return fmt.Errorf("mod warning: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("mod warning: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+WarningName+".*.tmp")
	if err != nil {
		return fmt.Errorf("mod warning: %w", err)
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("mod warning: %w", werr)
	}
	return nil
}

// ReadWarning reads the warning file; a missing file is fs.ErrNotExist.
func ReadWarning(path string) (Warning, error) {
	var w Warning
	f, err := os.Open(path)
	if err != nil {
		return w, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return w, errors.New("mod warning: not a regular file")
	}
	data, err := io.ReadAll(io.LimitReader(f, maxWarningFile))
	if err != nil {
		return w, fmt.Errorf("mod warning: %w", err)
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return w, fmt.Errorf("mod warning: %w", err)
	}
	w.Text = vocab.SanitizeString(w.Text, 200)
	return w, nil
}

// WarningWriter keeps the warning file current from a long-running mode:
// Note writes when the text changed, or every WarningBeat while it holds,
// and only while the mod is installed (its marketplace folder exists,
// looked at once a minute), so a machine without the mod gets no file.
type WarningWriter struct {
	Paths Paths
	By    string // the mode that writes: "coworktop live", "coworktop serve"
	// Err, when set, is told of a failed write, once per text.
	Err func(error)

	text      string
	written   time.Time
	looked    time.Time
	installed bool
	failed    bool
}

// Wanted says whether the mod is installed (looked at once a minute): a
// caller words no headline for a machine without it.
func (w *WarningWriter) Wanted(now time.Time) bool {
	if w == nil || w.Paths.Warning == "" {
		return false
	}
	if w.looked.IsZero() || now.Sub(w.looked) >= time.Minute || now.Before(w.looked) {
		w.looked = now
		_, err := os.Stat(w.Paths.PluginDir())
		w.installed = err == nil
	}
	return w.installed
}

// Note records the headline as of now, writing the file when it is due.
func (w *WarningWriter) Note(text string, now time.Time) {
	if !w.Wanted(now) {
		return
	}
	if text == w.text && !w.written.IsZero() && now.Sub(w.written) < WarningBeat && !now.Before(w.written) {
		return
	}
	if text != w.text {
		w.failed = false
	}
	w.text, w.written = text, now
	if err := WriteWarning(w.Paths.Warning, Warning{Text: text, At: now, By: w.By}); err != nil && !w.failed {
		w.failed = true
		if w.Err != nil {
			w.Err(err)
		}
	}
}

// warningAge is how the mod words the file as of now: "" when it shows
// nothing, else its text, with its age once it is old.
func warningAge(w Warning, now time.Time) (shown bool, age time.Duration) {
	age = now.Sub(w.At)
	return w.Text != "" && age > -WarningOld && age <= WarningGone, age
}
