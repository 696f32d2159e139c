package condparse

import (
	"strings"
)

// Facts about the creators the catalog does not record (fixT): a
// compliance wish ("FDA-compliant", "GDPR-safe", 合规的), a past deal
// ("has worked with Nike", 合作过大牌的, 接过美妆广告的) and nearness to
// the writer without a place ("nearby", "near us", 附近的, 本地的). Each is
// named as not applied (ResidueUnrecorded), never a ranking term: the
// words would only rank channels that happen to say them.
var (
	enCompliance = mustRx(`(?i)\b(?:[a-z]{2,8}[\s-])?(?:compliant|compliance)(?:[\s-](?:friendly|first|minded|aware|safe|ready))?(?:\s+(?:messaging|content|claims|copy|language|posts|ads))?\b` +
		`|\b(?:fda|ftc|gdpr|coppa|asa|hipaa|ccpa|fca|sec|mhra|tga)[\s-](?:safe|approved|friendly|ready|certified|regulated|aligned)\b`)
	zhCompliance = mustRx(`(?:内容|宣传|广告)?合规(?:性)?|符合(?:广告法|法规|规定|监管要求|监管)`)
	enPastDeal   = mustRx(`(?i)\b(?:(?:who|that)\s+)?(?:has|have|'ve|had)\s+(?:already\s+|previously\s+|recently\s+)?(?:worked|partnered|collaborated|collabed|done\s+(?:deals|collabs|campaigns|sponsorships))\s+(?:with|for)\b` +
		`|\b(?:past|previous|prior)\s+(?:brand\s+)?(?:deals|collabs|collaborations|partnerships|sponsorships|campaigns)\b` +
		`|\b(?:brand\s+deal|sponsorship|collab)\s+(?:experience|history|track\s+record)\b`)
	zhPastDeal  = mustRx(`(?:接过|合作过|拍过|代言过|推广过|有过|做过)(?:[^，,。；;的\s]{0,8}?)(?:广告|推广|商单|合作|品牌|大牌|代言)[^，,。；;的\s]{0,4}|(?:接过|合作过)[^，,。；;的\s]{0,6}|有(?:过)?(?:品牌|商业)?合作经验|商单经验|合作经验`)
	enNearness  = mustRx(`(?i)\bnear(?:by)?\s+(?:us|me|here|our\s+(?:office|store|shop|studio))\b|\bnearby\b|\bclose\s+to\s+(?:us|me|home)\b|\bin\s+(?:my|our)\s+(?:area|city|town|neighbou?rhood)\b|\baround\s+here\b`)
	zhNearness  = mustRx(`(?:我们|我)?(?:附近|同城|本地|当地)(?:的)?`)
	zhLocalWord = mustRx(`^(?:附近|同城|本地|当地)(?:的)?(?:生活|化|服务|人)`)
)

// unrecorded names the spans of enCompliance, zhCompliance, enPastDeal,
// zhPastDeal and the nearness words: never inside an exclusion (a deal
// excluded is partnerFrame's), never over a token a rule placed.
func (st *state) unrecorded() {
	text := strings.ToLower(string(st.t.norm))
	for _, re := range []*rx{enCompliance, zhCompliance, enPastDeal, zhPastDeal, enNearness, zhNearness} {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if re == zhNearness && zhLocalWord.MatchString(text[m[0]:]) {
				continue // 本地生活, 本地化: words of their own
			}
			s, e := len([]rune(text[:m[0]])), len([]rune(text[:m[1]]))
			from, to, ok := -1, -1, true
			for k := range st.toks {
				tk := &st.toks[k]
				if tk.e <= s || tk.s >= e {
					continue
				}
				if tk.s < s || tk.e > e || tk.neg != 0 || tk.role == roleCond {
					ok = false
					break
				}
				if from < 0 {
					from = k
				}
				to = k
			}
			if !ok || from < 0 {
				continue
			}
			if p := st.prevSig(from); (re == zhNearness || re == enNearness) && p >= 0 && st.toks[p].kind == tkLex && st.toks[p].has(clsCountry) != nil {
				continue // "大阪附近": around a place named, no nearness to the writer (placeSurrounds)
			}
			if re == enPastDeal {
				to = st.dealObject(to)
			}
			// a category said inside the deal ("接过美妆广告的") still
			// reads: the creators who took beauty deals are beauty's
			var cats []int
			for k := from; k <= to; k++ {
				if st.free(k) && st.toks[k].kind == tkLex && st.toks[k].has(clsCategory) != nil {
					cats = append(cats, k)
				}
			}
			st.name(from, to, ResidueUnrecorded)
			for _, k := range cats {
				st.toks[k].role = roleNone
			}
			st.sig.Sentence = true
		}
	}
}

// dealObject extends a past deal said in English ("has worked with") over
// its object: up to three plain words ("Nike", "big beauty brands"),
// ending before punctuation, a preposition or a vocabulary word.
func (st *state) dealObject(to int) int {
	last, words := to, 0
	for k := st.skipSpace(to + 1); k < len(st.toks) && words < 3; k = st.skipSpace(k + 1) {
		tk := st.tok(k)
		if !st.free(k) || tk.kind != tkWord || tk.neg != 0 {
			break
		}
		last, words = k, words+1
	}
	return last
}
