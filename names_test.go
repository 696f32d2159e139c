package searchagent_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"searchagent/agent/fsm"
)

// TestAPINamesDoc keeps api/NAMES.md, the API's fixed names for a client
// without ../shared, complete: every state, event, scene, sub-state, SSE
// event name and error code the code knows must appear in it (in
// backticks).
func TestAPINamesDoc(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("api", "NAMES.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var names []string
	for _, s := range fsm.Inputs {
		names = append(names, string(s))
	}
	for _, s := range fsm.Containers {
		names = append(names, string(s))
	}
	for _, s := range fsm.Sessions {
		names = append(names, string(s))
	}
	for _, e := range fsm.UserEvents {
		names = append(names, string(e))
	}
	for _, e := range fsm.SystemEvents {
		names = append(names, string(e))
	}
	for _, s := range fsm.Catalogue {
		names = append(names, string(s.Scene), s.ID)
	}
	names = append(names, stringConsts(t, "api", "Event")...)
	names = append(names, stringConsts(t, "server", "Code")...)
	names = append(names, agentErrorCodes(t)...)
	if len(names) < 100 {
		t.Fatalf("found only %d names in the code; the scan is broken", len(names))
	}
	for _, n := range names {
		if !strings.Contains(doc, "`"+n+"`") {
			t.Errorf("api/NAMES.md does not name `%s`", n)
		}
	}
}

// stringConsts returns the values of the string constants of the package
// in dir whose names start with prefix.
func stringConsts(t *testing.T, dir, prefix string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatalf("parse %s: %v", dir, err)
	}
	var out []string
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if !strings.HasPrefix(name.Name, prefix) || i >= len(vs.Values) {
							continue
						}
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							if v, err := strconv.Unquote(lit.Value); err == nil {
								out = append(out, v)
							}
						}
					}
				}
			}
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s* string constants in %s", prefix, dir)
	}
	return out
}

var agentCodeRE = regexp.MustCompile(`(?:badRequest|newError)\((?:Err[A-Za-z]+, )?"([a-z_]+)"`)

// agentErrorCodes returns the error codes the agent package writes.
func agentErrorCodes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("agent", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range agentCodeRE.FindAllStringSubmatch(string(b), -1) {
			out = append(out, m[1])
		}
	}
	return out
}
