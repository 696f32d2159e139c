package router

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFallbackSuggestsSpecsWithoutExamples: a refusal suggests the spec
// set's fallback suggestions that exist, in their order; one without
// examples is suggested with an empty reason, and a missing one is
// skipped.
func TestFallbackSuggestsSpecsWithoutExamples(t *testing.T) {
	snap := compileDoc(t, `specs:
  - id: session.switch_to_nl
    domain: session
    label: {zh: 改为自然语言描述, en: Describe it}
    terms:
      - {weight: 0.6, zh: [自然语言], en: [describe it]}
    command: {name: switch_to_nl}
    examples: [我用自然语言描述一下]
  - id: filter.country
    domain: refine
    label: {zh: 限定国家, en: Country}
    terms:
      - {weight: 0.6, zh: [只要美国], en: [us only]}
    command: {name: narrow}
`)
	res, err := snap.Query(Input{Text: "嗯嗯好的"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Recommendation{
		{Code: "filter.country", Label: "限定国家", Reason: ""},
		{Code: "session.switch_to_nl", Label: "改为自然语言描述", Reason: "我用自然语言描述一下"},
	}
	if res.Branch != BranchFallback {
		t.Fatalf("Query(嗯嗯好的).Branch = %s, want fallback", res.Branch)
	}
	if diff := cmp.Diff(want, res.Decision.NextRecommendations); diff != "" {
		t.Errorf("Query(嗯嗯好的) recommendations (-want +got):\n%s", diff)
	}
}

// TestFallbackSuggestionsSpeakTheLocale: a refusal's suggestion quotes the
// spec's first example in the session's language (an English refusal never
// suggests a Chinese phrase), and the first example when none is in it.
func TestFallbackSuggestionsSpeakTheLocale(t *testing.T) {
	snap := compileDoc(t, `specs:
  - id: session.switch_to_nl
    domain: session
    label: {zh: 改为自然语言描述, en: Describe it}
    terms:
      - {weight: 0.6, zh: [自然语言], en: [describe it]}
    command: {name: switch_to_nl}
    examples: [我用自然语言描述一下, let me describe it in words]
  - id: filter.country
    domain: refine
    label: {zh: 限定国家, en: Country}
    terms:
      - {weight: 0.6, zh: [只要美国], en: [us only]}
    command: {name: narrow}
    examples: [只要美国的]
`)
	tests := []struct {
		locale, text string
		want         []string
	}{
		{"en", "hmm okay", []string{"只要美国的", "let me describe it in words"}},
		{"zh", "嗯嗯好的", []string{"只要美国的", "我用自然语言描述一下"}},
	}
	for _, tc := range tests {
		res, err := snap.Query(Input{Text: tc.text, Locale: tc.locale})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range res.Decision.NextRecommendations {
			got = append(got, r.Reason)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Query(%q, %s) suggestion reasons (-want +got):\n%s", tc.text, tc.locale, diff)
		}
	}
}
