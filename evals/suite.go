package evals

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Kind is what a suite's cases check.
type Kind string

// The case kinds.
const (
	KindRoute    Kind = "route"
	KindContract Kind = "contract"
	KindScenario Kind = "scenario"
)

// ErrSuite wraps every error in a suite file.
var ErrSuite = errors.New("eval suite")

// Suite is one YAML file of cases of one kind.
type Suite struct {
	// Name is the file's base name without extension unless the file sets it.
	Name string
	// File is the path it was read from.
	File string
	Kind Kind
	// MinPass is the suite's pass-rate threshold (0..1; default 1: every
	// case that is not skipped must pass).
	MinPass float64
	Cases   []Case
	// Exclusions are the registry actions and cells this file says no
	// scenario needs to exercise, each with its reason (scenario suites).
	Exclusions []Exclusion
}

// Case is one case of a suite. Exactly one of Route, Contract and
// Scenario is set, by the suite's kind.
type Case struct {
	ID         string
	Tags       []string
	SkipReason string
	// Seed names the seed section the case checks (e.g. "000 §5.4").
	Seed     string
	Route    *RouteCase
	Contract *ContractCase
	Scenario *ScenarioCase
}

// header is a suite file's top level.
type header struct {
	Kind    Kind        `yaml:"kind"`
	Name    string      `yaml:"name"`
	MinPass *float64    `yaml:"min_pass"`
	Defs    any         `yaml:"defs"`
	Cases   []yaml.Node `yaml:"cases"`
	// Exclusions: coverage_exclusions, scenario suites only.
	Exclusions []Exclusion `yaml:"coverage_exclusions"`
}

// meta are the keys every case may carry whatever its kind.
type meta struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Tags       []string `yaml:"tags"`
	SkipReason string   `yaml:"skip_reason"`
	Seed       string   `yaml:"seed"`
}

var metaKeys = map[string]bool{"id": true, "tags": true, "skip_reason": true, "seed": true}

// LoadPaths reads suites from files and directories (recursively, *.yaml
// and *.yml), sorted by path. A suite's kind is its `kind:` key, or else
// the name of the directory it is in (route, contract, scenario).
func LoadPaths(paths ...string) ([]*Suite, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSuite, err)
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")) {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSuite, err)
		}
	}
	sort.Strings(files)
	var out []*Suite
	seen := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSuite, err)
		}
		s, err := ParseSuite(f, data)
		if err != nil {
			return nil, err
		}
		if prev, dup := seen[s.Name]; dup {
			return nil, fmt.Errorf("%w: %s: suite name %q is also used by %s", ErrSuite, f, s.Name, prev)
		}
		seen[s.Name] = f
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: no suite files under %s", ErrSuite, strings.Join(paths, ", "))
	}
	return out, nil
}

// ParseSuite decodes one suite file. Unknown keys in a case are errors,
// so a misspelt expectation never passes silently.
func ParseSuite(file string, data []byte) (*Suite, error) {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrSuite, file, fmt.Sprintf(format, a...))
	}
	var h header
	if err := yaml.Unmarshal(data, &h); err != nil {
		return nil, fail("%v", err)
	}
	s := &Suite{Name: h.Name, File: file, Kind: h.Kind, MinPass: 1}
	if s.Name == "" {
		s.Name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(file), ".yaml"), ".yml")
	}
	if s.Kind == "" {
		s.Kind = Kind(filepath.Base(filepath.Dir(file)))
	}
	switch s.Kind {
	case KindRoute, KindContract, KindScenario:
	default:
		return nil, fail("kind %q: want route, contract or scenario (a `kind:` key or the directory name)", s.Kind)
	}
	if h.MinPass != nil {
		if *h.MinPass < 0 || *h.MinPass > 1 {
			return nil, fail("min_pass %v: want a rate between 0 and 1", *h.MinPass)
		}
		s.MinPass = *h.MinPass
	}
	if len(h.Exclusions) > 0 && s.Kind != KindScenario {
		return nil, fail("coverage_exclusions belong in a scenario suite")
	}
	for _, e := range h.Exclusions {
		if (e.Action == "") == (e.Cell == "") || strings.TrimSpace(e.Reason) == "" {
			return nil, fail("coverage_exclusions: each entry names one action or one cell, and a reason (%+v)", e)
		}
		e.File = file
		s.Exclusions = append(s.Exclusions, e)
	}
	ids := map[string]bool{}
	for i := range h.Cases {
		c, err := parseCase(s.Kind, &h.Cases[i])
		if err != nil {
			return nil, fail("case %d (line %d): %v", i+1, h.Cases[i].Line, err)
		}
		if ids[c.ID] {
			return nil, fail("duplicate case id %q", c.ID)
		}
		ids[c.ID] = true
		s.Cases = append(s.Cases, c)
	}
	if len(s.Cases) == 0 {
		return nil, fail("no cases")
	}
	return s, nil
}

func parseCase(kind Kind, n *yaml.Node) (Case, error) {
	var m meta
	if err := n.Decode(&m); err != nil {
		return Case{}, err
	}
	c := Case{ID: m.ID, Tags: m.Tags, SkipReason: m.SkipReason, Seed: m.Seed}
	c.ID = cmp.Or(c.ID, m.Name)
	if c.ID == "" {
		return Case{}, errors.New("a case needs an id (or name)")
	}
	raw, body, err := strictBody(n)
	if err != nil {
		return Case{}, err
	}
	switch kind {
	case KindRoute:
		c.Route = new(RouteCase)
		err = decodeStrict(body, c.Route)
	case KindContract:
		c.Contract = new(ContractCase)
		err = decodeJSONStrict(raw, c.Contract)
		if err == nil {
			err = c.Contract.check()
		}
	case KindScenario:
		c.Scenario = new(ScenarioCase)
		err = decodeStrict(body, c.Scenario)
		if err == nil {
			err = c.Scenario.check()
		}
	}
	if err != nil {
		return Case{}, fmt.Errorf("%s: %w", c.ID, caseLines(err, n))
	}
	return c, nil
}

var (
	errLine      = regexp.MustCompile(`^line \d+: `)
	unknownField = regexp.MustCompile(`field (\S+) not found in type`)
	quotedValue  = regexp.MustCompile("`([^`]*)`")
)

// caseLines turns a strict decode error of the re-encoded case body into
// one that points into the suite file: each "line N: " of a YAML type error
// (a line of the re-encoded body, meaningless to the author) becomes the
// line of the node the message names — an unknown field's key or the
// value it quotes — or else the case's own line.
func caseLines(err error, n *yaml.Node) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return err
	}
	msgs := make([]string, len(te.Errors))
	for i, m := range te.Errors {
		line := n.Line
		if f := unknownField.FindStringSubmatch(m); f != nil {
			if k := findNode(n, func(k *yaml.Node) bool { return k.Value == f[1] }, true); k != nil {
				line = k.Line
			}
		} else if v := quotedValue.FindStringSubmatch(m); v != nil {
			if k := findNode(n, func(k *yaml.Node) bool { return k.Value == v[1] }, false); k != nil {
				line = k.Line
			}
		}
		msgs[i] = errLine.ReplaceAllString(m, fmt.Sprintf("line %d: ", line))
	}
	return &yaml.TypeError{Errors: msgs}
}

// findNode returns the first scalar below n (in document order) that ok
// accepts: a mapping key when keys is set, else a value.
func findNode(n *yaml.Node, ok func(*yaml.Node) bool, keys bool) *yaml.Node {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; keys && ok(k) {
				return k
			}
			if f := findNode(n.Content[i+1], ok, keys); f != nil {
				return f
			}
		}
	case yaml.SequenceNode, yaml.DocumentNode:
		for _, c := range n.Content {
			if f := findNode(c, ok, keys); f != nil {
				return f
			}
		}
	case yaml.ScalarNode:
		if !keys && ok(n) {
			return n
		}
	}
	return nil
}

// strictBody re-encodes a case mapping without the meta keys (aliases
// resolved), so the kind's own type can be decoded with KnownFields.
func strictBody(n *yaml.Node) (map[string]any, []byte, error) {
	var m map[string]any
	if err := n.Decode(&m); err != nil {
		return nil, nil, err
	}
	for k := range metaKeys {
		delete(m, k)
	}
	data, err := yaml.Marshal(m)
	return m, data, err
}

func decodeStrict(data []byte, v any) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}
