package modelpath

import (
	"fmt"
	"slices"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/taxonomy"
)

// Grounding verdicts of a proposed hard or derived filter (issue 27: the
// model proposes, the session's facts decide).
const (
	// groundApplied: the span is in the input and the vocabularies read
	// the proposed value from it.
	groundApplied = "applied"
	// groundOffered: a derived rule (P3) whose span is in the input but
	// from which the vocabularies read nothing for the field — a
	// plausible inference, offered as an agent_inferred reference the user
	// can apply with one click, never a filter on its own.
	groundOffered = "offered"
	// groundRejected: no span, a span the input does not hold, a hard
	// filter the span does not say, or a value the span contradicts.
	groundRejected = "rejected"
)

// ground checks a typed proposal c (field, op, value) against its span
// and the input: the span must occur in the normalised input, and the
// value must be what the deterministic readers (condparse's rules over
// tools/taxonomy and tools/number) read from the span. It returns the
// verdict and, unless applied, why.
func ground(text string, kind condition.Kind, span string, c condparse.Condition) (string, string) {
	span = strings.TrimSpace(span)
	if span == "" {
		return groundRejected, "no span: the model did not say which words of the input it comes from"
	}
	if ns := router.Normalize(span); ns == "" || !containsWord(router.Normalize(text), ns) {
		return groundRejected, fmt.Sprintf("the span %q is not in the input", span)
	}
	if whole, err := condparse.Parse(text); err == nil {
		// Read in context: a span the whole input reads as part of a
		// longer phrase meaning something else is not this condition
		// ("西班牙" inside "说西班牙语" is the language, not Spain).
		ns := router.Normalize(span)
		for _, r := range whole.Conditions {
			if r.Kind == condition.KindKeyword || r.Kind == condition.KindSoft {
				continue
			}
			rs := router.Normalize(r.Span.Text)
			if len(rs) > len(ns) && strings.Contains(rs, ns) && r.Field != c.Field {
				return groundRejected, fmt.Sprintf("the span %q is part of %q, which reads %s %s %s", span, r.Span.Text, r.Field, r.Op, valueText(r.Value))
			}
		}
	}
	reads := readSpan(c.Field, span)
	for _, r := range reads {
		if sameReading(c, r) {
			return groundApplied, ""
		}
	}
	if len(reads) > 0 {
		return groundRejected, fmt.Sprintf("the span %q reads %s %s, not %s", span, reads[0].Op, valueText(reads[0].Value), valueText(c.Value))
	}
	if kind == condition.KindDerived {
		return groundOffered, fmt.Sprintf("the span %q does not state a %s: an inference, offered as a reference", span, c.Field)
	}
	return groundRejected, fmt.Sprintf("the span %q does not state a %s", span, c.Field)
}

// readSpan is what the deterministic readers read for field from span
// alone: condparse's conditions on the field, and for the vocabulary
// fields every term a name of which the span holds (condparse keeps a
// lone word such as "美妆" as a keyword).
func readSpan(field condition.Field, span string) []condparse.Condition {
	var out []condparse.Condition
	if res, err := condparse.Parse(span); err == nil {
		for _, c := range res.Conditions {
			if c.Field == field {
				out = append(out, c)
			}
		}
	}
	voc := vocabularyOf(field)
	if voc == nil || len(out) > 0 {
		// condparse's reading carries the polarity ("不要日本" is not_in
		// JP); the bare vocabulary scan is for what it keeps as a word.
		return out
	}
	norm := router.Normalize(span)
	if t, ok := voc.Lookup(norm); ok {
		return append(out, condparse.Condition{Field: field, Op: condition.OpEq, Value: condparse.StringValue(t.Code)})
	}
	for _, n := range voc.Names() {
		name := router.Normalize(n.Name)
		if name != "" && containsWord(norm, name) {
			out = append(out, condparse.Condition{Field: field, Op: condition.OpEq, Value: condparse.StringValue(n.Term.Code)})
		}
	}
	return out
}

// vocabularyOf is the closed vocabulary of a field, or nil.
func vocabularyOf(field condition.Field) *taxonomy.Vocabulary {
	switch field {
	case condition.Country:
		return taxonomy.Countries
	case condition.Language:
		return taxonomy.Languages
	case condition.Category:
		return taxonomy.Categories
	}
	return nil
}

// containsWord reports whether s holds w; a w that starts or ends with a
// Latin letter or digit must not run on into one ("us" is not in "music").
func containsWord(s, w string) bool {
	for i := 0; i <= len(s); {
		k := strings.Index(s[i:], w)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(w)
		if (!latin(w[0]) || a == 0 || !latin(s[a-1])) && (!latin(w[len(w)-1]) || b == len(s) || !latin(s[b])) {
			return true
		}
		i = a + 1
	}
	return false
}

func latin(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' }

// sameReading reports whether the proposal c says what the reading r
// says: the same values with the same polarity for set fields, the same
// op and value otherwise.
func sameReading(c, r condparse.Condition) bool {
	if set := c.Value.Codes(); set != nil {
		rs := r.Value.Codes()
		if negative(c.Op) != negative(r.Op) || rs == nil {
			return false
		}
		for _, v := range set {
			if !slices.Contains(rs, v) {
				return false
			}
		}
		return true
	}
	return c.Op == r.Op && valueText(c.Value) == valueText(r.Value)
}

func negative(op condition.Op) bool { return op == condition.OpNeq || op == condition.OpNotIn }
