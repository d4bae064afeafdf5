package follow

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coworktop/coworktop/internal/testfs"
)

// TestFollowNodeRotationOntoHeld is the proof of platforms audit W1 (issue
// 22): a writer appends main.log and rotates it the way Node renames,
// main1.log onto main2.log and then main.log onto main1.log, each
// replacing the file there (os.Rename is MoveFileExW with
// MOVEFILE_REPLACE_EXISTING on Windows, Node's fs.renameSync), while the
// follower follows the folder. Windows, and Wine, refuse a rename onto a
// file another handle holds open, even with share-delete: a follower that
// holds rotated generations makes the app's rotation fail. Writer and
// follower run in one process, so one wineserver checks both handles.
//
// A generation is pushed onto main2.log two rotations after it stops
// growing; the follower closes it a safety poll after that, so rotations
// here are 0.65 safety polls apart (1.3 s): two of them outlast the safety
// poll with room for the check that closes it. The app rotates at
// megabytes, minutes apart.
func TestFollowNodeRotationOntoHeld(t *testing.T) {
	rotations := 12
	if runtime.GOOS != "windows" {
		rotations = 3 // the renames cannot be refused here: keep it short
	}
	dir := testfs.TempDir(t)
	path := filepath.Join(dir, "main.log")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	lines := followOurs(ctx, t, path)

	const perGen = 60
	every := SafetyPoll * 65 / 100 / perGen
	n := rotations*perGen + perGen
	refused, onto := 0, 0
	var firstRefusal error
	start := time.Now()
	for i := range n {
		if i > 0 && i%perGen == 0 {
			for _, r := range [][2]string{{"main1.log", "main2.log"}, {"main.log", "main1.log"}} {
				if _, err := os.Stat(filepath.Join(dir, r[0])); errors.Is(err, os.ErrNotExist) {
					continue
				}
				if _, err := os.Stat(filepath.Join(dir, r[1])); err == nil {
					onto++
				}
				if err := os.Rename(filepath.Join(dir, r[0]), filepath.Join(dir, r[1])); err != nil {
					refused++
					if firstRefusal == nil {
						firstRefusal = err
					}
				}
			}
		}
		if err := appendBytes(path, []byte(tortureLine(i)+"\n")); err != nil {
			t.Fatal(err)
		}
		time.Sleep(every)
	}
	got := map[int]int{}
	last := tortureLine(n - 1)
	for deadline := time.After(20 * time.Second); ; {
		var l string
		select {
		case l = <-lines:
		case <-deadline:
			l = last
		}
		if num, _, ok := strings.Cut(l, " "); ok {
			if v, err := strconv.Atoi(num); err == nil && l == tortureLine(v) && l != last {
				got[v]++
			}
		}
		if l == last {
			got[n-1]++
			break
		}
	}
	lost, repeated := 0, 0
	for i := range n {
		switch c := got[i]; {
		case c == 0:
			lost++
		case c > 1:
			repeated += c - 1
		}
	}
	summary := fmt.Sprintf("%d lines, %d Node-style rotations (%d renames onto an existing file) in %v: %d renames refused, %d lines lost, %d repeated",
		n, rotations, onto, time.Since(start).Round(time.Millisecond), refused, lost, repeated)
	t.Log(summary)
	if refused > 0 || lost > 0 || repeated > 0 {
		t.Fatalf("%s; first refusal: %v", summary, firstRefusal)
	}
}
