package agent

import (
	"context"
	"encoding/json"
	"searchagent/tools/condition"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// everyHit pages through the whole result set of the session's query on
// the demo catalog.
func everyHit(t *testing.T, a *Agent, b *box) []store.Hit {
	t.Helper()
	s := mustSession(t, a, b)
	q := s.buildQuery(testNow, "")
	var out []store.Hit
	for off := 0; ; off += store.MaxLimit {
		page, err := demoStore(t).Search(context.Background(), store.SearchQuery{Platform: s.Platform, Keywords: q.keywords,
			Filters: q.filters, Offset: off, Limit: store.MaxLimit})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, page.Items...)
		if page.NextOffset < 0 || len(page.Items) == 0 {
			return out
		}
	}
}

// tagged counts the hits carrying one of the tags (after textnorm).
func tagged(hits []store.Hit, tags ...string) int {
	n := 0
	for _, h := range hits {
		if slices.ContainsFunc(h.Channel.Tags, func(tg string) bool {
			return slices.ContainsFunc(tags, func(w string) bool { return textnorm.Normalize(tg) == textnorm.Normalize(w) })
		}) {
			n++
		}
	}
	return n
}

// TestExclusionMeetsTheOtherLanguage (issue 26 item 4): an exclusion said
// in one language removes the channels tagged in the other one — "不要烘焙类的"
// keeps out channels tagged "baking", "no baking" those tagged 烘焙 —, and
// the widening is said in the results and the trace.
func TestExclusionMeetsTheOtherLanguage(t *testing.T) {
	a := newTestAgent(t)
	tests := []struct {
		locale, base, text string
		followup           string // said as a follow-up after base instead
		other              string // the tag of the other language
	}{
		{"zh", "找美食博主", "找美食博主，不要烘焙类的", "", "baking"},
		{"en", "food creators please", "food creators please, no baking", "", "烘焙"},
		{"zh", "找美食博主", "找美食博主", "不要烘焙类的", "baking"},
	}
	for _, tc := range tests {
		t.Run(tc.text+" "+tc.followup, func(t *testing.T) {
			control := newBox(t, a, "tiktok", tc.locale)
			control.send("search.submit", api.Args{Text: tc.base})
			if n := tagged(everyHit(t, a, control), tc.other); n == 0 {
				t.Fatalf("%q: no channel tagged %q to exclude: the test shows nothing", tc.base, tc.other)
			}
			b := newBox(t, a, "tiktok", tc.locale)
			snap := b.send("search.submit", api.Args{Text: tc.text})
			if tc.followup != "" {
				snap = b.send("followup.submit", api.Args{Text: tc.followup})
			}
			hits := everyHit(t, a, b)
			if n := tagged(hits, tc.other, "baking", "烘焙"); n > 0 {
				t.Errorf("%q: %d channels tagged baking or 烘焙 stay", tc.text, n)
			}
			if len(hits) == 0 || snap.Results == nil || snap.Results.Total != len(hits) {
				t.Fatalf("%q: %d results, snapshot %+v", tc.text, len(hits), snap.Results)
			}
			if !slices.ContainsFunc(snap.Results.Expansions, func(e api.Expansion) bool { return slices.Contains(e.Also, tc.other) }) {
				t.Errorf("%q: results' expansions %+v do not say the exclusion also matches %q", tc.text, snap.Results.Expansions, tc.other)
			}
			raw, _ := json.Marshal(b.lastTrace().Steps)
			if !strings.Contains(string(raw), `"also_matches"`) || !strings.Contains(string(raw), tc.other) {
				t.Errorf("%q: the retrieve step's trace does not show the expansion: %s", tc.text, raw)
			}
		})
	}
}

// TestRankingTermRanksAcrossLanguages (issue 26 items 1, 2, 4): a topic
// said inside a sentence is its category plus a ranking term, shown as a
// reference chip; the term finds the other language's tags (耳机 ≈
// headphones) without removing a channel.
func TestRankingTermRanksAcrossLanguages(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	snap := b.send("search.submit", api.Args{Text: "帮我找美国做耳机测评的博主"})
	var term *contract.Condition
	for i, c := range snap.Context.Conditions {
		if c.Kind == condition.KindKeyword && c.Value == "耳机" {
			term = &snap.Context.Conditions[i]
		}
	}
	if term == nil || term.Status != condition.StatusReference || term.Source != condition.SourceUserInput {
		t.Fatalf("conditions %+v: want 耳机 as a reference keyword from the user's input", snap.Context.Conditions)
	}
	if !slices.ContainsFunc(snap.Context.Conditions, func(c contract.Condition) bool { return c.Field == "category" && c.Value == "tech" }) {
		t.Errorf("conditions %+v: want the category tech read from 耳机", snap.Context.Conditions)
	}
	control := newBox(t, a, "youtube", "zh")
	all := control.send("search.submit", api.Args{Text: "帮我找美国科技博主"})
	if snap.Results.Total != all.Results.Total {
		t.Errorf("the ranking term removed channels: %d results, the category alone has %d", snap.Results.Total, all.Results.Total)
	}
	top, said := 0, 0
	for _, it := range snap.Results.Items {
		text := strings.ToLower(strings.Join(append(append([]string{it.Channel.Name, it.Channel.Description}, it.Channel.Tags...), it.Channel.RecentTitles...), " "))
		if strings.Contains(text, "headphone") || strings.Contains(text, "耳机") || strings.Contains(text, "earbuds") {
			top++
		}
		if !slices.Contains(it.Channel.Tags, "耳机") && slices.ContainsFunc(it.Channel.Tags, func(tg string) bool { return strings.EqualFold(tg, "headphones") }) {
			if !slices.ContainsFunc(it.Reasons, func(r api.MatchReason) bool { return r.Code == store.ReasonAlias && strings.Contains(r.Text, "耳机") }) {
				t.Errorf("%s is tagged headphones, not 耳机, and its reasons %+v do not say the alias met it", it.Channel.Name, it.Reasons)
			}
			said++
		}
	}
	if said == 0 {
		t.Errorf("no result among the first %d met 耳机 through headphones only", len(snap.Results.Items))
	}
	if top < len(snap.Results.Items)/2 {
		t.Errorf("only %d of the first %d results mention headphones, earbuds or 耳机", top, len(snap.Results.Items))
	}
	if !slices.ContainsFunc(snap.Results.Expansions, func(e api.Expansion) bool { return e.Keyword == "耳机" && slices.Contains(e.Also, "headphones") }) {
		t.Errorf("expansions %+v: want 耳机 also matching headphones", snap.Results.Expansions)
	}
}

// TestReferenceChipBecomesAFilter (issue 26 item 1): a word the user did
// not mark is a reference chip with a button that makes it a filter; the
// click (condition.edit on the chip) applies it as the user's own.
func TestReferenceChipBecomesAFilter(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	snap := b.send("search.submit", api.Args{Text: "find me US beauty creators, ideally with a friendly vibe"})
	var id string
	for _, c := range snap.Context.Conditions {
		if c.Kind == condition.KindKeyword {
			if c.Value != "friendly" || c.Status != condition.StatusReference {
				t.Fatalf("keyword chip %+v: want only friendly, as a reference", c)
			}
			id = c.ID
		}
	}
	if id == "" {
		t.Fatalf("conditions %+v: no reference chip for friendly", snap.Context.Conditions)
	}
	if n := snap.Context.Notice; !strings.Contains(n, "ideally") || !strings.Contains(n, "vibe") {
		t.Errorf("notice %q: the dropped words ideally and vibe are not named", n)
	}
	var button *api.AllowedAction
	for i, act := range snap.Actions {
		if act.Event == "condition.edit" && act.Args != nil && act.Args.ConditionID == id {
			button = &snap.Actions[i]
		}
	}
	if button == nil || button.Label != "Make “friendly” a filter" {
		t.Fatalf("actions %+v: want a “Make “friendly” a filter” button on the chip", snap.Actions)
	}
	before := snap.Results.Total
	after := b.send(button.Event, *button.Args)
	for _, c := range after.Context.Conditions {
		if c.ID == id && (c.Status != condition.StatusApplied || c.Source != condition.SourceManual) {
			t.Errorf("chip after the click %+v: want applied, source manual", c)
		}
	}
	if after.Results != nil && after.Results.Total >= before {
		t.Errorf("the filter did not filter: %d results before, %d after", before, after.Results.Total)
	}
}

// TestExclusionOverridesARankingTerm: excluding a word the last search
// ranked by drops the ranking term; the word is not both wanted and kept
// out.
func TestExclusionOverridesARankingTerm(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "tiktok", "zh")
	b.send("search.submit", api.Args{Text: "我想看看做烘焙教学的博主有哪些"})
	snap := b.send("followup.submit", api.Args{Text: "不要烘焙类的"})
	var got []string
	for _, c := range snap.Context.Conditions {
		if c.Kind == condition.KindKeyword {
			got = append(got, string(c.Op)+" "+c.Value.(string)+" "+string(c.Status))
		}
	}
	if !slices.Equal(got, []string{"not_contains 烘焙 applied"}) {
		t.Errorf("keyword chips %v, want only the exclusion of 烘焙", got)
	}
}
