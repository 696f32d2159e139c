package agent

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// correctionMarks are the words a user takes back what they just typed
// with, inside one message ("粉丝改成十万，哦不对，还是五万", "set it to UK,
// no wait, Ireland", "put Chile... no, put Argentina", "10 days — sorry,
// 2 weeks", "哦说错了，是香港"); "no wait", "actually no", "不对" and "不是"
// count only with a comma or a stop after them ("actually no gaming
// ones" is an exclusion, "不是美国的" a value).
var correctionMarks = regexp.MustCompile(`(?i)(?:(?:^|[,，;；.。!！…\s])\s*(?:(?:(?:哦|噢|啊|呃|额)?(?:不对不对|不对|不是|说错了|写错了)|撤销刚才那个|刚才那个不算|刚才那个不要了|刚刚那个不算|scratch that|sorry,? i meant|correction:)\s*[,，;；:：.。!！]|(?:撤销刚才那个|刚才那个不算|说错了|写错了|scratch that|sorry,? i meant|correction:)|(?:no wait|wait,? no|actually,? no)\s*[,，;；:：.。!！—–-])|(?:\.\.\.|…|—|–)\s*(?:no|sorry|oops)\s*[,，;；:：.。!！—–-])`)

// clauseSeps end a clause of a follow-up ("remove Mexico and put Chile").
var clauseSeps = regexp.MustCompile(`(?i)[,，;；。]|\s+(?:and|then|also)\s+|然后|并且|另外`)

// changeWords introduce a clause's new value ("国家改成韩国", "make it UK",
// "tighten activity to 10 days").
var changeWords = regexp.MustCompile(`(?i)(?:改成|换成|改为|换为|调到|调成|设成|放到|\bmake it\b|\bswitch to\b|\bchange it to\b|\bput\b|\bto\b|\bat\b)\s*`)

// fillerEnds end a clause without being its value ("US only").
var fillerEnds = map[string]bool{"only": true, "please": true, "pls": true, "too": true, "first": true, "instead": true}

// valueLeads open a correction that only names the value ("是香港",
// "还是五万", "make it Ireland").
var valueLeads = regexp.MustCompile(`(?i)^(?:就是|还是|应该是|是|要|改成|换成|make it|it's|it is|put|use|i meant)\s*`)

// correctedTail applies a follow-up's last self-correction: the clause
// right before the mark is withdrawn (earlier clauses stay), and a
// correction that only names a value ("哦不对，还是五万", "no wait,
// Ireland", "— sorry, 2 weeks —") is that clause with the value replaced
// ("粉丝改成五万", "make it Ireland", "tighten activity to 2 weeks").
// withdrawn is "" when the text has no correction mark or nothing on one
// side of it (a message that is only "撤销刚才那个" undoes nothing here: the
// mark needs something in the same message to take back).
func correctedTail(text string) (tail, withdrawn string) {
	locs := correctionMarks.FindAllStringIndex(text, -1)
	if len(locs) == 0 {
		return text, ""
	}
	mark := locs[len(locs)-1]
	before := strings.TrimRight(text[:mark[0]], " ,，;；.。!！—–-…")
	after := strings.TrimSpace(text[mark[1]:])
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
	if v := valueLeads.ReplaceAllString(first, ""); v != "" && utf8.RuneCountInString(v) <= 16 && !strings.Contains(v, " and ") {
		if loc := changeWords.FindAllStringIndex(clause, -1); len(loc) > 0 {
			first = clause[:loc[len(loc)-1][1]] + v
		} else if i := strings.LastIndexByte(clause, ' '); i > 0 && !fillerEnds[strings.ToLower(clause[i+1:])] {
			first = clause[:i+1] + v // "only english" → "only spanish"
		}
	}
	return kept + first + rest, clause
}
