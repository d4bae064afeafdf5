package event

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestEveryKindHasAnEntry: a kind added to event.go's block without its
// entry in the kind table fails here, not silently in the event log.
func TestEveryKindHasAnEntry(t *testing.T) {
	for k := Kind(1); k < KindCount; k++ {
		info := kinds[k]
		if info.name == "" {
			t.Errorf("kind %d has no entry in kinds.go's table (no name)", k)
			continue
		}
		if info.logOnly && info.unlogged {
			t.Errorf("%s: its text is for the event log only, yet it stays out of the log", info.name)
		}
	}
	if z := kinds[0]; z.name != "" || z.route != RouteNone {
		t.Error("the zero Kind must have an empty entry")
	}
}

// TestKindListInCommandsDoc holds docs/commands.md's list of event kinds,
// family by family, to the kind table, both ways.
func TestKindListInCommandsDoc(t *testing.T) {
	b, err := os.ReadFile("../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := documentedKinds(t, string(b))
	var table []string
	for k := Kind(1); k < KindCount; k++ {
		table = append(table, k.String())
	}
	slices.Sort(table)
	for _, name := range table {
		if !slices.Contains(doc, name) {
			t.Errorf("docs/commands.md's event kinds do not list %s", name)
		}
	}
	for _, name := range doc {
		if !slices.Contains(table, name) {
			t.Errorf("docs/commands.md lists %s, which is no kind", name)
		}
	}
}

// documentedKinds reads the bullets under "Event kinds, by family:":
// "- `governor.`: acquire, at_cap, …", continued on indented lines.
func documentedKinds(t *testing.T, doc string) []string {
	t.Helper()
	_, list, ok := strings.Cut(doc, "Event kinds, by family:\n")
	if !ok {
		t.Fatal(`docs/commands.md has no "Event kinds, by family:" list`)
	}
	list, _, _ = strings.Cut(strings.TrimLeft(list, "\n"), "\n\n")
	bullet := regexp.MustCompile("(?s)^`([a-z]+\\.)`: (.*)$")
	var names []string
	for _, item := range strings.Split(list, "\n- ") {
		m := bullet.FindStringSubmatch(strings.TrimPrefix(item, "- "))
		if m == nil {
			t.Fatalf("docs/commands.md: kind bullet %q is not \"- `family.`: a, b\"", item)
		}
		for _, k := range strings.Split(m[2], ",") {
			names = append(names, m[1]+strings.TrimSpace(k))
		}
	}
	slices.Sort(names)
	return names
}
