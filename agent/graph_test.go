package agent

import (
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// How follow-ups merge into the condition graph, as the user reads it in
// the chips and the notice: a keyword committed twice is one tag, a
// restated condition is no change, a creator tier and a stated follower
// range replace each other, preferences add up once each.
func TestGraphMergesAsSaid(t *testing.T) {
	a := newTestAgent(t)
	t.Run("a keyword committed twice is one tag", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		for range 2 {
			b.send("input.type", api.Args{Text: "露营"})
			b.send("input.commit", api.Args{})
		}
		if n := len(b.snap.Context.KeywordTags); n != 1 {
			t.Errorf("露营 committed twice gives %d tags %+v, want 1", n, b.snap.Context.KeywordTags)
		}
	})
	t.Run("a restated condition is no change", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找美国的露营博主，粉丝 1w+"})
		before := condsOf(b)
		b.send("followup.submit", api.Args{Text: "粉丝 1w+"})
		if got := condsOf(b); got != before {
			t.Errorf("restating 粉丝 1w+ changed the conditions %q → %q", before, got)
		}
		if n := b.snap.Context.Notice; strings.Contains(n, "已修改") {
			t.Errorf("restating 粉丝 1w+ says %q, want no change reported", n)
		}
	})
	t.Run("a tier and a bound said in one search are no change", func(t *testing.T) {
		for _, in := range []string{"美国的腰部科技博主，粉丝10万以上"} {
			b := newBox(t, a, "youtube", "zh")
			b.send("search.submit", api.Args{Text: in})
			if got, want := condsOf(b), "country=US category=tech followers=map[max:1000000 min:100000]"; got != want {
				t.Errorf("search %q gives %q, want %q", in, got, want)
			}
			if n := b.snap.Context.Notice; n != "" {
				t.Errorf("search %q says %q: a merge within one turn changes nothing the user had", in, n)
			}
		}
	})
	t.Run("a stated range replaces a creator tier", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找美国的腰部露营博主"})
		b.send("followup.submit", api.Args{Text: "粉丝 1w+"})
		if got := strings.Count(condsOf(b), "followers="); got != 1 {
			t.Errorf("a tier then 粉丝 1w+ leaves %q, want one followers condition", condsOf(b))
		}
		if n := b.snap.Context.Notice; !strings.Contains(n, "已修改") {
			t.Errorf("replacing the tier says %q, want the change reported", n)
		}
	})
	t.Run("preferences add up once each", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找美国的科技博主"})
		for _, f := range []string{"要性价比高的", "要性价比高的", "要高级感的"} {
			b.send("followup.submit", api.Args{Text: f})
		}
		var labels []string
		for _, c := range b.snap.Context.Conditions {
			if c.Field == "preference" {
				labels = append(labels, c.Label)
			}
		}
		if got := strings.Join(labels, ","); got != "性价比高,高级感" {
			t.Errorf("preferences after 要性价比高的 twice and 要高级感的: %q, want %q", got, "性价比高,高级感")
		}
	})
}

// kindsOf lists the snapshot's condition chips as kind:field, in order.
func kindsOf(b *box) string {
	var out []string
	for _, c := range b.snap.Context.Conditions {
		out = append(out, string(c.Kind)+":"+c.Field)
	}
	return strings.Join(out, " ")
}

// What a search's conditions do to the query and the chips: a creator
// tier filters the results to its range, a category said in the user's
// own words ranks by those words (one soft keyword in the retrieve step),
// an exclusion and a bound merge with the first condition of the graph,
// and the chips come in priority order.
func TestGraphQueryAndChips(t *testing.T) {
	a := newTestAgent(t)
	type step struct{ event, text string }
	for _, tc := range []struct {
		name     string
		steps    []step
		conds    string // condsOf after the last step
		kinds    string // kindsOf after the last step
		keywords string // the retrieve step's keyword count
	}{
		{"a tier filters", []step{{"search.submit", "美国的腰部露营博主"}},
			"country=US category=outdoor followers=map[max:1000000 min:100000]", "hard:country hard:category derived:followers", "1"},
		{"a category in the user's words ranks by them", []step{{"search.submit", "美国做汽配评测的博主"}},
			"country=US category=automotive", "hard:country hard:category", "1"},
		{"a category by its name adds no words", []step{{"search.submit", "不要美国的科技博主"}},
			"country=[US] category=tech", "hard:country hard:category", "0"},
		{"exclusions add up from the first node", []step{{"search.submit", "不要美国的科技博主"}, {"followup.submit", "也不要印度的"}},
			"country=[US IN] category=tech", "hard:country hard:category", "0"},
		{"a bound narrows the first node", []step{{"search.submit", "粉丝 1w 以上的美国科技博主"}, {"followup.submit", "10万以下"}},
			"followers=map[max:100000 min:10000] country=US category=tech", "hard:followers hard:country hard:category", "0"},
		{"a filter added after a preference shows before it", []step{{"search.submit", "要高级感的科技博主"}, {"followup.submit", "只要美国的"}},
			"category=tech country=US preference=premium", "hard:category hard:country soft:preference", "0"},
		{"chips in priority order", []step{{"search.submit", "要高级感的，Hollyland 麦克风，美国，IG，粉丝 1w+"}},
			"all=Hollyland all=麦克风 country=US platform=instagram followers=10000 preference=premium",
			"keyword:all keyword:all hard:country hard:platform hard:followers soft:preference", "2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBox(t, a, "youtube", "zh")
			for _, st := range tc.steps {
				b.send(st.event, api.Args{Text: st.text})
			}
			if got := condsOf(b); got != tc.conds {
				t.Errorf("conditions = %q, want %q", got, tc.conds)
			}
			if got := kindsOf(b); got != tc.kinds {
				t.Errorf("chips = %q, want %q", got, tc.kinds)
			}
			_, det := stepsOf(t, b)
			if got := string(det["retrieve"]["keywords"]); got != tc.keywords {
				t.Errorf("retrieve keywords = %s, want %s", got, tc.keywords)
			}
			if strings.Contains(tc.kinds, "derived:followers") {
				for _, c := range b.snap.Context.Conditions {
					if c.Kind == condition.KindDerived && c.Label != "腰部博主" {
						t.Errorf("the tier's chip reads %q, want the user's word 腰部博主", c.Label)
					}
				}
				for _, it := range b.snap.Results.Items {
					if f := it.Channel.Followers; f < 100000 || f > 1000000 {
						t.Errorf("result %s has %d followers, outside the tier's 10万–100万", it.Channel.Handle, f)
					}
				}
			}
		})
	}
}
