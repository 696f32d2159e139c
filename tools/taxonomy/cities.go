package taxonomy

// City is a city a brief may name for its country ("based in LA"): the
// catalog records countries, not cities, so a city reads as its country
// and is never filtered itself.
type City struct {
	// Country is the code of the city's country in Countries.
	Country string
	// ZH and EN are the city's names; Aliases other spellings. An alias
	// written in capitals only ("LA", "NYC") must be written so.
	ZH, EN  string
	Aliases []string
}

// Cities are the large creator cities, zh and en. Names that are also
// common words or people ("Austin", "Rio", "SF" for sci-fi) are left out.
// A city's demonym ("Parisian", "Milanese", "Londoners") is one of its
// aliases: the creators live there as much as "based in Paris" says.
var Cities = []City{
	{"US", "洛杉矶", "Los Angeles", []string{"LA", "Angeleno", "Angelenos"}},
	{"US", "纽约", "New York City", []string{"New York", "NYC", "New Yorker", "New Yorkers"}},
	{"US", "旧金山", "San Francisco", []string{"三藩市"}},
	{"US", "芝加哥", "Chicago", []string{"Chicagoan", "Chicagoans"}},
	{"US", "迈阿密", "Miami", nil},
	{"US", "西雅图", "Seattle", nil},
	{"US", "波士顿", "Boston", nil},
	{"US", "休斯顿", "Houston", nil},
	{"US", "亚特兰大", "Atlanta", nil},
	{"US", "拉斯维加斯", "Las Vegas", nil},
	{"US", "硅谷", "Silicon Valley", nil},
	{"US", "旧金山湾区", "Bay Area", []string{"SF Bay Area", "San Francisco Bay Area", "the Bay Area"}},
	{"GB", "伦敦", "London", []string{"Londoner", "Londoners"}},
	{"GB", "曼彻斯特", "Manchester", nil},
	{"FR", "巴黎", "Paris", []string{"Parisian", "Parisians", "Parisienne"}},
	{"DE", "柏林", "Berlin", []string{"Berliners"}},
	{"DE", "慕尼黑", "Munich", nil},
	{"ES", "马德里", "Madrid", nil},
	{"ES", "巴塞罗那", "Barcelona", nil},
	{"IT", "罗马", "Rome", []string{"Romans"}},
	{"JP", "东京", "Tokyo", []string{"Tokyoite", "Tokyoites"}},
	{"JP", "大阪", "Osaka", nil},
	{"KR", "首尔", "Seoul", []string{"Seoulite", "Seoulites"}},
	{"CN", "北京", "Beijing", nil},
	{"CN", "上海", "Shanghai", nil},
	{"CN", "广州", "Guangzhou", nil},
	{"CN", "深圳", "Shenzhen", nil},
	{"CN", "杭州", "Hangzhou", nil},
	{"CN", "成都", "Chengdu", nil},
	{"CN", "重庆", "Chongqing", nil},
	{"CN", "武汉", "Wuhan", nil},
	{"CN", "西安", "Xi'an", []string{"Xian"}},
	{"CN", "南京", "Nanjing", nil},
	{"CN", "天津", "Tianjin", nil},
	{"CN", "苏州", "Suzhou", nil},
	{"CN", "长沙", "Changsha", nil},
	{"CN", "厦门", "Xiamen", nil},
	{"CN", "青岛", "Qingdao", nil},
	{"TW", "台北", "Taipei", nil},
	{"AU", "悉尼", "Sydney", []string{"Sydneysider", "Sydneysiders"}},
	{"AU", "墨尔本", "Melbourne", []string{"Melburnian", "Melburnians"}},
	{"CA", "多伦多", "Toronto", []string{"Torontonian", "Torontonians"}},
	{"CA", "温哥华", "Vancouver", nil},
	{"CA", "蒙特利尔", "Montreal", nil},
	{"BR", "圣保罗", "São Paulo", []string{"Sao Paulo"}},
	{"MX", "墨西哥城", "Mexico City", nil},
	{"IN", "孟买", "Mumbai", nil},
	{"IN", "新德里", "New Delhi", []string{"Delhi"}},
	{"AE", "迪拜", "Dubai", nil},
	{"TH", "曼谷", "Bangkok", nil},
	{"ID", "雅加达", "Jakarta", nil},
	{"IT", "米兰", "Milan", []string{"Milano", "Milanese"}},
	{"IT", "佛罗伦萨", "Florence", []string{"Firenze"}},
	{"AE", "阿布扎比", "Abu Dhabi", nil},
	{"KR", "釜山", "Busan", nil},
	{"FR", "里昂", "Lyon", nil},
	{"FR", "马赛", "Marseille", nil},
	{"DE", "法兰克福", "Frankfurt", nil},
	{"DE", "科隆", "Cologne", []string{"Köln"}},
	{"NL", "阿姆斯特丹", "Amsterdam", nil},
	{"SE", "斯德哥尔摩", "Stockholm", nil},
	{"PH", "马尼拉", "Manila", nil},
	{"VN", "胡志明市", "Ho Chi Minh City", []string{"Saigon", "西贡"}},
	{"VN", "河内", "Hanoi", nil},
	{"MY", "吉隆坡", "Kuala Lumpur", []string{"KL"}},
	{"TR", "伊斯坦布尔", "Istanbul", nil},
	{"EG", "开罗", "Cairo", nil},
	{"NG", "拉各斯", "Lagos", nil},
	{"ZA", "约翰内斯堡", "Johannesburg", []string{"Joburg"}},
	{"ZA", "开普敦", "Cape Town", nil},
	{"AR", "布宜诺斯艾利斯", "Buenos Aires", nil},
	{"CO", "波哥大", "Bogotá", []string{"Bogota"}},
	{"CO", "麦德林", "Medellín", []string{"Medellin"}},
	{"US", "达拉斯", "Dallas", nil},
	{"US", "纳什维尔", "Nashville", nil},
	{"US", "丹佛", "Denver", nil},
	{"US", "费城", "Philadelphia", []string{"Philly"}},
	{"GB", "爱丁堡", "Edinburgh", nil},
	{"GB", "利物浦", "Liverpool", nil},
	{"IE", "都柏林", "Dublin", nil},
	{"IN", "班加罗尔", "Bangalore", []string{"Bengaluru"}},
	{"RU", "莫斯科", "Moscow", nil},
	{"PL", "华沙", "Warsaw", nil},
	{"AU", "布里斯班", "Brisbane", nil},
	{"CA", "卡尔加里", "Calgary", nil},
	// the capitals and large cities of the catalog's smaller countries
	// (issue 26: 苏黎世, Geneva, Abuja, Porto read as their country, never
	// as a keyword, nor cut in two: 日内瓦 is no 日 + 内瓦). Names that are
	// also food or words ("汉堡" is a burger, "Nice") are left out.
	{"CH", "苏黎世", "Zürich", []string{"Zurich", "Zuerich"}},
	{"CH", "日内瓦", "Geneva", []string{"Genève", "Geneve"}},
	{"CH", "洛桑", "Lausanne", nil},
	{"CH", "巴塞尔", "Basel", nil},
	{"CH", "伯尔尼", "Bern", nil},
	{"NG", "阿布贾", "Abuja", nil},
	{"PT", "波尔图", "Porto", []string{"Oporto"}},
	{"PT", "里斯本", "Lisbon", []string{"Lisboa"}},
	{"AT", "维也纳", "Vienna", []string{"Wien"}},
	{"BE", "布鲁塞尔", "Brussels", []string{"Bruxelles"}},
	{"BE", "安特卫普", "Antwerp", nil},
	{"DK", "哥本哈根", "Copenhagen", nil},
	{"NO", "奥斯陆", "Oslo", nil},
	{"FI", "赫尔辛基", "Helsinki", nil},
	{"GR", "雅典", "Athens", nil},
	{"CZ", "布拉格", "Prague", []string{"Praha"}},
	{"HU", "布达佩斯", "Budapest", nil},
	{"KE", "内罗毕", "Nairobi", nil},
	{"MA", "卡萨布兰卡", "Casablanca", nil},
	{"MA", "马拉喀什", "Marrakech", []string{"Marrakesh"}},
	{"NL", "鹿特丹", "Rotterdam", nil},
	{"JP", "京都", "Kyoto", nil},
	{"ES", "塞维利亚", "Seville", []string{"Sevilla"}},
}

// States are the large states, provinces and home nations a brief may
// name for its country ("beauty creators in California", "得州的露营博主"):
// like a city, one reads as its country and is never filtered itself.
// Names that are also countries, people or common words ("Georgia",
// "Victoria", "Washington") and the places people travel to more than
// live in ("Hawaii", "北海道") are left out; so are provinces named for a
// cuisine ("四川", "湖南").
var States = []City{
	{"US", "加州", "California", []string{"加利福尼亚", "加利福尼亚州", "Calif"}},
	{"US", "得州", "Texas", []string{"得克萨斯", "得克萨斯州"}},
	{"US", "佛罗里达", "Florida", []string{"佛罗里达州", "佛州"}},
	{"US", "亚利桑那", "Arizona", []string{"亚利桑那州"}},
	{"US", "科罗拉多", "Colorado", []string{"科罗拉多州"}},
	{"US", "俄亥俄", "Ohio", []string{"俄亥俄州"}},
	{"US", "密歇根", "Michigan", []string{"密歇根州"}},
	{"US", "宾夕法尼亚", "Pennsylvania", []string{"宾州"}},
	{"CA", "安大略", "Ontario", []string{"安大略省"}},
	{"CA", "魁北克", "Quebec", []string{"魁北克省", "Québec"}},
	{"CA", "不列颠哥伦比亚", "British Columbia", []string{"卑诗省"}},
	{"CA", "阿尔伯塔", "Alberta", []string{"阿尔伯塔省"}},
	{"AU", "昆士兰", "Queensland", []string{"昆士兰州"}},
	{"AU", "新南威尔士", "New South Wales", []string{"新南威尔士州", "NSW"}},
	{"GB", "苏格兰", "Scotland", nil},
	{"GB", "威尔士", "Wales", nil},
	{"GB", "北爱尔兰", "Northern Ireland", nil},
	{"DE", "巴伐利亚", "Bavaria", []string{"巴伐利亚州", "Bayern"}},
	{"CN", "广东", "Guangdong", []string{"广东省"}},
	{"CN", "浙江", "Zhejiang", []string{"浙江省"}},
	{"CN", "江苏", "Jiangsu", []string{"江苏省"}},
}

// Subregions are the parts of one country briefs name by a group of its
// provinces or cities ("江浙沪", "珠三角", "北上广深", "the Pearl River
// Delta"): like a state, one reads as its country and is never filtered
// itself. Names shared with a region of several countries ("东北亚") or a
// cuisine ("川渝") are left out.
var Subregions = []City{
	{"CN", "江浙沪", "Jiangsu, Zhejiang & Shanghai", []string{"江浙沪地区", "江浙沪一带", "苏浙沪", "江浙"}},
	{"CN", "长三角", "Yangtze River Delta", []string{"长三角地区", "长江三角洲"}},
	{"CN", "珠三角", "Pearl River Delta", []string{"珠三角地区", "珠江三角洲"}},
	{"CN", "华东", "East China", []string{"华东地区"}},
	{"CN", "华南", "South China", []string{"华南地区"}},
	{"CN", "华北", "North China", []string{"华北地区"}},
	{"CN", "华中", "Central China", []string{"华中地区"}},
	{"CN", "西南地区", "Southwest China", nil},
	{"CN", "京津冀", "Beijing-Tianjin-Hebei", nil},
	{"CN", "北上广深", "Beijing, Shanghai, Guangzhou & Shenzhen", []string{"北上广"}},
	// The census regions and named parts of the United States ("the
	// Midwest", "New England": the latter before "England" is read as
	// the United Kingdom). "West Coast" / "the South" are left out: they
	// name parts of other countries as often.
	{"US", "美国中西部", "Midwest", []string{"the Midwest", "Midwestern", "American Midwest", "US Midwest"}},
	{"US", "新英格兰", "New England", []string{"新英格兰地区"}},
	{"US", "太平洋西北", "Pacific Northwest", []string{"太平洋西北地区", "PNW"}},
	{"FR", "法兰西岛", "Île-de-France", []string{"法兰西岛大区", "Ile-de-France", "Ile de France", "Île de France", "巴黎大区"}},
	{"FR", "普罗旺斯", "Provence", []string{"普罗旺斯地区"}},
	{"JP", "关东地区", "Kanto", []string{"Kantō", "Kanto region", "关东一带"}},
	{"JP", "关西地区", "Kansai", []string{"Kansai region", "关西一带"}},
	{"ES", "加泰罗尼亚", "Catalonia", []string{"Catalunya", "Cataluña"}},
	{"ES", "安达卢西亚", "Andalusia", []string{"Andalucía", "Andalucia"}},
}
