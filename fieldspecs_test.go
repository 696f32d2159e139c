package searchagent_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"gopkg.in/yaml.v3"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
)

// The files the filter registry (tools/fields) generates or holds in step;
// go generate . (the directive below: go test . -run TestFilterRegistry
// -update) rewrites them.
//
//go:generate go test . -run TestFilterRegistry -update
const (
	fieldSpecsPath  = "router/specs/fields.gen.yaml"
	fieldCasesPath  = "evals/suites/route/fields.gen.yaml"
	filterSpecsPath = "router/specs/filters.yaml"
	conditionsPath  = "prompts/schemas/conditions.json"
)

// handWrittenSpecs are the count fields whose follow-up spec is written by
// hand in filters.yaml (tuned patterns: "only over 10k", a bare bound);
// every other count or ratio field of the registry gets a generated one.
var handWrittenSpecs = []condition.Field{condition.Followers, condition.AvgViews}

// removableExtras are the fields filter.remove takes besides the filter
// fields: keyword chips and soft preferences.
var removableExtras = []string{"keyword", "preference"}

// TestFilterRegistryFieldSpecs: every count or ratio field of the registry
// without a hand-written spec has its generated follow-up spec
// (filter.<field>: the field's cue words before or after a bound, emitting
// add_filter), so "engagement above 2%" works in a follow-up as soon as
// the row exists.
func TestFilterRegistryFieldSpecs(t *testing.T) {
	specs, cases := fieldSpecs()
	for _, g := range []struct{ path, want string }{{fieldSpecsPath, specs}, {fieldCasesPath, cases}} {
		got, _ := os.ReadFile(g.path)
		if *update && string(got) != g.want {
			if err := os.WriteFile(g.path, []byte(g.want), 0o644); err != nil {
				t.Fatal(err)
			}
			got = []byte(g.want)
		}
		if diff := cmp.Diff(g.want, string(got)); diff != "" {
			t.Errorf("%s is stale (go generate .) (-want +got):\n%s", g.path, diff)
		}
	}
}

// TestFilterRegistryRemoveEnum: filter.remove's field enum and aliases are
// the registry's fields and aliases (plus keyword and preference), so a
// new field is removable by name ("去掉互动率限制", "remove the engagement
// limit").
func TestFilterRegistryRemoveEnum(t *testing.T) {
	b, err := os.ReadFile(filterSpecsPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	want, err := removeEnum(doc)
	if err != nil {
		t.Fatal(err)
	}
	if *update && want != doc {
		if err := os.WriteFile(filterSpecsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		doc = want
	}
	if diff := cmp.Diff(want, doc); diff != "" {
		t.Errorf("%s: filter.remove's field enum differs from the filter registry (go generate .) (-want +got):\n%s", filterSpecsPath, diff)
	}
}

// TestFilterRegistryPromptSchema: the conditions prompt schema's filter
// field enum is the registry's, and its operator enum every operator the
// registry's kinds take.
func TestFilterRegistryPromptSchema(t *testing.T) {
	b, err := os.ReadFile(conditionsPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var ops []string
	for _, k := range []fields.Kind{fields.Set, fields.Count, fields.Duration} {
		for _, o := range k.Ops() {
			if !slices.Contains(ops, string(o)) {
				ops = append(ops, string(o))
			}
		}
	}
	// neq stays: a model may say "not US"; the typing maps it.
	if !slices.Contains(ops, "neq") {
		ops = slices.Insert(ops, 1, "neq")
	}
	want := replaceJSONEnum(doc, "\n        \"field\": {\"type\": \"string\", \"enum\": ", fields.Names())
	want = replaceJSONEnum(want, "\n        \"op\": {\"type\": \"string\", \"enum\": ", sortedLike(ops, []string{"eq", "neq", "in", "not_in", "gte", "lte", "between", "within_days"}))
	if *update && want != doc {
		if err := os.WriteFile(conditionsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		doc = want
	}
	if diff := cmp.Diff(want, doc); diff != "" {
		t.Errorf("%s: enums differ from the filter registry (go generate .) (-want +got):\n%s", conditionsPath, diff)
	}
}

// sortedLike orders vals as order lists them, the others after.
func sortedLike(vals, order []string) []string {
	out := slices.Clone(vals)
	slices.SortStableFunc(out, func(a, b string) int {
		ia, ib := slices.Index(order, a), slices.Index(order, b)
		if ia < 0 {
			ia = len(order)
		}
		if ib < 0 {
			ib = len(order)
		}
		return ia - ib
	})
	return out
}

// replaceJSONEnum replaces the array after prefix.
func replaceJSONEnum(doc, prefix string, vals []string) string {
	i := strings.Index(doc, prefix)
	if i < 0 {
		return doc
	}
	j := strings.Index(doc[i:], "]")
	q := make([]string, len(vals))
	for k, v := range vals {
		q[k] = `"` + v + `"`
	}
	return doc[:i+len(prefix)] + "[" + strings.Join(q, ", ") + doc[i+j:]
}

// removeBlock is filter.remove's field slot, from its enum to the next
// slot.
var removeBlock = regexp.MustCompile(`(?s)(      field:\n        type: enum\n)        enum: \[[^\]]*\]\n        aliases:\n(.*?)(      condition_ids:)`)

// removeEnum is filterSpecs with filter.remove's field enum and aliases
// taken from the registry (the extras' aliases kept as written).
func removeEnum(doc string) (string, error) {
	m := removeBlock.FindStringSubmatchIndex(doc)
	if m == nil {
		return "", fmt.Errorf("%s: no filter.remove field slot (enum, aliases, then condition_ids)", filterSpecsPath)
	}
	var old map[string][]string
	if err := yaml.Unmarshal([]byte(dedent(doc[m[4]:m[5]])), &old); err != nil {
		return "", fmt.Errorf("%s: filter.remove aliases: %w", filterSpecsPath, err)
	}
	names := append(fields.Names(), removableExtras...)
	var b strings.Builder
	b.WriteString("        enum: [" + strings.Join(names, ", ") + "]\n        aliases:\n")
	for _, f := range fields.Registry {
		b.WriteString("          " + string(f.Name) + ": " + yamlList(f.Aliases) + "\n")
	}
	for _, x := range removableExtras {
		b.WriteString("          " + x + ": " + yamlList(old[x]) + "\n")
	}
	return doc[:m[3]] + b.String() + doc[m[6]:], nil
}

func dedent(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.TrimPrefix(l, "          "))
	}
	return strings.Join(out, "\n")
}

// yamlList writes a flow list, quoting what YAML would misread.
func yamlList(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = yamlWord(w)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

func yamlWord(w string) string {
	plain := w != "" && !strings.ContainsAny(w, `:#,[]{}&*!|>'"%@`+"`") && w == strings.TrimSpace(w) &&
		!slices.Contains([]string{"yes", "no", "on", "off", "true", "false", "null", "y", "n"}, strings.ToLower(w)) &&
		!unicode.IsDigit([]rune(w)[0]) && w[len(w)-1] != '.'
	if plain {
		return w
	}
	return `"` + strings.ReplaceAll(w, `"`, `\"`) + `"`
}

// fieldSpecs renders the generated follow-up specs and their routing
// cases (each spec's two examples).
func fieldSpecs() (string, string) {
	var b, rc strings.Builder
	rc.WriteString("# Code generated from tools/fields by go generate (fieldspecs_test.go); DO NOT EDIT.\n")
	rc.WriteString("#\n# The routing cases of router/specs/fields.gen.yaml: each generated spec's examples.\n")
	rc.WriteString("cases:\n")
	b.WriteString("# Code generated from tools/fields by go generate (fieldspecs_test.go); DO NOT EDIT.\n")
	b.WriteString("#\n# One follow-up spec per count or ratio filter field of the registry\n")
	b.WriteString("# without a hand-written spec in filters.yaml: the field's cue words\n")
	b.WriteString("# before or after a bound (\"engagement above 2%\", \"互动率 3% 以上\").\n")
	b.WriteString("specs:\n")
	for _, f := range fields.Of(fields.Count, fields.Ratio) {
		if slices.Contains(handWrittenSpecs, f.Name) {
			continue
		}
		name := string(f.Name)
		macro, bare, ex, vals := "count", "count_bare", []string{f.Cues[0] + " 100 以上", englishCue(f) + " above 100"}, []int64{100, 100}
		if f.Kind == fields.Ratio {
			macro, bare, ex, vals = "ratio", "ratio_bare", []string{f.Cues[0] + " 3% 以上", englishCue(f) + " above 2%"}, []int64{300, 200}
		}
		for i, e := range ex {
			fmt.Fprintf(&rc, "  - name: generated_%s_%s\n    input: %s\n", name, []string{"zh", "en"}[i], yamlWord(e))
			rc.WriteString("    state: {input: followup_waiting, container: expanded_agent, session: results_ready}\n")
			fmt.Fprintf(&rc, "    want: {branch: matched, top: filter.%s, commands: [{name: add_filter, args: {field: %s, op: gte, value: %d}}]}\n", name, name, vals[i])
		}
		var zh, en []string
		for _, c := range f.Cues {
			if isLatin(c) {
				en = append(en, c)
			} else {
				zh = append(zh, c)
			}
		}
		// The captures hold the cue words too, so that the value's text
		// claims them against lower-priority specs (a soft preference
		// "互动" inside "互动率").
		alt := cueAlternation(f.Cues)
		fmt.Fprintf(&b, "  - id: filter.%s\n", name)
		b.WriteString("    domain: refine\n    priority: 60\n    risk: low\n    handler: condition_graph\n    composable: true\n")
		fmt.Fprintf(&b, "    label: {zh: %s, en: %s}\n", yamlWord(f.Label("zh")), yamlWord(f.Label("en")))
		b.WriteString("    description:\n")
		fmt.Fprintf(&b, "      zh: 按%s筛选，例如“%s”\n", f.Label("zh"), ex[0])
		fmt.Fprintf(&b, "      en: Filter by %s, e.g. \"%s\"\n", strings.ToLower(f.Label("en")), ex[1])
		fmt.Fprintf(&b, "    terms:\n      - weight: 0.3\n        zh: %s\n        en: %s\n", yamlList(zh), yamlList(en))
		b.WriteString("    patterns:\n")
		fmt.Fprintf(&b, "      - name: cue_value\n        regex: '(?P<%s>(?:%s)\\s*(?:要|在|是|需要|:|of|at|is|around)?\\s*{{%s}})'\n", name, alt, macro)
		b.WriteString("        weight: 0.4\n        window: 64\n")
		fmt.Fprintf(&b, "      - name: value_cue\n        regex: '(?P<%s>(?:{{bound}}\\s*)?{{%s}}\\s*(?:的)?\\s*(?:%s))'\n", name, bare, alt)
		b.WriteString("        weight: 0.4\n        window: 64\n")
		fmt.Fprintf(&b, "    slots:\n      %s: {type: %s, required: true, min: 0, max: %d}\n", name, macro, f.Max)
		fmt.Fprintf(&b, "    command:\n      name: add_filter\n      args: {field: %s, op: $%s.op, value: $%s.value}\n", name, name, name)
		fmt.Fprintf(&b, "    examples: %s\n", yamlList(ex))
	}
	return b.String(), rc.String()
}

func englishCue(f fields.Field) string {
	for _, c := range f.Cues {
		if isLatin(c) {
			return c
		}
	}
	return string(f.Name)
}

func isLatin(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// cueAlternation is a regex alternation of the cue words, longest first.
func cueAlternation(cues []string) string {
	cs := slices.Clone(cues)
	slices.SortStableFunc(cs, func(a, b string) int { return len(b) - len(a) })
	for i, c := range cs {
		cs[i] = strings.ReplaceAll(regexp.QuoteMeta(c), " ", `\s+`)
	}
	return strings.Join(cs, "|")
}

// TestFilterRegistryRowsAreFields: every registry row names a field of
// tools/condition, with a zh and an en label, readers for its kind, SQL
// and operators; the names are unique.
func TestFilterRegistryRowsAreFields(t *testing.T) {
	seen := map[condition.Field]bool{}
	for _, f := range fields.Registry {
		if !f.Name.Valid() || f.Label("zh") == string(f.Name) || f.Label("en") == string(f.Name) {
			t.Errorf("%s: not a labelled tools/condition field", f.Name)
		}
		if seen[f.Name] {
			t.Errorf("%s: two rows", f.Name)
		}
		seen[f.Name] = true
		ok := f.Column != "" && len(f.Ops()) > 0 && len(f.Aliases) > 0
		switch f.Kind {
		case fields.Set:
			ok = ok && f.Text != nil && f.Vocab != nil && f.Shape != nil
		case fields.Count, fields.Ratio:
			ok = ok && f.Number != nil && f.Max > 0 && len(f.Cues) > 0
		case fields.Duration:
			ok = ok && f.Time != nil && f.Max > 0
		default:
			ok = false
		}
		if !ok {
			t.Errorf("%s (%s): incomplete row (column, operators, aliases, readers, maximum, cues)", f.Name, f.Kind)
		}
	}
}
