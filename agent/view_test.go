package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/catalog"
	"searchagent/tools/llm/llmtest"
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

// TestConflictQuestionAtItsWidestNamesBoth: the platform conflict question
// names both sides up to the expanded question's width (80): the three
// other platforms asked for on X reach it exactly and are still named.
func TestConflictQuestionAtItsWidestNamesBoth(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ platform, locale, text, want string }{
		{"x", "en", "find camping channels on Instagram, TikTok or YouTube", "You asked for Instagram, TikTok, YouTube, but this page searches X. Which stays?"},
		{"x", "zh", "找 Instagram、TikTok、YouTube 上的露营博主", "你要找 Instagram、TikTok、YouTube 的频道，但这里只搜 X：怎么处理？"},
		{"youtube", "en", "find camping channels on Instagram", "You asked for Instagram, but this page searches YouTube. Which stays?"},
	} {
		b := newBox(t, a, tc.platform, tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		q := b.snap.Slots.Question
		if q == nil || q.Text != tc.want {
			t.Errorf("search.submit(%q) on %s asks %+v, want %q (width %d)", tc.text, tc.platform, q, tc.want, contract.Width(tc.want))
		}
	}
}

// TestBrokenLinkSaysWhy: a link to a channel the catalog does not have
// says the channel was not found; a link that names no channel says it
// cannot be read and how to give one.
func TestBrokenLinkSaysWhy(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, text, want string }{
		{"zh", agenttest.AnchorUnknown, "未能识别该链接对应的频道"},
		{"en", agenttest.AnchorUnknown, "Couldn't find the channel for this link"},
		{"zh", "https://www.youtube.com/watch?v=", "当前无法识别该链接，可直接粘贴频道主页链接或只输入频道名"},
		{"en", "https://www.youtube.com/@", "Can't read this link. Paste the channel home page link or type its name."},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		var got string
		if st := b.snap.Slots.Status; st != nil {
			got = st.Text
		}
		if b.snap.Substate != "url-invalid" || got != tc.want {
			t.Errorf("search.submit(%q) shows %q in %s, want %q in url-invalid", tc.text, got, b.snap.Substate, tc.want)
		}
	}
}

// TestDraftShownIsTheBoxBeingTyped: the snapshot's draft is what is being
// typed: the keyword box's text, or the follow-up's while one is typed.
func TestDraftShownIsTheBoxBeingTyped(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "zh")
	b.send("input.type", api.Args{Text: "露营"})
	if got := b.snap.Context.Draft; got != "露营" {
		t.Errorf("input.type(露营) shows the draft %q, want 露营", got)
	}
	b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
	b.send("followup.type", api.Args{Text: "不要游戏"})
	if got := b.snap.Context.Draft; got != "不要游戏" || b.snap.State.Input != "draft_followup" {
		t.Errorf("followup.type(不要游戏) shows the draft %q in %s, want 不要游戏 in draft_followup", got, stateString(b.snap.State))
	}
}

// TestSlotsModelIsToldThisTurnsFacts: the model that writes the slots
// gets the facts of the turn it words: the follow-up just applied (not
// one of an earlier task), and the open question only while it is asked.
func TestSlotsModelIsToldThisTurnsFacts(t *testing.T) {
	srv := llmtest.New(t)
	var mu sync.Mutex
	var facts string
	srv.Respond(func(req llmtest.ChatRequest) llmtest.Reply {
		msg := req.Messages[len(req.Messages)-1].Content
		if _, f, ok := strings.Cut(msg, "Facts: "); ok {
			f, _, _ = strings.Cut(f, "\n")
			mu.Lock()
			facts = f
			mu.Unlock()
		}
		return llmtest.Reply{Content: echoDraft(req)}
	})
	cfg := testConfig(t)
	mp := testModelPathAt(t, srv.BaseURL(), modelpath.Stages{Slots: true, SlotsEveryTurn: true})
	cfg.ModelPath = mp
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	told := func(what string) (followup string, question bool) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		var f struct {
			Followup string          `json:"followup"`
			Question json.RawMessage `json:"question"`
		}
		if err := json.Unmarshal([]byte(facts), &f); err != nil {
			t.Fatalf("%s: the slots prompt's facts %q: %v", what, facts, err)
		}
		facts = ""
		return f.Followup, string(f.Question) != "null"
	}
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做露营评测的博主"})
	b.send("followup.submit", api.Args{Text: "不要游戏"})
	if f, q := told("followup.submit(不要游戏)"); f != "不要游戏" || q {
		t.Errorf("after followup.submit(不要游戏) the model is told the follow-up %q and a question %v, want 不要游戏 and none", f, q)
	}

	// A fresh description after a refusal is a first round, no follow-up.
	g := newBox(t, a, "youtube", "en")
	g.send("search.submit", api.Args{Text: agenttest.Guarded})
	g.send("followup.submit", api.Args{Text: "find camping channels in the US"})
	if f, _ := told("the rewrite"); f != "" || g.snap.Context.SourceStage != StageFirstRound {
		t.Errorf("a rewrite after a refusal (source stage %s) tells the model the follow-up %q, want none", g.snap.Context.SourceStage, f)
	}

	q := newBox(t, a, "youtube", "en")
	q.send("search.submit", api.Args{Text: agenttest.MixedAmbiguous})
	if _, asked := told("the category question"); !asked || q.snap.Slots.Question == nil {
		t.Fatalf("precondition: %q asks a question and the model is told, have %v in %s", agenttest.MixedAmbiguous, asked, q.snap.Substate)
	}
	q.send("tag.delete", api.Args{TagID: q.snap.Context.KeywordTags[0].ID})
	if _, asked := told("tag.delete"); asked || q.snap.State.Session != "results_ready" {
		t.Errorf("after tag.delete in %s the model is told of a question: %v, want none", stateString(q.snap.State), asked)
	}
}
