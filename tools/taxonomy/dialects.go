package taxonomy

// Dialect is a spoken variety the catalog records under its language: a
// brief that asks for Cantonese asks for Chinese-language channels, and
// the box names the dialect as not filtered (the catalog holds a
// channel's language, not its dialect).
type Dialect struct {
	// Language is the code of the language the catalog records.
	Language string
	ZH, EN   string
	// Aliases are other spellings, simplified Chinese or Latin (input is
	// folded to simplified before it is read).
	Aliases []string
	// With is the second language of a mixed variety ("Hinglish" is
	// Hindi with English): both are the languages the catalog records.
	With string
	// Variant marks a variety named by its region or its own name rather
	// than a dialect ("Castilian", "Québécois"): named as a variant.
	Variant bool
}

// Dialects are the varieties briefs name by themselves ("讲粤语的",
// "speaks Cantonese", "台语频道", "不要讲普通话的") and the mixes of two
// languages ("Hinglish", "Taglish"). An exclusion of one never excludes
// its language: the catalog cannot tell the varieties of a language
// apart (audit 27).
var Dialects = []Dialect{
	{"zh", "粤语", "Cantonese", []string{"广东话", "广府话", "粤语频道", "港式粤语"}, "", false},
	{"zh", "闽南语", "Hokkien", []string{"闽南话", "台语", "台湾话", "Taiwanese Hokkien", "Min Nan", "Minnan"}, "", false},
	{"zh", "普通话", "Mandarin", []string{"国语", "Putonghua"}, "", false},
	{"hi", "印地英语混合", "Hinglish", nil, "en", false},
	{"tl", "他加禄英语混合", "Taglish", nil, "en", false},
	{"es", "西英混合", "Spanglish", nil, "en", false},
	// varieties said by their own name, not a place before the language
	// (a place's variety, "Brazilian Portuguese", 瑞士德语, is read from
	// the place: condparse's variantLabel)
	{"es", "卡斯蒂利亚西班牙语", "Castilian Spanish", []string{"Castilian", "卡斯蒂利亚语", "卡斯蒂利亚西语"}, "", true},
	{"es", "拉普拉塔西班牙语", "Rioplatense Spanish", []string{"Rioplatense", "拉普拉塔西语"}, "", true},
	{"fr", "魁北克法语", "Québécois French", []string{"Québécois", "Quebecois", "Quebecois French", "Québec French", "Quebec French"}, "", true},
	{"de", "瑞士德语", "Swiss German", []string{"Schweizerdeutsch", "Schwyzerdütsch"}, "", true},
	{"pt", "巴西葡萄牙语", "Brazilian Portuguese", []string{"巴葡"}, "", true},
	{"pt", "欧洲葡萄牙语", "European Portuguese", []string{"欧葡"}, "", true},
	{"nl", "弗拉芒语", "Flemish", []string{"佛兰芒语", "佛拉芒语", "弗拉芒荷兰语", "Flemish Dutch", "Vlaams"}, "", true},
}

// LanguageGroup is a family of languages a brief names as one ("Nordic
// languages", "scandinavian langs", 北欧语言): it reads as the languages
// the catalog records, and Unheld names its members the catalog does not.
type LanguageGroup struct {
	ZH, EN string
	// Names are the group's spellings (a Latin name in any case).
	Names []string
	// Languages are the member codes the catalog records.
	Languages []string
	// UnheldZH and UnheldEN name the members it does not record.
	UnheldZH, UnheldEN string
}

// LanguageGroups are the families briefs name as one. A region's name
// alone ("Nordic creators", 北欧博主) stays a region (Regions); said with
// "language(s)", 语言 or 语, it is this group.
var LanguageGroups = []LanguageGroup{
	{"斯堪的纳维亚语言", "Scandinavian languages", []string{
		"scandinavian languages", "scandinavian language", "scandinavian langs", "scandinavian lang", "scandinavian-language", "scandinavian-speaking", "scandinavian speaking",
		"斯堪的纳维亚语言", "斯堪的纳维亚语", "斯堪的纳维亚语种",
	}, []string{"da", "sv", "nb"}, "", ""},
	{"北欧语言", "Nordic languages", []string{
		"nordic languages", "nordic language", "nordic langs", "nordic lang", "nordic-language", "nordic-speaking", "nordic speaking",
		"北欧语言", "北欧语种", "北欧语", "北欧各国语言", "北欧国家的语言",
	}, []string{"da", "sv", "nb", "fi"}, "冰岛语", "Icelandic"},
}
