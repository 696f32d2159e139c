package taxonomy

// Region is a group of countries briefs name as one ("东南亚", "LATAM",
// "the Nordics"): the catalog records countries, so a region reads as the
// set of its members in the Countries vocabulary.
type Region struct {
	// ZH and EN are the display names.
	ZH, EN string
	// Names are the spellings read in any case: names in zh and en, and
	// abbreviations that are no word of their own ("latam", "dach").
	Names []string
	// Caps are abbreviations read only as typed in capitals: in lower
	// case they are a word ("SEA" is Southeast Asia, "sea fishing" is
	// about the sea).
	Caps []string
	// Countries are the member codes of the Countries vocabulary, in the
	// order a chip lists them.
	Countries []string
}

// europe is the part of Europe the catalog names "Europe" by: the west,
// north and south (eastern Europe is its own region, CEE).
var europe = []string{"GB", "IE", "DE", "FR", "ES", "IT", "NL", "SE", "PL", "PT", "CH", "AT", "BE", "DK", "NO", "FI", "GR"}

// Members of the regions several others are made of.
var (
	southeastAsia = []string{"ID", "MY", "SG", "TH", "VN", "PH"}
	middleEast    = []string{"AE", "SA", "IL", "IQ", "JO", "KW", "EG", "TR"}
	// mena is the Middle East and North Africa: the Gulf, the Levant,
	// Iraq, Iran and Yemen, and North Africa; Turkey is counted with
	// Europe and Central Asia, not here.
	mena         = []string{"AE", "SA", "KW", "IQ", "JO", "SY", "IL", "YE", "IR", "EG", "MA", "DZ"}
	easternEU    = []string{"PL", "CZ", "HU", "RO", "SK", "BG", "HR", "UA"}
	africa       = []string{"EG", "MA", "NG", "ZA", "KE"}
	northAmerica = []string{"US", "CA"}
)

// Regions is the one table of country groups: the condition parser reads
// every name and abbreviation here as its member countries.
var Regions = []Region{
	{"北美", "North America", []string{"北美", "北美洲", "north america", "north american"}, nil, northAmerica},
	{"欧洲", "Europe", []string{"欧洲", "europe", "european", "欧洲国家"}, nil, europe},
	{"欧美", "North America & Europe", []string{"欧美"}, nil, append(append([]string{}, northAmerica...), europe...)},
	{"东南亚", "Southeast Asia", []string{"东南亚", "southeast asia", "south east asia", "south-east asia", "southeast asian", "asean", "东盟"}, []string{"SEA"}, southeastAsia},
	{"拉美", "Latin America", []string{"拉美", "拉丁美洲", "latin america", "latam", "latin american"}, nil, []string{"MX", "BR", "AR", "CO", "CL", "PE", "EC", "VE", "SV", "CU"}},
	{"南美", "South America", []string{"南美", "南美洲", "south america", "south american"}, nil, []string{"BR", "AR", "CO", "CL", "PE", "EC", "VE"}},
	{"中东", "Middle East", []string{"中东", "middle east", "middle eastern"}, nil, middleEast},
	{"中东北非", "MENA (Middle East & North Africa)", []string{"中东北非", "中东和北非", "中东及北非", "middle east and north africa", "middle east & north africa", "mena"}, nil, mena},
	{"北非", "North Africa", []string{"北非", "north africa", "north african", "maghreb"}, nil, []string{"EG", "MA", "DZ"}},
	{"大洋洲", "Oceania", []string{"大洋洲", "oceania"}, nil, []string{"AU", "NZ"}},
	{"澳新", "Australia & New Zealand", []string{"澳新", "australia and new zealand", "australia & new zealand", "australasia"}, []string{"ANZ"}, []string{"AU", "NZ"}},
	{"非洲", "Africa", []string{"非洲", "africa", "african"}, nil, africa},
	{"日韩", "Japan & Korea", []string{"日韩"}, nil, []string{"JP", "KR"}},
	{"东亚", "East Asia", []string{"东亚", "east asia", "east asian"}, nil, []string{"CN", "JP", "KR", "TW", "HK"}},
	{"南亚", "South Asia", []string{"南亚", "south asia", "south asian"}, nil, []string{"IN", "PK", "BD"}},
	{"亚太", "Asia-Pacific", []string{"亚太", "亚太地区", "asia pacific", "asia-pacific", "apac"}, nil,
		[]string{"CN", "JP", "KR", "TW", "HK", "IN", "PK", "BD", "ID", "MY", "SG", "TH", "VN", "PH", "AU", "NZ"}},
	{"港台", "Hong Kong & Taiwan", []string{"港澳台", "港台"}, nil, []string{"HK", "TW"}},
	{"英语国家", "English-speaking countries", []string{"英语国家", "英语区", "english-speaking countries", "english speaking countries", "anglosphere"}, nil, []string{"US", "GB", "CA", "AU", "NZ", "IE"}},
	{"德语区", "DACH", []string{"dach", "德语区", "德语国家", "德奥瑞"}, nil, []string{"DE", "AT", "CH"}},
	{"海湾国家", "Gulf states", []string{"gulf", "the gulf", "gulf states", "gulf countries", "gcc", "海湾", "海湾国家", "海湾地区"}, nil, []string{"AE", "SA", "KW"}},
	{"北欧", "Nordics", []string{"北欧", "nordics", "nordic", "scandinavia", "scandinavian"}, nil, []string{"SE", "NO", "DK", "FI"}},
	// the other parts of Europe a brief names (audit 23: "widen to all of
	// southern europe" read as the whole of Europe)
	{"南欧", "Southern Europe", []string{"南欧", "southern europe", "south europe", "southern european", "mediterranean europe"}, nil, []string{"ES", "PT", "IT", "GR"}},
	{"西欧", "Western Europe", []string{"西欧", "western europe", "west europe", "western european"}, nil, []string{"GB", "IE", "FR", "BE", "NL", "DE", "AT", "CH"}},
	{"东欧", "Eastern Europe", []string{"东欧", "中东欧", "eastern europe", "east europe", "eastern european", "central and eastern europe", "cee"}, nil, easternEU},
	{"比荷卢", "Benelux", []string{"比荷卢", "benelux"}, nil, []string{"BE", "NL"}},
	{"欧盟", "European Union", []string{"欧盟", "european union"}, []string{"EU"},
		[]string{"IE", "DE", "FR", "ES", "IT", "NL", "SE", "PL", "PT", "AT", "BE", "DK", "FI", "GR", "CZ", "HU", "RO", "SK", "HR", "BG"}},
	// Europe, the Middle East and Africa: a sales territory briefs name
	// by its abbreviation
	{"欧洲、中东和非洲", "EMEA", []string{"emea", "europe, middle east and africa", "europe, the middle east and africa"}, nil,
		union(europe, easternEU, middleEast, mena, africa)},
}

// union lists the codes of the sets in order, each once.
func union(sets ...[]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range sets {
		for _, c := range s {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}
