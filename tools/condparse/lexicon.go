package condparse

import (
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/number"
	"searchagent/tools/platform"
	"searchagent/tools/taxonomy"
	"searchagent/tools/textmatch"
	"searchagent/tools/textnorm"
)

// lexClass is what a dictionary word means to the parser.
type lexClass uint8

const (
	clsNone lexClass = iota
	clsCountry
	clsLanguage
	clsCategory
	clsPlatform
	clsCreatorPlatform // "YouTubers": a platform mention that is not a condition signal alone
	clsSoft
	clsHedge
	clsExclude
	clsExcludeEnd // 以外, 之外
	clsAlso       // 还, 也: "除了 X 还…" is an inclusion
	clsField      // a count or ratio field's cue word (fields.Field.Cues); code is the field
	clsPreGte
	clsPreLte
	clsPreApprox
	clsBetween
	clsPostGte
	clsPostLte
	clsPostApprox
	clsPostMagnitude // 级, 级别, 量级: "十万级" is 100k up to a million
	clsRangeConn
	clsBetweenEnd // 之间
	clsAnd
	clsActWord   // 活跃, active, posted
	clsFreq      // weekly, 每周: a posting frequency after an activity word
	clsRecent    // 近, 最近, last, past
	clsTimeUnit  // 天, week; n = days per unit
	clsTimeSpan  // 半年, this week; n = days
	clsWithin    // 内, 以内, within
	clsNumWord   // one, two, a; n = value
	clsTier      // creator tier → derived follower range
	clsRequest   // a request phrase: a sentence signal
	clsCreator   // creator nouns: 博主, creators
	clsRel       // who, that, which
	clsDe        // 的
	clsFiller    // other filler
	clsStop      // function words
	clsLangMark  // 说, speaking, -speaking, language
	clsUnsupport // budget, price: a condition this version cannot filter on
	clsToo       // 太, too: "不要太商业化" is a soft preference
	clsEdit      // 把, 改成, change to: an edit of an existing condition
	clsSort      // 排序, sort by: a sort request, no filter
	clsVague     // 不太多, not too many: a vague amount that needs a number
	clsTopic     // a subtopic word of taxonomy.Synonyms: its category plus a ranking term
	clsFrame     // the brief's own frame: 合作, 投放, brand, campaign, thanks
	clsStyle     // a style marker: 风格, vibe, tone; what it qualifies only ranks
	clsCue       // an explicit keyword cue: 包含, 关键词, must mention
	clsCueScope  // a cue after the keyword that names its scope: in the title
	clsBrandOpen // the opening of a brand frame: 我们是, we're a
	clsForm      // a teaching form: 教程, tutorial; content unless a topic precedes it
	clsGender    // 男博主, female creators: a creator's gender, which the catalog does not record
	clsPartner   // 合作过, works with, promos: the partner frame of an exclusion (partnerFrame); keyword material elsewhere
	clsRelation  // 竞品, competitors: the user's own relations, which the catalog does not record (rule_relation.go)
	clsPaging    // next page, 下一页: paging the results, the list's own action (ResiduePaging)
	clsTrait     // 真人出镜, on camera: a creator's trait the catalog does not record (ResidueTrait)
	clsStage     // established, 刚起步: a creator's stage of growth, which the catalog does not record (ResidueStage)
	clsExact     // exactly, 正好: a count said exactly, which the catalog's rounded counts read as a narrow range
)

// lexEntry is one dictionary spelling.
type lexEntry struct {
	word string // folded spelling; a space matches any run of whitespace
	cls  lexClass
	// code is the vocabulary code (country, language, category, platform,
	// soft preference or tier); codes holds a region's countries.
	code  string
	codes []string
	n     int64 // days, a number word's value
	lo    int64 // tier range
	hi    int64
	label Label
	// atStart: a request phrase that counts only at the start of a clause.
	atStart bool
	// alone: an activity word that means "recently active" on its own.
	alone bool
	// place: a city, state or province read as its country.
	place bool
	// form: a content-form filler ("评测", "reviewers") that a preceding
	// category absorbs.
	form bool
	// dir is a vague size's direction: +1 larger, -1 smaller, 0 unsaid.
	dir int8
	// upper lists rune indices that must be upper case in the input ("US").
	upper []int
	// quiet: a frame word that is dropped in a brief but alone makes no
	// sentence ("after all these years", "already gone" stay titles).
	quiet bool
	// kind: a person noun that names what the creators do beyond their
	// topic ("groomers", "artists", "教练"); beside a category it ranks.
	kind bool
	// creator: a platform said with its creator noun ("x accounts",
	// "youtube channels"): a creator noun as much as a platform.
	creator bool
	// beforeNoun: a tier word that is the tier only right before a
	// category, a subtopic or a creator noun ("micro travel influencers";
	// "macro photography" stays a topic).
	beforeNoun bool
	// disfluent: a hesitation sound of dictation ("um", "uh", 嗯, 呃):
	// the lexer makes it a space, so that what it interrupts reads as if
	// it were not there ("under um 50k", "粉丝 嗯 5万左右").
	disfluent bool
	// variety: the name of a dialect or named variant of the language
	// ("粤语", "Castilian"), for the label of a place said before it
	// ("台湾国语": variantLabel).
	variety Label
	// speech: talk that only carries a spoken or chatted sentence ("so",
	// "yeah", 就是说, and every disfluent sound): the input is a sentence,
	// never a list of keywords.
	speech bool
	// campaign: a word of the advertiser's logistics ("首批备货",
	// "deliverables", "each creator"): the clause it stands in is the
	// campaign's (rule_campaign.go).
	campaign bool
	// complaint: a vague size that says a figure is too small or too
	// large ("太少了", "way too big", "too low"): a figure said before it
	// and another after it is let go (complaintTail), the later one is
	// the bound meant.
	complaint bool
	// plenty: a large amount said without a number ("tons of", "a lot
	// of"); denied before what there is much of ("without tons of
	// sponsorships", "avoid ones with loads of ads") it is too much of
	// it, a wish (tooMuch).
	plenty bool
	// head: a Chinese frame or filler noun that also opens compound words
	// ("方向盘", "海外仓", "视频剪辑", "类脑"): glued to an unknown word
	// after it, it is part of that word (keepCompounds).
	head bool
	// question: a word that asks ("why", "how come", 为什么, 哪个): the
	// clause it opens is a question, never a list of keywords
	// (rule_talk.go); why: it asks for a reason, of what the box shows.
	question, why bool
	// results: words that point at the results shown ("of these", "this
	// one", 这些里面): talk about the list, never a term (rule_talk.go).
	results bool
	// accept: a word that says what follows it is acceptable as well
	// ("fine if", "doesn't matter if", 就算): a figure or a size after it
	// is a permission, never a bound (rule_talk.go).
	accept bool
	// related: a word that says the channels touch a topic ("沾边",
	// "有关", "涉及"): in an exclusion the topic is the object, and the
	// word no part of it (exclusionObjectBefore).
	related bool
}

// lexicon is the compiled dictionary; it is built once and never mutated.
type lexicon struct {
	// outlets are the category names said as a kind of outlet ("news
	// outlets", 动画片): each names its category whole.
	outlets map[string]bool
	// dict holds every spelling once (textmatch.FoldSpace); ents[id] are
	// the entries of spelling id, in the order they were added.
	dict *textmatch.Automaton
	ents [][]*lexEntry
	// for labels
	countries, languages, categories map[string]taxonomy.Term
	// typoTargets are the one-word Latin spellings a misspelt word may be
	// read as (typos): countries, languages, categories, creator nouns.
	typoTargets []typoTarget
	// unitTargets are the Latin count words a misspelt word right after
	// a number may be read as ("subsribers").
	unitTargets []typoTarget
	// cjkCountries are the Chinese country names of three or more runes
	// a name one rune off may be read as (cjkCountryTypos).
	cjkCountries [][]rune
	// glued are the comparator cue words of more than one word typed
	// without their space ("atleast", "upto", "nomorethan"; audit 25),
	// keyed by that spelling.
	glued map[string][]*lexEntry
	// codes are the country codes as words, read only where a place goes
	// (countryCodes).
	codes map[string]*lexEntry
	// langCodes are the language codes as words, read only after a
	// language label (labelledCodes).
	langCodes map[string]*lexEntry
	// letterX is the platform X said as its letter before a Chinese
	// account noun (letterPlatform).
	letterX *lexEntry
	// lone are the one-rune category names ("猫", "狗"), read only as a
	// word of their own (loneCategoryRunes).
	lone map[rune]*lexEntry
}

// typoTarget is one spelling of the lexicon a typo may stand for.
type typoTarget struct {
	word string
	ents []*lexEntry
}

var defaultLexicon = buildLexicon()

func words(cls lexClass, ws ...string) []lexEntry {
	out := make([]lexEntry, 0, len(ws))
	for _, w := range ws {
		out = append(out, lexEntry{word: w, cls: cls})
	}
	return out
}

// withDir gives vague sizes their direction: +1 larger, -1 smaller.
func withDir(dir int8, es []lexEntry) []lexEntry {
	return withFlag(es, func(e *lexEntry) { e.dir = dir })
}

func withFlag(es []lexEntry, f func(*lexEntry)) []lexEntry {
	for i := range es {
		f(&es[i])
	}
	return es
}

// genericCategoryWords are category aliases too generic to read as a
// category filter in free text ("space", "home", "style").
var genericCategoryWords = map[string]bool{
	"space": true, "style": true, "shows": true, "modeling": true, "celebrity": true, "design": true,
	"maker": true, "learning": true, "tv": true, "home": true, "health": true, "健康": true, "生活": true,
}

// softPrefs are the soft preferences of spec 3.7.5 and a few more; they are
// never hard filters.
var softPrefs = []struct {
	code  string
	label Label
	words []string
}{
	{"premium", Label{"高级感", "Premium feel"}, []string{"高级感", "有高级感", "质感", "有质感", "高级", "高端", "大牌感", "premium", "premium feel", "premium look", "high-end", "high end", "upscale", "luxury feel", "luxurious", "classy"}},
	{"value", Label{"性价比高", "Good value"}, []string{"性价比高", "性价比", "高性价比", "性价比好", "价格便宜", "便宜", "报价低", "报价便宜", "价格合适", "价格实惠", "实惠", "good value", "great value", "value for money", "cost-effective", "cost effective", "affordable", "budget-friendly", "budget friendly", "cheap", "low cost", "low-cost"}},
	{"brand_fit", Label{"调性合适", "On-brand"}, []string{"调性合适", "调性", "调性相符", "调性一致", "符合调性", "符合品牌调性", "品牌调性", "品牌契合", "契合品牌", "风格契合", "on-brand", "on brand", "brand fit", "brand-fit", "brand safe", "brand-safe", "matches our brand", "fits our brand", "fit our brand", "right vibe", "right tone"}},
	{"quality", Label{"内容质量高", "High-quality content"}, []string{"内容质量高", "内容质量好", "内容优质", "优质内容", "质量高", "高质量", "优质", "精良", "制作精良", "high-quality content", "high quality content", "high-quality", "high quality", "quality content", "well-produced", "well produced", "polished"}},
	{"authentic", Label{"更像真人推荐", "Authentic, like a real person"}, []string{"更像真人推荐", "像真人推荐", "真人推荐", "真人", "像真人", "更像真人", "真实", "真实感", "真诚", "素人感", "素人感强", "素人感十足", "生活感", "生活感强", "烟火气", "不像广告", "不硬广", "接地气", "authentic", "feels like a real person", "feel like a real person", "like a real person", "real person", "real people", "genuine", "relatable", "not salesy", "not too salesy", "real recommendations", "real recommendation", "genuine recommendations", "genuine recommendation", "honest recommendations", "honest reviews", "feel real", "feels real", "more authentic"}},
	{"professional", Label{"专业", "Professional"}, []string{"专业", "专业度高", "很专业", "够专业", "专业性强", "权威", "professional", "expert", "experts", "authoritative", "in-depth", "in depth"}},
	{"fun", Label{"有趣", "Fun"}, []string{"有趣", "好玩", "有意思", "风趣", "fun", "entertaining", "engaging content"}},
	{"engagement", Label{"互动高", "High engagement"}, []string{"互动高", "互动率高", "互动好", "互动多", "粉丝活跃", "粉丝粘性高", "粘性高", "评论多", "high engagement", "highly engaged", "engaged audience", "good engagement", "strong engagement", "engagement",
		// a good engagement rate named by its abbreviation, no number (audit 23)
		"high er", "good er", "strong er", "great er", "solid er", "decent er", "high er%", "high engagement rate", "good engagement rate",
		"strong engagement rate", "high-engagement", "高互动", "高互动率", "互动率高的", "互动高的", "高er", "er高", "er高的",
		// more of it wished for, or the creators said to be engaging (the
		// router's keyword.soft reads the same words as this code)
		"higher engagement", "more engagement", "better engagement", "greater engagement", "engaging", "more engaging",
		"highly engaging", "very engaging", "super engaging", "互动更高", "互动高一点", "互动多一点", "互动更好", "互动强"}},
	{"growth", Label{"近期表现好", "Strong recent performance"}, []string{"近期表现好", "近期表现", "最近表现好", "数据好", "数据不错", "最近数据好", "涨粉快", "增长快", "上升期", "有潜力", "潜力", "爆款", "fast-growing", "fast growing", "growing fast", "rising", "trending", "up-and-coming", "up and coming", "viral",
		// growth said as a superlative or with its manner (audit 29):
		// still no growth data, the same wish
		"fastest-growing", "fastest growing", "growing fastest", "growing the fastest", "growing quickly", "growing rapidly", "quickly growing",
		"rapidly growing", "fastest-rising", "fastest rising", "涨粉最快", "涨粉很快", "涨粉迅速", "涨得快", "涨得最快", "增长最快", "增长迅速", "快速增长", "快速涨粉",
		// growth said as a stage (audit 27): ranks, and the box names it
		// as no filter (the catalog has no growth data: ResidueStage)
		"rising star", "rising stars", "rising-star", "rising-stars", "up-and-comer", "up-and-comers", "up and comers", "on the rise", "breakout", "breakout creators",
		"emerging creators", "emerging voices", "emerging talent", "新锐", "潜力股", "潜力博主", "新晋", "黑马", "成长期", "成长型", "上升期的"}},
	// brand safety said as a wish (audit 27): a reference, never a
	// category or a keyword to match
	{"brand_safe", Label{"内容正面（品牌安全）", "Brand-safe content"}, []string{"brand safety", "brand-safety", "clean language", "clean content",
		"clean humor", "clean humour", "safe for work", "sfw", "advertiser-safe", "advertiser safe", "wholesome", "wholesome content",
		"正能量", "内容正能量", "积极向上", "健康向上", "内容积极向上", "三观正", "价值观正"}},
	{"consistent", Label{"更新稳定", "Posts consistently"}, []string{"更新稳定", "稳定更新", "更新频繁", "更新频率高", "经常更新", "日更", "周更", "consistent uploads", "uploads consistently", "posts consistently", "posting consistently", "consistent posting", "regular uploads", "uploads regularly", "posts regularly", "uploading regularly", "posting regularly", "upload regularly", "post regularly", "regular posting", "regular posts", "regular updates", "updates regularly", "regularly posting", "regularly uploading", "regularly posts", "regularly uploads", "frequent posting", "frequent uploads", "posting frequently", "posts frequently", "uploads frequently", "定期更新", "规律更新", "更新规律", "经常发视频", "经常发帖", "经常发推", "经常发", "经常上传", "频繁更新", "勤更", "更新勤快", "uploading consistently", "post often", "posts often", "posting often", "weekly-ish", "posting weekly-ish", "weekly or so"}},
	{"young", Label{"年轻化", "Young audience"}, []string{"年轻化", "年轻", "年轻人喜欢", "受众年轻", "年轻受众", "gen z", "gen-z", "young audience", "younger audience",
		// content said to be for teenagers (fixN, class 3): an audience
		// wish, never the family category
		"for teens", "for teenagers", "for the teens", "aimed at teens", "aimed at teenagers", "targeting teens", "targeted at teens",
		"geared toward teens", "geared towards teens", "made for teens", "teen audience", "teen audiences", "teenage audience",
		"for young people", "aimed at young people", "面向青少年", "适合青少年", "适合青少年看", "给青少年看", "给青少年看的", "青少年向", "针对青少年"}},
	{"aesthetic", Label{"颜值高", "Good-looking visuals"}, []string{"颜值高", "画面好看", "画面精美", "审美好", "aesthetic", "good-looking", "beautiful visuals", "visually appealing"}},
	{"family_friendly", Label{"内容适合全家", "Family-friendly"}, []string{"family friendly", "family-friendly", "kid friendly", "kid-friendly", "kids friendly", "kids-friendly", "advertiser friendly", "advertiser-friendly", "brand safe", "brand-safe", "合家欢", "老少皆宜", "适合全家", "适合全家看", "内容干净", "内容健康",
		// content said to be for children (fixN, class 3): an audience
		// wish that ranks, never the family category as a filter
		"for kids", "for the kids", "for children", "for little ones", "for toddlers", "for young kids", "for young children",
		"aimed at kids", "aimed at children", "aimed at toddlers", "targeting kids", "targeted at kids", "geared toward kids",
		"geared towards kids", "made for kids", "made for children", "child-friendly", "child friendly", "children-friendly",
		"kid audience", "kids audience", "kid-oriented", "kids-oriented", "给小朋友看", "给小朋友看的", "给孩子看", "给孩子看的",
		"给孩子们看", "给宝宝看", "给宝宝看的", "适合小朋友", "适合小朋友看", "适合孩子", "适合孩子看", "适合儿童", "适合儿童看",
		"面向儿童", "面向小朋友", "面向孩子", "儿童向", "少儿向", "低幼向"}},
}

// tierNames are the media buyers' names of each tier (by its English
// label) that take a size word after them (tierSuffixes).
var tierNames = map[string][]string{
	"Nano creators": {"nano"}, "Micro creators": {"micro"}, "Mid-tier creators": {"mid-tier", "mid tier"},
	"Macro creators": {"macro"}, "Mega creators": {"mega"},
}

// tierSuffixes are the size words said after a tier's name: "macro-level",
// "nano size", "mega级别".
var tierSuffixes = []string{"-level", " level", " size", "-size", "-sized", " sized", " tier", "-tier", "级", "级别", "级别的", "级的", "量级", "体量"}

// tiers map creator tiers to a derived follower range (P3). Bounds follow
// common influencer-marketing usage; they are the one table of bands
// (ARCHITECTURE.md, "Creator size tiers"):
//
//	nano      素人/小博主        1k – 10k
//	micro     中小博主/尾部      10k – 100k
//	mid-tier  腰部/中腰部        100k – 1M
//	macro     大博主             500k – 1M
//	mega      头部/大号/大V      ≥ 1M
var tiers = []struct {
	lo, hi int64
	label  Label
	words  []string
}{
	{1_000, 10_000, Label{"素人/小博主", "Nano creators"}, []string{"素人", "素人博主", "小博主", "小网红", "nano", "nano tier", "nano-tier", "nano-influencer", "nano-influencers", "nano influencer", "nano influencers", "nano creators", "nano-creators", "koc级别", "koc级", "koc级别的", "koc tier", "koc-tier"}},
	{10_000, 100_000, Label{"中小博主", "Micro creators"}, []string{"中小博主", "中小体量", "体量中小", "中小型博主", "中小达人", "中小网红", "中小号", "micro tier", "micro-tier", "尾部", "尾部博主", "尾部达人", "尾部红人", "micro-influencer", "micro-influencers", "micro influencer", "micro influencers", "micro creators", "micro-creators", "micro youtubers", "micro级别", "micro级", "micro级别的"}},
	{100_000, 1_000_000, Label{"腰部博主", "Mid-tier creators"}, []string{"腰部", "腰部博主", "腰部红人", "腰部达人", "腰部网红", "mid-tier", "mid tier", "mid-tier creators", "mid-tier influencers", "mid-size creators", "mid-sized creators",
		// the adjective alone ("Canada, mid-sized, …"); "mid-size" and
		// "midsize" alone stay words, a class of cars ("midsize SUV reviews").
		"mid-sized", "midsized", "mid sized", "medium-sized", "medium sized", "中等体量", "体量中等", "中腰部", "中腰部博主", "中腰部达人", "中腰部红人"}},
	{500_000, 1_000_000, Label{"大博主", "Macro creators"}, []string{"macro-influencer", "macro-influencers", "macro influencer", "macro influencers", "macro creators", "macro-tier", "macro tier"}},
	{1_000_000, MaxCount, Label{"头部博主", "Mega creators"}, []string{"头部", "头部博主", "头部红人", "头部达人", "头部网红", "大v", "大博主", "大号", "mega-influencer", "mega-influencers", "mega influencer", "mega influencers", "mega creators", "top creators", "top-tier creators", "top tier creators"}},
}

func buildLexicon() *lexicon {
	lx := &lexicon{
		countries:  map[string]taxonomy.Term{},
		languages:  map[string]taxonomy.Term{},
		categories: map[string]taxonomy.Term{},
		codes:      codeEntries(),
		langCodes:  langCodeEntries(),
		letterX:    letterXEntry(),
		lone:       loneEntries(),
	}
	var es []lexEntry

	// Vocabularies from the shared taxonomy. Single-rune CJK names ("猫",
	// "狗") are too ambiguous in free text and are skipped.
	// A subtopic its category also names as an alias ("钓鱼", "yoga") is
	// read as the subtopic only: its category plus a ranking term.
	subtopic := map[string]bool{}
	for _, g := range taxonomy.Synonyms.Groups() {
		for _, w := range g.Words {
			subtopic[foldString(w)] = g.Sub
		}
	}
	// A language alias that is one of its dialects ("普通话", "Mandarin")
	// is read as the dialect (below).
	dialect := map[string]bool{}
	for _, d := range taxonomy.Dialects {
		for _, n := range append([]string{d.ZH, d.EN}, d.Aliases...) {
			dialect[foldString(n)] = true
		}
	}
	vocab := func(v *taxonomy.Vocabulary, cls lexClass, into map[string]taxonomy.Term) {
		for _, t := range v.Terms() {
			into[t.Code] = t
		}
		for _, nt := range v.Names() {
			if utf8.RuneCountInString(nt.Name) < 2 || cls == clsCategory && (genericCategoryWords[strings.ToLower(nt.Name)] || subtopic[foldString(nt.Name)]) ||
				cls == clsLanguage && dialect[foldString(nt.Name)] {
				continue
			}
			es = append(es, lexEntry{word: nt.Name, cls: cls, code: nt.Term.Code})
		}
	}
	vocab(taxonomy.Countries, clsCountry, lx.countries)
	vocab(taxonomy.Languages, clsLanguage, lx.languages)
	vocab(taxonomy.Categories, clsCategory, lx.categories)
	// A category said as a kind of outlet ("news outlets", "news sites",
	// 动画片, 搞笑片) is the category, so "not news outlets" and 别推动画片
	// exclude it rather than the words (audit 30, mild class 5).
	seenOutlet := map[string]bool{}
	lx.outlets = map[string]bool{}
	for _, nt := range taxonomy.Categories.Names() {
		n := strings.ToLower(nt.Name)
		if genericCategoryWords[n] || subtopic[foldString(nt.Name)] || utf8.RuneCountInString(n) < 2 || !taxonomy.NamesWholeCategory(nt.Term.Code, nt.Name) {
			continue
		}
		var forms []string
		if isASCIILetters(strings.ReplaceAll(n, " ", "")) {
			for _, suf := range []string{" outlets", " outlet", " sites", " site", " websites", " pages", " media"} {
				forms = append(forms, n+suf)
			}
		} else if r, _ := utf8.DecodeRuneInString(n); r >= 0x4e00 && !strings.HasSuffix(n, "片") {
			forms = append(forms, n+"片")
		}
		for _, f := range forms {
			if !seenOutlet[f] {
				seenOutlet[f] = true
				lx.outlets[foldString(f)] = true
				es = append(es, lexEntry{word: f, cls: clsCategory, code: nt.Term.Code})
			}
		}
	}
	// A one-word English category name in the plural also reads in the
	// singular ("pet creators", "toy reviewers", "recipe channels").
	for _, nt := range taxonomy.Categories.Names() {
		if sg, ok := singular(nt.Name); ok && !genericCategoryWords[sg] && !subtopic[foldString(nt.Name)] && !subtopic[sg] {
			es = append(es, lexEntry{word: sg, cls: clsCategory, code: nt.Term.Code})
		}
	}
	for _, g := range taxonomy.Synonyms.Groups() {
		if !g.Sub {
			continue
		}
		for _, w := range g.Words {
			if utf8.RuneCountInString(w) >= 2 {
				es = append(es, lexEntry{word: w, cls: clsTopic, code: g.Category})
			}
		}
	}

	// Compounds that settle demonym ambiguity ("German-speaking" is a
	// language, "US-based" a country).
	for _, t := range taxonomy.Languages.Terms() {
		for _, n := range append([]string{t.EN}, t.Aliases...) {
			if !isLatinWord(n) || dialect[foldString(n)] {
				continue
			}
			for _, suf := range []string{"-speaking", " speaking", "-language", " language", " speakers", " speaker", "-speakers"} {
				es = append(es, lexEntry{word: n + suf, cls: clsLanguage, code: t.Code})
			}
		}
	}
	// A dialect reads as its language, its label naming the dialect as
	// not filtered ("讲粤语的" → Chinese; never 广东, the province); a mix
	// of two languages reads as both ("Hinglish" → Hindi, English).
	for _, d := range taxonomy.Dialects {
		lt, _ := taxonomy.Languages.ByCode(d.Language)
		label := Label{ZH: lt.ZH + "（" + d.ZH + "，不按方言筛选）", EN: lt.EN + " (" + d.EN + "; the dialect is not filtered)"}
		if d.Variant {
			label = Label{ZH: lt.ZH + "（" + d.ZH + "，不按变体筛选）", EN: lt.EN + " (" + d.EN + "; the variant is not filtered)"}
		}
		var codes []string
		if wt, ok := taxonomy.Languages.ByCode(d.With); ok {
			codes = []string{d.Language, d.With}
			label = Label{ZH: d.EN + "（" + lt.ZH + "、" + wt.ZH + "，不按混合语筛选）", EN: d.EN + " (" + lt.EN + " and " + wt.EN + "; the mix is not filtered)"}
		}
		for _, n := range append([]string{d.ZH, d.EN}, d.Aliases...) {
			es = append(es, lexEntry{word: n, cls: clsLanguage, code: d.Language, codes: codes, label: label, variety: Label{ZH: d.ZH, EN: d.EN}})
			if !isLatinWord(n) {
				continue
			}
			for _, suf := range []string{"-speaking", " speaking", "-language", " language", " speakers", " speaker", "-speakers"} {
				es = append(es, lexEntry{word: n + suf, cls: clsLanguage, code: d.Language, codes: codes, label: label, variety: Label{ZH: d.ZH, EN: d.EN}})
			}
		}
	}
	// A family of languages said as one ("Nordic languages", "scandinavian
	// langs", 北欧语言) reads as its members the catalog records, its label
	// naming them and the ones it does not; never the region's countries.
	for _, g := range taxonomy.LanguageGroups {
		var zh, en []string
		for _, c := range g.Languages {
			lt, _ := taxonomy.Languages.ByCode(c)
			zh, en = append(zh, lt.ZH), append(en, lt.EN)
		}
		label := Label{ZH: g.ZH + "（" + strings.Join(zh, "、"), EN: g.EN + " (" + strings.Join(en, ", ")}
		if g.UnheldEN != "" {
			label.ZH += "；" + g.UnheldZH + "不在可筛选的语言中"
			label.EN += "; " + g.UnheldEN + " is not a language the catalog records"
		}
		label.ZH += "）"
		label.EN += ")"
		for _, n := range g.Names {
			es = append(es, lexEntry{word: n, cls: clsLanguage, code: g.Languages[0], codes: g.Languages, label: label})
		}
	}
	for _, t := range taxonomy.Countries.Terms() {
		for _, n := range append([]string{t.EN}, t.Aliases...) {
			if !isLatinWord(n) {
				continue
			}
			es = append(es, lexEntry{word: n + "-based", cls: clsCountry, code: t.Code})
			es = append(es, lexEntry{word: n + " based", cls: clsCountry, code: t.Code})
		}
	}
	// A dictated brief (issue 26, class B3): voice typing spells a
	// country's initials letter by letter ("the U K", "U S", "U.K") and
	// splits a long one-word name in two ("the nether lands"). Each
	// spacing of the taxonomy's own initials reads as them, its letters
	// in capitals; a name of seven letters or more split into two parts
	// of three or more reads as the name.
	for _, t := range taxonomy.Countries.Terms() {
		for _, n := range append([]string{t.Code, t.EN}, t.Aliases...) {
			for _, w := range spacedInitials(n) {
				e := lexEntry{word: w, cls: clsCountry, code: t.Code}
				for i, r := range []rune(w) {
					if r != ' ' && r != '.' {
						e.upper = append(e.upper, i)
					}
				}
				es = append(es, e)
			}
		}
		for _, w := range splitName(t.EN) {
			es = append(es, lexEntry{word: w, cls: clsCountry, code: t.Code})
		}
	}
	// Country spellings the taxonomy keeps as codes only: "US" must be upper
	// case, or "find us creators" would mean America.
	es = append(es,
		lexEntry{word: "us", cls: clsCountry, code: "US", upper: []int{0, 1}},
		lexEntry{word: "us-based", cls: clsCountry, code: "US", upper: []int{0, 1}},
		lexEntry{word: "美国本土", cls: clsCountry, code: "US"},
	)
	// Countries said colloquially: nicknames of a country or its people,
	// read wherever they stand, glued inside a Chinese phrase too
	// ("找大马玩麻将的", "Aussie rugby league creators"). The English ones
	// that are also common nouns (kiwi the fruit, yank the verb) count only
	// capitalised.
	for code, ws := range colloquialCountries {
		for _, w := range ws {
			e := lexEntry{word: w, cls: clsCountry, code: code}
			if capitalOnlyCountry[w] {
				e.upper = []int{0}
			}
			es = append(es, e)
		}
	}
	// Regions are taxonomy's (the one table): a name in any case, an
	// abbreviation that spells a word in lower case only in capitals
	// ("SEA", never the sea).
	for _, r := range taxonomy.Regions {
		label := Label{r.ZH, r.EN}
		for _, n := range r.Names {
			es = append(es, lexEntry{word: n, cls: clsCountry, codes: r.Countries, label: label})
		}
		for _, n := range r.Caps {
			e := lexEntry{word: n, cls: clsCountry, codes: r.Countries, label: label}
			for i := range utf8.RuneCountInString(n) {
				e.upper = append(e.upper, i)
			}
			es = append(es, e)
		}
	}
	// A city reads as its country, and its label says the city itself is
	// not filtered (the catalog records countries): "based in LA" →
	// United States.
	// A state or province reads as its country the same way: "in
	// California" → United States.
	// A part of a country named by a group of its provinces or cities
	// ("江浙沪", "珠三角") reads as its country too.
	for k, c := range slices.Concat(taxonomy.Cities, taxonomy.States, taxonomy.Subregions) {
		ct, _ := taxonomy.Countries.ByCode(c.Country)
		label := Label{ZH: ct.ZH + "（" + c.ZH + "，不按城市筛选）", EN: ct.EN + " (for " + c.EN + "; the city is not filtered)"}
		switch {
		case k >= len(taxonomy.Cities)+len(taxonomy.States):
			label = Label{ZH: ct.ZH + "（" + c.ZH + "，不按地区筛选）", EN: ct.EN + " (for " + c.EN + "; the region is not filtered)"}
		case k >= len(taxonomy.Cities):
			label = Label{ZH: ct.ZH + "（" + c.ZH + "，不按州或省筛选）", EN: ct.EN + " (for " + c.EN + "; the state or province is not filtered)"}
		}
		for _, n := range append([]string{c.ZH, c.EN}, c.Aliases...) {
			e := lexEntry{word: n, cls: clsCountry, codes: []string{c.Country}, label: label, place: true}
			if n == strings.ToUpper(n) && isLatinWord(n) {
				for i := range utf8.RuneCountInString(n) {
					e.upper = append(e.upper, i)
				}
			}
			es = append(es, e)
			if isLatinWord(n) {
				// "Milan-based", "LA-based": where the creators live.
				b := e
				b.word = n + "-based"
				es = append(es, b)
			}
		}
	}

	// Platforms. Every code is checked against tools/platform in tests.
	plat := func(p platform.Platform, ws ...string) {
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsPlatform, code: string(p)})
		}
	}
	// a platform said with its creator noun ("youtube channels", "x
	// accounts", "ig账号"): the platform, and creators being described.
	platCreators := func(p platform.Platform, ws ...string) {
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsPlatform, code: string(p), creator: true})
		}
	}
	plat(platform.YouTube, "youtube", "yt", "油管", "优兔")
	// a dictated platform name split in two ("you tube", "insta gram";
	// issue 26, class B3)
	for _, p := range []platform.Platform{platform.YouTube, platform.Instagram} {
		plat(p, splitName(string(p))...)
	}
	platCreators(platform.YouTube, "youtube频道", "youtube channel", "youtube channels")
	plat(platform.Instagram, "instagram", "ig", "insta", "ins", "照片墙")
	// a platform's name typed in two (issue 26): "Insta gram", "You tube",
	// "Tik tock"; the one-word slips are typos (typos.go)
	plat(platform.Instagram, "insta gram", "insta-gram")
	plat(platform.YouTube, "you tube", "you-tube")
	plat(platform.TikTok, "tik tock", "tik-tock")
	plat(platform.TikTok, "tiktok", "tik tok", "抖音", "抖音国际版", "抖音海外版", "国际版抖音", "海外抖音", "海外版抖音", "tt", "tiktok上", "抖音上",
		// Douyin is TikTok's Chinese sibling: searched as TikTok, said in a notice
		"douyin", "douyin上")
	// the box's own words typed short (audit 23): "ig 帳號", "insta上", "yt上"
	plat(platform.Instagram, "ig上", "ins上", "instagram上")
	platCreators(platform.Instagram, "ig帐号", "ig账号")
	plat(platform.YouTube, "yt上", "youtube上", "油管上")
	plat(platform.X, "twitter", "推特", "x平台", "x 平台", "x/twitter", "twitter/x", "x (twitter)", "x(twitter)", "x.com", "twitter.com")
	es = append(es, lexEntry{word: "on x", cls: clsPlatform, code: string(platform.X), upper: []int{3}})
	es = append(es, lexEntry{word: "在x上", cls: clsPlatform, code: string(platform.X), upper: []int{1}})
	// "X上做AI的科技博主": a capital X with the postposition 上 is on X.
	es = append(es, lexEntry{word: "x上", cls: clsPlatform, code: string(platform.X), upper: []int{0}})
	es = append(es, lexEntry{word: "x 上", cls: clsPlatform, code: string(platform.X), upper: []int{0}})
	// "X accounts covering crypto", "x博主": x before a creator noun is the
	// platform (a lone "x" is a letter: "x-ray", "3x").
	platCreators(platform.X, "x accounts", "x account", "x creators", "x users", "x influencers", "x kols", "x profiles", "x handles", "x博主", "x账号")
	// a platform's handles are its accounts ("crypto twitter handles",
	// "IG handles"): the platform, never a term; every one-word Latin
	// name of a platform takes them ("x handles" is above)
	for _, e := range slices.Clone(es) {
		if e.cls == clsPlatform && !e.creator && e.word != "x" && isASCIILetters(e.word) {
			platCreators(platform.Platform(e.code), e.word+" handles", e.word+" handle", e.word+" accounts", e.word+" account")
		}
	}
	plat(platform.X, "x上的")
	for _, w := range []string{"youtube.com", "instagram.com", "tiktok.com"} {
		p, _ := platform.Parse(w)
		es = append(es, lexEntry{word: w, cls: clsPlatform, code: string(p)})
	}
	cp := func(p platform.Platform, ws ...string) {
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsCreatorPlatform, code: string(p)})
		}
	}
	cp(platform.YouTube, "youtuber", "youtubers", "油管博主", "油管主", "油管up主", "youtube博主", "youtube频道主", "油管频道主")
	cp(platform.Instagram, "instagrammer", "instagrammers", "ins博主", "ig博主", "insta博主")
	cp(platform.TikTok, "tiktoker", "tiktokers", "tiktok博主", "tk博主")

	for _, s := range softPrefs {
		for _, w := range s.words {
			es = append(es, lexEntry{word: w, cls: clsSoft, code: s.code, label: s.label})
		}
	}
	for _, t := range tiers {
		ws := slices.Clone(t.words)
		// the tier's own name with a word of size after it, in either
		// language ("macro-level", "nano size", "mega级", "micro级别的")
		for _, base := range tierNames[t.label.EN] {
			for _, suf := range tierSuffixes {
				if w := base + suf; !slices.Contains(ws, w) {
					ws = append(ws, w)
				}
			}
		}
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsTier, lo: t.lo, hi: t.hi, label: t.label})
		}
	}
	// A media buyer's bare tier word before what the creators do ("micro
	// travel influencers", "macro fitness youtubers"; audit 23, class 5).
	for _, t := range tiers {
		for _, w := range map[string][]string{"Nano creators": {"nano"}, "Micro creators": {"micro"}, "Mid-tier creators": {"mid", "mid-size", "midsize"},
			"Macro creators": {"macro"}, "Mega creators": {"mega"}}[t.label.EN] {
			es = append(es, lexEntry{word: w, cls: clsTier, lo: t.lo, hi: t.hi, label: t.label, beforeNoun: true})
		}
	}

	for _, f := range fields.Of(fields.Count, fields.Ratio) {
		for _, w := range f.Cues {
			es = append(es, lexEntry{word: w, cls: clsField, code: string(f.Name)})
		}
	}
	// The media buyer's abbreviation of the engagement rate ("ER above
	// 4%", "ER% > 5", "er>3%", "ER 3%+"; audit 23): a whole word here,
	// never the letters inside "over" or "lower".
	for _, w := range []string{"er", "er%", "e.r.", "e.r", "eng%", "engagement %", "engagement rate %"} {
		es = append(es, lexEntry{word: w, cls: clsField, code: string(condition.Engagement)})
	}
	// A media buyer's reach is the views a post gets ("sort by reach",
	// "reach above 20k").
	for _, w := range []string{"reach", "avg reach", "average reach", "reach per post", "reach per video"} {
		es = append(es, lexEntry{word: w, cls: clsField, code: string(condition.AvgViews)})
	}
	// The comparator cue words are tools/number's, shared with the router.
	es = append(es, words(clsPreGte, number.MinBefore...)...)
	es = append(es, words(clsPreLte, number.MaxBefore...)...)
	es = append(es, words(clsPreApprox, "约", "大约", "大概", "差不多", "约莫", "约摸", "大致", "around", "about", "approximately", "approx", "roughly", "circa", "say", "somewhere", "somewhere around", "anywhere around")...)
	es = append(es, words(clsBetween, "between", "somewhere between", "anywhere between", "介于", "在", "从", "entre")...)
	es = append(es, words(clsPostGte, number.MinAfter...)...)
	// "5k followers and upward", "10k or higher": multi-word floors after
	// the figure (a bare "up" is read only right after a figure,
	// upAfterCount)
	es = append(es, words(clsPostGte, "and upward", "and upwards", "and onward", "and onwards", "or higher", "and higher", "or up")...)
	es = append(es, words(clsPostLte, number.MaxAfter...)...)
	es = append(es, words(clsPostApprox, "左右", "左右的", "上下", "上下的", "ish")...)
	// A hedge said after the figure reads as one said before it ("30k
	// followers give or take", "15k-ish", "50k or so", "20k roughly"):
	// the count is a range around the figure, never a floor (audit D4).
	// A pre-hedge word followed by a figure stays that figure's
	// (opOf).
	es = append(es, words(clsPostApprox, "-ish", "give or take", "or so", "or thereabouts", "more or less", "roughly", "approximately", "approx", "circa", "或上下", "上下浮动", "左右浮动")...)
	es = append(es, words(clsPreApprox, "give or take", "more or less")...)
	// "exactly 50k", "50k exactly", "正好五万粉": a count said exactly is a
	// narrow range around it (fixI3, class I2)
	es = append(es, words(clsExact, "exactly", "precisely", "正好", "刚好", "恰好", "刚刚好", "整整")...)
	es = append(es, words(clsPostMagnitude, "级", "级别", "量级", "级的", "级别的", "量级的")...)
	es = append(es, words(clsRangeConn, "-", "–", "—", "~", "〜", "到", "至", "to", "through", "thru", "up to",
		// "from 10k until 100k", "10k till 100k": until/till join two counts as "to" does
		"until", "till", "til", "up until", "up till",
		// "between 10k and up to 100k": longer than the open-ended "and up"
		"and up to", "and up until", "and up till",
		// "entre 10 mil y 100 mil", "entre 5 mil e 50 mil"
		"y", "e")...)
	es = append(es, words(clsBetweenEnd, "之间", "中间", "范围内", "范围",
		// the range's own noun after it: "10k–60k band", "5万到10万这个区间"
		"区间", "这个区间", "的区间", "档", "这一档", "档位", "range", "band", "bracket", "tier", "window")...)
	es = append(es, words(clsAnd, "和", "与", "及", "或", "或者", "以及", "跟", "and", "or", "&",
		// Spanish and Portuguese "or" and "and" ("en México o Chile", "no
		// Brasil ou em Portugal"; issue 26, class B1)
		"o", "ou", "y", "e")...)

	es = append(es, withFlag(words(clsActWord, "活跃", "active", "activos", "activas", "ativos", "ativas", "activo", "ativo"), func(e *lexEntry) { e.alone = true })...)
	// Spanish and Portuguese posting verbs ("que hayan subido algo esta
	// semana", "que postaram nos últimos 30 dias")
	es = append(es, words(clsActWord, "hayan subido algo", "hayan subido", "hayan publicado algo", "hayan publicado", "subido", "publicado",
		"publicaron", "subieron", "postaram", "postado", "publicaram", "publicado algo", "subido algo")...)
	// Inactivity ("drop anyone inactive for more than 2 months", "不活跃
	// 超过两个月的去掉"): the window bounds how long since the last post,
	// the same activity filter (rule_activity: inactiveWords).
	es = append(es, words(clsActWord, inactiveWords...)...)
	// Posting frequencies: the period words after an activity word
	// ("posting weekly"), the CJK ones that are their own activity word
	// ("周更", "日更").
	es = append(es, words(clsActWord, "日更", "周更", "月更")...)
	es = append(es, words(clsFreq, "daily", "every day", "each day", "weekly", "every week", "each week", "once a week",
		"monthly", "every month", "each month", "once a month", "每天", "每日", "每周", "每星期", "每月", "每个月")...)
	es = append(es, words(clsActWord,
		"更新", "有更新", "更新过", "在更新", "发布", "发过", "发布过", "发帖", "发视频", "发过视频", "发了视频", "上传", "上传过",
		"tweeting", "tweeted", "tweets", "streamed", "has streamed", "have streamed", "livestreamed", "live-streamed", "went live", "gone live", "going live", "been live", "last tweet", "last post", "last upload", "last video", "latest post", "latest upload",
		"有发帖", "发过帖", "发过帖子", "发帖子", "发了帖", "发了帖子", "有动态",
		// 台灣 and 香港 words for posting (folded): 上片, po文, 出片
		"上片", "有上片", "上过片", "有po文", "po文", "有po片", "po片", "出片", "有出片", "有出新片",
		// something posted said as there being one ("半年内有视频", "一周内有新作品")
		"有更", "在更", "还在更", "有视频", "有新视频", "有作品", "有新作品", "有帖子", "有新帖", "有新帖子", "有内容", "有新内容", "发过推", "发推", "有发推", "发过作品", "发作品", "开播", "开过播", "直播过", "还在发", "在发", "有在发", "还在发视频", "有在更新", "有发", "有发过", "有发视频", "有发过视频", "有发布", "有发布过", "有发文", "有发作品", "有发帖子",
		"一直在更新", "一直更新", "一直有更新", "一直在发", "一直在发视频", "一直活跃", "都在更新", "都有更新", "posted", "posting", "posts", "uploaded", "uploading", "uploads", "updated", "updating",
		"published", "publishing", "publishes", "has published", "have published",
		"active in", "has posted", "have posted", "activity", "activity window", "recency", "recency window", "last activity", "active window", "last active", "活跃时间", "活跃期",
		// the time said as such: the catalog's one time field is the last
		// activity ("时间放宽到两个月", "widen the time frame to 90 days").
		"时间范围", "时间窗口", "时间段", "时间限制", "时间条件", "time frame", "timeframe", "time window", "time range", "time limit")...)
	// 时间 alone is a word of many topics ("时间管理"); before a change
	// verb it is the activity window being changed ("时间放宽到两个月").
	for _, v := range []string{"放宽到", "放宽至", "改成", "改为", "改到", "调到", "调成", "放到", "延长到", "延长至", "缩短到", "缩短至", "设为", "设成", "限制在", "收紧到"} {
		es = append(es, words(clsActWord, "时间"+v)...)
	}
	es = append(es, withFlag(words(clsActWord,
		"最近活跃", "近期活跃", "最近有更新", "最近更新", "最近更新过", "最近有更新过", "最近发布过", "近期有更新", "最近在更新", "还在更新", "持续更新", "仍在更新", "依然活跃",
		// posting said as going on in the platforms' own verbs (audit 24)
		"还在直播", "仍在直播", "还在播", "还在发推", "还在做视频", "还在拍视频", "还在出视频", "还在活跃", "还活跃", "仍在活跃",
		"仍然活跃", "recently active", "active recently", "recently posted", "posted recently", "still active",
		"currently active", "still posting", "recently updated", "active lately"), func(e *lexEntry) { e.alone = true })...)
	// "uploaded lately", "posting recently": a verb said as recent is
	// recently active on its own.
	for _, verb := range []string{"posted", "uploaded", "updated", "posting", "uploading", "updating", "active", "been active"} {
		for _, when := range []string{"lately", "recently", "of late"} {
			es = append(es, lexEntry{word: verb + " " + when, cls: clsActWord, alone: true})
		}
	}
	// the last post as the thing a window bounds: "not older than 2
	// months since last post", "last upload within 3 weeks", "最后一次更新在一个月内".
	es = append(es, words(clsActWord, "last post", "last upload", "last video", "latest post", "latest upload", "latest video",
		"since last post", "since the last post", "since their last post", "since last upload", "since their last upload",
		"since the last upload", "since last video", "最后一次更新", "最后一次发布", "上次更新", "上一次更新", "最近一次更新", "最近一次发布")...)
	// leaving out the inactive keeps the recently active: "nothing
	// inactive", "不要太久没更新的", "no dead channels".
	es = append(es, withFlag(words(clsActWord, "nothing inactive", "no inactive", "no inactive ones", "nothing dormant",
		"no dormant ones", "nothing dead", "no dead channels", "no dead accounts", "not inactive", "not dead", "not dormant",
		"不要太久没更新", "别太久没更新", "不能太久没更新", "不要很久没更新", "不要长期不更新", "不要长时间没更新", "不要好久没更新"),
		func(e *lexEntry) { e.alone = true })...)
	// "recent uploads only", "recent posts (30 days)": the recent marker
	// before an activity noun.
	es = append(es, withFlag(words(clsActWord, "recent uploads", "recent posts", "recent activity", "recent videos only"), func(e *lexEntry) { e.alone = true })...)
	// "still uploading", "keeps posting": an activity verb said as going
	// on is recently active on its own, as "still posting" is.
	// The platforms' own verbs go on as well ("still tweeting", "keeps
	// streaming", audit 24).
	for _, lead := range []string{"still", "keep", "keeps", "still actively", "still be", "be still"} {
		for _, verb := range []string{"uploading", "updating", "posting", "uploads", "posts", "updates", "making videos", "creating", "publishing",
			"tweeting", "tweets", "streaming", "streams", "vlogging", "blogging", "filming", "going live", "making content",
			"putting out videos", "putting out content", "dropping videos", "dropping content", "sharing", "producing"} {
			es = append(es, lexEntry{word: lead + " " + verb, cls: clsActWord, alone: true})
		}
	}
	es = append(es, words(clsRecent, "近", "最近", "近期", "过去", "过去的", "最近的", "last", "past", "previous", "recent",
		// "within the preceding sixty days" (audit 37, class R2)
		"preceding", "over the preceding", "during the preceding",
		// the span a window covers said with its preposition ("active
		// over the last couple of months", "during the past few weeks"):
		// "over" is no lower bound here
		"over the last", "over the past", "during the last", "during the past", "throughout the last", "throughout the past",
		"over the previous", "during the previous",
		// the homophone of "past" voice typing writes ("in the passed
		// week"); alone it sets nothing, a window needs its unit
		"passed", "the passed", "in the passed", "over the passed",
		// "en los últimos 3 meses", "nos últimos 60 dias", "en el último mes"
		"últimos", "ultimos", "últimas", "ultimas", "último", "ultimo", "última", "ultima", "en los últimos", "en las últimas",
		"nos últimos", "nas últimas", "en el último", "no último")...)
	tu := func(n int64, ws ...string) {
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsTimeUnit, n: n})
		}
	}
	tu(1, "天", "日", "day", "days", "días", "dias", "día", "dia")
	tu(7, "周", "星期", "个星期", "礼拜", "个礼拜", "week", "weeks", "wk", "wks", "semana", "semanas")
	tu(30, "个月", "月", "month", "months", "mo", "mos", "mes", "meses", "mês")
	tu(365, "年", "year", "years", "yr", "yrs", "año", "años", "ano", "anos")
	ts := func(n int64, ws ...string) {
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsTimeSpan, n: n})
		}
	}
	ts(1, "今天", "today", "24小时", "24 hours")
	ts(7, "本周", "这周", "这一周", "一周", "this week", "a week", "一星期", "esta semana", "essa semana", "nesta semana", "la última semana", "a última semana")
	ts(365, "este año", "este ano")
	ts(14, "两周", "a fortnight", "fortnight", "two weeks", "2 weeks", "俩周", "俩星期", "俩礼拜")
	// half a month is 15 days, as the router's slots read it (audit 24)
	ts(15, "半个月", "half a month", "half month", "a half month")
	// colloquial counts: 俩 (two), 仨 (three)
	ts(60, "俩月", "俩个月")
	ts(90, "仨月", "仨个月")
	// these two months, a few months: a couple is two, a few is three,
	// as "a couple of weeks" and "the past few months" read
	ts(60, "这两个月", "这俩月", "这俩个月")
	ts(90, "几个月", "这几个月")
	ts(21, "几周", "这几周", "几个星期", "这几个星期")
	ts(30, "本月", "这个月", "一个月", "this month", "a month", "一月内", "este mes", "este mês", "neste mês")
	// a month and a half: the half a unit takes after it (个半月).
	ts(45, "一个半月", "个半月", "a month and a half", "month and a half")
	ts(42, "six weeks") // six weeks are 42 days, not a month and a half
	ts(75, "两个半月", "二个半月")
	ts(90, "一季度", "一个季度", "个季度", "季度", "这个季度", "本季度", "三个月", "this quarter", "a quarter", "quarter")
	ts(180, "半年", "half a year", "half year", "half-year", "six months", "6 months", "近半年", "过去半年")
	ts(365, "今年", "一年", "this year", "a year")
	es = append(es, words(clsWithin, "内", "以内", "之内", "里", "within", "in the",
		// an age bound: "last post not older than 2 months"
		"not older than", "no older than", "nothing older than", "none older than", "not more than", "no more than")...)
	nw := func(n int64, ws ...string) {
		for _, w := range ws {
			es = append(es, lexEntry{word: w, cls: clsNumWord, n: n})
		}
	}
	nw(1, "one", "a", "an")
	nw(2, "two", "couple", "a couple of", "couple of", "a couple")
	nw(3, "three", "few", "a few")
	nw(4, "four")
	nw(5, "five")
	nw(6, "six")
	nw(7, "seven")
	nw(8, "eight")
	nw(9, "nine")
	nw(10, "ten")
	nw(12, "twelve")
	// the rest of the spelled numbers under a hundred, for windows
	// ("within the preceding sixty days", "the past forty-five days";
	// audit 37, class R2); counts with a scale are read by the number
	// package before the lexicon.
	teens := []string{"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"}
	for k, w := range teens[2:] {
		nw(int64(13+k), w)
	}
	ones := []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	for k, ten := range []string{"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"} {
		v := int64(20 + 10*k)
		nw(v, ten)
		for m, one := range ones {
			nw(v+int64(m+1), ten+"-"+one, ten+" "+one)
		}
	}

	es = append(es, words(clsExclude,
		"不要", "别", "别推", "别推荐", "不要推", "不要推荐", "不用推", "不用推荐", "不含", "不包含", "不包括", "排除", "除了", "除去", "去掉", "去除", "不想要", "不想看", "不看", "不需要",
		"拒绝", "屏蔽", "过滤掉", "排除掉", "剔除", "剔除掉", "剔掉", "踢掉", "删掉", "千万不要", "千万别", "非", "不是", "除外", "exclude", "excluding", "except", "except for", "no", "not",
		"without", "w/o", "other than", "avoid", "minus", "skip", "but not",
		// Spanish and Portuguese (issue 26, class B1): "nada de política",
		// "sin gaming", "sem conteúdo infantil"
		"nada de", "sin", "sem", "nada de contenido", "nada de conteúdo", "excepto", "exceto", "no quiero", "não quero", "not including", "don't want", "do not want",
		"don't include", "do not include", "don't need", "no more", "none of", "excluded", "not wanted",
		// "no need for vets or clinics", "no need for anyone under 10k"
		// (audit 37, class R1)
		"no need for", "there's no need for", "there is no need for", "we don't need", "we do not need",
		// "outside the US", "anywhere but Japan": a place left out.
		"outside", "outside of", "anywhere but", "anywhere except", "not based in", "not interested in", "no interest in",
		// a region with a part left out ("亚太但不在中国大陆", "不位于日本的")
		"不在", "不住在", "不位于",
		// keeping clear of a topic ("stay away from politics", "别碰政治")
		"stay away from", "steer clear of", "keep away from", "keep clear of", "别碰", "不碰", "不要碰", "别沾", "不沾", "不要沾", "远离",
		// a brief's "避免：游戏" row, said in a sentence too ("避开游戏类")
		"避免", "避开")...)
	// Latin phrasal verbs that exclude only when they open a clause and
	// lead to a vocabulary word, a pronoun or an article ("leave out the
	// UK"); the one-word ones ("drop", "ditch") are words of a topic
	// elsewhere and are read by the exclusion rule (openingVerbs).
	es = append(es, withFlag(words(clsExclude, "leave out", "filter out", "get rid of", "rule out", "take out",
		"weed out", "cut out", "ignore", "disregard"), func(e *lexEntry) { e.atStart = true })...)
	es = append(es, words(clsExclude, "不考虑", "不予考虑", "不用考虑", "不要考虑")...)
	// soft and polite refusals exclude as plain ones do (audit 30, class
	// 3): "we'd prefer not to work with anyone doing gaming", "would
	// rather not have comedy", 不太想要做游戏的, 尽量别找带货的.
	es = append(es, words(clsExclude, "prefer not to work with", "prefer not to have", "prefer not to include", "prefer not to get",
		"prefer not", "prefer not to", "would prefer not to", "rather not", "rather not have", "rather not work with", "rather not include",
		"would rather not", "would rather avoid", "prefer to avoid", "would prefer to avoid", "rather avoid", "not keen on", "not a fan of",
		"不太想要", "不太想找", "不太想", "不怎么想要")...)
	// said after what goes ("anyone inactive since May can go", "the
	// Canadian ones are out"): post-posed only (postOnlyExclusions).
	es = append(es, words(clsExclude, postRemovals...)...)
	es = append(es, words(clsExclude, postRefusals...)...)
	// refusing a kind of channel excludes it ("不接受纯伴奏/无人声的频道").
	es = append(es, words(clsExclude, "不接受", "不能接受", "无法接受", "接受不了", "don't accept", "do not accept", "won't accept", "can't accept", "cannot accept")...)
	// "no one who's worked with Nike", "nobody already partnered with
	// Adidas": a person pronoun that excludes, when it leads to an object.
	es = append(es, withFlag(words(clsExclude, "no one", "nobody", "no-one"), func(e *lexEntry) { e.atStart = true })...)
	// The partner frame of an exclusion ("不要已经接过小佩的", "skip anyone
	// who works with Pandora", "not anyone already doing Samsonite
	// promos"): who the creators worked with is what is excluded
	// (partnerFrame); the frame words themselves are dropped.
	es = append(es, words(clsPartner, partnerVerbs...)...)
	es = append(es, words(clsPartner, promoteWords...)...)
	es = append(es, words(clsFrame, audienceOrientations...)...)
	es = append(es, words(clsRelation, relationWords...)...)
	es = append(es, words(clsFrame, "anyone who's", "anyone who has", "anyone that's")...)
	// not caring is no place left out ("不在乎粉丝多少"): longer than 不在
	es = append(es, words(clsFrame, "不在乎", "不在意", "不在于")...)
	// Quiet frame words: dropped in a brief, but alone no sentence, so a
	// title typed as a keyword stays one ("after all these years").
	es = append(es, withFlag(words(clsFrame,
		// acceptance and discourse tails ("smaller accounts totally fine",
		// "just US after all"): how the user talks, never a term.
		"totally fine", "is totally fine", "are totally fine", "all good", "is all good", "are all good", "fine by me",
		"no problem", "after all", "in the end", "come to think of it", "sorry", "oops",
		"keen to", "keen on", "be keen to", "might be keen to", "would be keen to", "open to", "happy to",
		"skews", "skews towards", "skewing", "skew", "他们", "她们",
		// the partner frame's glue ("已经", "who has")
		"已经", "already", "who's", "who has", "who have", "who've already", "that have", "that has",
		// the head of an either/or ("either travel or comedy"): the
		// "or" joins the alternatives, "either" adds nothing (audit 32)
		"either"),
		func(e *lexEntry) { e.quiet = true })...)
	es = append(es, words(clsExcludeEnd, "以外", "之外", "外")...)
	es = append(es, words(clsAlso, "还", "也", "还要", "还有", "另外", "as well", "also",
		// additions: "再加上新西兰", "把加拿大也加进来", "add Portugal".
		"加上", "再加上", "也加上", "加进来", "加进去", "也加进来", "添加", "增加", "也要", "add", "also add",
		"扩到", "扩大到", "扩展到", "延伸到", "放宽到包括", "expand to", "extend to", "expand it to", "extend it to",
		"as well as", "throw in", "also include", "include", "plus",
		// "再加个日本": adding one more right before a value adds it (as
		// frame words they are also dropped; "再加个条件：…" adds no value).
		"加个", "再加个", "加一个", "再加一个",
		// "连同英国", written Cantonese "加埋加拿大", "連埋英國" (埋 is
		// "along with"): the value joins the held ones, never replaces them
		"连同", "连同埋", "加埋", "连埋", "再加埋")...)
	es = append(es, words(clsHedge, "为佳", "者为佳", "为宜", "更佳", "最好", "理想是", "理想的是", "理想情况下", "最理想", "最理想的是", "理想状态是", "尽量", "尽可能", "希望", "倾向", "偏好", "优先", "最好是", "ideally", "preferably", "prefer", "preferred", "rather", "if possible", "if you can help it", "where possible", "would be nice", "nice to have", "bonus",
		// what counts in the creators' favour ("Hindi would be a bonus",
		// "French is a plus", 会西语加分): said after it, a wish.
		"a bonus", "is a bonus", "would be a bonus", "a big bonus", "a plus", "is a plus", "would be a plus", "a big plus", "big plus",
		"加分", "加分项", "是加分项", "会加分", "有加分", "算加分", "更加分",
		"prioritize", "prioritise", "prioritizing", "prioritising", "favor", "favour", "favoring", "favouring", "lean towards", "lean toward",
		// "home workouts esp", "尤其是露营": what is singled out ranks.
		"esp", "esp.", "especially", "particularly", "in particular", "尤其", "尤其是", "特别是",
		"would be ideal", "is ideal", "ideal", "最理想", "理想的话", "if you can", "if we can",
		// an evaluation of what was just said ("10k-100k would be perfect",
		// "一万到十万最合适"): a wish about it, as "ideally" is.
		"would be perfect", "is perfect", "are perfect", "would be best", "is best", "are best", "works best",
		"would work", "would work well", "works well", "would be optimal", "sweet spot", "the sweet spot",
		"最合适", "比较合适", "更合适", "正合适", "最佳", "最完美", "就完美了", "刚刚好")...)

	es = append(es, withFlag(words(clsRequest,
		"找", "搜", "求", "查", "推荐", "列出", "看看"), func(e *lexEntry) { e.atStart = true })...)
	es = append(es, withFlag(words(clsRequest,
		"find", "search", "search for", "show", "show me", "get me", "give me", "send me", "send over", "list", "recommend", "suggest",
		"look for", "looking for", "i'm looking for", "im looking for", "i am looking for", "we're looking for",
		"we are looking for", "need", "want", "i need", "we need", "i want", "we want", "who are", "are there",
		"is there", "any", "can you", "could you", "help me", "please",
		// a follow-up that proposes another kind ("what about guitar
		// teachers", "how about pottery channels"): the ask, never a term
		"what about", "how about", "what if"), func(e *lexEntry) { e.atStart = true })...)
	es = append(es, words(clsRequest,
		"帮我找", "帮我", "帮忙找", "帮我搜", "帮我推荐", "给我找", "给我", "找些", "搜些", "推荐些", "来些", "我想找", "我想", "我要找", "我要", "想找", "请找",
		"请帮我", "找一下", "找一些", "找几个", "搜一下", "搜索", "查找", "寻找", "有没有", "有哪些", "哪些", "哪个", "谁",
		"求推荐", "推荐一些", "推荐几个", "我需要", "我们需要", "需要", "想要", "要", "麻烦", "帮忙", "筛一下", "筛选一下", "筛选",
		"请问", "了解一下", "find me", "find some",
		"looking for some", "i'd like", "we'd like", "i would like", "lookin for", "lookin' for", "lookin 4")...)
	es = append(es, words(clsCreator,
		"红人", "博主", "达人", "网红", "创作者", "内容创作者", "up主", "主播", "作者", "频道", "频道主", "账号", "号", "kol",
		"kols", "koc", "kocs", "大神", "creator", "creators", "content creator", "content creators", "influencer",
		"influencers", "blogger", "bloggers", "vlogger", "vloggers", "channel", "channels", "account", "accounts",
		"people", "person", "someone", "partners", "talent", "talents", "ones",
		"communicators", "educators", "hosts", "podcasters", "博主们", "up主们", "达人们",
		// Spanish, Portuguese and German creator nouns (issue 26, class B1)
		"creadores", "creadoras", "creador", "criadores", "criadoras", "criador", "canales", "canal", "canais", "cuentas", "contas",
		"perfiles", "perfis", "influenciadores", "influenciadoras", "kanäle", "kanal",
		// French and Italian ones (class G1: "chaînes avec des recettes")
		"chaînes", "chaines", "chaîne", "créateurs", "créatrices", "createurs", "canali", "creatori", "creatrici",
		// 繁體 creator nouns, folded (部落客 "blogger", 實況主 "streamer",
		// 帳號 folds to 帐号 beside the standard 账号; 頻道主 folds to 频道主).
		"帐号", "部落客", "实况主", "直播主", "创作者们", "网红们", "youtuber们",
		// an account said as 账户 (帳戶 folds to 帐户): "X账户", "推特账户"
		"账户", "帐户",
		// phone typing (audit 23): "tt art accts", "kol list"
		"accts", "acct", "accs", "acc", "chans", "chnls", "ytbers", "creaters", "influencer accounts", "kol们", "达人号")...)
	// Person nouns a brief puts where a creator noun goes ("yoga
	// teachers", "finance bros", "skincare girlies", "健身教练"): who the
	// creators are, never a topic to match (issue 26). These say only
	// that the creators like or know the topic ("finance bros").
	es = append(es, words(clsCreator,
		"expert", "experts", "guru", "gurus", "bro", "bros", "girlies", "girls", "gals", "ladies",
		"nerds", "geeks", "enthusiasts", "fans", "lovers", "junkies", "buffs", "makers", "pros", "personalities",
		"hobbyists", "practitioners", "specialists", "foodies", "dudes", "voices",
		"爱好者", "小姐姐", "小哥哥", "大佬")...)
	// These name what the creators do, teach or are beyond their topic
	// (a trade, a pastime, a household): right after a category or a
	// subtopic word they rank with it ("pet groomers", "makeup artists",
	// "travel couples", "宠物美容师"; audit 24, class I).
	es = append(es, withFlag(words(clsCreator,
		"teacher", "teachers", "coach", "coaches", "trainer", "trainers", "instructor", "instructors",
		"moms", "mums", "dads", "mommies", "artist", "artists",
		"producer", "producers", "commentator", "commentators", "analyst", "analysts", "制作人", "解说员",
		"photographers", "videographers", "filmmakers", "designers", "planners", "chefs", "bakers", "dancers",
		"writers", "authors", "travelers", "travellers", "nomads", "mechanics", "gardeners", "riders", "drivers",
		"couple", "couples", "families", "parents", "students", "groomers", "stylists", "hairstylists", "barbers",
		"nutritionists", "dietitians", "doctors", "nurses", "vets", "physios", "therapists", "lawyers", "realtors",
		"farmers", "hunters", "anglers", "fishermen", "hikers", "climbers", "skaters", "surfers", "cyclists", "runners",
		"golfers", "collectors", "builders", "crafters", "knitters", "quilters", "painters", "illustrators", "animators",
		"editors", "singers", "rappers", "musicians", "comedians", "magicians", "cosplayers", "modders", "tinkerers",
		"homesteaders", "campers", "backpackers", "educators", "educator", "tutors", "tutor", "lecturers",
		// who the creators are as a profession ("indie game devs on X",
		// "climate journalists", "tech founders").
		"dev", "devs", "developers", "journalists", "reporters", "founders", "entrepreneurs",
		"评论员", "记者", "开发者", "创始人",
		"情侣", "夫妻", "一家人", "宝妈", "宝爸", "奶爸", "辣妈", "新手妈妈", "新手爸爸", "新手爸妈", "学生", "医生", "护士", "律师", "理发师", "美容师", "造型师", "驯犬师",
		"摄影师", "设计师", "厨师", "舞者", "老师", "教练"), func(e *lexEntry) { e.kind = true })...)
	// streamers stream: how they make their content ("gaming streamers")
	// ranks beside the category (audit 27)
	es = append(es, withFlag(words(clsCreator, "streamer", "streamers"), func(e *lexEntry) { e.kind = true })...)
	// reviewers review: who the creators are as much as their form
	es = append(es, words(clsCreator, "reviewer", "reviewers", "unboxer", "unboxers", "explainers")...)
	es = append(es, words(clsRel, "who", "that", "which", "whose", "who've", "who’ve", "who're", "who’re", "that've", "who'd", "who have", "that have")...)
	es = append(es, words(clsDe, "的", "地")...)
	es = append(es, withFlag(words(clsFiller, reviewForms...), func(e *lexEntry) { e.form = true })...)
	es = append(es, withFlag(words(clsFiller,
		"开箱", "unboxing", "unboxings", "unboxer", "unboxers",
		// "no live streams pls": a live stream is a form of content.
		"live stream", "live streams", "livestream", "livestreams", "live streaming", "livestreaming", "live streamers"), func(e *lexEntry) { e.form = true })...)
	// seeding and live selling are how the content sells ("美妆种草博主",
	// "不要纯种草带货号", "sells on livestream"): forms, never the brief's
	// frame (audit 27).
	es = append(es, withFlag(words(clsFiller, sellingFormWords...), func(e *lexEntry) { e.form = true })...)
	// made from others' videos: reuploads, compilations, clips, reactions
	// ("不要纯搬运混剪号", "排除掉做 reaction 的").
	es = append(es, withFlag(words(clsFiller, reuseForms...), func(e *lexEntry) { e.form = true })...)
	// Teaching forms: keyword material alone ("C++ 教程"), the form of the
	// topic right before them otherwise ("烘焙教学", "美妆教程").
	es = append(es, words(clsForm, "教学", "教程", "tutorial", "tutorials", "explainer", "explainers", "解说", "commentary", "commentaries")...)
	// a topic's relation words ("跟赌博沾边的", "和烟酒有关的", "涉及博彩的",
	// "与政治挂钩的"): they say that the channels touch the topic, and are
	// no part of it; excluded, the topic is what is left out (audit 27).
	es = append(es, withFlag(words(clsFiller, "沾边", "沾边的", "沾边儿", "搭边", "搭边的", "有关", "有关的", "有关系", "有关系的",
		"相关", "相关的", "涉及", "涉及到", "牵涉", "牵涉到", "牵扯", "牵扯到", "挂钩", "挂钩的", "扯上关系", "扯上关系的"),
		func(e *lexEntry) { e.related = true })...)
	// praise for a result the follow-up points at ("the first one looks
	// great, find similar", 第二个不错): what the user thinks of it, never
	// keyword material (audit 23).
	es = append(es, words(clsFiller, "looks great", "look great", "looks good", "look good", "looks right", "look right",
		"looks perfect", "look perfect", "is perfect", "are perfect", "spot on", "is great", "are great", "looks nice", "look nice",
		"is a great fit", "are a great fit", "looks amazing", "look amazing", "looks awesome", "look awesome", "love it",
		"看起来不错", "看着不错", "挺不错", "还不错", "很不错", "挺好的", "很棒", "正合适", "很合适",
		"挺对", "挺对的", "很对", "蛮对", "对味", "挺对味", "很对味", "感觉对", "感觉挺对", "感觉")...)
	es = append(es, words(clsFiller,
		"一些", "一下", "几个", "一点", "点", "点的", "点儿", "一点的", "吗", "呢", "吧", "啊", "呀", "了", "得", "在", "是", "有", "于", "做", "只要", "只看",
		// examples that widen the topic ("比如帐篷、睡袋"): the words
		// after them rank (exampleItem)
		"比如", "比如说", "例如", "譬如", "诸如", "像是", "举个例子", "之类的", "这类的", "这一类",
		"只找", "只留", "只保留", "只留下", "主要", "专门", "专注", "类", "类型", "方面", "方向", "领域", "内容", "视频", "短视频", "分享",
		"喜欢", "擅长", "聚焦", "聊", "聊聊", "我们", "我", "你", "他想", "她想", "他要", "她要", "他需要", "她需要", "他们", "她们", "老板", "领导", "谢谢", "可以", "能够", "类别", "品类", "垂类", "赛道", "这类", "这种",
		"那种", "一样", "一类", "之类", "仍", "仍然", "依旧", "一直", "一直都", "始终", "两地", "三地", "两国", "两个地区", "两个国家", "必须", "必须是", "一定要", "一定要是", "务必", "务必是", "很会", "比较好", "较好", "的比较好", "等", "等等", "面向", "针对", "才要", "才行", "才可以", "才算", "来自", "位于", "所在", "坐标", "人在", "身在", "定居", "定居在", "常驻", "常驻在", "地区", "国家", "地区的", "整个", "整片",
		"国家的", "本地", "当地", "市场", "平台", "上的", "里的", "中的", "做的", "而且", "并且", "同时", "然后", "或是",
		"还是", "就行", "即可", "嗯", "啦", "这些", "那些", "这个", "那个", "目前", "现在", "海外", "一起", "很多", "更多",
		"许多", "特别", "分别", "区别", "别的", "级别", "个别", "识别", "你好", "您好", "嗨", "hi", "hey", "hello",
		"的话", "又", "且", "里", "方便", "多谢", "感谢", "类似", "类似的", "相似", "相似的", "像", "那样", "这样", "那样的", "这样的",
		"都可以", "都行", "都好", "均可", "都要", "都是", "看起来", "看上去", "看起来像", "看上去像", "看着像", "similar", "similar to", "alike", "适合", "推广", "合作",
		// "要真的在拍旅行vlog的": how sure the wish is, never its topic
		"真的", "真正", "真正的", "确实",
		"帖子", "这个帖子", "这条", "这个视频", "这条视频", "this post", "this video", "but", "而是")...)
	// Intensifiers and strictness words ("strictly US", "exclusively
	// Japanese", 严格限定美国, 只能是英国的): how firmly the condition beside
	// them is meant; the condition is hard anyway, the word never a term
	// (fixQ class 3; 必须, 一定要 are in the list above).
	es = append(es, words(clsFiller, "strictly", "exclusively", "solely", "purely", "only ever", "absolutely", "must be",
		"has to be", "have to be", "严格", "严格限定", "严格要求", "严格只要", "只能", "只能是", "一定", "一定得", "一定得是", "一定是",
		"必需", "务必要", "非得", "非得是", "绝对", "硬性", "硬性要求")...)
	// Saying what was meant instead ("不是这个意思，我要的是…", "no, I meant
	// …", correctionPairs): talk about the words, never a condition or a
	// word excluded.
	es = append(es, words(clsFrame, "不是这个意思", "不是那个意思", "我不是这个意思", "我不是那个意思", "不是我要的", "我的意思是",
		"我是说", "我说的是", "我指的是", "i meant", "i mean", "what i meant", "what i meant was", "what i mean is",
		"not what i meant", "that's not what i meant", "thats not what i meant", "that isn't what i meant", "that is not what i meant",
		"i didn't mean",
		// a complaint that the last reading lost a condition ("you dropped
		// the 100k minimum", "你漏了国家"): the condition said is the
		// request, the complaint no word of it
		"you dropped", "you lost", "you forgot", "you missed", "you removed", "you left out", "you ignored", "you skipped",
		"you've dropped", "you've lost", "you've forgotten", "you have dropped", "you forgot about",
		"你漏了", "你忘了", "你漏掉了", "你丢了", "漏掉了")...)
	// The brief's frame: who asks and why, politeness, the deal itself.
	// None of it is a condition; the notice names it (issue 26).
	// a postscript marker: the text after it is read as any other
	// condition ("P.S. they need to have posted since Black Friday", "附：
	// 最近两周有更新"; audit 37, class R3). A bare "PS" is PlayStation.
	es = append(es, words(clsFrame, "p.s.", "p.s", "p.s:", "p.p.s.", "p.p.s", "ps:", "ps.", "pps:", "附：", "附:", "另：", "另:", "补充：", "补充:")...)
	es = append(es, words(clsFrame,
		"品牌", "品牌方", "我们品牌", "合作", "合作推广", "投放", "推广", "一批", "一款", "就行", "就好", "即可",
		"谢谢", "谢谢啦", "多谢", "感谢", "麻烦了", "辛苦", "不用", "想", "想在", "都有谁", "有谁", "是谁", "看看", "查一下",
		"看一下", "找点", "有限", "一家", "做的品牌", "brand", "brands", "our brand", "campaign", "campaigns", "partner",
		"partner with", "partners with", "partnership", "partnerships", "collaborate", "collaborate with", "collab",
		"collabs", "collaboration", "sponsor", "sponsorship", "sponsored", "launching", "launch", "promote", "promoting",
		"expanding into", "expanding to", "expanding in", "entering",
		"thanks", "thank you", "please", "pls", "plz", "thx", "thnx", "thanx", "tks", "tysm", "we're", "we are", "i'm", "i am", "they're", "we'd", "i'd", "we'll", "i'll", "we've", "i've", "if", "run", "running a",
		"pull a list of", "a list of", "list of", "looking to", "hoping to", "trying to", "we'd love", "would love",
		"nice if", "would be nice", "would be great", "focus", "nothing",
		// marketers' own words for the deal and the ask (issue 26 held-out
		// briefs): seeding, pushing a product, urgency, "can you".
		"种草推广", "推一下", "推一推", "急需", "急找", "能不能", "能否", "可不可以", "帮我们", "帮我们看看",
		"给我们", "我家", "自家", "我家的", "自家的", "i'm after", "we're after", "im after", "pull up", "dig up", "round up", "needs", "let's see", "let's",
		"lets see", "anyone who's", "anyone who", "anyone", "ones who", "folks", "guys",
		// texting spellings and counts of the ask: "can u find me", "looking
		// 4", "a handful of", "帮忙找下".
		"yo", "sup", "heya", "几位", "几名", "几家", "can we see", "could we see", "can i see", "let me see",
		"maybe", "perhaps", "u", "can u", "could u", "ur", "looking 4", "a handful of", "handful of", "a handful", "a couple of",
		"找下", "搜下", "查下", "帮忙找下", "帮我找下", "帮找下", "帮忙查下", "帮我查下",
		// "太多了，只留…": the reason for a narrowing, not a condition.
		"太多了", "太多啦", "结果太多", "结果太多了", "too many results", "way too many",
		"too broad", "too narrow", "too wide", "too general", "too vague", "way too broad", "太宽泛", "太泛", "太泛了", "太宽了", "范围太大",
		"加个", "再加个", "加一个", "再加一个", "加个条件", "再加个条件", "条件", "condition", "one more condition",
		// 留下 / 留着 are "keep" said after what is kept (英国的留下)
		"keep it", "keep them", "keep", "留下", "留下来", "留着", "stick to", "stick with", "that fits", "that fit", "anything that fits", "whatever fits", "ok", "okay", "ok now", "okay now", "now", "alright",
		// a brief's own headings and list words: "需求：美国｜健身", "Brief: …".
		"这个条件", "这个限制", "限制", "这个筛选", "筛选条件", "这一项", "lowkey", "low-key", "ngl", "tbh",
		"整点", "来几个", "给我来几个", "来点", "整几个", "给我推", "帮我推", "推几个", "推一些", "给推几个",
		"narrow it to", "narrow it down to", "narrow to", "narrow down to", "但",
		"who else", "anyone else", "差不多的", "差不多", "类似这样的", "一类的", "nvm", "never mind", "nevermind",
		"any follower count", "any subscriber count", "any number of followers", "any number of subs", "any sub count",
		"但是", "不过",
		"一波", "做一波", "冲一波投放", "这边", "那边", "我这边", "列一下", "列个", "列一些", "列几个", "seeking", "in search of",
		"别的都不要", "其他都不要", "其他的都不要", "其它都不要", "别的不要", "其余的不要", "nothing else", "no others", "none of the others", "需求", "需求是", "要求", "要求是", "如下", "需求如下", "要求如下", "hi team", "hey team", "hello team", "team", "大家好", "拉个名单", "拉名单", "名单", "brief", "the brief", "requirements",
		"requirement", "shortlist", "a shortlist", "nah", "actually", "same thing", "same deal", "same search", "same again",
		"same as before", "同样的", "一样的", "照旧",
		// who asked and the ask itself: "老板让我拉一份名单", "帮忙看下",
		// "can you pull channels …".
		"老板", "老板让我", "领导让我", "客户让我", "让我", "拉一份", "出一份", "整理一份", "列一份", "给一份", "一份",
		"看下", "帮忙看下", "帮我看下", "pull", "pull together", "put together", "compile",
		"客户", "客户是", "我们的产品", "client", "our product", "i'd love", "i would love", "请帮我们",
		// no preference on a field: "粉丝无所谓", "粉丝不限", "any size".
		"无所谓", "不限", "都无所谓", "随便", "随意", "doesn't matter", "does not matter", "no preference", "any size",
		"放开", "放开吧", "都放开", "多少都行", "多少都可以", "多少无所谓", "agency", "agency brief", "client brief", "incl", "incl.", "including",
		"give or take", "more or less", "or thereabouts", "记得", "记住", "别忘了",
		"哪里都行", "哪里都可以", "哪儿都行", "哪都行", "哪里都ok", "hiya", "heya", "hey there", "hi there", "hello there", "yo",
		"at least once", "at least one time", "at least one video", "at least one post", "at least one upload", "至少一次", "至少发过一次", "至少更新过一次",
		// a verdict on the results, no condition: "the 2nd and 5th are spot on", "其他都不对"
		"are wrong", "is wrong", "are off", "is off", "not right", "look right", "looks right", "spot on", "are spot on", "is spot on",
		"不错", "都不错", "挺不错", "挺好", "都挺好", "挺对路", "挺对路的", "对路", "不对", "都不对",
		// the rest of the search kept: "改成德国，其他不变".
		"其他不变", "其它不变", "其余不变", "别的不变", "其他保持不变", "其他条件不变", "其他照旧", "keep the rest",
		"其他都不变", "其它都不变", "其余都不变", "别的都不变", "其他的都不变", "其他都照旧", "其他都保持不变", "其他条件都不变",
		"其他不动", "其他都不动", "别的都不动", "其他都一样", "其他一样", "其他条件一样", "一样的条件", "条件一样", "同样的条件",
		"leave the rest", "leave the rest as is", "leave the rest as it is", "leave everything else", "keep everything",
		"everything else as is", "as it is", "same everything else", "everything else same", "all else the same", "all else same",
		"rest the same", "everything else the same", "keep everything else", "otherwise the same",
		// more of the same results: "再多给几个", "a few more".
		"再多给", "多给", "再给", "再来", "再多来", "多来", "a few more", "some more", "more results", "show more",
		// softeners of an amount: "a bit bigger".
		"a bit", "a little", "a tad", "slightly", "稍微", "稍稍",
		// a forwarded or replied email's header words ("Fwd: 需求 …").
		"fwd", "fw", "转发", "subject", "主题", "邮件",
		// campaign context: when the search is for, never what it is
		// for ("for our Q3 launch", "Q4 holiday push", "双11大促").
		"q1", "q2", "q3", "q4", "h1", "h2", "holiday push", "holiday campaign", "holiday season", "product launch",
		"new launch", "upcoming launch", "大促", "上新", "新品", "新品推广", "新品上市", "双11", "双十一", "618", "黑五",
		"black friday", "下季度", "下个季度", "this quarter", "next quarter", "next month", "下个月",
		// undo words: the box has no undo of a follow-up; they are named
		// as not applied, never kept as a keyword.
		"undo", "undo that", "undo it", "revert", "revert that", "go back", "换回去", "改回去", "撤销", "撤回", "还原", "回退",
	)...)
	// acceptance tails: "under 2k is fine too", "小一点的也行" (acceptWords).
	es = append(es, words(clsFrame, acceptFrames()...)...)
	es = append(es, words(clsFrame,
		// discourse markers that chain one part of a follow-up to the
		// next ("btw only english ones", "顺便只要英文的", "…, then sort
		// by views"): how the user talks, never what they ask for.
		"btw", "by the way", "oh and", "oh also", "and then", "then", "after that", "on top of that", "while you're at it",
		"顺便", "顺带", "顺手", "顺便把", "顺带把", "顺手把", "然后再", "再然后", "接着", "之后再",
		// a change of mind announced before the change itself ("we changed
		// our mind: no Milan-based ones", "改主意了，换成日本"): how the user
		// talks, never a topic.
		"changed my mind", "changed our mind", "changed our minds", "we changed our mind", "i changed my mind",
		"change of plan", "change of plans", "on second thought", "on second thoughts", "scratch that",
		"改主意了", "改主意", "我们改主意了", "计划有变", "想了想", "转念一想",
		// who the creators' viewers are ("受众是学生党", "their audience is
		// mostly moms", "audience: gym beginners"): the frame of an
		// audience description; what it names ranks (issue 26, audit 21).
		"受众", "受众是", "受众群", "受众群体", "目标受众", "受众主要是", "观众是", "观众主要是", "粉丝画像",
		"受众偏", "受众偏向", "观众", "观众群", "观众群体", "粉丝群体", "viewers", "viewer", "viewership", "readership", "目标人群", "目标人群是", "人群是", "目标用户", "目标用户是", "目标客户是", "目标群体", "目标群体是",
		"audience skews", "audience skews towards",
		// "for a high-school audience", "aimed at new parents": who
		// watches; what it names ranks (audit 23).
		"for a", "for an", "audience", "audiences",
		"能帮我们", "能帮", "可以帮我们", "可以帮", "帮忙种草", "help us", "to help us", "help us launch", "help us promote",
		"粉丝主要是", "粉丝大多是", "粉丝群体是", "粉丝群是", "粉丝多为", "粉丝大部分是", "粉丝画像是",
		"fans are mostly", "fans are mainly", "followers are mostly", "followers are mainly", "fanbase is", "fanbase is mostly",
		"their audience is", "their audience", "audience is", "audience:", "audience is mostly", "whose audience is",
		"target audience", "target audience is", "their viewers are", "viewers are",
		// the product put in the creators' hands ("让他们带一下我们的蛋白棒",
		// "who could feature our luggage", "show off our mats"): the ask,
		// never the topic; the product itself ranks.
		"让他们带", "让他们带一下", "让他们推", "让他们推一下", "让他们试", "带一下", "帮我们推", "帮我们带", "帮我们推一下",
		"请他们", "让他们", "请他们帮忙", "请博主", "让博主",
		"推我们的", "带我们的", "带货我们的",
		"could feature", "can feature", "would feature", "to feature", "feature our", "featuring our", "show off", "show off our",
		"showcase our", "push our", "pushing our", "to push", "could push", "can push", "promote our", "review our", "try our",
		// what stays as it is ("语言不变", "keep the rest the same")
		"不变", "保持不变", "照旧", "不用变", "不动", "stays the same", "stay the same", "unchanged", "as is",
		// Audit 23 (issue 26): the polite letter's frame, read on folded
		// text (繁體 "請您協助尋找", "非常感謝" fold to these): greetings,
		// thanks, the ask and the writer's own description.
		"请", "您", "请您", "请协助", "协助", "协助寻找", "请帮忙", "请帮忙找", "麻烦您", "麻烦你", "谢谢您", "感谢您", "非常感谢",
		"万分感谢", "十分感谢", "先谢谢", "先谢了", "感恩", "敝公司", "敝公司为", "本公司", "我司", "我们公司", "贵公司",
		"哈啰", "哈喽", "哈罗", "安安", "早安", "午安", "晚安", "各位好", "大家好呀", "thank you so much", "thanks again",
		"good morning", "good afternoon", "good evening", "morning", "hi all", "hello all", "dear team", "hi folks",
		"hope you're well", "hope you are well", "hope you had a great weekend", "hope you had a lovely weekend",
		"hope you had a good weekend", "hope all is well", "hope this finds you well", "grateful", "very grateful",
		"we would be very grateful", "we'd be grateful", "we would be grateful", "i'd be grateful", "many thanks",
		"thanks so much", "thanks a lot", "much appreciated", "appreciate it", "we'd appreciate", "cheers",
		"kindly", "would you kindly", "could you kindly", "identify", "help identify", "help us identify", "help us find",
		"help me find", "we'd love a shortlist", "we would love", "love a shortlist", "a shortlist of")...)
	// Dictation and chat (audit 24): hesitation sounds are spaces
	// (disfluent); talk that only carries the sentence is filler; a chat's
	// receipts, acknowledgements and addressing are the brief's frame,
	// dropped and named. None of it ranks.
	es = append(es, withFlag(words(clsFiller,
		"um", "umm", "ummm", "uh", "uhh", "uhhh", "uhm", "uhmm", "erm", "ermm", "hmm", "hmmm", "hm",
		"you know", "y'know", "ya know", "you know what i mean",
		"嗯", "嗯嗯", "嗯嗯嗯", "呃", "呃呃", "唔", "emm", "emmm", "emmmm", "嗯对", "嗯嗯对", "对对", "对对对", "嗯是的", "嗯好"),
		func(e *lexEntry) { e.disfluent, e.speech = true, true })...)
	es = append(es, withFlag(words(clsFiller,
		"so", "yeah", "yep", "yup", "basically", "literally", "anyway", "anyways", "kinda", "sorta", "like i said", "i guess",
		// what goes without saying (audit 27): talk, never a term
		"obviously", "of course", "naturally", "needless to say", "clearly", "当然", "当然了", "显然", "不用说",
		"就是说", "就是那种", "怎么说呢", "然后呢", "那个什么"), func(e *lexEntry) { e.speech = true })...)
	es = append(es, words(clsFrame,
		"quick one", "quick q", "quick question", "quick ask", "quick favor", "quick favour", "quick request", "quick thing",
		"fyi", "f.y.i.", "heads up", "heads-up", "cc", "bcc", "cool", "awesome", "perfect", "got it", "sounds good", "noted",
		"收到", "收到了", "已收到", "收到收到", "好的收到", "收到哈", "收到啦", "ok收到", "好嘞", "好哒", "好滴", "了解了", "明白了", "知道了",
		// an assent to what the box said (Y5): "对，就按刚才那个", "yep
		// that's it", "yes that's right" — frame, never a term
		"对,", "对的", "是的", "没错", "对啊", "对呀", "就按刚才那个", "按刚才那个", "就按刚才的", "就按这个", "就这样", "就这个",
		"yes", "yes,", "that's it", "that's right", "thats it", "thats right", "that is right", "exactly", "correct")...)
	// "check …", "can you check …": the ask, as "find" is.
	// "also look at TikTok", "take a look on YouTube": the same ask
	// (audit 34, S10).
	es = append(es, withFlag(words(clsRequest, "check", "check out", "go check", "double check", "double-check",
		"look at", "look on", "look in", "take a look at", "take a look on", "have a look at", "have a look on", "search on", "search in"),
		func(e *lexEntry) { e.atStart = true })...)
	// a large amount without a number ("tons of", "a lot of"): talk,
	// never a term; denied, it is too much of what follows (tooMuch)
	es = append(es, withFlag(words(clsFiller, "tons of", "a ton of", "lots of", "a lot of", "loads of", "a load of", "heaps of",
		"plenty of", "a bunch of", "a heap of", "masses of"), func(e *lexEntry) { e.plenty = true })...)
	// A creator's gender ("别要男博主", "female creators only"): the catalog
	// records none, so it is named as not applied (rule_gender.go).
	// measures the catalog lacks ("完播率", "conversion rate", rule_measures.go)
	es = append(es, words(clsUnsupport, lackedMeasures...)...)
	// the glue of a wish about the audience ("受众集中在", rule_audience.go)
	es = append(es, words(clsFiller, audienceWords...)...)
	es = append(es, words(clsGender,
		"男博主", "女博主", "男主播", "女主播", "男生", "女生", "男性", "女性", "男的", "女的", "男性博主", "女性博主", "男up主", "女up主",
		"male", "female", "men", "women", "male creators", "female creators", "women creators", "女创作者", "男创作者")...)
	// Audit 25 (issue 26, the reading of free language): the classes of
	// a letter's frame that ranked. None of it is a condition; the notice
	// names it.
	es = append(es, words(clsFrame,
		// politeness and urgency ("kindly share the list asap", "do the
		// needful", 麻烦尽快)
		"asap", "a.s.a.p", "a.s.a.p.", "as soon as possible", "at the earliest", "at your earliest convenience", "urgent", "urgently",
		"on priority", "do the needful", "needful", "revert", "revert back", "please revert", "kindly revert", "in advance",
		"thanks in advance", "thank you in advance", "尽快", "尽早", "越快越好", "急急急", "拜托", "拜托了", "辛苦了", "劳驾",
		// the ask said with its verb ("I am searching", "kindly provide",
		// "please share", 发我, 提供一下)
		"searching", "searching for", "i am searching", "we are searching", "i'm searching", "we're searching", "require", "we require", "i require",
		"provide", "kindly provide", "please provide", "share", "kindly share", "please share", "share with us", "send us",
		"send the list", "发我", "发给我", "发一下", "给我发", "发过来", "提供", "提供一下", "分享一下", "整理一下", "推给我",
		// a wish said as a need ("recent posting is necessary"): how
		// firmly it is asked, never what
		"necessary", "is necessary", "required", "is required", "are required", "mandatory", "is mandatory", "a must", "is a must",
		"non-negotiable", "non negotiable", "is non-negotiable", "are non-negotiable", "must-have", "a must-have", "没得商量", "硬性要求",
		// a letter's hedges ("如果有华语的最好，没有也行", "think 10k-50k")
		"i believe", "possibly", "probably", "如果", "如果可以", "如果可以的话", "如果有", "如果有的话", "要是", "假如", "也许", "或许",
		"看起来", "看上去", "看着像", "看起来是", "能有", "能有的话", "有的话", "没有也行", "没有也可以", "没有的话也行", "没有也没关系", "otherwise fine",
		// a wish taken back before the must that replaces it ("算了华语还是必须要")
		"算了", "算了吧", "还是算了",
		// quantity nouns: how many creators, never a count of followers
		// ("headcount 10个左右", "粉丝多少无所谓", "整体预算")
		"headcount", "head count", "number of creators", "number of influencers", "number of channels", "number of kols",
		"number of accounts", "number of people", "how many", "quantity", "qty", "in total", "overall",
		"数量", "人数", "个数", "数目", "名额", "多少", "多少个", "多少位", "整体", "总共", "一共", "总计", "合计",
		// salutations and sign-offs of a letter ("Dear Sir", "Salam",
		// "Best regards", 此致敬礼); the name or address beside one is
		// frame too (letterFrame)
		"dear sir", "dear sirs", "dear madam", "dear sir/madam", "dear sir or madam", "dear sir / madam", "dear all", "dear friend",
		"dear friends", "dear", "respected", "respected sir", "respected madam", "respected team", "greetings", "warm greetings",
		"salam", "salaam", "salam alaikum", "assalamualaikum", "assalamu alaikum", "namaste", "hola", "bonjour",
		"尊敬的", "亲爱的", "各位老师好", "老师好", "您好呀",
		"regards", "best regards", "kind regards", "warm regards", "warmest regards", "thanks and regards", "thanks & regards",
		"thanks n regards", "rgds", "best wishes", "all the best", "sincerely", "yours sincerely", "yours truly", "yours faithfully",
		"thank you so much", "祝好", "此致", "敬礼", "此致敬礼", "顺祝商祺", "顺颂商祺", "商祺", "盼复", "期待回复", "期待您的回复",
		"looking forward to your reply", "looking forward to hearing from you")...)
	es = append(es, withFlag(words(clsFrame, "think", "i think", "we think", "i feel", "total", "sir", "sirs", "madam", "ma'am"),
		func(e *lexEntry) { e.quiet = true })...)
	// The advertiser's logistics (stock, units, price, launch, what each
	// creator delivers): a clause that says one is the campaign's, never
	// the creators' (rule_campaign.go); its words are frame and its
	// figures are named as no condition.
	es = append(es, withFlag(words(clsFrame, campaignWords...), func(e *lexEntry) { e.campaign = true })...)
	// Paging the results ("show next page", 翻到下一页): the results'
	// own action, never a keyword (ResiduePaging).
	es = append(es, words(clsPaging, pagingWords...)...)
	// A trait the catalog does not record (真人出镜, "shows their face on
	// camera"): named as not applied, as a gender is (ResidueTrait).
	es = append(es, words(clsTrait, traitWords...)...)
	es = append(es, talkEntries()...)
	es = append(es, scriptEntries()...)
	// an X creator noun (推主) and a show's host
	es = append(es, words(clsCreator, "推主", "推主们", "host")...)
	// money said in the colloquial unit ("2万块人民币", "5000块"): a
	// price, never a count
	es = append(es, words(clsUnsupport, "块", "块人民币", "块钱人民币", "rmb", "cny")...)
	// a unit price said of the goods ("单价299美元", "RRP $4", "retails at
	// $38"): a price the catalog has no field for
	es = append(es, words(clsUnsupport, priceWords...)...)
	// "2k subs is plenty", "一万粉就够了": a count said to be enough
	// (enoughWords, which the count rule reads as a floor).
	es = append(es, words(clsFrame, enoughWords...)...)
	es = append(es, words(clsStyle,
		"风格", "风格是", "调调", "氛围", "氛围感", "感觉", "路线", "画风", "vibe", "vibes", "style", "tone", "energy",
		"personality", "feel", "look and feel", "aesthetic", "aesthetics", "mood")...)
	es = append(es, words(clsCue,
		"包含", "包括", "含有", "带有", "提到", "提及", "关键词", "关键字", "关键词是", "关键字是", "标签", "must mention",
		"mentions", "mention", "mentioning", "must include", "must contain", "containing", "contains", "keyword", "keywords",
		"tagged", "tagged with", "with the keyword", "with the word", "with the tag",
		// audit 35 F3: a requirement to talk about or name the words
		"has to mention", "have to mention", "needs to mention", "need to mention", "must talk about", "has to talk about",
		"have to talk about", "needs to talk about", "need to talk about", "must cover", "has to cover", "have to cover",
		"include the word", "include the words", "includes the word", "must include the word", "must include the words",
		"use the word", "uses the word", "must use the word", "mention the word", "with the words",
		"必须提到", "一定要提到", "要提到", "必须包含", "一定要包含", "必须讲", "一定要讲", "必须聊", "必须有", "必须出现", "要出现")...)
	es = append(es, words(clsCueScope,
		"in the title", "in the name", "in their name", "in its name", "in the channel name", "in their title",
		"标题里", "标题中", "标题含", "名字里", "名字中", "名称里", "名称中", "频道名里", "频道名中")...)
	es = append(es, words(clsBrandOpen, "我们是", "我们是一家", "我们是做", "我们公司是", "我们公司", "我司", "我们家",
		"we're a", "we are a", "we're an", "we are an", "our company", "we sell", "we make",
		// audit 23: the writer's own description in a polite letter
		"敝公司", "敝公司为", "本公司", "本公司为", "我司为", "我司是", "我们做", "我们是一个", "我们是一个做", "我们是一间",
		"we run", "i run", "i'm a", "i am a", "i work for", "i work at", "we work for",
		// what the writer sells (audit 24): "我们卖…", "we mainly sell …"
		"我们卖", "我们是卖", "我们主要做", "我们主要卖", "我们专门做", "我们专门卖", "我们家卖", "我们家做", "我们公司卖", "我们公司做",
		"we mainly sell", "we also sell", "we mostly sell", "we produce", "we manufacture",
		// the same said in broken or telegraphic English (audit 33): "We
		// are Vietnam company sell fragrance", "Our shop selling pet food
		// want …" — the opener without its article, or the writer's own
		// business named with our/my
		"we are", "we're", "our shop", "our store", "our brand", "our business", "our startup", "our agency",
		"my shop", "my store", "my brand", "my company", "my business", "my startup", "my agency")...)
	es = append(es, words(clsSort, "越活跃越好", "越多越好", "越大越好", "越高越好", "越新越好", "越火越好")...)
	// A measure that is only a sort key: "按活跃度排" sorts, it filters nothing.
	es = append(es, words(clsSort, "活跃度", "活跃程度")...)
	// A vague size has a direction (vagueLarger, vagueSmaller): a
	// follow-up moves the held follower range one step that way
	// (agent/vaguesize.go); without a reference it is named.
	es = append(es, withDir(+1, words(clsVague, "别太少", "不要太少", "不能太少", "别太小", "不要太小", "不能太小",
		"not too small", "not too few", "big audience", "big audiences", "large audience", "large audiences", "huge audience",
		// a size said with "not" and no number: vague, never an exclusion
		// of the word ("not huge" excluded "huge").
		"not tiny", "not small", "not too tiny", "no tiny"))...)
	es = append(es, withDir(-1, words(clsVague, "不用太多", "不用太大", "nothing too big", "not too big",
		// a size said as the stage it has reached (audit 27)
		"not too big yet", "not big yet", "not huge yet", "not that big yet", "still small", "still smallish", "still tiny",
		"not huge", "not too huge", "not massive", "not too massive", "not big", "not enormous", "not large",
		"nothing huge", "nothing massive", "nothing too huge",
		"no huge", "no massive", "no giant", "no big", "no huge ones", "no massive ones", "no big ones"))...)
	es = append(es, words(clsToo, "太", "过于", "太过", "过度", "too", "overly")...)
	es = append(es, words(clsEdit, editConnectors...)...)
	es = append(es, words(clsEdit,
		"把", "将", "改", "换", "改一下", "换一下", "改一改", "换个", "往上调", "往下调", "上调", "下调", "调高", "调低", "调到", "调成", "提到", "降到", "change to", "change it to", "switch to", "make it",
		"make them", "instead", "instead of", "rather than", "in place of", "而不是", "代替", "取代", "replace with", "换回", "改回", "换回来", "改回来", "换回去", "switch back to", "go back to", "back to",
		// a widening or narrowing said in words ("再放宽一点", "收紧些"): a
		// change of the search, never a term (audit 24)
		"放宽", "放宽一点", "放宽一些", "放宽点", "放宽些", "放松一点", "放松些", "收紧", "收紧一点", "收紧一些", "扩大范围", "缩小范围", "范围扩大", "范围缩小", "范围放宽")...)
	// Latin edit verbs that are also nouns ("drum set") are edits only at
	// the start of a clause.
	// a follow-up's own verbs of moving the search (audit 27): "swap to
	// TikTok", "move it over to YouTube", 切到抖音
	es = append(es, words(clsEdit, "swap to", "swap it to", "swap over to", "swap it over to", "switch over to", "switch it over to",
		"move it to", "move it over to", "move over to", "flip to", "flip it to", "port it to", "切到", "切换到", "挪到")...)
	es = append(es, withFlag(words(clsEdit, "change", "switch", "update", "replace", "set", "make", "swap", "flip",
		"raise", "lower", "bump", "bring", "put", "increase", "decrease", "reduce", "tighten", "loosen", "relax", "push", "move", "drop it",
		"extend", "expand", "widen", "broaden", "stretch", "shorten", "narrow"),
		func(e *lexEntry) { e.atStart = true })...)
	es = append(es, words(clsSort,
		"按", "按照", "排序", "排列", "排名", "排一下", "排", "排个序", "排个", "排下", "排一排", "从高到低", "从低到高", "由高到低", "由低到高", "从多到少", "从少到多",
		"降序", "升序", "倒序", "放前面", "放在前面", "排前面", "排在前面", "靠前",
		"排上面", "排最上面", "放上面", "放最上面", "往前排", "往前放", "在最前面", "排在上面", "放在上面", "置顶", "在前", "在前面", "sort", "sort by", "sorted by", "sort them by", "order by", "ordered by", "rank by",
		"ranked by", "rank them by", "ranking by", "sorting by", "ordering by", "sorted on", "biggest", "largest", "most popular", "most famous", "highest first", "lowest first", "most first", "descending", "ascending")...)
	// Superlatives of fame sort by followers as "the biggest" does
	// (audit 24): 最火的, 最热门, 最受欢迎, "the hottest".
	es = append(es, words(clsSort, "hottest", "most well-known", "most well known", "best-known", "best known",
		"最火", "最火的", "最热门", "最热门的", "最红", "最红的", "最受欢迎", "最受欢迎的", "最有名", "最有名的", "最出名", "最出名的",
		"最知名", "最知名的", "最大的", "顶流")...)
	// the top few a superlative picks ("粉丝最多的前几个"): its frame
	es = append(es, words(clsFrame, "前几个", "前几名", "前几位", "排名前几", "top few", "the top few", "right now", "at the moment")...)
	// "order them by", "rank these by", "sort the results by": a sort verb,
	// what it sorts, then by.
	for _, v := range []string{"sort", "order", "rank", "arrange", "sorted", "ordered", "ranked", "arranged"} {
		for _, o := range []string{"them", "these", "those", "it", "the results", "results", "the list", "the channels", "everything"} {
			es = append(es, words(clsSort, v+" "+o+" by")...)
		}
	}
	es = append(es, withDir(-1, words(clsVague,
		"不太多", "不要太多", "别太多", "不多", "不是很多", "不算多", "不太大", "不要太大", "别太大",
		"少一点", "少一些", "小一点", "少点", "较少", "偏少", "not too many",
		// "小而美的号": small and fine, a size wish without a number
		"小而美", "小而精", "小而美的", "小而精的",
		"so many", "not too large", "not many", "not that many", "fewer", "a bit fewer",
		// a CJK comparative with no number ("要更小的"): a vague amount,
		// named, never a keyword.
		"更小的",
		// a comparative relative to the results held ("smaller ones",
		// "smaller than these", "小一些的"): a vague amount (issue 26 gap
		// c), never a keyword; with a number it is a bound word of
		// tools/number ("smaller than 100k").
		"更小", "小一些", "更少一点", "更少一些", "更小一点", "smaller", "smaller ones",
		"smaller than these", "smaller than those", "smaller than them", "比这些小", "比这些少"))...)
	es = append(es, withDir(+1, words(clsVague,
		"多一点", "多一些", "大一点", "多点", "较多", "偏多", "不太少", "a bit more",
		"更大的", "更大", "大一些", "更多一点", "更多一些", "更大一点", "bigger", "larger", "bigger ones", "larger ones",
		"bigger than these", "bigger than those", "bigger than them", "larger than these", "larger than those", "比这些大", "比这些多",
		// a tier up said in words ("再往上提一档", "量级小了点，往上调一调")
		"提一档", "往上提一档", "上调一档", "往上调一档", "调高一档", "调大一档", "升一档", "往上一档", "高一档", "大一档", "往上调一调", "往上调调", "调大一点", "调高一点",
		"小了点", "偏小", "有点小", "太小了点", "a bit small", "a little small", "kinda small", "a tier up", "one tier up", "up a tier", "a notch bigger", "a size up"))...)
	// A size complained of ("粉丝太多了", "一两万太少了", "too big", "is
	// way too low"): a vague amount, never a keyword; a number after it
	// is the bound meant, and a figure before it the one complained of.
	es = append(es, withFlag(withDir(-1, words(clsVague,
		"太多了", "太大了", "太大", "太多", "过多", "太高", "太高了", "too many", "too much", "way too much", "too big", "way too big",
		"far too big", "way too many", "too high", "way too high", "far too high", "too large", "way too large",
		// "带货太重的不要": too heavy on something is too much of it
		"太重", "太重了", "过重")),
		func(e *lexEntry) { e.complaint = true })...)
	es = append(es, withFlag(withDir(+1, words(clsVague,
		"太少", "太少了", "太小", "太小了", "太低", "太低了", "too few", "too small", "way too small", "far too small", "way too few",
		"too low", "way too low", "far too low", "too tiny")),
		func(e *lexEntry) { e.complaint = true })...)
	es = append(es, withDir(-1, words(clsVague,
		// a tier down said in words ("往下降一档", "体量大了点")
		"降一档", "往下降一档", "下调一档", "往下调一档", "调低一档", "调小一档", "往下一档", "低一档", "小一档", "往下调一调", "往下调调", "调小一点", "调低一点",
		"大了点", "偏大", "有点大", "太大了点", "a bit big", "a little big", "kinda big", "a tier down", "one tier down", "down a tier", "a notch smaller", "a size down"))...)
	// Heights without a measure ("高一点", "not too high"): which measure
	// is not said, so no step is taken.
	es = append(es, words(clsVague, "不太高", "不要太高", "高一点", "低一点", "高一些", "低一些", "高点", "低点", "not too high")...)
	es = append(es, lexEntry{word: "国内", cls: clsCountry, code: "CN"})
	// Languages said by their first characters, joined: "中英文都行",
	// "英日双语", "西葡语" (a suffix is required: "日韩博主" are countries).
	initials := taxonomy.Languages.Initials()
	for ra, a := range initials {
		for rb, b := range initials {
			if ra == rb {
				continue
			}
			for _, suf := range []string{"文", "双语", "语", "双语的", "文的"} {
				es = append(es, lexEntry{word: string(ra) + string(rb) + suf, cls: clsLanguage, code: a, codes: []string{a, b}})
			}
		}
	}
	es = append(es, words(clsStop,
		"the", "in the", "of", "in", "on", "at", "for", "with", "w/", "from", "by", "into", "about", "like", "such as", "as", "than", "across", "throughout",
		"out of", "based out of", "sponsored by", "paid by", "that's", "thats", "anymore", "any more", "that is", "which is", "which are", "sometime", "some time", "at some point",
		"featuring", "involving", "regarding",
		// "exclude accounts focused on nightlife" (audit 37, class R1)
		"focused on", "focusing on", "centered on", "centred on", "dedicated to", "specializing in", "specialising in",
		"is", "are", "be", "been", "being", "was", "were", "has", "have", "having", "had", "do", "does", "did", "doing",
		"i", "we", "you", "me", "us", "our", "my", "your", "their", "them", "they", "it", "its", "he", "she", "his", "her",
		"some", "several", "many", "more", "most", "very", "really", "just", "only", "mainly", "mostly", "primarily",
		"can", "could", "would", "should", "will", "may", "might", "must", "there", "here", "this", "these", "those",
		"what", "where", "when", "all", "both", "each", "other", "based", "located", "living", "live", "lives",
		"focused", "focusing", "focus", "specializing", "specialising", "specialize", "specialise", "make", "makes",
		"making", "made", "create", "creates", "creating", "post", "talk", "talks", "talking", "cover", "covers",
		"covering", "content", "videos", "video", "shorts", "niche", "space", "market", "region", "country",
		"countries", "area", "platform", "thanks", "thank you", "pls", "plz", "kindly", "also", "too", "well",
		"good", "great", "nice", "best", "top", "s", "'s", "etc", "e.g.", "eg", "ie", "i.e.", "via", "per", "whom",
		"into", "onto", "upon", "around the", "related", "relevant", "type", "kind", "category", "categories", "types", "kinds",
		"audience", "audiences", "speak", "speaks", "feel", "feels", "feel like", "feels like", "look like", "looks like",
		"不", "很", "非常", "更", "比较", "再", "就", "都", "一直", "something", "anything", "everything", "whatever", "stuff",
		"anywhere", "wherever", "results", "result", "haven't", "hasn't", "hadn't", "isn't", "aren't", "wasn't", "weren't",
		// "狗狗为主", "以猫为主": mainly, as "mainly dogs" (a preference that
		// ranks, never a bare keyword item).
		"为主", "为主的", "以",
		// Spanish and Portuguese function words (issue 26, class B1):
		// they join a sentence's conditions and never rank
		"en", "con", "com", "em", "que", "los", "las", "el", "del", "das", "dos", "para", "en el", "en la", "na", "nos", "nas")...)
	// The CJK negations of tools/number that turn a bound word around
	// ("不能超出五十万", 不可超过) lex whole, as 不 and 不要 do (audit 25).
	for _, w := range number.Negations {
		if !isLatinWord(w) && !slices.ContainsFunc(es, func(e lexEntry) bool { return e.word == w }) {
			es = append(es, lexEntry{word: w, cls: clsStop})
		}
	}
	es = append(es, words(clsLangMark, "说", "讲", "使用", "母语", "语言", "speaking", "-speaking", "speakers", "language", "languages", "in", "speak", "speaks")...)
	es = append(es, words(clsUnsupport,
		"预算", "报价", "价格", "费用", "价钱", "多少钱", "元", "块钱", "美元", "美金", "刀", "人民币", "budget", "price", "spend", "spending", "afford",
		"prices", "pricing", "rate", "rates", "cost", "fee", "fees", "usd", "$", "¥", "￥", "€", "£", "cpm", "cpc", "roi", "gmv", "cpv", "cpe", "cpa", "cpi", "roas", "ecpm", "rate card", "cpm-friendly", "cpv-friendly", "low cpm", "low cpv", "邮箱", "email", "e-mail", "电话", "phone", "联系方式", "contact",
		"性别", "女性", "男性", "gender", "age", "年龄", "岁")...)
	es = append(es, words(clsUnsupport, percentWords...)...)

	es = apostropheless(es)
	for i := range es {
		es[i].head = slices.Contains(compoundHeads, es[i].word) && (es[i].cls == clsFiller || es[i].cls == clsFrame || es[i].cls == clsStop)
	}

	var spellings []string
	ids := map[string]int32{}
	for i := range es {
		e := es[i]
		e.word = foldString(e.word)
		if e.cls == clsCountry {
			// input is read simplified (textnorm.Simplify): a country
			// alias written in traditional characters (紐西蘭) matches
			// only in its simplified spelling (纽西兰)
			e.word = textnorm.Simplify(e.word)
		}
		key := textmatch.FoldSpace(e.word)
		id, ok := ids[key]
		if !ok {
			id = int32(len(spellings))
			ids[key] = id
			spellings = append(spellings, key)
			lx.ents = append(lx.ents, nil)
		}
		lx.ents[id] = append(lx.ents[id], &e)
	}
	lx.dict = textmatch.New(spellings, nil)
	lx.glued = map[string][]*lexEntry{}
	for id, w := range spellings {
		key := strings.ReplaceAll(w, " ", "")
		if _, known := ids[key]; key == w || known || !isASCIILetters(key) {
			continue
		}
		if slices.ContainsFunc(lx.ents[id], func(e *lexEntry) bool {
			return e.cls == clsPreGte || e.cls == clsPreLte || e.cls == clsPostGte || e.cls == clsPostLte
		}) {
			lx.glued[key] = lx.ents[id]
		}
	}
	for id, w := range spellings {
		if n := []rune(w); len(n) >= minCJKTypoTarget && allHan(n) && textnorm.Simplify(w) == w && slices.ContainsFunc(lx.ents[id], func(e *lexEntry) bool {
			return e.cls == clsCountry && !e.place && len(e.codes) <= 1
		}) {
			lx.cjkCountries = append(lx.cjkCountries, n)
		}
		if len(w) < minTypoTarget || !isASCIILetters(w) || genericCategoryWords[w] {
			continue
		}
		if slices.ContainsFunc(lx.ents[id], func(e *lexEntry) bool {
			return e.cls == clsCountry || e.cls == clsLanguage || e.cls == clsCategory || e.cls == clsCreator || e.cls == clsCreatorPlatform ||
				// a platform's name ("Youtbe", "Instagarm", "TikTock",
				// "Twiter" are the platforms, never a keyword; issue 26)
				e.cls == clsPlatform && !e.creator ||
				// a hobby its category names ("gardenning" is gardening)
				e.cls == clsTopic && categoryAlias(e.word)
		}) {
			lx.typoTargets = append(lx.typoTargets, typoTarget{word: w, ents: lx.ents[id]})
		}
		if len(w) >= minTypoTarget && isASCIILetters(w) && slices.ContainsFunc(lx.ents[id], func(e *lexEntry) bool { return e.cls == clsField }) {
			lx.unitTargets = append(lx.unitTargets, typoTarget{word: w, ents: lx.ents[id]})
		}
	}
	return lx
}

// isLatinWord reports whether s is written in Latin letters (and spaces,
// dots, hyphens): the spellings that take "-speaking" or "-based".
func isLatinWord(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(isASCIILetter(r) || r == ' ' || r == '.' || r == '-' || r > 0x7f && r < 0x250) {
			return false
		}
	}
	return true
}

// categoryAlias reports a subtopic spelling whose group its category
// names as an alias ("gardening", and 园艺 beside it): a hobby the
// catalog's category stands for.
func categoryAlias(w string) bool {
	for _, g := range taxonomy.Synonyms.Lookup(w) {
		if g.Sub && slices.ContainsFunc(g.Words, func(x string) bool { _, ok := taxonomy.Categories.Lookup(x); return ok }) {
			return true
		}
	}
	return false
}

// foldString folds a dictionary spelling the way input is folded.
func foldString(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

// singular is the singular of a one-word lower-case English plural
// ("pets" → "pet", "recipes" → "recipe"); false for other words, for
// words whose final s is not a plural ("news", "physics", "fitness") and
// for singulars that are common verbs ("shows" → "show").
func singular(w string) (string, bool) {
	if w == "" || w[0] >= 0x80 || strings.ContainsAny(w, " &-") || len(w) < 4 || !strings.HasSuffix(w, "s") ||
		strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "ics") || strings.HasSuffix(w, "us") || w == "news" {
		return "", false
	}
	sg := strings.TrimSuffix(w, "s")
	switch sg {
	case "show", "game", "car", "auto", "vehicle", "tutorial":
		return "", false // a verb, or already a word of its own
	}
	return sg, true
}

// editConnectors are the edit verbs that may stand between a field word
// and its number (isGlue): an edit names its field first ("把粉丝改成 5
// 万以上", "change followers to 50k+"), a bound is moved ("粉丝门槛降到两万")
// or kept ("粉丝控制在五万以内").
var editConnectors = []string{
	"改成", "换成", "改为", "换为", "变成", "改到", "换到", "调成", "调到", "调整为", "调整成", "设为", "设成", "set to",
	"降到", "降低到", "降至", "提高到", "提升到", "放宽到", "放到", "定在",
	"控制在", "保持在", "维持在", "限定在", "限制在",
}

// kindQualifiers say what kind of account a creator noun is ("fan
// accounts", "meme pages", "粉丝号", "营销号"): in an excluded object they
// belong to what is left out, with the topic before them or with their
// noun (kindObjects).
var kindQualifiers = map[string]bool{"fan": true, "fans": true, "meme": true, "memes": true, "parody": true, "stan": true,
	"bot": true, "spam": true, "repost": true, "burner": true, "fake": true, "clone": true, "copycat": true, "aggregator": true,
	"粉丝": true, "营销": true, "水军": true, "僵尸": true, "小号": true, "马甲": true}

// exclusionObjectVerbs lead the object of an exclusion said as what the
// creators do with it ("nothing that promotes gambling", "no channels
// that push crypto", "nobody who sells supplements"): the object is what
// is excluded, as a plain "no gambling"; the verb is frame (partnerFrame).
// The Chinese ones (不要宣传赌博的) live with the zh exclusion words.
var exclusionObjectVerbs = []string{"promotes", "promote", "push", "pushes", "pushing", "sell", "sells", "selling",
	"advertise", "advertises", "advertising", "shill", "shills", "shilling", "plug", "plugs", "plugging", "endorse",
	"endorses", "endorsing", "hype", "hypes", "hyping", "peddle", "peddles", "peddling", "market", "markets", "marketing",
	"glorify", "glorifies", "glorifying", "encourage", "encourages", "encouraging", "feature", "features", "featuring",
	"show", "shows", "showing", "do ads for", "does ads for", "run ads for", "runs ads for",
	// "nobody who runs alcohol sponsorships", "channels that carry vape
	// ads", "anyone accepting gambling deals": the deal's verb (fixT)
	"run", "runs", "running", "carry", "carries", "carrying", "accept", "accepts", "accepting", "take", "takes", "taking"}

// partnerVerbs say that creators worked with someone: inside an exclusion
// the one they worked with is what is excluded (partnerFrame).
var partnerVerbs = []string{"合作过", "接过", "做过", "推过", "带过", "带过货", "投过", "拍过", "代言过", "接过的", "合作过的",
	"works with", "work with", "worked with", "working with", "partnered with", "partnering with", "partners with", "partner with",
	"collaborated with", "collaborates with", "collaborating with", "collabed with", "collab with", "collabs with",
	"promos", "promo", "promotions", "promoting", "promoted", "advertised", "advertised for", "ads for", "ads", "sponsorships", "sponsorship", "deals with", "deal with",
	"promos for", "promo for", "sponsored by", "paid by", "ambassador for", "ambassadors for",
	"sponsored posts for", "sponsored content for", "sponsored videos for", "posts for", "videos for", "content for",
	"拍过广告", "推广过", "deal", "deals", "collabs", "collab", "collaborations", "partnerships", "tie-ins", "合作", "有合作", "有过合作", "在推", "在合作", "合作中"}

// acceptWords call what was just said acceptable ("is fine too", "也行",
// "无所谓"), once each, with where each is read: frame, a frame word of
// the lexicon (a follow-up's acceptance tail); tail, after a figure it
// takes the figure in (the count rule's acceptTails: "十万也行"), and
// after a figure or a size it is a permission (rule_talk.go's
// permitTails); size, after a size without a figure it permits it
// (sizeAccepts: "smaller ones are fine", "小一点无所谓").
var acceptWords = []acceptWord{
	{"is fine", true, false, true}, {"is fine too", true, true, false}, {"are fine", true, false, true},
	{"are fine too", true, true, false}, {"fine too", true, true, false}, {"also fine", true, true, false},
	{"is ok", true, false, true}, {"is okay", true, false, true}, {"are ok", true, false, true},
	{"也没关系", true, true, false}, {"没关系", true, true, false}, {"都没关系", true, true, false},
	{"is ok too", true, true, false}, {"works too", true, true, false}, {"is acceptable", true, false, true},
	{"也行", true, true, false}, {"也可以", true, true, false}, {"也ok", true, true, false}, {"也没问题", true, true, false},
	// frame words of other lists of the lexicon (filler, no preference)
	{"都行", false, true, true}, {"都可以", false, true, true}, {"are okay", false, false, true}, {"无所谓", false, false, true},
}

// acceptWord is one word of acceptWords and where it is read.
type acceptWord struct {
	w                 string
	frame, tail, size bool
}

// acceptFrames are the acceptWords the lexicon reads as frame.
func acceptFrames() []string {
	var out []string
	for _, a := range acceptWords {
		if a.frame {
			out = append(out, a.w)
		}
	}
	return out
}

// acceptWordSet is the set of acceptWords with the flag f.
func acceptWordSet(f func(a acceptWord) bool) map[string]bool {
	m := map[string]bool{}
	for _, a := range acceptWords {
		if f(a) {
			m[a.w] = true
		}
	}
	return m
}

// promoteWords are the Chinese words of promoting, selling or making an
// ad for something ("不要推广X的", "别接X广告的", "不要代言X的", "不做X宣传的"):
// beside another word in an exclusion's object they are its frame, and
// what is promoted is what is excluded; alone ("不要接广告的") the deal
// itself is (partnerFrame). The selling forms (sellingForms: 带货, 种草)
// frame the same way.
var promoteWords = []string{"广告", "的广告", "代言", "推广", "宣传", "推销", "打广告", "植入", "软广", "硬广", "商单"}

// promoteNegations negate a promoting verb said of the creators ("不做X
// 宣传的", "从不接X广告", "没给X带货的"): with a promote word after them in
// their clause they exclude what is promoted (promoteNegation).
var promoteNegations = []string{"不", "从不", "从来不", "绝不", "没", "没有", "从没", "从来没"}

// relationWords name the user's own business relations ("our
// competitors", 竞品, 友商): who they are the catalog cannot know, so a
// wish about them is named as not applied (rule_relation.go).
var relationWords = []string{"竞品", "竞对", "竞争对手", "友商", "竞争品牌", "竞品品牌", "竞品牌子",
	"competitor", "competitors", "competitor's", "competitors'", "competitor brands", "competitor brand", "competing brands",
	"competing brand", "our competition", "the competition", "rival", "rivals", "rival brand", "rival brands", "our rivals",
	"our competitors", "our competitor", "our rival", "our rival brands", "our competitor brands", "a competitor", "a rival", "a rival brand"}

// compoundHeads are the Chinese frame and filler nouns that also open
// compound words: "方向" of 方向盘, "海外" of 海外仓, "视频" of 视频剪辑,
// "类" of 类脑, "内容" of 内容营销, "平台" of 平台经济, "领域" of
// 领域驱动. Nouns only: a verb of the frame ("推广", "投放", "做") before
// an unknown word takes it as its object, and is cut off.
var compoundHeads = []string{"方向", "领域", "类", "类型", "方面", "内容", "视频", "短视频", "平台", "市场", "地区", "国家",
	"海外", "本地", "当地", "品牌"}

// reviewForms are the content forms of reviewing ("评测", "reviews"): a
// category or topic before them absorbs them ("科技测评"), a word glued to
// them keeps them ("扫地机器人测评"), and "review" is a verb too ("who
// review drones"); standing alone as what the creators do ("只要做测评的",
// "ones that do reviews") they rank (reviewAlone).
var reviewForms = []string{"评测", "测评", "评测类", "测评类", "review", "reviews", "reviewer", "reviewers", "reviewing"}

// campaignWords are the advertiser's logistics (audit 25): stock and
// units, prices, launches, shipping and what each creator delivers. A
// clause that says one is the campaign's (rule_campaign.go): its words
// are frame and its figures no condition. The weak ones (campaignWeak)
// count only in a clause the writer speaks of themselves in.
var campaignWords = []string{
	"备货", "首批", "首批备货", "库存", "现货", "发货", "寄样", "寄送", "样品", "上新", "首发", "发售", "开售",
	"每个达人", "每位达人", "每个博主", "每位博主", "每个红人", "每位红人", "每个kol", "每位kol", "每个频道", "每人", "每位",
	"交付", "交付物", "排期", "档期", "截止", "截止日期", "上线时间", "发布时间", "上市", "上线",
	"deliverables", "deliverable", "first batch", "first run", "first shipment", "units", "pcs", "pieces", "inventory",
	"in stock", "free samples", "samples", "gifting", "we'll send", "we will send", "we'd send", "we're sending", "we are sending",
	"we'll ship", "we will ship", "we're shipping", "we are shipping", "launch date", "release date", "go live", "goes live", "live by", "content live by", "due by",
	"deadline", "each creator", "per creator", "each influencer", "per influencer", "each one", "each channel", "per channel",
	"each creator gets", "launching", "launch", "launches",
	// order logistics: the minimum order, stock-keeping units and the
	// pieces sent (MOQ 500, 起订量2000件, "3 SKUs", "50 pcs")
	"起订量", "起订", "最小起订量", "最低起订量", "起批量", "起批", "订货量", "每款", "每个款", "每个sku", "sku", "skus",
	"moq", "moqs", "min order", "minimum order", "minimum order quantity", "min order qty", "min. order", "order quantity",
	"order qty", "minimum order qty", "pcs.", "units per creator", "per unit", "sampled",
}

// campaignWeak are the campaign words that are also topics ("rocket
// launch", "上市公司"): a campaign's only beside the writer (we, our, 我们).
var campaignWeak = map[string]bool{"launching": true, "launch": true, "launches": true, "上市": true, "上线": true}

// pagingWords page the results: the list's own action ("show next page",
// 看下一页), never a keyword or a condition.
var pagingWords = []string{"next page", "the next page", "another page", "more pages", "page 2", "page two", "second page",
	"the second page", "load more", "下一页", "下页", "翻页", "翻一页", "翻到下一页", "第二页", "后一页", "往后翻", "再翻一页"}

// traitWords are creators' traits the catalog does not record (audit 25):
// showing their face on camera or not. Named as not applied, never a
// keyword.
var traitWords = []string{"真人出镜", "本人出镜", "出镜", "露脸", "真人露脸", "本人露脸", "不露脸", "不出镜",
	"on camera", "on-camera", "face on camera", "shows their face", "show their face", "showing their face", "shows his face",
	"shows her face", "show face", "shows face", "face cam", "facecam", "face-cam", "faceless", "no face"}

// greetingWords open a letter ("Dear Sir", "Hi Priya", "Salam", 尊敬的王总):
// with the name or address after them, up to the clause's end, they are
// frame (letterFrame).
var greetingWords = map[string]bool{"dear": true, "dear sir": true, "dear madam": true, "dear all": true, "hi": true, "hello": true,
	"hey": true, "hiya": true, "greetings": true, "salam": true, "salaam": true, "namaste": true, "hola": true, "bonjour": true,
	"respected": true, "尊敬的": true, "亲爱的": true, "你好": true, "您好": true, "hi team": true, "hello team": true, "hey team": true}

// signoffWords close a letter ("Regards, Rahul", "Thank you brother",
// 此致敬礼): with the name or address after them, to the text's end, they
// are frame (letterFrame).
var signoffWords = map[string]bool{"regards": true, "best regards": true, "kind regards": true, "warm regards": true,
	"warmest regards": true, "thanks and regards": true, "thanks & regards": true, "thanks n regards": true, "rgds": true,
	"best wishes": true, "all the best": true, "sincerely": true, "yours sincerely": true, "yours truly": true,
	"yours faithfully": true, "cheers": true, "thanks": true, "thank you": true, "thank you so much": true, "many thanks": true,
	"thanks so much": true, "thanks a lot": true, "thx": true, "best": true, "谢谢": true, "感谢": true, "多谢": true, "祝好": true,
	"此致": true, "敬礼": true, "此致敬礼": true, "顺祝商祺": true, "thanks in advance": true, "thank you in advance": true}

// sectionLabels head the parts of a brief ("背景：…", "Background: …",
// "Ask: …"): before a colon at a row's start they are frame, whatever
// the value after them is.
var sectionLabels = map[string]bool{"背景": true, "项目背景": true, "品牌背景": true, "产品背景": true, "背景介绍": true, "需求背景": true,
	"目标": true, "投放目标": true, "项目目标": true, "说明": true, "备注": true, "补充": true, "关于我们": true, "公司介绍": true,
	"background": true, "quick background": true, "some background": true, "a bit of background": true, "context": true,
	"quick context": true, "some context": true, "ask": true, "the ask": true, "our ask": true, "objective": true, "objectives": true,
	"goal": true, "goals": true, "overview": true, "summary": true, "notes": true, "note": true, "about us": true, "timeline": true}

// goodsNouns name goods of a kind (宠物用品, "pet products", "camping
// gear"): after a category word they say the category's goods, so the
// category holds and the whole compound ranks.
var goodsNouns = []string{"用品", "产品", "装备", "周边", "好物", "用具", "器材", "配件", "设备", "食品", "零食",
	"products", "product", "gear", "supplies", "equipment", "accessories", "essentials", "goods", "items"}

// priceWords name the price of the advertiser's goods (audit 25): a
// measure the catalog has no field for (unsupportedMeasures).
var priceWords = []string{"单价", "售价", "零售价", "定价", "原价", "retails at", "retail price", "retailing at", "rrp",
	"msrp", "priced at", "price point"}

// budgetWords are the advertiser's own money (a budget), as against a
// measure of the creators ("CPM低一点", which is named as not applied).
var budgetWords = map[string]bool{"预算": true, "budget": true, "spend": true, "spending": true}

// apostropheless adds, for every entry spelt with a negation's
// apostrophe ("don't want", "doesn't matter", "isn't"), its twin written
// without it ("dont want", "doesnt matter", "isnt"), as chat writes them
// (audit 30, class 3): the twin reads as the entry does. Two one-word
// twins that are English words of their own ("cant", "wont") are left
// out; a twin the lexicon already spells is not added again.
func apostropheless(es []lexEntry) []lexEntry {
	known := map[string]bool{}
	for _, e := range es {
		known[foldString(e.word)] = true
	}
	n := len(es)
	for i := 0; i < n; i++ {
		e := es[i]
		w := foldString(e.word)
		if !strings.Contains(w, "n't") {
			continue
		}
		twin := strings.ReplaceAll(w, "n't", "nt")
		if twin == "cant" || twin == "wont" || known[twin] {
			continue
		}
		known[twin] = true
		e.word = twin
		es = append(es, e)
	}
	return es
}

// colloquialCountries are the nicknames of countries and their people
// that briefs use in place of the name (Y2): demonyms of the street
// (Aussie, Kiwi, Brit, Canuck, Pinoy) and Chinese ones (大马, 狮城, 湾湾,
// 澳村), and the "region" words of app stores and game servers (美区,
// 英区, 日区 and their kin). A full country name with a suffix (新加坡区,
// 台湾省) needs no entry: the name reads, and such words of three or more
// runes would become typo targets of the name beside any rune.
var colloquialCountries = map[string][]string{
	"AU": {"aussie", "aussies", "澳村", "土澳", "澳区"},
	"NZ": {"kiwi", "kiwis"}, // 纽西兰 is taxonomy's 紐西蘭, read simplified
	"GB": {"brit", "brits", "腐国", "英区"},
	"US": {"yank", "yanks", "yankee", "美利坚", "米国", "美区"},
	"DE": {"德区"},
	"CA": {"canuck", "canucks", "枫叶国", "加区"},
	"PH": {"pinoy", "pinay", "菲区"},
	"MY": {"大马"},
	"SG": {"狮城", "星国"},
	"TW": {"湾湾", "台区"},
	"JP": {"霓虹国", "日区"},
	"KR": {"韩区"},
	"HK": {"港区", "港岛"},
	"TH": {"泰区"},
	"FR": {"法区"},
}

// capitalOnlyCountry are the colloquial country words that are also
// common English words (kiwi the fruit, yank the verb): a country only
// when written with a capital. Words left out on purpose: 英伦 (英伦风 is
// a style), 新国 (新国货), 韩服/日服 (the dress), Yankees (the team).
var capitalOnlyCountry = map[string]bool{"kiwi": true, "kiwis": true, "yank": true, "yanks": true, "yankee": true}

// spacedInitials returns the dictated spellings of a country's initials
// n (two or three capitals, dots allowed: "UK", "U.S.", "USA"): the
// letters spaced ("U K") or dotted without the last dot ("U.K"). Any
// other name has none.
func spacedInitials(n string) []string {
	letters := strings.ReplaceAll(n, ".", "")
	if l := len(letters); l < 2 || l > 3 || strings.ToUpper(letters) != letters || !isLatinWord(letters) || strings.ContainsAny(letters, " -") {
		return nil
	}
	rs := strings.Split(letters, "")
	return []string{strings.Join(rs, " "), strings.Join(rs, "."), strings.Join(rs, ". ")}
}

// splitName returns a one-word Latin name of seven letters or more split
// in two words of three letters or more ("nether lands", "you tube"),
// lower case; any other name has none.
func splitName(n string) []string {
	n = strings.ToLower(n)
	if len(n) < 7 || !isLatinWord(n) || strings.ContainsAny(n, " .-") || strings.IndexFunc(n, func(r rune) bool { return r > 0x7f }) >= 0 {
		return nil
	}
	var out []string
	for k := 3; k <= len(n)-3; k++ {
		out = append(out, n[:k]+" "+n[k:])
	}
	return out
}
