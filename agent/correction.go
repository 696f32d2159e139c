package agent

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// correctionMarks are the words a user takes back what they just typed
// with, inside one message ("粉丝改成十万，哦不对，还是五万", "set it to UK,
// no wait, Ireland", "put Chile... no, put Argentina", "10 days — sorry,
// 2 weeks", "哦说错了，是香港"); "no wait", "actually no", "不对" and "不是"
// count only with a comma or a stop after them ("actually no gaming
// ones" is an exclusion, "不是美国的" a value). Dictated text says its
// marks as words of their own, with a space where the comma would be
// ("德国的 不对 是奥地利的", "in Germany no wait in France"), and doubles a
// refusal ("不要不要", "no no"): those count before a space too. A mark
// may follow a dash as it follows a comma ("找西班牙——不对，是墨西哥的"),
// and an interjection with 不 alone is a mark before a comma ("粉丝两万，
// 哦不，三万以上").
var correctionMarks = regexp.MustCompile(`(?i)(?:(?:^|[,，;；.。!！…—–\s])\s*(?:(?:(?:哦|噢|啊|呃|额)?(?:不对不对|不对|不是|说错了|写错了)|(?:哦|噢|啊|呃|额)不|撤销刚才那个|刚才那个不算|刚才那个不要了|刚刚那个不算|scratch that|sorry,? i meant|correction:)\s*[,，;；:：.。!！]|(?:撤销刚才那个|刚才那个不算|说错了|写错了|scratch that|sorry,? i meant|correction:)|(?:no wait|wait,? no|actually,? no)\s*[,，;；:：.。!！—–-])|(?:\.\.\.|…|—|–)\s*(?:no|sorry|oops)\s*[,，;；:：.。!！—–-])|(?:^|[,，;；.。!！…\s])\s*(?:(?:哦|噢|啊|呃|额)?(?:不对不对|不对|不要不要|不是不是|不行不行)|no wait|no no)(?:\s+|\s*[,，;；:：.。!！—–-])`)

// clauseSeps end a clause of a follow-up ("remove Mexico and put Chile").
var clauseSeps = regexp.MustCompile(`(?i)[,，;；。]|\s+(?:and|then|also)\s+|然后|并且|另外`)

// changeWords introduce a clause's new value ("国家改成韩国", "make it UK",
// "tighten activity to 10 days").
var changeWords = regexp.MustCompile(`(?i)(?:改成|换成|改为|换为|调到|调成|设成|放到|\bmake it\b|\bswitch to\b|\bchange it to\b|\bput\b|\bto\b|\bat\b)\s*`)

// fillerEnds end a clause without being its value ("US only").
var fillerEnds = map[string]bool{"only": true, "please": true, "pls": true, "too": true, "first": true, "instead": true}

// valueLeads open a correction that only names the value ("是香港",
// "还是五万", "make it Ireland").
var valueLeads = regexp.MustCompile(`(?i)^(?:就是|还是|应该是|是|要|改成|换成|make (?:it|that)|it's|it is|put|use|i meant|i mean)\s*`)

// correctedTail applies a message's last self-correction, in a first
// search as in a follow-up (one reading for both): the clause right
// before the mark is withdrawn (earlier clauses stay), and a correction
// that only names a value ("哦不对，还是五万", "no wait, Ireland", "—
// sorry, 2 weeks —") is that clause with the value replaced ("粉丝改成五
// 万", "make it Ireland", "tighten activity to 2 weeks"). When that
// clause also holds conditions of other fields (a dictated run with no
// comma: "cooking channels in Italy 100k+ followers no wait 50k+"), only
// the value the correction names anew is withdrawn (valueBefore). A mark
// that opens the message ("不要不要 两万太少了") takes back the search
// held, not a word: it is left out. withdrawn is "" when nothing was
// taken back; tail differs from text whenever a mark was read (a
// message that is only "撤销刚才那个" undoes nothing here: the mark needs
// something in the same message to take back).
func correctedTail(text string) (tail, withdrawn string) {
	locs := correctionMarks.FindAllStringIndex(text, -1)
	if len(locs) == 0 {
		return text, ""
	}
	mark := locs[len(locs)-1]
	before := strings.TrimRight(text[:mark[0]], " ,，;；.。!！—–-…")
	after := strings.TrimSpace(text[mark[1]:])
	if strings.TrimSpace(before) == "" && after != "" && openingMark.MatchString(text[mark[0]:mark[1]]) {
		return after, ""
	}
	cut := 0
	for _, sep := range clauseSeps.FindAllStringIndex(before, -1) {
		if sep[1] < len(before) {
			cut = sep[1]
		}
	}
	kept, clause := before[:cut], strings.TrimSpace(before[cut:])
	if clause == "" || after == "" {
		return text, ""
	}
	first, rest := after, ""
	if sep := clauseSeps.FindStringIndex(after); sep != nil {
		first, rest = after[:sep[0]], after[sep[0]:]
	}
	first = strings.Trim(first, " —–-…")
	if releasesOnly(first) {
		// "粉丝5万以上，哦不对，粉丝不限", "in Mexico, wait no, any country
		// works": the correction frees a field; only that field's value
		// goes (the reading's Unlimited, retractFirstSearch names it), the
		// rest of the clause stands and the mark is no term.
		return strings.TrimSpace(before) + "，" + after, ""
	}
	if s, e, ok := valueBefore(clause, first); ok {
		// "in Germany no wait in France": the preposition said again
		// with the new value is not said twice.
		head := strings.TrimRight(clause[:s], " ")
		if i := strings.LastIndexByte(head, ' '); i >= 0 && strings.HasPrefix(strings.ToLower(first), strings.ToLower(head[i+1:])+" ") {
			head = head[:i]
		}
		var parts []string
		for _, p := range []string{kept + head, clause[e:], valueLeads.ReplaceAllString(first, "") + rest} {
			if p = strings.TrimSpace(p); p != "" {
				parts = append(parts, p)
			}
		}
		return strings.Join(parts, " "), clause[s:e]
	}
	if v := valueLeads.ReplaceAllString(first, ""); v != "" && utf8.RuneCountInString(v) <= 16 && !strings.Contains(v, " and ") {
		if swapped, ok := numberSwap(clause, v); ok && !changeWords.MatchString(clause) {
			// "20k minimum — no wait, make it 30k": the number said anew
			// takes the place of the one taken back (audit 34, S3)
			return kept + swapped + rest, shownWithdrawn(clause)
		}
		if loc := changeWords.FindAllStringIndex(clause, -1); len(loc) > 0 {
			first = clause[:loc[len(loc)-1][1]] + v
		} else if i := strings.LastIndexByte(clause, ' '); i > 0 && !fillerEnds[strings.ToLower(clause[i+1:])] {
			first = clause[:i+1] + v // "only english" → "only spanish"
		}
	}
	return kept + first + rest, shownWithdrawn(clause)
}

// releasesOnly reports a correction that only says a field has no
// requirement ("粉丝不限", "any country is fine", "any time"): it frees a
// field and sets none.
func releasesOnly(first string) bool {
	rd, err := condparse.Read(strings.TrimSpace(first))
	if err != nil || len(rd.Unlimited) == 0 {
		return false
	}
	for _, c := range rd.Conditions {
		if c.Kind == condition.KindHard || c.Kind == condition.KindDerived {
			return false
		}
	}
	return true
}

// shownWithdrawn is the part of a withdrawn clause the notice names: the
// clause from its first condition on when only frame words come before
// it ("那个帮我搜一下 嗯 德国的" names 德国的), else the whole clause.
func shownWithdrawn(clause string) string {
	rd, err := condparse.Read(clause)
	if err != nil {
		return clause
	}
	start := len(clause)
	for _, c := range rd.Conditions {
		if c.Span.Start < start {
			start = c.Span.Start
		}
	}
	if start == 0 || start == len(clause) || !slices.ContainsFunc(rd.Dropped, func(sp condparse.Span) bool { return sp.End <= start }) {
		return clause
	}
	return clause[start:]
}

// openingMark is a mark that may open a message: a doubled refusal, or
// a bare "不对" said before the new words.
var openingMark = regexp.MustCompile(`不对不对|不要不要|不是不是|不行不行|(?i)\bno no\b`)

// valueBefore returns the byte range in clause of the value a correction
// (its first part, first) names anew when clause also holds conditions
// of other fields: the last span in clause of a field first sets
// ("cooking channels in Italy 100k+ followers" before "50k+": the
// follower count; "美国的 粉丝十万以上 德国的" before "是奥地利的": 德国的).
// A clause that holds nothing else is withdrawn whole.
func valueBefore(clause, first string) (s, e int, ok bool) {
	now, err := condparse.Read(strings.TrimSpace(valueLeads.ReplaceAllString(first, "")))
	if err != nil {
		return 0, 0, false
	}
	named := map[condition.Field]bool{}
	values := map[condition.Field][]string{}
	for _, c := range now.Conditions {
		if c.Kind == condition.KindHard || c.Kind == condition.KindDerived {
			named[c.Field] = true
			values[c.Field] = append(values[c.Field], c.Value.String())
		}
	}
	if len(named) == 0 {
		return 0, 0, false
	}
	was, err := condparse.Read(clause)
	if err != nil {
		return 0, 0, false
	}
	other := false
	s = -1
	var last condparse.Condition
	for _, c := range was.Conditions {
		if c.Kind != condition.KindHard && c.Kind != condition.KindDerived {
			continue
		}
		if !named[c.Field] {
			other = true
			continue
		}
		for _, sp := range append([]condparse.Span{c.Span}, c.MoreSpans...) {
			if sp.End > e {
				s, e, last = sp.Start, sp.End, c
			}
		}
	}
	if s < 0 || !other || len(last.MoreSpans) == 0 && slices.Contains(values[last.Field], last.Value.String()) {
		// "韩国美妆博主…不对，是韩国做男士护肤的": the value said again is
		// no value withdrawn; the clause is
		return 0, 0, false
	}
	if strings.HasPrefix(clause[e:], "的") {
		e += len("的") // "德国的"
	}
	return s, e, true
}

// numberTok is a count or a span of days said as a number, with its
// unit when one follows ("20k", "14 days", "三万", "两周").
var numberTok = regexp.MustCompile(`(?i)(?:[0-9][0-9.,]*\s*(?:k|m|w|万|千)?|[一二三四五六七八九十两百千万]+)(\s*(?:days?|weeks?|months?|years?|天|周|星期|个月|月|年))?`)

// numberSwap puts the bare number a correction names (v: "30k", "45
// days", no field of its own) in place of the number of the last
// condition the withdrawn clause set ("20k minimum" → "30k minimum",
// "last 14 days" → "last 45 days"); a unit said with the new number
// replaces the old one, else the old one stays. ok is false when v reads
// a condition by itself, holds more than a number, or the clause sets
// no condition with a number.
func numberSwap(clause, v string) (string, bool) {
	v = strings.TrimSpace(strings.Trim(v, " .。!！"))
	nv := numberTok.FindStringSubmatchIndex(v)
	if nv == nil || nv[0] != 0 || strings.TrimSpace(v[nv[1]:]) != "" {
		return "", false
	}
	if rd, err := condparse.Read(v); err != nil || slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Kind == condition.KindHard || c.Kind == condition.KindDerived
	}) {
		return "", false
	}
	was, err := condparse.Read(clause)
	if err != nil {
		return "", false
	}
	var sp condparse.Span
	found := false
	for _, c := range was.Conditions {
		if (c.Kind == condition.KindHard || c.Kind == condition.KindDerived) && numberTok.MatchString(clause[c.Span.Start:c.Span.End]) && (!found || c.Span.End > sp.End) {
			sp, found = c.Span, true
		}
	}
	if !found {
		return "", false
	}
	toks := numberTok.FindAllStringSubmatchIndex(clause[sp.Start:sp.End], -1)
	t := toks[len(toks)-1]
	s, e := sp.Start+t[0], sp.Start+t[1]
	repl := v
	if nv[2] < 0 && t[2] >= 0 {
		repl = v + clause[sp.Start+t[2]:sp.Start+t[3]] // "last 14 days … 45"
	}
	return clause[:s] + repl + clause[e:], true
}
