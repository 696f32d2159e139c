package condparse

import (
	"strings"
	"unicode"

	"searchagent/tools/condition"
)

// A language that channels teach (audit 30, class 5): 教英语的频道, 学韩语的
// 博主, 英语口语课, "channels that teach Spanish", "learn French accounts",
// "Japanese lessons". What is taught is the channels' topic, not the
// language they speak (a channel that teaches English to Indonesians
// speaks Indonesian): the reading is the education category plus the
// taught language as a ranking term with its verb ("教英语", "teach
// Spanish"), never a language (or country) filter.

// teachBefore are the words before a language that say it is taught or
// learnt; teachAfter the words after it that do ("Spanish lessons",
// 英语课).
var (
	teachBefore = []string{"教", "教学", "学", "学习", "自学", "教你", "教大家", "练", "练习",
		"teach", "teaches", "teaching", "learn", "learns", "learning", "study", "studying", "practice", "practise", "practicing",
		"lessons in", "classes in", "courses in", "tutoring in", "learn to speak", "teach you", "teaching you", "learners of"}
	teachAfter = []string{"教学", "课程", "课", "老师", "教程", "学习", "培训", "口语", "语法", "单词", "考试", "入门", "辅导",
		"lessons", "lesson", "classes", "class", "courses", "course", "tutor", "tutors", "tutoring", "teacher", "teachers",
		"teaching", "learning", "learners", "grammar", "vocabulary", "vocab", "exam", "exams", "practice", "pronunciation"}
)

// taughtLanguages reads a taught language (see above).
func (st *state) taughtLanguages() {
	defer st.taughtTopics()
	taught := map[int]bool{} // token indexes of the languages read as taught
	for again := true; again; {
		again = false
		for _, pc := range st.conds {
			if st.taughtLanguage(pc, taught) {
				again = true
			}
		}
	}
}

// taughtLanguage reads pc as a taught language when a teaching word is
// said beside it, or when it is listed right after one ("teaching Spanish
// or English", 教英语和日语), and records its token in taught.
func (st *state) taughtLanguage(pc *pcond, taught map[int]bool) bool {
	{
		if pc.dropped || pc.neg || pc.c.Field != condition.Language && pc.c.Field != condition.Country {
			return false
		}
		k := st.tokenAt(pc.s, true)
		if k < 0 || st.toks[k].has(clsLanguage) == nil || st.toks[k].e != pc.e {
			return false // one language word alone ("英语", "Spanish"), never a list
		}
		ms, me := st.teachMark(pc.s, pc.e)
		if ms < 0 {
			if p := st.prevSig(k); p >= 0 && st.listGlue(p) && taught[st.prevSig(p)] {
				ms, me = pc.s, pc.e // listed after a taught language
			} else {
				return false
			}
		}
		taught[k] = true
		pc.dropped = true
		st.tokCond[k] = 0
		s, e := min(ms, pc.s), max(me, pc.e)
		for j := range st.toks {
			if st.toks[j].s >= s && st.toks[j].e <= e && st.toks[j].kind != tkSpace && j != k && st.toks[j].role == roleNone {
				st.toks[j].role = roleFiller
			}
		}
		edu := st.vocabCond(condition.Category, []string{"education"}, 0)
		edu.topic = true
		st.add(edu, k, k)
		term := rankingTerm(StringValue(strings.TrimSpace(string(st.t.orig[s:e]))))
		term.s, term.e, term.topicTerm = s, e, true
		st.conds = append(st.conds, term)
		st.sig.Category = true
	}
	return true
}

// taughtTopics reads a taught language another rule already made the
// content's topic ("German lessons channels": the words rank): the
// education category joins it.
func (st *state) taughtTopics() {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.kind != tkLex || tk.neg != 0 || tk.role != roleContent || tk.has(clsLanguage) == nil {
			continue
		}
		if ms, _ := st.teachMark(tk.s, tk.e); ms < 0 {
			continue
		}
		edu := st.vocabCond(condition.Category, []string{"education"}, 0)
		edu.topic = true
		edu.s, edu.e = tk.s, tk.e
		st.conds = append(st.conds, edu)
		st.sig.Category = true
	}
}

// teachMark returns the rune range of a teaching word right before [s, e)
// (teachBefore) or right after it (teachAfter), or -1, -1.
func (st *state) teachMark(s, e int) (int, int) {
	norm := st.t.norm
	latin := func(r rune) bool { return r < 0x80 && (unicode.IsLetter(r) || r == '\'') }
	// before: skip spaces (and 的 between the verb and a zh language is no
	// part of this shape)
	b := s
	for b > 0 && norm[b-1] == ' ' {
		b--
	}
	for _, w := range teachBefore {
		rw := []rune(w)
		if b-len(rw) < 0 || string(norm[b-len(rw):b]) != w {
			continue
		}
		if latin(rw[0]) && b-len(rw) > 0 && latin(norm[b-len(rw)-1]) {
			continue // the tail of a longer word ("unlearn")
		}
		return b - len(rw), b
	}
	if w := strings.ToLower(string(norm[s:e])); strings.HasSuffix(w, "speaking") || strings.HasSuffix(w, "speakers") || strings.HasSuffix(w, "speaker") {
		// "English-speaking teachers": who speaks it, not what is taught
		return -1, -1
	}
	a := e
	for a < len(norm) && norm[a] == ' ' {
		a++
	}
	for _, w := range teachAfter {
		rw := []rune(w)
		if a+len(rw) > len(norm) || string(norm[a:a+len(rw)]) != w {
			continue
		}
		if latin(rw[len(rw)-1]) && a+len(rw) < len(norm) && latin(norm[a+len(rw)]) {
			continue
		}
		return a, a + len(rw)
	}
	return -1, -1
}
