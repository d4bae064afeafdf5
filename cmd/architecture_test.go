package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/coworktop/coworktop"

// TestArchitectureImports holds docs/architecture.md's table of imports to
// the code: each product package imports exactly the project packages its
// row names (go list -deps, tests not counted), a package "of the standard
// library only" has no dependency outside it, and every package has a row.
// The doc once said config imported nothing of the project; it imports
// governor.
func TestArchitectureImports(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	doc, err := os.ReadFile(filepath.Join("docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	claims := importClaims(t, string(doc))
	pkgs := goListDeps(t)
	var product []string
	for path := range pkgs {
		if rel, ok := relPackage(path); ok && !strings.HasPrefix(rel, "internal/") && !strings.HasPrefix(rel, "bench/") {
			product = append(product, rel)
		}
	}
	slices.Sort(product)
	for _, rel := range product {
		claim, ok := claims[rel]
		if !ok {
			t.Errorf("docs/architecture.md's table of imports has no row for %s", rel)
			continue
		}
		var got []string
		for _, imp := range pkgs[fullPath(rel)].imports {
			if r, ok := relPackage(imp); ok {
				got = append(got, r)
			}
		}
		slices.Sort(got)
		want := claim
		if rel == "cmd" { // "every package above"
			want = nil
			for other := range claims {
				if other != "cmd" && other != "." {
					want = append(want, other)
				}
			}
			slices.Sort(want)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s imports %v of the project; docs/architecture.md says %v", rel, got, want)
		}
	}
	for rel := range claims {
		if !slices.Contains(product, rel) {
			t.Errorf("docs/architecture.md has a row for %s, which is no package", rel)
		}
	}
	// "the standard library only": nothing outside it, however deep
	// (governor's, event's, host's and quota's project imports, vocab,
	// host, quota, event, record and internal/ring, are held to the same).
	for _, rel := range []string{"vocab", "quota", "host", "event", "record", "internal/ring", "governor", "redact"} {
		for _, dep := range closure(pkgs, fullPath(rel)) {
			if !pkgs[dep].standard && !slices.Contains([]string{"vocab", "quota", "host", "event", "record", "internal/ring"}, strings.TrimPrefix(dep, module+"/")) {
				t.Errorf("%s depends on %s, outside the standard library", rel, dep)
			}
		}
	}
}

// TestEveryPackageTestsInAHomeOfItsOwn: each package with tests runs them
// through testfs.Main (or cmd's TestMain, testfs.UseHome), so none reads
// the machine's HOME, caches or config folders.
func TestEveryPackageTestsInAHomeOfItsOwn(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}|{{join .TestGoFiles \",\"}}|{{join .XTestGoFiles \",\"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		files := slices.DeleteFunc(strings.Split(f[1]+","+f[2], ","), func(s string) bool { return s == "" })
		if len(files) == 0 {
			continue
		}
		found := false
		for _, name := range files {
			b, err := os.ReadFile(filepath.Join(f[0], name))
			if err != nil {
				t.Fatal(err)
			}
			if regexp.MustCompile(`func TestMain\(m \*testing\.M\)`).Match(b) && regexp.MustCompile(`testfs\.(Main|UseHome)\(|\bMain\(m\)`).Match(b) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("%s: no TestMain giving its tests a home of their own (testfs.Main; see CONTRIBUTING.md)", f[0])
		}
	}
}

type listed struct {
	imports  []string
	standard bool
}

// goListDeps is `go list -deps ./...`: every package the module's
// packages need, with its imports (tests not counted).
func goListDeps(t *testing.T) map[string]listed {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-pgo=off", "-f", "{{.ImportPath}}|{{.Standard}}|{{join .Imports \",\"}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	pkgs := map[string]listed{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		var imps []string
		if f[2] != "" {
			imps = strings.Split(f[2], ",")
		}
		pkgs[f[0]] = listed{imports: imps, standard: f[1] == "true"}
	}
	return pkgs
}

// closure is every package path depends on, itself excluded.
func closure(pkgs map[string]listed, path string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, imp := range pkgs[p].imports {
			if !seen[imp] {
				seen[imp] = true
				walk(imp)
			}
		}
	}
	walk(path)
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// relPackage is a module package's path inside the module ("." for the
// root). The upstream code carried under third_party/ (third_party/README.md)
// is no room of the house: it counts as a dependency, as the module it was
// copied from did.
func relPackage(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, module+"/")
	if strings.HasPrefix(rel, "third_party/") {
		return "", false
	}
	return rel, ok
}

func fullPath(rel string) string {
	if rel == "." {
		return module
	}
	return module + "/" + rel
}

// importClaims reads the table "| package | imports of the project |":
// each row's package and the packages its second cell names in
// back-quotes before any parenthesis ("nothing" names none).
func importClaims(t *testing.T, doc string) map[string][]string {
	t.Helper()
	_, table, ok := strings.Cut(doc, "| package | imports of the project |")
	if !ok {
		t.Fatal("docs/architecture.md has no table of imports")
	}
	row := regexp.MustCompile("^\\| `([^`]+)`[^|]*\\| (.*) \\|$")
	name := regexp.MustCompile("`([^`]+)`")
	claims := map[string][]string{}
	for _, line := range strings.Split(table, "\n")[2:] {
		if !strings.HasPrefix(line, "|") {
			break
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("docs/architecture.md: import row %q", line)
		}
		cell, _, _ := strings.Cut(m[2], "(")
		var names []string
		for _, n := range name.FindAllStringSubmatch(cell, -1) {
			names = append(names, n[1])
		}
		slices.Sort(names)
		claims[m[1]] = names
	}
	return claims
}
