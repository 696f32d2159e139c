package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
)

// Parents named as the creators (audit 26, class 5): "UK mums", "mum
// bloggers", "dad vloggers", 宝妈博主, 奶爸 make family content, so alone
// they are the family category (weak, as a subtopic's: a category named
// in words of its own wins) and rank by the word. Right after a topic
// they are that topic's person noun ("dog moms", "plant parents": pets
// and plants, ranked as one term, lexEntry.kind), and in a description
// of the audience they say who watches ("their audience is mostly moms"),
// never what the channels are about.

// parentNouns name the creators as parents.
var parentNouns = []string{"mum", "mums", "mom", "moms", "mommy", "mommies", "mummy", "mummies", "dad", "dads", "daddy",
	"parent", "parents", "宝妈", "宝爸", "奶爸", "辣妈", "新手妈妈", "新手爸爸", "新手爸妈"}

// parentsAlone reads each parent noun standing for the creators.
func (st *state) parentsAlone() {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.kind != tkLex && tk.kind != tkWord || tk.neg != 0 || tk.role == roleCond || tk.frameWord || !slices.Contains(parentNouns, st.tokText(k)) {
			continue
		}
		creator := tk.has(clsCreator) != nil
		if n := st.skipSpace(k + 1); !creator && n < len(st.toks) && st.toks[n].kind == tkLex && (st.toks[n].has(clsCreator) != nil || st.toks[n].has(clsCreatorPlatform) != nil) {
			creator = true // "mum bloggers", "dad vloggers"
		}
		if st.tok(k-1).kind == tkCJK || st.tok(k+1).kind == tkCJK {
			continue // "宝妈党": glued to a rune it is another word (keepCompounds)
		}
		if !creator || st.afterTopic(k) {
			continue
		}
		if st.inAudience(k) {
			tk.role = roleContent // who watches ranks, as 受众是宝妈 does
			continue
		}
		pc := st.vocabCond(condition.Category, []string{"family"}, 0)
		pc.topic = true
		term := rankingTerm(StringValue(string(st.t.orig[tk.s:tk.e])))
		term.s, term.e, term.topicTerm = tk.s, tk.e, true
		st.conds = append(st.conds, term)
		st.add(pc, k, k)
		pc.weak = true
		st.sig.Category = true
	}
}

// afterTopic reports a category or subtopic word right before token k
// ("dog moms", "plant parents", "宠物宝妈").
func (st *state) afterTopic(k int) bool {
	p := k - 1
	if p >= 0 && st.toks[p].kind == tkSpace && st.plainSpace(p) {
		p--
	}
	return p >= 0 && st.toks[p].kind == tkLex && (st.toks[p].has(clsTopic) != nil || st.toks[p].has(clsCategory) != nil)
}

// inAudience reports a token inside a description of the audience: after
// an audience frame in its clause, before the 的 that ends it, or right
// before an audience noun ("宝妈受众", "a mom audience").
func (st *state) inAudience(k int) bool {
	if n := st.skipSpace(k + 1); n < len(st.toks) && st.toks[n].kind == tkLex && st.toks[n].has(clsFrame) != nil && audienceFrame(strings.ToLower(st.tokText(n))) {
		return true
	}
	for p := k - 1; p >= 0; p-- {
		tk := &st.toks[p]
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) && st.t.norm[tk.s] != ':' || tk.kind == tkLex && tk.has(clsDe) != nil {
			return false
		}
		if tk.kind == tkLex && tk.has(clsFrame) != nil && audienceFrame(strings.ToLower(st.tokText(p))) {
			return true
		}
	}
	return false
}
