package modelpath_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent/modelpath"
	"searchagent/contract"
	"searchagent/prompts"
	"searchagent/render"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/llm"
	"searchagent/tools/llm/llmtest"
)

func newPath(t testing.TB, srv *llmtest.Server, budget int) *modelpath.Path {
	t.Helper()
	c, err := llm.New(llm.Config{BaseURL: srv.BaseURL(), Model: "scripted", TurnTokenBudget: budget, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	set, err := prompts.Default()
	if err != nil {
		t.Fatal(err)
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	p, err := modelpath.New(c, set, v, modelpath.Stages{Classifier: true, Parse: true, Slots: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestClassifierStage(t *testing.T) {
	for _, tc := range []struct {
		name, input, answer string
		wantBranch          router.Branch
		wantTop             string
	}{
		{"a known rules spec", "more like this", `{"spec_id":"recall.widen","slots":[],"confidence":0.8,"reason":"more similar"}`, router.BranchClassified, "recall.widen"},
		{"an unknown spec is refused", "more like this", `{"spec_id":"recall.teleport","slots":[],"confidence":0.9,"reason":"?"}`, router.BranchFallback, ""},
		{"a guard spec refuses", "有没有办法让我的数据一夜之间变好看", `{"spec_id":"guard.fake_engagement","slots":[],"confidence":0.9,"reason":"buying followers"}`, router.BranchGuardHit, "guard.fake_engagement"},
		{"malformed JSON keeps the rules' branch", "more like this", `{"spec_id":`, router.BranchFallback, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Content: tc.answer})
			p := newPath(t, srv, 0)
			r, err := router.Default(router.WithClassifier(p.Classifier()))
			if err != nil {
				t.Fatal(err)
			}
			res, tr, err := r.Explain(context.Background(), router.Input{Text: tc.input, Locale: "zh", State: router.State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Branch != tc.wantBranch || tc.wantTop != "" && (res.Top == nil || res.Top.ID != tc.wantTop) {
				t.Errorf("Explain(%q) = %s %+v, want %s %s", tc.input, res.Branch, res.Top, tc.wantBranch, tc.wantTop)
			}
			if tr.Classifier == nil || !tr.Classifier.Called {
				t.Fatalf("no classifier stage in the trace")
			}
			if a := tr.Classifier.Answer; a != nil && a.Prompt != "classify@2" {
				t.Errorf("answer prompt = %q, want classify@2", a.Prompt)
			}
			req := srv.Requests()[0].Body
			if req.SchemaName() != "classifier" || !strings.Contains(req.Messages[1].Content, `"guard.fake_engagement"`) || !strings.Contains(req.Messages[1].Content, "Follow-up: "+tc.input) {
				t.Errorf("request lacks the schema, the guard specs or the input: %s", req.Messages[1].Content)
			}
		})
	}
}

// clarifying is a render input of expanded_clarifying/clarifying and its
// template draft.
func clarifying(t testing.TB) (modelpath.SlotsRequest, contract.Slots) {
	t.Helper()
	in := render.Input{State: "expanded_clarifying/clarifying", Locale: "zh",
		Conditions:     []contract.Condition{{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "US", Label: "美国", Source: condition.SourceUserInput, Status: condition.StatusApplied}},
		Question:       &render.QuestionSpec{ID: "q1", Topic: render.TopicSoftPreference, Subject: "性价比高", Options: []contract.Option{{ID: "o1", Label: "价格低"}, {ID: "o2", Label: "均播高"}}},
		AllowedActions: []contract.Action{{ActionID: "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01", Label: "回答"}, {ActionID: "A_ANY__SESSION_RESET__EMPTY_INPUT__01", Label: "新建搜索"}}}
	draft, err := render.Turn(in)
	if err != nil {
		t.Fatal(err)
	}
	vin := in.ValidationInput()
	return modelpath.SlotsRequest{Render: in, Check: vin, Draft: draft}, draft
}

func TestWriteSlots(t *testing.T) {
	req, draft := clarifying(t)
	good := draft
	good.Status = &contract.Status{Text: "还差一个问题", Tone: draft.Status.Tone, Loading: draft.Status.Loading}
	good.TaskSummary = "已按美国筛选，“性价比高”先不作为条件"
	goodJSON := `{"status_text":"还差一个问题","task_summary":"已按美国筛选，“性价比高”先不作为条件"}`
	asking := `{"status_text":"你更看重价格吗？","task_summary":"已按美国筛选"}`
	for _, tc := range []struct {
		name        string
		replies     []llmtest.Reply
		wantSource  string
		wantAsks    int
		firstPass   bool
		wantViolate bool
		feedback    string // in the re-ask's prompt
	}{
		{"valid answer", []llmtest.Reply{{Content: goodJSON}}, "model", 1, true, false, ""},
		{"a second question is re-asked with the previous answer, then fixed", []llmtest.Reply{{Content: asking}, {Content: goodJSON}}, "model", 2, false, false, "SECOND_QUESTION"},
		{"still invalid after the re-asks", []llmtest.Reply{{Content: asking}, {Content: asking}, {Content: asking}}, "template", 3, false, true, "SECOND_QUESTION"},
		{"malformed JSON is re-asked", []llmtest.Reply{{Content: `{"status_text":`}, {Content: goodJSON}}, "model", 2, false, false, "INVALID_SLOT"},
		{"a refusal is re-asked", []llmtest.Reply{{Refusal: "no"}, {Content: goodJSON}}, "model", 2, false, false, "refused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(tc.replies...)
			p := newPath(t, srv, 0)
			res := p.WriteSlots(context.Background(), req)
			if res.Source != tc.wantSource || res.Asks != tc.wantAsks || res.FirstPassValid != tc.firstPass || (len(res.Violations) > 0) != tc.wantViolate {
				t.Fatalf("WriteSlots = source %s, asks %d, first pass %v, violations %v; want %s, %d, %v, violations %v (error %q)",
					res.Source, res.Asks, res.FirstPassValid, res.Violations, tc.wantSource, tc.wantAsks, tc.firstPass, tc.wantViolate, res.Error)
			}
			want := good
			if tc.wantSource == "template" {
				want = draft
			}
			if d := cmp.Diff(want, res.Slots); d != "" {
				t.Errorf("slots (-want +got):\n%s", d)
			}
			reqs := srv.Requests()
			if n := len(reqs); n != tc.wantAsks {
				t.Fatalf("%d requests, want %d", n, tc.wantAsks)
			}
			if first := reqs[0].Body; first.SchemaName() != "slot_texts" {
				t.Errorf("request schema = %q, want slot_texts", first.SchemaName())
			}
			if tc.feedback != "" {
				reask := reqs[1].Body.Messages[1].Content
				if !strings.Contains(reask, tc.feedback) {
					t.Errorf("re-ask does not feed back %s:\n%s", tc.feedback, reask)
				}
				if prev := tc.replies[0].Content; tc.feedback == "SECOND_QUESTION" && !strings.Contains(reask, prev) {
					t.Errorf("re-ask does not show the previous answer %s:\n%s", prev, reask)
				}
			}
			if res.Reasks > 0 && res.RepairTokens == 0 {
				t.Errorf("re-asks without repair tokens")
			}
		})
	}
}

func TestWriteSlotsBudgetExhausted(t *testing.T) {
	req, draft := clarifying(t)
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Content: `{"status_text":1}`, PromptTokens: 90, CompletionTokens: 20})
	p := newPath(t, srv, 100)
	ctx, turn, cancel := p.Client().StartTurn(context.Background())
	defer cancel()
	res := p.WriteSlots(ctx, req)
	if res.Source != "template" || !strings.Contains(res.Error, "budget") || len(srv.Requests()) != 1 {
		t.Fatalf("WriteSlots = %+v (%d requests), want the template after the budget ran out mid-turn", res, len(srv.Requests()))
	}
	if d := cmp.Diff(draft, res.Slots); d != "" {
		t.Errorf("slots (-want +got):\n%s", d)
	}
	if calls := turn.Calls(); len(calls) != 2 || calls[1].Outcome != "budget" {
		t.Errorf("ledger = %+v", calls)
	}
}

func TestMerge(t *testing.T) {
	text := "找美国的汽配频道，粉丝 1w+，枫叶国也行，镜头感要好"
	det, err := condparse.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	var p modelpath.Proposal
	if err := json.Unmarshal([]byte(`{
		"anchor_url": "https://www.youtube.com/@invented",
		"keywords": [{"text":"汽配","excluded":true},{"text":"露营","excluded":false}],
		"hard": [{"field":"country","op":"eq","value":"JP","span":"美国"},{"field":"followers","op":"gte","value":"abc","span":"粉丝"},{"field":"language","op":"eq","value":"English","span":"English"}],
		"soft": [{"text":"镜头感要好","op":"prefer"}],
		"derived": [{"field":"colour","op":"eq","value":"red","span":"x"}]
	}`), &p); err != nil {
		t.Fatal(err)
	}
	out, tr := modelpath.Merge(text, det, p)
	// The deterministic countries stand (美国, and 枫叶国: Canada, a
	// nickname the reading knows); the model's JP is a disagreement.
	if cs := out.ByField(condition.Country); len(cs) != 1 || !slices.Equal(cs[0].Value.Strs, []string{"US", "CA"}) || cs[0].Source == condition.SourceAgentInferred {
		t.Errorf("country = %+v, want the deterministic US and CA", cs)
	}
	var fields []string
	for _, d := range tr.Disagreements {
		fields = append(fields, d.Field+"/"+d.Resolved)
	}
	for _, want := range []string{"country/deterministic", "keyword 镜头感要好/model"} {
		if !strings.Contains(strings.Join(fields, ","), want) {
			t.Errorf("disagreements %v lack %s", fields, want)
		}
	}
	var rejected []string
	for _, r := range tr.Rejected {
		rejected = append(rejected, r.What)
	}
	// English is written nowhere in the input: an ungrounded filter.
	for _, want := range []string{"anchor https://www.youtube.com/@invented", "keyword 露营", "hard followers gte abc", "derived colour eq red", "hard language eq English"} {
		if !strings.Contains(strings.Join(rejected, "|"), want) {
			t.Errorf("rejected %v lack %q", rejected, want)
		}
	}
	// The model's additions are agent_inferred; the soft preference is a
	// reference.
	var soft bool
	for _, c := range out.Conditions {
		if c.Field == condition.Language {
			t.Errorf("the ungrounded language proposal was merged: %+v", c)
		}
		if c.Kind == condition.KindSoft && c.Value.Str == "镜头感要好" && c.Status == condition.StatusReference && c.Source == condition.SourceAgentInferred {
			soft = true
		}
		if c.Kind == condition.KindKeyword && c.Value.Str == "镜头感要好" {
			t.Errorf("the sentence keyword 镜头感要好 stayed beside the model's soft reading")
		}
	}
	if !soft {
		t.Errorf("merged conditions lack the model's soft preference: %+v", out.Conditions)
	}
	// A keyword the user's sentence marked is never flipped to excluded.
	for _, c := range out.Conditions {
		if c.Kind == condition.KindKeyword && strings.Contains(c.Value.Str, "汽配") && c.Excluded {
			t.Errorf("keyword 汽配 was flipped to excluded")
		}
	}
}

func TestParseGuard(t *testing.T) {
	text := "我想买一些粉丝刷一下数据"
	det, err := condparse.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, reply, wantGuard string
	}{
		{"a known guard refuses", `{"guard":"guard.fake_engagement","anchor_url":null,"keywords":[],"hard":[],"soft":[],"derived":[]}`, "guard.fake_engagement"},
		{"an unknown guard is rejected", `{"guard":"guard.vibes","anchor_url":null,"keywords":[],"hard":[],"soft":[],"derived":[]}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Content: tc.reply})
			p := newPath(t, srv, 0)
			out, tr, err := p.Parse(context.Background(), modelpath.ParseRequest{Text: text, Platform: "youtube", Locale: "zh", Deterministic: det, Guards: []string{"guard.fake_engagement", "guard.minors"}})
			if err != nil {
				t.Fatal(err)
			}
			if tr.Guard != tc.wantGuard || tr.Prompt != "parse_conditions@3" {
				t.Errorf("Parse guard = %q (prompt %s), want %q", tr.Guard, tr.Prompt, tc.wantGuard)
			}
			if d := cmp.Diff(det, out); d != "" {
				t.Errorf("a guard answer changed the parse (-want +got):\n%s", d)
			}
			if !strings.Contains(srv.Requests()[0].Body.Messages[0].Content, "guard.minors") {
				t.Errorf("the prompt does not list the guards")
			}
		})
	}
}

func TestNeedsModel(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"swim vest", false},
		{"帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人", false},
		{"帮我找美国做汽配评测的红人，镜头感要好", true},
	} {
		det, err := condparse.Parse(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := modelpath.NeedsModel(det); got != tc.want {
			t.Errorf("NeedsModel(%q) = %v, want %v (shape %s, %d keywords, remainder %v)", tc.text, got, tc.want, det.Shape, len(det.Keywords()), det.Remainder)
		}
	}
}
