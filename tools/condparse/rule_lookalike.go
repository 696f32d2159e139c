package condparse

import (
	"strings"

	"searchagent/tools/condition"
)

// Leaving out a look or a format (fixN, issue 26 class 4): "drop the ones
// that look like toy unboxing", "skip anything that feels like an ad",
// 看起来像广告的不要, 别要那种看着像带货的. What content resembles is no
// fact the catalog records, and the words of the likeness name a kind of
// video, not the creators' topic: it is a soft preference to avoid it (a
// reference, never a filter), never a category said of the words ("toy"
// is no family search to narrow to), nor an exclusion of every channel
// that mentions them once.

// likeEN and likeZH find an exclusion of what looks like X; the group is
// X, to the clause's end (likeEN) or to the exclusion after it.
var (
	likeEN = mustRx(`(?i)\b(?:drop|skip|exclude|remove|ditch|lose|avoid|filter\s+out|leave\s+out|cut|no|nothing|none|without|not|don'?t\s+(?:want|need|include|show)|do\s+not\s+(?:want|need|include|show)|get\s+rid\s+of)` +
		`(?:\s+(?:the|any|all|of|those|these|that|this|me|us))*(?:\s+(?:ones?|channels?|creators?|accounts?|videos?|content|anything|anyone|stuff|people|influencers|youtubers|kinds?|types?|sorts?))?` +
		`(?:\s+(?:of|that|which|who|whose\s+(?:content|videos|stuff)))*\s+(?:looks?|looking|feels?|feeling|seems?|seeming|sounds?|comes?\s+across|reads?)` +
		`\s+(?:(?:kind|sort)\s+of\s+|a\s+(?:bit|lot)\s+)?(?:like|as\s+if|as\s+though)\s+(?:(?:it'?s|they'?re|it\s+is|they\s+are)\s+)?(?:an?\s+|the\s+|some\s+)?([^,.;!?，。；！？]+)`)
	likeZH = mustRx(`(?:不要|别要|别找|排除|去掉|不考虑)(?:那种|这种|那些|任何)?(?:看起来|看着|看上去|感觉|长得|听起来|显得|好像)(?:像|是)(?:是)?([^，。；！？,;!?\s]{1,12}?)(?:那种|这种|一样|似的|那样|这样)?(?:的)?(?:视频|内容|博主|频道|账号|号)?(?:$|[，。；！？,;!?\s])` +
		`|(?:那种|这种|那些)?(?:看起来|看着|看上去|感觉|长得|听起来|显得|好像|有点)?像(?:是)?([^，。；！？,;!?\s]{1,12}?)(?:那种|这种|一样|似的|那样|这样)?(?:的)?(?:视频|内容|博主|频道|账号|号)?(?:都|就|也)?(?:不要|别要|不考虑|去掉|排除|算了|免了|不行)`)
	// likeEnd ends X where another clause joins it ("… toy unboxing and
	// sort by views", "… an ad, then …"): what follows is said of the
	// search, not of the likeness.
	likeEnd = mustRx(`(?i)\s+(?:and|then|but|also|plus|while|so|&)\s+|\s+(?:sort|order|rank|show|list)\b`)
	// likeTail are the words that close X without being what it is
	// ("toy unboxing ones", "an ad to me").
	likeTail = mustRx(`(?i)(?:\s+(?:ones?|channels?|videos?|content|stuff|vibes?|kind|type|please|pls|to\s+me|too|either|at\s+all))+$`)
	// likePosition is a result named by its position ("像第二个那样"): a
	// rejection of that result (agent/sessionedits.go), no likeness.
	likePosition = mustRx(`(?i)第.{1,3}个|\b(?:first|second|third|fourth|fifth|last|#\d+|\d+(?:st|nd|rd|th))\b`)
)

// lookAlikes reads an exclusion of what looks like X as a soft wish to
// avoid X.
func (st *state) lookAlikes() {
	norm := string(st.t.norm)
	for _, re := range []*rx{likeEN, likeZH} {
		for _, m := range re.FindAllStringSubmatchIndex(norm, -1) {
			xs, xe := -1, -1
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					xs, xe = m[g], m[g+1]
					break
				}
			}
			if xs < 0 {
				continue
			}
			x := norm[xs:xe]
			if loc := likeEnd.FindStringIndex(x); loc != nil {
				xe, m[1] = xs+loc[0], xs+loc[0]
				x = x[:loc[0]]
			}
			if loc := likeTail.FindStringIndex(x); loc != nil {
				xe = xs + loc[0]
				x = x[:loc[0]]
			}
			x = strings.TrimSpace(x)
			if x == "" || likePosition.MatchString(x) {
				continue
			}
			st.lookAlike(st.runeAt(norm, m[0]), st.runeAt(norm, m[1]), st.runeAt(norm, xs), st.runeAt(norm, xe))
		}
	}
}

// runeAt is the rune index of byte offset off of s.
func (st *state) runeAt(s string, off int) int { return len([]rune(s[:off])) }

// lookAlike adds the wish to avoid runes [xs,xe) said in runes [s,e):
// the tokens of the whole statement are the wish's, when no rule took
// one of them already.
func (st *state) lookAlike(s, e, xs, xe int) {
	from, to := -1, -1
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.e <= s || tk.s >= e {
			continue
		}
		if !st.free(k) {
			return
		}
		if from < 0 {
			from = k
		}
		to = k
	}
	for to > from && (st.toks[to].kind == tkSpace || st.toks[to].kind == tkPunct) {
		to--
	}
	if from < 0 || xs >= xe {
		return
	}
	pc := newCond(condition.KindSoft, condition.Preference, condition.OpAvoid, StringValue(strings.TrimSpace(string(st.t.orig[xs:xe]))))
	pc.neg = true
	st.add(pc, from, to)
	pc.s, pc.e = xs, xe
	st.sig.Sentence = true
}
