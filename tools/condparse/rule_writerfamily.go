package condparse

import (
	"regexp"
	"strings"
)

// The writer's own family said as the frame of a brief (fixT): "As a
// parent of a 6 year old…", "I'm a dad of two", "my son is 8",
// 我是一个宝妈, 我家孩子五岁, 我女儿今年七岁. Who asks is no condition:
// the words are dropped and named, never ranking terms ("parent", "old")
// and never an age of the creators.

// childNouns are the writer's children as a brief names them.
var childNouns = []string{"kid", "kids", "child", "children", "son", "sons", "daughter", "daughters", "boy", "boys", "girl", "girls",
	"toddler", "toddlers", "teen", "teens", "teenager", "teenagers", "baby", "babies", "twins", "little one", "little ones",
	"孩子", "宝宝", "娃", "儿子", "女儿", "闺女", "小孩", "孩子们", "俩娃", "两个娃"}

// writerParents are the words a writer calls themselves a parent by:
// the parent nouns and a few that never name creators.
var writerParents = append([]string{"mother", "father", "mama", "papa", "mommy", "妈妈", "爸爸", "家长", "全职妈妈", "全职爸爸", "二胎妈妈", "二胎宝妈", "二胎宝爸", "宝妈", "宝爸"}, parentNouns...)

func alternation(words []string) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(regexp.QuoteMeta(w))
	}
	return b.String()
}

var (
	numberWord = `(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen)`
	ageWords   = numberWord + `[\s-]*(?:years?|yrs?|months?|mos?)[\s-]*olds?|` + numberWord + `[\s-]*(?:and\s+(?:a\s+)?half\s+)?(?:years?|yrs?)(?:[\s-]*old)?`
	enChild    = `(?:(?:` + ageWords + `)(?:\s+(?:` + alternation(childNouns[:22]) + `))?|(?:` + alternation(childNouns[:22]) + `))`
	enParent   = `(?:` + alternation(writerParents) + `)`
	// enWriterFamily: "as a parent of a 6 year old", "I'm a dad of two",
	// "mom of three here", "my son is 8", "I have a 5-year-old"
	enWriterFamily = mustRx(`(?i)(?:^|[,.;:!?—–-]\s*|\b(?:and|but|so)\s+)(?:` +
		`(?:as\s+)?(?:(?:i'm|i am|im|we're|we are)\s+)?(?:a|an)?\s*(?:(?:proud|busy|single|working|new|first[\s-]time|stay[\s-]at[\s-]home|tired)\s+)*` + enParent + `s?\s+(?:of|to|with)\s+(?:(?:a|an|my|our|two|three|four|\d+|twins)\s+)?(?:` + enChild + `)?(?:\s*(?:and|&|,)\s*(?:a|an)?\s*` + enChild + `)*(?:\s+here)?` +
		`|(?:my|our)\s+(?:` + alternation(childNouns[:22]) + `)\s+(?:is|are|just\s+turned|turned)\s+(?:` + ageWords + `|` + numberWord + `)` +
		`|(?:i|we)\s+(?:have|got)\s+(?:a|an|two|three|\d+)\s+(?:` + ageWords + `)(?:\s+(?:` + alternation(childNouns[:22]) + `))?` +
		`)\b`)
	// enWriterParentAlone: "As a parent, …", "I'm a single mom and …"
	enWriterParentAlone = mustRx(`(?i)(?:^|[,.;:!?]\s*)(?:as\s+(?:a|an)|(?:i'm|i am|im)\s+(?:a|an))\s+(?:(?:proud|busy|single|working|new|first[\s-]time|stay[\s-]at[\s-]home|tired)\s+)*` + enParent + `(?:\s+here)?(?:\s*[,.;:!?—–]|\s+(?:and|looking|searching|trying|who|wanting)\b)`)
	zhAge               = `[0-9一二三四五六七八九十两]+(?:岁半?|个月|周岁)(?:了|多)?`
	// zhWriterFamily: 我是一个宝妈, 我是二胎宝爸, 我家孩子五岁, 我女儿今年七岁,
	// 家里有个三岁的娃
	zhWriterFamily = mustRx(`(?:作为|身为)?(?:我|本人)(?:是|们是)?(?:一个|一名|一位|个)?(?:` + alternation(writerParents) + `)` +
		`|(?:我家|我们家|我的|我)(?:` + alternation(childNouns[22:]) + `)(?:今年|现在|刚|才|刚刚)?(?:满)?` + zhAge +
		`|(?:我|我们)?家(?:里|中)?有(?:个|一个|两个|俩)?` + zhAge + `的?(?:` + alternation(childNouns[22:]) + `)`)
)

// writerFamily frames the writer's family (enWriterFamily,
// zhWriterFamily): every token of it is the brief's frame, dropped and
// named. Run before the counts, so that "a 6 year old" is no figure.
func (st *state) writerFamily() {
	text := string(st.t.norm)
	for _, re := range []*rx{enWriterFamily, enWriterParentAlone, zhWriterFamily} {
		for _, m := range re.FindAllStringIndex(strings.ToLower(text), -1) {
			s, e := len([]rune(text[:m[0]])), len([]rune(text[:m[1]]))
			for k := range st.toks {
				tk := &st.toks[k]
				if tk.s < s || tk.e > e || tk.kind == tkSpace || tk.kind == tkPunct || tk.role != roleNone && tk.role != roleContent {
					continue
				}
				tk.role, tk.frameWord = roleFiller, true
				st.sig.Sentence = true
			}
		}
	}
}
