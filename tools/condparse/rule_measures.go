package condparse

import "slices"

// A measure of the channels' content the catalog has no data for ("爆款率
// 高的", "完播率30%以上", "a high conversion rate", "good retention"):
// neither a ranking term made of its words nor a guessed preference (爆款
// is "strong recent performance", which 爆款率 is not) nor a count; it
// goes to Remainder with Role "measure", its qualifier and amount with
// it, and the box names it with the measures there are (audit 26, class
// 5).

// lackedMeasures are the rates and measures briefs ask for that the
// catalog does not hold (it holds followers, average views, engagement
// rate and the last post).
var lackedMeasures = []string{
	"爆款率", "出爆款率", "爆文率", "爆款比例", "爆款比率", "完播率", "播放完成率", "转化率", "带货转化率", "种草转化率", "粉丝转化率", "转粉率",
	"点赞率", "点击率", "复购率", "留存率", "涨粉率", "成交率", "分享率", "收藏率", "评论率", "退货率", "好评率",
	"conversion rate", "conversion rates", "completion rate", "completion rates", "watch-through rate", "view-through rate", "vtr",
	"retention", "retention rate", "audience retention", "click-through rate", "click through rate", "ctr", "hit rate", "viral rate",
	"virality rate", "like rate", "like ratio", "like-to-view ratio", "likes-to-views ratio", "share rate", "save rate",
	"watch time", "average watch time", "avg watch time", "average view duration", "avg view duration", "view duration",
}

// measureBefore qualify a lacked measure before it ("a high conversion
// rate"), measureAfter after it ("完播率高的", "转化率不错").
var (
	measureBefore = []string{"high", "higher", "good", "strong", "great", "solid", "decent", "low", "lower", "better", "best", "long", "longer", "short", "高", "好", "a"}
	measureAfter  = slices.Concat([]string{"高", "低", "好", "高的", "低的", "好的", "不错", "不错的", "很高", "较高", "要高", "高一点", "高一些", "高于", "低于",
		"above", "over", "below", "under", "at least", "at most", "of", "is", "around", "about", "以上", "以下", "左右"}, percentWords)
)

// lackedMeasure marks each lacked measure with what qualifies it as not
// applied.
func (st *state) lackedMeasure() {
	for k := 0; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind != tkLex || tk.role == roleCond || !slices.Contains(lackedMeasures, st.word(k)) {
			continue
		}
		from, to := k, k
		for p := st.prevSig(from); p >= 0 && st.toks[p].role != roleCond && slices.Contains(measureBefore, st.tokText(p)); p = st.prevSig(p) {
			from = p
		}
		for n := st.skipSpace(to + 1); n < len(st.toks) && st.toks[n].role != roleCond; n = st.skipSpace(n + 1) {
			w := st.tokText(n)
			if !(st.toks[n].kind == tkNum || slices.Contains(measureAfter, w) || w == "的" && to > k) {
				break
			}
			to = n
		}
		for j := from; j <= to; j++ {
			st.toks[j].role = roleFiller
			st.toks[j].audience = true // named with the measure, never dropped as frame
		}
		span := [2]int{st.toks[from].s, st.toks[to].e}
		st.remainder = append(st.remainder, span)
		st.measureRem = append(st.measureRem, span)
		st.unsupport = true
		k = to
	}
}
