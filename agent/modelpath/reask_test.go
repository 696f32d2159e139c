package modelpath_test

import (
	"context"
	"strings"
	"testing"

	"searchagent/agent/modelpath"
	"searchagent/router"
	"searchagent/tools/condparse"
	"searchagent/tools/llm/llmtest"
)

// reasked checks that req is a re-ask: the first ask's messages, then the
// model's previous answer (as the assistant), then a user message naming
// why it was rejected.
func reasked(t *testing.T, first, req llmtest.ChatRequest, previous string, why ...string) {
	t.Helper()
	n := len(first.Messages)
	if len(req.Messages) != n+2 {
		t.Fatalf("re-ask has %d messages, want the %d of the first ask + the previous answer + the feedback", len(req.Messages), n)
	}
	for i := range n {
		if req.Messages[i] != first.Messages[i] {
			t.Errorf("re-ask message %d differs from the first ask's", i)
		}
	}
	if a := req.Messages[n]; a.Role != "assistant" || a.Content != previous {
		t.Errorf("re-ask shows %s %q, want the assistant's previous answer %q", a.Role, a.Content, previous)
	}
	fb := req.Messages[n+1]
	for _, w := range why {
		if fb.Role != "user" || !strings.Contains(fb.Content, w) {
			t.Errorf("re-ask feedback %s %q does not say %q", fb.Role, fb.Content, w)
		}
	}
}

// TestParseReasksASchemaInvalidAnswerOnce: a parse answer that does not
// match the conditions schema is re-asked once with the error; a second
// invalid answer ends the stage (the deterministic parse stands).
func TestParseReasksASchemaInvalidAnswerOnce(t *testing.T) {
	text := "帮我找美国做汽配评测的红人，镜头感要好"
	det, err := condparse.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	invalid := `{"keywords":[],"hard":[],"soft":[{"text":"镜头感要好","op":"prefer"}],"derived":[]}` // no guard, no anchor_url
	valid := `{"guard":null,"anchor_url":null,"keywords":[],"hard":[],"soft":[{"text":"镜头感要好","op":"prefer"}],"derived":[]}`
	for _, tc := range []struct {
		name    string
		replies []llmtest.Reply
		wantErr bool
	}{
		{"fixed on the re-ask", []llmtest.Reply{{Content: invalid}, {Content: valid}}, false},
		{"still invalid: one re-ask only", []llmtest.Reply{{Content: invalid}, {Content: invalid}, {Content: valid}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(tc.replies...)
			p := newPath(t, srv, 0)
			out, tr, err := p.Parse(context.Background(), modelpath.ParseRequest{Text: text, Platform: "youtube", Locale: "zh", Deterministic: det})
			reqs := srv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want the ask and one re-ask", len(reqs))
			}
			reasked(t, reqs[0].Body, reqs[1].Body, invalid, "does not match its schema", "guard")
			if tc.wantErr {
				if err == nil || len(out.Conditions) != len(det.Conditions) {
					t.Errorf("Parse = %d conditions, %v; want the deterministic parse and an error", len(out.Conditions), err)
				}
				return
			}
			if err != nil || len(tr.Added) != 1 {
				t.Errorf("Parse = added %v, %v; want the re-asked answer merged", tr.Added, err)
			}
		})
	}
}

// TestClassifierReasksASchemaInvalidAnswer: a classifier answer outside
// its schema is re-asked once with the error, and the fixed answer is the
// router's.
func TestClassifierReasksASchemaInvalidAnswer(t *testing.T) {
	invalid := "I think it is recall.widen:\n```JSON\n{\"spec_id\":\"recall.widen\",\"confidence\":\"high\"}\n```"
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Content: invalid}, llmtest.Reply{Content: `{"spec_id":"recall.widen","slots":[],"confidence":0.8,"reason":"more similar"}`})
	p := newPath(t, srv, 0)
	r, err := router.Default(router.WithClassifier(p.Classifier()))
	if err != nil {
		t.Fatal(err)
	}
	res, _, err := r.Explain(context.Background(), router.Input{Text: "more like this", Locale: "en", State: router.State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Branch != router.BranchClassified || res.Top == nil || res.Top.ID != "recall.widen" {
		t.Errorf("Explain = %s %+v, want classified recall.widen after the re-ask", res.Branch, res.Top)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	reasked(t, reqs[0].Body, reqs[1].Body, invalid, "does not match its schema", "confidence")
}
