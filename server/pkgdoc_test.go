package server

import (
	"go/parser"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every package under server/ has a package doc comment.
func TestPackageDocs(t *testing.T) {
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || d.Name() == "testdata" {
			return err
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		sources, documented := 0, false
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			sources++
			f, err := parser.ParseFile(gotoken.NewFileSet(), filepath.Join(dir, name), nil, parser.ParseComments|parser.PackageClauseOnly)
			if err != nil {
				return err
			}
			if f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" {
				documented = true
			}
		}
		if sources > 0 && !documented {
			t.Errorf("package in %s has no doc comment", dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
