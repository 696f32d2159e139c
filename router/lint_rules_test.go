package router

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLintSlotAndCommandRules pins what `intentctl lint` tells a spec
// author for the rules that have no routing case behind them: a platform
// slot derived from something that is not a link, a rules spec without a
// command, a guard spec with one, `$slot.part` references on slots
// that have no parts, and an enum slot without values that a pattern uses as
// its vocabulary. The whole report is compared, so its order (errors
// first, then by file, spec and code) is pinned too.
func TestLintSlotAndCommandRules(t *testing.T) {
	a := `specs:
  - id: t.zz_plain
    domain: test
    label: {zh: 甲, en: plain}
    terms:
      - {weight: 0.6, zh: [甲词], en: [plainword]}
    command: {name: reset, args: {x: $ghost}}
  - id: t.guard_with_command
    domain: test
    stage: guard
    label: {zh: 乙, en: guard}
    refusal: {zh: 不行, en: no}
    terms:
      - {weight: 0.9, zh: [乙词], en: [guardword]}
    command: {name: reset}
`
	b := `specs:
  - id: t.platform_from_text
    domain: test
    composable: true
    label: {zh: 丙, en: platform}
    patterns:
      - {name: name, regex: 'name (?P<name>[a-z]+)', weight: 0.7, triggers: [name]}
    slots:
      name: {type: string, required: true}
      plat: {type: platform, from: name}
    command: {name: add_keyword, args: {keywords: $name}}
  - id: t.no_command
    domain: test
    label: {zh: 丁, en: none}
    terms:
      - {weight: 0.6, zh: [丁词], en: [noneword]}
  - id: t.parts
    domain: test
    composable: true
    label: {zh: 戊, en: parts}
    patterns:
      - {name: fans, regex: 'fans (?P<count>\d+) (?P<word>[a-z]+)', weight: 0.7, triggers: [fans]}
    slots:
      count: {type: count, required: true}
      word: {type: string}
    command: {name: add_filter, args: {field: followers, op: $count.op, value: $count.value, a: $word.op, b: $count.bogus, c: $count}}
    preconditions: [sunny]
  - id: t.empty_enum
    domain: test
    composable: true
    label: {zh: 己, en: mood}
    patterns:
      - {name: mood, regex: 'mood (?P<mood>{{lex:mood}})', weight: 0.7, triggers: [mood]}
    slots:
      mood: {type: enum, required: true}
    command: {name: add_keyword, args: {keywords: $mood}}
`
	specsA, err := ParseSpecs("a.yaml", []byte(a))
	if err != nil {
		t.Fatal(err)
	}
	specsB, err := ParseSpecs("b.yaml", []byte(b))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, is := range Lint(append(specsB, specsA...)) {
		got = append(got, is.String())
	}
	want := []string{
		`a.yaml: t.zz_plain: error command_slot: command arg x refers to undeclared slot "ghost"`,
		"b.yaml: t.empty_enum: error command_slot: command arg keywords needs slot mood, which no pattern captures (and no lexicon, default or context fills)",
		"b.yaml: t.empty_enum: error enum: enum slot mood lists no values",
		`b.yaml: t.empty_enum: error regex: pattern mood: macro {{lex:mood}}: slot "mood" has no vocabulary`,
		"b.yaml: t.empty_enum: error unfillable: required slot mood is captured by no pattern, lexicon, default or context",
		"b.yaml: t.no_command: error command: rules spec without a command",
		"b.yaml: t.parts: error command_slot: command arg a: .op is only defined for count slots (.op, .value)",
		"b.yaml: t.parts: error command_slot: command arg b: .bogus is only defined for count slots (.op, .value)",
		`b.yaml: t.parts: error precondition: unknown precondition "sunny"`,
		"b.yaml: t.platform_from_text: error slot_from: platform slot plat must derive from a url slot",
		"a.yaml: t.guard_with_command: warning command: guard specs refuse; their command is never emitted",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lint mismatch (-want +got):\n%s\nall:\n%s", diff, strings.Join(got, "\n"))
	}
}
