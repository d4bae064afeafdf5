package ui

import (
	"flag"
	"os"
	"strings"
	"testing"
)

// readmeShot is the golden the README's screenshot is generated from.
const readmeShot = "testdata/TestGolden/120x40.golden"

// TestReadmeScreenshot: the README's screenshot is the 120×40 golden, line
// for line (trailing blanks aside), so it cannot drift from the screen
// (issue 23 #9). With -update it is rewritten from the golden.
func TestReadmeScreenshot(t *testing.T) {
	golden, err := os.ReadFile(readmeShot)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	marker := "<!-- screenshot: ui/" + readmeShot
	doc := string(readme)
	at := strings.Index(doc, marker)
	if at < 0 {
		t.Fatalf("README.md has no %q marker", marker)
	}
	open := strings.Index(doc[at:], "```\n")
	if open < 0 {
		t.Fatal("no code block after the screenshot marker")
	}
	from := at + open + len("```\n")
	to := strings.Index(doc[from:], "\n```")
	if to < 0 {
		t.Fatal("the screenshot's code block is not closed")
	}
	want := trimLines(string(golden))
	got := doc[from : from+to]
	if got == want {
		return
	}
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		doc = doc[:from] + want + doc[from+to:]
		if err := os.WriteFile("../README.md", []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the README's screenshot differs from %s (go test ./ui -run TestReadmeScreenshot -update):\n%s", readmeShot, got)
}

func trimLines(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
