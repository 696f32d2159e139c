package taxonomy

// UnlistedCountry is a country users name that the Countries vocabulary
// does not have: a search naming one cannot filter by it, and says so.
type UnlistedCountry struct {
	// ZH and EN are its names; Aliases are other spellings (an adjective,
	// a traditional form), matched case-insensitively like the names.
	ZH, EN  string
	Aliases []string
}

// UnlistedCountries are the countries users name that Countries does not
// list (the catalog records no channel there): named in the notice as not
// available as a filter, never a keyword. A name that is also a common
// word or another place ("Georgia", "Chad", "Jersey") is left out, and no
// entry may be a Countries name (taxonomy_test.go holds it).
var UnlistedCountries = []UnlistedCountry{
	{"斯里兰卡", "Sri Lanka", []string{"Sri Lankan", "斯里蘭卡"}},
	{"尼泊尔", "Nepal", []string{"Nepali", "Nepalese", "尼泊爾"}},
	{"不丹", "Bhutan", []string{"Bhutanese"}},
	{"马尔代夫", "Maldives", []string{"馬爾代夫"}},
	{"柬埔寨", "Cambodia", []string{"Cambodian"}},
	{"老挝", "Laos", []string{"Laotian", "寮國", "老撾"}},
	{"缅甸", "Myanmar", []string{"Burma", "Burmese", "緬甸"}},
	{"文莱", "Brunei", []string{"汶萊"}},
	{"蒙古", "Mongolia", []string{"Mongolian", "蒙古国", "蒙古國"}},
	{"阿富汗", "Afghanistan", []string{"Afghan"}},
	{"乌兹别克斯坦", "Uzbekistan", []string{"Uzbek", "烏茲別克"}},
	{"阿塞拜疆", "Azerbaijan", []string{"Azerbaijani"}},
	{"亚美尼亚", "Armenia", []string{"Armenian", "亞美尼亞"}},
	{"卡塔尔", "Qatar", []string{"Qatari", "卡達"}},
	{"阿曼", "Oman", []string{"Omani"}},
	{"巴林", "Bahrain", []string{"Bahraini"}},
	{"黎巴嫩", "Lebanon", []string{"Lebanese"}},
	{"突尼斯", "Tunisia", []string{"Tunisian"}},
	{"利比亚", "Libya", []string{"Libyan", "利比亞"}},
	{"塞内加尔", "Senegal", []string{"Senegalese", "塞內加爾"}},
	{"加纳", "Ghana", []string{"Ghanaian", "迦納", "加納"}},
	{"喀麦隆", "Cameroon", []string{"Cameroonian", "喀麥隆"}},
	{"科特迪瓦", "Ivory Coast", []string{"Côte d'Ivoire", "象牙海岸"}},
	{"坦桑尼亚", "Tanzania", []string{"Tanzanian", "坦尚尼亞"}},
	{"乌干达", "Uganda", []string{"Ugandan", "烏干達"}},
	{"卢旺达", "Rwanda", []string{"Rwandan", "盧旺達"}},
	{"津巴布韦", "Zimbabwe", []string{"Zimbabwean", "辛巴威"}},
	{"赞比亚", "Zambia", []string{"Zambian", "尚比亞"}},
	{"安哥拉", "Angola", []string{"Angolan"}},
	{"莫桑比克", "Mozambique", []string{"莫三比克"}},
	{"玻利维亚", "Bolivia", []string{"Bolivian", "玻利維亞"}},
	{"乌拉圭", "Uruguay", []string{"Uruguayan", "烏拉圭"}},
	{"巴拉圭", "Paraguay", []string{"Paraguayan"}},
	{"巴拿马", "Panama", []string{"Panamanian", "巴拿馬"}},
	{"哥斯达黎加", "Costa Rica", []string{"Costa Rican", "哥斯大黎加"}},
	{"危地马拉", "Guatemala", []string{"Guatemalan", "瓜地馬拉"}},
	{"洪都拉斯", "Honduras", []string{"Honduran", "宏都拉斯"}},
	{"多米尼加", "Dominican Republic", []string{"Dominican"}},
	{"牙买加", "Jamaica", []string{"Jamaican", "牙買加"}},
	{"塞尔维亚", "Serbia", []string{"Serbian", "塞爾維亞"}},
	{"斯洛文尼亚", "Slovenia", []string{"Slovenian", "斯洛維尼亞"}},
	{"爱沙尼亚", "Estonia", []string{"Estonian", "愛沙尼亞"}},
	{"拉脱维亚", "Latvia", []string{"Latvian", "拉脫維亞"}},
	{"立陶宛", "Lithuania", []string{"Lithuanian"}},
	{"卢森堡", "Luxembourg", []string{"盧森堡"}},
	{"马耳他", "Malta", []string{"Maltese", "馬耳他"}},
	{"塞浦路斯", "Cyprus", []string{"Cypriot", "賽普勒斯"}},
	{"摩尔多瓦", "Moldova", []string{"Moldovan", "摩爾多瓦"}},
	{"斐济", "Fiji", []string{"Fijian", "斐濟"}},
}
