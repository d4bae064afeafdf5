package records

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestRecordsDocsListEveryKeyRead: docs/records.md's table of keys read
// names every key the record structs decode (the architecture recipe for a
// record field says to add it there), so the page that says what coworktop
// reads of Claude's files cannot fall behind the code.
func TestRecordsDocsListEveryKeyRead(t *testing.T) {
	b, err := os.ReadFile("../../docs/records.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	for _, v := range []any{codeFile{}, appFile{}, jobFile{}} {
		ty := reflect.TypeOf(v)
		for i := range ty.NumField() {
			key, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			if key != "" && key != "-" && !strings.Contains(doc, "`"+key+"`") {
				t.Errorf("docs/records.md does not list %s's key %q", ty.Name(), key)
			}
		}
	}
}
