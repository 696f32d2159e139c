package searchagent_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/states"
	"searchagent/tools/taxonomy"
)

// wordList is one closed vocabulary and the package that is its one home.
type wordList struct {
	name string
	home string // directory of the package that owns the list
	// names maps every lower-cased name of an entry to the entry's id;
	// codes maps each entry's code, matched case-sensitively ("US" is a
	// country, "us" is a pronoun).
	names, codes map[string]string
	// codesInGo says a Go unit listing codes alone is a copy. Not so for
	// countries, languages and categories: Go data keyed by their codes
	// (the demo catalog's weights per country) uses the list, it does not
	// copy it; a copy of those names them ("美国", "Japan", "汽配").
	// In YAML (the specs) a list of codes is a copy.
	codesInGo bool
	// min is how many distinct entries one declaration, literal, case list
	// or YAML line must name to count as a copy of the list.
	min int
}

func vocabularies() []wordList {
	fromTaxonomy := func(name string, v *taxonomy.Vocabulary, min int) wordList {
		w := wordList{name: name, home: "tools/taxonomy", names: map[string]string{}, codes: map[string]string{}, min: min}
		for _, t := range v.Terms() {
			w.codes[t.Code] = t.Code
			for _, n := range append([]string{t.ZH, t.EN}, t.Aliases...) {
				if len(n) >= 3 && !strings.EqualFold(n, t.Code) {
					w.names[strings.ToLower(n)] = t.Code
				}
			}
		}
		return w
	}
	plat := wordList{name: "platforms", home: "tools/platform", names: map[string]string{}, min: 4, codesInGo: true}
	for _, p := range platform.All() {
		plat.names[string(p)] = string(p)
	}
	plat.names["twitter"] = string(platform.X)
	sc := wordList{name: "scopes", home: "tools/scope", names: map[string]string{}, min: 5, codesInGo: true}
	for _, s := range scope.List() {
		for _, n := range s.Names() {
			sc.names[strings.ToLower(n)] = string(s)
		}
	}
	st := wordList{name: "states", home: "tools/states", names: map[string]string{}, min: 4, codesInGo: true}
	for _, s := range states.Inputs {
		st.names[string(s)] = string(s)
	}
	for _, s := range states.Containers {
		st.names[string(s)] = string(s)
	}
	for _, s := range states.Sessions {
		st.names[string(s)] = string(s)
	}
	for _, s := range states.Catalogue {
		st.names[s.ID] = s.ID
	}
	return []wordList{
		fromTaxonomy("countries", taxonomy.Countries, 8),
		fromTaxonomy("languages", taxonomy.Languages, 6),
		fromTaxonomy("categories", taxonomy.Categories, 8),
		plat, sc, st,
	}
}

// knownCopies are the units the test may find, each with why. The
// router's tables are copies that the router's switch to the vocabulary
// packages removes; an entry that is no copy any more fails the test, so
// that the list only shrinks.
var knownCopies = map[string]string{
	// Not a copy: the demo generator's per-category word material (keyed
	// by category code) holds each category's own tag words ("汽车",
	// "makeup") because generated channels must be tagged with them.
	"tools/catalog/demo/words.go: categories": "generator material per category, keyed by taxonomy code",
	// Not a copy: the relevance report's query list pairs each query with
	// the category it should find (evaluation data, keyed by taxonomy code).
	"tools/store/relevance/relevance.go: categories": "the relevance report's queries and the category each should find",
}

// TestNoWordListTwice fails when a word list of countries, languages,
// categories, platforms, scopes or states is written out outside its home
// package: in a const or var declaration, a composite literal, a switch case
// list or a multi-entry string literal of a non-test Go file, or on one line
// of a YAML file. Tests and testdata may name what they like.
func TestNoWordListTwice(t *testing.T) {
	lists := vocabularies()
	found := map[string]string{} // "<file>: <list>" → the entries named
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		var units [][]string
		switch {
		case strings.HasSuffix(path, "_test.go"):
			return nil
		case strings.HasSuffix(path, ".go"):
			units, err = goUnits(path)
		case strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml"):
			units, err = yamlUnits(path)
		default:
			return nil
		}
		if err != nil {
			return err
		}
		for _, w := range lists {
			if filepath.ToSlash(filepath.Dir(path)) == w.home {
				continue
			}
			for _, u := range units {
				if hit := w.named(u, strings.HasSuffix(path, ".go")); len(hit) >= w.min {
					found[filepath.ToSlash(path)+": "+w.name] = strings.Join(hit, ", ")
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range slices.Sorted(maps.Keys(found)) {
		if _, known := knownCopies[k]; !known {
			t.Errorf("%s: a copy of a word list (%s); use its home package instead", k, found[k])
		}
	}
	for _, k := range slices.Sorted(maps.Keys(knownCopies)) {
		if _, ok := found[k]; !ok {
			t.Errorf("%s is listed in knownCopies but is no copy any more; remove it from the list", k)
		}
	}
}

// named returns the distinct entries of w that the tokens name, sorted.
func (w wordList) named(tokens []string, goFile bool) []string {
	seen := map[string]bool{}
	for _, tok := range tokens {
		if id, ok := w.codes[tok]; ok && (w.codesInGo || !goFile) {
			seen[id] = true
		} else if id, ok := w.names[strings.ToLower(tok)]; ok {
			seen[id] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// tokens splits a string value into the words a table would hold: the
// whole value and its "|", "," and line-separated parts.
func tokens(s string) []string {
	out := []string{strings.TrimSpace(s)}
	for _, p := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == '\n' || r == ',' }) {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// goUnits returns the string tokens of each top-level declaration, each
// composite literal and each switch case list of a Go file.
func goUnits(path string) ([][]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	strs := func(n ast.Node) []string {
		var out []string
		ast.Inspect(n, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, tokens(s)...)
				}
			}
			return true
		})
		return out
	}
	var units [][]string
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok {
			units = append(units, strs(g))
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			units = append(units, strs(n))
		case *ast.CaseClause:
			var toks []string
			for _, e := range n.List {
				toks = append(toks, strs(e)...)
			}
			units = append(units, toks)
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				units = append(units, strs(n))
			}
		}
		return true
	})
	return units, nil
}

// yamlUnits returns the words of each line of a YAML file.
func yamlUnits(path string) ([][]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var units [][]string
	for _, line := range strings.Split(string(data), "\n") {
		var toks []string
		for _, p := range strings.FieldsFunc(line, func(r rune) bool { return strings.ContainsRune("[]{},:|'\"", r) }) {
			toks = append(toks, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "- ")))
		}
		units = append(units, toks)
	}
	return units, nil
}
