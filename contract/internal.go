package contract

import (
	"regexp"
	"strconv"
	"strings"
)

// TextFinding is one slot text that shows internal text instead of words
// written for the user: a code, a spec id or a rendering slip.
type TextFinding struct {
	// Where is the slot path ("task_summary", "conditions[2].label").
	Where string `json:"where"`
	// Text is the whole text; Match the part that gave it away.
	Text  string `json:"text"`
	Match string `json:"match"`
	// Why names the pattern: snake_case, dotted_id, upper_code, spec_ref
	// or doubled_punct.
	Why string `json:"why"`
}

// The internal-identifier patterns. Quoted spans, URLs and domains, and
// the strings the user typed (render.Input.TypedTexts) are removed before
// matching: a user may type "foo_bar".
var (
	quotedRe  = regexp.MustCompile(`「[^」]*」|“[^”]*”|"[^"]*"|『[^』]*』|‘[^’]*’`)
	urlRe     = regexp.MustCompile(`(?i)\bhttps?://\S+|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|be|tv|net|org|io|me|co|cn|gg)\b\S*|@[\w.-]+`)
	internals = []struct {
		why string
		re  *regexp.Regexp
	}{
		{"snake_case", regexp.MustCompile(`\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b`)},
		{"upper_code", regexp.MustCompile(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b`)},
		{"dotted_id", regexp.MustCompile(`\b[a-z][a-z0-9_]+(?:\.[a-z][a-z0-9_]+)+\b`)},
		{"spec_ref", regexp.MustCompile(`§\s*\d|\b\d+\.\d+\.\d+\b`)},
		{"doubled_punct", regexp.MustCompile(`[。，、；：！？][。，、；：.,;:]|[,;:][,;:。，、；：]|[^.]\.\.(?:[^.]|$)`)},
	}
)

// InternalText reports the slot texts that match an internal identifier
// pattern (issue 16: no raw enum, code, spec id or debug text ever reaches
// a text). The executor runs it in its test mode beside the contract
// check, so every scripted session enforces it.
func InternalText(s Slots, user []string) []TextFinding {
	var out []TextFinding
	check := func(where, text string) {
		if text == "" {
			return
		}
		clean := quotedRe.ReplaceAllString(text, "「」")
		clean = urlRe.ReplaceAllString(clean, " ")
		for _, u := range user {
			if u = strings.TrimSpace(u); len(u) > 1 {
				clean = strings.ReplaceAll(clean, u, " ")
			}
		}
		for _, p := range internals {
			if m := p.re.FindString(clean); m != "" {
				out = append(out, TextFinding{Where: where, Text: text, Match: m, Why: p.why})
				return
			}
		}
	}
	if s.Status != nil {
		check("status.text", s.Status.Text)
	}
	check("task_summary", s.TaskSummary)
	for i, c := range s.Conditions {
		check("conditions["+strconv.Itoa(i)+"].label", c.Label)
	}
	if q := s.Question; q != nil {
		check("question.text", q.Text)
		for i, o := range q.Options {
			check("question.options["+strconv.Itoa(i)+"].label", o.Label)
		}
	}
	for i, r := range s.RepairOptions {
		check("repair_options["+strconv.Itoa(i)+"].label", r.Label)
		check("repair_options["+strconv.Itoa(i)+"].reason", r.Reason)
	}
	if h := s.RepairHint; h != nil {
		check("repair_hint.text", h.Text)
	}
	for i, a := range s.Actions {
		check("actions["+strconv.Itoa(i)+"].label", a.Label)
	}
	return out
}
