package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/taxonomy"
)

// Edits by order and reasons after a removal (audit 32, S3 and S4).
//   - "remove the last condition", "把刚才最后那个条件去掉", "scrap the
//     first condition you set": the condition named by its order among the
//     ones the user set (the last: the latest turn's last one; the first:
//     the earliest turn's first one) is removed, and the notice names it;
//   - a reason said after a removal ("…, too strict", "…，太严了", "…,
//     some of the best ones tweet in English", "…，很多好的都用英语发")
//     names no new condition: it is neither a filter nor a keyword.

// orderRemoveCue reads a clause that removes a condition by its order;
// the group is the order word.
var orderRemoveCue = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(?:(?:please|pls|ok|okay|actually|and|then|now|can you|could you|let'?s|just)\s+)*(?:drop|remove|lose|scrap|delete|ditch|undo|cancel|get rid of|take (?:off|out|away)|forget|kill|lift)\s+(?:the|that|your|my|this)\s+(?:very\s+)?(last|latest|final|most recent|first|earliest)\s+(?:condition|requirement|filter|criterion|constraint|restriction|one|thing|rule)(?:\s+(?:you|i|we)\s+(?:set|added|put(?:\s+in)?|said|gave|applied))?(?:\s+(?:please|pls|too))?$`),
	regexp.MustCompile(`^(?:把|将)?(?:刚才|刚刚|之前|前面|上面)?(?:的)?(最后|最末|最后面|第一|最前面|最开始)(?:的)?(?:一个|那个|这个|一条|那条|个)?(?:的)?(?:条件|要求|筛选|限制|筛选条件)?(?:给我)?(?:去掉|删掉|删除|删了|删|不要了?|拿掉|取消|移除|去了)(?:吧|了|啦|掉)?$`),
	regexp.MustCompile(`^(?:请)?(?:去掉|删掉|删除|拿掉|取消|移除)(?:刚才|刚刚|之前|前面)?(?:的)?(最后|最末|最后面|第一|最前面|最开始)(?:的)?(?:一个|那个|这个|一条|那条|个)?(?:的)?(?:条件|要求|筛选|限制)(?:吧|了)?$`),
}

// orderRemoved returns the order word ("last", "first") a clause removes
// a condition by, if it is such a clause.
func orderRemoved(clause string) (string, bool) {
	for _, re := range orderRemoveCue {
		if m := re.FindStringSubmatch(clause); m != nil {
			switch strings.ToLower(m[1]) {
			case "first", "earliest", "第一", "最前面", "最开始":
				return "first", true
			}
			return "last", true
		}
	}
	return "", false
}

// removalVerb says a clause removes something ("undo the language
// requirement", "语言那个要求去掉吧").
var removalVerb = regexp.MustCompile(`(?i)\b(?:drop|remove|undo|scrap|lose|ditch|delete|cancel|get rid of|forget|lift|clear)\b|去掉|删掉|删除|不要|取消|拿掉|移除|撤销|去了`)

// reasonCue says a clause is a reason or a complaint, naming no new
// condition: "too strict", "it's too restrictive", "some of the best
// ones tweet in English", "plenty of good ones post in English too",
// "太严了", "很多好的都用英语发", "因为…".
var reasonCue = regexp.MustCompile(`(?i)^(?:(?:it'?s|its|that'?s|this is|that was|it was)\s+)?(?:way\s+|much\s+|a bit\s+|a little\s+)?too\s+(?:strict|restrictive|tight|narrow|harsh|limiting|much|demanding|picky)$|` +
	`^(?:because|since|cause|cuz|as)\b|` +
	`^(?:(?:some|many|most|plenty|a lot|lots|loads|half|several|a few)\s+of\s+(?:the\s+)?(?:them|those|these|best|good|great|top|better)|(?:plenty|lots|loads)\s+of\s+(?:good|great|top)|many\s+(?:good|great|top)|the best ones)\b|` +
	`^(?:太|有点|有些|过于|实在)(?:太)?(?:严|严格|苛刻|紧|窄|高|死)了?(?:吧|啊|呀)?$|` +
	`^(?:因为|毕竟|由于)|` +
	`^(?:很多|好多|不少|有些|有的|大部分|一些|许多)(?:好的|优秀的|不错的|好)?(?:博主|达人|账号|频道|人)?(?:其实)?(?:都|也)?(?:用|说|发|是|在)`)

// removeByOrder removes the condition the user set last (or first): in
// the order the user said them, the latest (earliest) turn's last (first)
// node or filtering keyword tag (an exclusion, a keyword filter), the
// platform, derived nodes and ranking terms aside. Within a
// turn the nodes' and tags' places in its text order them (a keyword
// said last, "…, no unboxing", is the last condition: fixI3, I3); a
// node whose place is not known keeps its place in the list. ok is false
// when the session holds none.
func (s *Session) removeByOrder(which string) ([]router.Command, string, bool) {
	type said struct {
		turn     int64
		at, i    int
		id, text string
	}
	var best *said
	// later reports whether a was said after b.
	later := func(a, b said) bool {
		if a.turn != b.turn {
			return a.turn > b.turn
		}
		if a.at > 0 && b.at > 0 && a.at != b.at {
			return a.at > b.at
		}
		return a.i > b.i
	}
	consider := func(c said) {
		if best == nil || which == "first" && later(*best, c) || which != "first" && later(c, *best) {
			best = &c
		}
	}
	for i, c := range s.Conds {
		if c.Field == string(condition.Platform) || c.Kind == condition.KindDerived || c.Source != condition.SourceUserInput {
			continue
		}
		label := pick(s.zh(), c.LabelZH, c.LabelEN)
		if label == "" {
			label = condition.Field(c.Field).Label(s.Locale)
			if c.Span != "" {
				label += "「" + c.Span + "」"
			}
		}
		consider(said{turn: c.Turn, at: c.At, i: i, id: c.ID, text: label})
	}
	for i, t := range s.Tags {
		if t.Source != condition.SourceUserInput || t.Turn == 0 || t.Ranks() {
			// a tag of unknown turn (typed in the box) is no said
			// condition; a ranking term filters nothing, so it is no
			// condition either ("…, posted within 2 weeks. We're a sauna
			// stove maker": the window is the last condition)
			continue
		}
		label := pick(s.zh(), "关键词「"+t.Text+"」", "keyword “"+t.Text+"”")
		if t.Excluded {
			label = pick(s.zh(), "排除「"+t.Text+"」", "excluding “"+t.Text+"”")
		}
		consider(said{turn: t.Turn, at: t.At, i: len(s.Conds) + i, id: t.ID, text: label})
	}
	if best == nil {
		return nil, "", false
	}
	var note string
	if which == "first" {
		note = pick(s.zh(), "按顺序，第一个条件是："+best.text, "By order, the first condition was: "+best.text)
	} else {
		note = pick(s.zh(), "按顺序，最后一个条件是："+best.text, "By order, the last condition was: "+best.text)
	}
	return []router.Command{{Name: "remove_filter", Args: router.Args{"condition_ids": []string{best.id}}}}, note, true
}

// orderRemovedOK reports a clause that removes a condition by its order.
func orderRemovedOK(clause string) bool {
	_, ok := orderRemoved(clause)
	return ok
}

// keptDemonym is a clause that keeps some of the channels held ("keep
// the Spanish ones", "of these keep the French", 法国的留下): a demonym
// in it names the country kept, as in a removal (fixZ3, class Z1).
var keptDemonym = regexp.MustCompile(`(?i)\b(?:keep|keeping|retain)\b|保留|留下|留着`)

// droppedDemonymsNotLanguages removes from a follow-up the router's
// language commands when the words they came from are the demonym of a
// country the reading drops, in a clause that removes or keeps something ("drop
// the Czech ones", "get rid of the Finnish ones"): the word names the
// country dropped, never a language wanted (audit 32, S3). A language
// the reading itself reads stays.
func (t *turn) droppedDemonymsNotLanguages(rd condparse.Reading) {
	demonym := false
	for _, c := range rd.Conditions {
		if c.Field == condition.Language {
			return
		}
		if c.Field != condition.Country {
			continue
		}
		// the country's own name or code is no demonym
		named := slices.ContainsFunc(c.Value.Codes(), func(code string) bool {
			country, ok := taxonomy.Countries.ByCode(code)
			return ok && (strings.EqualFold(c.Span.Text, country.Code) || strings.EqualFold(c.Span.Text, country.EN) || c.Span.Text == country.ZH)
		})
		if !named && len(c.Value.Codes()) > 0 && (removalVerb.MatchString(clauseOf(rd.Input, c.Span)) || keptDemonym.MatchString(clauseOf(rd.Input, c.Span))) {
			demonym = true
		}
	}
	if !demonym {
		return
	}
	t.plan.commands = slices.DeleteFunc(t.plan.commands, func(cmd router.Command) bool {
		return cmd.Name == "add_filter" && str(cmd.Args.Get("field")) == string(condition.Language)
	})
}
