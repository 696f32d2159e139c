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
	custom := compileDoc(t, `specs:
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
  - id: t.anchor_scope
    domain: test
    label: {zh: 只看锚点, en: Anchor only}
    terms:
      - {weight: 0.6, zh: [只看锚点], en: [anchor only]}
    slots:
      target: {type: condition, kind: anchor, required: true}
    command: {name: set_keyword_scope, args: {scope: anchor, condition_ids: $target}}
  - id: t.drop
    domain: test
    label: {zh: 丢掉, en: Drop}
    slots:
      what: {type: enum, required: true, enum: [anchor, keyword]}
      target: {type: condition, from: what, required: true}
    patterns:
      - {name: drop, regex: 'drop (?P<what>anchor|keyword)', weight: 0.7, triggers: [drop]}
    command: {name: remove_filter, args: {field: $what, condition_ids: $target}}
  - id: t.fans
    domain: test
    composable: true
    label: {zh: 乐迷, en: Fans}
    slots:
      band: {type: enum, multi: true, required: true, enum: [rock, pop, jazz]}
    patterns:
      - {name: likes, regex: '(?:likes|喜欢)\s*(?P<band>rock|pop|jazz)', weight: 0.7, triggers: [likes, 喜欢]}
      - {name: fans, regex: '(?P<band>rock|pop|jazz)\s*(?:fans|迷)', weight: 0.7, triggers: [fans, 迷]}
    command: {name: add_keyword, args: {keywords: $band}}
`)
	snap := defaultSnapshot(t)
	tests := []struct {
		snap     *Snapshot
		in       Input
		raw      string // the raw text of the command's only slot ("": two slots, not checked)
		commands string // JSON
	}{
		{custom, Input{Text: "只要流行摇滚"}, "流行摇滚",
			`[{"name":"add_keyword","args":{"keywords":["pop_rock"]},"spec":"t.genre"}]`},
		{custom, Input{Text: "只要摇滚和流行"}, "摇滚 | 流行",
			`[{"name":"add_keyword","args":{"keywords":["rock","pop"]},"spec":"t.genre"}]`},
		{custom, Input{Text: "tags only", Conditions: []Condition{{ID: "h1", Kind: "hard", Field: "country", Value: []string{"US"}}, {ID: "k1", Kind: "keyword", Value: "camping"}}}, "k1",
			`[{"name":"set_keyword_scope","args":{"condition_ids":["k1"],"scope":"tags"},"spec":"t.tag_scope"}]`},
		{custom, Input{Text: "anchor only", Conditions: []Condition{{ID: "k1", Kind: "keyword", Field: "keyword", Value: "camping"}, {ID: "a1", Kind: "anchor", Value: "https://www.youtube.com/@mkbhd"}}}, "a1",
			`[{"name":"set_keyword_scope","args":{"condition_ids":["a1"],"scope":"anchor"},"spec":"t.anchor_scope"}]`},
		{custom, Input{Text: "drop anchor", Conditions: []Condition{{ID: "k1", Kind: "keyword", Field: "keyword", Value: "camping"}, {ID: "a1", Kind: "anchor", Value: "https://www.youtube.com/@mkbhd"}}}, "",
			`[{"name":"remove_filter","args":{"condition_ids":["a1"],"field":"anchor"},"spec":"t.drop"}]`},
		// Two patterns fill one multi slot: the values in input order, a
		// span both captured once.
		{custom, Input{Text: "pop fans who likes rock"}, "pop | rock",
			`[{"name":"add_keyword","args":{"keywords":["pop","rock"]},"spec":"t.fans"}]`},
		{custom, Input{Text: "likes rock fans and jazz fans"}, "rock | jazz",
			`[{"name":"add_keyword","args":{"keywords":["rock","jazz"]},"spec":"t.fans"}]`},
		{snap, Input{Text: "只要印度尼西亚的"}, "印度尼西亚",
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["ID"]},"spec":"filter.country"}]`},
		{snap, Input{Text: "只要印度和印度尼西亚的"}, "印度 | 印度尼西亚",
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["IN","ID"]},"spec":"filter.country"}]`},
		{snap, Input{Text: "只要印度尼西亚和印度的"}, "印度尼西亚 | 印度",
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["ID","IN"]},"spec":"filter.country"}]`},
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
			if tc.raw == "" {
				return
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
