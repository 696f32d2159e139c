package router

import (
	"strings"
	"unicode/utf8"
)

// The router keeps its own compact vocabularies (it imports nothing of
// the project): ISO 3166-1 alpha-2 countries, ISO 639-1 languages, the
// four platforms and the five keyword scopes. Each line is
// "CODE|name|name|…"; names are matched on normalised text. Demonyms that
// are also language names ("French", "German") are left out of the
// country table so that "French-speaking" is a language, not France.
const countryTable = `US|美国|美國|美区|美區|united states|usa|u.s.|u.s.a.|america|american|the us|the u.s.|us-based|us only|only us|us channels|us creators|us market|stateside
GB|英国|英國|united kingdom|uk|u.k.|britain|great britain|british|england
CA|加拿大|canada|canadian
AU|澳大利亚|澳大利亞|澳洲|australia|australian
NZ|新西兰|紐西蘭|new zealand
IE|爱尔兰|ireland|irish
DE|德国|germany|deutschland
FR|法国|france
ES|西班牙|spain
IT|意大利|義大利|italy
NL|荷兰|netherlands|holland
SE|瑞典|sweden
PL|波兰|poland
PT|葡萄牙|portugal
RU|俄罗斯|russia
UA|乌克兰|ukraine
TR|土耳其|turkey|türkiye
BR|巴西|brazil|brasil|brazilian
MX|墨西哥|mexico|méxico|mexican
AR|阿根廷|argentina
CO|哥伦比亚|colombia
CL|智利|chile
PE|秘鲁|peru
CN|中国|中国大陆|大陆|china|mainland china
TW|台湾|taiwan
HK|香港|hong kong
JP|日本|japan
KR|韩国|南韩|south korea|korea
IN|印度|india|indian
PK|巴基斯坦|pakistan
ID|印度尼西亚|印尼|indonesia
MY|马来西亚|malaysia
SG|新加坡|singapore
TH|泰国|thailand
VN|越南|vietnam|viet nam
PH|菲律宾|philippines
AE|阿联酋|united arab emirates|uae
SA|沙特|沙特阿拉伯|saudi arabia|saudi
EG|埃及|egypt
NG|尼日利亚|nigeria
ZA|南非|south africa
IL|以色列|israel
CH|瑞士|switzerland
AT|奥地利|austria
BE|比利时|belgium
DK|丹麦|denmark
NO|挪威|norway
FI|芬兰|finland
GR|希腊|greece`

const languageTable = `en|英语|英文|english|english-speaking
zh|中文|汉语|华语|普通话|国语|chinese|mandarin
es|西班牙语|西语|spanish|español
pt|葡萄牙语|葡语|portuguese|português
fr|法语|法文|french|français
de|德语|德文|german|deutsch
it|意大利语|italian
ru|俄语|俄文|russian
ja|日语|日文|japanese|日本語
ko|韩语|韩文|korean
hi|印地语|hindi
ar|阿拉伯语|arabic
id|印尼语|indonesian
th|泰语|thai
vi|越南语|vietnamese
tr|土耳其语|turkish
nl|荷兰语|dutch
pl|波兰语|polish`

const platformTable = `youtube|youtube|yt|油管|youtube.com|youtu.be
instagram|instagram|ig|insta|instagram.com
tiktok|tiktok|tik tok|抖音国际版|tiktok.com
x|twitter|推特|x.com|twitter.com`

const scopeTable = `tags|标签|频道标签|tag|tags
name|频道名|频道名称|名称|名字|标题|channel name|channel names|name|names|title|titles
description|简介|频道简介|描述|description|descriptions|bio|about section
content|发布内容|视频内容|内容|content|videos|posts
all|全部来源|所有来源|全部|所有|all sources|everywhere|anywhere`

// vocab is one closed vocabulary: canonical codes and the names that map
// to them.
type vocab struct {
	codes []string
	names map[string]string // normalised name → code
	order []string          // names in table order, for deterministic builds
	// codeRunes is the rune count of each code, maxCodeRunes the largest;
	// maxName is the byte length of the longest name.
	codeRunes    []int
	maxCodeRunes int
	maxName      int
	// boxed holds each code as an interface value, so that a slot value
	// from the vocabulary costs no allocation (strings are immutable).
	boxed map[string]any
}

// box returns code as an interface value, shared when it is one of the
// vocabulary's codes.
func (v *vocab) box(code string) any {
	if v != nil {
		if b, ok := v.boxed[code]; ok {
			return b
		}
	}
	return code
}

// index records the lengths appendAll uses to skip impossible lookups.
func (v *vocab) index() *vocab {
	v.codeRunes = make([]int, len(v.codes))
	for i, c := range v.codes {
		v.codeRunes[i] = utf8.RuneCountInString(c)
		v.maxCodeRunes = max(v.maxCodeRunes, v.codeRunes[i])
	}
	for n := range v.names {
		v.maxName = max(v.maxName, len(n))
	}
	v.boxed = make(map[string]any, len(v.codes))
	for _, c := range v.codes {
		v.boxed[c] = c
	}
	for _, c := range v.names {
		v.boxed[c] = c
	}
	return v
}

func parseVocab(table string, codeIsName bool) *vocab {
	v := &vocab{names: map[string]string{}}
	for _, line := range strings.Split(table, "\n") {
		parts := strings.Split(strings.TrimSpace(line), "|")
		if len(parts) < 2 {
			continue
		}
		code := parts[0]
		v.codes = append(v.codes, code)
		names := parts[1:]
		if codeIsName {
			names = append([]string{code}, names...)
		}
		for _, n := range names {
			k := Normalize(n)
			if _, dup := v.names[k]; k == "" || dup {
				continue
			}
			v.names[k] = code
			v.order = append(v.order, k)
		}
	}
	return v.index()
}

// builtinVocabs are the vocabularies of the typed slots; immutable after
// construction and owned by the snapshot that built them.
type builtinVocabs struct {
	country, language, platform, scope *vocab
}

func newBuiltinVocabs() *builtinVocabs {
	return &builtinVocabs{
		country:  parseVocab(countryTable, false),
		language: parseVocab(languageTable, false),
		platform: parseVocab(platformTable, false),
		scope:    parseVocab(scopeTable, true),
	}
}

func (b *builtinVocabs) forType(t SlotType) *vocab {
	switch t {
	case SlotCountry:
		return b.country
	case SlotLanguage:
		return b.language
	case SlotPlatform:
		return b.platform
	case SlotScope:
		return b.scope
	}
	return nil
}
