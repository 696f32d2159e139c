package condparse

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/scope"
)

// Sort keys a sort said in words can ask for: the keys of the results'
// own sort event (results.sort).
const (
	SortFollowers  = "followers"
	SortAvgViews   = "avg_views"
	SortRecent     = "recent"
	SortSimilarity = "similarity"
)

// SortRequest is a sort said in words ("按平均播放量排一下", "sort by most
// followers", "越活跃越好", "the more followers the better").
type SortRequest struct {
	// By is the sort key: followers, avg_views, recent or similarity.
	By string `json:"by"`
	// Span is the text that asked for the sort.
	Span Span `json:"span"`
	// Ascending says the words asked for the lowest first ("从少到多",
	// "ascending", "smallest first"): every sort runs highest first, so
	// the caller names it rather than sort the other way round.
	Ascending bool `json:"ascending,omitempty"`
}

// ascendingWords ask for a sort lowest first.
// The low end said first is the class, whatever the words between
// ("least recently active first", "smaller accounts on top", 粉丝少的排前面,
// 播放低的放前面).
var ascendingWords = mustRx(`(?i)从少到多|从低到高|由少到多|由低到高|从小到大|由小到大|升序|\bascending\b|\bincreasing\s+order\b|\b(?:lowest|smallest|fewest|least|tiniest|oldest|smaller|lower|fewer|less)(?:\s+[\w-]+){0,3}?\s+(?:first|on\s+top|at\s+the\s+top)\b|\blow to high\b|\bsmall to (?:big|large)\b|\bbottom\s+up\b|(?:少|低|小)(?:的(?:排|放|在)?|排|放)在?最?(?:前面|前头|前边|前)|(?:少|低|小)的(?:优先|先)`)

// AsksAscending reports text that asks for the lowest first ("smallest
// first", 粉丝少的排前面, "least active first"): every sort runs highest
// first, so a caller names the order as unavailable.
func AsksAscending(text string) bool { return ascendingWords.MatchString(text) }

// Reading is the parse of a first search or a follow-up as the graph
// takes it: one reading for both (issue 26 item 3).
type Reading struct {
	Result
	// Sort is the sort said in words, nil when none was said or the words
	// name no sort key (the remainder then still holds them, role sort).
	Sort *SortRequest `json:"sort,omitempty"`
	// Unsorted is a sort said in words by a measure the catalog has no
	// sort for ("order by likes", "按点赞数排序"): By is the measure as the
	// user wrote it ("likes", "点赞数"). Its words are no condition and no
	// ranking term; the caller names it with the sorts it has.
	Unsorted *SortRequest `json:"unsorted,omitempty"`
}

// Read parses text like Parse and then reads two things the graph needs
// from the same words:
//
//   - a sort said in words becomes Sort: the sort's own words leave the
//     remainder, and a condition made of them is no filter ("越活跃越好"
//     ranks recent channels first; it does not drop the others);
//   - a hedge that opens a clause ("最好是…", "ideally …", "尽量…") makes
//     every hard condition of that clause a soft reference (seed 002
//     §3.7.5: a wish is never a hard filter), and the words of the clause
//     that only qualify a condition of it ("最近" before "还在更新") are
//     not left over as unread.
func Read(text string, opts ...Option) (Reading, error) {
	p, err := New(opts...)
	if err != nil {
		return Reading{}, err
	}
	res, err := p.Parse(text)
	if err != nil {
		return Reading{Result: res}, err
	}
	if res.Shape == ShapeKeyword && (opensWithHedge(text) || closesWithHedge(text)) {
		// A wish is a sentence ("最好近一个月内还有更新"), never one
		// keyword: read it as natural text.
		st := analyze(p.lx, p.cfg, text, nil)
		st.shape = ShapeNatural
		st.residue()
		res = st.result()
	}
	return ReadResult(res), nil
}

// ReadResult applies Read's sort and hedge reading to a parse of the text
// (res.Input).
func ReadResult(res Result) Reading {
	r := Reading{Result: res}
	r.Conditions = slices.Clone(res.Conditions)
	r.Remainder = slices.Clone(res.Remainder)
	r.readSort()
	if r.Sort != nil {
		// "which of these posts most often?": a question about the
		// results a sort answers is the sort, never named as one the box
		// does not answer.
		r.Remainder = slices.DeleteFunc(r.Remainder, func(sp Span) bool {
			return sp.Role == ResidueQuestion && sp.Start < r.Sort.Span.End && r.Sort.Span.Start < sp.End
		})
	}
	if r.Sort != nil {
		r.sortCompanions()
	}
	r.placedTails()
	r.softenHedges()
	r.positionsNotWords()
	// An emoji or a variation selector left as a keyword ("🏋️") is no
	// word a channel's text holds: it never becomes a condition.
	r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
		return c.Kind == condition.KindKeyword && !strings.ContainsFunc(c.Value.Str, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) })
	})
	// An article or a determiner left alone ("the" of "the first, …"
	// once a position and a clause were read around it) is no word a
	// channel's text is found by: never a term.
	r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
		return c.Kind == condition.KindKeyword && loneDeterminers[strings.ToLower(strings.TrimSpace(c.Value.Str))]
	})
	return r
}

// sortCompanionWords are the words around a sort said in words that
// hold no topic: how recent it is ("how recently", "how fresh"), and a
// size that the sort takes in ("even the small ones", "tiny ones
// included", 小的也要). sizeCompanions are the size words among them.
var (
	sortCompanionWords = map[string]bool{"how": true, "recent": true, "recently": true, "fresh": true, "new": true,
		"newest": true, "latest": true, "even": true, "the": true, "ones": true, "one": true, "included": true,
		"including": true, "too": true, "also": true, "as": true, "well": true, "first": true, "on": true, "top": true,
		"small": true, "smaller": true, "tiny": true, "little": true, "big": true, "bigger": true, "large": true,
		"larger": true, "them": true, "and": true, "all": true, "fine": true, "ok": true, "okay": true, "is": true,
		"are": true, "ok.": true, "小的": true, "小号": true, "大的": true, "也要": true, "也行": true, "也可以": true}
	sizeCompanions = map[string]bool{"small": true, "smaller": true, "tiny": true, "little": true, "big": true,
		"bigger": true, "large": true, "larger": true, "小的": true, "小号": true, "大的": true}
)

// sortCompanions takes out of the keywords of a text whose sort was read
// the words that only go with the sort (class C5: "sort by newest, even
// the small ones first", "how recently did they post? newest on top"):
// no word a channel's text holds. A size among them says which creators
// the sort takes in, named as accepted (ResidueAccepted); the others are
// the sort's own words, which the sort's notice already answers.
func (r *Reading) sortCompanions() {
	var moved []Span
	r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
		if c.Kind != condition.KindKeyword || c.Op != condition.OpContains {
			return false
		}
		words := strings.FieldsFunc(strings.ToLower(c.Value.Str), func(r rune) bool { return r == ' ' || r == ',' || r == '，' })
		size := false
		for _, w := range words {
			if !sortCompanionWords[w] {
				return false
			}
			size = size || sizeCompanions[w]
		}
		if len(words) == 0 {
			return false
		}
		if size {
			sp := c.Span
			sp.Role = ResidueAccepted
			moved = append(moved, sp)
		}
		return true
	})
	if len(moved) > 0 {
		r.Remainder = append(r.Remainder, moved...)
		slices.SortStableFunc(r.Remainder, func(a, b Span) int { return a.Start - b.Start })
	}
}

// loneDeterminers are the articles and determiners that are no term on
// their own (keywordArticles and the demonstratives).
var loneDeterminers = func() map[string]bool {
	m := map[string]bool{"this": true, "that": true, "any": true, "some": true, "each": true, "every": true}
	for w := range keywordArticles {
		m[w] = true
	}
	return m
}()

// positionWords name a result by its place in the list ("the first one",
// "2nd result", "第三个").
var positionWords = mustRx(`(?i)^(?:the\s+)?(?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th)|number\s+(?:one|two|three|\d+))(?:\s+(?:one|result|channel|creator|account|pick)(?:'s|’s)?)?$|^第\s*[一二两三四五六七八九十\d]+\s*(?:个|条|位)?$`)

// IsPosition reports text that names a result by its place in the list
// ("the first one", "第三个"): no word a channel's text holds.
func IsPosition(text string) bool { return positionWords.MatchString(strings.TrimSpace(text)) }

// positionsNotWords takes a result's position out of the keywords ("all
// except the first one", "不要第一个"): a place in the list is no word a
// channel's text holds; it is left over, so the caller names it as not
// applied rather than filter on the word "first".
func (r *Reading) positionsNotWords() {
	r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
		if c.Kind != condition.KindKeyword || !positionWords.MatchString(strings.TrimSpace(c.Value.Str)) {
			return false
		}
		if likeBefore.MatchString(r.Input[:c.Span.Start]) {
			// "like the second result but in Australia", 像第二个那种: a
			// result pointed at as a model is named as not used, not as
			// words not understood (fixV)
			r.Dropped = append(r.Dropped, c.Span)
			return true
		}
		r.Remainder = append(r.Remainder, c.Span)
		return true
	})
}

// likeBefore ends the text before a position that holds it up as a model.
var likeBefore = mustRx(`(?i)(?:\b(?:like|similar\s+to|same\s+as)\s+(?:the\s+|that\s+|#)?|(?:像|跟|和|类似)\s*)$`)

// comparatives are wishes that rank rather than filter: "越 X 越好",
// "the more X the better", "as X as possible", "X first".
var comparatives = []*rx{
	// "prioritize channels with more views", "prioritize the ones with
	// the most engagement": a priority on a measure ranks by it; first, so
	// the priority word belongs to the sort span rather than a superlative
	// inside it.
	mustRx(`(?i)\b(?:prioriti[sz]e|favou?r|rank\s+higher)\b[^,;.!?]{1,40}?\b(?:more|higher|bigger|most|highest|recent(?:ly)?|active)\b[^,;.!?]{0,30}`),
	mustRx(`越[^，,;；。.!！?？越]{1,8}越(?:好|佳|棒|优先)`),
	mustRx(`(?i)\bthe\s+(?:more|higher|bigger|larger|newer|fresher|busier)\b[^,;.!?]{0,40}?\bthe\s+better\b`),
	mustRx(`(?i)\bas\s+[^,;.!?]{1,30}?\s+as\s+possible\b`),
	mustRx(`(?i)\b(?:highest|most|biggest|largest|newest|latest|freshest|newer|fresher|(?:more|most)\s+recent(?:ly)?)\b[^,;.!?]{0,40}?\b(?:first|on\s+top|at\s+the\s+top|to\s+the\s+top|up\s+top)\b`),
	// "the ones people actually engage with first", "most engaging on
	// top", "whatever gets watched most goes to the top": a measure said
	// as a verb or an adjective in a clause that puts something first
	// ranks by that measure (issue 26, audit 21).
	mustRx(`(?i)\b(?:most[-\s])?(?:engag(?:e|es|ed|ing|ement)|interact(?:s|ed|ing|ion|ions|ive)?|watch(?:ed|es)?|viewed)\b[^,;.!?]{0,30}?\b(?:first|on\s+top|at\s+the\s+top|to\s+the\s+top|up\s+top|top\s+of\s+the\s+list)\b`),
	mustRx(`(?:从高到低|由高到低|从多到少|由多到少|降序)`),
	// "谁最活跃", "最新的": a superlative of activity ranks ("最近" is
	// "recently", "最多/最高" are bounds: neither is here).
	mustRx(`最(?:活跃|新)`),
	// "how recent", "newest first", "by date", "most recently active?":
	// a sort on recency said alone, in few words, is the sort (a
	// follow-up's whole text; fixF3, class F2).
	mustRx(`(?i)^\s*(?:how\s+recent(?:ly)?(?:\s+(?:active|updated))?|(?:the\s+)?(?:most\s+recent(?:ly)?(?:\s+(?:active|updated|ones))?|newest|latest|freshest)(?:\s+ones)?|recent(?:ly\s+active)?\s+(?:ones\s+)?first|(?:newest|latest)\s+to\s+oldest|by\s+(?:the\s+)?(?:(?:upload|post(?:ing)?|publish(?:ing)?|last\s+(?:post|upload|activity))\s+)?(?:dates?|time|recency))\s*(?:first|please|pls)?\s*[?.!]*\s*$`),
	// "which of these posts most often?", "who uploads the most", "哪个
	// 更新最勤", "最常发视频的": posting at its most is a question the
	// box answers by sorting recent activity first (the catalog holds no
	// frequency; audit 27).
	mustRx(`(?i)\b(?:posts?|posting|uploads?|uploading|updates?|updating|tweets?|tweeting|streams?|streaming|publish(?:es|ing)?|goes\s+live|go\s+live)\s+(?:the\s+)?(?:most(?:\s+(?:often|frequently|regularly|consistently))?|more\s+(?:often|frequently|regularly))\b|\b(?:the\s+)?most\s+active\b`),
	mustRx(`(?:更新|发帖|发视频|发布|上传|发推|发文|直播|开播)得?[^\s，,;；。!！?？\d]{0,3}?最(?:勤快|勤|频繁|多|快|常|积极)|最(?:勤|常|频繁|积极)快?[地的]?(?:更新|发帖|发视频|发布|上传|发推|发文|直播|开播)`),
	// "按互动排", "按播放排": 按 + measure + 排 is a sort however the
	// measure is lexed.
	mustRx(`按(?:照)?[^\s，,;；。!！?？按排]{1,8}?排(?:序|列|名|一下|个序)?`),
	// "互动率最高的", "粉丝最多的放前面", "with the most views", "most
	// engaged first": a measure at its most ranks by it; followed by a
	// number it is a bound instead ("最多五万", "most 50k"), which
	// superlativeBound leaves to the count rule.
	mustRx(`(?:粉丝|订阅|播放|观看|互动|点赞|活跃|人气|热度)[^\s，,;；。!！?？\d]{0,3}?最(?:高|多|大|好|强|火|活跃)`),
	mustRx(`(?i)\b(?:the\s+)?(?:most|highest|biggest|largest|best|top)\s+(?:[a-z]+\s+)?(?:views?|viewed|engagement|engaged|followers?|followed|subscribers?|subscribed|subs|plays|played)(?:\s+counts?)?\b`),
	// "优先显示播放量高的": a priority on a measure ranks by it.
	mustRx(`优先(?:显示|展示|推荐|看|排)?[^，,;；。!！?？]{1,12}?(?:高|多|大|活跃|新)的?`),
	// "最近活跃的优先", "粉丝多的排前面", "播放高的放前面": a measure
	// (or activity) said before a priority word ranks by it; a wish
	// about anything else ("英语的优先") stays a hedge.
	mustRx(`最?(?:粉丝|订阅|播放|观看|看的人|互动|点赞|活跃|人气|热度|热门|火|更新)[^\s，,;；。!！?？\d]{0,4}?的?(?:优先|排前面|放前面|排在前面|放在前面|排在最前面|放在最前面|排最前面|靠前|排上面|排最上面|放上面|放最上面|往前排|往前放|在前面|在最前面|排在上面|放在上面|置顶|在前)`),
	// "views first", "engagement on top": a measure put first sorts.
	mustRx(`(?i)\b(?:views|engagement|followers|subscribers|subs)\s+(?:first|on\s+top|at\s+the\s+top|to\s+the\s+top|up\s+top)\b`),
	// "go by engagement instead", "the top anime channels in Japan by
	// subscribers": a measure to go by, a top list by a measure.
	mustRx(`(?i)\bgo(?:ing)?\s+by\s+[^,;.!?]{1,30}`),
	mustRx(`(?i)\btop\b[^,;.!?]{1,60}?\bby\s+[^,;.!?]{1,30}`),
}

// readSort finds the sort: a remainder span the parser placed as a sort,
// or a comparative wish; its key comes from the measure named in its
// clause.
func (r *Reading) readSort() {
	in := readable(r.Input)
	type cand struct{ s, e int }
	var cands []cand
	for _, sp := range r.Remainder {
		if sp.Role == ResidueSort {
			cands = append(cands, cand{sp.Start, sp.End})
		}
	}
	folded := foldKey(in)
	for _, re := range comparatives {
		// folded once for them all; each runs only where it may match
		if !re.need.may(folded) {
			continue
		}
		for _, m := range re.Regexp.FindAllStringIndex(in, -1) {
			if superlativeBound(in[m[1]:]) {
				continue
			}
			// "粉丝最多的前几个": the top of the list the sort makes is
			// the sort's own words, never unread text (audit 24).
			m[1] += len(topOfList.FindString(in[m[1]:]))
			cands = append(cands, cand{m[0], m[1]})
		}
	}
	// A sort that names its measure ("sorted by engagement rate") wins
	// over a wish said elsewhere ("the biggest …").
	tail := func(c cand) string { // the sort words to the end of their clause
		_, ce := clauseOf(in, c.s, c.e)
		return in[c.s:ce]
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		ea, eb := explicitSortKey(tail(a)) != "", explicitSortKey(tail(b)) != ""
		switch {
		case ea && !eb:
			return -1
		case eb && !ea:
			return 1
		}
		return 0
	})
	// The sort words' own measure first ("英国 10万粉以上 最活跃的排前面":
	// 活跃, not the 粉 said before in the same clause), then the clause's.
	keyOf := func(c cand, clause bool) string {
		if by := explicitSortKey(tail(c)); by != "" {
			return by
		}
		if by := sortKeyIn(in[c.s:c.e]); by != "" || !clause {
			return by
		}
		cs, ce := clauseOf(in, c.s, c.e)
		return sortKeyIn(in[cs:ce])
	}
	if i := slices.IndexFunc(cands, func(c cand) bool { return keyOf(c, false) != "" }); i > 0 {
		cands[0], cands[i] = cands[i], cands[0]
	}
	for _, c := range cands {
		cs, ce := clauseOf(in, c.s, c.e)
		by := keyOf(c, true)
		if by == "" {
			continue
		}
		r.Sort = &SortRequest{By: by, Span: Span{Start: c.s, End: c.e, Text: r.Input[c.s:c.e]}, Ascending: ascendingWords.MatchString(in)}
		r.dropSortWords(by, c.s, c.e, cs, ce)
		// "…, smallest first if possible": the order said in a clause of
		// its own belongs to the sort, never a term.
		r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
			return c.Kind == condition.KindKeyword && !c.Excluded && ascendingWords.FindString(c.Span.Text) == strings.TrimSpace(c.Span.Text)
		})
		// A second sort wish ("the biggest …, sorted by engagement"):
		// the box sorts by one key, the one named.
		r.Remainder = slices.DeleteFunc(r.Remainder, func(sp Span) bool {
			return sp.Role == ResidueSort && sortKeyIn(sp.Text) != ""
		})
		return
	}
	for _, c := range cands {
		if r.readUnsorted(c.s, c.e) {
			return
		}
	}
}

// topOfList is the top of a sorted list said right after a superlative
// ("最多的前几个", "最高的头几名").
var topOfList = mustRx(`^的?\s*(?:前|头)\s*[几\d一二两三四五六七八九十]*\s*(?:个|名|位|家|条)?`)

// explicitSorts are the sort requests that name their measure ("按互动率排",
// "sort by engagement"): inside a longer span ("活跃度高一点 按互动率排") the
// measure they name is the sort, not a wish said before them.
var explicitSorts = mustRx(`按(?:照)?([^\s，,;；。!！?？按排]{1,8}?)排|(?i)\b(?:sort|order|rank|arrange)(?:ed|ing)?\s+(?:them\s+|it\s+|these\s+|the\s+results\s+|results\s+)?by\s+([^,;.!?]{1,30})|(?i)^\s*by\s+([^,;.!?]{1,30})`)

// dateMeasures are the measures of a sort by date ("order by date", "按
// 时间排", "by upload date"): the catalog's date is the channel's last
// activity, so they sort by recent activity (fixF3, class F2).
var dateMeasures = mustRx(`(?i)^\s*(?:the\s+)?(?:(?:upload|post(?:ing)?|publish(?:ing)?|release|last\s+(?:post|upload|activity))\s+)?(?:dates?|time|recency)(?:\s+(?:posted|uploaded))?(?:\s*,?\s*(?:newest|latest|most\s+recent)\s+first)?\s*(?:please|pls)?\s*$|^(?:发布|更新|上传|发帖|发文|活跃|最近更新|最后更新)?(?:时间|日期)(?:先后)?$`)

// explicitSortKey is the sort key of the last explicit sort request in s,
// "" when s holds none or its measure is no sort key.
func explicitSortKey(s string) string {
	ms := explicitSorts.FindAllStringSubmatch(s, -1)
	for i := len(ms) - 1; i >= 0; i-- {
		for _, g := range ms[i][1:] {
			if g != "" {
				if by := sortKeyIn(g); by != "" {
					return by
				}
				if dateMeasures.MatchString(g) {
					return SortRecent
				}
			}
		}
	}
	return ""
}

// readUnsorted reads a sort whose clause names no sort key: the words
// the parser kept as keywords next to the sort words (after them, "order
// by likes", "按点赞数排序"; else just before, "点赞从高到低"), or the
// sort span's own words ("按分享数排一下"), are the measure the user wants
// to sort by. They leave the reading with the sort words and become
// Unsorted; it reports whether there was such a measure.
func (r *Reading) readUnsorted(s, e int) bool {
	in := readable(r.Input)
	cs, ce := clauseOf(in, s, e)
	var picked []int
	for _, after := range []bool{true, false} {
		for i, c := range r.Conditions {
			if c.Kind != condition.KindKeyword || c.Excluded || c.Span.Start < cs || c.Span.End > ce {
				continue
			}
			if after && c.Span.Start >= s || !after && c.Span.End <= s {
				picked = append(picked, i)
			}
		}
		if len(picked) > 0 {
			break
		}
	}
	lo, hi := s, e
	if len(picked) == 0 || r.Conditions[picked[0]].Span.End <= s {
		// The measure before the sort words ("分享量从高到低") starts after
		// the clause's last other condition: words the parser left out
		// of the keyword or the sort span ("分享") belong to it.
		lo = cs
		for _, c := range r.Conditions {
			if c.Kind != condition.KindKeyword && c.Span.Start >= cs && c.Span.End <= s {
				lo = max(lo, c.Span.End)
			}
		}
	}
	for _, i := range picked {
		lo, hi = min(lo, r.Conditions[i].Span.Start), max(hi, r.Conditions[i].Span.End)
	}
	by := measureWords(in[lo:hi])
	if by == "" {
		return false
	}
	if placedTopic(in[cs:ce], in[s:e], by) {
		if len(picked) == 0 {
			// "猫相关的排前面": a topic no keyword holds (a word of one
			// rune, a category's alias) ranks as said (audit 25)
			by = placedWords(by)
			if i := strings.Index(in[lo:hi], by); by != "" && i >= 0 && !slices.ContainsFunc(r.Conditions, func(c Condition) bool {
				return c.Span.Start < lo+i+len(by) && lo+i < c.Span.End
			}) {
				term := Condition{Kind: condition.KindKeyword, Field: condition.Keyword, Op: condition.OpContains, Value: StringValue(by),
					Source: condition.SourceUserInput, Status: condition.StatusReference, Priority: 2,
					Span: Span{Start: lo + i, End: lo + i + len(by), Text: r.Input[lo+i : lo+i+len(by)]}, Label: Label{ZH: by, EN: by},
					Scope: scope.Tags, Issues: []string{IssueRankingTerm}}
				r.Conditions = append(r.Conditions, term)
				picked = append(picked, len(r.Conditions)-1)
			}
		}
		r.rankPlaced(s, e, cs, ce, picked)
		return true
	}
	r.Unsorted = &SortRequest{By: by, Span: Span{Start: lo, End: hi, Text: r.Input[lo:hi]}}
	kept := r.Conditions[:0:0]
	for i, c := range r.Conditions {
		if !slices.Contains(picked, i) {
			kept = append(kept, c)
		}
	}
	r.Conditions = kept
	r.Remainder = slices.DeleteFunc(r.Remainder, func(sp Span) bool {
		return sp.Start >= cs && sp.End <= ce && (sp.Role == ResidueSort || sp.Start >= lo && sp.End <= hi)
	})
	return true
}

// placementCues put what comes before them first ("辅食相关的排前面",
// "把吉他弹唱的放前面", "vegan ones on top") without naming a measure to
// sort by; sortCues name a sort by a measure ("按…排", "sort by",
// "从高到低"); measureCues make the words a measure ("点赞多的", "转发数",
// "likes", "most shares") rather than a topic.
var (
	placementCues = mustRx(`排前面|放前面|排在前面|放在前面|排在最前面|放在最前面|排最前面|靠前|置顶|排上面|排最上面|放上面|放最上面|往前排|往前放|排在上面|放在上面|(?i)\b(?:first|on\s+top|at\s+the\s+top|up\s+top)\b`)
	sortCues      = mustRx(`按|根据|从高到低|由高到低|从多到少|由多到少|降序|升序|倒序|(?i)\b(?:sort|sorted|order|ordered|rank|ranked|ranking|by)\b`)
	measureCues   = mustRx(`[多少高低大小快慢]的|[量数率次](?:的|$)|点赞|转发|分享|评论|收藏|完播|销量|涨粉|增长|(?i)\b(?:most|more|highest|higher|lowest|fewest|least|likes?|shares?|comments?|saves?|reposts?|retweets?|growth|sales|clicks|impressions|reach|rate|ratio|count|watch\s+time)\b`)
)

// placedTopic reports a clause that asks to put a topic first: a
// placement cue, no sort by a measure, and words that name no measure.
func placedTopic(clause, sortWords, by string) bool {
	return placementCues.MatchString(sortWords+" "+clause) && !sortCues.MatchString(clause) &&
		!measureCues.MatchString(sortWords) && !measureCues.MatchString(by)
}

// rankPlaced reads a topic put first ("辅食相关的排前面", "put the vegan
// ones first") as what it is: a wish that ranks by the topic. The topic's
// keywords of the clause stay as ranking terms (never filters), the
// placement words leave the reading, and no sort is asked.
func (r *Reading) rankPlaced(s, e, cs, ce int, picked []int) {
	for _, i := range picked {
		c := &r.Conditions[i]
		if t := strings.TrimPrefix(c.Value.Str, "把"); t != c.Value.Str && t != "" {
			c.Value = StringValue(t)
			c.Span.Start += len("把")
			c.Span.Text = t
		}
		if c.Status != condition.StatusReference {
			c.Status, c.Priority = condition.StatusReference, 2
			c.Issues = append(c.Issues, IssueRankingTerm)
		}
	}
	r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
		in := c.Span.Start >= cs && c.Span.End <= ce
		// the category a topic word of the clause named only ranks too:
		// "手游相关的排前面" after a beauty search keeps beauty
		return in && c.Field == condition.Category && !c.Excluded && c.Op != condition.OpNotIn ||
			c.Kind == condition.KindKeyword && !c.Excluded && in &&
				placementCues.MatchString(c.Span.Text) && strings.TrimSpace(placementCues.ReplaceAllString(c.Span.Text, "")) == ""
	})
	r.Remainder = slices.DeleteFunc(r.Remainder, func(sp Span) bool {
		return sp.Start >= cs && sp.End <= ce && (sp.Role == ResidueSort || sp.Start >= s && sp.End <= e)
	})
}

// placedTail is a clause's closing placement ("…, pasta ones first",
// "vegan recipes on top please").
var placedTail = mustRx(`(?i)\s*\b(?:first|on\s+top|at\s+the\s+top|up\s+top|to\s+the\s+top)(?:\s+(?:please|pls|plz|thanks|thx))?\s*$`)

// placedTails reads an English clause that ends by putting a topic first
// ("put the vegan ones first", "pasta stuff on top") and asks no sort by
// a measure: the placement words leave the keywords they ended up in, and
// the clause's keywords rank (rankPlaced) instead of filtering.
func (r *Reading) placedTails() {
	in := readable(r.Input)
	for _, cl := range clauses(in) {
		clause := in[cl[0]:cl[1]]
		loc := placedTail.FindStringIndex(clause)
		if loc == nil || sortCues.MatchString(clause) || measureCues.MatchString(clause) ||
			r.Sort != nil && r.Sort.Span.Start < cl[1] && r.Sort.Span.End > cl[0] {
			continue
		}
		ps := cl[0] + loc[0] // where the placement words start
		var picked []int
		for i := range r.Conditions {
			c := &r.Conditions[i]
			if c.Kind != condition.KindKeyword || c.Excluded || c.Op != condition.OpContains || c.Span.Start < cl[0] || c.Span.End > cl[1] {
				continue
			}
			if c.Span.End > ps && c.Span.Start < ps && strings.HasSuffix(c.Span.Text, c.Value.Str) {
				// "vegan recipes on top": the placement words leave the keyword.
				t := strings.TrimSpace(in[c.Span.Start:ps])
				c.Value, c.Span.End, c.Span.Text = StringValue(t), c.Span.Start+len(t), t
			}
			picked = append(picked, i)
		}
		r.rankPlaced(ps, cl[1], cl[0], cl[1], picked)
		r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
			return c.Kind == condition.KindKeyword && !c.Excluded && c.Span.Start >= ps && c.Span.End <= cl[1]
		})
	}
}

// appendWord writes w after the words of b, a space between two Latin
// words and none beside a CJK one, and reports whether w is Latin.
func appendWord(b *strings.Builder, w string, prevLatin bool) bool {
	latin := w != "" && w[0] < 0x80
	if latin && prevLatin {
		b.WriteByte(' ')
	}
	b.WriteString(w)
	return latin
}

// placedWords are the words of s without its filler ("猫相关的" → "猫").
func placedWords(s string) string {
	t, toks := lexTokens(s)
	var b strings.Builder
	prevLatin := false
	for i := range toks {
		tk := &toks[i]
		w := string(t.orig[tk.s:tk.e])
		if tk.kind == tkSpace || tk.kind == tkPunct || tk.kind == tkLex && isFillerLex(tk) {
			continue
		}
		prevLatin = appendWord(&b, w, prevLatin)
	}
	return strings.TrimSpace(b.String())
}

// measureWords are the words of s that are neither sort words nor stop,
// filler or hedge words, nor count nouns ("order by the number of likes"
// → "likes", "按点赞数排序" → "点赞数"); "" when none is left.
func measureWords(s string) string {
	t, toks := lexTokens(s)
	var b strings.Builder
	prevLatin := false
	for i := range toks {
		tk := &toks[i]
		w := string(t.norm[tk.s:tk.e])
		// A word right before 量/数/次 names the measure ("分享量",
		// "转发数"), whatever else the lexicon makes of it.
		counted := i+1 < len(toks) && strings.ContainsAny(string(t.norm[toks[i+1].s:toks[i+1].e]), "量数次") && tk.has(clsSort) == nil
		switch {
		case tk.kind == tkSpace || tk.kind == tkPunct:
			continue
		case counted:
		case tk.kind == tkLex && (tk.has(clsSort) != nil || tk.has(clsStop) != nil || tk.has(clsHedge) != nil ||
			tk.has(clsRequest) != nil || tk.has(clsDe) != nil || tk.has(clsCreator) != nil || tk.has(clsFiller) != nil && isLatinWord(w)):
			continue
		case slices.Contains(countNouns, w):
			continue
		}
		prevLatin = appendWord(&b, w, prevLatin)
	}
	return strings.TrimSpace(b.String())
}

// countNouns say "how many" around a measure, never the measure itself.
var countNouns = []string{"number", "numbers", "count", "counts", "amount", "total", "来", "一下", "下"}

// dropSortWords takes the sort's own words out of the reading: remainder
// inside the clause that only asks for the sort, keywords inside the sort
// words ("越"), and the conditions of the sorted measure in its clause
// that carry no number of their own ("活跃" of "越活跃越好").
func (r *Reading) dropSortWords(by string, s, e, cs, ce int) {
	field := map[string]condition.Field{SortFollowers: condition.Followers, SortAvgViews: condition.AvgViews, SortRecent: condition.LastActive}[by]
	r.Conditions = slices.DeleteFunc(r.Conditions, func(c Condition) bool {
		in := c.Span.Start >= cs && c.Span.End <= ce
		switch {
		case c.Kind == condition.KindKeyword:
			// The sort's words, a measure word, or a one-rune fragment the
			// sort words left ("度" of "按活跃度排序").
			return c.Span.Start >= s && c.Span.End <= e || in && (sortKeyIn(c.Span.Text) != "" || hasSortWord(c.Span.Text) || sortTails[strings.ToLower(strings.TrimSpace(c.Span.Text))] ||
				utf8.RuneCountInString(strings.TrimSpace(c.Span.Text)) == 1 ||
				// "smallest first", "put … on top": the order's own words
				ascendingWords.MatchString(c.Span.Text) || sortLeads[strings.ToLower(strings.TrimSpace(c.Span.Text))] ||
				// "order by date": the date sorted by is the sort's measure
				by == SortRecent && dateMeasures.MatchString(c.Span.Text))
		case c.Field == condition.Preference && c.Value.Str == by && in:
			// "sort by engagement": the sort is the wish for more of it.
			return true
		case c.Field == field && in && c.Kind == condition.KindDerived && !(c.Span.Start >= s && c.Span.End <= e):
			// A tier said beside the sort ("腰部 … 按粉丝数排") stays.
			return false
		case c.Field == field && in:
			// A stated number stays a filter ("粉丝十万以上，按粉丝排"),
			// unless the number sits inside the sort words themselves.
			return !hasDigitOrNumeral(c.Span.Text) || c.Span.Start >= s && c.Span.End <= e
		}
		return false
	})
	r.Remainder = slices.DeleteFunc(r.Remainder, func(sp Span) bool {
		return sp.Start >= cs && sp.End <= ce && (sp.Role == ResidueSort || sp.Start >= s && sp.End <= e || onlyQualifiers(sp.Text) ||
			// "Sort: followers": the measure sorted by, said bare
			sp.Role == "" && !hasDigitOrNumeral(sp.Text) && sortKeyIn(sp.Text) == by && onlyMeasure(sp.Text))
	})
}

// onlyMeasure reports that s holds nothing but measure words and light
// words ("views", "粉丝数", "the follower count").
func onlyMeasure(s string) bool {
	t, toks := lexTokens(s)
	for i := range toks {
		tk := &toks[i]
		switch {
		case tk.kind == tkSpace, tk.kind == tkPunct:
		case tk.kind == tkLex && (tk.has(clsField) != nil || tk.has(clsStop) != nil || tk.has(clsDe) != nil):
		case sortKeyIn(string(t.norm[tk.s:tk.e])) != "":
		default:
			return false
		}
	}
	return true
}

// sortLeads are the verbs that lead a sort's clause ("put the highest
// engagement on top", "show the biggest first"): never a term.
var sortLeads = map[string]bool{"put": true, "show": true, "show me": true, "list": true, "give me": true, "bring": true,
	// "the ones that get the most views first": the verb of the measure
	"get": true, "gets": true, "getting": true, "pull": true, "pulls": true, "rack up": true, "racks up": true, "draw": true, "draws": true,
	"whoever gets": true, "whoever has": true, "whoever": true, "who gets": true, "who has": true, "how much": true, "how many": true,
	"最前面": true, "最前": true, "let": true, "should": true, "go": true, "so": true, "so that": true, "在前": true, "前": true}

// sortTails are the words that end a sort's clause ("sorted by most
// followers first", "views on top"): its order, never a term.
var sortTails = map[string]bool{"first": true, "on top": true, "at the top": true, "top": true, "last": true, "desc": true, "asc": true}

// softenHedges makes the hard conditions of a clause opened by a hedge
// soft references, and drops the clause's leftover qualifiers ("最近")
// when a condition of the clause holds them.
func (r *Reading) softenHedges() {
	in := readable(r.Input)
	for _, cl := range clauses(in) {
		if !opensWithHedge(in[cl[0]:cl[1]]) {
			continue
		}
		held := false
		for i := range r.Conditions {
			c := &r.Conditions[i]
			if c.Span.Start < cl[0] || c.Span.End > cl[1] || c.Kind == condition.KindKeyword || c.Kind == condition.KindAnchor {
				continue
			}
			held = true
			if (c.Kind == condition.KindHard || c.Kind == condition.KindDerived) && c.Field != condition.Platform {
				// a creator tier said as a wish ("最好是腰部偏下的",
				// "ideally mid-tier") is a reference too, never a
				// cap merged into a stated bound (audit 27)
				c.Kind, c.Priority, c.Status = condition.KindSoft, 2, condition.StatusReference
			}
		}
		if !held {
			continue
		}
		r.Remainder = slices.DeleteFunc(r.Remainder, func(sp Span) bool {
			return sp.Start >= cl[0] && sp.End <= cl[1] && sp.Role == "" && onlyQualifiers(sp.Text)
		})
	}
}

// clauseSeps end a clause.
const clauseSeps = "，,;；。!！?？\n"

// clauses splits text into clause byte ranges.
func clauses(text string) [][2]int {
	var out [][2]int
	start := 0
	for i, r := range text {
		if strings.ContainsRune(clauseSeps, r) || r == '.' && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n') {
			// a full stop ends a clause ("… past fortnight. Sort by
			// engagement"); a decimal point ("2.5%") does not.
			if i > start {
				out = append(out, [2]int{start, i})
			}
			start = i + len(string(r))
		}
	}
	if start < len(text) {
		out = append(out, [2]int{start, len(text)})
	}
	return out
}

// clauseOf is the clause holding the byte range [s,e).
func clauseOf(text string, s, e int) (int, int) {
	for _, cl := range clauses(text) {
		if s >= cl[0] && s < cl[1] {
			return cl[0], max(cl[1], e)
		}
	}
	return s, e
}

// lexTokens lexes a piece of text with the parser's dictionary.
func lexTokens(s string) (*text, []token) {
	t := newText(s)
	return t, defaultLexicon.lex(t, nil)
}

// SortKeyIn is the sort key the measure words of s name ("播放多一点"
// avg_views, "more engaging ones" engagement, "bigger" followers), ""
// when none.
func SortKeyIn(s string) string { return sortKeyIn(s) }

// sortKeyIn is the sort key the measure words of s name, "" when none.
func sortKeyIn(s string) string {
	t, toks := lexTokens(s)
	for i := range toks {
		tk := &toks[i]
		switch {
		case tk.has(clsField) != nil:
			// A count or ratio field the results sort by (the filter
			// registry's Sort rows: followers, avg_views, engagement).
			if f, ok := fields.Lookup(tk.has(clsField).code); ok && f.Sort {
				return string(f.Name)
			}
		case tk.has(clsTier) != nil || slices.Contains(sizeWords, string(t.norm[tk.s:tk.e])):
			return SortFollowers
		case tk.has(clsActWord) != nil || tk.has(clsRecent) != nil:
			return SortRecent
		}
		w := string(t.norm[tk.s:tk.e])
		if inner, ok := comparativeInner(w); ok && tk.has(clsSort) != nil {
			// A comparative the lexicon holds whole ("越活跃越好"): its
			// measure is the word between the two 越.
			if k := sortKeyIn(inner); k != "" {
				return k
			}
		}
		switch {
		case slices.Contains(recentWords, w) || tk.kind == tkCJK && w == "新":
			return SortRecent
		case slices.Contains(viewWords, w):
			return SortAvgViews
		case slices.Contains(engagedWords, w):
			if f, ok := fields.Lookup("engagement"); ok && f.Sort {
				return string(f.Name)
			}
		case slices.Contains(similarWords, w):
			return SortSimilarity
		}
	}
	// "互动最高的", "按播放排": a CJK measure word the lexicon does not
	// hold alone is lexed rune by rune; it is still the measure.
	for _, m := range []struct {
		words []string
		key   string
	}{{viewWords, SortAvgViews}, {engagedWords, "engagement"}, {sizeWords, SortFollowers}, {recentWords, SortRecent}} {
		for _, w := range m.words {
			if isLatinWord(w) || !strings.Contains(s, w) {
				continue
			}
			if f, ok := fields.Lookup(m.key); ok && f.Sort || m.key == SortRecent {
				return m.key
			}
		}
	}
	return ""
}

// hasComparative reports a comparative or superlative wish in s (one of
// comparatives, not read as a bound).
func hasComparative(s string) bool {
	folded := foldKey(s)
	for _, re := range comparatives {
		// folded once for them all; each runs only where it may match
		if !re.need.may(folded) {
			continue
		}
		for _, m := range re.Regexp.FindAllStringIndex(s, -1) {
			if !superlativeBound(s[m[1]:]) {
				return true
			}
		}
	}
	return false
}

// superlativeBound reports a number right after a superlative ("最多五万",
// "most 50k"): the words are a bound, not a sort.
func superlativeBound(after string) bool {
	after = strings.TrimLeft(after, " \t:：")
	r, _ := utf8.DecodeRuneInString(after)
	return unicode.IsDigit(r) || strings.ContainsRune("一二两三四五六七八九十百千万", r)
}

// comparativeInner is the measure of a "越 X 越好" word: X.
func comparativeInner(w string) (string, bool) {
	rest, ok := strings.CutPrefix(w, "越")
	if !ok {
		return "", false
	}
	i := strings.Index(rest, "越")
	if i <= 0 {
		return "", false
	}
	return rest[:i], true
}

// recentWords, viewWords and similarWords name a sort measure outside
// the condition vocabulary ("活跃度", "newest", "播放", "相似度").
var (
	recentWords  = []string{"活跃度", "最新", "newest", "latest", "freshest", "newer", "fresher", "recent", "recently", "recency", "active", "activity", "fresh"}
	viewWords    = []string{"播放", "观看", "看的人", "plays", "played", "viewed", "view", "watched", "watch", "watches", "most-watched", "most-viewed"}
	engagedWords = []string{"engaged", "engage", "engages", "engaging", "engagement", "interact", "interacts", "interacted", "interacting", "interaction", "interactions", "interactive", "most-engaged", "most-engaging", "互动"}
	sizeWords    = []string{"biggest", "largest", "bigger", "larger", "大", "popular", "人气", "热门", "火", "大号", "followed", "subscribed", "most-followed", "most-subscribed",
		"hottest", "famous", "well-known", "well known", "best-known", "best known", "最红", "受欢迎", "有名", "出名", "知名", "顶流"}
	similarWords = []string{"相似", "相似度", "相关", "相关度", "相关性", "similar", "similarity", "relevance", "relevant"}
)

// OnlyQualifiers reports whether s holds only words that qualify a
// condition (recency, activity, sort, hedge, filler and stop words): no
// word of its own to name as unread.
func OnlyQualifiers(s string) bool { return onlyQualifiers(s) }

// CountFieldIn is the follower or view count a cue word of s names, ""
// when none.
func CountFieldIn(s string) condition.Field { return countFieldIn(s) }

// onlyQualifiers reports whether s holds only words that qualify a
// condition (recency, activity, filler, stop words, punctuation): never
// a topic of its own.
func onlyQualifiers(s string) bool {
	t, toks := lexTokens(s)
	for i := range toks {
		tk := &toks[i]
		switch tk.kind {
		case tkSpace, tkPunct:
			continue
		case tkLex:
			if tk.has(clsRecent) != nil || tk.has(clsActWord) != nil || tk.has(clsSort) != nil || tk.has(clsHedge) != nil ||
				tk.has(clsFiller) != nil || tk.has(clsStop) != nil || tk.has(clsDe) != nil {
				continue
			}
		case tkCJK:
			if strings.ContainsRune("还在仍都是也越的地得了", t.norm[tk.s]) {
				continue
			}
		}
		return false
	}
	return true
}

// opensWithHedge reports whether the clause s starts with a hedge word,
// after filler ("那最好是…").
func opensWithHedge(s string) bool {
	_, toks := lexTokens(s)
	for i := range toks {
		tk := &toks[i]
		switch {
		case tk.kind == tkSpace || tk.kind == tkPunct:
		case tk.has(clsHedge) != nil:
			// "最好的美妆博主" is "the best", no hedge.
			j := i + 1
			for j < len(toks) && toks[j].kind == tkSpace {
				j++
			}
			return j >= len(toks) || toks[j].has(clsDe) == nil
		case tk.kind == tkLex && (tk.has(clsFiller) != nil || tk.has(clsStop) != nil || tk.has(clsAnd) != nil):
		default:
			return false
		}
	}
	return false
}

// closesWithHedge reports text whose last word, fillers and stop words
// aside, is a hedge ("dogs only would be best", "猫的最好"): a wish
// about what comes before it, as a hedge that opens the text is.
func closesWithHedge(s string) bool {
	_, toks := lexTokens(s)
	for i := len(toks) - 1; i >= 0; i-- {
		tk := &toks[i]
		switch {
		case tk.kind == tkSpace || tk.kind == tkPunct:
		case tk.has(clsHedge) != nil:
			return true
		case tk.kind == tkLex && (tk.has(clsFiller) != nil || tk.has(clsStop) != nil || tk.has(clsAnd) != nil):
		default:
			return false
		}
	}
	return false
}

// WhollyHedged reports whether text is one clause opened by a hedge
// ("最好近一个月内还有更新", "ideally posted lately"): everything it asks
// for is a wish.
func WhollyHedged(text string) bool {
	cls := clauses(text)
	return len(cls) == 1 && opensWithHedge(text[cls[0][0]:cls[0][1]])
}

// hasSortWord reports whether s holds a sort word ("度排" of "按相似度排").
func hasSortWord(s string) bool {
	_, toks := lexTokens(s)
	return slices.ContainsFunc(toks, func(tk token) bool { return tk.has(clsSort) != nil })
}

// hasDigitOrNumeral reports whether s holds a number.
func hasDigitOrNumeral(s string) bool {
	_, toks := lexTokens(s)
	return slices.ContainsFunc(toks, func(tk token) bool { return tk.kind == tkNum })
}

// Unread is a clause that names a count field the reading could not turn
// into a condition ("粉丝量级二十万档"): the part of a request that was not
// applied, to be named rather than dropped in silence.
type Unread struct {
	Field condition.Field `json:"field"`
	Span  Span            `json:"span"`
}

// UnreadFields lists the clauses whose remainder names a follower or view
// count that no condition of the reading holds.
func (r Reading) UnreadFields() []Unread {
	var out []Unread
	for _, sp := range r.Remainder {
		if sp.Role != "" {
			continue
		}
		f := countFieldIn(sp.Text)
		if f == "" || slices.ContainsFunc(r.Conditions, func(c Condition) bool { return c.Field == f && c.Kind != condition.KindKeyword }) ||
			slices.ContainsFunc(out, func(u Unread) bool { return u.Field == f }) {
			continue
		}
		cs, ce := clauseOf(r.Input, sp.Start, sp.End)
		out = append(out, Unread{Field: f, Span: Span{Start: cs, End: ce, Text: strings.TrimSpace(r.Input[cs:ce])}})
	}
	return out
}

// countFieldIn is the count field a cue word of s names, "" when none.
func countFieldIn(s string) condition.Field {
	_, toks := lexTokens(s)
	for i := range toks {
		if e := toks[i].has(clsField); e != nil {
			if f, ok := fields.Lookup(e.code); ok && f.Kind == fields.Count {
				return f.Name
			}
		}
	}
	return ""
}
