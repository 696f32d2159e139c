package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// A pasted summary of an earlier search, edited in place (issue 26,
// class A1): "Applied: DE · Fitness · Followers 5K–20K → switch to
// France, rest unchanged", "已应用：美国 / 美妆 / 粉丝 1万–5万 → 改成英国",
// "Country: US → CA", "followers 10k-50k -> 20k-80k". What follows the
// arrow replaces the summary's value of each field it names (France
// only, never Germany and France); "drop X" / 去掉X after it takes X out;
// the rest of the summary applies as written, and "rest unchanged" /
// 其他不变 is frame. Read whole, both values of the field applied.

// editArrow is the arrow of an in-place edit.
var editArrow = regexp.MustCompile(`\s*(?:→|⟶|➡|➔|->|=>|-->)\s*`)

// restUnchanged says the rest of the summary stays: frame words.
var restUnchanged = regexp.MustCompile(`(?i)[,，;；.。]?\s*(?:(?:and\s+)?(?:keep\s+)?(?:the\s+|all\s+the\s+)?(?:rest|others?|everything\s+else)(?:\s+(?:unchanged|the\s+same|as\s+(?:is|it\s+is|before)|stays?(?:\s+the\s+same)?|untouched))?|(?:其余|其他|其它|剩下的|别的)(?:条件|的)?(?:都|均)?(?:保持)?(?:不变|照旧|不动|原样|一样))[\s.。!！]*$`)

// arrowEdited is text with an in-place edit applied to the summary
// before its arrow: the summary's conditions of the fields the edit sets
// anew, and the values it drops, are cut from it. ok is false when text
// is no such edit (no arrow, or nothing before or after it read).
func arrowEdited(text string) (string, bool) {
	locs := editArrow.FindAllStringIndex(text, -1)
	if len(locs) == 0 {
		return text, false
	}
	a := locs[len(locs)-1]
	left, right := text[:a[0]], strings.TrimSpace(text[a[1]:])
	right = strings.TrimSpace(restUnchanged.ReplaceAllString(right, ""))
	if strings.TrimSpace(left) == "" || right == "" || arrowRangeEnd.MatchString(left) && arrowRangeTo.MatchString(right) {
		// "粉丝 1万→5万" is a range written with an arrow, no edit
		return text, false
	}
	was, err := condparse.Read(left)
	if err != nil || !slices.ContainsFunc(was.Conditions, isFilterCond) {
		return text, false
	}
	var dropped []string // values the edit takes out of the summary
	var kept []string
	for _, cl := range arrowClauses.Split(right, -1) {
		m := removalClause.FindStringSubmatch(strings.TrimSpace(cl))
		if m == nil {
			kept = append(kept, cl)
			continue
		}
		// "drop Beauty", 去掉宠物: the value leaves the summary, no
		// exclusion is added
		rd, err := condparse.Read(strings.TrimSpace(cl))
		n := len(dropped)
		for _, c := range rd.Conditions {
			if err == nil && isFilterCond(c) && (c.Op == condition.OpNotIn || c.Op == condition.OpNotContains) {
				dropped = append(dropped, valueStrings(c)...)
			}
		}
		if len(dropped) == n {
			kept = append(kept, cl)
		}
	}
	right = strings.TrimSpace(strings.Join(kept, "，"))
	var now condparse.Reading
	if right != "" {
		if now, err = condparse.Read(right); err != nil {
			return text, false
		}
	}
	if m := fieldLabelEnd.FindStringSubmatch(left); m != nil && right != "" && !slices.ContainsFunc(now.Conditions, isFilterCond) {
		// "Country: US → CA": the value after the arrow is the label's
		if rd, err := condparse.Read(m[1] + " " + right); err == nil && slices.ContainsFunc(rd.Conditions, isFilterCond) {
			right, now = m[1]+" "+right, rd
		}
	}
	set := map[condition.Field]bool{}
	for _, f := range now.Unlimited {
		set[f] = true
	}
	for _, c := range now.Conditions {
		if isFilterCond(c) && c.Op != condition.OpNotIn && c.Op != condition.OpNotContains {
			set[c.Field] = true
		}
	}
	if len(set) == 0 && len(dropped) == 0 {
		return text, false
	}
	var cuts []condparse.Span
	for _, w := range was.Conditions {
		if !isFilterCond(w) {
			continue
		}
		hit := set[w.Field]
		for _, d := range dropped {
			hit = hit || slices.Contains(valueStrings(w), d)
		}
		if hit {
			cuts = append(cuts, append([]condparse.Span{w.Span}, w.MoreSpans...)...)
		}
	}
	left = cutSpans(left, cuts)
	out := strings.TrimSpace(spaceRun.ReplaceAllString(left, " "))
	if right != "" {
		out += "，" + right
	}
	return out, true
}

// arrowRangeEnd and arrowRangeTo are the two ends of a range written
// with an arrow ("10k → 50k", "1万→5万").
var (
	arrowRangeEnd = regexp.MustCompile(`(?i)(?:^|[^\d.,\-–~])\d[\d.,]*\s*(?:k|m|w|万|千|mil)?\s*$`)
	arrowRangeTo  = regexp.MustCompile(`(?i)^\d[\d.,]*\s*(?:k|m|w|万|千|mil)?(?:$|[^\d.,\-–~])`)
)

// fieldLabelEnd is a label and its colon before the last value of the
// summary ("Country: US", "国家：美国").
var fieldLabelEnd = regexp.MustCompile(`(?:^|[\s·•|｜/,，;；])(\p{L}[\p{L} ]{0,20}\s*[:：])[^:：·•|｜/,，;；]*$`)

// spaceRun is a run of spaces a cut leaves.
var spaceRun = regexp.MustCompile(` {2,}`)

// arrowClauses cut the edit after the arrow into its clauses.
var arrowClauses = regexp.MustCompile(`(?i)\s*(?:[,，;；]|\s+and\s+|然后|并且)\s*`)

// removalClause is a clause of the edit that takes a value out: "drop
// Beauty", "remove the follower range", 去掉美妆.
var removalClause = regexp.MustCompile(`(?i)^(?:and\s+)?(?:drop|remove|delete|take out|get rid of|lose|no more|去掉|去除|删掉|删除|不要|拿掉|取消)\s*(?:the\s+)?(.+?)[\s.。!！]*$`)

// isFilterCond reports a hard or derived condition.
func isFilterCond(c condparse.Condition) bool {
	return c.Kind == condition.KindHard || c.Kind == condition.KindDerived
}

// valueStrings is a condition's values as strings.
func valueStrings(c condparse.Condition) []string {
	switch {
	case len(c.Value.Strs) > 0:
		return c.Value.Strs
	case c.Value.Type == condparse.ValueString:
		return []string{c.Value.Str}
	}
	return []string{c.Value.String()}
}

// cutSpans blanks the byte spans of s (a space in their place).
func cutSpans(s string, spans []condparse.Span) string {
	b := []byte(s)
	for _, sp := range spans {
		if sp.Start < 0 || sp.End > len(b) || sp.Start >= sp.End {
			continue
		}
		for i := sp.Start; i < sp.End; i++ {
			b[i] = 0
		}
	}
	var out strings.Builder
	gap := false
	for _, c := range b {
		if c == 0 {
			if !gap {
				out.WriteByte(' ')
			}
			gap = true
			continue
		}
		gap = false
		out.WriteByte(c)
	}
	return out.String()
}
