package web

import (
	"encoding/json"
	"net/http"
	"sync"

	"searchagent/agent"
	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/store"
)

// PathControls is the page's description of its typed controls.
const PathControls = "/static/controls.json"

// Controls is what the box's typed controls are built from: the filter
// fields (from tools/fields), the terms of the set fields' vocabularies
// (tools/taxonomy), the sort orders results.sort takes and the longest
// text an event may carry. It is derived from the registries the parser
// and the API read, so a value picked here is one the API accepts.
type Controls struct {
	Fields       []ControlField         `json:"fields"`
	Vocabularies map[string][]VocabTerm `json:"vocabularies"`
	Sorts        []ControlSort          `json:"sorts"`
	MaxTextBytes int                    `json:"max_text_bytes"`
}

// ControlField is one filter field: its kind picks the control (set: a
// searchable select of its vocabulary; count and ratio: a number range;
// duration: a day count).
type ControlField struct {
	Name  string   `json:"name"`
	Kind  string   `json:"kind"`
	ZH    string   `json:"zh"`
	EN    string   `json:"en"`
	Ops   []string `json:"ops"`
	Max   int64    `json:"max,omitempty"`
	Scale int64    `json:"scale,omitempty"`
}

// VocabTerm is one term of a vocabulary: its code and names.
type VocabTerm struct {
	Code string `json:"code"`
	ZH   string `json:"zh"`
	EN   string `json:"en"`
}

// ControlSort is one value of results.sort's by.
type ControlSort struct {
	By string `json:"by"`
	ZH string `json:"zh"`
	EN string `json:"en"`
}

// sortWords names the sorts in zh and en; a sort field added to the
// registry without words here is named after its field.
var sortWords = map[store.Sort][2]string{
	store.SortSimilarity: {"最相似", "Most similar"},
	store.SortRelevance:  {"最相关", "Most relevant"},
	store.SortRecent:     {"最近更新", "Most recent"},
	"followers":          {"粉丝最多", "Most followers"},
	"avg_views":          {"均播最高", "Highest average views"},
	"engagement":         {"互动率最高", "Highest engagement"},
}

// BuildControls derives the controls from the registries.
func BuildControls() Controls {
	c := Controls{Vocabularies: map[string][]VocabTerm{}, MaxTextBytes: agent.MaxTextBytes}
	for _, f := range fields.Registry {
		cf := ControlField{Name: string(f.Name), Kind: string(f.Kind), ZH: f.Label("zh"), EN: f.Label("en"), Max: f.Max}
		for _, op := range f.Ops() {
			cf.Ops = append(cf.Ops, string(op))
		}
		if f.Kind == fields.Ratio {
			cf.Scale = fields.RatioScale
		}
		c.Fields = append(c.Fields, cf)
		if f.Vocab != nil {
			var terms []VocabTerm
			for _, t := range f.Vocab.Terms() {
				terms = append(terms, VocabTerm{Code: t.Code, ZH: t.ZH, EN: t.EN})
			}
			c.Vocabularies[string(f.Name)] = terms
		}
	}
	for _, by := range append([]store.Sort{store.SortSimilarity}, store.Sorts()...) {
		s := ControlSort{By: string(by)}
		if w, ok := sortWords[by]; ok {
			s.ZH, s.EN = w[0], w[1]
		} else {
			f := condition.Field(by)
			s.ZH, s.EN = f.Label("zh")+"最多", "Most "+f.Label("en")
		}
		c.Sorts = append(c.Sorts, s)
	}
	return c
}

var controlsJSON = sync.OnceValue(func() []byte {
	b, err := json.Marshal(BuildControls())
	if err != nil {
		panic(err) // plain structs of strings and numbers always marshal
	}
	return b
})

func serveControls(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(controlsJSON())
}
