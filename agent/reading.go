package agent

import (
	"maps"
	"regexp"
	"unicode"
	"unicode/utf8"

	"searchagent/contract"
	"slices"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/taxonomy"
)

// One reading for first searches and follow-ups (issue 26 item 3): the
// condition reading (condparse.Read) reads every submitted text, first
// search or follow-up. A follow-up also goes through the router, whose
// commands carry session-level intents and edits; the conditions the
// reading found that no command covers are merged after the commands, so
// a compound follow-up applies every part a first search would. A sort
// said in words sets the results' sort, as results.sort does.

// read is the condition reading of text on the session's platform.
func (t *turn) read(text string) (condparse.Reading, error) {
	return condparse.Read(text, condparse.WithPlatform(t.s.Platform), condparse.WithNow(t.now))
}

// readFollowup reads a follow-up's text as read does, with a vague size
// taken as a step of the held follower range (stepVagueSize).
func (t *turn) readFollowup(text string) (condparse.Reading, error) {
	rd, err := condparse.Read(text, condparse.WithPlatform(t.s.Platform), condparse.WithNow(t.now), condparse.WithFollowup())
	if err == nil {
		if msg := t.s.stepVagueSize(&rd); msg != "" {
			t.plan.notes = append(t.plan.notes, msg)
		}
		t.plan.formats = append(t.plan.formats, t.s.formatsBesideHeld(&rd)...)
		for _, sp := range rd.Remainder {
			if sp.Role == condparse.ResidueQuestion && !slices.Contains(t.dropped, sp.Text) {
				// the notice quotes the user's question: their words,
				// never a question the box asks (contract SECOND_QUESTION)
				t.dropped = append(t.dropped, sp.Text)
			}
		}
	}
	return rd, err
}

// formatsBesideHeld ranks a category the reading took from a content
// format alone ("要真在拍旅行vlog的", "tutorials ones": condparse.IssueFormat)
// when the search holds another category, and leaves out the category of
// a subtopic said alone (condparse.IssueSubtopic), whose word ranks
// already: the format tells how the
// held category's content is made, as it does beside a category in one
// sentence (formCategories), so it ranks as a chip instead of replacing
// the category (audit 24, class F). It returns the codes no longer read,
// which the router's category command gives up too.
func (s *Session) formatsBesideHeld(rd *condparse.Reading) (codes []string) {
	var held []string
	for _, o := range s.Conds {
		if o.Field == string(condition.Category) && o.Kind == condition.KindHard && o.Status == condition.StatusApplied && !isExclusion(o.Op) {
			held = append(held, o.Value.Codes()...)
		}
	}
	if len(held) == 0 {
		return nil
	}
	for i, c := range rd.Conditions {
		if c.Field == condition.Keyword && slices.Contains(c.Issues, condparse.IssueFormat) {
			// ranked already by the reading ("拍旅行vlog"): the router's
			// category of the same word goes too
			if tm, ok := taxonomy.Categories.Lookup(strings.TrimSpace(c.Value.Str)); ok && !slices.Contains(held, tm.Code) {
				codes = append(codes, tm.Code)
			}
			continue
		}
		if c.Field != condition.Category || c.Kind != condition.KindHard || c.Op != condition.OpEq && c.Op != condition.OpIn ||
			!slices.ContainsFunc(c.Value.Codes(), func(v string) bool { return !slices.Contains(held, v) }) {
			continue
		}
		if slices.Contains(c.Issues, condparse.IssueSubtopic) {
			// "主要拍探店的" on a fitness search: the subtopic's own
			// ranking term is read beside it; its category gives way to
			// the one held, as a first search naming both reads it
			// (fixN, class 7c)
			codes = append(codes, c.Value.Codes()...)
			rd.Conditions[i].Status = dropStatus
			continue
		}
		if !slices.Contains(c.Issues, condparse.IssueFormat) {
			continue
		}
		codes = append(codes, c.Value.Codes()...)
		w := strings.TrimSpace(c.Span.Text)
		rd.Conditions[i] = condparse.Condition{Kind: condition.KindKeyword, Field: condition.Keyword, Op: condition.OpContains,
			Value: condparse.StringValue(w), Source: c.Source, Status: condition.StatusReference, Priority: 2, Span: c.Span,
			Label: condparse.Label{ZH: w, EN: w}, Scope: condparse.Scope("tags"), Issues: []string{condparse.IssueRankingTerm, condparse.IssueFormat}}
	}
	rd.Conditions = slices.DeleteFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Status == dropStatus })
	return codes
}

// dropStatus marks a condition of a reading to delete once its loop is
// done.
const dropStatus condition.Status = "drop"

// mergeReading completes the router's commands of a matched follow-up
// with the reading of the same text: the sort said in words, hedged
// conditions kept soft, and the conditions of fields no command covers.
func (t *turn) mergeReading(rd condparse.Reading) {
	t.droppedDemonymsNotLanguages(rd)
	// "这些里面去掉粉丝低于二十万的", "drop anyone under 100k": the removal
	// verb takes channels out of the results (the reading's bound, which
	// narrows the held count: condparse.IssueNarrows), never the field's
	// condition the router's removal would take, and the router's own
	// bound of the words ("低于二十万" as a cap) gives way to it.
	routed := len(t.plan.commands)
	t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
		return (cmd.Name == "remove_filter" || cmd.Name == "add_filter") && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return string(c.Field) == str(cmd.Args.Get("field")) && slices.Contains(c.Issues, condparse.IssueNarrows)
		})
	})
	// a field command that gave way to the reading's narrowing bound is
	// still a field command: an exclusion said beside it applies
	// ("只要粉丝五万以上的，另外去掉做美甲的")
	gaveWay := len(t.plan.commands) < routed
	// The trace keeps the reading next to the router's decision, so an
	// auditor sees which part each of them read.
	// The other end of a held count is kept unless the same follow-up
	// removes the field or that end ("scrap the follower minimum and cap
	// it at 20k", "门槛去掉，上限十万").
	t.heldBounds(&rd, func(f condition.Field) bool {
		return slices.ContainsFunc(t.plan.commands, func(cmd router.Command) bool {
			return cmd.Name == "remove_filter" && str(cmd.Args.Get("field")) == string(f)
		})
	})
	t.trace.Parse = &rd.Result
	t.takeSort(rd)
	if len(rd.Replaced) > 0 {
		// "20k+ subs… actually 50k+ subs", "近60天，更正：近10天": one
		// field said twice; the reading applies the later value, the
		// router's filter of the same field gives way to it, and the
		// notice names the value replaced (audit D3).
		t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
			return cmd.Name == "add_filter" && slices.ContainsFunc(rd.Replaced, func(r condparse.Replacement) bool { return string(r.Field) == str(cmd.Args.Get("field")) })
		})
		t.plan.notes = append(t.plan.notes, replacedNotice(t.s.zh(), rd.Replaced))
	}
	t.plan.wish = condparse.WhollyHedged(rd.Input)
	read := map[condition.Field][]condparse.Condition{}
	for _, c := range rd.Conditions {
		read[c.Field] = append(read[c.Field], c)
	}
	covered := map[condition.Field]bool{}
	var keywords []string
	t.plan.commands = placesNotKeywords(t.plan.commands, rd, t.s.heldCategories())
	t.plan.commands = dialectsNotExcluded(t.plan.commands, rd)
	t.plan.commands = t.s.finerThanHeld(t.plan.commands, &rd)
	t.plan.commands = preferencesPlacedElsewhere(t.plan.commands, rd)
	t.plan.commands = talkNotConditions(t.plan.commands, rd, read)
	t.plan.commands = correctedNotExcluded(t.plan.commands, rd)
	t.plan.commands = excludedNotAdded(t.plan.commands, rd)
	t.plan.commands = wantedNotExcluded(t.plan.commands, rd)
	// "除了第一个都不要，找跟它像的": a result's position is no keyword
	// the router may add or exclude.
	t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
		kws := stringsOf(cmd.Args.Get("keywords"))
		return (cmd.Name == "exclude_keyword" || cmd.Name == "add_keyword") && len(kws) > 0 && !slices.ContainsFunc(kws, func(k string) bool { return !condparse.IsPosition(k) })
	})
	t.plan.commands = withoutCodes(t.plan.commands, condition.Category, t.plan.formats)
	t.plan.commands = withoutCodes(t.plan.commands, condition.Category, excludedInWords(rd, taxonomy.Categories))
	// a place or language said of the audience is no creator filter
	t.plan.commands = withoutCodes(t.plan.commands, condition.Country, audienceCodes(rd, condition.Country, taxonomy.Countries))
	t.plan.commands = withoutCodes(t.plan.commands, condition.Language, audienceCodes(rd, condition.Language, taxonomy.Languages))
	// the writer's own place or launch market, dropped as frame beside
	// the creators' place, is no creator filter either
	t.plan.commands = withoutCodes(t.plan.commands, condition.Country, droppedPlaceCodes(rd))
	if exampleExcluded(rd) {
		// "像第二个那样做游戏的不要", "no food ones like #3": the position
		// names the example of what is left out, never an anchor to find
		// channels like (audit 24, class F).
		t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
			return cmd.Name == "replace_anchor" && cmd.Args.Get("position") != nil
		})
	}
	t.plan.commands = t.s.replacedNotExcluded(t.plan.commands)
	t.plan.commands = t.s.narrowedHeldSet(t.plan.commands, rd)
	t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
		switch cmd.Name {
		case "add_filter":
			f := condition.Field(str(cmd.Args.Get("field")))
			if sortField(t.plan.sort) == f && len(read[f]) == 0 {
				// The words were the sort's ("越活跃越好"): no filter.
				return true
			}
			if hedged(read[f]) || partlyHedged(read[f]) {
				// The reading keeps a wish soft; the router's hard filter
				// of the same words gives way to it (seed 002 §3.7.5),
				// also when the follow-up said one value hard and another
				// as a wish ("only US ones, ideally UK based": US filters,
				// the UK is a reference, as in a first search).
				return true
			}
			if len(read[f]) == 0 && inPreference(f, stringsOf(cmd.Args.Get("value")), rd) {
				// "only family-friendly ones": the router's category is a
				// word of the soft preference the reading read, as a
				// first search reads it; the held category stays.
				return true
			}
			covered[f] = true
		case "remove_filter":
			f := condition.Field(str(cmd.Args.Get("field")))
			// "scrap the follower minimum and cap it at 20k instead": a
			// bound the reading found for the same field is set after
			// the removal, so the field is not covered by it.
			covered[f] = !slices.ContainsFunc(read[f], func(c condparse.Condition) bool {
				return c.Kind == condition.KindHard && c.Status == condition.StatusApplied && isCount(string(c.Field)) && !slices.Contains(c.Issues, condparse.IssueRemoved)
			})
		case "add_soft_preference":
			covered[condition.Preference] = true
		case "add_keyword", "exclude_keyword":
			keywords = append(keywords, stringsOf(cmd.Args.Get("keywords"))...)
		}
		return false
	})
	if lifts := t.s.boundLifts(rd); len(lifts) > 0 {
		// "上限去掉": one end of a held count goes, not the whole field
		// the router's removal would take.
		t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
			return cmd.Name == "remove_filter" && slices.ContainsFunc(rd.Unbounded, func(u condparse.BoundLift) bool { return string(u.Field) == str(cmd.Args.Get("field")) })
		})
		// …and the router's keyword reading of the bound's words ("no
		// upper limit anymore" excluded as a keyword) gives way.
		t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
			return (cmd.Name == "exclude_keyword" || cmd.Name == "add_keyword") && !slices.ContainsFunc(stringsOf(cmd.Args.Get("keywords")), func(k string) bool {
				return !condparse.NamesBound(k)
			})
		})
		t.plan.lifts = append(t.plan.lifts, lifts...)
		for _, u := range rd.Unbounded {
			covered[u.Field] = covered[u.Field] || !slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Field == u.Field })
		}
	}
	for _, f := range rd.Unlimited {
		// "drop the country limit, any language is fine now too": every
		// field the reading says has no requirement goes, not only the
		// one the router's removal matched.
		if covered[f] && slices.ContainsFunc(t.plan.commands, func(cmd router.Command) bool {
			return cmd.Name == "remove_filter" && str(cmd.Args.Get("field")) == string(f)
		}) {
			continue
		}
		var ids []string
		for _, c := range t.s.chips() {
			if c.Field == string(f) && c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) > 0 && !slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Field == f && !c.Excluded }) {
			t.plan.commands = append(t.plan.commands, router.Command{Name: "remove_filter", Args: router.Args{"field": string(f), "condition_ids": ids}})
			covered[f] = true
		}
	}
	for i, cmd := range t.plan.commands {
		if kws := t.s.kindInside(cmd, rd); len(kws) > 0 {
			t.plan.commands[i] = router.Command{Name: "exclude_keyword", Spec: cmd.Spec, Args: router.Args{"keywords": kws}}
			continue
		}
		if cmd.Name == "add_keyword" {
			t.plan.commands[i].Args = rankUnmarked(cmd.Args, rd)
		}
		if cmd.Name == "add_filter" {
			f := condition.Field(str(cmd.Args.Get("field")))
			args := followBound(followPolarity(cmd.Args, read[f]), read[f])
			t.plan.commands[i].Args = t.s.swapHeld(f, removal(t.s.keepHeld(widenSet(router.Command{Name: cmd.Name, Args: args}, read[f]), read[f]), read[f]), read[f])
			if a := t.plan.commands[i].Args; (str(a.Get("op")) == string(condition.OpIn) || str(a.Get("op")) == string(condition.OpEq)) && !slices.ContainsFunc(read[f], func(c condparse.Condition) bool {
				return slices.Contains(c.Issues, condparse.IssueAdded)
			}) {
				// "nvm brazil do mexico n colombia instead": the new values
				// replace the held ones named beside them.
				vals := stringsOf(a.Get("value"))
				var named []string
				for _, c := range read[f] {
					if c.Op == condition.OpIn || c.Op == condition.OpEq {
						named = append(named, namedCodes(c)...)
					}
				}
				if kept := t.s.insteadOfHeld(rd.Input, string(f), vals, named); len(kept) < len(vals) {
					out := maps.Clone(a)
					out["op"], out["value"] = string(condition.OpIn), kept
					t.plan.commands[i].Args = out
				}
			}
		}
	}
	// the reading's own include lists said instead of held values
	// (the router's commands took theirs above)
	t.s.insteadInReading(&rd)
	var extra []condparse.Condition
	byRouter := t.s.holdsCategoryOf(t.plan.commands)
	if byRouter || !covered[condition.Category] && t.s.holdsCategoriesRead(read[condition.Category]) {
		// "只看猫的" after "英国的宠物博主": the router read the word as the
		// category the search holds, which narrows nothing; the word is
		// what narrows, as the reading read it. Read so by the reading
		// alone, only the words said with the category's own do
		// ("ones actually shooting travel vlogs").
		for _, c := range rd.Conditions {
			if c.Field == condition.Keyword && c.Op == condition.OpContains && !saidAsKeyword(c, keywords) &&
				(byRouter || slices.ContainsFunc(read[condition.Category], func(o condparse.Condition) bool {
					return o.Span.Start < c.Span.End && c.Span.Start < o.Span.End
				})) {
				// unmarked (no cue, no quote): it ranks, shown as a chip
				// the user can make a filter
				c.Status = condition.StatusReference
				if !slices.Contains(c.Issues, condparse.IssueRankingTerm) {
					c.Issues = append(slices.Clone(c.Issues), condparse.IssueRankingTerm)
				}
				extra = append(extra, c)
			}
		}
	}
	for _, c := range rd.Conditions {
		// "只要粉丝十万以上的，并且去掉做彩妆教程的": an exclusion the user
		// said applies beside the router's other commands, never lost
		if c.Field == condition.Keyword && c.Op == condition.OpNotContains && c.Status == condition.StatusApplied && !saidAsKeyword(c, keywords) &&
			(onlyFieldCommands(t.plan.commands) || len(t.plan.commands) == 0 && (gaveWay || t.plan.widen || t.plan.narrow || len(t.plan.lifts) > 0 || t.plan.sort != "" ||
				// "第三个那种吃播的不要 要…的": the word excluded before its
				// exclusion word, where the router's exclusion ran past it
				slices.Contains(c.Issues, condparse.IssueExcludedAfter))) {
			// (a sort said with it too: "换成按互动排，再去掉手办相关的")
			extra = append(extra, c)
		}
	}
	// The router read filters and preferences only ("只要真人出镜的": the
	// preference 真人): a ranking term the reading found in the clause
	// of a soft preference it read too is the rest of that wish, and
	// ranks as in a first search (one reading), rather than being named
	// as not understood.
	fieldsOnly := t.routerReadFieldsOnly(read)
	for _, c := range rd.Conditions {
		// "…，甜品的优先", "put the vegan ones first": a term the user
		// put first or wished for ranks, as in a first search, beside
		// the router's commands; never a filter. So does a content
		// format said beside the category held (formatsBesideHeld).
		if c.Field == condition.Keyword && c.Op == condition.OpContains && c.Status == condition.StatusReference &&
			slices.Contains(c.Issues, condparse.IssueRankingTerm) && !saidAsKeyword(c, keywords) &&
			(fieldsOnly && besidePreference(rd, c.Span) || t.routerLeft(c.Span.Text) && !condparse.IsPosition(c.Span.Text) && condparse.Describes(clauseOf(rd.Input, c.Span)) || priorityClause(rd.Input, c.Span) || slices.Contains(c.Issues, condparse.IssueFormat) || besideFormat(c, rd.Conditions)) {
			extra = append(extra, c)
		}
	}
	for _, c := range rd.Conditions {
		// "换成TikTok吧，其他不变，粉丝最好十万以上": the router reads no
		// platform; a platform the reading read beside the commands is
		// the platform switch a follow-up saying it alone makes (pending,
		// absorbPlatform), never lost to the commands of the rest.
		if c.Field == condition.Platform && c.Kind == condition.KindHard && c.Op == condition.OpEq && !c.Excluded {
			extra = append(extra, c)
		}
		// "no IG please", "不要抖音和小红书": platforms not wanted are
		// read as in a first search (absorbPlatform: they agree with the
		// page, or the switch is asked), never an unread follow-up.
		if c.Field == condition.Platform && c.Kind == condition.KindHard && isExclusion(c.Op) &&
			!slices.ContainsFunc(extra, func(o condparse.Condition) bool { return o.ID == c.ID }) {
			extra = append(extra, c)
		}
	}
	for _, c := range rd.Conditions {
		// "还是要电车的吧，改成只要电车内容": a word the search excludes,
		// now wanted, is the wanted topic (the exclusion goes with it,
		// addTag), whatever else the router read (audit 30, class 4).
		ids := t.s.excludingTags(c.Value.Str)
		if c.Field != condition.Keyword || c.Op != condition.OpContains || saidAsKeyword(c, keywords) || len(ids) == 0 {
			continue
		}
		t.plan.commands = append(t.plan.commands, router.Command{Name: "remove_filter", Args: router.Args{"field": string(condition.Keyword), "condition_ids": ids}})
		if slices.ContainsFunc(append([]condparse.Span{c.Span}, c.MoreSpans...), func(sp condparse.Span) bool { return onlyWanted(rd.Input, sp) }) {
			// "只要电车内容", "make it Minecraft only": the one topic
			// kept, so it filters
			c.Status, c.Priority = condition.StatusApplied, 1
			c.Issues = slices.DeleteFunc(slices.Clone(c.Issues), func(i string) bool { return i == condparse.IssueRankingTerm })
		}
		if !slices.ContainsFunc(extra, func(o condparse.Condition) bool { return o.ID == c.ID }) {
			extra = append(extra, c)
		}
	}
	langs := commandLanguages(t.plan.commands)
	for _, c := range rd.Conditions {
		if !readsFilter(c) || covered[c.Field] || saidAsKeyword(c, keywords) || readAsLanguage(c, langs) {
			continue
		}
		extra = append(extra, t.s.addedToHeld(c))
	}
	if len(extra) > 0 {
		res := rd.Result
		res.Conditions = extra
		t.plan.reading = &res
	}
	if words := t.unreadWords(rd, read); len(words) > 0 {
		t.plan.notice = pick(t.s.zh(), "未识别：", "not understood: ") + clip(strings.Join(words, " "), 24)
	}
	for _, u := range rd.UnreadFields() {
		if !covered[u.Field] {
			// A count the reading could not read ("粉丝量级二十万档") is
			// named as not applied.
			q := clip(u.Span.Text, 24)
			t.plan.notice = pick(t.s.zh(), "「"+q+"」没有读懂，未加入条件：可以写成“粉丝 1万以上”或“粉丝 20万以下”",
				"“"+q+"” was not understood, so no condition was added: write a range such as “over 10k followers” or “under 200k followers”")
		}
	}
	if msg := residueNotice(t.s.zh(), rd.Remainder); msg != "" {
		// A part the reading placed but cannot apply (a vague amount) is
		// named, never dropped in silence.
		t.plan.notice = msg
	}
	if msg := t.s.countNotice(rd.Input, rd.Quantity); msg != "" {
		// A result count is named as one, never a filter (issue 26).
		if t.plan.notice != "" {
			msg = t.plan.notice + pick(t.s.zh(), "。", ". ") + msg
		}
		t.plan.notice = msg
	}
}

// exampleExcluded reports an exclusion the reading found whose dictated
// clause also names a result by its position ("第二个那种吃播的不要",
// "skip the gaming type like number 2"): the result is the example of
// what is left out.
func exampleExcluded(rd condparse.Reading) bool {
	return slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		cl := dictatedClause(rd.Input, c.Span)
		return (c.Op == condition.OpNotIn || c.Op == condition.OpNotContains) && c.Status == condition.StatusApplied &&
			(len(router.Ordinals(cl)) > 0 || numberedResult.MatchString(cl))
	})
}

// numberedResult names a result by its number ("like number 2", "#3").
var numberedResult = regexp.MustCompile(`(?i)\bnumber\s+\d+\b|#\d+\b`)

// dictatedClause is the clause of sp, cut at punctuation and, between
// Chinese words, at the space dictation puts for a comma.
func dictatedClause(in string, sp condparse.Span) string {
	from, to := 0, len(in)
	for i, r := range in {
		sep := strings.ContainsRune(",，;；。.!！?？\n", r)
		if r == ' ' || r == '\u3000' {
			before, _ := utf8.DecodeLastRuneInString(in[:i])
			after, _ := utf8.DecodeRuneInString(in[i+utf8.RuneLen(r):])
			sep = unicode.Is(unicode.Han, before) || unicode.Is(unicode.Han, after)
		}
		if !sep {
			continue
		}
		if i < sp.Start {
			from = i + utf8.RuneLen(r)
		} else if i >= sp.End && i < to {
			to = i
		}
	}
	return in[from:to]
}

// excludedInWords are the codes of v named inside a keyword the reading
// excludes ("做美食探店的不要" excludes 美食探店): the router's inclusion
// of the same words is its misreading of the exclusion (audit 24, class
// F). A code the reading also wants in words of their own ("我要的是教做
// 饭的，不是吃播": food by 做饭, 吃播 left out) is no misreading (audit 27).
func excludedInWords(rd condparse.Reading, v *taxonomy.Vocabulary) []string {
	var codes, wanted []string
	for _, c := range rd.Conditions {
		if c.Kind == condition.KindHard && (c.Op == condition.OpEq || c.Op == condition.OpIn) {
			wanted = append(wanted, c.Value.Codes()...)
		}
	}
	for _, c := range rd.Conditions {
		if c.Field != condition.Keyword || c.Op != condition.OpNotContains {
			continue
		}
		k := strings.ToLower(c.Value.Str)
		for _, tm := range v.Terms() {
			for _, w := range append([]string{tm.ZH, tm.EN}, tm.Aliases...) {
				w = strings.ToLower(w)
				if utf8.RuneCountInString(w) >= 2 && holdsWord(k, w) && !slices.Contains(codes, tm.Code) && !slices.Contains(wanted, tm.Code) {
					codes = append(codes, tm.Code)
				}
			}
		}
	}
	return codes
}

// besideFormat reports a ranking term glued to a content format that
// ranks beside the category held ("徒步vlog", "street food vlogs"): the
// words say what the wished-for content is about.
func besideFormat(c condparse.Condition, cs []condparse.Condition) bool {
	return slices.ContainsFunc(cs, func(f condparse.Condition) bool {
		if !slices.Contains(f.Issues, condparse.IssueFormat) || f.Field != condition.Keyword {
			return false
		}
		return c.Span.End <= f.Span.Start && f.Span.Start-c.Span.End <= 1 || f.Span.End <= c.Span.Start && c.Span.Start-f.Span.End <= 1
	})
}

// withoutCodes takes codes out of the router's include commands of field
// f; a command left with no value goes.
func withoutCodes(cmds []router.Command, f condition.Field, codes []string) []router.Command {
	if len(codes) == 0 {
		return cmds
	}
	var out []router.Command
	for _, cmd := range cmds {
		op := str(cmd.Args.Get("op"))
		if cmd.Name != "add_filter" || str(cmd.Args.Get("field")) != string(f) || op != string(condition.OpIn) && op != string(condition.OpEq) {
			out = append(out, cmd)
			continue
		}
		vals := slices.DeleteFunc(slices.Clone(stringsOf(cmd.Args.Get("value"))), func(v string) bool { return slices.Contains(codes, v) })
		if len(vals) == 0 {
			continue
		}
		a := maps.Clone(cmd.Args)
		a["op"], a["value"] = string(condition.OpIn), vals
		out = append(out, router.Command{Name: cmd.Name, Spec: cmd.Spec, Args: a})
	}
	return out
}

// commandLanguages are the language codes the router's add_filter
// commands set.
func commandLanguages(cmds []router.Command) []string {
	var out []string
	for _, cmd := range cmds {
		if cmd.Name == "add_filter" && condition.Field(str(cmd.Args.Get("field"))) == condition.Language {
			out = append(out, stringsOf(cmd.Args.Get("value"))...)
		}
	}
	return out
}

// readAsLanguage reports a country the reading took from a demonym the
// router read as a language ("only portuguese ones" after a search in
// Brazil: the router's language pt, the reading's country PT): the same
// word is one condition, the router's, never also a country that would
// replace the one the search holds.
func readAsLanguage(c condparse.Condition, langs []string) bool {
	if c.Field != condition.Country || len(langs) == 0 {
		return false
	}
	for _, sp := range append([]condparse.Span{c.Span}, c.MoreSpans...) {
		if l, ok := taxonomy.Languages.Lookup(sp.Text); !ok || !slices.Contains(langs, l.Code) {
			return false
		}
	}
	return true
}

// unreadWords are the words of a follow-up neither reading placed: the
// reading's leftover keywords and unread text, named only when the router
// read nothing but filters and the reading saw every field the router
// read (so no word the router placed is called unread).
func (t *turn) unreadWords(rd condparse.Reading, read map[condition.Field][]condparse.Condition) []string {
	if !t.routerReadFieldsOnly(read) {
		return nil
	}
	var words []string
	for _, c := range rd.Conditions {
		if c.Kind != condition.KindKeyword || c.Excluded || priorityClause(rd.Input, c.Span) || condparse.IsPosition(c.Span.Text) && exampleExcluded(rd) ||
			t.plan.reading != nil && slices.ContainsFunc(t.plan.reading.Conditions, func(o condparse.Condition) bool { return o.Span == c.Span }) {
			continue // it ranks or filters: read
		}
		if w := strings.ToLower(c.Span.Text); phoneAnd[w] || (w == "out" || w == "in") && outIn.MatchString(rd.Input) {
			// "mexico n colombia": phone typing's "and" between values;
			// "brazil out, chile in": the words of a replacement
			continue
		}
		if rest := strings.TrimLeft(rd.Input[c.Span.End:], " "); strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "：") {
			// A label that introduces the request ("描述：…") is its frame.
			continue
		}
		if slices.ContainsFunc(t.s.Tags, func(tg Tag) bool { return !tg.Excluded && holdsWord(c.Span.Text, tg.Text) }) {
			// "还是西班牙、户外徒步露营、西语，…": a term the search holds,
			// said again with the rest of the brief, is read
			continue
		}
		words = append(words, c.Span.Text)
	}
	for _, sp := range rd.Remainder {
		if condparse.IsPosition(sp.Text) && exampleExcluded(rd) {
			continue // the example of what is left out
		}
		if sp.Role == "" && condparse.CountFieldIn(sp.Text) == "" && !condparse.OnlyQualifiers(sp.Text) {
			words = append(words, sp.Text)
		}
	}
	return words
}

// routerLeft reports words of a follow-up no deciding stage of the
// router read (router.Trace.Unused): in a compound follow-up ("风格搞笑
// 一点，还有粉丝不超过十万", "who do product reviews, 10k to 50k
// followers") the router's commands are one part, and a ranking term the
// reading found in another part ranks, as in a first search (issue 26
// item 3: every part applied). Words a command read ("删除锚点条件") are
// the command's.
func (t *turn) routerLeft(words string) bool {
	r := t.trace.Router
	if r == nil || r.Trace == nil || strings.TrimSpace(words) == "" {
		return false
	}
	w := router.Normalize(words)
	return slices.ContainsFunc(r.Trace.Unused, func(u string) bool { return strings.Contains(router.Normalize(u), w) })
}

// clauseBounds are the byte bounds of the clause of in that holds sp:
// between the punctuation before and after it.
func clauseBounds(in string, sp condparse.Span) (int, int) {
	const seps = "，,;；。.!！?？\n"
	s, e := 0, len(in)
	if i := strings.LastIndexAny(in[:sp.Start], seps); i >= 0 {
		_, n := utf8.DecodeRuneInString(in[i:])
		s = i + n
	}
	if i := strings.IndexAny(in[sp.End:], seps); i >= 0 {
		e = sp.End + i
	}
	return s, e
}

// clauseOf is the clause of in that holds sp.
func clauseOf(in string, sp condparse.Span) string {
	s, e := clauseBounds(in, sp)
	return in[s:e]
}

// besidePreference reports a span in the clause of a soft preference
// the reading read.
func besidePreference(rd condparse.Reading, sp condparse.Span) bool {
	s, e := clauseBounds(rd.Input, sp)
	return slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Kind == condition.KindSoft && c.Field == condition.Preference && c.Span.Start >= s && c.Span.End <= e
	})
}

// routerReadFieldsOnly reports a follow-up whose router commands only
// add filters the reading read too, or soft preferences: every other
// word of it is the reading's to place. A widening or narrowing the
// router read ("再放宽一点") used words the reading has no place for.
func (t *turn) routerReadFieldsOnly(read map[condition.Field][]condparse.Condition) bool {
	for _, cmd := range t.plan.commands {
		switch cmd.Name {
		case "add_filter":
			if len(read[condition.Field(str(cmd.Args.Get("field")))]) == 0 {
				return false
			}
		case "add_soft_preference":
		default:
			return false
		}
	}
	return len(t.plan.commands) > 0 && !t.plan.widen && !t.plan.narrow
}

// outIn is a replacement said "X out, Y in".
var outIn = regexp.MustCompile(`(?i)\bout\s*[,，;/]\s*\S+(?:\s+\S+)?\s+in\b`)

// phoneAnd are the ways phone typing writes "and" ("mexico n colombia").
var phoneAnd = map[string]bool{"n": true, "&": true, "+": true, "'n'": true}

// softenWish makes the filters a wholly hedged follow-up added this turn
// soft references: a wish the reading could not place is still a wish.
func (s *Session) softenWish() {
	for i := range s.Conds {
		c := &s.Conds[i]
		if c.Turn == s.Turn && c.Kind == condition.KindHard && c.Field != string(condition.Platform) {
			c.Kind, c.Status, c.Priority = condition.KindSoft, condition.StatusReference, 2
		}
	}
}

// readsFilter reports whether a reading's condition is a filter field
// the graph holds (not a keyword, anchor or platform, which the router's
// commands and the session own).
func readsFilter(c condparse.Condition) bool {
	if c.Kind == condition.KindKeyword || c.Kind == condition.KindAnchor || c.Field == condition.Platform {
		return false
	}
	if c.Kind == condition.KindSoft && c.Field == condition.Preference {
		return true
	}
	_, ok := filterFieldNamed(string(c.Field))
	return ok
}

// widenSet adds to a set filter command (op in or not_in) the values the
// reading found for the same field and op: a spec gives one command per
// turn, so "不要英语的，也不要西班牙语的" reaches the router as not_in [en]
// and the reading as not_in [en, es]; both parts apply.
// It returns the command's arguments, a copy when it adds a value (the
// router's decision in the trace stays as the router made it).
func widenSet(cmd router.Command, cs []condparse.Condition) router.Args {
	op := str(cmd.Args.Get("op"))
	if op != string(condition.OpIn) && op != string(condition.OpNotIn) {
		return cmd.Args
	}
	vals := stringsOf(cmd.Args.Get("value"))
	grew := false
	for _, c := range cs {
		cop := c.Op
		if cop == condition.OpEq {
			cop = condition.OpIn
		}
		if string(cop) != op || c.Kind != condition.KindHard {
			continue
		}
		for _, v := range c.Value.Codes() {
			if !slices.Contains(vals, v) {
				vals, grew = append(vals, v), true
			}
		}
	}
	if !grew {
		return cmd.Args
	}
	args := maps.Clone(cmd.Args)
	args["value"] = vals
	return args
}

// heldValues are the values the session's include filter of c's field
// holds when the reading said c as an addition ("再加上新西兰", "also
// Portugal": condparse.IssueAdded); none otherwise, so that the value
// replaces the held ones as a follow-up naming a value does.
func (s *Session) heldValues(f condition.Field, c condparse.Condition) []string {
	if !slices.Contains(c.Issues, condparse.IssueAdded) || c.Kind != condition.KindHard || c.Op != condition.OpEq && c.Op != condition.OpIn {
		return nil
	}
	for _, o := range s.Conds {
		if o.Field == string(f) && o.Kind == condition.KindHard && !isExclusion(o.Op) {
			return o.Value.Codes()
		}
	}
	return nil
}

// addedToHeld is c widened to the values the session holds for its
// field when the reading said c as an addition ("also Portugal", "add us
// + ca too": heldValues); c as it is otherwise. Whether the router read
// the follow-up (mergeReading) or left it to the reading (a fallback),
// an added value joins the held ones.
func (s *Session) addedToHeld(c condparse.Condition) condparse.Condition {
	held := s.heldValues(c.Field, c)
	if len(held) == 0 {
		return c
	}
	if u := union(held, c.Value.Codes()); len(u) == 1 {
		// the value held said again: one value, as the search holds it
		// (eq), never a set of one
		c.Op, c.Value = condition.OpEq, condparse.StringValue(u[0])
	} else {
		c.Op, c.Value = condition.OpIn, condparse.StringsValue(u...)
	}
	c.Label = condparse.Describe(c.Field, c.Op, c.Value)
	return c
}

// swapHeld keeps the held values a swap does not name ("swap Korea for
// Taiwan" after Japan and Korea: Japan and Taiwan): when the reading
// removes some held values and wants others in their place, the include
// is the held values without the removed ones, with the wanted ones.
func (s *Session) swapHeld(f condition.Field, args router.Args, cs []condparse.Condition) router.Args {
	op := str(args.Get("op"))
	if op != string(condition.OpIn) && op != string(condition.OpEq) {
		return args
	}
	var removed []string
	for _, c := range cs {
		if slices.Contains(c.Issues, condparse.IssueRemoved) && c.Op == condition.OpNotIn {
			removed = append(removed, c.Value.Codes()...)
		}
	}
	if len(removed) == 0 {
		return args
	}
	held := s.heldInclude(string(f))
	var kept []string
	for _, v := range held {
		if !slices.Contains(removed, v) {
			kept = append(kept, v)
		}
	}
	if len(kept) == 0 || !slices.ContainsFunc(removed, func(v string) bool { return slices.Contains(held, v) }) {
		return args
	}
	out := maps.Clone(args)
	out["op"], out["value"] = string(condition.OpIn), union(kept, stringsOf(args.Get("value")))
	return out
}

// keepHeld adds the held values of the command's field to an include
// command when the reading said one of its values as an addition.
func (s *Session) keepHeld(args router.Args, cs []condparse.Condition) router.Args {
	op := str(args.Get("op"))
	if op != string(condition.OpIn) && op != string(condition.OpEq) {
		return args
	}
	var removed []string
	for _, c := range cs {
		if c.Excluded || c.Op == condition.OpNotIn || c.Op == condition.OpNeq || slices.Contains(c.Issues, condparse.IssueRemoved) {
			removed = append(removed, c.Value.Codes()...)
		}
	}
	for _, c := range cs {
		held := s.heldValues(c.Field, c)
		if len(held) == 0 {
			continue
		}
		// a held value the same follow-up removes stays out ("Drop
		// Spain, add Colombia")
		held = slices.DeleteFunc(slices.Clone(held), func(v string) bool { return slices.Contains(removed, v) })
		out := maps.Clone(args)
		out["op"], out["value"] = string(condition.OpIn), union(held, stringsOf(args.Get("value")))
		return out
	}
	return args
}

// removal follows the reading of a set filter command's values: when
// the reading excludes them with a removal verb ("forget Canada":
// condparse.IssueRemoved), the command is that exclusion,
// marked removalArg (the router may read "forget Canada" as Canada), and
// addFilter takes the values out of the filter that holds them.
//
// A value removed next to a value wanted of the same field ("replace
// the US with Canada", "swap beauty for fashion") is a replacement: the
// command sets the wanted values, which takes the removed one out.
func removal(args router.Args, cs []condparse.Condition) router.Args {
	var wanted []string
	for _, c := range cs {
		if c.Kind == condition.KindHard && (c.Op == condition.OpEq || c.Op == condition.OpIn) && !slices.Contains(c.Issues, condparse.IssueAdded) {
			wanted = union(wanted, c.Value.Codes())
		}
	}
	for _, c := range cs {
		if !slices.Contains(c.Issues, condparse.IssueRemoved) || c.Op != condition.OpNotIn {
			continue
		}
		vals := stringsOf(args.Get("value"))
		if !slices.ContainsFunc(c.Value.Codes(), func(v string) bool { return slices.Contains(vals, v) }) {
			continue
		}
		out := maps.Clone(args)
		if len(wanted) > 0 {
			out["op"], out["value"] = string(condition.OpIn), wanted
			return out
		}
		out["op"], out[removalArg] = string(condition.OpNotIn), true
		return out
	}
	return args
}

// kindInside returns the excluded keywords of the reading when cmd
// excludes the very category the session keeps ("不要猫" after 宠物博主:
// the router reads 猫 as pets) and the reading reads the words as an
// excluded keyword, not that category: a kind of content inside the
// category the user wants is excluded as a word, as in a first search
// ("户外博主，不要露营"), never the category itself.
func (s *Session) kindInside(cmd router.Command, rd condparse.Reading) []string {
	if cmd.Name != "add_filter" || str(cmd.Args.Get("field")) != string(condition.Category) || str(cmd.Args.Get("op")) != string(condition.OpNotIn) {
		return nil
	}
	vals := stringsOf(cmd.Args.Get("value"))
	held := slices.ContainsFunc(s.Conds, func(o Cond) bool {
		return o.Field == string(condition.Category) && o.Kind == condition.KindHard && !isExclusion(o.Op) &&
			slices.ContainsFunc(o.Value.Codes(), func(v string) bool { return slices.Contains(vals, v) })
	})
	if !held || slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Field == condition.Category && c.Op == condition.OpNotIn
	}) {
		return nil
	}
	var kws []string
	for _, c := range rd.Conditions {
		if c.Kind == condition.KindKeyword && c.Excluded && c.Value.Str != "" {
			kws = append(kws, c.Value.Str)
		}
	}
	return kws
}

// rankUnmarked marks the keywords of an add_keyword command that the
// reading holds as ranking terms or left unread, or read as a vague or
// unsupported amount it names ("smaller ones") (rankingArg): a word
// filters when the user marked it — quoted, after a cue, typed alone —
// in a follow-up as in a first search.
func rankUnmarked(args router.Args, rd condparse.Reading) router.Args {
	var ranking []string
	kws := stringsOf(args.Get("keywords"))
	trimmed := false
	for i, k := range kws {
		// "also only beginner-friendly ones": the router's keyword holds
		// the reading's ranking term with the words around it; the term
		// is what ranks, as in a first search.
		low := strings.ToLower(strings.TrimSpace(k))
		for _, c := range rd.Conditions {
			v := strings.ToLower(strings.TrimSpace(c.Value.Str))
			if slices.Contains(c.Issues, condparse.IssueRankingTerm) && v != "" && v != low && strings.Contains(low, v) {
				kws[i], trimmed = c.Value.Str, true
				break
			}
		}
	}
	if trimmed {
		args = maps.Clone(args)
		args["keywords"] = slices.Compact(kws)
	}
	for _, k := range stringsOf(args.Get("keywords")) {
		low := strings.ToLower(strings.TrimSpace(k))
		if low == "" {
			continue
		}
		holds := func(s string) bool {
			s = strings.ToLower(s)
			if strings.Contains(s, low) || strings.Contains(low, s) {
				return true
			}
			// a word of the keyword the reading left in a longer span
			// ("smaller ones" against "actually include smaller").
			return slices.ContainsFunc(strings.Fields(low), func(w string) bool {
				return len(w) > 3 && slices.Contains(strings.Fields(s), w)
			})
		}
		marked := slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return c.Kind == condition.KindKeyword && c.Op == condition.OpContains && c.Status == condition.StatusApplied && holds(c.Value.Str)
		})
		unplaced := slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return slices.Contains(c.Issues, condparse.IssueRankingTerm) && holds(c.Value.Str)
		}) || slices.ContainsFunc(rd.Remainder, func(sp condparse.Span) bool {
			return sp.Role != condparse.ResidueSort && holds(strings.TrimSpace(sp.Text))
		}) || slices.ContainsFunc(rd.Dropped, func(sp condparse.Span) bool {
			// a frame word or a vague size beside a number ("smaller
			// ones, down to 20k") is no keyword the user marked
			return holds(strings.TrimSpace(sp.Text))
		})
		if !marked && unplaced {
			ranking = append(ranking, k)
		}
	}
	if len(ranking) == 0 {
		return args
	}
	out := maps.Clone(args)
	out[rankingArg] = ranking
	return out
}

// followPolarity gives a set filter command the polarity the reading
// found for the same values where the reading read a negation's scope
// the router's patterns do not see: a negated exception ("不要 Korean
// 以外的语言" is only Korean: condparse.IssueNothingBut), a removal
// ("forget Canada": condparse.IssueRemoved) or an exclusion word after
// its object ("加拿大的不要了", "英国和法国除外": condparse.IssueExcludedAfter),
// whose scope lies before the word, where the router's patterns do not
// look. A value the reading read as acceptable too (condparse.IssueAdded)
// is wanted, whatever exclusion the router read around it.
func followPolarity(args router.Args, cs []condparse.Condition) router.Args {
	op := str(args.Get("op"))
	if op != string(condition.OpIn) && op != string(condition.OpNotIn) && op != string(condition.OpEq) {
		return args
	}
	vals := stringsOf(args.Get("value"))
	for _, c := range cs {
		if op == string(condition.OpNotIn) && c.Kind == condition.KindHard && (c.Op == condition.OpEq || c.Op == condition.OpIn) &&
			slices.Contains(c.Issues, condparse.IssueAdded) && slices.ContainsFunc(c.Value.Codes(), func(v string) bool { return slices.Contains(vals, v) }) {
			// "那种拍美食的不要 英语也行", "no food ones, English is fine
			// too": the router's exclusion ran on into a value said to be
			// acceptable; the exclusion keeps to its own part and the
			// value is taken in beside the held ones (keepHeld).
			out := maps.Clone(args)
			out["op"], out["value"] = string(condition.OpIn), c.Value.Codes()
			return out
		}
	}
	for _, c := range cs {
		// An exclusion the reading found is followed however it was said
		// ("再去掉游戏类的" was a category set to gaming): leaving a value
		// out is never read as keeping only it.
		if c.Kind != condition.KindHard || (c.Op == condition.OpNotIn) == (op == string(condition.OpNotIn)) ||
			!slices.Contains(c.Issues, condparse.IssueNothingBut) && !slices.Contains(c.Issues, condparse.IssueRemoved) &&
				!slices.Contains(c.Issues, condparse.IssueExcludedAfter) && c.Op != condition.OpNotIn {
			continue
		}
		if !slices.ContainsFunc(c.Value.Codes(), func(v string) bool { return slices.Contains(vals, v) }) {
			continue
		}
		plain := !slices.Contains(c.Issues, condparse.IssueNothingBut) && !slices.Contains(c.Issues, condparse.IssueRemoved) &&
			!slices.Contains(c.Issues, condparse.IssueExcludedAfter)
		if plain && slices.ContainsFunc(vals, func(v string) bool { return !slices.Contains(c.Value.Codes(), v) }) {
			// "不是美国，是加拿大", "scrap japan, go with taiwan": the
			// router's values hold more than the exclusion; the values
			// left out leave, the rest is what the follow-up includes.
			out := maps.Clone(args)
			out["value"] = slices.DeleteFunc(slices.Clone(vals), func(v string) bool { return slices.Contains(c.Value.Codes(), v) })
			return out
		}
		out := maps.Clone(args)
		if c.Op == condition.OpNotIn {
			out["op"] = string(condition.OpNotIn)
		} else {
			out["op"] = string(condition.OpIn)
		}
		out["value"] = c.Value.Codes()
		return out
	}
	return args
}

// followBound gives a count filter of the router the direction the
// reading found for the same number when the reading read it from an
// explicit bound word the router's pattern could not reach ("cap it at
// 300k", "下限，五万": a bound noun a few words before its number), or
// the reading's approximate range when the number was said with
// 左右 / around ("粉丝改成10万左右"), or the reading's range when the
// router's number is one of its ends ("from 20k until 150k"), so both
// readings of one text agree (issue 26 item 3).
func followBound(args router.Args, cs []condparse.Condition) router.Args {
	op := str(args.Get("op"))
	if op != string(condition.OpGte) && op != string(condition.OpLte) {
		return args
	}
	n, ok := args.Get("value").(float64)
	if !ok {
		if i, isInt := args.Get("value").(int64); isInt {
			n, ok = float64(i), true
		} else if i, isInt := args.Get("value").(int); isInt {
			n, ok = float64(i), true
		}
	}
	if !ok {
		return args
	}
	for _, c := range cs {
		if r := c.Value.Range; c.Kind == condition.KindHard && c.Op == condition.OpBetween && slices.Contains(c.Issues, condparse.IssueApproximate) &&
			float64(r.Min+r.Max) == 2*n {
			// "粉丝改成10万左右": the reading's approximate range around
			// the router's number, not a bound at it.
			out := maps.Clone(args)
			out["op"] = string(condition.OpBetween)
			out["value"] = map[string]any{"min": r.Min, "max": r.Max}
			return out
		}
		if r := c.Value.Range; c.Kind == condition.KindHard && c.Status == condition.StatusApplied && c.Op == condition.OpBetween &&
			!slices.Contains(c.Issues, condparse.IssueApproximate) && (float64(r.Max) == n || float64(r.Min) == n) {
			// "from 20k until 150k", "between 10k and up to 90k": the
			// router's pattern reached one end of the range the reading
			// read whole (audit 22).
			out := maps.Clone(args)
			out["op"] = string(condition.OpBetween)
			out["value"] = map[string]any{"min": r.Min, "max": r.Max}
			return out
		}
		if c.Kind != condition.KindHard || c.Op == condition.Op(op) || c.Op != condition.OpGte && c.Op != condition.OpLte ||
			slices.Contains(c.Issues, condparse.IssueOpAssumed) || float64(c.Value.Int) != n {
			continue
		}
		out := maps.Clone(args)
		out["op"] = string(c.Op)
		return out
	}
	return args
}

// heldBounds reads a follow-up's bounds against the counts the session
// holds: a move by an amount (shiftHeldBounds), a figure on the held
// bound (moveHeldBound), one end set with the other kept (keepOtherEnd),
// except of the fields removed says the follow-up takes away.
func (t *turn) heldBounds(rd *condparse.Reading, removed func(condition.Field) bool) {
	t.s.takeAcceptedIn(rd)
	t.plan.notes = append(t.plan.notes, t.s.shiftHeldBounds(rd)...)
	t.s.moveHeldBound(rd.Conditions)
	t.plan.notes = append(t.plan.notes, t.s.keepOtherEndUnlifted(*rd, removed)...)
}

// moveHeldBound sets a figure said on the held bound ("raise it to 25k",
// "改成两万五": condparse.IssueHeldBound) on the bound of the same field
// the session holds, keeping its direction: a floor stays a floor, a cap
// a cap, and of a range the bound nearer the figure moves. With no
// bound held, the reading's assumed floor stands.
func (s *Session) moveHeldBound(cs []condparse.Condition) {
	for i, c := range cs {
		if !slices.Contains(c.Issues, condparse.IssueHeldBound) || c.Value.Type != condparse.ValueInt {
			continue
		}
		n := c.Value.Int
		for _, o := range s.Conds {
			if o.Field != string(c.Field) || o.Kind != condition.KindHard && o.Kind != condition.KindDerived {
				continue
			}
			switch o.Op {
			case condition.OpGte, condition.OpLte:
				c.Op = o.Op
			case condition.OpBetween:
				lo, hi := o.Value.Range.Min, o.Value.Range.Max
				if n-lo < 0 || n-lo > hi-n {
					hi = n
				} else {
					lo = n
				}
				if lo > hi {
					lo, hi = hi, lo
				}
				c.Op, c.Value = condition.OpBetween, condparse.RangeValue(lo, hi)
			default:
				continue
			}
			c.Label = condparse.Describe(c.Field, c.Op, c.Value)
			// The direction is the held bound's now, no assumption.
			c.Issues = slices.DeleteFunc(slices.Clone(c.Issues), func(s string) bool { return s == condparse.IssueOpAssumed })
			cs[i] = c
			break
		}
	}
}

// keepOtherEnd sets a bound named by its noun ("粉丝下限调到十万", "raise
// the floor to 100k": condparse.IssueNamedBound) as that end of the count
// the session holds, keeping the other: a floor of a held range or cap
// makes a range with the held cap, a cap with the held floor. A plain
// cap ("under 200k", "20万以下") inside a held range or creator tier
// does the same (keptEnd, keepsEnd: audit 23). A bound past the other end stands
// alone, and the returned notes say it replaced the range.
func (s *Session) keepOtherEnd(cs []condparse.Condition) (notes []string) {
	for i, c := range cs {
		if c.Kind != condition.KindHard || c.Value.Type != condparse.ValueInt || c.Op != condition.OpGte && c.Op != condition.OpLte ||
			!isCount(string(c.Field)) || slices.Contains(c.Issues, condparse.IssueOpAssumed) || slices.Contains(c.Issues, condparse.IssueHeldBound) {
			continue
		}
		n := c.Value.Int
		if lo, hi, ok := s.narrowedCount(c); ok {
			setCount(&c, lo, hi)
			cs[i] = c
			continue
		}
		if lo, hi, past, ok := s.keptEnd(c.Field, c.Op, n); ok && keepsEnd(c) {
			if past {
				notes = append(notes, s.replacedRangeNote(c.Field))
			}
			setCount(&c, lo, hi)
			cs[i] = c
			continue
		}
		if !slices.Contains(c.Issues, condparse.IssueNamedBound) {
			continue
		}
		for _, o := range s.Conds {
			if o.Field != string(c.Field) || o.Kind != condition.KindHard && o.Kind != condition.KindDerived || o.Status != condition.StatusApplied {
				continue
			}
			lo, hi, ok := int64(0), int64(0), false
			switch {
			case c.Op == condition.OpGte && o.Op == condition.OpLte:
				lo, hi, ok = n, o.Value.Int, n <= o.Value.Int
			case c.Op == condition.OpLte && o.Op == condition.OpGte:
				lo, hi, ok = o.Value.Int, n, n >= o.Value.Int
			}
			if !ok {
				continue
			}
			setCount(&c, lo, hi)
			cs[i] = c
			break
		}
	}
	return notes
}

// union is a's values then b's not in a.
func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, v := range b {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// hedged reports whether the reading holds a field only as a wish.
func hedged(cs []condparse.Condition) bool {
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if c.Kind != condition.KindSoft {
			return false
		}
	}
	return true
}

// partlyHedged reports a field the reading holds both as a filter and as
// a wish, the filter said as the requirement ("only US ones, ideally UK
// based"); a value said as also acceptable ("Australia preferably, but
// New Zealand is fine too") widens what the search holds, which the
// router's set of both values does.
func partlyHedged(cs []condparse.Condition) bool {
	soft := slices.ContainsFunc(cs, func(c condparse.Condition) bool { return c.Kind == condition.KindSoft })
	hard := slices.ContainsFunc(cs, func(c condparse.Condition) bool {
		return c.Kind == condition.KindHard && !slices.Contains(c.Issues, condparse.IssueAdded) && !slices.Contains(c.Issues, condparse.IssueAccepted)
	})
	return soft && hard
}

// placesNotKeywords takes out of the router's added keywords those that
// hold (or are held by) words the reading placed as a country or a
// language ("再加上 广州" is the city's country, "also add Toronto",
// "also Portuguese" a language): a place or a language is a filter's
// value, never a keyword to match in the channels' text, so the
// reading's condition applies instead. A command left with no words goes.
func placesNotKeywords(cmds []router.Command, rd condparse.Reading, heldCats []string) []router.Command {
	placed := func(k string) bool {
		k = strings.ToLower(strings.TrimSpace(k))
		for _, c := range rd.Conditions {
			// a soft preference the reading read ("also only
			// kid-friendly ones") applies as in a first search, never as
			// the words it was said in
			// a platform the reading read ("also check Instagram") is
			// the platform question, never a ranking term (audit 34, S10)
			if !(c.Field == condition.Country || c.Field == condition.Language || c.Field == condition.Platform || c.Kind == condition.KindSoft && c.Field == condition.Preference) || c.Excluded || k == "" {
				continue
			}
			// every span of the condition: "add us & mx as well" says
			// its second country apart from the first
			for _, sp := range append([]condparse.Span{c.Span}, c.MoreSpans...) {
				if span := strings.ToLower(sp.Text); span != "" && (strings.Contains(span, k) || strings.Contains(k, span)) {
					return true
				}
			}
		}
		return false
	}
	// counted: the words hold a count the reading read ("exclude anyone
	// over 500k" is followers ≤ 500k, never a keyword to leave out).
	counted := func(k string) bool {
		k = strings.ToLower(strings.TrimSpace(k))
		for _, c := range rd.Conditions {
			if f, ok := fields.Lookup(string(c.Field)); !ok || f.Kind != fields.Count && f.Kind != fields.Ratio || c.Status != condition.StatusApplied {
				continue
			}
			for _, n := range strings.Fields(strings.ToLower(c.Span.Text)) {
				if k != "" && strings.ContainsAny(n, "0123456789") && strings.Contains(k, n) {
					return true
				}
			}
		}
		return false
	}
	// named: words the reading names as not applied — a city or state
	// (the catalog records countries), a country its country list does
	// not have (class C2), the user's own competitors (the
	// catalog does not know them): a keyword made of them would
	// contradict the notice and drop or favour channels that merely
	// mention them.
	named := func(k string, roles ...condparse.Residue) bool {
		k = strings.ToLower(strings.TrimSpace(k))
		return slices.ContainsFunc(rd.Remainder, func(sp condparse.Span) bool {
			t := strings.ToLower(strings.TrimSpace(sp.Text))
			return slices.Contains(roles, sp.Role) && k != "" && t != "" && (strings.Contains(t, k) || strings.Contains(k, t))
		})
	}
	// wished: words of a wish to avoid too much of something the reading
	// read ("without loads of ads", "别接太多商单"): the router's
	// exclusion of them would drop every channel that mentions them once.
	wished := func(k string) bool {
		k = strings.ToLower(strings.TrimSpace(k))
		return k != "" && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			span := strings.ToLower(c.Span.Text)
			return c.Kind == condition.KindSoft && c.Field == condition.Preference && c.Op == condition.OpAvoid &&
				span != "" && (strings.Contains(span, k) || strings.Contains(k, span))
		})
	}
	city := func(k string) bool {
		return named(k, condparse.ResiduePlace, condparse.ResidueRelation, condparse.ResidueUnlistedCountry)
	}
	relation := func(k string) bool { return named(k, condparse.ResidueRelation) }
	unlisted := func(k string) bool { return named(k, condparse.ResidueUnlistedCountry) }
	// excluded: words the reading leaves out ("can you also drop the
	// ones about baking" was added as the keyword "drop the ones about
	// baking"): an addition that holds them is the router's misreading.
	var leftOut []string
	excluded := func(k string) bool {
		k = strings.ToLower(k)
		for _, c := range rd.Conditions {
			v := strings.ToLower(c.Value.Str)
			if c.Field == condition.Keyword && c.Op == condition.OpNotContains && v != "" && v != k && strings.Contains(k, v) {
				leftOut = append(leftOut, c.Value.Str)
				return true
			}
		}
		return false
	}
	// asFilter: words that hold a value the reading excluded as a
	// filter ("skip the gaming type like number 2" is category gaming
	// left out): the router's excluded phrase is that exclusion, never a
	// keyword of its own (audit 24, class F).
	asFilter := func(k string) bool {
		words := strings.Fields(strings.ToLower(k))
		return len(words) > 1 && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			if c.Kind != condition.KindHard || c.Op != condition.OpNotIn {
				return false
			}
			v := map[condition.Field]*taxonomy.Vocabulary{condition.Category: taxonomy.Categories, condition.Country: taxonomy.Countries, condition.Language: taxonomy.Languages}[c.Field]
			return v != nil && slices.ContainsFunc(words, func(w string) bool {
				t, ok := v.Lookup(w)
				return ok && slices.Contains(c.Value.Codes(), t.Code)
			})
		})
	}
	// strayRune: one Chinese rune the reading does not exclude ("…的不要
	// 想要…" read as excluding 想): no topic, never a keyword (audit 24).
	strayRune := func(k string) bool {
		k = strings.TrimSpace(k)
		r, n := utf8.DecodeRuneInString(k)
		return n == len(k) && unicode.Is(unicode.Han, r) && !slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return c.Op == condition.OpNotContains && c.Value.Str == k
		})
	}
	// wanted: a phrase right after an exclusion the reading found that
	// closed its dictated clause ("…吃播的不要 要真的在拍旅行vlog的",
	// read by the router as excluding "要真的在拍旅行vlog"), in which the
	// reading read a category or a format as wanted and nothing as
	// excluded: the router's exclusion ran over a clause boundary it did
	// not see (audit 24, class F).
	wanted := func(k string) bool {
		at := strings.Index(strings.ToLower(rd.Input), strings.ToLower(k))
		if at < 0 {
			return false
		}
		in := func(c condparse.Condition) bool { return c.Span.Start >= at && c.Span.End <= at+len(k) }
		closed := slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			gap := strings.TrimSpace(strings.TrimPrefix(rd.Input[min(c.Span.End, at):at], "的"))
			return slices.Contains(c.Issues, condparse.IssueExcludedAfter) && c.Span.End <= at && utf8.RuneCountInString(gap) <= 3 &&
				strings.Trim(gap, "不要用别需想 ") == ""
		})
		return closed && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return in(c) && (c.Kind == condition.KindHard && (c.Op == condition.OpEq || c.Op == condition.OpIn) || slices.Contains(c.Issues, condparse.IssueFormat))
		}) && !slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return in(c) && (c.Excluded || c.Op == condition.OpNotIn || c.Op == condition.OpNotContains)
		})
	}
	out := cmds[:0:0]
	for _, cmd := range cmds {
		if cmd.Name == "exclude_keyword" {
			cmd = readingsExcludedWords(cmd, rd)
		}
		if cmd.Name == "exclude_keyword" || cmd.Name == "add_keyword" {
			kws := stringsOf(cmd.Args.Get("keywords"))
			if keep := slices.DeleteFunc(slices.Clone(kws), func(k string) bool {
				// One reading (issue 26 item 3): words the reading placed
				// as something else — a filter, a preference, a condition
				// it names as unsupported, frame it leaves out — are read
				// so in a follow-up as in a first search, never also the
				// router's excluded keyword ("no gaming" is category
				// gaming left out, "no inactive channels" the activity
				// window, "no male creators" a gender wish named as not
				// filterable: readOtherwise).
				return counted(k) || cmd.Name == "exclude_keyword" && (city(k) || asFilter(k) || strayRune(k) || wanted(k) || readOtherwise(rd, k, heldCats) || wished(k)) ||
					cmd.Name == "add_keyword" && (excluded(k) || relation(k) || unlisted(k))
			}); len(keep) < len(kws) {
				if len(keep) == 0 {
					continue
				}
				args := maps.Clone(cmd.Args)
				args["keywords"] = keep
				cmd.Args = args
			}
		}
		if cmd.Name == "add_keyword" {
			kws := stringsOf(cmd.Args.Get("keywords"))
			keep := slices.DeleteFunc(slices.Clone(kws), placed)
			if len(keep) == 0 && len(kws) > 0 {
				continue
			}
			if len(keep) < len(kws) {
				args := maps.Clone(cmd.Args)
				args["keywords"] = keep
				cmd.Args = args
			}
		}
		out = append(out, cmd)
	}
	if len(leftOut) > 0 {
		// the words the addition held are left out, as the reading read
		// them
		out = append(out, router.Command{Name: "exclude_keyword", Args: router.Args{"keywords": slices.Compact(leftOut)}})
	}
	return out
}

// dialectsNotExcluded drops the router's exclusion of a language when
// the reading names the words as a dialect, variant or mix of it left
// out ("不要讲普通话的", "no Mandarin speakers": condparse.ResidueDialect)
// and excludes no language itself: the catalog cannot tell them apart,
// and excluding the language would drop the Cantonese channels the
// search holds (audit 27).
func dialectsNotExcluded(cmds []router.Command, rd condparse.Reading) []router.Command {
	if !slices.ContainsFunc(rd.Remainder, func(sp condparse.Span) bool { return sp.Role == condparse.ResidueDialect }) ||
		slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Field == condition.Language && c.Op == condition.OpNotIn }) {
		return cmds
	}
	return slices.DeleteFunc(slices.Clone(cmds), func(cmd router.Command) bool {
		op := str(cmd.Args.Get("op"))
		return cmd.Name == "add_filter" && str(cmd.Args.Get("field")) == string(condition.Language) && (op == string(condition.OpNotIn) || op == string(condition.OpNeq))
	})
}

// readOtherwise reports a router keyword whose every word the reading
// placed as something other than a keyword: inside the span of a
// condition that is not a keyword, of a remainder the reading names (a
// gender wish, a city, a measure the catalog lacks) or of a frame word it
// left out. A keyword the reading holds itself (same text, any op) is
// not read otherwise, nor one the reading reads as a category the
// search holds (heldCats): "排除 outdoor" on an outdoor search leaves out
// the word, not the search's own category.
func readOtherwise(rd condparse.Reading, k string, heldCats []string) bool {
	k = strings.TrimSpace(k)
	if k == "" || slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Field == condition.Keyword && strings.EqualFold(c.Value.Str, k)
	}) {
		return false
	}
	lower := strings.ToLower(rd.Input)
	at := strings.Index(lower, strings.ToLower(k))
	if at < 0 {
		return false
	}
	// A category covers the keyword only when the keyword is the
	// category's own name ("gaming", 游戏): a word the taxonomy files
	// under a category ("露营" under outdoor) is finer than it, and a
	// keyword of it leaves out less than the whole category would.
	var spans []condparse.Span
	for _, c := range rd.Conditions {
		if c.Field == condition.Keyword || c.Kind == condition.KindAnchor {
			continue
		}
		if code, _ := condparse.CreatorNounCategory(k); c.Field == condition.Category && c.Op == condition.OpNotIn && code != "" &&
			slices.Contains(c.Value.Codes(), code) && !slices.Contains(heldCats, code) {
			// the keyword is a creator noun of the kind the reading left
			// out ("no gamers", "skip the vloggers": fixZ3, class Z5):
			// the kind, never the word ("no makeup tutorials" stays a
			// finer keyword)
		} else if c.Field == condition.Category {
			t, ok := taxonomy.Categories.Lookup(k)
			if !ok || !slices.Contains(c.Value.Codes(), t.Code) || slices.Contains(heldCats, t.Code) || !strings.EqualFold(k, t.EN) && k != t.ZH && !strings.EqualFold(k, t.Code) {
				continue
			}
		}
		spans = append(spans, c.Span)
		// the other items of a list ("no tiktok or insta": each platform)
		spans = append(spans, c.MoreSpans...)
	}
	for _, sp := range rd.Remainder {
		if sp.Role != "" {
			spans = append(spans, sp)
		}
	}
	spans = append(spans, rd.Dropped...)
	covered := func(s, e int) bool {
		return slices.ContainsFunc(spans, func(sp condparse.Span) bool { return sp.Start <= s && e <= sp.End })
	}
	// every word of k (a Latin word, or a run of other letters) inside
	// some span
	word := -1
	for i, r := range k + " " {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if word < 0 {
				word = i
			}
			continue
		}
		if word >= 0 {
			if !covered(at+word, at+i) {
				return false
			}
			word = -1
		}
	}
	return true
}

// readingsExcludedWords puts the reading's excluded words in place of a
// router's excluded word said in the same words (audit 22): a word that
// holds excluded words of the reading ("纯切片二创" holds 切片 and 二创:
// forms run together, a 纯 before them) is those words; a word that is a
// frame word inside the reading's exclusion ("做" of "排除掉做 reaction
// 的") is the word the reading excluded there.
func readingsExcludedWords(cmd router.Command, rd condparse.Reading) router.Command {
	kws := stringsOf(cmd.Args.Get("keywords"))
	var out []string
	changed := false
	for _, k := range kws {
		lk := strings.ToLower(strings.TrimSpace(k))
		var inside, around []string
		for _, c := range rd.Conditions {
			v := strings.ToLower(c.Value.Str)
			if c.Field != condition.Keyword || c.Op != condition.OpNotContains || v == "" || lk == "" || v == lk {
				continue
			}
			switch {
			case strings.Contains(lk, v):
				inside = append(inside, c.Value.Str)
			case !strings.Contains(v, lk) && strings.Contains(strings.ToLower(c.Span.Text), lk):
				around = append(around, c.Value.Str)
			}
		}
		switch {
		case len(inside) > 0:
			out, changed = append(out, inside...), true
		case len(around) > 0:
			out, changed = append(out, around...), true
		default:
			out = append(out, k)
		}
	}
	if !changed {
		return cmd
	}
	args := maps.Clone(cmd.Args)
	args["keywords"] = slices.Compact(out)
	cmd.Args = args
	return cmd
}

// saidAsKeyword reports whether a router keyword command took the words
// of a reading's condition ("no gaming" as an excluded keyword): the
// same words are not read twice.
func saidAsKeyword(c condparse.Condition, keywords []string) bool {
	span := strings.ToLower(c.Span.Text)
	for _, k := range keywords {
		if k = strings.ToLower(strings.TrimSpace(k)); k != "" && strings.Contains(span, k) {
			return true
		}
	}
	return false
}

// sortField is the graph field a sort key orders by.
func sortField(by string) condition.Field {
	switch by {
	case condparse.SortFollowers:
		return condition.Followers
	case condparse.SortAvgViews:
		return condition.AvgViews
	case condparse.SortRecent:
		return condition.LastActive
	}
	return ""
}

// sortLabels name the sorts in the notice.
var sortLabels = map[string]text{
	condparse.SortFollowers:      {"粉丝量从高到低", "followers, highest first"},
	condparse.SortAvgViews:       {"平均播放量从高到低", "average views, highest first"},
	condparse.SortRecent:         {"最近活跃优先", "most recently active first"},
	condparse.SortSimilarity:     {"相似度", "similarity"},
	string(condition.Engagement): {"互动率从高到低", "engagement rate, highest first"},
}

// takeSort plans the sort said in words of a reading: its key, or the
// measure no sort orders by.
func (t *turn) takeSort(rd condparse.Reading) {
	if rd.Sort != nil && rd.Sort.Ascending {
		t.plan.ascending = rd.Sort.By
	} else if rd.Sort != nil {
		t.plan.sort = rd.Sort.By
	}
	if rd.Unsorted != nil {
		t.plan.unsorted = rd.Unsorted.By
	}
}

// sayUnsorted names a measure a sort said in words asked for that the
// catalog cannot sort by ("order by likes"), with the sorts it has: the
// search runs on, only the sort is not applied.
func (s *Session) sayUnsorted(measure string) {
	if measure == "" {
		return
	}
	var zh, en []string
	for _, by := range sortNames() {
		if by == condparse.SortSimilarity && !s.Anchor.Resolved() {
			continue // similarity orders anchor searches only
		}
		l := sortName(by)
		zh, en = append(zh, l.zh), append(en, l.en)
	}
	q := clip(measure, 16)
	s.note(pick(s.zh(), "无法按「"+q+"」排序：目录里没有这项数据，未排序。可用的排序："+strings.Join(zh, "、"),
		"Cannot sort by “"+q+"”: the catalog has no such figure, so the order is unchanged. Sorts available: "+strings.Join(en, ", ")))
}

// sayAscending names a sort asked lowest first ("按粉丝从少到多"): every
// sort runs highest first, so the order is left as it was rather than
// turned the other way round.
func (s *Session) sayAscending(by string) {
	if by == "" {
		return
	}
	s.note(s.ascendingNote(by))
}

// ascendingNote says the sort by by cannot run lowest first.
func (s *Session) ascendingNote(by string) string {
	l := sortName(by)
	return pick(s.zh(), "无法按「"+l.zh+"」从低到高排序：排序只能从高到低，顺序未变",
		"Cannot sort by "+l.en+" lowest first: sorts run highest first, so the order is unchanged")
}

// sortName is how a sort of results.sort reads in a notice.
func sortName(by string) text {
	switch by {
	case condparse.SortSimilarity:
		return text{"相似度", "similarity"}
	case condparse.SortRecent:
		return text{"最近活跃", "recent activity"}
	case "relevance":
		return text{"相关度", "relevance"}
	}
	f := condition.Field(by)
	return text{f.Label("zh"), strings.ToLower(f.Label("en"))}
}

// applySort sets the results' sort said in words and says so.
func (s *Session) applySort(by string) {
	if by == "" {
		return
	}
	s.Sort, s.Offset = by, 0
	l, ok := sortLabels[by]
	if !ok {
		l = sortName(by) // a sort key with no label of its own is still named
	}
	s.note(pick(s.zh(), "已按"+l.zh+"排序", "Sorted by "+l.en))
}

// open reports whether a question is still unanswered in the graph: a
// conflict question while its condition is still pending, a category
// question while no category was set.
func (q *Question) open(s *Session) bool {
	if q == nil {
		return false
	}
	for _, o := range q.Options {
		kind, arg, _ := cut(o.Apply)
		switch kind {
		case "drop", "reference":
			if _, c := s.cond(arg); c == nil || c.Status != condition.StatusPending {
				return false
			}
		case "category":
			if slices.ContainsFunc(s.Conds, func(c Cond) bool { return c.Field == string(condition.Category) }) {
				return false
			}
		}
	}
	return true
}

// keywordTags reads a keyword-only input (the classic box's tag or a
// keyword-shaped first search) into the tags to commit: the parser's
// keywords, with the creator nouns and request words at their edges
// ("cooking channels", "美妆博主") left out, so a noun glued to the topic
// never empties the results (issue 26). dropped lists the words left out,
// for the notice. With nothing but such words, or no keyword read, the
// text is one tag as typed.
func (t *turn) keywordTags(text string) (tags, dropped []string) {
	text = strings.TrimSpace(text)
	rd, err := t.read(text)
	if err != nil || rd.Shape != condparse.ShapeKeyword {
		return []string{text}, nil
	}
	for _, c := range rd.Conditions {
		if c.Kind != condition.KindKeyword || c.Op != condition.OpContains || c.Excluded {
			continue
		}
		if v := strings.TrimSpace(c.Value.Str); c.Value.Type == condparse.ValueString && v != "" {
			tags = append(tags, v)
		}
	}
	if len(tags) == 0 {
		return []string{text}, nil
	}
	for _, r := range rd.Remainder {
		dropped = append(dropped, r.Text)
	}
	return tags, dropped
}

// commitKeywordTags adds the tags keywordTags reads from text (at most
// MaxTags in all) and names the words it left out in the notice.
func (t *turn) commitKeywordTags(text string) {
	s := t.s
	tags, dropped := t.keywordTags(text)
	for _, tag := range tags {
		if len(s.Tags) >= MaxTags {
			break
		}
		s.addTag(tag, contract.ScopeTags, false, condition.SourceUserInput)
	}
	if len(dropped) > 0 {
		t.dropped = append(t.dropped, dropped...)
		var quoted []string
		for _, d := range dropped {
			quoted = append(quoted, pick(s.zh(), "「"+d+"」", "“"+d+"”"))
		}
		s.note(pick(s.zh(), "未作为条件：", "Not used as conditions: ") + strings.Join(quoted, pick(s.zh(), "、", ", ")))
	}
}

// replacedNotExcluded drops the exclusion of the values a field holds when
// the same follow-up includes another value of that field ("drop korea,
// do japan instead", "不要日本了，换成韩国"): the new value replaces the
// held one, and leaving the old one out as well would only say
// "South Korea → Not South Korea".
func (s *Session) replacedNotExcluded(cmds []router.Command) []router.Command {
	includes := map[string]bool{}
	for _, c := range cmds {
		if op := str(c.Args.Get("op")); c.Name == "add_filter" && (op == string(condition.OpIn) || op == string(condition.OpEq)) {
			includes[str(c.Args.Get("field"))] = true
		}
	}
	return slices.DeleteFunc(cmds, func(c router.Command) bool {
		f := str(c.Args.Get("field"))
		if c.Name != "add_filter" || str(c.Args.Get("op")) != string(condition.OpNotIn) || !includes[f] {
			return false
		}
		held := s.heldInclude(f)
		vals := stringsOf(c.Args.Get("value"))
		return len(vals) > 0 && !slices.ContainsFunc(vals, func(v string) bool { return !slices.Contains(held, v) })
	})
}

// keepOtherEndUnlifted keeps the other end of a held count for the
// reading's named bounds (keepOtherEnd), except of a field whose other end
// the same text lifts ("门槛去掉，上限十万": the cap alone) or that removed
// says is taken away ("scrap the follower minimum and cap it at 20k").
func (s *Session) keepOtherEndUnlifted(rd condparse.Reading, removed func(condition.Field) bool) (notes []string) {
	kept := slices.DeleteFunc(slices.Clone(rd.Conditions), func(c condparse.Condition) bool {
		return removed(c.Field) || slices.ContainsFunc(rd.Unbounded, func(u condparse.BoundLift) bool { return u.Field == c.Field })
	})
	notes = s.keepOtherEnd(kept)
	for i, c := range rd.Conditions {
		if j := slices.IndexFunc(kept, func(k condparse.Condition) bool { return k.Span == c.Span && k.Field == c.Field }); j >= 0 {
			rd.Conditions[i] = kept[j]
		}
	}
	return notes
}

// boundLifts are the commands that take away the ends of held counts the
// reading lifts (Result.Unbounded: "上限去掉", "remove the cap", "no
// minimum anymore"), run after the follow-up's other commands (liftBound):
// "门槛去掉，上限十万" sets the cap, then lifts the floor.
func (s *Session) boundLifts(rd condparse.Reading) []router.Command {
	var out []router.Command
	for _, u := range rd.Unbounded {
		if !slices.ContainsFunc(s.Conds, func(c Cond) bool {
			// a bound kept for reference only ("Maybe 10k+ subs if
			// possible") is lifted as a filter is (audit 30, class 4)
			return c.Field == string(u.Field) && (c.Kind == condition.KindHard || c.Kind == condition.KindDerived || c.Kind == condition.KindSoft)
		}) {
			continue
		}
		out = append(out, router.Command{Name: "lift_bound", Args: router.Args{"field": string(u.Field), "upper": u.Upper}})
	}
	return out
}

// heldInclude is the values the search's include filter of field f holds
// (none for an exclusion or no filter).
func (s *Session) heldInclude(f string) []string {
	var held []string
	for _, o := range s.Conds {
		if o.Field == f && o.Kind == condition.KindHard && !isExclusion(o.Op) {
			held = append(held, o.Value.Codes()...)
		}
	}
	return held
}

// narrowedHeldSet takes excluded values out of the set the search holds
// ("no gaming" after "comedy or gaming creators"): the reading excludes
// values of a field whose include set holds them beside others, so the
// set loses them — an exclusion of a value the search asks for would
// only say "Comedy, Gaming" and "not Gaming" at once. The router's
// exclusion of the same words (a keyword or the field) gives way.
func (s *Session) narrowedHeldSet(cmds []router.Command, rd condparse.Reading) []router.Command {
	for _, c := range rd.Conditions {
		if c.Kind != condition.KindHard || c.Op != condition.OpNotIn || slices.Contains(c.Issues, condparse.IssueRemoved) {
			continue
		}
		f := string(c.Field)
		held := s.heldInclude(f)
		vals := c.Value.Codes()
		var kept []string
		for _, v := range held {
			if !slices.Contains(vals, v) {
				kept = append(kept, v)
			}
		}
		if len(kept) == 0 || len(kept) == len(held) || slices.ContainsFunc(vals, func(v string) bool { return !slices.Contains(held, v) }) {
			continue
		}
		words := strings.ToLower(strings.TrimSpace(c.Span.Text))
		cmds = slices.DeleteFunc(cmds, func(cmd router.Command) bool {
			switch cmd.Name {
			case "exclude_keyword":
				return slices.ContainsFunc(stringsOf(cmd.Args.Get("keywords")), func(k string) bool {
					return strings.Contains(words, strings.ToLower(k)) || slices.Contains(vals, strings.ToLower(k))
				})
			case "add_filter":
				return str(cmd.Args.Get("field")) == f && str(cmd.Args.Get("op")) == string(condition.OpNotIn)
			}
			return false
		})
		cmds = append(cmds, router.Command{Name: "add_filter", Args: router.Args{"field": f, "op": string(condition.OpIn), "value": kept}})
	}
	return cmds
}

// holdsCategoryOf reports a follow-up whose only category command names
// categories the search already holds, and that sets nothing else.
func (s *Session) holdsCategoryOf(cmds []router.Command) bool {
	if len(cmds) != 1 || cmds[0].Name != "add_filter" || str(cmds[0].Args.Get("field")) != string(condition.Category) {
		return false
	}
	if op := str(cmds[0].Args.Get("op")); op != string(condition.OpIn) && op != string(condition.OpEq) {
		return false
	}
	var held []string
	for _, o := range s.Conds {
		if o.Field == string(condition.Category) && o.Kind == condition.KindHard && !isExclusion(o.Op) {
			held = append(held, o.Value.Codes()...)
		}
	}
	vals := stringsOf(cmds[0].Args.Get("value"))
	return len(vals) > 0 && !slices.ContainsFunc(vals, func(v string) bool { return !slices.Contains(held, v) })
}

// finerThanHeld turns an exclusion of a category the search holds,
// said by a word finer than the category ("不要瑜伽类的" on a fitness
// search: yoga is filed under fitness), into the exclusion of that word,
// as the first search "健身博主，不要瑜伽类的" reads it: the held category
// stays, the word's channels go. Said by the category's own name ("不要健
// 身类的") it is the user's exclusion of the category, and stays. It
// changes the router's commands and the reading alike.
func (s *Session) finerThanHeld(cmds []router.Command, rd *condparse.Reading) []router.Command {
	held := s.heldCategories()
	if len(held) == 0 {
		return cmds
	}
	// word is the finer word of a held category said in text, "" when
	// none (or the category's own name).
	word := func(text string, codes []string) string {
		best := ""
		for _, nt := range taxonomy.Categories.Names() {
			t := nt.Term
			if !slices.Contains(codes, t.Code) || !slices.Contains(held, t.Code) || !strings.Contains(strings.ToLower(text), strings.ToLower(nt.Name)) {
				continue
			}
			if strings.EqualFold(nt.Name, t.EN) || nt.Name == t.ZH || strings.EqualFold(nt.Name, t.Code) {
				return ""
			}
			if len(nt.Name) > len(best) {
				best = nt.Name
			}
		}
		return best
	}
	var words []string
	conds := rd.Conditions[:0:0]
	for _, c := range rd.Conditions {
		if c.Field == condition.Category && c.Op == condition.OpNotIn {
			if w := word(c.Span.Text, c.Value.Codes()); w != "" {
				words = append(words, w)
				continue
			}
		}
		conds = append(conds, c)
	}
	rd.Conditions = conds
	out := cmds[:0:0]
	for _, cmd := range cmds {
		if cmd.Name == "add_filter" && str(cmd.Args.Get("field")) == string(condition.Category) && str(cmd.Args.Get("op")) == string(condition.OpNotIn) {
			if w := word(rd.Input, stringsOf(cmd.Args.Get("value"))); w != "" {
				words = append(words, w)
				continue
			}
		}
		out = append(out, cmd)
	}
	if words = slices.Compact(words); len(words) > 0 && !slices.ContainsFunc(out, func(cmd router.Command) bool {
		return cmd.Name == "exclude_keyword" && slices.ContainsFunc(stringsOf(cmd.Args.Get("keywords")), func(k string) bool { return slices.Contains(words, k) })
	}) {
		out = append(out, router.Command{Name: "exclude_keyword", Args: router.Args{"keywords": words}})
	}
	return out
}

// heldCategories are the categories the search holds as applied
// includes.
func (s *Session) heldCategories() []string {
	var held []string
	for _, o := range s.Conds {
		if o.Field == string(condition.Category) && o.Kind == condition.KindHard && o.Status == condition.StatusApplied && !isExclusion(o.Op) {
			held = append(held, o.Value.Codes()...)
		}
	}
	return held
}

// holdsCategoriesRead reports category inclusions the reading found that
// the search holds already ("ones actually shooting travel vlogs" after a
// travel search): they narrow nothing; the words said with them do
// (audit 24, class F).
func (s *Session) holdsCategoriesRead(cs []condparse.Condition) bool {
	held := s.heldCategories()
	inc := slices.DeleteFunc(slices.Clone(cs), func(c condparse.Condition) bool {
		return c.Kind != condition.KindHard || c.Op != condition.OpEq && c.Op != condition.OpIn
	})
	return len(held) > 0 && len(inc) > 0 && !slices.ContainsFunc(inc, func(c condparse.Condition) bool {
		return slices.ContainsFunc(c.Value.Codes(), func(v string) bool { return !slices.Contains(held, v) })
	})
}

// onlyFieldCommands reports commands that all set or remove a field's
// filter (none reads words as a keyword, an anchor or a session intent),
// so an exclusion the reading found is no part of them.
func onlyFieldCommands(cmds []router.Command) bool {
	return len(cmds) > 0 && !slices.ContainsFunc(cmds, func(c router.Command) bool {
		switch c.Name {
		case "add_filter", "remove_filter", "add_soft_preference",
			// "widen it to any country … and ditch the mukbang ones",
			// "more like the second, but no gaming": an edit of the
			// recall or the anchor keeps the exclusion said with it
			"widen_recall", "narrow", "replace_anchor":
			return false
		}
		return true
	})
}

// priorityCues put a term first or wish for it ("甜品的优先", "最好是…",
// "vegan ones first", "ideally …").
var priorityCues = regexp.MustCompile(`优先|排前面|放前面|排在前面|放在前面|靠前|最好|尽量|(?i)\b(?:ideally|preferabl[ey]|prioriti[sz]e|favou?r|especially|esp|first|on top|at the top|would be a plus|is a plus|bonus)\b`)

// priorityClause reports a span whose clause holds a priority cue.
func priorityClause(in string, sp condparse.Span) bool {
	const seps = "，,;；。.!！?？\n"
	s, e := 0, len(in)
	if i := strings.LastIndexAny(in[:sp.Start], seps); i >= 0 {
		s = i
	}
	if i := strings.IndexAny(in[sp.End:], seps); i >= 0 {
		e = sp.End + i
	}
	return priorityCues.MatchString(in[s:e])
}

// inPreference reports a vocabulary value of field f (a category, a
// country, a language) whose name is a word of a soft preference the
// reading read ("family" of "family-friendly"): the router's filter of
// it misreads the preference.
func inPreference(f condition.Field, vals []string, rd condparse.Reading) bool {
	var v *taxonomy.Vocabulary
	switch f {
	case condition.Category:
		v = taxonomy.Categories
	case condition.Country:
		v = taxonomy.Countries
	case condition.Language:
		v = taxonomy.Languages
	default:
		return false
	}
	for _, c := range rd.Conditions {
		if c.Kind != condition.KindSoft || c.Field != condition.Preference {
			continue
		}
		words := strings.FieldsFunc(strings.ToLower(c.Span.Text), func(r rune) bool { return r == ' ' || r == '-' })
		for _, code := range vals {
			t, ok := v.ByCode(code)
			if !ok {
				continue
			}
			for _, n := range append([]string{t.EN, t.ZH, t.Code}, t.Aliases...) {
				n = strings.ToLower(n)
				if n != "" && (slices.Contains(words, n) || !isASCII(n) && strings.Contains(c.Span.Text, n)) {
					return true
				}
			}
		}
	}
	return false
}

// isASCII reports a string of ASCII bytes only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// preferencePlacements are the router's soft preferences a reading may
// place otherwise: as the sort by their measure ("按互动率排", "sort by
// engagement"), as a bound of that measure ("互动率两个点以上的": the
// filter says it, no wish beside it) or as a trait the catalog does not
// record (真人出镜).
var preferencePlacements = map[string]struct {
	sort  string
	trait bool
}{
	"engagement": {sort: string(condition.Engagement)},
	"authentic":  {trait: true},
}

// preferencesPlacedElsewhere drops the router's soft preference read from
// words the reading placed as a sort of its measure or as a trait it
// names, when the reading reads no preference itself: a first search
// reads "按互动率排" as the sort alone, and the follow-up agrees (audit 25,
// class 5), never the sort and a reference beside it.
func preferencesPlacedElsewhere(cmds []router.Command, rd condparse.Reading) []router.Command {
	if slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Field == condition.Preference }) {
		return cmds
	}
	trait := slices.ContainsFunc(rd.Remainder, func(sp condparse.Span) bool { return sp.Role == condparse.ResidueTrait })
	placed := func(p string) bool {
		pl, ok := preferencePlacements[condparse.PreferenceCode(p)]
		bound := pl.sort != "" && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
			return string(c.Field) == pl.sort && c.Kind == condition.KindHard && !c.Excluded
		})
		return ok && (pl.sort != "" && rd.Sort != nil && rd.Sort.By == pl.sort || bound || pl.trait && trait)
	}
	return slices.DeleteFunc(cmds, func(cmd router.Command) bool {
		prefs := stringsOf(cmd.Args.Get("preference"))
		return cmd.Name == "add_soft_preference" && len(prefs) > 0 && !slices.ContainsFunc(prefs, func(p string) bool { return !placed(p) })
	})
}

// talkNotConditions takes out of the router's commands what the reading
// named as talk about the results or the search (audit 27): a count said
// of a result shown ("it has way more than 300k", 这个粉丝明显不止三十万:
// condparse.ResidueRemark) or said to be acceptable as well ("under 5k is
// fine too": ResidueAccepted) never sets the held range, when the reading
// placed no count of that field; and a keyword the router read out of
// such a named clause (a remark, a permission, a stage word) is no term.
func talkNotConditions(cmds []router.Command, rd condparse.Reading, read map[condition.Field][]condparse.Condition) []router.Command {
	var talk []condparse.Span
	for _, sp := range rd.Remainder {
		switch sp.Role {
		case condparse.ResidueRemark, condparse.ResidueAccepted, condparse.ResidueStage, condparse.ResidueQuestion:
			talk = append(talk, sp)
		}
	}
	if len(talk) == 0 {
		return cmds
	}
	if slices.ContainsFunc(talk, func(sp condparse.Span) bool { return sp.Role == condparse.ResidueQuestion }) {
		// "are any of them based in Canada?": a question about the
		// results adds no filter, keyword, exclusion or platform the
		// router read in it; a field the reading placed outside the
		// question keeps its command.
		cmds = slices.DeleteFunc(cmds, func(cmd router.Command) bool {
			switch cmd.Name {
			case "add_filter", "remove_filter":
				return len(read[condition.Field(str(cmd.Args.Get("field")))]) == 0
			case "add_keyword", "exclude_keyword", "add_soft_preference":
				return true
			}
			return false
		})
	}
	counted := slices.ContainsFunc(talk, func(sp condparse.Span) bool { return sp.Role != condparse.ResidueStage })
	inTalk := func(k string) bool {
		k = strings.ToLower(strings.TrimSpace(k))
		return k != "" && slices.ContainsFunc(talk, func(sp condparse.Span) bool { return strings.Contains(strings.ToLower(sp.Text), k) })
	}
	return slices.DeleteFunc(cmds, func(cmd router.Command) bool {
		switch cmd.Name {
		case "add_filter":
			f := condition.Field(str(cmd.Args.Get("field")))
			return counted && isCount(string(f)) && len(read[f]) == 0
		case "add_keyword", "exclude_keyword":
			kws := stringsOf(cmd.Args.Get("keywords"))
			return len(kws) > 0 && !slices.ContainsFunc(kws, func(k string) bool { return !inTalk(k) })
		}
		return false
	})
}

// correctedNotExcluded takes out of the router's commands a keyword
// exclusion of words the reading read as taken back in a correction
// ("skip pets, I meant food", "不是探店那种，我要烘焙的":
// condparse.IssueRemoved): what was not meant is replaced by what was,
// as in a first search (correctionPairs), never excluded.
func correctedNotExcluded(cmds []router.Command, rd condparse.Reading) []router.Command {
	var taken []string
	for _, c := range rd.Conditions {
		if slices.Contains(c.Issues, condparse.IssueRemoved) {
			taken = append(taken, strings.ToLower(c.Span.Text))
		}
	}
	if len(taken) == 0 {
		return cmds
	}
	return slices.DeleteFunc(cmds, func(cmd router.Command) bool {
		kws := stringsOf(cmd.Args.Get("keywords"))
		return cmd.Name == "exclude_keyword" && len(kws) > 0 && !slices.ContainsFunc(kws, func(k string) bool {
			k = strings.ToLower(strings.TrimSpace(k))
			return k == "" || !slices.ContainsFunc(taken, func(sp string) bool { return strings.Contains(sp, k) })
		})
	})
}

// excludedNotAdded turns the router's keyword inclusion of words the
// reading of the same text excludes ("pls dont include hunting channels",
// "we'd rather not have pranks": the router reads "include hunting") into
// their exclusion: the negation the reading read, spelt without an
// apostrophe or said politely, is what the user meant (audit 30, class
// 3). An add_keyword command of which only some words are excluded keeps
// the others.
func excludedNotAdded(cmds []router.Command, rd condparse.Reading) []router.Command {
	var excluded []string
	for _, c := range rd.Conditions {
		if c.Field == condition.Keyword && c.Op == condition.OpNotContains && c.Value.Str != "" {
			excluded = append(excluded, strings.ToLower(c.Value.Str))
		}
	}
	if len(excluded) == 0 {
		return cmds
	}
	var out []router.Command
	for _, cmd := range cmds {
		if cmd.Name != "add_keyword" {
			out = append(out, cmd)
			continue
		}
		var keep, drop []string
		for _, k := range stringsOf(cmd.Args.Get("keywords")) {
			lk := strings.ToLower(strings.TrimSpace(k))
			if lk != "" && slices.ContainsFunc(excluded, func(x string) bool { return strings.Contains(x, lk) || strings.Contains(lk, x) }) {
				drop = append(drop, k)
			} else {
				keep = append(keep, k)
			}
		}
		if len(drop) == 0 {
			out = append(out, cmd)
			continue
		}
		if len(keep) > 0 {
			args := maps.Clone(cmd.Args)
			args["keywords"] = keep
			out = append(out, router.Command{Name: cmd.Name, Spec: cmd.Spec, Args: args})
		}
		var xs []string
		for _, c := range rd.Conditions {
			if c.Field == condition.Keyword && c.Op == condition.OpNotContains && c.Value.Str != "" &&
				slices.ContainsFunc(drop, func(k string) bool {
					lk, x := strings.ToLower(k), strings.ToLower(c.Value.Str)
					return strings.Contains(x, lk) || strings.Contains(lk, x)
				}) {
				xs = append(xs, c.Value.Str)
			}
		}
		out = append(out, router.Command{Name: "exclude_keyword", Spec: cmd.Spec, Args: router.Args{"keywords": xs}})
	}
	return out
}

// wantedNotExcluded takes out of the router's exclusion of a field the
// codes the reading of the same text wants ("不要游戏的，只要科技的", "no
// fashion, only travel": the router's one negated op reaches every code
// of the run, the reading keeps each code's own polarity) and wants them
// in a command of their own; the codes the reading excludes stay
// excluded (audit 36, class Q3).
func wantedNotExcluded(cmds []router.Command, rd condparse.Reading) []router.Command {
	wants := map[condition.Field][]string{}
	for _, c := range rd.Conditions {
		if c.Op != condition.OpEq && c.Op != condition.OpIn || c.Status != condition.StatusApplied {
			continue
		}
		if c.Value.Str != "" {
			wants[c.Field] = append(wants[c.Field], c.Value.Str)
		}
		wants[c.Field] = append(wants[c.Field], c.Value.Strs...)
	}
	if len(wants) == 0 {
		return cmds
	}
	var out []router.Command
	for _, cmd := range cmds {
		f := condition.Field(str(cmd.Args.Get("field")))
		op := str(cmd.Args.Get("op"))
		if cmd.Name != "add_filter" || len(wants[f]) == 0 || op != string(condition.OpNotIn) && op != string(condition.OpNeq) {
			out = append(out, cmd)
			continue
		}
		var keep, want []string
		for _, v := range stringsOf(cmd.Args.Get("value")) {
			if slices.Contains(wants[f], v) {
				want = append(want, v)
			} else {
				keep = append(keep, v)
			}
		}
		if len(want) == 0 {
			out = append(out, cmd)
			continue
		}
		if len(keep) > 0 {
			a := maps.Clone(cmd.Args)
			a["op"], a["value"] = string(condition.OpNotIn), keep
			out = append(out, router.Command{Name: cmd.Name, Spec: cmd.Spec, Args: a})
		}
		a := maps.Clone(cmd.Args)
		a["op"], a["value"] = string(condition.OpIn), want
		out = append(out, router.Command{Name: cmd.Name, Spec: cmd.Spec, Args: a})
	}
	return out
}

// excludingTags are the ids of the held keyword exclusions of word, or
// of a text that holds it or that it holds.
func (s *Session) excludingTags(word string) []string {
	var ids []string
	for _, t := range s.Tags {
		if word != "" && t.Excluded && (holdsWord(word, t.Text) || holdsWord(t.Text, word)) {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

// onlyMarks say that what follows (or, for "only", what precedes) is the
// one thing wanted.
var onlyMarks = []string{"只要", "只看", "只找", "只留", "就要", "only", "just"}

// onlyWanted reports a span said as the one thing wanted in its clause:
// an only-mark (onlyMarks) in the clause before it, or "only" right
// after it ("make it Minecraft only").
func onlyWanted(in string, sp condparse.Span) bool {
	from, to := clauseBounds(in, sp)
	if sp.Start < from || sp.End > to || sp.End > len(in) {
		return false
	}
	before, after := strings.ToLower(in[from:sp.Start]), strings.ToLower(strings.TrimSpace(in[sp.End:to]))
	return slices.ContainsFunc(onlyMarks, func(m string) bool { return strings.Contains(before, m) }) || strings.HasPrefix(after, "only")
}
