package agent

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/llm/llmtest"
)

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

// TestClassifiedFollowupSlotsByTheModel: with the slots stage on, the
// model words the slots of a turn whose reading involved it: a follow-up
// the rules leave to the classifier gets model slots; a search the
// deterministic stages read gets template slots and no model call.
func TestClassifiedFollowupSlotsByTheModel(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond(func(req llmtest.ChatRequest) llmtest.Reply {
		if req.SchemaName() == "classifier" {
			return llmtest.Reply{Content: `{"spec_id":"recall.widen","slots":[],"confidence":0.8,"reason":"more of the same"}`}
		}
		return llmtest.Reply{Content: echoDraft(req)}
	})
	cfg := testConfig(t)
	mp := testModelPathAt(t, srv.BaseURL(), modelpath.Stages{Classifier: true, Slots: true})
	r, err := router.Default(router.WithClassifier(mp.Classifier()))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Router, cfg.ModelPath = r, mp
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b := newBox(t, a, "youtube", "en")
	for _, tc := range []struct {
		event, text string
		source      string
		schemas     []string // the model requests of the turn
	}{
		{"search.submit", "find camping review channels in the US", modelpath.SourceTemplate, nil},
		{"followup.submit", "more like this", modelpath.SourceModel, []string{"classifier", "slot_texts"}},
	} {
		before := len(srv.Requests())
		b.send(tc.event, api.Args{Text: tc.text})
		var schemas []string
		for _, r := range srv.Requests()[before:] {
			s := r.Body.SchemaName()
			schemas = append(schemas, s)
		}
		tr := b.lastTrace()
		if tr.Contract == nil || tr.Contract.Source != tc.source || !slices.Equal(schemas, tc.schemas) {
			t.Errorf("%s(%q): slots from %+v after the model requests %q, want %s after %q", tc.event, tc.text, tr.Contract, schemas, tc.source, tc.schemas)
		}
	}
}
