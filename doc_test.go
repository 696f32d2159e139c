package searchagent_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryPackageHasDocComment keeps the house rule that every package
// says what it is for in a doc comment.
func TestEveryPackageHasDocComment(t *testing.T) {
	dirs := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir := range dirs {
		fset := token.NewFileSet()
		pkgs := parsePackages(t, fset, dir, parser.ParseComments|parser.PackageClauseOnly)
		for name, files := range pkgs {
			documented := false
			for _, f := range files {
				if f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" {
					documented = true
				}
			}
			if !documented {
				t.Errorf("package %s in %s has no doc comment", name, dir)
			}
		}
	}
}

// parsePackages parses the non-test Go files of dir and groups them by
// package name (what the deprecated parser.ParseDir did).
func parsePackages(t *testing.T, fset *token.FileSet, dir string, mode parser.Mode) map[string][]*ast.File {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]*ast.File{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, mode)
		if err != nil {
			t.Fatalf("parse %s: %v", p, err)
		}
		out[f.Name.Name] = append(out[f.Name.Name], f)
	}
	return out
}
