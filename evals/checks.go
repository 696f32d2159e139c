package evals

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/catalog"
	"searchagent/tools/fields"
)

func (w *ResultsWant) check(r *api.Results) []string {
	var f []string
	if w.None {
		if r != nil {
			f = append(f, fmt.Sprintf("results present (total %d), want none", r.Total))
		}
		return f
	}
	if r == nil {
		return []string{"no results, want a result list"}
	}
	if w.AnchorPinned != nil && (r.Anchor != nil) != *w.AnchorPinned {
		f = append(f, fmt.Sprintf("anchor pinned = %v, want %v", r.Anchor != nil, *w.AnchorPinned))
	}
	if r.Anchor != nil {
		for _, it := range r.Items {
			if it.Channel != nil && it.Channel.Platform == r.Anchor.Platform && it.Channel.Handle == r.Anchor.Handle && it.Channel.ID == r.Anchor.ID {
				f = append(f, "the pinned anchor is ranked among the items")
			}
		}
	}
	if w.MinTotal != nil && r.Total < *w.MinTotal {
		f = append(f, fmt.Sprintf("total = %d, want ≥ %d", r.Total, *w.MinTotal))
	}
	if w.MaxTotal != nil && r.Total > *w.MaxTotal {
		f = append(f, fmt.Sprintf("total = %d, want ≤ %d", r.Total, *w.MaxTotal))
	}
	if w.LowRecall != nil && r.LowRecall != *w.LowRecall {
		f = append(f, fmt.Sprintf("low_recall = %v, want %v", r.LowRecall, *w.LowRecall))
	}
	if w.Stale != nil && r.Stale != *w.Stale {
		f = append(f, fmt.Sprintf("stale = %v, want %v", r.Stale, *w.Stale))
	}
	if w.Sort != "" {
		f = append(f, sortFailures(w.Sort, r)...)
	}
	if w.SortedBy != "" {
		fd, numeric, ok := predicateField(w.SortedBy)
		if !ok || !numeric {
			return append(f, fmt.Sprintf("sorted_by %q is no count or ratio field", w.SortedBy))
		}
		for i := 1; i < len(r.Items); i++ {
			a, b := r.Items[i-1].Channel, r.Items[i].Channel
			if a != nil && b != nil && fd.Number(a) < fd.Number(b) {
				f = append(f, fmt.Sprintf("item %d (@%s) has %s %d after %d: not sorted by %s", i+1, b.Handle, w.SortedBy, fd.Number(b), fd.Number(a), w.SortedBy))
				break
			}
		}
	}
	for _, src := range w.Every {
		p, _ := parsePredicate(src)
		for i, it := range r.Items {
			if it.Channel == nil {
				continue
			}
			if ok, got := p.eval(it.Channel); !ok {
				f = append(f, fmt.Sprintf("item %d (@%s) fails %q: %s is %s", i+1, it.Channel.Handle, src, p.field, got))
				break
			}
		}
	}
	return f
}

// sortFailures checks that the list reports the sort want and, for the
// sorts by a channel figure, that its items come highest (or newest)
// first.
func sortFailures(want string, r *api.Results) []string {
	if r.Sort != want {
		return []string{fmt.Sprintf("sort = %q, want %q", r.Sort, want)}
	}
	key := map[string]func(c *catalog.Channel) int64{
		"followers": func(c *catalog.Channel) int64 { return c.Followers },
		"avg_views": func(c *catalog.Channel) int64 { return c.AvgViews },
		"recent":    func(c *catalog.Channel) int64 { return c.LastPostAt.Unix() },
	}[want]
	if key == nil {
		return nil
	}
	for i := 1; i < len(r.Items); i++ {
		a, b := r.Items[i-1].Channel, r.Items[i].Channel
		if a != nil && b != nil && key(a) < key(b) {
			return []string{fmt.Sprintf("items %d and %d (@%s, @%s) are not in %s order", i, i+1, a.Handle, b.Handle, want)}
		}
	}
	return nil
}

// predicate is "field op value [value]" over a channel.
type predicate struct {
	field, op string
	args      []string
}

// predicateField is the registry row a predicate reads (platform, no
// filter field, is read as text); ok is false for an unknown field.
func predicateField(name string) (f fields.Field, numeric, ok bool) {
	if name == "platform" {
		return fields.Field{Name: "platform", Kind: fields.Set, Text: func(c *catalog.Channel) string { return string(c.Platform) }}, false, true
	}
	f, ok = fields.Lookup(name)
	ok = ok && string(f.Name) == name && f.Kind != fields.Duration
	return f, ok && f.Kind.Numeric(), ok
}

// predicateFieldNames lists the fields a predicate may read.
func predicateFieldNames() string {
	names := []string{"platform"}
	for _, f := range fields.Of(fields.Set, fields.Count, fields.Ratio) {
		names = append(names, string(f.Name))
	}
	return strings.Join(names, ", ")
}

func parsePredicate(s string) (predicate, error) {
	parts := strings.Fields(s)
	if len(parts) < 3 {
		return predicate{}, fmt.Errorf("predicate %q: want \"field op value\"", s)
	}
	p := predicate{field: parts[0], op: parts[1], args: parts[2:]}
	_, numeric, ok := predicateField(p.field)
	if !ok {
		return p, fmt.Errorf("predicate %q: unknown field %s (%s; ratios in basis points)", s, p.field, predicateFieldNames())
	}
	switch p.op {
	case "==", "!=", "in":
		if numeric && p.op == "in" {
			return p, fmt.Errorf("predicate %q: in takes text values", s)
		}
	case ">=", "<=", ">", "<":
		if !numeric || len(p.args) != 1 {
			return p, fmt.Errorf("predicate %q: %s takes one number", s, p.op)
		}
	case "between":
		if !numeric || len(p.args) != 2 {
			return p, fmt.Errorf("predicate %q: between takes two numbers", s)
		}
	default:
		return p, fmt.Errorf("predicate %q: unknown operator %s", s, p.op)
	}
	if numeric {
		for _, a := range p.args {
			if _, err := strconv.ParseInt(a, 10, 64); err != nil {
				return p, fmt.Errorf("predicate %q: %s is not a whole number", s, a)
			}
		}
	}
	return p, nil
}

func (p predicate) eval(c *catalog.Channel) (bool, string) {
	var text string
	var num int64
	f, numeric, _ := predicateField(p.field)
	if numeric {
		num = f.Number(c)
	} else {
		text = f.Text(c)
	}
	n := func(i int) int64 { v, _ := strconv.ParseInt(p.args[i], 10, 64); return v }
	switch p.op {
	case "==":
		return strings.EqualFold(text, p.args[0]) || (text == "" && p.args[0] == "-"), text
	case "!=":
		return !strings.EqualFold(text, p.args[0]), text
	case "in":
		for _, a := range p.args {
			if strings.EqualFold(text, a) {
				return true, text
			}
		}
		return false, text
	case ">=":
		return num >= n(0), strconv.FormatInt(num, 10)
	case "<=":
		return num <= n(0), strconv.FormatInt(num, 10)
	case ">":
		return num > n(0), strconv.FormatInt(num, 10)
	case "<":
		return num < n(0), strconv.FormatInt(num, 10)
	case "between":
		return num >= n(0) && num <= n(1), strconv.FormatInt(num, 10)
	}
	return false, ""
}

// slotDoc is the snapshot's slots as generic JSON.
func slotDoc(s contract.Slots) map[string]any {
	data, err := json.Marshal(s)
	if err != nil {
		return nil
	}
	var m map[string]any
	_ = json.Unmarshal(data, &m)
	return m
}

func present(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	}
	return true
}

// texts returns every string under v (labels, texts, reasons).
func texts(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, texts(e)...)
		}
		return out
	case map[string]any:
		var out []string
		for k, e := range x {
			if k == "label" || k == "text" || k == "reason" || k == "value" {
				out = append(out, texts(e)...)
			}
		}
		return out
	}
	return nil
}

func lookup(doc map[string]any, path string) any {
	var cur any = doc
	for _, part := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[part]
	}
	return cur
}

func (w *SlotsWant) check(s api.Snapshot) []string {
	var f []string
	doc := slotDoc(s.Slots)
	for _, name := range w.Present {
		if !present(doc[name]) {
			f = append(f, fmt.Sprintf("slot %s absent, want it present", name))
		}
	}
	for _, name := range w.Absent {
		if present(doc[name]) {
			f = append(f, fmt.Sprintf("slot %s present, want it absent", name))
		}
	}
	for _, path := range sortedKeys(w.Contains) {
		want := w.Contains[path]
		got := texts(lookup(doc, path))
		found := false
		for _, t := range got {
			if strings.Contains(t, want) {
				found = true
			}
		}
		if !found {
			f = append(f, fmt.Sprintf("slot %s %q does not contain %q", path, strings.Join(got, " | "), want))
		}
	}
	if w.Loading != nil {
		got, _ := lookup(doc, "status.loading").(bool)
		if got != *w.Loading {
			f = append(f, fmt.Sprintf("status.loading = %v, want %v", got, *w.Loading))
		}
	}
	return f
}

func (w *ConditionsWant) check(cs []contract.Condition) []string {
	var f []string
	for _, want := range w.Includes {
		found := false
		for _, c := range cs {
			if want.matches(c) {
				found = true
				break
			}
		}
		if !found {
			f = append(f, fmt.Sprintf("no condition matches %s (have: %s)", want, condList(cs)))
		}
	}
	for _, field := range w.Absent {
		for _, c := range cs {
			if c.Field == field {
				f = append(f, fmt.Sprintf("condition on %s present (%s), want none", field, c.Label))
			}
		}
	}
	return f
}

func (w ConditionWant) matches(c contract.Condition) bool {
	if w.Kind != "" && string(c.Kind) != w.Kind || w.Field != "" && c.Field != w.Field ||
		w.Op != "" && string(c.Op) != w.Op || w.Source != "" && string(c.Source) != w.Source ||
		w.Status != "" && string(c.Status) != w.Status {
		return false
	}
	return w.Value == nil || canonical(w.Value) == canonical(c.Value)
}

func (w ConditionWant) String() string {
	var parts []string
	for _, p := range [][2]string{{"kind", w.Kind}, {"field", w.Field}, {"op", w.Op}, {"source", w.Source}, {"status", w.Status}} {
		if p[1] != "" {
			parts = append(parts, p[0]+"="+p[1])
		}
	}
	if w.Value != nil {
		parts = append(parts, "value="+canonical(w.Value))
	}
	return "{" + strings.Join(parts, " ") + "}"
}

func condList(cs []contract.Condition) string {
	var out []string
	for _, c := range cs {
		out = append(out, fmt.Sprintf("%s %s %s %s (%s, %s)", c.Kind, c.Field, c.Op, canonical(c.Value), c.Source, c.Status))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, "; ")
}

// canonical renders v as JSON with maps and numbers normalised, so YAML
// values and typed values compare equal.
func canonical(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var x any
	if json.Unmarshal(b, &x) != nil {
		return string(b)
	}
	b, _ = json.Marshal(x)
	return string(b)
}
