package agent

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"searchagent/api"
	"searchagent/tools/catalog"
	"searchagent/tools/store"
)

// sampleStore is the demo store whose category sample (the page of
// store.MaxLimit that step classify reads) holds channels of the given
// categories, in that order ("" is a channel without a category), and
// whose search total is total when that is above 0 (the items cut to it).
type sampleStore struct {
	store.Store
	sample []string
	total  int
}

func (s *sampleStore) Search(ctx context.Context, q store.SearchQuery) (store.Page, error) {
	if q.Limit == store.MaxLimit {
		p := store.Page{Total: len(s.sample), NextOffset: -1}
		for i, c := range s.sample {
			p.Items = append(p.Items, store.Hit{Channel: &catalog.Channel{ID: fmt.Sprintf("sample%d", i), Category: c}})
		}
		return p, nil
	}
	p, err := s.Store.Search(ctx, q)
	if err == nil && s.total > 0 {
		p.Total = s.total
		p.Items = p.Items[:min(len(p.Items), s.total)]
	}
	return p, err
}

// sampled lists category, count pairs as a sample in that order.
func sampled(pairs ...any) []string {
	var out []string
	for i := 0; i < len(pairs); i += 2 {
		for range pairs[i+1].(int) {
			out = append(out, pairs[i].(string))
		}
	}
	return out
}

// TestCategoryQuestionFromTheSample: after a first search the agent asks
// which kind of channel is meant only when the sampled results split
// between two categories (ten sampled channels with a category or more,
// the second a quarter or more, the first 70% or less), and offers the
// larger first, the one whose id sorts first on a tie. The hist is a map:
// Go iterates a small map from a random slot, mostly in insertion order,
// so each sample is listed in the order that upsets a wrong tie-break and
// each case runs in reps fresh sessions (a wrong pick survives all of
// them with a chance below 1e-4: most iterate in the listed order).
func TestCategoryQuestionFromTheSample(t *testing.T) {
	const reps = 8
	texts := map[string]string{"en": "find apple channels", "zh": "找做苹果测评的频道"}
	labels := map[string]map[string]string{
		"en": {"tech": "Technology", "food": "Food", "travel": "Travel", "": "Either"},
		"zh": {"tech": "科技", "food": "美食", "travel": "旅行", "": "都可以"},
	}
	cases := []struct {
		name   string
		sample []string
		total  int      // the search's total (0: the demo catalog's)
		want   []string // category ids of o1, o2; nil: no question
		order  bool     // the pick depends on the map's order: run reps times
	}{
		{"larger first, sampled first", sampled("tech", 6, "food", 4), 0, []string{"tech", "food"}, false},
		{"larger first, sampled last", sampled("food", 4, "tech", 6), 0, []string{"tech", "food"}, true},
		{"tie on top: the first id", sampled("food", 5, "tech", 5), 0, []string{"food", "tech"}, true},
		{"tie on top, the later id sampled first", sampled("tech", 5, "food", 5), 0, []string{"food", "tech"}, true},
		{"tie for second: the first id", sampled("tech", 6, "food", 3, "travel", 3), 0, []string{"tech", "food"}, true},
		{"tie for second, the later id sampled first", sampled("tech", 6, "travel", 3, "food", 3), 0, []string{"tech", "food"}, true},
		{"a smaller category with a lower id after the second", sampled("tech", 6, "travel", 4, "food", 2), 0, []string{"tech", "travel"}, true},
		{"ten sampled", sampled("tech", 6, "food", 4), 0, []string{"tech", "food"}, false},
		{"nine sampled", sampled("tech", 5, "food", 4), 0, nil, false},
		{"channels without a category are not sampled", append(sampled("tech", 5, "food", 4), "", "", ""), 0, nil, false},
		{"channels without a category beside ten", append(sampled("", 2, "tech", 6, "food", 4), ""), 0, []string{"tech", "food"}, false},
		{"the second holds a quarter", sampled("tech", 7, "food", 3, "travel", 2), 0, []string{"tech", "food"}, false},
		{"the second holds less than a quarter", sampled("tech", 7, "food", 2, "travel", 2, "gaming", 1), 0, nil, false},
		{"the first holds 70%", sampled("tech", 7, "food", 3), 0, []string{"tech", "food"}, false},
		{"the first holds more than 70%", sampled("tech", 8, "food", 3), 0, nil, false},
		{"ten results", sampled("tech", 6, "food", 4), 10, []string{"tech", "food"}, false},
		{"nine results", sampled("tech", 6, "food", 4), 9, nil, false},
	}
	base := testConfig(t)
	for _, locale := range []string{"en", "zh"} {
		for _, tc := range cases {
			cfg := base
			cfg.Store = &sampleStore{Store: base.Store, sample: tc.sample, total: tc.total}
			a, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			if tc.want != nil {
				want = []string{"o1 " + labels[locale][tc.want[0]], "o2 " + labels[locale][tc.want[1]], "o3 " + labels[locale][""]}
			}
			n := 1
			if tc.order && locale == "en" {
				n = reps
			}
			for rep := range n {
				b := newBox(t, a, "youtube", locale)
				b.send("search.submit", api.Args{Text: texts[locale]})
				var opts []string
				if q := b.snap.Slots.Question; q != nil {
					for _, o := range q.Options {
						opts = append(opts, o.ID+" "+o.Label)
					}
				}
				if !slices.Equal(opts, want) {
					t.Errorf("%s: search.submit(%q) over the sample %v (rep %d) asks %q in %s, want %q", tc.name, texts[locale], tc.sample, rep, opts, b.snap.Substate, want)
					break
				}
			}
		}
	}
}
