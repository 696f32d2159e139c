package agent

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"searchagent/agent/modelpath"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/taxonomy"
)

// Condition Graph operations: merging parsed input and router commands
// into the graph, and turning the graph into store queries, contract
// condition chips and the router's view.

// replaced drops a value removed with a replace verb (condparse.IssueRemoved)
// when the same reading wants another value of its field ("replace beauty
// with fashion", "美妆换成穿搭"): the wanted value takes the held one's
// place, as a router command's replacement does (removal); kept, the
// removal stood as an exclusion beside it ("Beauty → Not Beauty").
func replaced(cs []condparse.Condition) []condparse.Condition {
	wanted := map[condition.Field]bool{}
	for _, c := range cs {
		if c.Kind == condition.KindHard && (c.Op == condition.OpEq || c.Op == condition.OpIn) && !slices.Contains(c.Issues, condparse.IssueAdded) {
			wanted[c.Field] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(cs), func(c condparse.Condition) bool {
		return c.Op == condition.OpNotIn && slices.Contains(c.Issues, condparse.IssueRemoved) && wanted[c.Field]
	})
}

// absorbParse merges a parse result into the graph (spec 3.7.2 order is
// the parser's): keywords become tags (scope "all" when they came from a
// sentence, the user's scope otherwise), hard, soft and derived
// conditions become nodes, the first URL becomes the anchor to resolve.
// It returns the anchor URL found (empty when none) and whether a second
// anchor was refused.
func (s *Session) absorbParse(res condparse.Result, source condition.Source) (anchorURL string, secondAnchor bool) {
	sentence := res.Shape == condparse.ShapeNatural || res.Shape == condparse.ShapeMixed
	for _, c := range replaced(res.Conditions) {
		switch c.Kind {
		case condition.KindAnchor:
			u := anchorURLOf(c, s.Platform)
			if u == "" {
				continue
			}
			if anchorURL != "" || s.Anchor.Resolved() {
				secondAnchor = true
				continue
			}
			anchorURL = u
		case condition.KindKeyword:
			scope := contract.Scope(c.Scope)
			scope = cmp.Or(scope, contract.ScopeTags)
			if sentence || slices.Contains(c.Issues, condparse.IssueRankingTerm) {
				// Words said in a sentence are about the topic, wherever it
				// shows: the chip says "全部来源" so nothing is hidden. A
				// ranking term is such a word, whatever shape the rest of
				// a follow-up had ("muscle building tutorials first").
				scope = contract.ScopeAll
			}
			if c.Status == condition.StatusReference && !c.Excluded && slices.ContainsFunc(s.Tags, func(t Tag) bool { return t.Excluded && strings.EqualFold(t.Text, c.Value.Str) }) {
				continue // the user excluded it: it does not rank either
			}
			if c.Excluded && slices.Contains(c.Issues, condparse.IssueRemoved) {
				// "钓鱼的换成冲浪的": a word replaced by another leaves
				// the ranking terms; it is never excluded
				s.Tags = slices.DeleteFunc(s.Tags, func(t Tag) bool { return t.Ranks() && strings.EqualFold(t.Text, c.Value.Str) })
				continue
			}
			n := len(s.Tags)
			tg := s.addTag(c.Value.Str, scope, c.Excluded, sourceOf(c, source))
			if tg != nil && len(s.Tags) > n {
				tg.Turn, tg.At = s.Turn, spanAt(c.Span)
			}
			if tg != nil && c.Status == condition.StatusReference && !c.Excluded && len(s.Tags) > n {
				// A word the user did not mark ranks (issue 26); a tag
				// that already filters stays a filter.
				tg.Status = condition.StatusReference
			}
		default:
			if c.Field == condition.Platform {
				s.absorbPlatform(c, source)
				continue
			}
			if c.Kind == condition.KindDerived && slices.Contains(c.Issues, condparse.IssueOverridden) &&
				slices.ContainsFunc(res.Conditions, func(o condparse.Condition) bool {
					return o.Field == c.Field && o.Kind == condition.KindHard && o.Op == condition.OpBetween && o.Status == condition.StatusApplied
				}) {
				// "micro influencers (10k-50k)": a whole range the user
				// stated overrides the tier's, which as one range of the
				// same field would replace it (mergeCond); a one-sided
				// bound still takes the tier's other end.
				continue
			}
			if c.Kind == condition.KindDerived && slices.Contains(c.Issues, condparse.IssueOverridden) &&
				(c.Op == condition.OpBetween || c.Op == condition.OpGte || c.Op == condition.OpLte) {
				if i := slices.IndexFunc(res.Conditions, func(o condparse.Condition) bool {
					return o.Field == c.Field && o.Kind == condition.KindHard && o.Status == condition.StatusApplied &&
						(o.Op == condition.OpGte || o.Op == condition.OpLte)
				}); i >= 0 {
					// "腰部博主，粉丝10万以上", "micro influencers (under
					// 50k)", "粉丝50万以上的头部": the bound the user said is
					// applied with the tier's other end, never given way to
					// the tier's reference (it replaced the bound and
					// filtered nothing); an open-ended tier has no other end.
					o := res.Conditions[i]
					lo, hi := c.Value.Range.Min, c.Value.Range.Max
					switch c.Op {
					case condition.OpGte:
						lo, hi = c.Value.Int, 0
					case condition.OpLte:
						lo, hi = 0, c.Value.Int
					}
					switch {
					case o.Op == condition.OpGte && hi == 0:
						lo = o.Value.Int
					case o.Op == condition.OpLte && lo == 0:
						hi = o.Value.Int
					case o.Op == condition.OpGte && o.Value.Int < hi:
						lo = o.Value.Int
					case o.Op == condition.OpLte && o.Value.Int > lo:
						hi = o.Value.Int
					default:
						continue // a bound beyond the tier stands alone
					}
					op, v := countValue(lo, hi)
					s.upsertCond(Cond{Kind: o.Kind, Field: string(o.Field), Op: op, Value: v, Source: sourceOf(o, source),
						Status: condition.StatusApplied, Priority: o.Priority, Span: o.Span.Text, At: spanAt(o.Span)})
					continue
				}
			}
			s.upsertCond(Cond{
				Kind: c.Kind, Field: string(c.Field), Op: c.Op, Value: c.Value,
				Source: sourceOf(c, source), Status: c.Status, Priority: c.Priority, Span: c.Span.Text,
				LabelZH: c.Label.ZH, LabelEN: c.Label.EN, At: spanAt(c.Span),
			})
		}
	}
	return anchorURL, secondAnchor
}

// spanAt is where a span starts in its turn's text, plus one (0: no span).
func spanAt(sp condparse.Span) int {
	if sp.Text == "" {
		return 0
	}
	return sp.Start + 1
}

// sourceOf keeps a condition the model or the parser inferred marked
// agent_inferred (issue 11: the model's additions are never presented as
// the user's; issue 16: a creator tier's follower range is the parser's
// reading, not the user's words).
func sourceOf(c condparse.Condition, source condition.Source) condition.Source {
	if c.Source == condition.SourceAgentInferred || slices.Contains(c.Issues, modelpath.IssueModelInferred) {
		return condition.SourceAgentInferred
	}
	return source
}

// absorbPlatform keeps a platform condition: the current platform is
// applied (searches stay inside it anyway); another platform cannot be
// searched from this page and stays pending, to be clarified.
//
// Platforms the user does not want (fixF3, class F1: "not TikTok or X",
// 不要抖音和小红书) agree with the page when its platform is none of them:
// nothing is filtered or asked, and the notice says the search stays on
// the page's platform. When the page's platform is one of them, the
// exclusion is pending and asked (which platform to search instead).
func (s *Session) absorbPlatform(c condparse.Condition, source condition.Source) {
	if isExclusion(c.Op) {
		vals := c.Value.Codes()
		if !slices.Contains(vals, string(s.Platform)) {
			s.Conds = slices.DeleteFunc(s.Conds, func(o Cond) bool {
				return o.Field == string(condition.Platform) && o.Status == condition.StatusPending && isExclusion(o.Op)
			})
			s.note(s.platformsStayNote(vals))
			return
		}
	}
	status := condition.StatusApplied
	if c.Value.Str != string(s.Platform) || c.Op != condition.OpEq {
		status = condition.StatusPending
	}
	s.upsertCond(Cond{Kind: condition.KindHard, Field: string(condition.Platform), Op: c.Op, Value: c.Value, Source: source,
		Status: status, Priority: 1, Span: c.Span.Text, LabelZH: c.Label.ZH, LabelEN: c.Label.EN})
}

// platformsStayNote says that the platforms vals, not wanted, are not
// searched anyway: the search stays on the page's platform.
func (s *Session) platformsStayNote(vals []string) string {
	var zh, en []string
	for _, v := range vals {
		if p, err := platform.Parse(v); err == nil {
			zh, en = append(zh, p.Label("zh")), append(en, p.Label("en"))
		}
	}
	here := s.Platform.Label(s.Locale)
	if len(en) == 0 {
		return pick(s.zh(), "仍只在 "+here+" 上搜索", "the search stays on "+here)
	}
	return pick(s.zh(), "不搜 "+strings.Join(zh, "、")+"：仍只在 "+here+" 上搜索",
		"Not "+strings.Join(en, " or ")+": the search stays on "+here)
}

func anchorURLOf(c condparse.Condition, p interface{ Label(string) string }) string {
	switch c.Field {
	case condition.URL:
		return c.Value.Str
	case condition.Handle:
		h := strings.TrimPrefix(c.Value.Str, "@")
		if h == "" {
			return ""
		}
		switch strings.ToLower(p.Label("en")) {
		case "youtube":
			return "https://www.youtube.com/@" + h
		case "instagram":
			return "https://www.instagram.com/" + h
		case "tiktok":
			return "https://www.tiktok.com/@" + h
		case "x":
			return "https://x.com/" + h
		}
	}
	return ""
}

// addTag adds a keyword tag unless the same text and polarity exist.
func (s *Session) addTag(text string, scope contract.Scope, excluded bool, source condition.Source) *Tag {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	for i := range s.Tags {
		if strings.EqualFold(s.Tags[i].Text, text) && s.Tags[i].Excluded == excluded {
			return &s.Tags[i]
		}
	}
	if excluded {
		// An exclusion overrides a ranking term of the same word: "不要烘焙"
		// after a search that ranked by 烘焙 (issue 26).
		// A ranking term said with the word ("烘焙教学", "dog groomers")
		// goes too (audit 24, class I).
		s.Tags = slices.DeleteFunc(s.Tags, func(t Tag) bool { return t.Ranks() && holdsWord(t.Text, text) })
	} else {
		// Wanting back what was excluded lifts the exclusion: "还是要电车的
		//吧" after "不要电车相关的", "actually Minecraft is fine" after
		// "no Minecraft" (audit 30, class 4).
		// A longer term that only holds the excluded word ("kids stem
		// toy" beside "no toy unboxing") wants it no more than before.
		s.Tags = slices.DeleteFunc(s.Tags, func(t Tag) bool { return t.Excluded && holdsWord(t.Text, text) })
	}
	s.Tags = append(s.Tags, Tag{Tag: contract.Tag{ID: s.newID("k"), Text: text, Scope: scope, Excluded: excluded}, Source: source})
	return &s.Tags[len(s.Tags)-1]
}

// holdsWord reports whether text is word or holds it: as a run of CJK
// runes, or as whole Latin words ("dog groomers" holds "dog", not "do").
func holdsWord(text, word string) bool {
	t, w := strings.ToLower(strings.TrimSpace(text)), strings.ToLower(strings.TrimSpace(word))
	if w == "" || !strings.Contains(t, w) {
		return false
	}
	for i := 0; ; {
		j := strings.Index(t[i:], w)
		if j < 0 {
			return false
		}
		s, e := i+j, i+j+len(w)
		before, _ := utf8.DecodeLastRuneInString(t[:s])
		after, _ := utf8.DecodeRuneInString(t[e:])
		if !latinLetter(before) && !latinLetter(after) || !latinLetter(rune(w[0])) && !latinLetter(rune(w[len(w)-1])) {
			return true
		}
		i = s + 1
	}
}

// latinLetter reports an ASCII letter or digit.
func latinLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// setValue is the include (eq for one value, in for several) or exclude
// (not_in) form of a value list.
func setValue(exclusion bool, vals []string) (condition.Op, condparse.Value) {
	switch {
	case exclusion:
		return condition.OpNotIn, condparse.StringsValue(vals...)
	case len(vals) == 1:
		return condition.OpEq, condparse.StringValue(vals[0])
	}
	return condition.OpIn, condparse.StringsValue(vals...)
}

// condChange is what merging one statement into the graph did to a
// node that was already there: its label before and after (an empty
// after: the node went). A new node is not a change: its chip says it.
type condChange struct {
	beforeZH, beforeEN string
	afterZH, afterEN   string
}

// text is the change as the user reads it: "粉丝 5000–2万 → 粉丝 ≥ 1万".
func (c condChange) text(zh bool) string {
	before, after := pick(zh, c.beforeZH, c.beforeEN), pick(zh, c.afterZH, c.afterEN)
	if after == "" {
		return pick(zh, "已移除：", "Removed: ") + before
	}
	return pick(zh, "已修改：", "Changed: ") + before + " → " + after
}

// mergeCond is the one place that decides what a new statement about a
// field does to the graph (issue 16 item 7): it is added, it replaces the
// node of the same field, it extends it or it removes values from it.
// Every change to a node the user already had is said in the turn's
// notice, and the query is rebuilt from the graph, so the results follow.
// The rules, per kind of field (docs: ARCHITECTURE.md, "Condition merge"):
//   - a set (country, language, category): a new include list replaces
//     the include list and lifts the exclusion of the values it names; a
//     new exclusion extends the exclusion list and takes its values out
//     of the include list — when that empties the include list, the
//     exclusion is what is left ("只要美国的" then "不要美国的": no US);
//   - a count range (followers, average views), stated or read from a
//     creator tier: a bound on the other side of a one-sided range
//     narrows it to a range ("≥ 1万" then "10万以下": 1万–10万); any other
//     statement replaces it ("粉丝 1万–10万" then "腰部博主");
//   - everything else (activity, platform): the later statement replaces
//     the earlier one; soft preferences add up.
//
// A manual edit (filter panel, source manual) sets the field as given.
// It returns the changes it made to nodes from earlier turns.
func (s *Session) mergeCond(c Cond) []condChange {
	if c.LabelZH == "" && c.Field != "preference" {
		c.LabelZH, c.LabelEN = describe(c)
	}
	c.Turn = s.Turn
	if c.Field == "preference" {
		if !slices.ContainsFunc(s.Conds, func(o Cond) bool { return o.Field == c.Field && o.Value.String() == c.Value.String() }) {
			c.ID = s.newID("c")
			s.Conds = append(s.Conds, c)
		}
		return nil
	}
	var changes []condChange
	// change records the edit of node i (from an earlier turn) and applies
	// it: next nil removes the node.
	change := func(i int, next *Cond) {
		old := s.Conds[i]
		ch := condChange{beforeZH: old.LabelZH, beforeEN: old.LabelEN}
		if next != nil {
			if next.LabelZH == "" {
				next.LabelZH, next.LabelEN = describe(*next)
			}
			ch.afterZH, ch.afterEN = next.LabelZH, next.LabelEN
			s.Conds[i] = *next
		} else {
			s.Conds = slices.Delete(s.Conds, i, i+1)
		}
		if old.Turn < s.Turn && (ch.beforeZH != ch.afterZH || ch.beforeEN != ch.afterEN) {
			changes = append(changes, ch)
		}
	}
	exclusion := isExclusion(c.Op)
	// A count is one range whoever read it: a creator tier (derived,
	// "腰部博主") and a stated range (hard) of followers replace each
	// other, never two competing filters.
	count := isCount(c.Field)
	same := slices.IndexFunc(s.Conds, func(o Cond) bool {
		if c.Kind == condition.KindSoft && o.Kind != condition.KindSoft && (o.Turn == s.Turn || o.Status == condition.StatusApplied) {
			// a wish said beside a stated range in one message ("粉丝三万
			// 以上，最好是腰部偏下的") is a reference beside it, never
			// its replacement (audit 27); so is a wish said in a later
			// follow-up ("…, ideally 50k+" after 100k+: fixP): a hedged
			// count never replaces a hard one applied
			return false
		}
		return o.Field == c.Field && (o.Kind == c.Kind || count && o.Kind != condition.KindSoft) && isExclusion(o.Op) == exclusion
	})
	vals := c.Value.Codes()
	if ff, ok := filterFieldNamed(c.Field); ok && ff.Kind == fields.Set && len(vals) > 0 && !exclusion {
		// One reading of a field (audit 25, class 5): a wish made a must
		// ("如果有华语的最好" then "华语还是必须要") leaves the filter alone,
		// never the filter and the reference of the same values; a wish
		// for what a filter already holds adds nothing.
		within := func(o Cond, outer []string) bool {
			return o.Field == c.Field && !isExclusion(o.Op) && len(o.Value.Codes()) > 0 && !slices.ContainsFunc(o.Value.Codes(), func(v string) bool { return !slices.Contains(outer, v) })
		}
		switch c.Kind {
		case condition.KindHard:
			s.Conds = slices.DeleteFunc(s.Conds, func(o Cond) bool { return o.Kind == condition.KindSoft && within(o, vals) })
		case condition.KindSoft:
			if slices.ContainsFunc(s.Conds, func(o Cond) bool {
				return o.Field == c.Field && o.Kind == condition.KindHard && o.Status == condition.StatusApplied && !isExclusion(o.Op) &&
					!slices.ContainsFunc(vals, func(v string) bool { return !slices.Contains(o.Value.Codes(), v) })
			}) {
				return nil
			}
		}
	}
	if ff, ok := filterFieldNamed(c.Field); ok && ff.Kind == fields.Set && len(vals) > 0 && c.Source != condition.SourceManual {
		opposite := slices.IndexFunc(s.Conds, func(o Cond) bool {
			return o.Field == c.Field && o.Kind == c.Kind && isExclusion(o.Op) != exclusion && len(o.Value.Codes()) > 0
		})
		if opposite >= 0 {
			old := s.Conds[opposite]
			var keep []string
			for _, v := range old.Value.Codes() {
				if !slices.Contains(vals, v) {
					keep = append(keep, v)
				}
			}
			if len(keep) < len(old.Value.Codes()) {
				if len(keep) == 0 {
					change(opposite, nil)
				} else {
					next := old
					next.Op, next.Value = setValue(!exclusion, keep)
					next.LabelZH, next.LabelEN = "", ""
					next.Turn = s.Turn
					change(opposite, &next)
				}
				if exclusion && len(keep) > 0 {
					// Values taken out of a list that still has others: the
					// include list already keeps them out.
					return s.sayChanges(changes)
				}
				same = slices.IndexFunc(s.Conds, func(o Cond) bool {
					return o.Field == c.Field && o.Kind == c.Kind && isExclusion(o.Op) == exclusion
				})
			}
		}
		if exclusion && same >= 0 {
			// Exclusions add up: "不要美国的" then "不要印度的" keeps both out.
			all := s.Conds[same].Value.Codes()
			for _, v := range vals {
				if !slices.Contains(all, v) {
					all = append(all, v)
				}
			}
			c.Op, c.Value = setValue(true, all)
			c.LabelZH, c.LabelEN = describe(c)
		}
	}
	if count && same >= 0 && c.Source != condition.SourceManual && s.Conds[same].Kind == c.Kind {
		old := s.Conds[same]
		if lo, hi, ok := joinBounds(old, c); ok {
			c.Op, c.Value = countValue(lo, hi)
			c.LabelZH, c.LabelEN = describe(c)
		}
	}
	if same < 0 {
		c.ID = s.newID("c")
		s.Conds = append(s.Conds, c)
		if n := len(changes); n > 0 && changes[n-1].afterZH == "" {
			// The include list gave way to the exclusion: one change.
			changes[n-1].afterZH, changes[n-1].afterEN = c.LabelZH, c.LabelEN
		}
		return s.sayChanges(changes)
	}
	c.ID = s.Conds[same].ID
	change(same, &c)
	return s.sayChanges(changes)
}

// joinBounds reads a lower bound after an upper one (or the reverse) as
// one range when they leave something between them.
func joinBounds(old, c Cond) (lo, hi int64, ok bool) {
	switch {
	case old.Op == condition.OpGte && c.Op == condition.OpLte && c.Value.Int > old.Value.Int:
		return old.Value.Int, c.Value.Int, true
	case old.Op == condition.OpLte && c.Op == condition.OpGte && old.Value.Int > c.Value.Int:
		return c.Value.Int, old.Value.Int, true
	}
	return 0, 0, false
}

// sayChanges adds the changes to the turn's notice and returns them.
func (s *Session) sayChanges(changes []condChange) []condChange {
	if len(changes) == 0 {
		return nil
	}
	var parts []string
	for _, ch := range changes {
		parts = append(parts, ch.text(s.zh()))
	}
	s.note(strings.Join(parts, pick(s.zh(), "；", "; ")))
	return changes
}

// note adds a sentence to the turn's notice.
// replacedNotice says which values a message said twice replaced
// ("粉丝说了两次，按后者：粉丝 ≥ 5万 → 粉丝 ≥ 10万"): the later value
// applies and the earlier is named (audit D3); "" when none was.
func replacedNotice(zh bool, rs []condparse.Replacement) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, pick(zh, r.From.ZH+" → "+r.To.ZH, r.From.EN+" → "+r.To.EN))
	}
	if len(parts) == 0 {
		return ""
	}
	return pick(zh, "同一条件说了两次，按后说的：", "Said twice, the later value applies: ") + strings.Join(parts, pick(zh, "；", "; "))
}

func (s *Session) note(msg string) {
	msg = strings.TrimRight(strings.TrimSpace(msg), "。.；;")
	switch {
	case msg == "":
	case s.Notice == "":
		s.Notice = msg
	case !strings.Contains(s.Notice, msg):
		s.Notice = strings.TrimRight(s.Notice, "。.；;") + pick(s.zh(), "。", ". ") + msg
	}
}

func isExclusion(op condition.Op) bool { return op == condition.OpNotIn || op == condition.OpNeq }

func describe(c Cond) (zh, en string) {
	l := condparse.Describe(condition.Field(c.Field), c.Op, c.Value)
	return l.ZH, l.EN
}

// upsertCond merges a node into the graph (mergeCond).
func (s *Session) upsertCond(c Cond) { s.mergeCond(c) }

// removeCond removes a node or a tag by id; it reports whether one went.
// The anchor is not removed by id: its own events and commands drop it
// (anchor.delete, the repair, remove_anchor).
func (s *Session) removeCond(id string) bool {
	if i, _ := s.cond(id); i >= 0 {
		s.Conds = slices.Delete(s.Conds, i, i+1)
		return true
	}
	if i, _ := s.tag(id); i >= 0 {
		s.Tags = slices.Delete(s.Tags, i, i+1)
		return true
	}
	return false
}

// query is the graph as a store query.
type query struct {
	keywords []store.Keyword
	filters  store.Filters
	anchor   string
	minScore float64
}

// buildQuery turns the applied graph into a store query: keyword tags,
// applied hard and derived filters (soft and pending nodes are never
// filters, spec 3.7.5), the anchor, the recall widening.
func (s *Session) buildQuery(now time.Time, skip string) query {
	var q query
	for _, t := range s.Tags {
		if t.ID == skip {
			continue
		}
		q.keywords = append(q.keywords, store.Keyword{Text: t.Text, Scope: store.Scope(t.Scope), Excluded: t.Excluded, Soft: t.Ranks()})
	}
	if s.Anchor.Resolved() && s.Anchor.ID != skip {
		q.anchor = s.Anchor.Key
	}
	q.minScore = s.MinScore
	for _, c := range s.Conds {
		if c.ID == skip || c.Status != condition.StatusApplied || (c.Kind != condition.KindHard && c.Kind != condition.KindDerived) {
			continue
		}
		applyFilter(&q.filters, c, now)
		if t := topicOf(c); t != "" && !slices.ContainsFunc(q.keywords, func(k store.Keyword) bool { return strings.EqualFold(k.Text, t) }) {
			// a chip of the same words ranks already (audit 24, class I)
			q.keywords = append(q.keywords, store.Keyword{Text: t, Scope: store.Scope(contract.ScopeAll), Soft: true})
		}
	}
	return q
}

// topicOf is the user's own words for a category when they say more than
// its name ("汽配评测" read as 汽车): they rank the category's channels
// as a soft keyword, so the results are not ordered by followers alone
// (issue 16 item 10). It is "" when the words are the name.
func topicOf(c Cond) string {
	if c.Field != "category" || c.Kind != condition.KindHard || (c.Op != condition.OpEq && c.Op != condition.OpIn) {
		return ""
	}
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(c.Span), "的"))
	if t == "" || strings.EqualFold(t, c.LabelZH) || strings.EqualFold(t, c.LabelEN) {
		return ""
	}
	for _, v := range c.Value.Codes() {
		if tx, ok := taxonomy.Categories.ByCode(v); ok && (strings.EqualFold(t, tx.Name("zh")) || strings.EqualFold(t, tx.Name("en"))) {
			return ""
		}
	}
	return t
}

func rangeOfCond(c Cond) store.Range {
	switch c.Op {
	case "between":
		return store.Range{Min: c.Value.Range.Min, Max: c.Value.Range.Max}
	case "gte":
		return store.Range{Min: c.Value.Int}
	case "lte":
		return store.Range{Max: c.Value.Int}
	case "eq":
		return store.Range{Min: c.Value.Int, Max: c.Value.Int}
	}
	return store.Range{}
}

// chips renders the graph as the conditions slot, in priority order:
// the anchor (P0), keyword tags and hard filters (P1), soft preferences
// (P2), derived rules (P3).
func (s *Session) chips() []contract.Condition {
	loc := s.Locale
	out := []contract.Condition{}
	if s.Anchor.Resolved() {
		label := s.Anchor.Name
		if s.Anchor.Handle != "" {
			label = "@" + s.Anchor.Handle
		}
		out = append(out, contract.Condition{ID: s.Anchor.ID, Kind: condition.KindAnchor, Field: "anchor", Op: condition.Op("eq"),
			Value: s.Anchor.Key, Label: clip(pick(s.zh(), "锚点 ", "Anchor ")+label, 28), Source: condition.SourceUserInput, Status: condition.StatusApplied})
	}
	for _, t := range s.Tags {
		op := condition.OpContains
		if t.Excluded {
			op = condition.OpNotContains
		}
		status := condition.StatusApplied
		if t.Ranks() {
			status = condition.StatusReference
		}
		c := contract.Condition{ID: t.ID, Kind: condition.KindKeyword, Field: string(t.Scope), Op: op, Value: t.Text,
			Source: t.Source, Status: status}
		c.Label = contract.ConditionLabel(c, loc)
		out = append(out, c)
	}
	ordered := slices.Clone(s.Conds)
	slices.SortStableFunc(ordered, func(a, b Cond) int { return a.Priority - b.Priority })
	for _, n := range ordered {
		c := contract.Condition{ID: n.ID, Kind: n.Kind, Field: n.Field, Op: n.Op, Value: valueAny(n.Value),
			Source: n.Source, Status: n.Status}
		c.Label = pick(s.zh(), n.LabelZH, n.LabelEN)
		if c.Label == "" {
			l := condparse.Describe(condition.Field(n.Field), n.Op, n.Value)
			c.Label = pick(s.zh(), l.ZH, l.EN)
		}
		if c.Label == "" {
			c.Label = contract.ConditionLabel(c, loc)
		}
		c.Label = clip(c.Label, 28)
		out = append(out, c)
	}
	return out
}

// routerConditions is the graph as the router sees it.
func (s *Session) routerConditions() []router.Condition {
	var out []router.Condition
	for _, c := range s.chips() {
		out = append(out, router.Condition{ID: c.ID, Kind: string(c.Kind), Field: c.Field, Op: string(c.Op), Value: c.Value, Label: c.Label})
	}
	return out
}

func valueAny(v condparse.Value) any {
	switch v.Type {
	case condparse.ValueString:
		return v.Str
	case condparse.ValueStrings:
		return v.Strs
	case condparse.ValueInt:
		return v.Int
	case condparse.ValueRange:
		return map[string]int64{"min": v.Range.Min, "max": v.Range.Max}
	}
	return v.String()
}

func stringsOf(v any) []string {
	switch x := v.(type) {
	case string:
		if x == "" {
			return nil
		}
		return []string{x}
	case []string:
		return x
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok && s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func intOf(v any) (int64, bool) {
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int64:
		return x, true
	case float64:
		return int64(x), true
	}
	return 0, false
}

// rangeOf reads a router count value: an int with op gte/lte/eq, a
// [min,max] pair, or a {"min","max"} map.
func rangeOf(op string, v any) (lo, hi int64, ok bool) {
	if n, isInt := intOf(v); isInt {
		switch op {
		case "gte":
			return n, 0, n > 0
		case "lte":
			return 0, n, n > 0
		default:
			return n, n, n > 0
		}
	}
	switch x := v.(type) {
	case []any:
		if len(x) == 2 {
			a, ok1 := intOf(x[0])
			b, ok2 := intOf(x[1])
			return a, b, ok1 && ok2 && (a > 0 || b > 0)
		}
	case []int64:
		if len(x) == 2 {
			return x[0], x[1], x[0] > 0 || x[1] > 0
		}
	case map[string]any:
		a, _ := intOf(x["min"])
		b, _ := intOf(x["max"])
		return a, b, a > 0 || b > 0
	}
	return 0, 0, false
}

func categoryName(id, locale string) string {
	if t, ok := taxonomy.Categories.ByCode(id); ok {
		return t.Name(locale)
	}
	return id
}

func pick(zh bool, a, b string) string {
	if zh {
		return a
	}
	return b
}

// clip shortens s to n runes with an ellipsis, never in the middle of a
// Latin word (contract.TrimPartialWord).
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return contract.TrimPartialWord(string(r[:n-1]), r[n-1]) + "…"
}
