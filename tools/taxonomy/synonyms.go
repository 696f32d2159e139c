package taxonomy

import (
	"strings"
	"sync"

	"searchagent/tools/textnorm"
)

// SynonymGroup is one topic with the words users write for it in zh and
// en, interchangeable as search words ("cooking", "food", "美食", "烹饪"),
// and the content category the topic belongs to.
type SynonymGroup struct {
	// Topic is the group's stable id.
	Topic string
	// Category is the taxonomy category id of the topic.
	Category string
	// Words are the topic's words, English first; each is matched after
	// textnorm normalisation (case, width, traditional/simplified, plurals).
	Words []string
}

// SynonymTable is the bilingual alias table: synonym groups with lookup by
// any of their words.
type SynonymTable struct {
	groups []SynonymGroup
	once   sync.Once
	byWord map[string][]int
}

// Synonyms is the one bilingual alias table of topics and categories. The
// store widens a tag-scope keyword with its group at query time (see
// store.Aliases) and the hashing embedder folds a group's words to one
// shared feature, so "cooking" and "美食" meet in both.
var Synonyms = &SynonymTable{groups: []SynonymGroup{
	{"food", "food", []string{"cooking", "food", "recipes", "foodie", "美食", "烹饪", "做饭", "料理"}},
	{"beauty", "beauty", []string{"makeup", "beauty", "cosmetics", "skincare", "美妆", "化妆", "彩妆", "护肤"}},
	{"comedy", "comedy", []string{"funny", "humor", "humour", "comedy", "jokes", "搞笑", "幽默", "喜剧"}},
	{"gaming", "gaming", []string{"esports", "gaming", "games", "gamer", "videogame", "游戏", "电竞"}},
	{"football", "sports", []string{"football", "soccer", "足球"}},
	{"sports", "sports", []string{"sports", "sport", "athletics", "体育", "运动"}},
	{"music", "music", []string{"music", "songs", "singer", "音乐", "歌曲", "歌手"}},
	{"dance", "music", []string{"dance", "dancing", "舞蹈", "跳舞"}},
	{"film", "film", []string{"movies", "film", "cinema", "电影", "影视"}},
	{"tech", "tech", []string{"tech", "technology", "gadgets", "科技", "数码"}},
	{"automotive", "automotive", []string{"cars", "automotive", "autos", "汽车"}},
	{"fitness", "fitness", []string{"fitness", "workout", "gym", "健身"}},
	{"travel", "travel", []string{"travel", "tourism", "旅行", "旅游"}},
	{"pets", "pets", []string{"pets", "animals", "宠物", "萌宠", "动物"}},
	{"family", "family", []string{"kids", "parenting", "family", "亲子", "育儿", "母婴"}},
	{"education", "education", []string{"education", "learning", "tutorials", "教育", "学习", "教学"}},
	{"finance", "finance", []string{"finance", "investing", "财经", "理财", "投资"}},
	{"fashion", "fashion", []string{"fashion", "outfits", "clothing", "时尚", "穿搭"}},
	{"lifestyle", "lifestyle", []string{"lifestyle", "vlog", "生活", "日常"}},
	{"animation", "animation", []string{"anime", "animation", "cartoons", "动漫", "动画"}},
	{"news", "news", []string{"news", "politics", "新闻", "时事"}},
	{"outdoor", "outdoor", []string{"outdoor", "camping", "hiking", "户外", "露营"}},
	{"diy", "diy", []string{"diy", "crafts", "handmade", "手工", "手作"}},
	{"science", "science", []string{"science", "科学", "科普"}},
	{"art", "art", []string{"art", "drawing", "painting", "艺术", "绘画"}},
}}

func (t *SynonymTable) index() {
	t.once.Do(func() {
		t.byWord = map[string][]int{}
		for i, g := range t.groups {
			for _, w := range g.Words {
				k := textnorm.Normalize(w)
				if k == "" {
					continue
				}
				if l := t.byWord[k]; len(l) == 0 || l[len(l)-1] != i {
					t.byWord[k] = append(l, i)
				}
			}
		}
	})
}

// Groups lists every group in table order.
func (t *SynonymTable) Groups() []SynonymGroup { return t.groups }

// Lookup returns the groups a whole text names ("Cooking", "美食"), in
// table order; none for a text that is not one of the table's words.
func (t *SynonymTable) Lookup(text string) []SynonymGroup {
	t.index()
	var out []SynonymGroup
	for _, i := range t.byWord[textnorm.Normalize(strings.TrimSpace(text))] {
		out = append(out, t.groups[i])
	}
	return out
}

// Words lists every normalised word of the table with the indexes of its
// groups in Groups, for matchers over tokens.
func (t *SynonymTable) Words() map[string][]int {
	t.index()
	return t.byWord
}
