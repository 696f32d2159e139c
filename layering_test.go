package searchagent_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "searchagent"

// layer is one rule of the dependency direction (ARCHITECTURE.md, DESIGN.md
// "Layout"): the packages it covers and the project packages they may import.
// Patterns are package paths relative to the module; "x/..." means x and
// everything below it.
type layer struct {
	name     string
	packages []string
	allowed  []string
}

// leaves are the vocabulary packages everyone shares (one home per word list)
// and the small clients that import nothing of the project but other leaves.
var leaves = []string{
	"tools/platform", "tools/taxonomy", "tools/states", "tools/scope",
	"tools/condition", "tools/number", "tools/textnorm", "tools/textmatch",
}

// layers is checked first match wins, so a narrower rule (agent/fsm) comes
// before a wider one (agent/...).
var layers = []layer{
	{name: "leaf vocabularies", packages: leaves, allowed: leaves},
	{name: "wire types", packages: []string{"api"}, allowed: append([]string{"contract", "tools/catalog", "tools/fields", "tools/store"}, leaves...)},
	{name: "wire test helpers", packages: []string{"api/openapitest"}, allowed: []string{"api", "agent/fsm"}},
	{name: "state machine", packages: []string{"agent/fsm"}, allowed: leaves},
	{name: "router", packages: []string{"router/..."}, allowed: append([]string{"router/..."}, leaves...)},
	{name: "contract", packages: []string{"contract/..."}, allowed: append([]string{"contract/..."}, leaves...)},
	{name: "renderer", packages: []string{"render/..."}, allowed: append([]string{"render/...", "contract/..."}, leaves...)},
	{name: "prompts", packages: []string{"prompts/..."}, allowed: append([]string{"prompts/...", "tools/llm"}, leaves...)},
	{name: "tools", packages: []string{"tools/...", "internal/..."}, allowed: []string{"tools/...", "internal/..."}},
	{name: "agent", packages: []string{"agent/..."}, allowed: []string{"agent/...", "api/...", "router/...", "contract/...", "render/...", "prompts/...", "tools/...", "internal/..."}},
	{name: "server", packages: []string{"server/..."}, allowed: []string{"server/...", "agent/...", "api/...", "router/...", "contract/...", "render/...", "prompts/...", "tools/...", "internal/..."}},
	{name: "evals", packages: []string{"evals/..."}, allowed: []string{"evals/...", "agent/...", "api/...", "router/...", "contract/...", "render/...", "prompts/...", "tools/...", "internal/..."}},
	{name: "commands", packages: []string{"cmd/...", "e2e/..."}, allowed: []string{"..."}},
	{name: "module root", packages: []string{"."}, allowed: nil},
}

func matches(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}

func layerOf(pkg string) (layer, bool) {
	for _, l := range layers {
		if slices.ContainsFunc(l.packages, func(p string) bool { return matches(p, pkg) }) {
			return l, true
		}
	}
	return layer{}, false
}

// projectImports maps every package directory of the module (relative, "."
// for the root) to the project packages its non-test files import.
func projectImports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(p))
		if _, ok := out[dir]; !ok {
			out[dir] = nil
		}
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if rel, ok := strings.CutPrefix(ip, module+"/"); ok && !slices.Contains(out[dir], rel) {
				out[dir] = append(out[dir], rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLayering holds the dependency direction: leaves ← tools/* ← router,
// contract ← render ← agent ← server, cmd; the wire types in api import no agent
// package, and the state machine does not import the contract. Test files
// are free: only what ships is checked.
func TestLayering(t *testing.T) {
	imports := projectImports(t)
	dirs := make([]string, 0, len(imports))
	for d := range imports {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		l, ok := layerOf(dir)
		if !ok {
			t.Errorf("package %s is in no layer: add it to layers in layering_test.go", dir)
			continue
		}
		for _, imp := range imports[dir] {
			if !slices.ContainsFunc(l.allowed, func(p string) bool { return matches(p, imp) }) {
				t.Errorf("%s (%s) imports %s, which its layer may not import", dir, l.name, imp)
			}
		}
	}
}

// TestLayeringCatchesAWrongImport keeps the checker itself honest: the rules
// refuse each import the architecture forbids.
func TestLayeringCatchesAWrongImport(t *testing.T) {
	forbidden := [][2]string{
		{"api", "agent/fsm"},
		{"agent/fsm", "contract"},
		{"router", "tools/store"},
		{"router", "contract"},
		{"contract", "router"},
		{"contract", "agent"},
		{"contract", "render"},
		{"render", "agent"},
		{"render", "router"},
		{"router", "render"},
		{"tools/store", "agent"},
		{"tools/condparse", "router"},
		{"agent", "server"},
		{"tools/platform", "tools/catalog"},
	}
	for _, f := range forbidden {
		l, ok := layerOf(f[0])
		if !ok {
			t.Fatalf("%s is in no layer", f[0])
		}
		if slices.ContainsFunc(l.allowed, func(p string) bool { return matches(p, f[1]) }) {
			t.Errorf("layer %s allows %s → %s", l.name, f[0], f[1])
		}
	}
}
