package condparse

import (
	"strings"
)

// A place word that opens a name (issue 26): "Paris Fashion Week
// content", "the Berlin Film Festival", "Tokyo Game Show recaps",
// 上海车展, and two places crossed in a collaboration's name ("a Lagos x
// São Paulo fashion collab") say what the content is about, never where
// the creators are: the place ranks with the name and gives no country.
// A place that says where the creators are ("fashion creators in
// Paris", "Berlin runners") keeps its country.

// eventNames are the words after a place that make it an event's name
// (folded; Latin ones follow one space, Chinese ones are glued).
var eventNames = struct{ en, zh []string }{
	en: []string{"fashion week", "film festival", "film fest", "marathon", "half marathon", "game show", "games show", "motor show",
		"auto show", "car show", "comic con", "comic-con", "comiccon", "design week", "biennale", "biennial", "book fair", "art fair",
		"expo", "grand prix", "music festival", "jazz festival", "food festival", "pride parade", "fashion show", "tech week", "summit",
		"open tennis", "masters", "olympics", "world cup"},
	zh: []string{"时装周", "电影节", "国际电影节", "马拉松", "半程马拉松", "车展", "国际车展", "漫展", "动漫展", "音乐节", "电玩展", "游戏展",
		"书展", "双年展", "设计周", "艺术节", "博览会", "世博会", "大奖赛", "奥运会", "亚运会", "时装秀", "电影展", "国际马拉松"},
}

// collabMarks are the words that cross two names in a collaboration's
// title ("Lagos x São Paulo", "Tokyo × Paris").
var collabMarks = map[string]bool{"x": true, "×": true, "✕": true, "meets": true}

// placeInName reports a place or country word at i that opens an event's
// name or is crossed with another place in a collaboration's name.
func (st *state) placeInName(i int) bool {
	if st.toks[i].has(clsCountry) == nil {
		return false
	}
	after := strings.ToLower(string(st.t.norm[st.toks[i].e:]))
	if rest, ok := strings.CutPrefix(after, " "); ok {
		for _, m := range eventNames.en {
			if strings.HasPrefix(rest, m) && (len(rest) == len(m) || !isWordRune([]rune(rest[len(m):])[0])) {
				return true
			}
		}
	} else {
		for _, m := range eventNames.zh {
			if strings.HasPrefix(after, m) {
				return true
			}
		}
	}
	if n := st.skipSpace(i + 1); n < len(st.toks) && collabMarks[strings.ToLower(st.tokText(n))] && st.placeTok(st.skipSpace(n+1)) {
		return true
	}
	if p := st.prevSig(i); p >= 0 && collabMarks[strings.ToLower(st.tokText(p))] && st.placeTok(st.prevSig(p)) {
		return true
	}
	return false
}
