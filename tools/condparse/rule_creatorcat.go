package condparse

import (
	"cmp"
	"slices"
	"strings"

	"searchagent/tools/condition"
)

// creatorCategories reads a creator noun that names a category as that
// category (fixL, class L3), as "美妆博主" gives beauty: "indie musicians"
// → music, "chefs" → food, "comedians" → comedy, "乐手" → music. Only a
// noun of a category the taxonomy has counts, only when no other wanted
// category is read (a named category or a subtopic's wins: "gaming
// streamers", "烘焙厨师"), and never inside the writer's own frame or an
// exclusion. The noun stays what it was (a creator noun, or a ranking
// term with what is glued to it: "独立音乐人"); the other words of the
// phrase rank as they did ("indie").
func (st *state) creatorCategories() {
	// the wanted categories read: with one, a creator noun wants none
	// more, and excluding a noun of a wanted category ("cooking
	// channels, no chefs") leaves out a finer kind, never the category
	var wanted []string
	for _, pc := range st.conds {
		if !pc.dropped && !pc.neg && pc.c.Field == condition.Category {
			wanted = append(wanted, pc.c.Value.Codes()...)
		}
	}
	for i := range st.toks {
		tk := &st.toks[i]
		code, onlyExcluded := "", false
		from, to := i, i
		switch tk.kind {
		case tkLex:
			if tk.has(clsCreator) != nil {
				code = creatorNounCategories[st.word(i)]
				if p := st.prevSig(i); skillTitles[st.word(i)] && p >= 0 && st.free(p) && st.tok(p).kind == tkWord {
					// "guitar teachers", "yoga instructors": the skill
					// taught says the topic, the title no category
					code = ""
				}
				if code == "" {
					code = creatorNounCategoriesZh[st.word(i)]
				}
				if code == "" {
					code, onlyExcluded = excludedCreatorNounCategories[st.word(i)], true
				}
			}
		case tkCJK:
			// a Chinese noun lexed as runes or glued to its modifier
			// ("乐手", "独立音乐人"): the noun ends at this token
			for _, noun := range creatorNounsZhLongestFirst {
				c := creatorNounCategoriesZh[noun]
				n := len([]rune(noun))
				if tk.e-n < 0 || string(st.t.norm[tk.e-n:tk.e]) != noun {
					continue
				}
				f := i
				for f > 0 && st.toks[f].s > tk.e-n {
					f--
				}
				if st.toks[f].s == tk.e-n {
					code, from = c, f
					break
				}
			}
		}
		if code == "" || st.governed(from) || st.afterOur(from) {
			continue
		}
		if tk.neg == 2 || st.toks[from].neg == 2 {
			// a hedged exclusion is a soft avoid of the words as typed
			continue
		}
		cue := st.excludeCueBefore(from)
		if cue == -2 {
			continue
		}
		neg := tk.neg != 0 || st.toks[from].neg != 0 || cue >= 0
		if !neg && (onlyExcluded || len(wanted) > 0) || neg && slices.Contains(wanted, code) {
			continue
		}
		free := true
		for k := from; k <= to; k++ {
			if r := st.toks[k].role; r != roleNone && r != roleContent {
				free = false
			}
		}
		if _, ok := st.lx.categories[code]; !ok || !free {
			continue
		}
		if !neg {
			pc := st.vocabCond(condition.Category, []string{code}, 0)
			pc.s, pc.e = st.toks[from].s, st.toks[to].e
			st.conds = append(st.conds, pc)
			st.sig.Category = true
			return
		}
		// "leave out chefs", "不要厨师": the noun's kind is left out
		// (fixW2, class W2), never wanted
		start := from
		if cue >= 0 {
			start = cue
		}
		st.add(st.vocabCond(condition.Category, []string{code}, 1), start, to)
		st.sig.Condition = true
	}
}

// excludeCueBefore returns the exclusion cue right before token i
// ("leave out chefs", "skip the comedians", 不要厨师), an article or
// "any" between them, or -1 (-2: a hedged cue, "maybe avoid chefs").
func (st *state) excludeCueBefore(i int) int {
	p := st.prevSig(i)
	for p >= 0 && excludeCueFillers[strings.ToLower(st.tokText(p))] {
		p = st.prevSig(p)
	}
	if p >= 0 && st.toks[p].has(clsExclude) != nil {
		if h := st.prevSig(p); h >= 0 && st.toks[h].has(clsHedge) != nil {
			// "maybe avoid comedians": a wish, left as it was read
			return -2
		}
		return p
	}
	return -1
}

// excludeCueFillers are the light words an exclusion cue may have before
// its creator noun ("no more of the comedians").
var excludeCueFillers = map[string]bool{"more": true, "of": true, "the": true, "any": true, "those": true, "these": true, "all": true, "all the": true}

// creatorNounCategories are the English creator nouns (clsCreator) that
// name a taxonomy category.
var creatorNounCategories = map[string]string{
	"musician": "music", "musicians": "music", "singers": "music", "singer": "music", "rappers": "music",
	"rapper": "music", "songwriters": "music", "songwriter": "music", "guitarists": "music", "guitarist": "music",
	"pianists": "music", "pianist": "music", "drummers": "music", "djs": "music", "dancers": "music",
	"chefs": "food", "chef": "food", "cooks": "food", "bakers": "food", "baker": "food",
	// the food family's creator nouns (audit 38, X4: "IG foodies")
	"foodies": "food", "foodie": "food",
	"gamers": "gaming", "gamer": "gaming",
	"comedians": "comedy", "comedian": "comedy", "comics": "comedy",
	"photographers": "art", "illustrators": "art", "painters": "art",
	"hikers": "outdoor", "campers": "outdoor", "anglers": "outdoor", "fishermen": "outdoor",
	// a job title that names the category (audit 37, class R5): "math
	// educators", "teachers", "language tutors" (skillTitles). "coaches" names
	// none: beside a fitness word that word gives fitness, else it ranks.
	"educators": "education", "educator": "education", "teachers": "education", "teacher": "education",
	"tutors": "education", "tutor": "education", "instructors": "education", "lecturers": "education",
}

// excludedCreatorNounCategories are the creator nouns that name a
// category only when its kind is left out (fixZ3, class Z5): wanted,
// "travel vloggers" are travel creators and "vloggers" any creators, but
// "skip the vloggers" leaves out the vlog kind (lifestyle, whose alias
// "vlog" is).
var excludedCreatorNounCategories = map[string]string{"vloggers": "lifestyle", "vlogger": "lifestyle"}

// skillTitles are the job titles that name education only bare or after
// a known word ("teachers on YouTube"); after the skill they teach
// ("guitar teachers") the skill is the topic.
var skillTitles = map[string]bool{"teachers": true, "teacher": true, "instructors": true}

// creatorNounCategoriesZh are the Chinese creator nouns that name a
// taxonomy category, matched at the end of a Chinese word ("独立音乐人").
var creatorNounCategoriesZh = map[string]string{
	"乐手": "music", "音乐人": "music", "歌手": "music", "唱作人": "music", "说唱歌手": "music", "吉他手": "music",
	"鼓手": "music", "舞者": "music",
	"厨师": "food", "主厨": "food", "大厨": "food", "烘焙师": "food", "吃货": "food", "美食家": "food",
	"喜剧演员": "comedy", "脱口秀演员": "comedy", "段子手": "comedy",
	"游戏玩家": "gaming", "摄影师": "art", "插画师": "art", "画师": "art",
	"教育博主": "education", "家教": "education", "讲师": "education", "教师": "education",
}

// creatorNounsZhLongestFirst are creatorNounCategoriesZh's nouns, the
// longest first (then in byte order): where two end a word ("说唱歌手",
// "歌手") the longer one is the noun, whatever a map's order.
var creatorNounsZhLongestFirst = func() []string {
	ns := make([]string, 0, len(creatorNounCategoriesZh))
	for n := range creatorNounCategoriesZh {
		ns = append(ns, n)
	}
	slices.SortFunc(ns, func(a, b string) int {
		if c := cmp.Compare(len([]rune(b)), len([]rune(a))); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	return ns
}()

// CreatorNounCategory is the category a creator noun names ("gamers" is
// gaming, "chefs" food, 厨师 food; "vloggers" lifestyle when left out,
// excluded true), or "" for a word that is no such noun.
func CreatorNounCategory(word string) (code string, excluded bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	if c := creatorNounCategories[w]; c != "" {
		return c, false
	}
	if c := creatorNounCategoriesZh[w]; c != "" {
		return c, false
	}
	if c := excludedCreatorNounCategories[w]; c != "" {
		return c, true
	}
	return "", false
}
