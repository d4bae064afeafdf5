package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/coworktop/coworktop/ingest"
	"github.com/coworktop/coworktop/render"
	"github.com/coworktop/coworktop/sources"
)

// TestReportJSONFromTheModel: report --json writes its evictions and
// losses from the model (render.BuildJSON), in the bytes the lists Build
// makes write, on every log fixture.
func TestReportJSONFromTheModel(t *testing.T) {
	dirs, err := os.ReadDir(filepath.Join(testdataDir, "logs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		files, err := sources.ExpandPaths([]string{filepath.Join(testdataDir, "logs", d.Name())})
		if err != nil {
			t.Fatal(err)
		}
		var got [2]bytes.Buffer
		for i, inJSON := range []bool{false, true} {
			r, err := buildReportIn(reportInput{files: files, read: ingest.ReadSummary, json: inJSON})
			if err != nil {
				t.Fatalf("%s: %v", d.Name(), err)
			}
			if err := render.WriteJSON(&got[i], r); err != nil {
				t.Fatalf("%s: %v", d.Name(), err)
			}
		}
		if !bytes.Equal(got[0].Bytes(), got[1].Bytes()) {
			t.Errorf("%s: the lists written from the model differ from Build's:\n%s\nwant\n%s", d.Name(), got[1].String(), got[0].String())
		}
		if !bytes.Contains(got[0].Bytes(), []byte(`"losses": [`)) {
			t.Errorf("%s: no losses list", d.Name())
		}
	}
}
