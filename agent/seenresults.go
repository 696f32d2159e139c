package agent

import "regexp"

// Seen results (audit 37, T4): "exclude anyone we've seen", 不要之前看过的,
// "hide the ones from the first page". The session keeps no list of the
// channels a user has seen, so such a clause is said as not possible
// (with the next page as the way to new ones) and never becomes an
// excluded keyword ("seen") or a changed condition.

// seenCue is a clause that asks to leave out results already seen or
// shown.
var seenCue = regexp.MustCompile(`(?i)\b(?:exclude|excluding|skip|hide|leave\s+out|remove|drop|filter\s+out|ignore|no|without|not|none\s+of|don'?t\s+(?:show|give|include)|stop\s+showing|get\s+rid\s+of)\b.{0,40}?(?:\b(?:we|i|you)(?:'ve|\s+have)?\s+(?:already\s+)?(?:seen|shown|showed|saw|looked\s+at|went\s+through|been\s+shown)\b|\balready\s+(?:seen|shown|showed|saw|looked\s+at)\b|\b(?:seen|shown)\s+(?:before|already|earlier|so\s+far)\b|\b(?:the\s+)?(?:first|previous|last|earlier|prior|old)\s+(?:page|results|batch|list|set)\b|\banyone\s+seen\b)|` +
	`(?:不要|别|排除|去掉|过滤|隐藏|跳过|不再|不用再)[^，。,]{0,10}?(?:看过|看到过|见过|出现过|推荐过|给过|展示过|显示过|之前的结果|上一页|第一页|前一页|刚才那些|之前那些|上次的)|` +
	`(?:看过|看到过|见过|出现过|推荐过|给过|展示过|显示过|上一页|第一页|前一页)的?[^，。,]{0,8}?(?:不要|别再|别|排除|去掉|过滤|跳过|不用再|隐藏)`)

// seenNote says seen results cannot be left out and how to see new ones.
func (s *Session) seenNote() string {
	return pick(s.zh(), "未应用：系统不记录您看过哪些频道，无法排除看过的结果；条件未变，翻到下一页可以看到新的结果",
		"Not applied: this box keeps no record of the channels you have seen, so seen results cannot be left out; the conditions are unchanged, and the next page shows new ones")
}
