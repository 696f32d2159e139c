package agent

import (
	"regexp"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// bareCount is a follow-up that is only a count ("三万", "50k", "25,000";
// a small bare number, "3", may name a result or a page: not read),
// perhaps with a filler ("三万吧", "50k then", "make that"): it names the
// follower bound the session holds, never a keyword.
var bareCount = regexp.MustCompile(`(?i)^(?:(?:ok|okay|so|then|maybe|how about|what about|try)\s+)?([0-9][0-9.,]*\s*(?:k|m|w|万|千)|[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{4,}|[一二三四五六七八九十两百千万]*[千万])(?:\s+(?:then|instead|please|pls))?\s*(?:吧|呢|好了|就行|试试)?$`)

// bareWindow is a follow-up that is only a span of days ("60天", "两周",
// "3 weeks"): it names the activity window.
var bareWindow = regexp.MustCompile(`(?i)^([0-9]+|[一二三四五六七八九十两百半]+)\s*(days?|weeks?|months?|天|周|个?星期|个月|月)(?:\s+(?:then|instead|please|pls))?\s*(?:吧|呢|好了|就行|试试)?$`)

// bareValue reads a follow-up that is only a value (issue: a bare count
// became a hard tag keyword) as the condition it fits: a count sets the
// follower bound held on the same side ("三万" after 粉丝一万以上 is 粉丝三万
// 以上, after 五万以下 is 三万以下; with none held a floor), a span of days
// the activity window. With a range held the side is not clear: ask is
// the notice that says so instead of a change. ok is false for any other text.
func (t *turn) bareValue(text string) (clause, ask string, ok bool) {
	v := strings.TrimSpace(strings.Trim(strings.TrimSpace(text), ".。!！?？~，,"))
	zh := t.s.zh()
	if m := bareWindow.FindStringSubmatch(v); m != nil {
		return pick(zh, "最近"+m[1]+m[2]+"有更新", "active in the last "+m[1]+" "+m[2]), "", true
	}
	m := bareCount.FindStringSubmatch(v)
	if m == nil {
		return "", "", false
	}
	if rd, err := condparse.Read(m[1]); err == nil && len(rd.Conditions) > 0 {
		for _, c := range rd.Conditions {
			if c.Kind == condition.KindHard || c.Kind == condition.KindDerived {
				return "", "", false // the value names a condition by itself
			}
		}
	}
	n := m[1]
	lo, hi, held := t.s.heldCount(condition.Followers)
	switch {
	case held && lo > 0 && hi > 0:
		// said as a statement: the turn's one question is not spent here
		return "", pick(zh, "「"+n+"」没有说是粉丝数的下限还是上限，而当前条件是一个范围，所以条件未改；请说「"+n+"以上」或「"+n+"以下」",
			n+" does not say whether it is the minimum or the maximum, and the follower condition is a range, so nothing was changed: say \"at least "+n+"\" or \"at most "+n+"\""), true
	case held && hi > 0:
		return pick(zh, "粉丝"+n+"以下", "at most "+n+" followers"), "", true
	default:
		return pick(zh, "粉丝"+n+"以上", "at least "+n+" followers"), "", true
	}
}
