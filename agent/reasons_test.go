package agent

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"searchagent/agent/agenttest"
	"searchagent/api"
	"searchagent/tools/store"
)

// TestResultsSayWhyInWords is issue 31 item 4: every result of a similar,
// keyword or filtered search carries reason labels a card can show (the
// store's reasons in a few words, in the session's locale), the raw score
// stays beside them, and the labels follow a locale switch.
func TestResultsSayWhyInWords(t *testing.T) {
	a := newTestAgent(t)
	cases := []struct {
		name, locale, text string
		// every item's labels hold one of these (the strongest reason of
		// the search's kind); all must show up somewhere in the page
		anyOf, some []string
	}{
		{name: "similar, zh", locale: "zh", text: agenttest.AnchorMany,
			anyOf: []string{"同一细分", "共同标签", "同类目", "内容相近", "受众规模相近"}, some: []string{"同类目", "受众规模相近", "同国家"}},
		{name: "similar, en", locale: "en", text: agenttest.AnchorMany,
			anyOf: []string{"same niche", "shared tags", "same category", "similar content", "similar audience size"}, some: []string{"same category", "similar audience size", "same country"}},
		{name: "keyword, zh", locale: "zh", text: "camping", anyOf: []string{"含「camping」"}},
		{name: "keyword, en", locale: "en", text: "camping", anyOf: []string{"“camping” in the"}},
		{name: "filters, zh", locale: "zh", text: "找英国的健身博主，粉丝一万以上", anyOf: []string{"英国"}, some: []string{"健身", "粉丝 ≥ 1万"}},
		{name: "filters, en", locale: "en", text: "fitness creators in the UK with over 10k followers", anyOf: []string{"United Kingdom"}, some: []string{"Fitness"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: tc.text})
			r := b.snap.Results
			if r == nil || len(r.Items) == 0 {
				t.Fatalf("%q found nothing (%s)", tc.text, b.snap.Substate)
			}
			var all []string
			for i, it := range r.Items {
				if len(it.ReasonLabels) == 0 || len(it.Reasons) == 0 {
					t.Fatalf("item %d (%s) has no reasons: %+v", i, it.Channel.Handle, it)
				}
				all = append(all, it.ReasonLabels...)
				if !slices.ContainsFunc(it.ReasonLabels, func(l string) bool {
					return slices.ContainsFunc(tc.anyOf, func(w string) bool { return strings.Contains(l, w) })
				}) {
					t.Errorf("item %d (%s) labels %v hold none of %v", i, it.Channel.Handle, it.ReasonLabels, tc.anyOf)
				}
				for _, l := range it.ReasonLabels {
					if hasHan(l) != (tc.locale == "zh") && !strings.ContainsAny(l, "「“") {
						t.Errorf("item %d label %q is not in %s", i, l, tc.locale)
					}
					if strings.ContainsAny(l, "0123456789.") && strings.Contains(l, "0.") {
						t.Errorf("item %d label %q shows a raw score", i, l)
					}
				}
			}
			for _, w := range tc.some {
				if !slices.Contains(all, w) {
					t.Errorf("no item says %q; labels %v", w, all)
				}
			}
		})
	}

	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: agenttest.AnchorMany})
	if _, err := a.UpdateSession(t.Context(), b.id, b.token, api.UpdateSessionRequest{Locale: "en"}, nil); err != nil {
		t.Fatal(err)
	}
	snap, err := a.Snapshot(t.Context(), b.id, b.token)
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range snap.Results.Items {
		for _, l := range it.ReasonLabels {
			if hasHan(l) {
				t.Errorf("after the switch to en, item %d label %q is Chinese", i, l)
			}
		}
	}
}

// hasHan reports whether s has a Chinese character.
func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// TestCardLabelsCarryNoFigures holds issue 31 item 5 for every kind of
// reason, the learned ones included: a card's label is words only; the
// figures stay in the reason's text (the explain drawer).
func TestCardLabelsCarryNoFigures(t *testing.T) {
	cases := []struct {
		name   string
		r      store.Reason
		zh, en string
	}{
		{"learned similarity", store.Reason{Code: store.ReasonLearned, ZH: "目录中共现的标签和类目相近（0.99）", EN: "close in the catalog's co-occurrence space (0.99)"},
			"主题相关", "related topics"},
		{"learned expansion", store.Reason{Code: store.ReasonExpansion, ZH: "「grit」扩展匹配 健身 Fitness（从目录学到的相近词，相似度 0.98）", EN: "“grit” expanded to 健身 Fitness (a nearby term learned from the catalog, similarity 0.98)"},
			"「grit」扩展匹配 健身 Fitness", "“grit” expanded to 健身 Fitness"},
		{"similar audience", store.Reason{Code: store.ReasonSimilarAudience, ZH: "粉丝量相近（3.5万 对 4万）", EN: "similar audience (35K vs 40K followers)"},
			"受众规模相近", "similar audience size"},
		{"alias", store.Reason{Code: store.ReasonAlias, ZH: "「耳机」匹配标签 headphones", EN: "“耳机” matches the tag headphones"},
			"「耳机」匹配标签 headphones", "“耳机” matches the tag headphones"},
		{"filter with a figure in its words", store.Reason{Code: ReasonFilter, ZH: "粉丝 ≥ 1万", EN: "followers ≥ 10k"},
			"粉丝 ≥ 1万", "followers ≥ 10k"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := cardLabel(tc.r, true); got != tc.zh {
				t.Errorf("zh label = %q, want %q", got, tc.zh)
			}
			if got := cardLabel(tc.r, false); got != tc.en {
				t.Errorf("en label = %q, want %q", got, tc.en)
			}
		})
	}
}
