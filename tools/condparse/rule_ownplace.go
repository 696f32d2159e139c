package condparse

import (
	"strings"
	"unicode/utf8"

	"searchagent/tools/condition"
)

// The writer's own organisation, office or home said as the opening of a
// brief (audit 30, class 1): "I work for the Japan National Tourism
// Organization's Sydney office. Could you find Australian or New Zealand
// travel creators", "Our agency is based in Germany but we need creators
// in Spain", 我们是一家法国香水品牌的上海办公室，想找日本和韩国的美妆博主,
// 我在新加坡旅游局工作，需要找泰国的旅行博主. A place said inside that
// self-description is who writes, not where the creators are: when the
// brief says another place as the creators', the self-description's
// places are dropped as frame (never a filter nor a ranking term). When
// no other place is said, the self-description's place stays (the brief
// gives nothing else: "we're running a campaign in Nigeria and Kenya /
// need health creators"), and a place said as the market the writer goes
// into ("launching in Norway", 进入日本市场) stays a filter.

var (
	// enSelfOpen opens a self-description in English.
	enSelfOpen = mustRx(`(?i)(?:^|[^\p{L}'])(?:i\s+work\s+(?:for|at|with|in)|we\s+work\s+(?:for|at|with)|i'?m\s+with|i\s+am\s+with|i\s+represent|we\s+represent|on\s+behalf\s+of|here\s+at|i'?m\s+from|i\s+am\s+from|we'?re\s+from|we\s+are\s+from|we'?re|we\s+are|i'?m|i\s+am|our\s+(?:agency|company|team|office|brand|firm|studio|org|organi[sz]ation|client|startup|business|shop|store|school|university|club|ngo|nonprofit|charity|hq|headquarters)|my\s+(?:company|agency|team|brand|client|startup|business|shop|store|office|employer)|as\s+an?)(?:[^\p{L}']|$)`)
	// enSelfEnd ends it: the ask, the creators named, or "but".
	enSelfEnd = mustRx(`(?i)(?:^|[^\p{L}'])(?:but|and\s+we|and\s+i|so\s+we|we|i|looking|look|lookin|need|needs|want|wants|wanted|find|finding|search|searching|seeking|seek|could|can|would|please|pls|help|recommend|hoping|trying|after|interested|creators?|influencers?|channels?|accounts?|youtubers?|bloggers?|vloggers?|streamers?|tiktokers?)(?:[^\p{L}']|$)`)
	// zhSelfOpen opens a self-description in Chinese.
	zhSelfOpen = mustRx(`我们是|我是|我在|我们在|我司|我们公司|本公司|我们团队|我们这边是|作为|我们家是|我这边是|我们的|我们`)
	// zhSelfEnd ends it: the ask or the creators named.
	zhSelfEnd = mustRx(`想找|想要|想在|需要|要找|找|求|帮我|帮忙|希望|寻找|招募|诚招|请推荐|推荐|博主|达人|频道|账号|创作者|网红|主播`)
	// creatorEnd is the part of enSelfEnd and zhSelfEnd that names
	// creators.
	creatorEnd = mustRx(`(?i)creator|influencer|channel|account|youtuber|blogger|vlogger|streamer|tiktoker|博主|达人|频道|账号|创作者|网红|主播`)
	// selfSep ends a self-description as a clause ends ("/" and a spaced
	// dash are a brief's separators).
	selfSep = mustRx(`[.!?;:。！？；：,，/|\n]|\s[-–—]\s|[–—]`)
)

// selfClauses returns the rune ranges of the writer's self-descriptions:
// from an opener (enSelfOpen, zhSelfOpen) to the first clause separator,
// ask word or "but" after it. launch holds, by index, the rune where the
// opener of a launch plan's range starts (enLaunchOpen, zhLaunchOpen).
func (st *state) selfClauses() (out [][2]int, launch map[int]int) {
	s := string(st.t.norm)
	launch = map[int]int{}
	add := func(open *rx, end *rx) {
		for _, m := range open.FindAllStringIndex(s, -1) {
			from := m[1]
			if r, n := utf8.DecodeLastRuneInString(s[m[0]:m[1]]); open == enSelfOpen && !isLetterRune(r) && r != '\'' {
				from -= n // the Latin opener's match takes the next character too
			}
			to := len(s)
			if loc := selfSep.FindStringIndex(s[from:]); loc != nil {
				to = from + loc[0]
			}
			if loc := end.FindStringIndex(s[from:to]); loc != nil {
				if creatorEnd.MatchString(s[from+loc[0] : from+loc[1]]) {
					continue // "I'm into creators in Japan", 我是日本博主的粉丝: creators said, no self-description
				}
				to = from + loc[0]
			}
			if to > from {
				if open == enLaunchOpen || open == zhLaunchOpen {
					launch[len(out)] = utf8.RuneCountInString(s[:m[0]])
				}
				out = append(out, [2]int{utf8.RuneCountInString(s[:from]), utf8.RuneCountInString(s[:to])})
			}
		}
	}
	add(enSelfOpen, enSelfEnd)
	add(zhSelfOpen, zhSelfEnd)
	add(enLaunchOpen, enSelfEnd)
	add(zhLaunchOpen, zhSelfEnd)
	for _, m := range enOwnIn.FindAllStringSubmatchIndex(s, -1) {
		// "our riad in Marrakech", "our little bakery in Lyon": a place
		// the writer's own thing is in (never "our customers in Japan":
		// an audience is where the creators reach)
		if audienceNouns.MatchString(s[m[2]:m[3]]) {
			continue
		}
		from, to := m[1], len(s)
		if loc := selfSep.FindStringIndex(s[from:]); loc != nil {
			to = from + loc[0]
		}
		if loc := enSelfEnd.FindStringIndex(s[from:to]); loc != nil {
			if creatorEnd.MatchString(s[from+loc[0] : from+loc[1]]) {
				continue
			}
			to = from + loc[0]
		}
		if to > from {
			out = append(out, [2]int{utf8.RuneCountInString(s[:m[0]]), utf8.RuneCountInString(s[:to])})
		}
	}
	if m := enOrgHeadline.FindStringSubmatchIndex(s); m != nil {
		// "Language school in Madrid — searching …", "Toyota dealership
		// group in Texas: need …": the organisation that writes, said as
		// the brief's headline
		out = append(out, [2]int{0, utf8.RuneCountInString(s[:m[3]])})
	}
	if m := zhOrgSubject.FindStringSubmatchIndex(s); m != nil {
		// "某国驻华文化中心（意大利）想找…": an organisation named as the
		// subject of the ask
		out = append(out, [2]int{0, utf8.RuneCountInString(s[:m[3]])})
	}
	return out, launch
}

// inOrgSubject reports tokens from..to inside the organisation a Chinese
// brief opens with as the subject of its ask (zhOrgSubject).
func (st *state) inOrgSubject(from, to int) bool {
	if from > to || to >= len(st.toks) {
		return false
	}
	s := string(st.t.norm)
	m := zhOrgSubject.FindStringSubmatchIndex(s)
	return m != nil && st.toks[to].e <= utf8.RuneCountInString(s[:m[3]])
}

// orgNounsEn are the English organisation nouns that close the writer's
// own organisation in a headline.
const orgNounsEn = `school|company|brand|agency|startup|studio|charity|nonprofit|ngo|foundation|hospital|clinic|university|college|academy|museum|library|club|team|league|dealership|group|chain|restaurant|hotel|cafe|café|store|shop|label|firm|office|council|association|practice|publisher|provider|maker|manufacturer|retailer|salon|gym|bakery|brewery|winery|app|service|center|centre|rental|promotion|promoter|reseller|dealer|distributor|importer|exporter|wholesaler|supplier|boutique|roastery|roaster|distillery|farm|pharmacy|florist`

// enOrgFragment is a brief that opens with a fragment of at most three
// words closed by an organisation noun and a full stop, with no ask verb
// after it ("Telescope shop. X accounts that post …", "Sake brewery.
// Instagram food creators …"; audit 37, class R3): the writer's own
// business said as a headline. Group 1 is the fragment.
var enOrgFragment = mustRx(`(?i)^\s*((?:[\p{L}\p{N}'’&-]+\s+){0,2}(?:` + orgNounsEn + `))\.\s+\S`)

// enOrgHeadline is an English brief that opens with the writer's
// organisation (an organisation noun, a place after it allowed) as a
// headline: a dash, colon or full stop, or only a space ("trading card
// shop in Toronto looking for …", audit 36 P5), then the ask. Group 1 is
// the headline.
var enOrgHeadline = mustRx(`(?i)^\s*(?:(?:hi|hello|hey)[,!]?\s+)?((?:[\p{L}\p{N}'’&.-]+\s+){0,5}?(?:` + orgNounsEn + `)(?:\s+(?:in|from|based in|of)\s+[\p{L}][\p{L} .'’-]{0,30}?)?(?:\s*\([^()]{1,40}\))?)(?:\s*(?:\s[—–-]\s|[—–:;.!,])\s*|\s+)(?:we\s+are\s+|we'?re\s+|i'?m\s+|we\s+|i\s+)?(?:searching|looking|seeking|need|needs|want|wants|find|hiring|recruiting|after)\b`)

// zhOrgSubject is a Chinese brief that opens with an organisation as the
// subject of its ask: an organisation noun (with its place in brackets)
// right before 想找/要找/需要/希望/寻找/找, nothing of a clause's end
// before it. Group 1 is the organisation.
var zhOrgSubject = mustRx(`^\s*(?:hi|hello|hey|你好|您好)?[，,!！\s]*([^，,。；;：:！!？?\n]{1,30}?(?:中心|公司|品牌|机构|协会|大学|学校|学院|团队|部门|市场部|办公室|工作室|旅游局|文旅局|局|博物馆|美术馆|餐厅|酒店|俱乐部|基金会|组织|医院|使馆|大使馆|领事馆|代表处|商会|电视台|出版社|服务商|供应商|门店|诊所|书店|咖啡店|咖啡馆|茶馆|健身房|民宿|工厂|店|馆)(?:开业|开张|新开|新店开业|周年庆|周年)?(?:\s*[（(][^）)]{1,12}[）)])?)\s*[，,]?\s*(?:想找|想要找|要找|需要找|需要|希望找|希望|寻找|在找|找|想在|想投放|想投|想)`)

// The writer's launch plan (H1): "launching in the UK and EU first",
// "we plan to expand into Brazil", 准备进北美, 品牌准备明年进军日本市场. The
// market the brand goes into is no place its creators must be when the
// brief says the creators' place; said as the only place ("we launch in
// Canada, find creators there") it stays the filter (ownPlaces drops a
// clause's places only when another place is said).
var (
	enLaunchOpen = mustRx(`(?i)(?:^|[^\p{L}'])(?:(?:launch(?:ing|es|ed)?|expand(?:ing|s)?|debut(?:ing|s)?|roll(?:ing)?\s+out|go(?:ing)?\s+live)\s+(?:first\s+)?(?:in|into|to|across)|enter(?:ing|s)?)\s`)
	zhLaunchOpen = mustRx(`进军|进入|打入|开拓|拓展|登陆|出海|(?:准备|计划|打算|即将|将要|想要|要)(?:明年|今年|下个月|下半年|年底|年内|先|马上)?(?:进|去)`)
	// launchWords are the words of a launch plan (not of a campaign).
	launchWords = mustRx(`(?i)launch|expand|enter|debut|roll|live|进军|进入|进|打入|开拓|拓展|登陆|上市|出海|开店|开业`)
	// enOwnIn is "our" and up to two words before "in"/"at": the
	// writer's own thing and where it is. Group 1 is the words.
	enOwnIn = mustRx(`(?i)(?:^|[^\p{L}'])our\s+((?:[\p{L}&'’-]+\s+){1,3}?)(?:in|at|based\s+in|located\s+in|near)\s`)
	// audienceNouns name whom the writer reaches, not what it owns.
	audienceNouns = mustRx(`(?i)customer|client|audience|user|buyer|shopper|fan|follower|market|target|reader|viewer|consumer|people|community|creator|influencer|channel|account|partner|ambassador|affiliate`)
)

// launchSaid reports a launch word (launchWords) in text.
func launchSaid(text string) bool { return launchWords.MatchString(text) }

// isLetterRune reports a letter (any script).
func isLetterRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f && r != '，' && r != '。'
}

// ownPlaces drops the places of the writer's self-description when the
// brief says another place as the creators' (see the head of this file).
func (st *state) ownPlaces() {
	clauses, launch := st.selfClauses()
	if len(clauses) == 0 {
		return
	}
	in := func(s, e int) (int, bool) {
		for i, c := range clauses {
			if s >= c[0] && e <= c[1] {
				return i, true
			}
		}
		return -1, false
	}
	var inside []*pcond
	outside := false
	for _, pc := range st.conds {
		if pc.c.Field != condition.Country || pc.dropped {
			continue
		}
		if _, ok := in(pc.s, pc.e); !ok {
			outside = true // a place said of the creators, kept or left out ("中国大陆以外的")
			continue
		}
		if !pc.neg {
			inside = append(inside, pc)
		}
	}
	if !outside || len(inside) == 0 {
		return
	}
	for _, pc := range inside {
		ci, _ := in(pc.s, pc.e)
		before := string(st.t.norm[clauses[ci][0]:pc.s])
		if marketSaid(before) && !launchSaid(before) {
			continue // "a nonprofit running a campaign in Nigeria": where the campaign runs
		}
		pc.dropped, pc.writerPlace = true, true
		for j := range st.toks {
			if st.tokCond[j] > 0 && st.conds[st.tokCond[j]-1] == pc {
				st.toks[j].role, st.toks[j].frameWord = roleFiller, true
				st.tokCond[j] = 0
			}
		}
		from, isLaunch := launch[ci]
		if loc := launchWords.FindStringIndex(before); !isLaunch && loc != nil {
			from, isLaunch = clauses[ci][0]+utf8.RuneCountInString(before[:loc[0]]), true
		}
		if isLaunch {
			// "launching in the UK and EU first", 准备进东南亚: the launch
			// plan's words, from its verb on, are its frame too, no
			// ranking term ("first", 准备进)
			for j := range st.toks {
				if tk := &st.toks[j]; tk.s >= from && tk.e <= clauses[ci][1] && tk.kind != tkSpace && (tk.role == roleNone || tk.role == roleContent) {
					tk.role, tk.frameWord = roleFiller, true
				}
			}
		}
	}
}

// marketSaid reports a market word (marketWords) in text: where the
// writer's business goes, so where its creators are.
func marketSaid(text string) bool {
	for w := range marketWords {
		if w[0] >= 0x80 && strings.Contains(text, w) {
			return true
		}
	}
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !isLetterRune(r) }) {
		if marketWords[f] {
			return true
		}
	}
	return false
}

// localPointer restores the writer's own place when the brief asks for
// creators there by pointing back at it (fixL, class L2): "我们是新加坡一家
// e-bike rental，想找local的…", "yoga studio in Melbourne … local wellness
// creators", "首尔的韩餐厅，想找本地的探店博主" give that place's country. Only
// when no other place is wanted; the pointing word is frame.
func (st *state) localPointer() {
	var own []*pcond
	for _, pc := range st.conds {
		if pc.c.Field != condition.Country || pc.neg {
			continue
		}
		if !pc.dropped {
			return // the creators' place is said
		}
		if pc.writerPlace {
			own = append(own, pc)
		}
	}
	if len(own) == 0 {
		return
	}
	norm := string(st.t.norm)
	m := localWords.FindStringIndex(norm)
	if m == nil {
		return
	}
	from, to := utf8.RuneCountInString(norm[:m[0]]), utf8.RuneCountInString(norm[:m[1]])
	for _, pc := range own {
		if pc.e > from {
			continue // said after the pointing word: not what it points at
		}
		pc.dropped = false
		id := int32(0)
		for n, c := range st.conds {
			if c == pc {
				id = int32(n + 1)
			}
		}
		for j := range st.toks {
			if tk := &st.toks[j]; tk.s >= pc.s && tk.e <= pc.e && tk.kind != tkSpace {
				tk.role, tk.frameWord, st.tokCond[j] = roleCond, false, id
			}
		}
	}
	for j := range st.toks {
		if tk := &st.toks[j]; tk.s >= from && tk.e <= to && tk.kind != tkSpace && (tk.role == roleNone || tk.role == roleContent) {
			tk.role, tk.frameWord = roleFiller, true
		}
	}
}

// localWords point back at the writer's own place.
var localWords = mustRx(`(?i)\blocal\b|本地|当地|本土|同城|这边的|我们这边|in\s+our\s+(?:city|area|town|region|country)|near\s+us|around\s+us|from\s+around\s+here`)
