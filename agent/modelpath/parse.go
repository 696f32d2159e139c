package modelpath

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/scope"
	"searchagent/tools/taxonomy"
)

// Proposal is the model's condition graph for one input, as the
// parse_conditions prompt's schema shapes it.
type Proposal struct {
	// Guard names a guard spec the request falls under (refuse), or nil.
	Guard     *string `json:"guard"`
	AnchorURL *string `json:"anchor_url"`
	Keywords  []struct {
		Text     string `json:"text"`
		Excluded bool   `json:"excluded"`
	} `json:"keywords"`
	Hard []Filter `json:"hard"`
	Soft []struct {
		Text string `json:"text"`
		Op   string `json:"op"`
	} `json:"soft"`
	Derived []Filter `json:"derived"`
}

// Filter is one proposed hard or derived condition.
type Filter struct {
	Field string `json:"field"`
	Op    string `json:"op"`
	Value string `json:"value"`
	Span  string `json:"span"`
}

// ParseRequest is what the parse stage sees: the text, the deterministic
// parse of it and the session's graph (never chat history).
type ParseRequest struct {
	Text          string
	Platform      string
	Locale        string
	Deterministic condparse.Result
	// Graph is the session's condition graph before this input.
	Graph any
	// Guards are the guard spec ids the model may name (see
	// GuardIDs); a request that falls under one is refused, not parsed.
	Guards []string
	// GuardInfos, when set, describe the guards to the model (their
	// descriptions in the request's locale); otherwise it sees the ids.
	GuardInfos []router.SpecInfo
}

// GuardIDs lists the guard spec ids of a router snapshot.
func GuardIDs(infos []router.SpecInfo) []string {
	var out []string
	for _, si := range infos {
		if si.Guard {
			out = append(out, si.ID)
		}
	}
	return out
}

// NeedsModel reports whether the deterministic parse left something for
// the model: a natural or mixed input with text no rule read, or with
// words the parser could only keep as keywords (in a sentence, such words
// are often preferences or filters it has no word for). A sentence the
// parser reads entirely as filters, anchor and preferences makes no model
// call.
func NeedsModel(det condparse.Result) bool {
	if det.Shape != condparse.ShapeNatural && det.Shape != condparse.ShapeMixed {
		return false
	}
	return len(det.Remainder) > 0 || len(det.Keywords()) > 0
}

// IssueModelInferred marks a condition the model added (in its Issues).
const IssueModelInferred = "model_inferred"

// MergeTrace records how the proposal was merged.
type MergeTrace struct {
	Prompt string `json:"prompt"`
	// Guard is the guard spec the model named (known ids only): the
	// request is refused and nothing of it is merged.
	Guard string `json:"guard,omitempty"`
	// Every proposal lands in exactly one of Added (applied), Offered
	// (an agent_inferred reference the user can apply), Agreed (the
	// deterministic parse already read it the same way), Rejected (with
	// the reason) and Disagreements (read differently; who wins).
	Added         []string        `json:"added"`
	Offered       []Rejection     `json:"offered"`
	Agreed        []string        `json:"agreed"`
	Rejected      []Rejection     `json:"rejected"`
	Disagreements []Disagreement  `json:"disagreements"`
	Raw           json.RawMessage `json:"raw,omitempty"`
}

// Proposals counts the proposals the trace accounts for.
func (t MergeTrace) Proposals() int {
	return len(t.Added) + len(t.Offered) + len(t.Agreed) + len(t.Rejected) + len(t.Disagreements)
}

// emptyTrace is a trace with every list set (an empty list, never null).
func emptyTrace(prompt string) MergeTrace {
	return MergeTrace{Prompt: prompt, Added: []string{}, Offered: []Rejection{}, Agreed: []string{}, Rejected: []Rejection{}, Disagreements: []Disagreement{}}
}

// Rejection is a proposed condition the merge refused.
type Rejection struct {
	What   string `json:"what"`
	Reason string `json:"reason"`
}

// Disagreement is a condition the model read differently from the
// deterministic parser. Resolved says whose reading stands: the
// deterministic one, except for a word of a sentence the parser could
// only keep as a keyword and the model typed as a filter or a preference.
type Disagreement struct {
	Field         string `json:"field"`
	Deterministic string `json:"deterministic"`
	Model         string `json:"model"`
	Resolved      string `json:"resolved"`
}

// Whose reading stands.
const (
	ResolvedDeterministic = "deterministic"
	ResolvedModel         = "model"
)

// Parse asks the model for a condition graph and merges it into the
// deterministic parse (see Merge), within the parse stage's deadline; an
// answer that does not match the schema is re-asked once with the error.
func (p *Path) Parse(ctx context.Context, req ParseRequest) (condparse.Result, MergeTrace, error) {
	ctx, cancel := p.client.Stage(ctx, StageParse)
	defer cancel()
	r, err := p.prompts.Render(promptParse, map[string]any{
		"input": req.Text, "platform": req.Platform, "graph": js(conditionViews(req.Graph)), "deterministic": js(readViews(req.Deterministic)),
		"guards": guardList(req.Guards, req.GuardInfos, req.Locale), "countries": vocabList(taxonomy.Countries), "languages": vocabList(taxonomy.Languages),
		"categories": vocabList(taxonomy.Categories),
	}, nil)
	if err != nil {
		return req.Deterministic, emptyTrace(""), err
	}
	ans, err := p.askOnceMore(ctx, request(StageParse, r, "conditions"))
	if err != nil {
		return req.Deterministic, emptyTrace(r.ID + "@" + r.Version), err
	}
	var prop Proposal
	if err := json.Unmarshal([]byte(ans.Content), &prop); err != nil {
		tr := emptyTrace(r.ID + "@" + r.Version)
		tr.Rejected = append(tr.Rejected, Rejection{What: "the answer", Reason: "not a condition proposal: " + err.Error()})
		return req.Deterministic, tr, fmt.Errorf("parse answer: %w", err)
	}
	if prop.Guard != nil && *prop.Guard != "" {
		g := strings.TrimSpace(*prop.Guard)
		tr := emptyTrace(r.ID + "@" + r.Version)
		tr.Raw = json.RawMessage(ans.Content)
		if slices.Contains(req.Guards, g) {
			tr.Guard = g
			return req.Deterministic, tr, nil
		}
		tr.Rejected = []Rejection{{What: "guard " + g, Reason: "not a known guard spec"}}
		merged, mtr := Merge(req.Text, req.Deterministic, prop)
		mtr.Prompt, mtr.Raw = tr.Prompt, tr.Raw
		mtr.Rejected = append(tr.Rejected, mtr.Rejected...)
		return merged, mtr, nil
	}
	merged, tr := Merge(req.Text, req.Deterministic, prop)
	tr.Prompt, tr.Raw = r.ID+"@"+r.Version, json.RawMessage(ans.Content)
	return merged, tr, nil
}

// Merge adds the model's proposal to the deterministic parse with explicit
// precedence (seed 001 §2.4): the deterministic reading of a field, a
// keyword or the anchor is never rewritten — a different model reading is
// listed as a disagreement; the model never adds an anchor (links are
// read deterministically); a keyword must be written in the input; hard
// and derived values are re-typed against the vocabularies and dropped
// when they do not type, then grounded (see ground): a filter applies only
// when its span is in the input and the vocabularies read its value from
// the span; a derived rule whose span says nothing the readers know is
// offered as a reference; anything else is rejected with its reason. Soft
// preferences stay references. Everything added is marked
// agent_inferred, and every proposal is accounted for in the trace.
func Merge(text string, det condparse.Result, p Proposal) (condparse.Result, MergeTrace) {
	out := det
	out.Conditions = append([]condparse.Condition(nil), det.Conditions...)
	tr := emptyTrace("")
	lower := strings.ToLower(text)
	next := len(out.Conditions)
	sentence := det.Shape == condparse.ShapeNatural || det.Shape == condparse.ShapeMixed
	// retype replaces a keyword the parser kept from a sentence by the
	// model's typed reading of the same words; tags the user typed as
	// tags never reach this path (keyword-shaped input is not sent).
	retype := func(words, as string) bool {
		if !sentence || strings.TrimSpace(words) == "" {
			return false
		}
		for i, c := range out.Conditions {
			if c.Kind == condition.KindKeyword && !c.Excluded && c.Source != condition.SourceAgentInferred && strings.EqualFold(c.Value.Str, strings.TrimSpace(words)) {
				out.Conditions = append(out.Conditions[:i:i], out.Conditions[i+1:]...)
				tr.Disagreements = append(tr.Disagreements, Disagreement{Field: "keyword " + c.Value.Str, Deterministic: "keyword (a word of the sentence)", Model: as, Resolved: ResolvedModel})
				return true
			}
		}
		return false
	}
	addQuiet := func(c condparse.Condition) {
		next++
		c.ID = "c" + strconv.Itoa(next)
		c.Source = condition.SourceAgentInferred
		c.Issues = append(c.Issues, IssueModelInferred)
		if c.Label == (condparse.Label{}) {
			c.Label = condparse.Describe(c.Field, c.Op, c.Value)
		}
		out.Conditions = append(out.Conditions, c)
	}
	add := func(c condparse.Condition) {
		addQuiet(c)
		tr.Added = append(tr.Added, fmt.Sprintf("%s %s %s %s", c.Kind, c.Field, c.Op, valueText(c.Value)))
	}
	if p.AnchorURL != nil && strings.TrimSpace(*p.AnchorURL) != "" {
		u := strings.TrimSpace(*p.AnchorURL)
		var detAnchor string
		for _, c := range det.Conditions {
			if c.Kind == condition.KindAnchor {
				detAnchor = valueText(c.Value)
				break
			}
		}
		switch {
		case detAnchor != "" && detAnchor != u:
			tr.Disagreements = append(tr.Disagreements, Disagreement{Field: "anchor", Deterministic: detAnchor, Model: u, Resolved: ResolvedDeterministic})
		case detAnchor == "":
			tr.Rejected = append(tr.Rejected, Rejection{What: "anchor " + u, Reason: "links are read deterministically; the parser found none"})
		default:
			tr.Agreed = append(tr.Agreed, "anchor "+u)
		}
	}
	for _, k := range p.Keywords {
		w := strings.TrimSpace(k.Text)
		if w == "" {
			tr.Rejected = append(tr.Rejected, Rejection{What: "keyword \"\"", Reason: "empty"})
			continue
		}
		if !strings.Contains(lower, strings.ToLower(w)) {
			tr.Rejected = append(tr.Rejected, Rejection{What: "keyword " + w, Reason: "not written in the input"})
			continue
		}
		found := false
		for _, c := range det.Conditions {
			if c.Kind == condition.KindKeyword && strings.EqualFold(c.Value.Str, w) {
				found = true
				if c.Excluded != k.Excluded {
					tr.Disagreements = append(tr.Disagreements, Disagreement{Field: "keyword " + w, Deterministic: excl(c.Excluded), Model: excl(k.Excluded), Resolved: ResolvedDeterministic})
				}
			}
		}
		if found || coveredByCondition(det, w) {
			if !slices.ContainsFunc(tr.Disagreements, func(d Disagreement) bool { return d.Field == "keyword "+w }) {
				tr.Agreed = append(tr.Agreed, "keyword "+w)
			}
			continue
		}
		op := condition.OpContains
		if k.Excluded {
			op = condition.OpNotContains
		}
		add(condparse.Condition{Kind: condition.KindKeyword, Field: condition.Keyword, Op: op, Value: condparse.StringValue(w),
			Status: condition.StatusApplied, Priority: 1, Scope: scope.Tags, Excluded: k.Excluded, Span: span(text, w),
			Label: condparse.Label{ZH: w, EN: w}})
	}
	for _, group := range []struct {
		kind condition.Kind
		fs   []Filter
	}{{condition.KindHard, p.Hard}, {condition.KindDerived, p.Derived}} {
		for _, f := range group.fs {
			what := fmt.Sprintf("%s %s %s %s", group.kind, f.Field, f.Op, f.Value)
			c, why := typeFilter(f)
			if why != "" {
				tr.Rejected = append(tr.Rejected, Rejection{What: what, Reason: why})
				continue
			}
			if prev := det.ByField(c.Field); len(prev) > 0 {
				d := valueText(prev[0].Value)
				if string(prev[0].Op) != string(c.Op) || d != valueText(c.Value) {
					tr.Disagreements = append(tr.Disagreements, Disagreement{Field: string(c.Field), Deterministic: string(prev[0].Op) + " " + d, Model: string(c.Op) + " " + valueText(c.Value), Resolved: ResolvedDeterministic})
				} else {
					tr.Agreed = append(tr.Agreed, what)
				}
				continue
			}
			verdict, why := ground(text, group.kind, f.Span, c)
			if verdict == groundRejected {
				tr.Rejected = append(tr.Rejected, Rejection{What: what, Reason: why})
				continue
			}
			c.Kind = group.kind
			c.Status, c.Priority = condition.StatusApplied, 1
			if group.kind == condition.KindDerived {
				c.Priority = 3
			}
			c.Span = span(text, f.Span)
			if verdict == groundOffered {
				// A plausible inference: a suggestion chip, never a filter.
				c.Status = condition.StatusReference
				tr.Offered = append(tr.Offered, Rejection{What: what, Reason: why})
				addQuiet(c)
				continue
			}
			retype(f.Span, fmt.Sprintf("%s %s %s", c.Field, c.Op, valueText(c.Value)))
			add(c)
		}
	}
	for _, s := range p.Soft {
		w := strings.TrimSpace(s.Text)
		if w == "" {
			tr.Rejected = append(tr.Rejected, Rejection{What: "soft \"\"", Reason: "empty"})
			continue
		}
		op := condition.OpPrefer
		if s.Op == "avoid" {
			op = condition.OpAvoid
		}
		dup := false
		for _, c := range det.Conditions {
			if c.Kind == condition.KindSoft && (strings.EqualFold(c.Value.Str, w) || strings.EqualFold(c.Span.Text, w)) {
				dup = true
			}
		}
		if dup {
			tr.Agreed = append(tr.Agreed, "soft "+w)
			continue
		}
		retype(w, "soft preference (reference, never a filter)")
		add(condparse.Condition{Kind: condition.KindSoft, Field: condition.Preference, Op: op, Value: condparse.StringValue(w),
			Status: condition.StatusReference, Priority: 2, Span: span(text, w), Label: condparse.Label{ZH: w, EN: w}})
	}
	return out, tr
}

// coveredByCondition reports whether w is the span of a deterministic
// non-keyword condition (the model calling "美国" a keyword).
func coveredByCondition(det condparse.Result, w string) bool {
	for _, c := range det.Conditions {
		if c.Kind != condition.KindKeyword && strings.Contains(strings.ToLower(c.Span.Text), strings.ToLower(w)) {
			return true
		}
	}
	return false
}

func excl(b bool) string {
	if b {
		return "excluded"
	}
	return "included"
}

func span(text, w string) condparse.Span {
	w = strings.TrimSpace(w)
	if i := strings.Index(text, w); i >= 0 && w != "" {
		return condparse.Span{Start: i, End: i + len(w), Text: w}
	}
	return condparse.Span{Start: -1, End: -1, Text: w}
}

func valueText(v condparse.Value) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// typeFilter types a proposed filter with the deterministic vocabularies;
// the reason is set when it does not type.
func typeFilter(f Filter) (condparse.Condition, string) {
	val := strings.TrimSpace(f.Value)
	op := condition.Op(f.Op)
	if ff, ok := fields.Lookup(f.Field); ok && ff.Kind.Numeric() {
		return typeCount(ff, op, val)
	}
	switch field := condition.Field(f.Field); field {
	case condition.Country, condition.Language, condition.Category:
		voc := map[condition.Field]*taxonomy.Vocabulary{condition.Country: taxonomy.Countries, condition.Language: taxonomy.Languages, condition.Category: taxonomy.Categories}[field]
		var codes []string
		for _, part := range strings.FieldsFunc(val, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == '/' }) {
			t, ok := voc.ByCode(strings.TrimSpace(part))
			if !ok {
				t, ok = voc.ByCode(strings.ToUpper(strings.TrimSpace(part)))
			}
			if !ok {
				t, ok = voc.Lookup(strings.TrimSpace(part))
			}
			if !ok {
				return condparse.Condition{}, fmt.Sprintf("%q is not a known %s", part, field)
			}
			codes = append(codes, t.Code)
		}
		if len(codes) == 0 {
			return condparse.Condition{}, "empty value"
		}
		switch op {
		case condition.OpEq, condition.OpIn:
			if len(codes) == 1 {
				return condparse.Condition{Field: field, Op: condition.OpEq, Value: condparse.StringValue(codes[0])}, ""
			}
			return condparse.Condition{Field: field, Op: condition.OpIn, Value: condparse.StringsValue(codes...)}, ""
		case condition.OpNeq, condition.OpNotIn:
			return condparse.Condition{Field: field, Op: condition.OpNotIn, Value: condparse.StringsValue(codes...)}, ""
		}
		return condparse.Condition{}, fmt.Sprintf("op %s does not apply to %s", op, field)
	case condition.LastActive:
		n, err := strconv.Atoi(val)
		if op != condition.OpWithinDays || err != nil || n <= 0 || n > 3650 {
			return condparse.Condition{}, fmt.Sprintf("last_active takes within_days and a number of days, not %s %q", op, val)
		}
		return condparse.Condition{Field: field, Op: op, Value: condparse.IntValue(int64(n))}, ""
	default:
		return condparse.Condition{}, fmt.Sprintf("field %q is not one the search can filter by", f.Field)
	}
}

// typeCount types a proposed filter on a count field (followers, average
// views): gte or lte a count, or between two.
func typeCount(ff fields.Field, op condition.Op, val string) (condparse.Condition, string) {
	field := ff.Name
	parse := condparse.ParseCount
	if ff.Kind == fields.Ratio {
		parse = fields.ParsePercent // "3" or "3%": percent, in basis points
	}
	switch op {
	case condition.OpGte, condition.OpLte:
		n, ok := parse(val)
		if !ok || n <= 0 {
			return condparse.Condition{}, fmt.Sprintf("%q is not a count", val)
		}
		return condparse.Condition{Field: field, Op: op, Value: condparse.IntValue(n)}, ""
	case condition.OpBetween:
		lo, hi, ok := strings.Cut(val, "-")
		a, okA := parse(strings.TrimSpace(lo))
		b, okB := parse(strings.TrimSpace(hi))
		if !ok || !okA || !okB || a <= 0 || b < a {
			return condparse.Condition{}, fmt.Sprintf("%q is not a range lo-hi", val)
		}
		return condparse.Condition{Field: field, Op: op, Value: condparse.RangeValue(a, b)}, ""
	}
	return condparse.Condition{}, fmt.Sprintf("op %s does not apply to %s", op, field)
}
