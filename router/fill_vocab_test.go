package router

import (
	"encoding/json"
	"testing"
)

// TestNestedNamesAndContextSlots pins how a spec author's vocabulary and
// context slots fill commands: a name inside a longer one ("流行" and "摇滚"
// inside "流行摇滚", "印度" inside "印度尼西亚") gives only the longer one's
// value, separate names give each value in input order with the raw text
// of each, a pattern declared first wins over one that matched earlier in
// the text, and a condition slot derived from nothing but the context
// takes the session's only keyword.
func TestNestedNamesAndContextSlots(t *testing.T) {
	specs, err := ParseSpecs("genre.yaml", []byte(`specs:
  - id: t.genre
    domain: test
    composable: true
    label: {zh: 曲风, en: Genre}
    terms:
      - {weight: 0.3, zh: [只要], en: [only]}
    lexicons: [{slot: genre, weight: 0.3}]
    slots:
      genre:
        type: enum
        multi: true
        required: true
        enum: [pop, rock, pop_rock]
        aliases: {pop: [流行], rock: [摇滚], pop_rock: [流行摇滚]}
    command: {name: add_keyword, args: {keywords: $genre}}
  - id: t.tag_scope
    domain: test
    label: {zh: 只搜标签, en: Tags only}
    terms:
      - {weight: 0.6, zh: [只搜标签], en: [tags only]}
    slots:
      target: {type: condition, kind: keyword, required: true}
    command: {name: set_keyword_scope, args: {scope: tags, condition_ids: $target}}
`))
	if err != nil {
		t.Fatal(err)
	}
	custom, err := Compile(specs)
	if err != nil {
		t.Fatal(err)
	}
	snap := defaultSnapshot(t)
	tests := []struct {
		snap     *Snapshot
		in       Input
		raw      string // the raw text of the command's slot
		commands string // JSON
	}{
		{custom, Input{Text: "只要流行摇滚"}, "流行摇滚",
			`[{"name":"add_keyword","args":{"keywords":["pop_rock"]},"spec":"t.genre"}]`},
		{custom, Input{Text: "只要摇滚和流行"}, "摇滚 | 流行",
			`[{"name":"add_keyword","args":{"keywords":["rock","pop"]},"spec":"t.genre"}]`},
		{custom, Input{Text: "tags only", Conditions: []Condition{{ID: "h1", Kind: "hard", Field: "country", Value: []string{"US"}}, {ID: "k1", Kind: "keyword", Value: "camping"}}}, "k1",
			`[{"name":"set_keyword_scope","args":{"condition_ids":["k1"],"scope":"tags"},"spec":"t.tag_scope"}]`},
		{snap, Input{Text: "只要印度尼西亚的"}, "印度尼西亚",
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["ID"]},"spec":"filter.country"}]`},
		{snap, Input{Text: "只要印度和印度尼西亚的"}, "印度 | 印度尼西亚",
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["IN","ID"]},"spec":"filter.country"}]`},
		{snap, Input{Text: "两周内有更新的，最近30天"}, "30天",
			`[{"name":"add_filter","args":{"field":"last_active","op":"within_days","value":30},"spec":"filter.activity"}]`},
	}
	for _, tc := range tests {
		t.Run(tc.in.Text, func(t *testing.T) {
			res, err := tc.snap.Query(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := json.Marshal(res.Commands); string(got) != tc.commands {
				t.Fatalf("Query(%q) commands = %s, want %s", tc.in.Text, got, tc.commands)
			}
			raw := ""
			for _, s := range res.Top.Slots {
				raw = s.Raw
			}
			if len(res.Top.Slots) != 1 || raw != tc.raw {
				t.Errorf("Query(%q) top slots = %+v, want one with raw %q", tc.in.Text, res.Top.Slots, tc.raw)
			}
		})
	}
}

// TestRemoveFilterPicksTheNamedKind: removing keywords touches the keyword
// tags only, never the anchor beside them.
func TestRemoveFilterPicksTheNamedKind(t *testing.T) {
	conds := []Condition{{ID: "k1", Kind: "keyword", Field: "keyword", Value: "露营"}, {ID: "a1", Kind: "anchor", Field: "anchor", Value: "https://www.youtube.com/@mkbhd"},
		{ID: "k2", Kind: "keyword", Field: "keyword", Value: "徒步"}}
	res, err := defaultSnapshot(t).Query(Input{Text: "删除关键词", Conditions: conds})
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"name":"remove_filter","args":{"condition_ids":["k1","k2"],"field":"keyword"},"spec":"filter.remove"}]`
	if got, _ := json.Marshal(res.Commands); string(got) != want {
		t.Errorf("Query(删除关键词) commands = %s, want %s", got, want)
	}
}
