package agent

// The model proposes, the session's facts decide (issue 27): against a
// scripted OpenAI-compatible server that answers the way real models
// misbehave, an ungrounded filter, an invented classifier slot and a lying
// slot text never reach the snapshot or the stream.

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent/agenttest"
	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/llm/llmtest"
)

// scripted answers each stage from its own script; the slots stage echoes
// the draft's sentences unless slots is set.
type scripted struct {
	parse, classify, slots string
}

func (sc *scripted) respond(req llmtest.ChatRequest) llmtest.Reply {
	switch req.SchemaName() {
	case "conditions":
		return llmtest.Reply{Content: sc.parse}
	case "classifier":
		return llmtest.Reply{Content: sc.classify}
	case "slot_texts":
		if sc.slots != "" {
			return llmtest.Reply{Content: sc.slots}
		}
		return llmtest.Reply{Content: echoDraft(req)}
	}
	return llmtest.Reply{Status: 500, Content: "unexpected schema " + req.SchemaName()}
}

// echoDraft answers with the draft sentences the slots prompt shows.
func echoDraft(req llmtest.ChatRequest) string {
	msg := req.Messages[len(req.Messages)-1].Content
	line, _, _ := strings.Cut(msg[strings.Index(msg, "Facts: ")+len("Facts: "):], "\n")
	var f struct {
		Status  string `json:"draft_status"`
		Summary string `json:"draft_summary"`
	}
	_ = json.Unmarshal([]byte(line), &f)
	b, _ := json.Marshal(map[string]string{"status_text": f.Status, "task_summary": f.Summary})
	return string(b)
}

func scriptedAgent(t *testing.T, sc *scripted, stages modelpath.Stages) (*Agent, *llmtest.Server) {
	t.Helper()
	srv := llmtest.New(t)
	srv.Respond(sc.respond)
	cfg := testConfig(t)
	cfg.ModelPath = testModelPathAt(t, srv.BaseURL(), stages)
	if stages.Classifier {
		cfg.Router = routerWithClassifier(t, cfg.ModelPath)
	}
	a, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return a, srv
}

func routerWithClassifier(t *testing.T, mp *modelpath.Path) *router.Router {
	t.Helper()
	r, err := router.Default(router.WithClassifier(mp.Classifier()))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// streamed is everything the turn's events carried for the box to show,
// as text (contract.violation events, which report a rejected answer,
// aside).
func streamed(b *box) string {
	var sb strings.Builder
	for _, e := range b.events {
		if e.Name != api.EventContractViolation {
			sb.Write(e.Data)
		}
	}
	return sb.String()
}

// sendExpectingViolations is box.send for a turn whose rejected model
// answers emit contract.violation events.
func sendExpectingViolations(t *testing.T, b *box, event string, args api.Args) api.Snapshot {
	t.Helper()
	b.events = nil
	snap, err := b.a.Handle(context.Background(), b.id, b.token, api.EventRequest{Event: event, Args: args}, func(e api.StreamEvent) error {
		b.events = append(b.events, e)
		return nil
	})
	if err != nil {
		t.Fatalf("%s %+v: %v", event, args, err)
	}
	b.snap = snap
	return snap
}

func proposal(hard, derived string) string {
	return `{"guard":null,"anchor_url":null,"keywords":[],"hard":[` + hard + `],"soft":[],"derived":[` + derived + `]}`
}

// TestUngroundedParseFiltersAreNotApplied: the input on
// Instagram, a parse answer that adds 日本 (nowhere in the text), an
// invented followers ≥ 1M and active-in-7-days without a span, and a
// language the text does not say: none is applied, each is rejected with
// its reason in the trace, and the results are those of the text alone.
func TestUngroundedParseFiltersAreNotApplied(t *testing.T) {
	const text = "美妆博主，要有亲和力的"
	run := func(parse string) (*box, api.Snapshot) {
		a, _ := scriptedAgent(t, &scripted{parse: parse}, modelpath.Stages{Parse: true, Slots: true})
		b := newBox(t, a, "instagram", "zh")
		return b, b.send("search.submit", api.Args{Text: text})
	}
	_, plain := run(emptyProposal)
	b, snap := run(proposal(
		`{"field":"country","op":"eq","value":"JP","span":"日本"},{"field":"followers","op":"gte","value":"1000000","span":""},{"field":"language","op":"eq","value":"de","span":"德语"}`,
		`{"field":"last_active","op":"within_days","value":"7","span":""}`))
	for _, c := range snap.Context.Conditions {
		if slices.Contains([]string{"country", "followers", "language", "last_active"}, c.Field) {
			t.Errorf("an ungrounded proposal reached the graph: %+v", c)
		}
	}
	if snap.Results == nil || plain.Results == nil || snap.Results.Total != plain.Results.Total {
		t.Errorf("results %v, want those of the text alone %v", snap.Results, plain.Results)
	}
	if s := streamed(b); strings.Contains(s, "日本") || strings.Contains(s, "德语") || strings.Contains(s, "100万") {
		t.Errorf("the stream shows an ungrounded filter: %s", s)
	}
	mp := b.lastTrace().ModelParse
	if mp == nil || len(mp.Rejected) != 4 || len(mp.Added) != 0 || mp.Proposals() != 4 {
		t.Fatalf("model_parse = %+v, want the 4 proposals rejected", mp)
	}
	for _, want := range []string{`"日本" is not in the input`, "no span", `"德语" is not in the input`} {
		if !slices.ContainsFunc(mp.Rejected, func(r modelpath.Rejection) bool { return strings.Contains(r.Reason, want) }) {
			t.Errorf("rejections %+v lack %q", mp.Rejected, want)
		}
	}
}

// TestEveryParseProposalIsAccounted: a language the rules already read
// the same way is "agreed" (it used to vanish: added null, rejected null),
// a grounded category is applied, a derived rule the span cannot confirm
// is offered as an agent_inferred reference the user applies with one
// condition.edit.
func TestEveryParseProposalIsAccounted(t *testing.T) {
	const text = "找说德语的博主，要有亲和力的"
	a, _ := scriptedAgent(t, &scripted{parse: proposal(
		`{"field":"language","op":"eq","value":"de","span":"说德语"}`,
		`{"field":"avg_views","op":"gte","value":"10000","span":"亲和力"}`)}, modelpath.Stages{Parse: true})
	b := newBox(t, a, "youtube", "zh")
	snap := b.send("search.submit", api.Args{Text: text})
	mp := b.lastTrace().ModelParse
	if mp == nil || mp.Proposals() != 2 || len(mp.Agreed) != 1 || len(mp.Offered) != 1 {
		t.Fatalf("model_parse = %+v, want the language agreed and the views rule offered", mp)
	}
	var offered *contract.Condition
	for i, c := range snap.Context.Conditions {
		if c.Field == "avg_views" {
			offered = &snap.Context.Conditions[i]
		}
	}
	if offered == nil || offered.Status != condition.StatusReference || offered.Source != condition.SourceAgentInferred {
		t.Fatalf("the offered rule = %+v, want an agent_inferred reference", offered)
	}
	before := snap.Results.Total
	snap = b.send("condition.edit", api.Args{ConditionID: offered.ID, Value: json.RawMessage(`10000`)})
	for _, c := range snap.Context.Conditions {
		if c.ID == offered.ID && (c.Status != condition.StatusApplied || c.Source != condition.SourceManual) {
			t.Errorf("after one condition.edit the suggestion is %+v, want applied by the user", c)
		}
	}
	if snap.Results.Total > before {
		t.Errorf("applying a filter grew the results %d → %d", before, snap.Results.Total)
	}
}

// TestUngroundedClassifierSlotIsNotApplied: after the spec example, "再来点"
// classified as filter.country with country=JP does not replace the
// user's US; the turn says what it did not understand.
func TestUngroundedClassifierSlotIsNotApplied(t *testing.T) {
	a, _ := scriptedAgent(t, &scripted{classify: `{"spec_id":"filter.country","slots":[{"name":"country","value":"JP"}],"confidence":0.9,"reason":"more"}`},
		modelpath.Stages{Classifier: true})
	b := newBox(t, a, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"})
	before := b.snap.Results.Total
	snap := b.send("followup.submit", api.Args{Text: "再来点"})
	var countries []any
	for _, c := range snap.Context.Conditions {
		if c.Field == "country" {
			countries = append(countries, c.Value)
		}
	}
	if js, _ := json.Marshal(countries); string(js) != `[["US"]]` && string(js) != `["US"]` {
		t.Errorf("country conditions = %s, want the user's US only", js)
	}
	if snap.Results.Total != before {
		t.Errorf("results %d → %d on an ungrounded slot", before, snap.Results.Total)
	}
	if s := streamed(b); strings.Contains(s, "日本") {
		t.Errorf("the stream shows the invented country: %s", s)
	}
	if !strings.Contains(snap.Context.Notice+snap.Slots.TaskSummary, "没能理解") {
		t.Errorf("notice %q, summary %q: want the turn to say it did not understand", snap.Context.Notice, snap.Slots.TaskSummary)
	}
	tr := b.lastTrace()
	if tr.Router == nil || tr.Router.Trace.Classifier == nil || tr.Router.Trace.Classifier.Accepted ||
		!strings.Contains(tr.Router.Trace.Classifier.Reason, "neither in the follow-up nor in the pending options") {
		t.Errorf("classifier trace = %+v, want the answer rejected as ungrounded", tr.Router)
	}
}

// TestLyingSlotsNeverReachTheBox: the model writes the two sentences
// only. A summary naming conditions the graph lacks and a wrong count are
// rejected by the claim checks (the template is shown, the violations are
// emitted); conditions, buttons, repair options and question options the
// model sends along — emptied, relabelled, swapped, invented — are never
// read: the box shows the deterministic draft's.
func TestLyingSlotsNeverReachTheBox(t *testing.T) {
	const us = "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"
	junk := `,"conditions":[],"actions":[{"action_id":"A_ANY__SESSION_RESET__EMPTY_INPUT__01","label":"删除账号"}],` +
		`"question":{"id":"q1","text":"选哪个？","options":[{"id":"o2","label":"保留为参考"},{"id":"o1","label":"帮我买粉"}]}`
	cases := []struct {
		name, locale, text, slots string
		wantSource                string
		wantCode                  contract.Code
		banned                    []string // never in the stream
	}{
		{"a summary naming conditions the graph lacks", "zh", us, `{"status_text":"找到 30 个频道","task_summary":"已生效：日本 / 户外"}`, modelpath.SourceTemplate, contract.UngroundedClaim, []string{"日本", "户外"}},
		// the claim itself ("999 个"), not the bare figure: a timestamp's
		// or a duration's digits in the stream may hold "999" (a rare
		// failure under load)
		{"a wrong count", "zh", us, `{"status_text":"找到 999 个频道","task_summary":"已生效：美国"}`, modelpath.SourceTemplate, contract.CountMismatch, []string{"999 个"}},
		{"an invented follower figure", "zh", us, `{"status_text":"找到 30 个频道","task_summary":"已生效：粉丝 100万以上"}`, modelpath.SourceTemplate, contract.UngroundedClaim, []string{"100万"}},
		{"English in a Chinese session", "zh", us, `{"status_text":"Found 30 channels for you","task_summary":"已生效：美国"}`, modelpath.SourceTemplate, contract.WrongLocale, []string{"Found 30"}},
		{"a link in the summary", "zh", us, `{"status_text":"找到 30 个频道","task_summary":"详见 https://example.com/x"}`, modelpath.SourceTemplate, contract.InternalIdentifier, []string{"example.com"}},
		{"structure sent along with true sentences: emptied conditions, a relabelled button", "zh", us,
			`{"status_text":"找到 30 个频道","task_summary":"按美国、汽车筛选"` + junk + `}`, modelpath.SourceModel, "", []string{"删除账号", "帮我买粉"}},
		{"swapped and invented clarify options", "en", agenttest.MixedAmbiguous,
			`{"status_text":"One question before we narrow down","task_summary":""` + junk + `}`, "", "", []string{"删除账号", "帮我买粉", "保留为参考"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stages := modelpath.Stages{Slots: true, SlotsEveryTurn: true}
			ref, _ := scriptedAgent(t, &scripted{}, stages)
			rb := newBox(t, ref, "youtube", tc.locale)
			want := rb.send("search.submit", api.Args{Text: tc.text}).Slots
			if strings.Contains(tc.name, "clarify") && (want.Question == nil || len(want.Question.Options) < 2) {
				t.Fatalf("precondition: %q asks a question with options, have %+v", tc.text, want.Question)
			}
			a, _ := scriptedAgent(t, &scripted{slots: tc.slots}, stages)
			b := newBox(t, a, "youtube", tc.locale)
			got := sendExpectingViolations(t, b, "search.submit", api.Args{Text: tc.text}).Slots
			if d := cmp.Diff(want.Conditions, got.Conditions); d != "" {
				t.Errorf("conditions differ from the draft's (-draft +shown):\n%s", d)
			}
			if d := cmp.Diff(want.Actions, got.Actions); d != "" {
				t.Errorf("actions differ from the draft's (-draft +shown):\n%s", d)
			}
			if d := cmp.Diff(want.Question, got.Question); d != "" {
				t.Errorf("question differs from the draft's (-draft +shown):\n%s", d)
			}
			if d := cmp.Diff(want.RepairOptions, got.RepairOptions); d != "" {
				t.Errorf("repair options differ from the draft's (-draft +shown):\n%s", d)
			}
			s := streamed(b)
			for _, w := range tc.banned {
				if strings.Contains(s, w) || strings.Contains(fmtSlots(got), w) {
					t.Errorf("%q reached the stream or the snapshot", w)
				}
			}
			tr := b.lastTrace()
			if tc.wantSource != "" && (tr.Contract == nil || tr.Contract.Source != tc.wantSource) {
				t.Errorf("contract trace %+v, want source %s", tr.Contract, tc.wantSource)
			}
			if tc.wantCode != "" {
				var codes []string
				for _, e := range b.events {
					if e.Name == api.EventContractViolation {
						var v contract.Violation
						_ = json.Unmarshal(e.Data, &v)
						codes = append(codes, string(v.Code))
					}
				}
				if !slices.Contains(codes, string(tc.wantCode)) {
					t.Errorf("contract.violation codes %v, want %s", codes, tc.wantCode)
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("a rejected answer must leave the template slots (-template +shown):\n%s", d)
				}
			}
		})
	}
}

func fmtSlots(s contract.Slots) string {
	b, _ := json.Marshal(s)
	return string(b)
}
