package condparse

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// A wish about the audience (audit 26, class 3): where the creators'
// followers live, their gender or their age ("粉丝主要在德国", "受众是女性",
// "whose viewers are mostly in Japan", "a mostly male audience") is no
// fact about the creator, and the catalog records no audience at all; so
// the place, language, gender or age said of the audience is never a
// creator filter (no country, no gender word): the words go to Remainder
// as ResidueAudience, and the box names them as not applied. What an
// audience description names that is no such value ("受众是学生党",
// "their audience is mostly moms") still ranks (audienceNouns).

// audienceGlue are the words between an audience noun and what is said
// of it ("粉丝主要在", "viewers are mostly in", "受众集中在", "audience
// skews").
var audienceGlue = map[string]bool{
	"主要": true, "大多": true, "大部分": true, "多": true, "多为": true, "多在": true, "多是": true, "基本": true, "基本上": true,
	"都": true, "都是": true, "都在": true, "集中": true, "集中在": true, "在": true, "来自": true, "是": true, "为": true, "偏": true,
	"偏向": true, "以": true, "主要是": true, "主要在": true, "大多是": true, "大多在": true,
	"mostly": true, "mainly": true, "largely": true, "primarily": true, "predominantly": true, "mostly in": true, "in": true,
	"from": true, "based": true, "based in": true, "located": true, "located in": true, "are": true, "is": true, "of": true,
	"skew": true, "skews": true, "towards": true, "toward": true, "to": true, "the": true, "in the": true, "a": true, "an": true,
	// a wish said of it: "受众要女性为主", "their audience should be in Germany"
	"要": true, "要求": true, "希望": true, "得": true, "最好": true, "最好是": true, "should": true, "should be": true, "be": true,
	"to be": true, "needs to be": true, "ideally": true,
	"must": true, "need": true, "needs": true, "要是": true, "得是": true, "必须": true, "必须是": true, "需要是": true, "应该是": true, "must be": true, "has to be": true, "have to be": true,
}

// audienceAges are the age groups said of an audience ("受众要是成年人",
// "whose audience is of legal drinking age"): a part of its age, which
// the catalog does not record.
var audienceAges = []string{"成年人", "成人", "成年", "18岁以上", "18+", "21+",
	"of legal drinking age", "legal drinking age", "of drinking age", "drinking age", "of legal age", "legal age",
	"adults", "adult", "over 18", "over 21", "18 and over", "21 and over"}

// ageGroupAt returns the last token of an age group (audienceAges)
// starting at token k, or -1.
func (st *state) ageGroupAt(k int) int {
	rest := strings.ToLower(string(st.t.norm[st.toks[k].s:]))
	for _, a := range audienceAges {
		if !strings.HasPrefix(rest, a) {
			continue
		}
		end := st.toks[k].s + utf8.RuneCountInString(a)
		for j := k; j < len(st.toks) && st.toks[j].e <= end; j++ {
			if st.toks[j].e == end && (j+1 >= len(st.toks) || !isLatinWord(a) || st.toks[j+1].kind != tkWord) {
				return j
			}
		}
	}
	return -1
}

// audienceWords are the glue and tail words of an audience wish the
// lexicon knows only from here (filler): "受众集中在", "观众大多是",
// "女性居多".
var audienceWords = []string{"集中", "集中在", "大多", "大多在", "大多是", "大部分", "大部分是", "基本上", "多为", "多在", "多是", "都在",
	"主要在", "主要是", "偏向", "居多", "占多数"}

// isAudienceGlue reports a glue word of an audience wish.
func isAudienceGlue(w string) bool {
	return audienceGlue[w] || slices.Contains(audienceWords, w) && !audienceTails[w]
}

// audienceTails close what is said of the audience ("以女性为主", "女性
// 居多"); they belong to it.
var audienceTails = map[string]bool{"为主": true, "为主的": true, "居多": true, "偏多": true, "占多数": true, "多": true}

// audienceNoun reports a token that names the audience: an audience frame
// ("受众", "whose viewers are", "audience") or a follower word ("粉丝",
// "followers", "fans"), which needs a glue word before its value.
func (st *state) audienceNoun(i int) (ok, needsGlue bool) {
	tk := &st.toks[i]
	if tk.kind != tkLex || tk.role == roleCond {
		return false, false
	}
	w := st.tokText(i)
	switch {
	case tk.has(clsFrame) != nil && audienceFrame(w):
		return true, false
	case w == "粉丝" || w == "followers" || w == "fans" || w == "subscribers" || w == "subs":
		return true, true
	}
	return false, false
}

// audienceValue reports a token that says where the audience is, which
// language it speaks, its gender, or (ageOnly) a part of its age.
func (st *state) audienceValue(k int) (value, age bool) {
	tk := &st.toks[k]
	switch {
	case tk.role == roleCond:
		return false, false
	case tk.kind == tkLex && (tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil || tk.has(clsGender) != nil):
		return true, false
	case st.loneGender(k):
		return true, false
	case tk.kind == tkNum && !tk.num.Unit:
		return false, true
	case tk.kind == tkLex && (tk.has(clsRangeConn) != nil || st.word(k) == "岁" || st.word(k) == "age" || st.word(k) == "aged" || st.word(k) == "years old"):
		return false, true
	}
	return false, false
}

// audienceOrientations say whom the content is made for ("aimed at
// women", "geared towards men"): the frame of an audience wish (the
// lexicon's frame words); the gender after one is the audience's, never
// the creators' (fixQ class 2).
var audienceOrientations = []string{"aimed at", "aimed towards", "aimed toward", "geared toward", "geared towards", "geared to",
	"targeted at", "targeted to", "targeting", "catering to", "tailored to", "tailored for", "oriented toward", "oriented towards",
	"oriented to", "designed for", "made for"}

// orientations reads a gender said as whom the content is for: a gender
// word with the suffix 向 ("女性向", "男生向", "女向") or after an
// orientation (audienceOrientations, or 面向, 针对, 专为 before it: "面向女
// 性的"): a wish about the audience (ResidueAudience), named with its
// frame; 向 is never a ranking term (fixQ class 2).
func (st *state) orientations() {
	for i := 0; i < len(st.toks); i++ {
		tk := &st.toks[i]
		gender := tk.kind == tkLex && tk.has(clsGender) != nil ||
			tk.kind == tkCJK && (st.t.norm[tk.s] == '男' || st.t.norm[tk.s] == '女') && (i == 0 || st.toks[i-1].kind != tkCJK)
		if !gender || !st.free(i) {
			continue
		}
		if n := st.tok(i + 1); n.kind == tkCJK && st.t.norm[n.s] == '向' && st.free(i+1) {
			st.audienceSpan(i, i+1)
			i++
			continue
		}
		p := st.prevSig(i)
		for p >= 0 && st.free(p) && audienceQualifiers[st.tokText(p)] {
			p = st.prevSig(p)
		}
		if p >= 0 && st.free(p) && st.toks[p].kind == tkLex && (slices.Contains(audienceOrientations, st.word(p)) || zhOrientations[st.word(p)]) {
			st.audienceSpan(p, i)
		}
	}
}

// zhOrientations are the Chinese words before whom content is made for
// ("面向女性的", "针对男生的"); the lexicon reads them as filler.
var zhOrientations = map[string]bool{"面向": true, "针对": true, "专为": true}

// audiences marks what is said of the audience as not applied.
func (st *state) audiences() {
	st.orientations()
	for i := 0; i < len(st.toks); i++ {
		ok, needsGlue := st.audienceNoun(i)
		if !ok {
			continue
		}
		if last := st.audienceAfter(i, needsGlue); last > i {
			first := i
			if f := st.audienceBefore(i, needsGlue); f >= 0 {
				// "a male audience in the US": said on both sides
				first = f
			}
			st.audienceSpan(first, last)
			i = last
			continue
		}
		if first := st.audienceBefore(i, needsGlue); first >= 0 {
			st.audienceSpan(first, i)
		}
	}
}

// audienceAfter returns the last token of the values said after the
// audience noun at i ("粉丝主要在德国", "audience is mostly in Germany
// and Austria", "受众18到24岁"), or -1.
func (st *state) audienceAfter(i int, needsGlue bool) int {
	last, glue, value, ageWord := -1, false, false, false
	ages, band := -1, true // band: every number said is an age (under 100)
	for k := i + 1; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			continue
		}
		if tk.kind == tkPunct && st.t.norm[tk.s] != '、' && st.t.norm[tk.s] != '/' || tk.kind == tkLex && tk.has(clsDe) != nil {
			break
		}
		if v, a := st.audienceValue(k); v || a {
			if needsGlue && !glue {
				break
			}
			if v {
				value, last = true, k
			} else {
				ageWord = ageWord || tk.kind == tkLex && tk.has(clsRangeConn) == nil
				band = band && (tk.kind != tkNum || tk.num.Value < 100)
				ages = k
			}
			continue
		}
		if g := st.ageGroupAt(k); g >= 0 && (glue || !needsGlue) {
			value, last, k = true, g, g
			continue
		}
		w := st.tokText(k)
		switch {
		case isAudienceGlue(w) && last < 0 && ages < 0:
			glue = true
		case last >= 0 && (tk.kind == tkPunct || tk.has(clsAnd) != nil):
			// "in Germany or Austria", "德国、奥地利"
		case (last >= 0 || ages >= 0) && audienceTails[w]:
			last = k
			return max(last, ages)
		default:
			k = len(st.toks)
		}
	}
	if ages >= 0 && (ageWord || value && band) {
		// "受众18到24岁", "audience of women 25-34": the age band is the
		// audience's too
		value, last = true, max(last, ages)
	}
	if !value {
		return -1
	}
	return last
}

// audienceQualifiers may stand between an article and what is said
// of the audience before its noun ("a mostly male audience").
var audienceQualifiers = map[string]bool{"a": true, "an": true, "mostly": true, "mainly": true, "largely": true, "primarily": true, "predominantly": true}

// audienceBefore returns the first token of the values said before the
// audience noun at i ("a mostly male audience", "German-speaking
// viewers", "女性粉丝"), or -1. A follower word takes only a gender glued
// to it: "美国粉丝" may be the creators' own country.
func (st *state) audienceBefore(i int, followerWord bool) int {
	if w := strings.ToLower(st.tokText(i)); strings.HasPrefix(w, "whose ") || strings.HasPrefix(w, "who ") || strings.HasPrefix(w, "that ") {
		// "creators in Australia whose audience…": the place before a
		// relative is the creators', never the audience's
		return -1
	}
	first, value := -1, false
	for k := i - 1; k >= 0; k-- {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			if followerWord {
				break
			}
			continue
		}
		if v, _ := st.audienceValue(k); v && (!followerWord || tk.has(clsGender) != nil) {
			first, value = k, true
			continue
		}
		if !followerWord && audienceQualifiers[st.tokText(k)] {
			first = k
			continue
		}
		break
	}
	if !value {
		return -1
	}
	return first
}

// audienceSpan names tokens [from, to] as a wish about the audience.
func (st *state) audienceSpan(from, to int) {
	for k := from; k <= to; k++ {
		st.toks[k].role = roleFiller
		st.toks[k].audience = true
	}
	span := [2]int{st.toks[from].s, st.toks[to].e}
	st.remainder = append(st.remainder, span)
	st.audienceRem = append(st.audienceRem, span)
	st.unsupport = true
}

// audienceTopics reads a subtopic word that describes the audience
// ("their audience is mostly moms 25-34", "受众是宝妈") as plain words:
// who watches is not what the channels are about, so it gives no
// category; it ranks with the words said beside it.
func (st *state) audienceTopics() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkLex || tk.has(clsFrame) == nil || !audienceFrame(st.tokText(i)) {
			continue
		}
		for k := i + 1; k < len(st.toks); k++ {
			n := &st.toks[k]
			if n.kind == tkPunct && isClauseSep(st.t.norm[n.s]) && st.t.norm[n.s] != ':' || n.kind == tkLex && n.has(clsDe) != nil {
				break
			}
			st.undoTopic(k) // keyword material: it ranks as the words said
		}
	}
}
