package condparse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
)

// orgHeadlines makes frame the writer's organisation said as the brief's
// headline without an opener (fixL, class L2): "Accounting firm (mid-size,
// Toronto). Looking for …", "陶艺工作室，想在…找…", "K12课外辅导机构想找…"
// (enOrgHeadline, zhOrgSubject). Its words are neither keywords nor
// ranking terms, a language or category said in it is no filter (a place
// in it is left to ownPlaces, which drops it when the brief names the
// creators' place), and what a brand, shop or label sells ranks as one
// term ("Eco laundry detergent brand" → laundry detergent, "手表品牌" →
// 手表), as the goods of "我们是做手表的" do.
//
// relayFrames are frame too: "Sales rep here, forwarding what the
// customer wrote", "my boss wants", "老板让我找": who passes the ask on,
// never what is asked.
func (st *state) orgHeadlines() {
	norm := string(st.t.norm)
	for n, re := range relayFrames {
		for _, m := range re.FindAllStringIndex(norm, -1) {
			from, to := utf8.RuneCountInString(norm[:m[0]]), utf8.RuneCountInString(norm[:m[1]])
			if n == 0 {
				// "jewelry brand here", "coffee roaster here": who writes;
				// what the business sells ranks, its topic word stays
				here := from + utf8.RuneCountInString(strings.TrimRight(norm[m[0]:strings.LastIndex(norm[:m[1]], "here")], " "))
				st.addGoods(st.headlineGoods(from, here))
				st.frameSpan(from, to, false, true)
				continue
			}
			st.frameSpan(from, to, false, false)
		}
	}
	st.jobHeadlines(norm)
	from, to := -1, -1
	if m := enOrgHeadline.FindStringSubmatchIndex(norm); m != nil {
		from, to = utf8.RuneCountInString(norm[:m[2]]), utf8.RuneCountInString(norm[:m[3]])
	} else if m := enOrgFragment.FindStringSubmatchIndex(norm); m != nil {
		from, to = utf8.RuneCountInString(norm[:m[2]]), utf8.RuneCountInString(norm[:m[3]])
	} else if m := zhOrgSubject.FindStringSubmatchIndex(norm); m != nil && !strings.HasSuffix(norm[m[2]:m[3]], "探店") {
		// "美食探店，找…" is the creators' kind, never a shop
		from, to = utf8.RuneCountInString(norm[:m[2]]), utf8.RuneCountInString(norm[:m[3]])
	}
	if from < 0 {
		return
	}
	for k := range st.toks {
		if tk := &st.toks[k]; tk.s >= from && tk.e <= to && tk.kind == tkLex && tk.has(clsBrandOpen) != nil {
			return // "我们是…品牌，想找…": selfDescriptions reads it
		}
	}
	goods := st.headlineGoods(from, to)
	if st.frameSpan(from, to, true, false) {
		st.unprune(from, to)
	}
	st.addGoods(goods)
	st.sig.Sentence = true // who writes: a brief, never keyword material
}

// addGoods ranks the goods at runes goods (none when empty).
func (st *state) addGoods(goods [2]int) {
	if goods[1] <= goods[0] {
		return
	}
	term := rankingTerm(StringValue(string(st.t.orig[goods[0]:goods[1]])))
	term.s, term.e = goods[0], goods[1]
	st.conds = append(st.conds, term)
}

// unprune gives back the subtopic categories pruneTopics dropped for a
// category named inside the frame at runes [from, to) that is no filter
// now ("宠物食品品牌，找日本的猫狗博主": 猫狗 gives pets again), unless
// another wanted category is still named.
func (st *state) unprune(from, to int) {
	for _, pc := range st.conds {
		if !pc.dropped && !pc.neg && pc.c.Field == condition.Category {
			return
		}
	}
	for _, pc := range st.conds {
		if pc.dropped && pc.topic && !pc.neg && pc.c.Field == condition.Category && (pc.e <= from || pc.s >= to) {
			pc.dropped = false
		}
	}
}

// frameSpan makes the tokens inside runes [from, to) frame: free words
// and content, and with conds the language and category conditions read
// there (a place stays for ownPlaces); with topics kept, a category or
// subtopic word stays what it is. It reports whether it dropped a
// category.
func (st *state) frameSpan(from, to int, conds, topics bool) bool {
	droppedCat := false
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.s < from || tk.e > to || tk.kind == tkSpace || tk.kind == tkPunct {
			continue
		}
		if topics && tk.kind == tkLex && (tk.has(clsTopic) != nil || tk.has(clsCategory) != nil) {
			continue
		}
		if tk.role == roleCond {
			id := st.tokCond[k]
			if !conds || id == 0 {
				continue
			}
			pc := st.conds[id-1]
			if pc.neg || pc.c.Field != condition.Language && pc.c.Field != condition.Category {
				continue
			}
			pc.dropped = true
			droppedCat = droppedCat || pc.c.Field == condition.Category
			st.tokCond[k] = 0
		} else if tk.role != roleNone && tk.role != roleContent {
			continue
		}
		tk.role, tk.frameWord = roleFiller, true
	}
	return droppedCat
}

// headlineGoods returns the runes of what an organisation headline's
// business sells (the words before "brand", "shop", "store", "label",
// "maker" or 品牌, articles and size words left out), or an empty span.
func (st *state) headlineGoods(from, to int) [2]int {
	text := strings.TrimRight(string(st.t.norm[from:to]), " )）")
	if i := strings.IndexAny(text, "(（"); i >= 0 {
		text = strings.TrimSpace(text[:i])
	}
	rs := []rune(text)
	if zh := strings.TrimSuffix(text, "品牌"); zh != text {
		// the Han runes right before 品牌 ("陶瓷锅具品牌"), after any 的
		zr := []rune(zh)
		a := len(zr)
		for a > 0 && unicode.Is(unicode.Han, zr[a-1]) && zr[a-1] != '的' {
			a--
		}
		for trimmed := true; trimmed; {
			// "给一个电动车品牌找…": the beneficiary and article words
			// before the goods are none of them
			trimmed = false
			for _, w := range goodsLeadsZh {
				if strings.HasPrefix(string(zr[a:]), w) {
					a += utf8.RuneCountInString(w)
					trimmed = true
				}
			}
		}
		if n := len(zr) - a; n >= 2 && n <= 6 {
			return [2]int{from + a, from + len(zr)}
		}
		return [2]int{}
	}
	return englishGoods(rs, from)
}

// englishGoods returns the runes of the goods before an English seller
// noun ending rs (which starts at rune from): the run of words right
// before it, back to an article, a size word, a preposition or a word
// with a digit ("Q1 plan for a cookware brand" → cookware, "Eco laundry
// detergent brand" → Eco laundry detergent).
func englishGoods(rs []rune, from int) [2]int {
	words := strings.Fields(string(rs))
	if len(words) < 2 || !goodsSellers[words[len(words)-1]] {
		return [2]int{}
	}
	end := len(rs) - len([]rune(words[len(words)-1]))
	for end > 0 && rs[end-1] == ' ' {
		end--
	}
	start := end
	for p := end; p > 0; {
		w0 := p
		for w0 > 0 && rs[w0-1] != ' ' {
			w0--
		}
		w := string(rs[w0:p])
		if w == "" || goodsSkip[w] || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '\'' }) {
			break
		}
		start = w0
		for p = w0; p > 0 && rs[p-1] == ' '; p-- {
		}
	}
	if start >= end {
		return [2]int{}
	}
	return [2]int{from + start, from + end}
}

// goodsSellers are the organisation nouns whose words before them name
// the goods sold ("swimwear brand", "bike shop").
var goodsSellers = map[string]bool{"brand": true, "shop": true, "store": true, "label": true, "maker": true, "retailer": true,
	"manufacturer": true, "restaurant": true, "cafe": true, "café": true, "bakery": true, "brewery": true, "winery": true,
	"roaster": true, "roastery": true}

// goodsSkip are the words before the goods that say the business's size
// or kind, not what it sells.
var goodsSkip = map[string]bool{"a": true, "an": true, "the": true, "our": true, "my": true, "small": true, "big": true,
	"local": true, "independent": true, "indie": true, "family-run": true, "family-owned": true, "mid-size": true, "new": true,
	"for": true, "of": true, "at": true, "with": true, "from": true, "in": true, "and": true, "run": true, "own": true,
	"here": true, "we're": true, "i'm": true, "are": true, "am": true, "is": true, "tiny": true, "boutique": true,
	"young": true, "dtc": true, "d2c": true, "b2b": true, "b2c": true}

// goodsLeadsZh stand before a Chinese brand's goods without being them.
var goodsLeadsZh = []string{"我们", "我司", "给", "为", "帮", "替", "一个", "一家", "一款", "某"}

// relayFrames pass an ask on: a role said with "here", a forwarded
// message, the person the writer asks for ("my boss wants", 老板让我找).
var relayFrames = []*rx{
	mustRx(`^\s*(?:(?:hi|hello|hey)[,!]?\s+)?(?:[\p{L}'’-]+\s+){0,2}[\p{L}'’-]+\s+here\s*[,.:;!—–-]`),
	mustRx(`\b(?:forwarding|passing\s+on|passing\s+along|relaying)(?:\s+(?:what|a\s+request|the\s+request|a\s+message|this))?(?:\s+(?:the|my|our|a)\s+(?:customer|client|boss|manager|team)(?:\s+(?:wrote|sent|said|asked))?)?`),
	mustRx(`\b(?:my|our)\s+(?:boss|manager|client|customer|supervisor|team\s+lead)\s+(?:wants|needs|asked(?:\s+me)?(?:\s+to)?|would\s+like)\b`),
	mustRx(`(?:我们)?(?:老板|领导|上司|客户|甲方)(?:让我|要我|叫我|想要|需要)`),
}

// Job headlines (audit 36, P5): a brief that opens with the writer's own
// job ("Bridal makeup artist, Melbourne based.", "Yoga studio owner in
// Austin here,", 我是一名健身教练，) says who writes, not whom they want:
// the job's words are frame and a category or language said in them is no
// filter (a place in it is left to ownPlaces). The job is one person
// noun, singular, closing its clause; a headline that opens with an ask
// word ("find a tattoo artist in Berlin,") is the ask itself.
var (
	enJobHeadline = mustRx(`(?i)^\s*(?:(?:hi|hello|hey)[,!]?\s+)?(?:i'?m\s+an?\s+|i\s+am\s+an?\s+)?((?:[\p{L}'’&-]+\s+){0,3}(?:artist|photographer|videographer|coach|trainer|teacher|tutor|instructor|designer|stylist|chef|baker|florist|planner|consultant|therapist|nutritionist|dietitian|realtor|dentist|doctor|lawyer|architect|barber|groomer|breeder|owner|founder)(?:\s+(?:in|from|based\s+in)\s+[\p{L}][\p{L}.'’-]*(?:\s+[\p{L}][\p{L}.'’-]*)?|,?\s+[\p{L}][\p{L}.'’-]*(?:\s+[\p{L}][\p{L}.'’-]*)?[\s-]based)?(?:\s+here)?)\s*[—–:;.!,]\s*\S`)
	zhJobHeadline = mustRx(`^\s*(?:我是|本人是|本人)(?:一名|一个|一位|个)?([^，,。；;！!？?\n的]{1,10}?(?:教练|老师|化妆师|摄影师|设计师|造型师|美甲师|纹身师|营养师|医生|律师|厨师|烘焙师|理发师|花艺师|策划师|婚礼策划|店主|老板|创始人))\s*[，,。；;！!]`)
	// jobSaid: the headline says it is the writer's ("I'm a", "here",
	// "Melbourne based"); jobAskAfter: an ask follows it.
	jobSaid     = mustRx(`(?i)^\s*(?:(?:hi|hello|hey)[,!]?\s+)?(?:i'?m|i\s+am)\s|\shere\s*$|based\s*$|\sbased\s+in\s`)
	jobAskAfter = mustRx(`(?i)^\s*[—–:;.!,]\s*(?:and\s+)?(?:we|i|looking|seeking|searching|want|need|who|any|can|could|please|pls|help|find|trying)\b`)
	jobAskWords = map[string]bool{"find": true, "need": true, "want": true, "looking": true, "search": true, "searching": true, "get": true, "show": true, "any": true, "some": true, "a": true, "an": true, "the": true}
)

// jobHeadlines makes the writer's job headline frame.
func (st *state) jobHeadlines(norm string) {
	for _, re := range []*rx{enJobHeadline, zhJobHeadline} {
		m := re.FindStringSubmatchIndex(norm)
		if m == nil {
			continue
		}
		if f := strings.Fields(norm[m[2]:m[3]]); len(f) > 0 && jobAskWords[f[0]] {
			continue
		}
		if re == enJobHeadline && !jobSaid.MatchString(norm[:m[3]]) && !jobAskAfter.MatchString(norm[m[3]:]) {
			continue // "fitness coach, 10k+ followers": the creators wanted
		}
		from, to := utf8.RuneCountInString(norm[:m[2]]), utf8.RuneCountInString(norm[:m[3]])
		if st.frameSpan(from, to, true, false) {
			st.unprune(from, to)
		}
		for _, pc := range st.conds {
			if !pc.neg && pc.c.Kind == condition.KindKeyword && pc.s >= from && pc.e <= to {
				pc.dropped = true // "makeup artist" is who writes, no ranking term
			}
		}
		st.sig.Sentence = true // who writes: a brief, never keyword material
		return
	}
}
