package contract

import (
	"encoding/json"
	"searchagent/tools/condition"
	"slices"
	"testing"
	"time"
)

// typicalInput is a clarifying turn of a mixed query: the most checked
// state, with a graph, tags and the registry's actions.
func typicalInput() (Input, Slots) {
	tags := []Tag{{ID: "t1", Text: "Hollyland 麦克风", Scope: ScopeTags}, {ID: "t2", Text: "gaming", Scope: ScopeTags, Excluded: true}}
	conds := []Condition{
		{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "Hollyland 麦克风", Label: "「Hollyland 麦克风」 · 频道标签", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		{ID: "t2", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpNotContains, Value: "gaming", Label: "排除「gaming」 · 频道标签", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpIn, Value: []string{"US"}, Label: "地区：美国", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		{ID: "c2", Kind: condition.KindHard, Field: "followers", Op: condition.OpGte, Value: 10000, Label: "粉丝 ≥ 1万", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		{ID: "c3", Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: "good_value", Label: "性价比高", Source: condition.SourceUserInput, Status: condition.StatusReference},
	}
	in := Input{
		State: "expanded_clarifying/clarifying", Locale: "zh",
		AllowedActions: []string{"A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", "A_FOLLOWUP_WAITING__FOLLOWUP_SUBMIT__REFINING__01", "A_ANY__SESSION_RESET__EMPTY_INPUT__01"},
		TagsBefore:     tags, TagsAfter: tags, Conditions: conds,
	}
	s := Slots{
		Status:      &Status{Text: "已有 42 个结果，还需确认一点", Tone: ToneInfo},
		TaskSummary: "关键词「Hollyland 麦克风」；排除「gaming」；已生效：地区：美国 / 粉丝 ≥ 1万；仅作参考：性价比高",
		Conditions:  conds,
		Question: &Question{ID: "q1", Text: "「性价比高」更接近哪一种？", Options: []Option{
			{ID: "o1", Label: "价格低"}, {ID: "o2", Label: "均播高"}, {ID: "o3", Label: "都可以"}}},
		Actions: []Action{{ActionID: "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", Label: "回答"}, {ActionID: "A_FOLLOWUP_WAITING__FOLLOWUP_SUBMIT__REFINING__01", Label: "提交补充"}},
	}
	return in, s
}

func TestTypicalInputIsValid(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	in, s := typicalInput()
	rep, err := v.Validate(in, s)
	if err != nil || !rep.Valid {
		t.Fatalf("Validate(typical) = %v, %v; want valid", rep.Violations, err)
	}
}

// BenchmarkValidate measures one validation of a typical slot document
// (schemas compiled once, before the loop) and reports the median.
func BenchmarkValidate(b *testing.B) {
	v, err := New()
	if err != nil {
		b.Fatal(err)
	}
	in, s := typicalInput()
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		rep, err := v.Validate(in, s)
		durs = append(durs, time.Since(start))
		if err != nil || !rep.Valid {
			b.Fatalf("Validate = %v, %v", rep.Violations, err)
		}
	}
	b.StopTimer()
	slices.Sort(durs)
	b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds()), "p50-ns")
}

// BenchmarkValidateJSON measures the raw-model-output path: decode and
// validate.
func BenchmarkValidateJSON(b *testing.B) {
	v, err := New()
	if err != nil {
		b.Fatal(err)
	}
	in, s := typicalInput()
	data, err := json.Marshal(s)
	if err != nil {
		b.Fatal(err)
	}
	durs := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		rep, err := v.ValidateJSON(in, data)
		durs = append(durs, time.Since(start))
		if err != nil || !rep.Valid {
			b.Fatalf("ValidateJSON = %v, %v", rep.Violations, err)
		}
	}
	b.StopTimer()
	slices.Sort(durs)
	b.ReportMetric(float64(durs[len(durs)/2].Nanoseconds()), "p50-ns")
}

// BenchmarkValidateInvalid measures a document with several violations
// (the error path builds messages).
func BenchmarkValidateInvalid(b *testing.B) {
	v, err := New()
	if err != nil {
		b.Fatal(err)
	}
	in, s := typicalInput()
	s.Status = &Status{Text: "正在为你搜索…", Tone: ToneProgress, Loading: true}
	s.Question.Options = append(s.Question.Options, Option{ID: "o4", Label: "a"}, Option{ID: "o5", Label: "b"})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if rep, _ := v.Validate(in, s); rep.Valid {
			b.Fatal("want violations")
		}
	}
}
