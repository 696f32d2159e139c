package modelpath_test

import (
	"context"
	"encoding/json"
	"sort"
	"testing"
	"time"

	"searchagent/agent/modelpath"
	"searchagent/router"
	"searchagent/tools/condparse"
	"searchagent/tools/llm/llmtest"
)

// BenchmarkStages measures each model stage's own cost around a
// zero-latency scripted server on loopback: prompt rendering, the HTTP
// exchange, decoding, and the deterministic checks (router validation,
// merge, contract validation). p50 and p99 per call.
func BenchmarkStages(b *testing.B) {
	req, draft := clarifying(b)
	sentences, _ := json.Marshal(map[string]string{"status_text": draft.Status.Text, "task_summary": draft.TaskSummary})
	text := "帮我找美国做汽配评测的红人，镜头感要好"
	det, _ := condparse.Parse(text)
	for _, st := range []struct {
		name  string
		reply string
		run   func(p *modelpath.Path, r *router.Router) error
	}{
		{"classifier", `{"spec_id":"recall.widen","slots":[],"confidence":0.8,"reason":"more"}`, func(p *modelpath.Path, r *router.Router) error {
			_, _, err := r.Explain(context.Background(), router.Input{Text: "more like this", Locale: "en"})
			return err
		}},
		{"parse", `{"guard":null,"anchor_url":null,"keywords":[],"hard":[],"soft":[{"text":"镜头感要好","op":"prefer"}],"derived":[]}`, func(p *modelpath.Path, _ *router.Router) error {
			_, _, err := p.Parse(context.Background(), modelpath.ParseRequest{Text: text, Platform: "youtube", Locale: "zh", Deterministic: det, Graph: []any{}})
			return err
		}},
		{"slots", string(sentences), func(p *modelpath.Path, _ *router.Router) error {
			if res := p.WriteSlots(context.Background(), req); res.Source != "model" {
				b.Fatalf("slots source %s: %s %v", res.Source, res.Error, res.Violations)
			}
			return nil
		}},
	} {
		b.Run(st.name, func(b *testing.B) {
			srv := llmtest.New(b)
			srv.Respond(func(llmtest.ChatRequest) llmtest.Reply { return llmtest.Reply{Content: st.reply} })
			p := newPath(b, srv, 0)
			r, err := router.Default(router.WithClassifier(p.Classifier()))
			if err != nil {
				b.Fatal(err)
			}
			var durs []time.Duration
			for b.Loop() {
				start := time.Now()
				if err := st.run(p, r); err != nil {
					b.Fatal(err)
				}
				durs = append(durs, time.Since(start))
			}
			sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
			b.ReportMetric(float64(durs[len(durs)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds()), "p99-µs")
		})
	}
}
