package modelpath

import (
	"encoding/json"
	"strings"

	"searchagent/router"
	"searchagent/tools/condparse"
	"searchagent/tools/taxonomy"
)

// The prompts see conditions as a person would read them: field, op,
// value, label or words. Ids, byte spans, priorities, sources and issue
// marks are the service's bookkeeping, not the model's business (issue
// 27 item 5).

// conditionView is one condition as a prompt shows it.
type conditionView struct {
	Kind  string `json:"kind,omitempty"`
	Field string `json:"field,omitempty"`
	Op    string `json:"op,omitempty"`
	Value any    `json:"value,omitempty"`
	Label string `json:"label,omitempty"`
	// Words are the user's words it was read from.
	Words string `json:"words,omitempty"`
}

// conditionViews reduces any list of conditions (the graph's chips, the
// router's conditions) to the view's fields.
func conditionViews(v any) []conditionView {
	out := []conditionView{}
	b, err := json.Marshal(v)
	if err != nil {
		return out
	}
	_ = json.Unmarshal(b, &out) // unknown fields are dropped; a non-list leaves it empty
	return out
}

// readViews is what the deterministic parse read, as a prompt shows it.
func readViews(det condparse.Result) []conditionView {
	out := []conditionView{}
	for _, c := range det.Conditions {
		out = append(out, conditionView{Kind: string(c.Kind), Field: string(c.Field), Op: string(c.Op), Value: json.RawMessage(valueText(c.Value)), Words: c.Span.Text})
	}
	return out
}

// vocabList renders a vocabulary for a prompt: "US 美国, GB 英国, …".
func vocabList(v *taxonomy.Vocabulary) string {
	var b strings.Builder
	for i, t := range v.Terms() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.Code + " " + t.ZH)
	}
	return b.String()
}

// guardList renders the guards a request may fall under, one a line, with
// their descriptions when known.
func guardList(ids []string, infos []router.SpecInfo, locale string) string {
	if len(ids) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for _, id := range ids {
		b.WriteString("- " + id)
		for _, si := range infos {
			if si.ID == id {
				if d := si.Description.In(locale); d != "" {
					b.WriteString(": " + d)
				}
			}
		}
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}
