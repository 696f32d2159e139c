package condparse

import (
	"searchagent/tools/condition"
)

// habitBrackets drops the quote claims of a text whose brackets are the
// writer's habit, not a mark (audit 38, X1): when one bracketed span
// ("「粉丝1万以上」", "「芬兰」", "\"20k+ followers\"") reads, on its own,
// as conditions and nothing else, the brackets are emphasis, so every
// bracketed span of the text is read like unbracketed text: a country,
// count, window or language inside is that condition, and a topic inside
// ranks as any unmarked topic does. A span after a marking cue ("must
// mention 'X'", "关键词「X」", "必须"), a title holding a condition word
// among others ("“美国队长”") and the quotes of a text that brackets only
// topics stay marked keywords, as the seed's "keywords the user marked"
// are.
func (st *state) habitBrackets(cs []claim) []claim {
	habit := false
	for _, c := range cs {
		if c.kind == tkQuote && st.bracketsCondition(c) {
			habit = true
			break
		}
	}
	if !habit {
		return cs
	}
	out := cs[:0]
	for _, c := range cs {
		if c.kind == tkQuote && !st.markedQuote(c) {
			// the brackets read as the space they stand for: "的「桑拿」「冷水浴」博主"
			// is "的 桑拿 冷水浴 博主", its topics ranked as unbracketed ones
			st.t.norm[c.s], st.t.norm[c.e-1] = ' ', ' '
			continue
		}
		out = append(out, c)
	}
	return out
}

// bracketsCondition reports a bracketed span whose words, read alone,
// are conditions and nothing else: every word of it is part of a
// condition, none a keyword, and one of them is a condition of a field
// other than the category (a bracketed category word alone is a topic
// the writer may mark: "\"美妆\"" keeps its quotes' reading). "“美国队长”"
// is no condition: 队长 is left over.
func (st *state) bracketsCondition(c claim) bool {
	if c.e-c.s < 3 {
		return false
	}
	sub := analyze(st.lx, st.cfg, string(st.t.orig[c.s+1:c.e-1]), nil)
	for _, tk := range sub.toks {
		if tk.kind != tkSpace && tk.kind != tkPunct && tk.role != roleCond {
			return false
		}
	}
	field := false
	for _, pc := range sub.conds {
		if pc.c.Kind == condition.KindKeyword {
			return false
		}
		field = field || pc.c.Field != condition.Category
	}
	return field
}

// markedQuote reports a quote the writer marked as a required word: a
// marking cue right before it ("must mention", "关键词", "必须").
func (st *state) markedQuote(c claim) bool {
	before := string(st.t.norm[:c.s])
	return singleQuoteCue.MatchString(before) || mustBeforeQuote.MatchString(before)
}

// mustBeforeQuote ends the words before a quote the writer requires:
// "must", "only", "必须", "一定要".
var mustBeforeQuote = mustRx(`(?i)(?:\bmust(?:\s+(?:be|have|do|cover|post))?|\bonly|\brequired?|必须(?:是|有|做|发)?|一定要(?:是|有|做)?|只要|只找)\s*[:：]?\s*$`)
