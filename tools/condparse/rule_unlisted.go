package condparse

import (
	"strings"

	"searchagent/tools/taxonomy"
)

// unlistedNames are the lower-case spellings of taxonomy.UnlistedCountries.
var unlistedNames = func() []string {
	var out []string
	for _, u := range taxonomy.UnlistedCountries {
		for _, n := range append([]string{u.ZH, u.EN}, u.Aliases...) {
			out = append(out, strings.ToLower(n))
		}
	}
	return out
}()

// unlistedTails are the words after a Latin country name that keep it a
// place ("Nepal creators", "Ghana or Kenya"); any other word after it
// makes the name part of a topic ("Nepal trekking", "Mongolian BBQ").
var unlistedTails = map[string]bool{"ones": true, "one": true, "creators": true, "channels": true, "accounts": true,
	"influencers": true, "streamers": true, "users": true, "people": true, "vloggers": true, "bloggers": true,
	"youtubers": true, "tiktokers": true, "instagrammers": true, "only": true, "too": true, "please": true,
	"and": true, "or": true, "is": true, "are": true, "with": true, "for": true, "in": true, "based": true,
	"either": true, "as": true, "then": true, "also": true, "nor": true}

// unlistedTailsZH are the words after a Chinese country name that keep it
// a place ("尼泊尔的", "蒙古和韩国", "柬埔寨博主"); any other word after it
// makes the name part of a word or topic ("斯里兰卡红茶", "增加纳入").
var unlistedTailsZH = []string{"的", "和", "与", "跟", "或", "、", "及", "以外", "之外", "除外", "本地", "当地", "博主", "达人",
	"网红", "创作者", "频道", "账号", "地区", "人", "籍", "华人", "留学生", "还有", "也", "都", "吧", "呢", "啊", "等", "那边",
	"这边", "这样", "那样", "，", ",", "。", ";", "；", " ", "/", "！", "？", "?", "!", ")", "）"}

// unlistedCountries names a country the catalog's country list does not
// have (taxonomy.UnlistedCountries: "Sri Lanka", 尼泊尔, Senegal) with
// ResidueUnlistedCountry (class C2): it cannot filter, so the notice says
// so; it is never a keyword, and a listed country beside it still
// filters. A Latin name is found only as a whole word and not before a
// topic word; a Chinese name only before a place's tail (unlistedTailsZH)
// or at the end, and 蒙古 not in 内蒙古. A word a condition already read
// is left as it is.
func (st *state) unlistedCountries() {
	st.nameMentions(unlistedNames, func(int, int) Residue { return ResidueUnlistedCountry }, func(low []rune, at, end int, latin bool) bool {
		return latin && !placeTopicAfter(low, end) || !latin && zhPlaceTail(low, at, end)
	})
}

// placeTopicAfter reports a Latin word right after position end (past one
// space) that is no unlistedTails word.
func placeTopicAfter(low []rune, end int) bool {
	w := latinWordAfter(low, end)
	return w != "" && !unlistedTails[w]
}

// zhPlaceTail reports that the Chinese name at [at,end) reads as a place:
// the text ends after it or a place's tail follows it, and it is not the
// 蒙古 of 内蒙古.
func zhPlaceTail(low []rune, at, end int) bool {
	if at > 0 && low[at-1] == '内' {
		return false
	}
	rest := string(low[end:])
	if rest == "" {
		return true
	}
	for _, w := range unlistedTailsZH {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}
