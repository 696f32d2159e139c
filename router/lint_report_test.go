package router

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLintReportsEachRule pins the whole `intentctl lint` report for a
// spec file that breaks each of the rules TestLintFindsProblems only
// checks by code, next to specs at the edges of those rules that must
// pass clean (a threshold of exactly 1, 64 term groups, a platform slot
// derived from a url, a guard with a refusal, exclusive terms a
// composable or guard spec also uses, a regex with a two-letter literal
// to derive triggers from; single letters, "a" to "z" and "A" to "Z", are
// too common to serve).
func TestLintReportsEachRule(t *testing.T) {
	src := `specs:
  - id: l.clean_edges
    domain: test
    threshold: 1
    label: {zh: 边界, en: edges}
    terms:
      - {weight: 0.6, zh: [独占词], en: [ownword]}
      - {weight: 0, zh: [零权重共享], en: [zeroshared]}
    patterns:
      - {name: link, regex: 'link (?P<url>\S+)', weight: 0.5, triggers: [link], window: 0}
    slots:
      url: {type: url, required: true}
      platform: {type: platform, from: url}
    command: {name: replace_anchor, args: {url: $url, platform: $platform}}
  - id: l.composable_shares
    domain: test
    composable: true
    label: {zh: 可组合, en: composable}
    terms:
      - {weight: 0.6, zh: [独占词], en: [ownword]}
    command: {name: widen_recall}
  - id: l.guard_shares
    domain: test
    stage: guard
    label: {zh: 守卫, en: guard}
    refusal: {zh: 不行, en: no}
    terms:
      - {weight: 0.9, zh: [独占词, 零权重共享], en: [ownword, zeroshared]}
  - id: l.zero_weight_shares
    domain: test
    label: {zh: 零, en: zero}
    terms:
      - {weight: 0, zh: [零权重共享], en: [zeroshared]}
      - {weight: 0.6, zh: [零词], en: [zeroword]}
    command: {name: narrow}
  - id: l.threshold_over
    domain: test
    threshold: 1.5
    stage: classifier
    risk: extreme
    label: {zh: 阈值}
    terms:
      - {weight: 0.6, zh: [阈值词]}
    command: {name: narrow}
  - id: l.threshold_negative
    threshold: -0.1
    label: {en: negative}
    terms:
      - {weight: 0.6, en: [negword, "  "]}
    command: {name: narrow}
  - id: l.slots
    domain: test
    label: {zh: 槽, en: slots}
    terms:
      - {weight: 0.6, zh: [槽词], en: [slotword]}
    lexicons: [{slot: ghost, weight: 0.2}, {slot: note, weight: 0.2}, {slot: colour, weight: 0.2}]
    slots:
      Bad-Name: {type: string}
      colour: {type: enum}
      size: {type: enum, enum: [s, m], aliases: {xl: [extra]}}
      note: {type: string}
      orphan: {type: platform, from: nowhere}
      copied: {type: string, from: note}
    command: {name: narrow}
  - id: l.patterns
    domain: test
    label: {zh: 式, en: patterns}
    patterns:
      - {regex: 'abc', weight: 0.2, triggers: [abc]}
      - {name: twice, regex: 'twice', weight: 0.2, triggers: [twice]}
      - {name: twice, regex: 'again', weight: 0.2, triggers: [again]}
      - {name: negative_window, regex: 'win', weight: 0.2, triggers: [win], window: -1}
      - {name: bad_anchor, regex: 'anc', weight: 0.2, triggers: [anc], anchor: sideways}
      - {name: lex_anchor, regex: 'lex', weight: 0.2, triggers: [lex], anchor: "lex:word"}
      - {name: lex_trigger, regex: 'trig', weight: 0.2, triggers: [trig, "{{lex:word}}", "  "]}
      - {name: letters, regex: 'a\s+z', weight: 0.2}
      - {name: capitals, regex: 'A\s+Z', weight: 0.2}
      - {name: word, regex: 'ab\s+z', weight: 0.2}
    slots:
      word: {type: string}
    command: {name: narrow}
  - id: l.guard_silent
    domain: test
    stage: guard
    label: {zh: 静默, en: silent}
    terms:
      - {weight: 0.9, zh: [静默词], en: [silentword]}
  - id: ""
    domain: test
    label: {zh: 无名, en: nameless}
    terms:
      - {weight: 0.6, zh: [无名词], en: [namelessword]}
    command: {name: narrow}
`
	specs, err := ParseSpecs("l.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// 64 term groups or lexicons are allowed, 65 are too many; patterns
	// likewise at MaxPatterns and one more.
	for _, n := range []int{64, 65} {
		s := Spec{ID: "l.groups_" + strings.Repeat("x", n-63), Domain: "test", Label: Text{ZH: "组", EN: "groups"}, Composable: true, Command: &CommandSpec{Name: "narrow"}}
		for i := 0; i < n; i++ {
			s.Terms = append(s.Terms, TermGroup{Weight: 0.1, ZH: []string{"组词"}, EN: []string{"groupword"}})
		}
		s.file = "g.yaml"
		s.applyDefaults()
		lex := Spec{ID: "l.lex_" + strings.Repeat("x", n-63), Domain: "test", Label: Text{ZH: "词表", EN: "lexicons"}, Composable: true,
			Command: &CommandSpec{Name: "narrow"}, Slots: map[string]SlotSpec{"country": {Type: SlotCountry}}}
		pat := Spec{ID: "l.pat_" + strings.Repeat("x", n-63), Domain: "test", Label: Text{ZH: "模式", EN: "patterns"}, Composable: true,
			Command: &CommandSpec{Name: "narrow"}}
		for i := 0; i < n; i++ {
			lex.Lexicons = append(lex.Lexicons, LexiconRef{Slot: "country", Weight: 0.1})
		}
		for i := 0; i < n-64+MaxPatterns; i++ {
			name := fmt.Sprintf("p%d", i)
			pat.Patterns = append(pat.Patterns, Pattern{Name: name, Regex: name, Weight: 0.1, Triggers: []string{name}})
		}
		lex.file, pat.file = "g.yaml", "g.yaml"
		lex.applyDefaults()
		pat.applyDefaults()
		specs = append(specs, s, lex, pat)
	}
	var got []string
	for _, is := range Lint(specs) {
		got = append(got, is.String())
	}
	want := []string{
		"g.yaml: l.groups_xx: error too_many: at most 64 term groups, 64 lexicons and 128 patterns per spec",
		"g.yaml: l.lex_xx: error too_many: at most 64 term groups, 64 lexicons and 128 patterns per spec",
		"g.yaml: l.pat_xx: error too_many: at most 64 term groups, 64 lexicons and 128 patterns per spec",
		"l.yaml: error id: spec without id",
		`l.yaml: l.patterns: error anchor: pattern bad_anchor: unknown anchor "sideways" (window, trigger, number or lex:SLOT)`,
		`l.yaml: l.patterns: error anchor: pattern lex_anchor: anchor slot "word" has no vocabulary`,
		"l.yaml: l.patterns: error pattern_name: pattern without name",
		`l.yaml: l.patterns: error pattern_name: duplicate pattern name "twice"`,
		`l.yaml: l.patterns: error trigger: pattern lex_trigger: trigger slot "word" has no vocabulary`,
		"l.yaml: l.patterns: error trigger: pattern lex_trigger: empty trigger",
		"l.yaml: l.patterns: error window: pattern negative_window: window -1 is negative",
		"l.yaml: l.slots: error enum: enum slot colour lists no values",
		`l.yaml: l.slots: error enum_alias: slot size: alias key "xl" is not an enum value`,
		`l.yaml: l.slots: error lexicon: lexicon refers to unknown slot "ghost"`,
		"l.yaml: l.slots: error lexicon: slot note of type string has no vocabulary",
		"l.yaml: l.slots: error lexicon: slot colour of type enum has no vocabulary",
		`l.yaml: l.slots: error slot_from: slot copied: only platform and condition slots derive from another slot`,
		`l.yaml: l.slots: error slot_from: slot orphan derives from unknown slot "nowhere"`,
		`l.yaml: l.slots: error slot_name: slot name "Bad-Name" must match ^[a-z_][a-z0-9_]*$`,
		"l.yaml: l.threshold_negative: error domain: domain is empty",
		"l.yaml: l.threshold_negative: error term: empty term in group 0",
		"l.yaml: l.threshold_negative: error threshold: threshold -0.1 is not in (0, 1]",
		`l.yaml: l.threshold_over: error risk: risk "extreme" is not low, medium or high`,
		`l.yaml: l.threshold_over: error stage: stage "classifier" is not guard or rules`,
		"l.yaml: l.threshold_over: error threshold: threshold 1.5 is not in (0, 1]",
		"l.yaml: l.clean_edges: warning weight: term group 1 has weight 0",
		"l.yaml: l.guard_silent: warning refusal: guard spec without a refusal text",
		"l.yaml: l.patterns: warning trigger: pattern letters has no triggers, and its regex none to derive: it runs on every input",
		"l.yaml: l.patterns: warning trigger: pattern capitals has no triggers, and its regex none to derive: it runs on every input",
		"l.yaml: l.threshold_negative: warning bilingual: terms should cover both zh and en (zh 0, en 2)",
		"l.yaml: l.threshold_negative: warning label: label needs both zh and en",
		"l.yaml: l.threshold_over: warning bilingual: terms should cover both zh and en (zh 1, en 0)",
		"l.yaml: l.threshold_over: warning label: label needs both zh and en",
		"l.yaml: l.zero_weight_shares: warning weight: term group 0 has weight 0",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lint mismatch (-want +got):\n%s\nall:\n%s", diff, strings.Join(got, "\n"))
	}
}

// TestLintDirReadsYAMLFilesOnly: LintDir lints *.yaml and *.yml files and
// skips other files and directories; an unreadable directory is an error.
func TestLintDirReadsYAMLFilesOnly(t *testing.T) {
	dir := t.TempDir()
	spec := func(id string) string {
		return "specs:\n  - id: " + id + "\n    domain: test\n    label: {zh: 甲, en: a}\n    terms:\n      - {weight: 0.6, zh: [甲词], en: [aword]}\n"
	}
	files := map[string]string{"a.yaml": spec("d.a"), "b.yml": spec("d.b"), "c.txt": spec("d.c"), "sub.yaml/x.yaml": spec("d.d")}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	issues, err := LintDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, is := range issues {
		got = append(got, strings.TrimPrefix(is.String(), dir+string(filepath.Separator)))
	}
	want := []string{
		"a.yaml: d.a: error command: rules spec without a command",
		"b.yml: d.b: error command: rules spec without a command",
		`warning shared_term: term "aword" is shared by exclusive specs d.a, d.b`,
		`warning shared_term: term "甲词" is shared by exclusive specs d.a, d.b`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("LintDir mismatch (-want +got):\n%s", diff)
	}
	if _, err := LintDir(filepath.Join(dir, "missing")); err == nil {
		t.Error("LintDir(missing) error = nil, want error")
	}
}
