package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// reportExample opens the `report` example in the README and docs/commands.md.
const reportExample = "$ coworktop report ~/Library/Logs/Claude"

// TestDocsReportExample: the `report` example in docs/commands.md is what
// `coworktop report testdata/logs/macos` prints, whole; the README's is an
// excerpt of it, in order, where "…" stands for lines left out and a line
// ending in "…" for the rest of that line. So neither drifts from the output.
func TestDocsReportExample(t *testing.T) {
	out, errs, code := runCLI(t, "report", filepath.Join(testdataDir, "logs", "macos"))
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if want := exampleBlock(t, filepath.Join("docs", "commands.md")); strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("docs/commands.md's report example differs from the output:\n%s", out)
	}
	if line, ok := isExcerpt(exampleBlock(t, "README.md"), got); !ok {
		t.Errorf("README.md's report example is not an excerpt of the output: %q is not found, in order:\n%s", line, out)
	}
}

// exampleBlock is the lines after reportExample up to the end of its code block.
func exampleBlock(t *testing.T, path string) []string {
	t.Helper()
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), reportExample+"\n")
	if !ok {
		t.Fatalf("%s has no %q example", path, reportExample)
	}
	block, _, ok := strings.Cut(rest, "```")
	if !ok {
		t.Fatalf("%s: the report example's code block is not closed", path)
	}
	return strings.Split(strings.TrimSuffix(block, "\n"), "\n")
}

// isExcerpt says whether want's lines appear in got in order, or the first
// line that does not.
func isExcerpt(want, got []string) (string, bool) {
	i := 0
	for _, w := range want {
		if strings.TrimSpace(w) == "…" {
			continue
		}
		prefix, cut := strings.CutSuffix(w, "…")
		for i < len(got) && got[i] != w && (!cut || !strings.HasPrefix(got[i], prefix)) {
			i++
		}
		if i == len(got) {
			return w, false
		}
		i++
	}
	return "", true
}

// mdLink is a Markdown link's target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinks: every relative link in the README, CONTRIBUTING.md and
// docs/ names a file that exists and, with a #fragment into a Markdown
// file, one of its headings (as GitHub makes anchors of them).
func TestDocsLinks(t *testing.T) {
	pages := []string{"README.md", "CONTRIBUTING.md"}
	err := filepath.WalkDir("docs", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	links := 0
	for _, page := range pages {
		for _, target := range pageLinks(t, page) {
			links++
			if problem := checkLink(page, target); problem != "" {
				t.Errorf("%s: link %s: %s", page, target, problem)
			}
		}
	}
	if links < 20 {
		t.Errorf("found only %d relative links in %d pages: is the link pattern broken?", links, len(pages))
	}
}

// pageLinks is every relative link target of a Markdown page, outside code blocks.
func pageLinks(t *testing.T, page string) []string {
	t.Helper()
	doc, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	var targets []string
	for _, line := range proseLines(string(doc)) {
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			if !strings.Contains(m[1], "://") && !strings.HasPrefix(m[1], "mailto:") {
				targets = append(targets, m[1])
			}
		}
	}
	return targets
}

// checkLink says what is wrong with a relative link from page, or "".
func checkLink(page, target string) string {
	path, fragment, _ := strings.Cut(target, "#")
	file := page
	if path != "" {
		file = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
	}
	if _, err := os.Stat(file); err != nil {
		return "no such file"
	}
	if fragment == "" {
		return ""
	}
	if !strings.HasSuffix(file, ".md") {
		return "a #fragment into a file that is not Markdown"
	}
	doc, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	if !headingAnchors(string(doc))[fragment] {
		return "no heading makes the anchor #" + fragment
	}
	return ""
}

// headingAnchors is the set of anchors GitHub gives a page's headings:
// lower case, spaces as hyphens, punctuation other than - and _ dropped, and
// -1, -2… after a repeated one.
func headingAnchors(doc string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, line := range proseLines(doc) {
		text, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !strings.HasPrefix(line, "#") || !ok {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(text)) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchor := b.String()
		if n := seen[anchor]; n > 0 {
			anchors[anchor+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[anchor] = true
		}
		seen[anchor]++
	}
	return anchors
}

// proseLines is a Markdown page's lines outside fenced code blocks.
func proseLines(doc string) []string {
	var lines []string
	fenced := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines = append(lines, line)
		}
	}
	return lines
}
