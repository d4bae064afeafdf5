package cmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestNoBufferEmbeddingWriter finds any type of the program that embeds
// bytes.Buffer (or strings.Builder's cousin, *bytes.Buffer): its promoted
// ReadFrom is what io.Copy, and os/exec's copy of a child's output, read
// through, so whatever bound its own Write keeps is bypassed (issue 53 R1:
// a streaming `claude --help` drove doctor to 1.7 GB). Bounded output goes
// through vocab.CappedWriter.
func TestNoBufferEmbeddingWriter(t *testing.T) {
	root := moduleRoot(t)
	fset := token.NewFileSet()
	var found []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || rel == "third_party" || rel == "testdata" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if len(field.Names) == 0 && isBytesBuffer(field.Type) {
					found = append(found, fset.Position(field.Pos()).String())
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) > 0 {
		t.Fatalf("types embed bytes.Buffer, whose promoted ReadFrom bypasses any bound of their Write (use vocab.CappedWriter):\n%s", strings.Join(found, "\n"))
	}
}

func isBytesBuffer(e ast.Expr) bool {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "bytes" && sel.Sel.Name == "Buffer"
}

// moduleRoot is the folder holding go.mod, above this file's package
// (the tests' working folder may have moved).
func moduleRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller")
	}
	return filepath.Dir(filepath.Dir(file))
}
