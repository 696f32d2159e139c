package router

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/textnorm"
)

// normText is an input after normalisation, with a map back to the
// original bytes so that slots which keep the user's spelling (URLs,
// keywords) can be cut from the original text.
type normText struct {
	s    string
	orig string
	// off[i] is the byte offset in orig of the rune that produced byte i of
	// s; off[len(s)] == len(orig).
	off []int32
}

// origSpan returns the original text behind the normalised span [a, b).
func (n *normText) origSpan(a, b int) string {
	if a < 0 || b > len(n.s) || a >= b {
		return ""
	}
	if o := n.orig[n.off[a]:n.off[b]]; n.s[a] != ' ' && n.s[b-1] != ' ' && (b == len(n.s) || utf8.RuneStart(n.s[b])) {
		// No space begins or ends it: a space folds to one, and none is
		// dropped after other text.
		return o
	}
	return strings.TrimSpace(n.orig[n.off[a]:n.off[b]])
}

// Normalize folds text the way the router matches it: full-width forms to
// ASCII, case folding, traditional Chinese characters to simplified ones
// (a table of the characters our vocabularies use), Greek and Cyrillic
// letters drawn like Latin ones in a word or text written in Latin
// letters to those Latin letters ("іgnоrе" with Cyrillic і, о, е; see
// lookalikeFolds: Russian and Greek text keep theirs), typographic
// punctuation to ASCII, control and zero-width characters and invalid
// UTF-8 bytes to spaces, and runs of white space to one space. It is the
// function spec terms are compiled with, exported for tools that want to
// show what the router saw.
func Normalize(s string) string {
	for i := 0; i < len(s); i++ {
		// Not printable lower-case ASCII, a digit (leetspeak, unleet) or
		// a space to drop: fold.
		if c := s[i]; c < ' ' || c > '~' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' ') {
			b, _, _ := appendNormalized(nil, nil, s)
			return string(b)
		}
	}
	return s
}

func normalize(s string) normText {
	b, off, _ := appendNormalized(nil, nil, s)
	return normText{s: string(b), orig: s, off: off}
}

// appendNormalized appends the normal form of s to b and, for each byte
// it appends, the offset in s of the rune that produced it to off, then
// one more offset: the end of that last rune (see normText.off). invalid
// reports whether s is not valid UTF-8.
func appendNormalized(b []byte, off []int32, s string) (_ []byte, _ []int32, invalid bool) {
	base := len(b)
	space := true // a leading space is dropped
	look := lookalikeFolds(s)
	for i, r := range s {
		// An invalid byte decodes as U+FFFD, which is three bytes.
		invalid = invalid || r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD")
		f := foldRune(r)
		if look[i] {
			f = lookalikeLatin[r]
		}
		if f == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		if f == 0 {
			continue
		}
		n := len(b)
		b = utf8.AppendRune(b, f)
		for range len(b) - n {
			off = append(off, int32(i))
		}
	}
	if len(b) > base && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
		off = off[:len(off)-1]
	}
	unleet(b[base:])
	end := int32(len(s))
	if len(b) > base {
		last := off[len(off)-1]
		_, size := utf8.DecodeRuneInString(s[last:])
		end = last + int32(size)
	}
	return b, append(off, end), invalid
}

// foldRune maps one rune to its matching form; 0 means drop it.
func foldRune(r rune) rune {
	switch {
	case r < utf8.RuneSelf:
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		if r == '\t' {
			return ' '
		}
		return r
	case r >= cjkLo && r <= cjkHi:
		// No space, control, format or punctuation rune lies in the CJK
		// block: only traditional characters change.
		if tradBits[(r-cjkLo)>>6]&(1<<(r&63)) != 0 {
			return tradToSimp[r]
		}
		// Any other traditional character folds as the condition reading
		// folds it (OpenCC's table), so a 繁體 follow-up reads as the
		// same words in a first search do.
		return textnorm.SimplifyRune(r)
	case r == utf8.RuneError:
		return ' '
	case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII
		return foldRune(r - 0xFEE0)
	case r == 0x3000 || unicode.IsSpace(r):
		return ' '
	case r == 0x200B || r == 0x200C || r == 0x200D || r == 0xFEFF || r == 0x2060:
		return 0
	}
	switch r {
	case '。', '｡':
		return '.'
	case '､':
		return '、'
	case '“', '”', '「', '」', '『', '』', '《', '》':
		return '"'
	case '‘', '’':
		return '\''
	case '—', '–', '－', '〜':
		return '-'
	}
	if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
		return ' '
	}
	return unicode.ToLower(r)
}

// tradToSimp maps the traditional characters that occur in the router's
// vocabularies (and a few hundred common ones) to their simplified forms.
// It is not a full converter: "where cheap" (issue 3).
var tradToSimp = buildTradTable(
	"國国後后隻只萬万與与專专業业東东絲丝兩两嚴严個个豐丰為为麗丽舉举麼么義义烏乌樂乐喬乔習习鄉乡書书買买亂乱爭争於于虧亏雲云亞亚產产畝亩親亲億亿僅仅從从侖仑倉仓儀仪們们價价眾众優优會会傘伞偉伟傳传傷伤倫伦偽伪體体餘余傭佣僉佥俠侠侶侣僥侥偵侦側侧僑侨儈侩儕侪儂侬俁俣儔俦儼俨倆俩儷俪儉俭債债傾倾僂偻僨偾償偿儻傥儐傧儲储儺傩兒儿兌兑黨党蘭兰關关興兴茲兹養养獸兽內内岡冈冊册寫写軍军農农塚冢馮冯衝冲決决況况凍冻淨净涼凉減减湊凑凜凛幾几鳳凤處处鳧凫憑凭凱凯擊击鑿凿芻刍劃划劉刘則则剛刚創创刪删別别剗刬剄刭劊刽劌刿剴剀劑剂剮剐劍剑剝剥劇剧勸劝辦办務务勱劢動动勵励勁劲勞劳勢势勛勋勝胜匯汇匱匮區区醫医華华協协單单賣卖盧卢鹵卤衛卫卻却廠厂廳厅曆历厲厉壓压厭厌厙厍廁厕廂厢厴厣廈厦廚厨廄厩廝厮縣县參参雙双發发變变敘叙疊叠葉叶號号嘆叹嘰叽嚇吓呂吕嗎吗啟启吳吴嘸呒囈呓嘔呕嚦呖唄呗員员咼呙嗆呛嗚呜詠咏嚨咙嚀咛噝咝響响啞哑噠哒嘵哓嗶哔噦哕嘩哗噲哙嚌哜噥哝喲哟嘮唠鍾钟團团園园圍围圖图圓圆聖圣場场壞坏塊块堅坚壇坛壩坝塢坞墳坟墜坠壟垄壘垒墾垦堊垩執执報报場场壺壶壽寿夠够夢梦頭头誇夸夾夹奪夺奮奋獎奖奧奥妝妆婦妇媽妈嫵妩嫗妪姍姗薑姜婁娄婭娅嬈娆嬌娇孌娈娛娱媧娲嫻娴嬰婴嬋婵嬸婶媼媪嬡嫒嬪嫔嬙嫱嬤嬷孫孙學学孿孪寧宁寶宝實实寵宠審审憲宪宮宫寬宽賓宾寢寝對对尋寻導导壽寿將将爾尔塵尘嘗尝堯尧尷尴屍尸盡尽層层屓屃屜屉屆届屬属屢屡屨屦嶼屿歲岁豈岂嶇岖崗岗峴岘嶴岙嵐岚島岛嶺岭崠岽巋岿嶧峄峽峡嶢峣嶠峤崢峥巒峦嶗崂崍崃嶮崄嶄崭嶸嵘嶁嵝巔巅鞏巩幣币帥帅師师幃帏帳帐簾帘幟帜帶带幀帧幫帮幬帱幗帼幘帻乾干並并廣广莊庄慶庆廬庐廡庑庫库應应廟庙龐庞廢废開开異异棄弃張张彌弥彎弯彈弹強强歸归當当錄录彙汇彥彦徹彻徑径徠徕憶忆懺忏憂忧愾忾懷怀態态慫怂憮怃慪怄悵怅愴怆憐怜總总懟怼懌怿戀恋懇恳惡恶慟恸懨恹愷恺惻恻惱恼惲恽悅悦懸悬慳悭悞误驚惊懼惧慘惨懲惩憊惫愜惬慚惭憚惮慣惯慍愠憤愤憒愦願愿懾慑戇戆戔戋戲戏戧戗戰战戩戬戶户撲扑執执擴扩捫扪掃扫揚扬擾扰撫抚拋抛摶抟摳抠掄抡搶抢護护報报擔担擬拟攏拢揀拣擁拥攔拦擰拧撥拨擇择掛挂摯挚攣挛掗挜撾挝撻挞挾挟撓挠擋挡撟挢掙挣擠挤揮挥撏挦撈捞損损撿捡換换搗捣據据擄掳摑掴擲掷撣掸摻掺摜掼攬揽搵揾撳揿攙搀擱搁摟搂攪搅攜携攝摄攄摅擺摆搖摇擯摈攤摊攖撄撐撑攆撵擷撷擼撸攛撺擻擞敵敌斂敛數数齋斋斕斓鬥斗斬斩斷断無无舊旧時时曠旷暘旸曇昙晝昼顯显晉晋曬晒曉晓曄晔暈晕暉晖暫暂曖暧術术樸朴機机殺杀雜杂權权條条來来楊杨榪杩傑杰極极構构樅枞樞枢棗枣櫪枥梘枧棖枨槍枪楓枫梟枭櫃柜檸柠檉柽梔栀柵栅標标棧栈櫛栉櫳栊棟栋櫨栌櫟栎欄栏樹树棲栖樣样欒栾棬桊椏桠橈桡楨桢檔档榿桤橋桥樺桦檜桧槳桨樁桩夢梦檢检欞棂槨椁櫝椟槧椠槶椢樓楼欖榄櫬榇櫚榈櫸榉檟槚檻槛櫥橱櫧槠櫓橹歡欢歐欧殲歼殤殇殘残殞殒殮殓殫殚殯殡毆殴毀毁轂毂畢毕斃毙氈毡毿毵氌氇氣气氫氢氬氩氳氲漢汉湯汤洶汹溝沟沒没灃沣漚沤瀝沥淪沦滄沧潙沩滬沪濼泺瀉泻潑泼澤泽涇泾潔洁灑洒窪洼浹浃淺浅漿浆澆浇湞浈濁浊測测澮浍濟济瀏浏渾浑滸浒濃浓潯浔濤涛澇涝漲涨澀涩漁渔淵渊漬渍漸渐瀆渎瀅滢澠渑漵溆灕漓瀾澜灘滩澱淀瀟潇瀨濑瀕濒灣湾灤滦灩滟燈灯靈灵災灾燦灿煬炀爐炉燉炖煒炜熗炝點点煉炼熾炽爍烁爛烂烴烃燭烛煙烟煩烦燒烧燁烨燴烩燙烫燼烬熱热煥焕燜焖燾焘愛爱爺爷牘牍犛牦牽牵犧牺犢犊狀状獷犷獁犸猶犹狽狈獮狝獰狞獨独狹狭獅狮獪狯猙狰獄狱猻狲獫猃獵猎獼猕玀猡豬猪貓猫蝟猬獻献獺獭璣玑瑪玛瑋玮環环現现瑲玱璽玺琺珐瓏珑璫珰琿珲璉琏瑣琐瓊琼瑤瑶璦瑷瓔璎瓚瓒甌瓯電电畫画暢畅疇畴癤疖療疗瘧疟癘疠瘍疡癧疬瘡疮瘋疯皰疱痾疴癰痈痙痉癢痒瘂痖癆痨瘓痪癇痫癡痴癮瘾瘞瘗瘺瘘癱瘫癟瘪癩癞癬癣皚皑皺皱盞盏鹽盐監监蓋盖盜盗盤盘睞睐瞼睑瞞瞒矚瞩矯矫磯矶礬矾礦矿碭砀碼码磚砖硨砗硯砚碸砜確确礎础礙碍磧碛磣碜禮礼禍祸禎祯禱祷禪禅離离禿秃稈秆種种積积稱称穢秽穠秾穩稳穡穑窮穷竊窃竅窍竄窜窩窝窺窥竇窦競竞筆笔筍笋筧笕箋笺籠笼箏筝節节範范築筑篋箧籌筹簽签簡简籃篮籬篱類类糧粮糲粝粵粤糞粪糾纠紀纪紂纣約约紅红紆纡紇纥紈纨紉纫紋纹納纳紐纽紓纾純纯紕纰紗纱紙纸級级紛纷紜纭紡纺緊紧細细紳绅紹绍紺绀終终組组絆绊紼绋絀绌結结絕绝絞绞絡络絢绚給给絨绒統统絹绢綁绑綏绥經经綜综綠绿綴缀網网綱纲綵彩綸纶維维綿绵緒绪緝缉緞缎締缔緣缘編编緩缓緯纬練练縈萦縛缚縝缜縫缝縮缩縱纵繁繁繃绷織织繕缮繞绕繡绣繩绳繪绘繫系繳缴繼继續续纏缠纓缨纖纤纘缵罈坛罰罚罵骂羅罗羆罴羈羁羥羟義义習习翹翘聞闻聯联聰聪聲声聳耸職职聽听肅肃脅胁脈脉脛胫脫脱脹胀腎肾腫肿腦脑腸肠膚肤膠胶臉脸臘腊臚胪臟脏臠脔臨临舉举艙舱艦舰艱艰艷艳蘆芦蕪芜蘋苹蘇苏蕭萧蒼苍薦荐萊莱蓮莲獲获蒞莅營营蕭萧薩萨藍蓝蔣蒋蔔卜藝艺藥药蘊蕴蟲虫蝦虾蠣蛎蠟蜡蠅蝇蟬蝉蠍蝎螞蚂衊蔑術术補补裝装製制複复褲裤褸褛襪袜襯衬襲袭見见規规覓觅視视覘觇覽览覺觉觀观觸触訂订計计認认討讨讓让訓训議议訊讯記记講讲諱讳謳讴許许論论設设訪访證证詞词評评詛诅識识詐诈訴诉診诊詆诋註注詠咏詢询試试詩诗誠诚話话誕诞詭诡詢询該该詳详語语誤误說说誦诵請请諸诸諾诺讀读誰谁課课調调談谈諒谅謀谋諜谍謊谎謎谜謝谢謠谣謹谨譜谱護护譯译變变讚赞貝贝負负貢贡財财責责賢贤敗败賬账貨货質质販贩貪贪貧贫購购貯贮貫贯費费貼贴貴贵貸贷貿贸資资賈贾賞赏賠赔賜赐贊赞贈赠賴赖贏赢趕赶趙赵趨趋躍跃踐践蹤踪軀躯車车軌轨軒轩軟软轉转輪轮較较載载輕轻輔辅輛辆輝辉輩辈輸输轄辖辯辩辭辞邊边遷迁過过運运還还這这進进遠远違违連连遲迟適适選选遞递遺遗邏逻郵邮鄰邻醜丑釀酿釋释裡里鑑鉴針针釣钓鈕钮鈴铃鉛铅銀银銷销鋒锋鋪铺錢钱錯错鍵键鏡镜鐘钟鐵铁鑰钥長长門门閃闪閉闭問问閑闲間间閱阅闊阔闖闯隊队陽阳陰阴陣阵際际陸陆險险隨随隱隐難难雞鸡離离電电霧雾靜静韓韩頁页頂顶項项順顺須须預预頑顽頒颁頓顿領领頻频題题額额顏颜願愿類类顧顾風风飛飞飯饭飲饮餅饼館馆馬马駕驾騎骑驗验驚惊骯肮體体髮发鬆松魚鱼鳥鸟鳴鸣鴨鸭鵝鹅麥麦黃黄齊齐齒齿龍龙龜龟啟启臺台颱台網网頻频訂订閱阅粉粉僵僵屍尸賬账戶户擊击讚赞覽览觀观廣广告告戲戏遊游紅红網网頁页鏈链錨锚鬆松寬宽縮缩嚴严舊旧換换檔档簡简介介詢询類类標标籤签稱称繫系號号碼码舉举篩筛濾滤",
)

const cjkLo, cjkHi = 0x3400, 0x9FFF

// tradBits marks the runes of tradToSimp (bit r&63 of word (r-cjkLo)>>6),
// so that the usual rune costs a bit test instead of a map look-up.
var tradBits = func() (t [(cjkHi-cjkLo)/64 + 2]uint64) {
	for r := range tradToSimp {
		if r >= cjkLo && r <= cjkHi {
			t[(r-cjkLo)>>6] |= 1 << (r & 63)
		}
	}
	return t
}()

func buildTradTable(pairs string) map[rune]rune {
	rs := []rune(pairs)
	m := make(map[rune]rune, len(rs)/2)
	for i := 0; i+1 < len(rs); i += 2 {
		if rs[i] != rs[i+1] {
			m[rs[i]] = rs[i+1]
		}
	}
	return m
}

// leetLetters are the digits leetspeak writes for letters.
var leetLetters = [10]byte{0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't'}

// unleet rewrites, in place, the Latin words of b written in leetspeak
// ("f0ll0w3rs", "1gn0r3", "ch34p") with the letters their digits stand
// for, so that a guard cue reads the same spelled either way. A word is
// leetspeak when every digit in it stands for a letter (0 1 3 4 5 7) and
// a digit sits between two letters; counts and names keep their digits
// ("5k", "ps5", "1st", "k8s", "mp4"), and "sub4sub", "f4f" keep their
// "for". Each byte stays one byte, so offsets hold.
func unleet(b []byte) {
	isLetter := func(c byte) bool { return 'a' <= c && c <= 'z' }
	isDigit := func(c byte) bool { return '0' <= c && c <= '9' }
	for i := 0; i < len(b); {
		if !isLetter(b[i]) && !isDigit(b[i]) {
			i++
			continue
		}
		j := i
		for j < len(b) && (isLetter(b[j]) || isDigit(b[j])) {
			j++
		}
		if w := b[i:j]; leetWord(w, isLetter, isDigit) {
			for k, c := range w {
				if isDigit(c) {
					w[k] = leetLetters[c-'0']
				}
			}
		}
		i = j
	}
}

// leetWord reports a word written in leetspeak (see unleet).
func leetWord(w []byte, isLetter, isDigit func(byte) bool) bool {
	interior, letters := false, 0
	for k, c := range w {
		switch {
		case isLetter(c):
			letters++
		case leetLetters[c-'0'] == 0:
			return false // 2, 6, 8, 9 stand for no letter
		case k > 0 && isLetter(w[k-1]):
			// a digit run between letters: "f0ll", "ch34p"
			e := k
			for e < len(w) && isDigit(w[e]) {
				e++
			}
			interior = interior || e < len(w)
		}
	}
	if !interior || letters < 2 {
		return false
	}
	// "sub4sub", "f4f", "like4like": the same word either side of a 4.
	if l, r, ok := strings.Cut(string(w), "4"); ok && l == r {
		return false
	}
	return true
}
