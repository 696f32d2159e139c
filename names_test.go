package searchagent_test

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent/fsm"
	"searchagent/contract"
	"searchagent/tools/fields"
	"searchagent/tools/states"
	"searchagent/tools/store"
)

var update = flag.Bool("update", false, "rewrite the generated sections of api/NAMES.md")

// The generated tables of api/NAMES.md sit between these markers; go
// generate . rewrites them (the directive below).
//
//go:generate go test . -run TestAPINamesDoc -update
const (
	eventsBegin = "<!-- BEGIN generated from agent/fsm/events.go: go generate . (names_test.go); DO NOT EDIT -->\n"
	eventsEnd   = "<!-- END generated -->\n"
	fieldsBegin = "<!-- BEGIN generated from tools/fields: go generate . (names_test.go); DO NOT EDIT -->\n"
)

// fieldsTable is the filter registry (tools/fields) as the API's filter
// fields and sorts.
func fieldsTable() string {
	var b strings.Builder
	b.WriteString("Filter fields (`filter.set` `field`; the conditions slot's `field` of a hard filter):\n\n")
	b.WriteString("| field | kind | ops | value | label |\n|---|---|---|---|---|\n")
	for _, f := range fields.Registry {
		var ops []string
		for _, o := range f.Ops() {
			ops = append(ops, "`"+string(o)+"`")
		}
		value := map[fields.Kind]string{
			fields.Set:      "a code or name, or a list of them",
			fields.Count:    "a whole number; `between`: `{\"min\", \"max\"}`",
			fields.Ratio:    "basis points, 100 per percent (3% is `300`); `between`: `{\"min\", \"max\"}`",
			fields.Duration: "days",
		}[f.Kind]
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s / %s |\n", f.Name, f.Kind, strings.Join(ops, ", "), value, f.Label("zh"), f.Label("en"))
	}
	b.WriteString("\nSorts (`results.sort` `by`, most first): `similarity`")
	for _, by := range store.Sorts() {
		b.WriteString(", `" + string(by) + "`")
	}
	b.WriteString(".\n")
	return b.String()
}

// TestAPINamesDoc keeps api/NAMES.md, the API's fixed names for a client
// without ../shared, complete: every state, event, scene, sub-state, SSE
// event name, error code and contract violation code the code knows must
// appear in it (in backticks).
func TestAPINamesDoc(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("api", "NAMES.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, eventsBegin), strings.Index(doc, eventsEnd)
	if i < 0 || j < i {
		t.Fatalf("api/NAMES.md lacks the generated event section (%q … %q)", eventsBegin, eventsEnd)
	}
	want := doc[:i+len(eventsBegin)] + eventsTable(t) + doc[j:]
	if k := strings.Index(want, fieldsBegin); k < 0 {
		t.Fatalf("api/NAMES.md lacks the generated filter-field section (%q)", fieldsBegin)
	} else if l := strings.Index(want[k:], eventsEnd); l < 0 {
		t.Fatalf("api/NAMES.md: the filter-field section has no end marker %q", eventsEnd)
	} else {
		want = want[:k+len(fieldsBegin)] + fieldsTable() + want[k+l:]
	}
	if *update && want != doc {
		if err := os.WriteFile(filepath.Join("api", "NAMES.md"), []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		doc = want
	}
	if diff := cmp.Diff(want, doc); diff != "" {
		t.Errorf("api/NAMES.md event table is stale (go generate .) (-want +got):\n%s", diff)
	}
	var names []string
	for _, s := range states.Inputs {
		names = append(names, string(s))
	}
	for _, s := range states.Containers {
		names = append(names, string(s))
	}
	for _, s := range states.Sessions {
		names = append(names, string(s))
	}
	for _, e := range fsm.UserEvents {
		names = append(names, string(e))
	}
	for _, e := range fsm.SystemEvents {
		names = append(names, string(e))
	}
	for _, s := range states.Catalogue {
		names = append(names, string(s.Scene), s.ID)
	}
	names = append(names, stringConsts(t, "api", "Event")...)
	names = append(names, stringConsts(t, "server", "Code")...)
	names = append(names, agentErrorCodes(t)...)
	for _, c := range contract.Codes {
		names = append(names, string(c))
	}
	if len(names) < 100 {
		t.Fatalf("found only %d names in the code; the scan is broken", len(names))
	}
	for _, n := range names {
		if !strings.Contains(doc, "`"+n+"`") {
			t.Errorf("api/NAMES.md does not name `%s`", n)
		}
	}
}

// eventsTable renders the user and system events of agent/fsm, each with
// the seed section its constant's line comment cites, as a Markdown table.
func eventsTable(t *testing.T) string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("agent", "fsm", "events.go"), nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	seed := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Values) != 1 || vs.Comment == nil {
				continue
			}
			if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil {
					seed[v] = strings.TrimSpace(vs.Comment.Text())
				}
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("| event | sent by | seed |\n|---|---|---|\n")
	row := func(e fsm.Event, by string) {
		s := strings.ReplaceAll(seed[string(e)], "|", "\\|")
		fmt.Fprintf(&sb, "| `%s` | %s | %s |\n", e, by, s)
	}
	for _, e := range fsm.UserEvents {
		row(e, "client")
	}
	for _, e := range fsm.SystemEvents {
		row(e, "system")
	}
	return sb.String()
}

// stringConsts returns the values of the string constants of the package
// in dir whose names start with prefix.
func stringConsts(t *testing.T, dir, prefix string) []string {
	t.Helper()
	fset := token.NewFileSet()
	var out []string
	for _, files := range parsePackages(t, fset, dir, 0) {
		for _, f := range files {
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
