package condparse

import (
	"searchagent/tools/textmatch"
	"slices"
	"unicode"

	"strings"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/platform"
	scopepkg "searchagent/tools/scope"
	"searchagent/tools/taxonomy"
)

// Step 2 and 3 of spec 3.7.2: platform, country, language, category, soft
// preference and tier words.

// gluedLatin reports a Latin vocabulary word stuck to an unknown Latin word
// by a single space ("gaming headset", "active wear").
func (st *state) gluedLatin(i int) bool {
	for _, d := range []int{-1, 1} {
		k := i + d
		if st.tok(k).kind != tkSpace || st.tok(k).e-st.tok(k).s != 1 || !st.latinEdge(i, d > 0) {
			continue
		}
		if n := st.tok(k + d); (n.kind == tkWord || st.looseTopic(k+d)) && n.role == roleNone && st.latinEdge(k+d, d < 0) {
			return true
		}
	}
	return false
}

// contentVerbs are the verbs of making or posting content ("拍旅行vlog",
// "玩游戏的", "讲历史的", "平时发猫的", "mostly films camping"): the
// one-rune ones said alone right before a vocabulary word lead into it,
// never a part of it (audit 24, class F); after a posting adverb or a
// relative opening any of them leads into the topic (postingVerbs).
var contentVerbs = map[string]bool{"拍": true, "玩": true, "讲": true, "晒": true, "录": true, "发": true, "剪": true,
	"更": true, "更新": true, "发布": true, "上传": true, "分享": true,
	"film": true, "films": true, "filming": true, "shoot": true, "shoots": true, "shooting": true, "post": true, "posts": true,
	"upload": true, "uploads": true, "make": true, "makes": true, "cover": true, "covers": true}

// verbBefore reports a content verb standing alone right before token i:
// no unknown rune glued to it on its left ("拍美妆的", but not "自拍").
func (st *state) verbBefore(i int) bool {
	v := st.tok(i - 1)
	return v.kind == tkCJK && v.role == roleNone && v.e-v.s == 1 && contentVerbs[string(st.t.norm[v.s:v.e])] && !st.unknownCJK(i-2)
}

// glued reports a vocabulary word stuck to an unknown word: an adjacent
// unknown CJK rune, or an unknown Latin word one space away.
func (st *state) glued(i int) bool {
	for _, d := range []int{-1, 1} {
		n := st.tok(i + d)
		if n.role != roleNone || d < 0 && st.verbBefore(i) {
			continue
		}
		if (n.kind == tkCJK || st.looseTopic(i+d) && !st.latinEdge(i+d, d < 0)) && !st.latinEdge(i, d > 0) {
			return true
		}
		if (n.kind == tkWord || st.looseTopic(i+d) && st.latinEdge(i+d, d < 0)) && st.latinEdge(i, d > 0) {
			return true
		}
	}
	return st.gluedLatin(i)
}

// vocab turns platform, country, region, language, category, soft and tier
// words into conditions.
func (st *state) vocab() {
	st.languageCodes()
	for i := 0; i < len(st.toks); i++ {
		tk := &st.toks[i]
		if !st.free(i) || tk.kind != tkLex {
			continue
		}
		neg := tk.neg
		from, to := i, i
		trig := st.trigger(i)
		var pc *pcond
		switch {
		case tk.has(clsTier) != nil && (!tk.has(clsTier).beforeNoun || st.nounFollows(i) || neg == 1 || st.tierAsValue(i)):
			e := tk.has(clsTier)
			lo, hi := e.lo, e.hi
			if neg == 0 && st.afterNegatedCount(i) {
				// "不要百万级的大号": the size word after a count left
				// out is that count's noun, left out with it
				tk.role = roleFiller
				continue
			}
			if neg == 1 {
				// "but not mega", "不要头部大号": a top tier left out caps
				// the count under it, a bottom one floors it above it
				// (audit 31); the middle tier left out ("no mid-tier") is
				// no one range, and never the tier itself
				switch {
				case lo >= 500_000:
					// "not macro", "no mega influencers": not that big
					pc = countCond(condition.Followers, 0, lo, false, true)
				case hi <= 100_000:
					// "not nano", "no micro accounts": not that small
					pc = countCond(condition.Followers, hi, 0, true, false)
				default:
					// named as not understood, never the tier, and the
					// sentence stays a sentence
					tk.role = roleFiller
					st.remainder = append(st.remainder, [2]int{tk.s, tk.e})
					st.sig.Sentence = true
					continue
				}
				pc.sizeLeftOut = true
				break
			}
			// "腰部往下", "mid-tier and below": the tier and everything
			// under it; "头部往上"/"and up": it and above.
			if n := st.skipSpace(i + 1); st.free(n) {
				rest := strings.ToLower(string(st.t.norm[st.toks[n].s:]))
				for _, d := range tierDirections {
					if !strings.HasPrefix(rest, d.words) {
						continue
					}
					switch {
					case d.lean && d.down:
						// "腰部偏下", "mid-tier or a bit below": the
						// tier moved half a step down
						lo, hi = lo/2, hi/2
					case d.lean:
						lo, hi = lo*2, min(hi*2, MaxCount)
					case d.down:
						lo = 0
					default:
						hi = MaxCount
					}
					// the direction's tokens belong to the tier
					for to = n; to+1 < len(st.toks) && st.toks[to+1].s < st.toks[n].s+utf8.RuneCountInString(d.words); to++ {
					}
					break
				}
			}
			pc = countCond(condition.Followers, lo, hi, lo > 0, hi < MaxCount)
			pc.c.Kind, pc.c.Priority, pc.c.Source = condition.KindDerived, 3, condition.SourceAgentInferred
			if lo == e.lo && hi == e.hi {
				pc.c.Label = Label{ZH: e.label.ZH, EN: e.label.EN}
			}
		case tk.has(clsSoft) != nil:
			e := tk.has(clsSoft)
			if isLatinWord(e.word) && st.gluedLatin(i) {
				tk.glued = true
				continue
			}
			op := condition.OpPrefer
			if neg > 0 {
				op = condition.OpAvoid
			}
			pc = newCond(condition.KindSoft, condition.Preference, op, StringValue(e.code))
			pc.c.Label = e.label
		case tk.has(clsPlatform) != nil || tk.has(clsCreatorPlatform) != nil:
			e := tk.has(clsPlatform)
			weak := false
			if e == nil {
				e, weak = tk.has(clsCreatorPlatform), true
			}
			pc = st.vocabCond(condition.Platform, []string{e.code}, neg)
			pc.weak = weak
			// "TikTok 上", "油管平台", "推特上面的", "ins里面", "推特用户":
			// the postposition or account noun belongs to it.
			to = st.platformTail(i)
		case (tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil) && neg == 0 && st.countryAsTopic(i):
			// "讲英国历史的", "Japanese culture explainers": the place is
			// what the content is about, not where the creators are.
			tk.role = roleContent
			if st.visitedPlace(i) {
				st.dropVisitMark(i) // "去过冰岛": 冰岛 ranks
			}
			if n := st.skipSpace(i + 1); st.originBesideBase(i) && (st.tok(n).has(clsCategory) != nil || st.tok(n).has(clsTopic) != nil) {
				// "Korean skincare … based in the US": the origin ranks
				// with the thing it qualifies, which still picks its
				// category (audit 29).
				tk.role = roleFiller
				st.conds = append(st.conds, st.phraseTerm(i, n))
			}
			continue
		case tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil:
			ce, le := tk.has(clsCountry), tk.has(clsLanguage)
			if ce != nil && le != nil && !st.languageContext(i) {
				le = nil
			}
			if le != nil {
				// absorb "说/讲/speak" before and "-speaking/language" after.
				if p := st.prevSig(i); st.free(p) && (isLangVerb(st.word(p)) || st.toks[p].kind == tkCJK && st.tokText(p) == "用") && trig < 0 {
					// "用英语做视频的": 用 names the language spoken too
					from = p
				}
				if n := st.skipSpace(i + 1); st.free(n) && isLangSuffix(st.word(n)) {
					to = n
				}
				// "posting in English", "tweets in French", "用英文发推":
				// how the creators post is the language's frame (audit 28)
				if p := st.prevSig(from); trig < 0 && st.free(p) && st.word(p) == "in" {
					if v := st.prevSig(p); st.free(v) && postingVerbs[strings.ToLower(st.tokText(v))] {
						from = v
					}
				}
				to = st.postingAfter(to)
				codes := []string{le.code}
				if le.codes != nil {
					codes = le.codes // "中英文": Chinese and English
				}
				label := le.label
				if len(codes) == 1 {
					// "Brazilian Portuguese", "Latin American Spanish",
					// "台湾国语": the place names the variant, never where
					// the creators are (fixQ class 4)
					if vl, p := st.variantLabel(i, codes[0], le.variety); vl.EN != "" {
						label = vl
						st.variantPlace(p)
						from = min(from, p)
					}
				}
				if neg > 0 && label.EN != "" {
					// "不要讲普通话的", "not Latin American Spanish": a
					// dialect, variant or mix left out is never its whole
					// language, which the catalog cannot tell apart from
					// it; named as not applied (audit 27).
					st.variantExcluded(trig, from, i, to)
					i = to
					continue
				}
				pc = st.vocabCond(condition.Language, codes, neg)
				if label.EN != "" {
					pc.names = []Label{label} // a dialect or variant: named as not filtered
				}
			} else {
				codes := ce.codes
				if codes == nil {
					codes = []string{ce.code}
				}
				pc = st.vocabCond(condition.Country, codes, neg)
				if ce.codes != nil {
					pc.names = []Label{ce.label}
				}
			}
		case (tk.has(clsCategory) != nil || tk.has(clsTopic) != nil) && neg == 0 && st.governed(i) && !st.namesCreators(i):
			// "风格搞笑", "we're a skincare brand": a style wish or the
			// advertiser's product ranks, it never picks the category.
			tk.role = roleContent
			continue
		case tk.has(clsTopic) != nil && (st.glued(i) && !st.goodsAfter(i) || st.tok(i-1).glued || st.tok(i+1).glued):
			// "游戏耳机", "premium headphones": a word glued to it makes one
			// term of both.
			tk.role = roleContent
			continue
		case (tk.has(clsTopic) != nil || tk.has(clsCategory) != nil) && neg == 0 && st.cuedWord(i):
			// "关键词：露营", "必须提到蛋白粉": a vocabulary word the user
			// marked is a hard keyword as typed, as any marked word is
			// (audit 35, F3)
			pc = newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, StringValue(string(st.t.orig[tk.s:tk.e])))
			pc.c.Scope = scopepkg.Tags
			st.sig.Keyword = true
		case tk.has(clsTopic) != nil:
			var term *pcond
			pc, term = st.topicCond(i, neg)
			if term != nil {
				st.sig.Category = true
				st.conds = append(st.conds, term)
				// "烘焙教学", "枪械测评": the content form belongs to it.
				if n := st.skipSpace(i + 1); st.formAt(n) {
					if n == i+1 || st.latinEdge(i, true) {
						to = n
					}
				}
				last := i
				if to > i && st.tok(to).has(clsForm) != nil {
					last = to // "烘焙教学", "baking tutorials" (namedMore)
				}
				if k := st.kindNounAfter(to); k >= 0 {
					last = k // "dog groomers", "猫咪摄影师"
				}
				if last > i {
					// what the subtopic is said with ranks with it, beside
					// the subtopic's own term (audit 24, class I)
					pt := st.phraseTerm(i, last)
					pt.topicTerm = true // undone with the subtopic in terse input
					st.conds = append(st.conds, pt)
				}
			}
		case tk.has(clsCategory) != nil:
			if st.glued(i) && !st.namesCreators(i) && !st.slashItemHead(i) && !st.goodsAfter(i) {
				tk.glued = true
				continue
			}
			if st.verbBefore(i) {
				st.toks[i-1].role = roleFiller // "拍旅行vlog": the verb is frame
			}
			if neg == 0 && st.glued(i) && st.slashItemHead(i) {
				// "X / 新闻时政评论 / 印度": the item's rest ranks.
				st.toks[i+1].itemRest = true
			}
			if neg > 0 && st.wantedAsOther(i) {
				// "户外博主，不要露营": 露营 is one kind of the outdoor wanted
				// here, so the words are excluded, not the category.
				tk.role = roleContent
				continue
			}
			if neg > 0 && !taxonomy.NamesWholeCategory(tk.has(clsCategory).code, st.tokText(i)) && !st.lx.outlets[st.word(i)] &&
				creatorNounCategories[st.word(i)] != tk.has(clsCategory).code {
				// (a creator noun of the category, "no gamers", names
				// its whole kind: fixZ3, class Z5)
				// "no toy ads", "不要吃播", "skip football": a word the
				// category merely files names a finer topic; that topic is
				// what is left out, never the whole category (fixT).
				tk.role = roleContent
				continue
			}
			pc = st.vocabCond(condition.Category, []string{tk.has(clsCategory).code}, neg)
			st.sig.Category = st.sig.Category || neg == 0
			// "汽配评测", "tech reviewers": the content form belongs to it.
			if n := st.skipSpace(i + 1); st.formAt(n) {
				if n == i+1 || st.latinEdge(i, true) {
					to = n
				}
			}
			if neg == 0 {
				st.namedMore(i, to)
			}
		default:
			continue
		}
		if neg == 2 && pc.c.Kind == condition.KindHard {
			pc.c.Kind, pc.c.Priority, pc.c.Status = condition.KindSoft, 2, condition.StatusReference
		}
		if neg == 0 && pc.c.Kind == condition.KindHard {
			// "you lost the Germany filter", "英语这个要求": the noun names
			// the value as a condition, no word to rank (audit 27)
			st.conditionNounAfter(to)
		}
		if trig >= 0 {
			from = trig
		}
		if n := st.skipSpace(to + 1); neg > 0 && n < len(st.toks) && st.toks[n].has(clsExcludeEnd) != nil && st.toks[n].neg > 0 {
			to = n // "除了游戏以外"
		}
		var pref *pcond
		if pc.c.Field == condition.Preference && pc.c.Op == condition.OpPrefer && pc.c.Value.Str == "consistent" && !st.calOnly {
			// "posting regularly", 经常更新: a channel that posts
			// regularly has not gone quiet; regularPostingDays bounds
			// activity (and holds the words, so a hedge before them
			// softens it) beside the preference that ranks (audit 25).
			pref, pc = pc, activityCond(regularPostingDays)
			pc.recent = true
		}
		st.add(pc, from, to)
		if pref != nil {
			pref.s, pref.e = pc.s, pc.e
			st.conds = append(st.conds, pref)
		}
		if pc.c.Kind == condition.KindHard && pc.c.Field == condition.Category && !pc.neg {
			pc.weak = true // a category alone keeps keyword shape
		}
		i = to
	}
}

// variantLabel is the label of the language code said at i right after
// a place ("Brazilian Portuguese", "Latin American Spanish", "巴西葡语"):
// the language the catalog records, naming the variant as not filtered;
// an empty label when no place is said right before it.
func (st *state) variantLabel(i int, code string, variety Label) (Label, int) {
	p := i - 1
	if st.tok(p).kind == tkSpace && st.latinEdge(i, false) {
		p--
	}
	if p < 0 || p == i-1 && st.latinEdge(i, false) || st.tok(p).kind != tkLex || st.tok(p).has(clsCountry) == nil ||
		st.toks[p].role != roleCond && !st.free(p) || st.t.norm[st.toks[p].e-1] == '的' {
		// "巴西的葡语博主": the place with its 的 says where the
		// creators are, not which Portuguese
		return Label{}, -1
	}
	lt, ok := st.lx.languages[code]
	if !ok {
		return Label{}, -1
	}
	place := strings.TrimSpace(string(st.t.orig[st.toks[p].s:st.toks[p].e]))
	if ce := st.tok(p).has(clsCountry); p < i-1 && (ce.code != "" && strings.EqualFold(place, st.lx.countries[ce.code].EN) || strings.EqualFold(place, ce.code)) {
		// "dance creators brazil portuguese": a country's own name in a
		// list is the country; a variant is said by its demonym
		// ("Brazilian Portuguese")
		return Label{}, -1
	}
	zh, en := place, place // the place as typed in its own script, else the vocabulary's name
	if ce := st.tok(p).has(clsCountry); isLatinWord(place) {
		zh = st.lx.countries[ce.code].ZH
		if ce.codes != nil {
			zh = ce.label.ZH
		}
	} else {
		en = st.lx.countries[ce.code].EN
		if ce.codes != nil {
			en = ce.label.EN
		}
	}
	if variety.EN != "" {
		// "台湾国语", "Hong Kong Cantonese": a place before a dialect
		zh, en = zh+variety.ZH, en+" "+variety.EN
	}
	return Label{ZH: lt.ZH + "（" + zh + "，不按变体筛选）", EN: lt.EN + " (" + en + "; the variant is not filtered)"}, p
}

// variantPlace drops the country read from the place at p alone, when it
// names a variant of the language after it ("European Portuguese" is no
// filter on Europe, "巴西葡语" none on Brazil): the catalog records the
// language, and the label names the variant as not filtered.
func (st *state) variantPlace(p int) {
	c := st.tokCond[p]
	if c == 0 {
		return
	}
	pc := st.conds[c-1]
	if pc.c.Field == condition.Country && pc.s == st.toks[p].s && pc.e == st.toks[p].e && len(pc.more) == 0 {
		pc.dropped = true
	}
}

// variantExcluded names a dialect, variant or mix excluded at tokens
// [from, to] (with the exclusion word trig, when nothing else lies
// between) as not applied (ResidueDialect): no condition.
func (st *state) variantExcluded(trig, from, i, to int) {
	if trig >= 0 && trig < from && !slices.ContainsFunc(st.toks[trig+1:from], func(tk token) bool { return tk.role == roleCond }) {
		from = trig
	}
	for k := from; k <= to; k++ {
		if st.toks[k].role == roleNone || k == i {
			st.toks[k].role = roleFiller
		}
		st.toks[k].neg = 0
	}
	span := [2]int{st.toks[from].s, st.toks[to].e}
	st.dialectRem = append(st.dialectRem, span)
	st.remainder = append(st.remainder, span)
	st.unsupport = true // a condition said, not a keyword
}

// regularPostingDays is the activity window of posting regularly said
// with no period ("posting regularly", 经常更新, "consistent uploads"):
// the loosest that still means the channel has not gone quiet, a
// quarter, since "regularly" names no period (a period said is the
// frequency's own window: "posting weekly" is 7 days).
const regularPostingDays = 90

// namedMore ranks the words a category word at i is said with when they
// say more than the category: a teaching form it absorbed (through token
// to: "makeup tutorials", "美妆教程"; tutorials are another category's
// content, education's, as formCategories reads them) or a person noun
// of a trade right after it ("pet groomers", "宠物美容师", "makeup
// artists"). The category filters; the words rank, shown as a chip
// (audit 24, class I); so does a form of selling ("美妆种草", "美妆带货":
// sellingForms, audit 27). A review form ("汽配评测", "tech reviewers")
// is how the taxonomy names the category itself ("tech reviews", "汽车
// 评测" are its aliases): the category's own words rank it unseen (the
// agent's topicOf).
func (st *state) namedMore(i, to int) {
	if to > i && st.tok(to).has(clsForm) == nil && !sellingForms[st.tokText(to)] {
		to = i
	}
	if k := st.kindNounAfter(to); k >= 0 {
		to = k
	}
	if to <= i {
		return
	}
	st.conds = append(st.conds, st.phraseTerm(i, to))
}

// phraseTerm is the ranking term of tokens i..to as typed, a misspelt
// word in it as the lexicon spells it ("watercolour artsts" ranks as
// "watercolour artists").
func (st *state) phraseTerm(i, to int) *pcond {
	var b strings.Builder
	for k := i; k <= to; k++ {
		tk := &st.toks[k]
		if tk.corrected && len(tk.ents) > 0 {
			b.WriteString(tk.ents[0].word)
			continue
		}
		b.WriteString(string(st.t.orig[tk.s:tk.e]))
	}
	term := rankingTerm(StringValue(b.String()))
	term.s, term.e = st.toks[i].s, st.toks[to].e
	return term
}

// kindNounAfter returns the person noun of a trade (lexEntry.kind) right
// after token to, or -1.
func (st *state) kindNounAfter(to int) int {
	n := st.skipSpace(to + 1)
	if !st.free(n) || n > to+1 && !(st.plainSpace(to+1) && st.latinEdge(to, true)) {
		return -1
	}
	if e := st.tok(n).has(clsCreator); e != nil && e.kind {
		return n
	}
	return -1
}

// looseTopic reports a subtopic word no rule has used yet: next to a
// vocabulary word of another category it glues like an unknown word
// ("游戏耳机", "premium headphones"); next to its own category it does not
// ("sports highlights", "美食烘焙").
func (st *state) looseTopic(i int) bool {
	tk := st.tok(i)
	if tk.kind != tkLex || tk.role != roleNone || tk.has(clsTopic) == nil || tk.has(clsCategory) != nil {
		return false
	}
	for _, k := range []int{i - 1, i + 1, i - 2, i + 2} {
		if c := st.tok(k).has(clsCategory); c != nil && c.code == tk.has(clsTopic).code && (k == i-1 || k == i+1 || st.tok((k+i)/2).kind == tkSpace) {
			return false
		}
	}
	return true
}

// namesCreators reports a category word that names the kind of creators
// wanted: a creator noun follows it in the same clause, with at most a
// content form, a 的, and one more word or two CJK runes between ("独立游戏评测的
// 博主", "动漫区的up主", "beauty creators", "comedy channels"). Such a word
// is the creators' category even when a word is glued to it on the left
// ("独立游戏" → gaming + ranking term 独立) or it sits in the advertiser's
// own clause ("we're a skincare brand … partner with beauty creators").
func (st *state) namesCreators(i int) bool {
	extra, form := 0, false
	for k := i + 1; k < len(st.toks) && k <= i+6; k++ {
		tk := &st.toks[k]
		switch {
		case tk.kind == tkSpace:
		case tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil:
			return true
		case tk.kind == tkPunct, tk.neg != 0:
			// "做独立游戏评测的吗": a category with its content form ends
			// the description of whom the user wants.
			return form
		case st.formAt(k):
			form = true
		case tk.has(clsDe) != nil:
		case tk.kind == tkCJK && extra < 2:
			extra++ // "美食探店博主": a two-rune kind of the category
		default:
			return form && (tk.has(clsDe) != nil || tk.has(clsFiller) != nil)
		}
	}
	return form
}

// formAt reports a free content form at token n that the topic or
// category word before it absorbs: "评测", "reviewers", "教程", "tutorials".
func (st *state) formAt(n int) bool {
	if !st.free(n) {
		return false
	}
	tk := st.tok(n)
	return tk.has(clsFiller) != nil && tk.has(clsFiller).form || tk.has(clsForm) != nil
}

// wantedAsOther reports, for an excluded category word at i, a wanted word
// of another spelling for the same category, or of one of its subtopics,
// elsewhere in the input.
func (st *state) wantedAsOther(i int) bool {
	e := st.toks[i].has(clsCategory)
	for k := range st.toks {
		o := &st.toks[k]
		if k == i || o.neg != 0 || o.kind != tkLex || o.glued {
			continue
		}
		if oe := o.has(clsCategory); oe != nil && oe.code == e.code && oe.word != e.word {
			return true
		}
		if oe := o.has(clsTopic); oe != nil && oe.code == e.code {
			// "插画博主，不要摄影类": a subtopic of the category is wanted.
			return true
		}
	}
	return false
}

// hedges turn the condition right after "最好/尽量/ideally/prefer" into a
// soft preference: a wish is never a hard filter.
func (st *state) hedges() {
	for i := range st.toks {
		if !st.free(i) || st.toks[i].has(clsHedge) == nil || st.acceptedBefore(i) {
			continue
		}
		j := st.skipSpace(i + 1)
		for n := 0; n < 3 && st.free(j) && isFillerLex(&st.toks[j]) && st.toks[j].has(clsExclude) == nil; n++ {
			j = st.skipSpace(j + 1)
		}
		if st.hedgeLabel(i) {
			// "Nice to have: home battery reviews", "加分项：装备测评": a
			// template row's label hedges its own row, never the row
			// before it (audit 33, class S3)
			continue
		}
		if postHedges[st.word(i)] && st.hedgedBefore(i) >= 0 {
			// "美国或加拿大优先的美食博主": a hedge said after what it
			// qualifies ("优先", "preferred") closes it, whatever comes
			// next (audit 23, class 7).
			j = st.hedgedBefore(i)
		} else if j >= len(st.toks) || st.tokCond[j] == 0 {
			// "英文频道优先", "US-based preferred": a hedge that closes its
			// clause softens the condition right before it.
			if j < len(st.toks) && !(st.toks[j].kind == tkPunct && isClauseSep(st.t.norm[st.toks[j].s])) {
				continue
			}
			if j = st.hedgedBefore(i); j < 0 {
				continue
			}
		}
		pc := st.conds[st.tokCond[j]-1]
		if pc.c.Kind != condition.KindHard {
			continue
		}
		pc.c.Kind, pc.c.Priority, pc.c.Status = condition.KindSoft, 2, condition.StatusReference
		st.toks[i].role = roleFiller
		st.sig.Sentence = true // a wish is a brief, never keyword material
		st.hedgeList(j, pc)
		st.hedgeListBack(j, pc)
	}
}

// acceptedBefore reports a hedge at i that is part of an acceptance of
// the value right before it ("Belgium would work as well", "Spain would
// work too"): the value is added as wanted as the first, never a wish
// (fixQ class 5).
func (st *state) acceptedBefore(i int) bool {
	p := st.prevSig(i)
	if p < 0 || st.tokCond[p] == 0 || st.conds[st.tokCond[p]-1].c.Kind != condition.KindHard {
		return false
	}
	rest := string(st.t.norm[st.toks[p].e:])
	m := acceptedAfter.FindStringIndex(rest)
	return m != nil && st.toks[p].e+len([]rune(rest[:m[1]])) >= st.toks[i].e
}

// postHedges are the hedges said after what they qualify.
var postHedges = map[string]bool{"优先": true, "为佳": true, "者为佳": true, "为宜": true, "更佳": true, "更好": true, "较好": true, "比较好": true, "preferred": true, "a plus": true,
	"is a plus": true, "nice to have": true, "bonus": true, "a bonus": true, "is a bonus": true, "would be a bonus": true, "a big bonus": true,
	"would be a plus": true, "a big plus": true, "big plus": true, "加分": true, "加分项": true, "是加分项": true, "会加分": true,
	"有加分": true, "算加分": true, "更加分": true}

// hedgeListBack softens the values listed before a hedged one ("新加坡、
// 马来西亚优先", "US or Canada preferred", "德国荷兰瑞典优先"): a hedge that
// closes a list governs every item of it (audit 23, class 7).
func (st *state) hedgeListBack(j int, pc *pcond) {
	id := st.tokCond[j]
	for j > 0 && st.tokCond[j-1] == id {
		j--
	}
	for {
		k := st.prevSig(j)
		if k < 0 {
			return
		}
		tk := st.tok(k)
		if st.tokCond[k] != 0 && (st.placeTok(k) || st.placeTok(j)) {
			return // "美国加州那边的最好": the state narrows its country, no list
		}
		if st.tokCond[k] == 0 {
			// a run written without separators ("德国荷兰瑞典优先") is a
			// list as much as one with them: a value of the same field
			// right before continues it (audit 36, P4). A comma is left
			// out: "UK, Germany preferred" may keep the UK as asked.
			if !(tk.kind == tkLex && tk.has(clsAnd) != nil || tk.kind == tkPunct && (st.t.norm[tk.s] == '、' || st.t.norm[tk.s] == '/')) {
				return
			}
			k = st.prevSig(k)
		}
		if k < 0 || st.tokCond[k] == 0 {
			return
		}
		prev := st.conds[st.tokCond[k]-1]
		if prev.c.Field != pc.c.Field || prev.neg {
			return
		}
		if prev.c.Kind == condition.KindHard {
			prev.c.Kind, prev.c.Priority, prev.c.Status = condition.KindSoft, 2, condition.StatusReference
		}
		id = st.tokCond[k]
		for j = k; j > 0 && st.tokCond[j-1] == id; j-- {
		}
	}
}

// hedgeList softens the values listed with a hedged one ("最好是英国或者
// 澳洲的", "ideally the UK or Ireland"): the hedge governs the list.
func (st *state) hedgeList(j int, pc *pcond) {
	id := st.tokCond[j]
	for j < len(st.toks) && st.tokCond[j] == id {
		j++
	}
	for {
		k := st.skipSpace(j)
		tk := st.tok(k)
		if !(tk.kind == tkLex && tk.has(clsAnd) != nil || tk.kind == tkPunct && (st.t.norm[tk.s] == '、' || st.t.norm[tk.s] == '/')) {
			return
		}
		k = st.skipSpace(k + 1)
		if k >= len(st.toks) || st.tokCond[k] == 0 {
			return
		}
		next := st.conds[st.tokCond[k]-1]
		if next.c.Field != pc.c.Field || next.c.Kind != condition.KindHard || next.neg {
			return
		}
		next.c.Kind, next.c.Priority, next.c.Status = condition.KindSoft, 2, condition.StatusReference
		id = st.tokCond[k]
		for j = k; j < len(st.toks) && st.tokCond[j] == id; j++ {
		}
	}
}

// hedgedBefore returns the token of the condition a clause-closing hedge
// at i softens: the nearest condition before it in its clause, with only
// creator nouns, 的 and filler between, or -1.
func (st *state) hedgedBefore(i int) int {
	for k, n := st.prevSig(i), 0; k >= 0 && n < 3; k, n = st.prevSig(k), n+1 {
		tk := &st.toks[k]
		switch {
		case st.tokCond[k] != 0:
			return k
		case tk.kind == tkPunct:
			return -1
		case tk.kind == tkLex && (tk.has(clsCreator) != nil || tk.has(clsDe) != nil || isFillerLex(tk)):
		default:
			return -1
		}
	}
	return -1
}

// trigger returns the exclusion word right before token i when i is the
// first item of an exclusion object, else -1.
func (st *state) trigger(i int) int {
	if st.toks[i].neg == 0 {
		return -1
	}
	p := st.prevSig(i)
	// skip "太" and other filler inside the object: "不要太商业化".
	for p >= 0 && st.toks[p].neg > 0 && st.toks[p].has(clsExclude) == nil && !st.minusPrefix(p) && isFillerLex(&st.toks[p]) &&
		(st.toks[p].role == roleFiller || st.toks[p].role == roleNone) {
		p = st.prevSig(p)
	}
	if p >= 0 && (st.toks[p].has(clsExclude) != nil || st.minusPrefix(p)) && st.toks[p].neg > 0 {
		// and a hedge before it: "最好不要".
		if h := st.prevSig(p); h >= 0 && st.toks[h].has(clsHedge) != nil && st.toks[h].role == roleFiller && st.toks[i].neg == 2 {
			return h
		}
		return p
	}
	return -1
}

func (st *state) vocabCond(f condition.Field, codes []string, neg uint8) *pcond {
	var pc *pcond
	switch {
	case neg > 0:
		pc = newCond(condition.KindHard, f, condition.OpNotIn, StringsValue(codes...))
		pc.neg = true
	case len(codes) == 1:
		pc = newCond(condition.KindHard, f, condition.OpEq, StringValue(codes[0]))
	default:
		pc = newCond(condition.KindHard, f, condition.OpIn, StringsValue(codes...))
	}
	pc.codes = codes
	pc.names = st.namesFor(f, codes)
	return pc
}

// namesFor returns the display names of vocabulary codes.
func (st *state) namesFor(f condition.Field, codes []string) []Label {
	out := make([]Label, 0, len(codes))
	for _, c := range codes {
		var t taxonomy.Term
		var ok bool
		switch f {
		case condition.Country:
			t, ok = st.lx.countries[c]
		case condition.Language:
			t, ok = st.lx.languages[c]
		case condition.Category:
			t, ok = st.lx.categories[c]
		case condition.Platform:
			n := platform.Platform(c).Label("en")
			out = append(out, Label{ZH: n, EN: n})
			continue
		}
		if ok {
			out = append(out, Label{ZH: t.ZH, EN: t.EN})
		} else {
			out = append(out, Label{ZH: c, EN: c})
		}
	}
	return out
}

func isLangVerb(w string) bool {
	switch w {
	case "说", "讲", "使用", "speak", "speaks", "speaking":
		return true
	}
	return false
}

// postingVerbs say how creators put out their posts; before "in" and a
// language, or glued after one in Chinese, they are the language's frame.
var postingVerbs = map[string]bool{"posting": true, "posts": true, "post": true, "tweeting": true, "tweets": true, "tweet": true,
	"writing": true, "writes": true, "write": true, "blogging": true, "blogs": true, "publishing": true, "publishes": true,
	"creating": true, "creates": true, "making": true, "makes": true, "filming": true, "films": true, "streaming": true, "streams": true, "stream": true,
	"recording": true, "records": true, "uploading": true, "uploads": true, "captioning": true, "captions": true}

// postingFrame drops a posting verb no rule placed inside a sentence ("agents
// in Miami posting luxury home tours", "tweeting about chess"): that the
// creators post is what every channel does; what they post ranks (audit
// 28). Only the -ing and third-person forms: "post" and "posts" are
// nouns too.
func (st *state) postingFrame() {
	for i := range st.toks {
		if st.prevSig(i) < 0 || st.skipSpace(i+1) >= len(st.toks) {
			continue // "posting tips", "tips posting": a word of a keyword
		}
		tk := &st.toks[i]
		w := strings.ToLower(st.tokText(i))
		if (tk.kind == tkWord || tk.kind == tkLex) && tk.role == roleNone && tk.neg == 0 && postingVerbs[w] && (strings.HasSuffix(w, "ing") || w == "tweets") &&
			w != "making" && w != "creating" && w != "writing" && w != "recording" && w != "streaming" && w != "filming" {
			tk.role, tk.frameWord = roleFiller, true
		}
	}
}

// zhPostingVerbs are postingVerbs glued after a language ("用英文发推的").
var zhPostingVerbs = []string{"发推特", "发推文", "发推", "发帖子", "发帖", "发文章", "发文", "发动态", "发视频", "发内容", "写帖子", "写文章", "更新", "直播", "拍视频", "做视频", "写"}

// postingAfter returns the last token of a posting verb glued right after
// the language word ending at token to ("英文发推"), or to.
func (st *state) postingAfter(to int) int {
	n := to + 1
	if n >= len(st.toks) || !textmatch.IsCJK(st.t.norm[st.toks[n].s]) {
		return to
	}
	rest := string(st.t.norm[st.toks[n].s:])
	for _, v := range zhPostingVerbs {
		if !strings.HasPrefix(rest, v) {
			continue
		}
		end := st.toks[n].s + utf8.RuneCountInString(v)
		last := to
		for k := n; k < len(st.toks) && st.toks[k].e <= end; k++ {
			if !st.free(k) {
				return to
			}
			last = k
		}
		if st.toks[last].e == end {
			return last
		}
	}
	return to
}

func isLangSuffix(w string) bool {
	switch w {
	case "speaking", "-speaking", "speakers", "language", "languages", "lang", "langs", "母语", "语言":
		return true
	}
	return false
}

// languageContext decides a demonym ("German", "Spanish") is a language:
// after "in", "speak", "说", or before "speaking", "language".
func (st *state) languageContext(i int) bool {
	if st.toks[i].asLanguage {
		return true
	}
	// "spanish/english", "English/Mandarin": two languages joined by a
	// slash, as a bilingual channel is described.
	for _, k := range []int{st.skipSpace(i + 1), st.prevSig(i)} {
		if k < 0 || k >= len(st.toks) || st.toks[k].kind != tkPunct || st.t.norm[st.toks[k].s] != '/' {
			continue
		}
		o := st.skipSpace(k + 1)
		if k < i {
			o = st.prevSig(k)
		}
		if o >= 0 && o < len(st.toks) && st.toks[o].has(clsLanguage) != nil {
			return true
		}
	}
	for k, n := st.prevSig(i), 0; k >= 0 && n < 3; k, n = st.prevSig(k), n+1 {
		if w := strings.ToLower(st.tokText(k)); w == "bilingual" || w == "双语" {
			return true
		}
	}
	if p := st.prevSig(i); p >= 0 {
		switch st.word(p) {
		case "in", "speak", "speaks", "speaking", "说", "讲", "使用":
			return true
		}
	}
	if st.languageLabelled(i) {
		return true
	}
	n := st.skipSpace(i + 1)
	// "Korean 以外的语言": a language word after an except-word and 的.
	for k := 0; k < 3 && n < len(st.toks) && (st.toks[n].has(clsExcludeEnd) != nil || st.toks[n].has(clsDe) != nil); k++ {
		n = st.skipSpace(n + 1)
	}
	if n < len(st.toks) && isLangSuffix(st.word(n)) {
		return true
	}
	// "remove the spanish requirement", "the korean filter": a demonym
	// that names a condition is the language condition, what a search
	// says of its creators' speech (their country is said by its name).
	if n < len(st.toks) && isLatinWord(st.word(i)) && (conditionNouns[st.word(n)] || conditionNouns[st.tokText(n)]) {
		return true
	}
	// "no Spanish", "only Spanish or Portuguese.": a demonym that
	// qualifies no noun (it ends its clause, alone or in a list of
	// demonyms) names what people speak; "Spanish creators" and
	// "Spanish food" keep the country.
	if st.demonymEndsClause(i) {
		return true
	}
	if st.demonymOfContent(i) {
		return true
	}
	// "Brazil portuguese", "Canada French creators": a demonym right
	// after a country name that is no language names what people there
	// speak; the country is already said.
	if p := i - 1; p >= 0 && st.toks[p].kind == tkSpace && st.plainSpace(p) {
		if q := p - 1; q >= 0 && st.toks[q].kind == tkLex && st.toks[q].has(clsCountry) != nil && st.toks[q].has(clsLanguage) == nil {
			return true
		}
	}
	// "Korean or English", "英语和Korean": a demonym listed with a
	// language that is no country is a language too.
	for _, a := range []int{st.prevSig(i), st.skipSpace(i + 1)} {
		if a < 0 || a >= len(st.toks) || st.toks[a].kind != tkLex || st.toks[a].has(clsAnd) == nil {
			continue
		}
		b := st.skipSpace(a + 1)
		if a < i {
			b = st.prevSig(a)
		}
		if b >= 0 && b < len(st.toks) && st.toks[b].has(clsLanguage) != nil && st.toks[b].has(clsCountry) == nil {
			return true
		}
	}
	return false
}

// languageLabelled reports a demonym that is the value of a language
// label, alone or in a list: "language: Dutch", "| language | Dutch |",
// "language<TAB>Dutch", "languages = Dutch or German", "语言 | Dutch" (a
// brief's row names its field, whatever ends the cell).
func (st *state) languageLabelled(i int) bool {
	p := st.prevSig(i)
	for n := 0; p >= 0 && n < 4 && slices.Contains(listWords, st.tokText(p)); n++ {
		h := st.prevSig(p)
		if h < 0 || st.toks[h].has(clsLanguage) == nil {
			return false
		}
		p = st.prevSig(h)
	}
	if p < 0 {
		return false
	}
	l := p
	if w := st.tokText(p); slices.Contains(labelSeps, w) || w == "|" || w == "｜" {
		l = st.prevSig(p)
	} else if p+1 >= i || !strings.ContainsRune(string(st.t.norm[st.toks[p+1].s:st.toks[p+1].e]), '\t') {
		return false // a label and its value apart only by a tab
	}
	return l >= 0 && codeLabels[strings.ToLower(st.tokText(l))] == clsLanguage
}

// demonymOfContent reports a demonym (alone or in an "or/and" list of
// demonyms) before "content": "japanese or korean content", "Spanish
// content only" name the language of what is posted, in any case;
// "Japanese content creators" are creators from Japan.
func (st *state) demonymOfContent(i int) bool {
	if !isLatinWord(st.word(i)) {
		return false
	}
	n := st.skipSpace(i + 1)
	for n < len(st.toks) {
		tk := &st.toks[n]
		if tk.kind == tkLex && (tk.has(clsAnd) != nil || tk.has(clsCountry) != nil && tk.has(clsLanguage) != nil && isLatinWord(st.word(n))) {
			n = st.skipSpace(n + 1)
			continue
		}
		break
	}
	if n >= len(st.toks) || !contentNouns[strings.ToLower(st.tokText(n))] {
		return false
	}
	k := st.skipSpace(n + 1)
	if k < len(st.toks) && (st.toks[k].has(clsCreator) != nil || st.toks[k].has(clsCreatorPlatform) != nil || contentMakers[strings.ToLower(st.tokText(k))]) {
		return false
	}
	return true
}

// contentNouns say what is posted: a demonym before one is its language.
var contentNouns = map[string]bool{"content": true, "contents": true}

// contentMakers after "content" make it the makers' trade ("content
// creators"), no language.
var contentMakers = map[string]bool{"creator": true, "creators": true, "maker": true, "makers": true, "producer": true, "producers": true}

// demonymEndsClause reports a demonym (a word that is both a country and a
// language) followed, past any "or/and" list of other such words, by the
// end of its clause: the end of the input or a clause separator.
func (st *state) demonymEndsClause(i int) bool {
	if !isLatinWord(st.word(i)) {
		return false
	}
	n := st.skipSpace(i + 1)
	for n < len(st.toks) {
		tk := &st.toks[n]
		switch {
		case tk.kind == tkLex && tk.has(clsAnd) != nil,
			tk.kind == tkLex && tk.has(clsCountry) != nil && tk.has(clsLanguage) != nil && isLatinWord(st.word(n)):
			n = st.skipSpace(n + 1)
			continue
		}
		break
	}
	if n < len(st.toks) && (st.word(n) == "anymore" || st.word(n) == "any more") {
		// "no need for portuguese anymore": the clause ends after it
		n = st.skipSpace(n + 1)
	}
	if n >= len(st.toks) {
		return true
	}
	tk := &st.toks[n]
	if tk.kind == tkPunct && strings.ContainsRune(",，、;；。.!！?？)）", st.t.norm[tk.s]) {
		return true
	}
	// "Portuguese only", "Spanish only please": "only" closing the
	// clause restricts the speech, also beside a country of that name
	// (audit 37, class R4).
	if w := strings.ToLower(st.tokText(n)); w == "only" || w == "only please" {
		k := st.skipSpace(n + 1)
		if k < len(st.toks) && strings.EqualFold(st.tokText(k), "please") {
			k = st.skipSpace(k + 1)
		}
		if k >= len(st.toks) || st.toks[k].kind == tkPunct && strings.ContainsRune(",，、;；。.!！?？)）", st.t.norm[st.toks[k].s]) {
			return true
		}
	}
	// "Spanish a bonus", "French is a plus": a wish said after it closes
	// it, as a clause's end does.
	if tk.kind == tkLex && tk.has(clsHedge) != nil && postHedges[st.word(n)] {
		return true
	}
	// "Portuguese is ok too", "spanish works as well": an acceptance
	// said of it is said of the language, as at a clause's end.
	rest := strings.ToLower(string(st.t.norm[tk.s:]))
	for _, p := range acceptanceTails {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	if acceptedAfter.MatchString(" " + rest) {
		return true // "Spanish would be fine too"
	}
	return false
}

// acceptanceTails accept what was just named ("is ok too", "works").
var acceptanceTails = []string{"is ok", "is okay", "is fine", "are ok", "are fine", "works", "too", "as well", "also ok", "also fine"}

// languageCodes reads upper-case language codes listed before a language
// mark ("EN + ES speaking", "FR/DE-speaking", "EN language"): each is that
// language. A code alone is no language ("IT", "DE" are words and
// countries too); the mark after the list says they are languages.
func (st *state) languageCodes() {
	code := func(txt string) (string, bool) {
		if len(txt) != 2 || strings.ToUpper(txt) != txt || !isASCIILetter(rune(txt[0])) || !isASCIILetter(rune(txt[1])) {
			return "", false
		}
		_, ok := taxonomy.Languages.ByCode(txt)
		return strings.ToLower(txt), ok
	}
	for i := 0; i < len(st.toks); i++ {
		var codes []string
		var idx, glue []int
		k, marked := i, false
		for ; k < len(st.toks); k = st.skipSpace(k + 1) {
			tk := &st.toks[k]
			txt := string(st.t.orig[tk.s:tk.e])
			if !st.free(k) {
				break
			}
			if c, ok := code(txt); ok {
				codes, idx = append(codes, c), append(idx, k)
				continue
			}
			if head, tail, ok := strings.Cut(txt, "-"); ok && isLangSuffix(strings.ToLower(tail)) {
				// "DE-speaking" as one word.
				if c, ok := code(head); ok {
					codes, idx, marked = append(codes, c), append(idx, k), true
				}
				break
			}
			if len(codes) > 0 && (txt == "+" || txt == "/" || txt == "&" || tk.has(clsAnd) != nil) {
				glue = append(glue, k)
				continue
			}
			break
		}
		if len(codes) == 0 {
			continue
		}
		if !marked && k < len(st.toks) && st.free(k) && isLangSuffix(st.word(k)) {
			marked = true
			idx[len(idx)-1] = k // the mark belongs to the last code's span
		}
		if marked {
			from := i
			for n, c := range codes {
				to := idx[n]
				st.add(st.vocabCond(condition.Language, []string{c}, st.toks[from].neg), from, to)
				from = st.skipSpace(to + 1)
				for from < len(st.toks) && slices.Contains(glue, from) {
					st.toks[from].role = roleFiller
					from = st.skipSpace(from + 1)
				}
			}
		}
		i = k
	}
}

// topicOfPlace are the subjects a place word before them makes a topic
// ("英国历史", "Japanese culture"), not where the creators are.
var topicOfPlace = map[string]bool{"历史": true, "文化": true, "政治": true, "文学": true, "近代史": true, "古代史": true,
	"history": true, "culture": true, "politics": true, "literature": true}

// countryAsTopic reports a country or demonym at i right before a subject
// of topicOfPlace (glued in Chinese, one space in English).
func (st *state) countryAsTopic(i int) bool {
	if st.toks[i].has(clsCountry) == nil {
		return false
	}
	if st.visitedPlace(i) || st.originBesideBase(i) {
		return true // "who have been to Iceland", "Korean skincare … based in the US"
	}
	if st.placeInName(i) {
		return true // "Paris Fashion Week content", 上海车展 (rule_placename.go)
	}
	n := i + 1
	if n < len(st.toks) && st.toks[n].kind == tkSpace {
		n++
	}
	if n >= len(st.toks) {
		return false
	}
	w := strings.ToLower(st.tokText(n))
	if st.toks[n].kind == tkCJK {
		// unknown runes come one token each: "历", "史"
		for k := n + 1; k < len(st.toks) && k < n+3 && st.toks[k].kind == tkCJK; k++ {
			w += st.tokText(k)
		}
	}
	for k := range topicOfPlace {
		if w == k || strings.HasPrefix(w, k) && st.toks[n].kind == tkCJK {
			return true
		}
	}
	// a city's business is where the creators are too ("the Berlin
	// coffee shop launch"): only a country word qualifies one away
	return !st.toks[i].has(clsCountry).place && st.demonymOfBusiness(i)
}

// businessNouns are the businesses a place word qualifies ("a Mexican
// restaurant", "Korean skincare brand", "韩国料理店", "墨西哥餐厅"): the
// word says what kind they are, never where the creators are (audit 28).
// A cuisine alone ("日本料理频道") stays the country: creators who cook it
// live there as often as not.
var businessNouns = struct{ en, zh []string }{
	en: []string{"restaurant", "restaurants", "eatery", "bistro", "cafe", "café", "bakery", "bar", "pub", "diner", "food truck",
		"takeaway", "grocery", "deli", "shop", "store", "boutique", "brand", "brands", "label", "place", "joint", "chain", "franchise"},
	zh: []string{"餐厅", "餐馆", "饭店", "饭馆", "菜馆", "品牌", "店", "超市", "咖啡馆", "酒吧", "面包房"},
}

// demonymOfBusiness reports a place word at i that qualifies a business,
// cuisine or goods noun a few words on: up to two Latin words between
// ("Korean skincare brand"), or up to three runes glued in Chinese
// ("韩国护肤品牌"), none of them a clause's glue.
func (st *state) demonymOfBusiness(i int) bool {
	rest := st.t.norm[st.toks[i].e:]
	if len(rest) > 0 && rest[0] == ' ' {
		words := strings.Fields(strings.ToLower(string(rest[:min(len(rest), 60)])))
		for k := 0; k < len(words) && k < 3; k++ {
			w := strings.TrimRight(words[k], ",.;:!?)")
			if k > 0 && slices.Contains(placeGlue, words[k-1]) {
				return false
			}
			if slices.Contains(businessNouns.en, w) || k+1 < len(words) && slices.Contains(businessNouns.en, w+" "+strings.TrimRight(words[k+1], ",.;:!?)")) {
				return true
			}
			if w != words[k] {
				return false // the clause ends
			}
		}
		return false
	}
	for k := 0; k <= 3 && k < len(rest); k++ {
		if k > 0 && !unicode.Is(unicode.Han, rest[k-1]) || k > 0 && strings.ContainsRune("的和或及与在探逛做拍讲吃教聊测", rest[k-1]) {
			// "泰国美食探店", "菲律宾做家常菜的": visiting shops or
			// cooking a dish is what the creators do
			return false
		}
		for _, b := range businessNouns.zh {
			if strings.HasPrefix(string(rest[k:]), b) {
				return true
			}
		}
	}
	return false
}

// placeGlue are the words after which a business noun no longer belongs
// to the place word before them ("Korean creators in a restaurant").
var placeGlue = []string{"in", "for", "and", "or", "creators", "influencers", "with", "who", "that", "to", "at", "from", "based"}

// tierDirections extend a tier down or up ("腰部往下", "mid-tier and
// below", "头部往上"), or lean it half a step ("腰部偏下", "mid-tier or
// slightly above": never a word of their own; audit 27).
var tierDirections = []struct {
	words      string
	down, lean bool
}{
	{"往下", true, false}, {"及以下", true, false}, {"以下", true, false}, {"and below", true, false}, {"or below", true, false}, {"or smaller", true, false}, {"and smaller", true, false}, {"and under", true, false},
	{"往上", false, false}, {"及以上", false, false}, {"以上", false, false}, {"and up", false, false}, {"and above", false, false}, {"or above", false, false}, {"or bigger", false, false}, {"and bigger", false, false},
	{"偏下", true, true}, {"偏小", true, true}, {"靠下", true, true}, {"or a bit below", true, true}, {"or slightly below", true, true}, {"or a little below", true, true},
	{"or a bit under", true, true}, {"or slightly under", true, true}, {"or a bit smaller", true, true}, {"or slightly smaller", true, true}, {"leaning small", true, true},
	{"偏上", false, true}, {"偏大", false, true}, {"靠上", false, true}, {"or a bit above", false, true}, {"or slightly above", false, true}, {"or a little above", false, true},
	{"or a bit bigger", false, true}, {"or slightly bigger", false, true}, {"or a bit higher", false, true}, {"leaning big", false, true},
}

// nounFollows reports a category, a subtopic or a creator noun right
// after token i (its tier's noun: "micro travel influencers").
// tierAsValue reports a bare tier name (micro, mega …) said as the value
// of an edit: after "make it", "switch to", 改成, 换成 and such, and
// ending its clause ("make it micro", "改成micro的吧", "换成nano吧"): the
// tier, as "micro creators" is (Y3).
func (st *state) tierAsValue(i int) bool {
	p := st.prevSig(i)
	if p < 0 {
		return false
	}
	w := strings.ToLower(strings.TrimSpace(st.tokText(p)))
	if !tierEditLeads[w] && !slices.Contains(editConnectors, w) {
		return false
	}
	for n := st.skipSpace(i + 1); n < len(st.toks); n = st.skipSpace(n + 1) {
		tk := &st.toks[n]
		if tk.kind == tkPunct {
			return true
		}
		if t := st.tokText(n); tk.has(clsDe) != nil || t == "吧" || t == "的吧" || t == "了" || t == "please" || t == "instead" || t == "then" {
			continue
		}
		return false
	}
	return true
}

// tierEditLeads are the English leads of an edit's value ("make it
// micro", "switch to mega") and the Chinese verbs not in editConnectors.
var tierEditLeads = map[string]bool{"make it": true, "make them": true, "make": true, "switch to": true, "change to": true, "change it to": true,
	"go": true, "go for": true, "only": true, "just": true, "要": true, "改": true, "换": true, "改成": true, "换成": true}

func (st *state) nounFollows(i int) bool {
	n := st.skipSpace(i + 1)
	if n >= len(st.toks) {
		return false
	}
	tk := &st.toks[n]
	return tk.kind == tkLex && (tk.has(clsCategory) != nil || tk.has(clsTopic) != nil || tk.has(clsCreator) != nil)
}

// platformTails are the Chinese postpositions and account nouns said
// right after a platform name ("推特上面的", "油管里", "TikTok平台",
// "推特用户", "ig账户"); the lexicon's "油管上", "ig上" end in their 上,
// so a 面 after them is the rest of 上面.
var platformTails = []string{"上面的", "上面", "里面的", "里面", "平台上", "平台的", "上的", "里的", "平台", "用户", "账户", "帐户", "上", "里"}

// platformTail is the last token of the platform word at i with the
// postposition or account noun glued or spaced after it.
func (st *state) platformTail(i int) int {
	n := st.skipSpace(i + 1)
	if !st.free(n) {
		return i
	}
	rest, lent := string(st.t.norm[st.toks[n].s:]), 0
	if strings.HasSuffix(st.word(i), "上") && n == i+1 && strings.HasPrefix(rest, "面") {
		rest, lent = "上"+rest, 1 // "ig上面": the 上 is the lexeme's
	}
	for _, t := range platformTails {
		if !strings.HasPrefix(rest, t) {
			continue
		}
		end := st.toks[n].s + utf8.RuneCountInString(t) - lent
		to := i
		for k := n; k < len(st.toks) && st.toks[k].e <= end && st.free(k); k++ {
			to = k
		}
		if st.toks[to].e == end {
			return to
		}
	}
	return i
}

// goodsAfter reports a goods noun right after the category or subtopic
// word at i ("宠物用品", "母婴用品", "pet products", "camping gear"): the
// goods of the category's kind, so the category holds as it does said
// alone, and the compound ranks (audit 25, class 3). Nothing unknown may
// follow the noun in its word ("宠物用品店" is a shop of them too).
func (st *state) goodsAfter(i int) bool {
	n := i + 1
	if st.tok(n).kind == tkSpace {
		if !st.plainSpace(n) || !st.latinEdge(i, true) {
			return false
		}
		n++
	}
	if n >= len(st.toks) {
		return false
	}
	if w := st.tokText(n); slices.Contains(goodsNouns, w) {
		return st.tok(n).kind == tkWord || st.tok(n).kind == tkLex
	}
	// CJK goods nouns are unknown runes: "用" "品"
	var b strings.Builder
	for k := n; k < len(st.toks) && k < n+3 && st.toks[k].kind == tkCJK && st.toks[k].role == roleNone; k++ {
		b.WriteString(string(st.t.norm[st.toks[k].s:st.toks[k].e]))
		if slices.Contains(goodsNouns, b.String()) {
			return true
		}
	}
	return false
}

// afterNegatedCount reports a word at i right after 的 that follows a
// count left out ("不要百万级的大号").
func (st *state) afterNegatedCount(i int) bool {
	p := st.prevSig(i)
	if p < 0 || !strings.HasSuffix(st.tokText(p), "的") {
		return false
	}
	q := p
	if st.toks[p].has(clsDe) != nil && st.tokText(p) == "的" {
		q = st.prevSig(p) // "百万 级 的 大号" (the 的 a token of its own)
	}
	if q < 0 {
		return false
	}
	if st.toks[q].neg != 0 {
		return true
	}
	if c := st.tokCond[q]; c > 0 {
		return slices.Contains(st.conds[c-1].c.Issues, IssueNarrows)
	}
	return false
}

// hedgeLabel reports a hedge at i that labels a template row: a colon
// follows it ("Nice to have:", "加分项："). What the row's value holds is
// wished for, and nothing said before it is.
func (st *state) hedgeLabel(i int) bool {
	j := st.skipSpace(i + 1)
	return j < len(st.toks) && st.toks[j].kind == tkPunct && (st.t.norm[st.toks[j].s] == ':' || st.t.norm[st.toks[j].s] == '：')
}

// placeTok reports a token read as a city, state or region's country.
func (st *state) placeTok(k int) bool {
	tk := st.tok(k)
	if tk.kind != tkLex {
		return false
	}
	e := tk.has(clsCountry)
	return e != nil && e.place
}
