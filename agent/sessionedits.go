package agent

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/number"
)

// Session edits (audit 23): follow-ups that speak about the search the
// session holds rather than add a condition to it. Each is read per
// clause, before the router's reading of the rest:
//   - keep-only: "keep only the country, drop the rest", "只保留国家，其他
//     都去掉" removes every condition but the fields named (the platform
//     stays: it is the page's);
//   - let back in: "let plumbing back in", "不用排除管道维修了" removes the
//     exclusion of what it names;
//   - reverse: "reverse that", "倒过来排" says the sort cannot run the
//     other way (every sort runs highest first), never "not understood";
//   - reject by position: "不要第二个那种", "not like the second one"
//     excludes what sets that result apart (its category, else its first
//     tag), or names the part as not applied and how to say it;
//   - keep the rest: "keep everything else", "其他不变" is the frame of
//     the clause beside it, no condition and no keyword.
// A clause none of them reads goes to the router and the condition
// reading as before, so a compound follow-up applies every part.

// editClauseSeps split a follow-up into the clauses the edits read.
var editClauseSeps = regexp.MustCompile(`(?i)[,，;；。]|\s+(?:and|then|also|but)\s+|然后|并且|另外|再把|顺便`)

// keepOnlyCue says the search keeps nothing but what the clause names.
var keepOnlyCue = regexp.MustCompile(`(?i)\b(?:keep|leave)\s+(?:only|just)\b|\b(?:only|just)\s+keep\b|\bkeep\s+nothing\s+but\b|` +
	// "remove everything except the country", "clear all filters but language"
	`\b(?:remove|drop|clear|delete|scrap|lose|ditch|kill|reset)\s+(?:everything|(?:all|every)(?:\s+(?:the\s+)?(?:filters?|conditions?))?|the\s+(?:filters|conditions)|(?:the\s+)?other\s+(?:filters|conditions))\s+(?:except(?:\s+for)?|but|apart from|other than|besides|save)\b|` +
	`只保留|只留下?|仅保留|就保留|只要保留|保留.{0,16}(?:就行|就好|即可|其他|其余)|除了.{1,16}(?:其他|其它|其余|别的|剩下)|只要.{1,12}(?:这个|这一个|那个|这一?项)?(?:条件|筛选)`)

// restCue says the other conditions go ("drop the rest", "其他都去掉").
var restCue = regexp.MustCompile(`(?i)^(?:and\s+|then\s+)?(?:please\s+)?(?:drop|remove|clear|lose|ditch|delete|scrap|get rid of)\s+(?:the\s+|all\s+(?:the\s+)?)?(?:rest|everything else|others?|other (?:filters|conditions|ones))(?:\s+please)?$|^(?:把)?(?:其他|其它|其余|剩下|别的)的?(?:条件|筛选)?(?:都|全|全部)?(?:去掉|删掉|删除|删|不要|清空|移除|清掉|拿掉)(?:了|吧|啦)?$`)

// The amount a bound moves by, and the bound moved (shiftCue).
const (
	amountRe   = `([0-9][0-9.,]*\s*(?:k|w|m|万|千)?|[一二三四五六七八九十两半百千万]+)`
	boundNoun  = `(min(?:imum)?|floor|lower\s+(?:bound|limit)|threshold|max(?:imum)?|cap|ceiling|upper\s+(?:bound|limit))`
	measureOpt = `(?:(follower|followers|sub|subs|subscriber|subscribers|view|views|avg\s+views)\s+)?`
	measureEnd = `(?:\s+(?:follower|followers|sub|subs|subscriber|subscribers|views?)(?:\s+count)?)?`
)

// shiftCue moves a bound the search holds by an amount: "raise min
// followers by 10k", "up the cap by 100k", "add 20k to the minimum",
// "take 50k off the cap", "下限再加两万", "把门槛调高1万".
var shiftCue = []*regexp.Regexp{
	regexp.MustCompile(`(?i)^(?:(?:please|pls|can you|could you|let'?s|and)\s+)*(raise|bump(?:\s+up)?|up|increase|lift|push\s+up|move\s+up|lower|drop|cut|reduce|decrease|bring\s+down|push\s+down|move\s+down|trim|shave)\s+(?:the\s+|my\s+|our\s+)?` +
		measureOpt + boundNoun + measureEnd + `\s+(?:up\s+|down\s+)?by\s+(?:another\s+|an?\s+(?:extra|further|additional)\s+)?` + amountRe + `(?:\s+(?:more|less|followers|subs|views))?(?:\s+(?:please|pls))?$`),
	regexp.MustCompile(`(?i)^(?:(?:please|pls|can you|could you|and)\s+)*(add|put)\s+(?:another\s+|an?\s+(?:extra|further)\s+)?` + amountRe + `\s+(?:more\s+)?(?:on|to|onto)\s+(?:the\s+)?` + measureOpt + boundNoun + measureEnd + `(?:\s+(?:please|pls))?$`),
	regexp.MustCompile(`(?i)^(?:(?:please|pls|can you|could you|and)\s+)*(take|knock|shave)\s+` + amountRe + `\s+off\s+(?:the\s+)?` + measureOpt + boundNoun + measureEnd + `(?:\s+(?:please|pls))?$`),
	regexp.MustCompile(`^(?:把|将)?(粉丝|订阅|播放量?|均播)?(?:数|量)?(?:的)?(下限|门槛|起步线|最低|上限|封顶|最高)(?:值)?(?:再|往上|往下|给我)?(提高|提升|增加|加|上调|调高|抬高|拉高|涨|降低|下调|调低|压低|拉低|减少|降|减|砍)(?:了)?(?:个)?` + amountRe + `(?:粉|粉丝)?(?:吧|的|一下|左右)?$`),
}

// shiftDown are the verbs that lower a bound.
var shiftDown = regexp.MustCompile(`(?i)^(?:lower|drop|cut|reduce|decrease|bring\s+down|push\s+down|move\s+down|trim|shave|take|knock|降低|下调|调低|压低|拉低|减少|降|减|砍)$`)

// shiftHeld reads a clause that moves a held bound by an amount (shiftCue)
// into the command that sets the moved range, the other end kept. ok is
// false when the clause says no such move; a move with no such end held
// is named as not applied.
func (s *Session) shiftHeld(clause string) (cmds []router.Command, note string, ok bool) {
	var verb, measure, noun, amount string
	for i, re := range shiftCue {
		m := re.FindStringSubmatch(clause)
		if m == nil {
			continue
		}
		switch i {
		case 0:
			verb, measure, noun, amount = m[1], m[2], m[3], m[4]
		case 1, 2:
			verb, amount, measure, noun = m[1], m[2], m[3], m[4]
		case 3:
			measure, noun, verb, amount = m[1], m[2], m[3], m[4]
		}
		break
	}
	if amount == "" {
		return nil, "", false
	}
	d, okN := number.ParseCount(strings.ReplaceAll(amount, " ", ""))
	if !okN || d <= 0 {
		return nil, "", false
	}
	if shiftDown.MatchString(strings.ToLower(verb)) {
		d = -d
	}
	f := condition.Followers
	if strings.Contains(strings.ToLower(measure), "view") || strings.Contains(measure, "播") {
		f = condition.AvgViews
	}
	upper := regexp.MustCompile(`(?i)max|cap|ceiling|upper|上限|封顶|最高`).MatchString(noun)
	lo, hi, note, moved := s.moveHeldEnd(f, upper, d, clip(clause, 24))
	if !moved {
		return nil, note, true
	}
	if lo == 0 && hi == 0 {
		return []router.Command{{Name: "remove_filter", Args: router.Args{"field": string(f), "condition_ids": s.countIDs(f)}}}, note, true
	}
	op, v := countValue(lo, hi)
	var val any = v.Int
	if op == condition.OpBetween {
		val = map[string]any{"min": lo, "max": hi}
	}
	return []router.Command{{Name: "add_filter", Args: router.Args{"field": string(f), "op": string(op), "value": val}}}, note, true
}

// countIDs are the ids of the session's conditions of count field f.
func (s *Session) countIDs(f condition.Field) []string {
	var ids []string
	for _, c := range s.Conds {
		if c.Field == string(f) && c.Kind != condition.KindSoft {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// keepRestCue says the other conditions stay as they are ("keep
// everything else", "其他不变"): frame of the clause beside it, no
// condition and no keyword.
var keepRestCue = regexp.MustCompile(`(?i)^(?:and\s+|but\s+)?(?:(?:keep|leave)\s+(?:everything|all(?:\s+the\s+rest)?|the\s+rest|the\s+other\s+(?:filters|conditions|stuff))(?:\s+else)?(?:\s+(?:the\s+same|as\s+is|as\s+it\s+is|unchanged|intact))?|(?:everything|all)\s+else\s+(?:the\s+same|stays?(?:\s+the\s+same)?|unchanged|as\s+is)|same\s+(?:filters|conditions|everything)(?:\s+otherwise)?)$|^(?:其他|其它|其余|别的|剩下的?)(?:的)?(?:条件|筛选)?(?:都|全)?(?:不变|保持|照旧|不动|保留|一样|维持)(?:不变|原样)?(?:吧|哈|啊)?$`)

// unExclude takes an exclusion itself away, named as one ("remove the
// Tesla exclusion", "drop the no-gaming filter", "un-exclude beauty",
// "take crypto off the exclusion list"): the removal verb is said of the
// exclusion, never of what it excluded (fixT); unExcludeZH are the
// removal verbs after 排除 ("手游那个排除条件删掉").
const (
	unExclude = `\b(?:un-?exclude|re-?include|re-?allow)\w*\b|` +
		`\b(?:remove|drop|delete|clear|lift|scrap|ditch|lose|cancel|undo|kill|nix|take\s+(?:off|away|out)|get\s+rid\s+of|turn\s+off|switch\s+off)\s+` +
		`(?:the\s+|that\s+|this\s+|my\s+|our\s+)?(?:[\w'\-]+\s+){0,3}?(?:exclusions?|excludes?|bans?|blocks?|blocklist|negative\s+keywords?|(?:no|non|anti)[\s-][\w\-]+\s+(?:filter|rule|condition|limit)s?)\b|` +
		`\b(?:off|from|out\s+of)\s+(?:the\s+|my\s+)?(?:exclusions?|exclusion\s+list|excluded\s+(?:list|words|terms)|blocklist|negative\s+keywords)\b`
	unExcludeZH = `取消|去掉|不要了|删掉|删除|删了|拿掉|清掉|移除|撤掉|撤销|去除`
)

// letBackCue lets an excluded word or value back in ("let plumbing back
// in", "plumbing is fine now", "可以有管道维修的了", "不用排除X了").
var letBackCue = regexp.MustCompile(`(?i)\bback\s+in\b|\blet\b.*\bback\b|\b(?:bring|put|add)\b.*\bback\b|\bcan\s+come\s+back\b|\b(?:is|are)\s+(?:fine|ok|okay|allowed|welcome|good)\b|^(?:ok(?:ay)?\s+to\s+)?(?:allow|permit|include|accept|readmit)\b|\bagain\b|\bno longer\s+exclud|\bstop\s+exclud|\bdon'?t\s+(?:exclude|filter out)\b|` + unExclude + `|不用排除|不排除|别排除|不必排除|取消.{0,20}排除|排除.{0,6}(?:` + unExcludeZH + `)|去掉.{0,20}的排除|可以有|可以要|也可以|也行|也要|也收|也接受|可以接受|可以了|没关系|放回来|加回来|要回来|恢复`)

// letBackUndo are the phrases that undo an exclusion with a negation
// word inside them ("不用排除", "don't exclude"); the rest of a let-back
// clause holds no exclusion word ("no plumbing again" excludes it again).
var (
	letBackUndo = regexp.MustCompile(`(?i)\bno longer\s+exclud\w*|\bstop\s+exclud\w*|\bdon'?t\s+(?:exclude|filter out)\b|\bdo not\s+(?:exclude|filter out)\b|` + unExclude + `|不用排除|不排除|别排除|不必排除|取消.{0,20}排除|排除.{0,6}(?:` + unExcludeZH + `)|去掉.{0,20}的排除|不要紧`)
	excludeWord = regexp.MustCompile(`(?i)\b(?:no|not|without|exclude|excluding|skip|drop|remove|avoid|none|nothing)\b|不要|别要|去掉|排除|除外|不想|拿掉`)
)

// reverseCue asks the held sort the other way round, alone or with a
// verb of showing before it and a filler after it (fixI3, class I1:
// "the opposite", "do it the other way", "顺序反过来看看" were terms).
var reverseCue = regexp.MustCompile(`(?i)^(?:(?:please|pls|now|ok|okay|and|then|just|so|can you|could you|let'?s)\s+)*(?:` +
	// "reverse that", "flip the order", "swap it around"
	`(?:reverse|flip|invert|swap)(?:\s+(?:that|it|this|them|the\s+(?:order|sort(?:ing)?|list|ranking|direction)|the\s+sort\s+order|order))?(?:\s+(?:around|round))?` +
	// "show it in reverse order", "list them ascending", "do it the
	// other way", "sort them the opposite way"
	`|(?:(?:show|list|sort|order|rank|put|give|do|have|make)(?:\s+(?:it|them|that|this|the results|the list|me))?\s+)?(?:` +
	`(?:in\s+)?(?:reverse|reversed|ascending)(?:\s+order)?` +
	// "in the opposite order", "the opposite", "opposite direction",
	// "the other way round", "the other direction", "backwards"
	`|(?:in\s+)?(?:the\s+)?(?:opposite|reverse|inverse|inverted)(?:\s+(?:order|way|direction|sort(?:ing)?|ranking))?` +
	`|(?:in\s+)?(?:the\s+)?other\s+(?:way|direction|order)(?:\s+(?:a)?round)?` +
	`|backwards?|upside\s+down)` +
	// "lowest first"
	`|lowest\s+first|smallest\s+first|oldest\s+first` +
	`)(?:\s+(?:please|pls|instead|then|now|this time))?$` +
	// "从低到高", "倒过来排", "改成从少到多", "顺序反过来看看", "反向排序"
	`|^(?:再|改成|换成|改为|把|那)?(?:顺序|排序|次序|排名|排列)?(?:改成|换成|改为|给我)?(?:从低到高|从少到多|从小到大|倒过来|反过来|倒一下|反一下|倒序|升序|逆序|反着|倒着|反向|颠倒(?:过来|一下)?|调过来|掉过来)(?:排|排序|排一下|排列|来)?(?:吧|一下|了|看看|试试|呢|呗)*$`)

// rejectCue rejects results like one the clause points at by position
// ("不要第二个那种", "not like the second one", "nothing like #3").
var rejectCue = regexp.MustCompile(`(?i)^(?:不要|别要|别|去掉|排除|不想要|不喜欢|别再要)(?:像|跟|和)?第.{1,4}?(?:个|個|种|種|条|項|项)?(?:那种|那種|那样|那樣|这种|這種|这样|這樣|那类|那類|这类|這類|类型|類型|一样|一樣)?(?:的)?(?:了|吧|啦)?$` +
	// "第二个不对", "第三個不要"
	`|^第.{1,4}?(?:个|個)(?:的)?(?:那种|那種|这种|這種|那类|这类)?(?:的)?(?:不对|不對|不要|不行|不合适|不合適|不太对|不是我要的|不是想要的|不喜欢|排除|去掉|pass)(?:了|吧|啦)?$` +
	// "not like the second one", "nothing like #3"
	`|^(?:(?:nothing|none|no(?:thing)?|not|fewer|less|avoid|skip|exclude|drop)\s+(?:(?:more\s+)?(?:ones?|channels?|creators?|accounts?)\s+)?(?:like|similar to)|(?:don'?t|do not)\s+(?:want|show(?:\s+me)?|give(?:\s+me)?)\s+(?:any(?:thing|\s+more)?\s+|more\s+)?(?:ones?\s+|channels?\s+)?(?:like|similar to))\s+` +
	// "get rid of the 2nd result", "but drop #3", "remove the third one"
	`|^(?:(?:and|but|also|then|just|please|pls|keep\s+everything\s+but)\s+)*(?:get\s+rid\s+of|remove|drop|hide|skip|ditch|lose|exclude|take\s+out|cut|nix)\s+(?:the\s+)?(?:#\s*\d+|\S+)(?:\s+(?:one|result|channel|pick|creator|account)s?)?(?:\s+(?:please|pls))?$` +
	// "the 2nd one is not what I want", "#3 is wrong"
	`|^(?:the\s+)?\S+\s+(?:one|result|channel|pick)?\s*(?:is|'s)\s+(?:not\s+(?:what\s+i\s+(?:want|need|am after|'m after)|a\s+(?:good\s+)?fit|right|relevant|it)|wrong|off|no\s+good|a\s+miss)$`)

// rejectKindCue is a clause beside a rejection by position that says the
// same of "that kind" ("第二个不对，别要这类的", "none of those"): read with it.
var rejectKindCue = regexp.MustCompile(`(?i)^(?:(?:别要|不要|别找|排除|去掉)(?:这|那|這)(?:类|種|种|樣|样|類)(?:的)?|(?:这|那|這)(?:类|種|种|樣|样|類)(?:的)?(?:不要|别要|都不要|去掉))(?:了|吧)?$|^(?:no more|none|nothing) (?:of )?(?:those|that kind|these|that sort)(?: please)?$` +
	// "that one's off-brand", "it is not our style": the reason given
	// for the result rejected beside it
	`|^(?:that|this|it)(?:\s+one)?(?:'s|\s+is|\s+was)\s+(?:not\s+|too\s+)?[\w'\- ]{1,30}$`)

// hashPosition is a position written "#3".
var hashPosition = regexp.MustCompile(`#\s*(\d+)`)

// Results named by position to leave out, several at once or with a
// pronoun after them (audit 25, class 4): "the 1st and 3rd are basically
// resellers, get rid of them", "remove #2 and #4", "第一个和第三个是倒卖的，
// 去掉", "第二个和第四个都不要". The results themselves are meant, not what
// sets them apart (excluding their category or a tag would drop channels
// still wanted, or invert the search), and the catalog's search cannot
// leave out single channels: the part is named as not applied, with how
// to say it; the reason said between is theirs, never a term.
var (
	positionWord = `(?:#\s*\d+|\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|last|第\s*(?:\d+|[一二两三四五六七八九十]+)\s*(?:个|條|条|位)?)`
	// a removal of "them" after the positions named
	removePronoun = regexp.MustCompile(`(?i)\b(?:get\s+rid\s+of|remove|drop|ditch|lose|exclude|hide|skip|take\s+out|cut|kick\s+out|nix|toss)\s+(?:them|those|these|both(?:\s+of\s+them)?|(?:the|those|these)\s+(?:two|three|ones)|all\s+(?:of\s+)?(?:them|those|three))\b` +
		`|(?:^|[，,]\s*|他们|它们|这两个|那两个|这几个|那几个|这俩|那俩|这三个|那三个)(?:都|全)?(?:不要了?|去掉|删掉|排除|踢掉|拿掉|剔除|删了|去了)(?:吧|了|啦)?\s*$`)
	// the kind of a result ("第三个那种做美食的不要", "nothing like #2"):
	// what sets it apart is left out (rejectPosition), not the result
	positionKind = regexp.MustCompile(`(?i)那种|这种|那样|这样|那类|这类|像|类似|\blike\b|\bsimilar\b|\bkind\b|\btype\b`)
	// a removal verb before several positions
	removePositions = regexp.MustCompile(`(?i)(?:\b(?:get\s+rid\s+of|remove|drop|ditch|lose|exclude|hide|skip|take\s+out|cut|kick\s+out|nix)\s+(?:the\s+)?|(?:去掉|删掉|排除|踢掉|拿掉|剔除|不要))` +
		positionWord + `(?:\s*(?:,|，|、|and|&|\+|和|跟|以及|还有)\s*(?:the\s+)?` + positionWord + `)+` +
		// or several positions, then the removal
		`|` + positionWord + `(?:\s*(?:,|，|、|and|&|\+|和|跟|以及|还有)\s*(?:the\s+)?` + positionWord + `)+\s*(?:ones?\s+)?(?:都|全)?(?:不要了?|去掉|删掉|排除|踢掉|拿掉|不行|不对|can\s+go|have\s+to\s+go|should\s+go|are\s+out)`)
	positionSentence = regexp.MustCompile(`[.。!！?？;；\n]`)
)

// positionsRemoved reads the results a follow-up leaves out by position
// (removePositions, or positions then removePronoun in one sentence): the
// positions, and the text without the words that said it. ok is false
// when the follow-up says no such thing.
func positionsRemoved(text string) (pos []int64, rest string, ok bool) {
	if m := removePositions.FindStringIndex(text); m != nil && !positionKind.MatchString(text[m[0]:min(len(text), m[1]+12)]) {
		if ps := positionsIn(text[m[0]:m[1]]); len(ps) > 1 {
			return ps, text[:m[0]] + " " + text[m[1]:], true
		}
	}
	for _, m := range removePronoun.FindAllStringIndex(text, -1) {
		from := 0
		if ends := positionSentence.FindAllStringIndex(text[:m[0]], -1); len(ends) > 0 {
			from = ends[len(ends)-1][1]
		}
		if ps := positionsIn(text[from:m[0]]); len(ps) > 0 && !positionKind.MatchString(text[from:m[0]]) {
			return ps, text[:from] + " " + text[m[1]:], true
		}
	}
	return nil, text, false
}

// positionsIn are the result positions text names, "#3" included.
func positionsIn(text string) []int64 {
	ps := router.Ordinals(text)
	for _, m := range hashPosition.FindAllStringSubmatch(text, -1) {
		if n, err := strconv.ParseInt(m[1], 10, 64); err == nil && !slices.Contains(ps, n) {
			ps = append(ps, n)
		}
	}
	return ps
}

// editResult is what the edits read of a follow-up: the commands to
// apply, the notes to say, whether the sort was asked the other way, and
// the clauses they did not read.
type editResult struct {
	commands []router.Command
	notes    []string
	reverse  bool
	rest     []string
	read     []string // the clauses read, for the trace
	undo     bool     // a clause withdraws the last change (undo.go)
	// restore: the fields a clause puts back by name (retract.go);
	// retracted: the message took back a change of its own
	restore   []string
	retracted bool
	// page: a clause asks for the next page (followcmds.go); startOver:
	// the follow-up starts a new search keeping what it names.
	page      bool
	startOver *startOver
}

// sessionEdits reads the session edits of text, clause by clause.
func (t *turn) sessionEdits(text string) editResult {
	var er editResult
	if cmds, note, ok := t.alsoDo(foldEdit(strings.TrimSpace(strings.Trim(text, " .!！?？~。")))); ok {
		// "only the ones that also do travel": ranks, never widens (read
		// before swapDropped, whose "only X" it is not)
		er.commands = append(er.commands, cmds...)
		er.notes = append(er.notes, note)
		er.read = append(er.read, "also_do")
		return er
	}
	if rest, _, ok := t.assentOnlyEdit(text); ok && rest != "" {
		// "yes, the first one", "好，第二个": the option named answers
		// the open question (fixZ3, class Z4)
		er.read = append(er.read, "assent")
		er.rest = append(er.rest, rest)
		return er
	}
	if head, tail, ok := t.alsoDoTail(text); ok {
		// "of these keep the UK ones and only those that also do travel
		// stuff": the also-do tail ranks (its notice), the head is read
		// as any follow-up (fixZ3, class Z1)
		cmds, note, _ := t.alsoDo(tail)
		er.commands = append(er.commands, cmds...)
		er.notes = append(er.notes, note)
		er.read = append(er.read, "also_do")
		text = head
	}
	if pos, rest, ok := positionsRemoved(text); ok {
		er.notes = append(er.notes, t.s.positionsNotRemoved(pos))
		er.read = append(er.read, "remove_positions")
		text = strings.TrimSpace(strings.Trim(strings.TrimSpace(rest), ".。,，!！"))
		if rd, err := t.read(text); err == nil && len(rd.Conditions) == 0 && len(rd.Remainder) == 0 && rd.Sort == nil {
			text = "" // "… please": nothing else was said
		}
	}
	if clause, ask, ok := t.bareValue(text); ok {
		// "三万", "50k", "60天": the value names the condition it fits
		er.read = append(er.read, "bare_value")
		if ask != "" {
			er.notes = append(er.notes, ask)
			return er
		}
		er.rest = append(er.rest, clause)
		return er
	}
	if cmds, rest, ok := t.s.swapDropped(text); ok {
		// "换成韩国吧，日本的不要了", "Belgium is not necessary, only France"
		er.commands = append(er.commands, cmds...)
		er.read = append(er.read, "swap_dropped")
		er.rest = append(er.rest, rest...)
		return er
	}
	if so, ok := t.startOverKeeping(text); ok {
		er.startOver = &so
		er.read = append(er.read, "start_over_keep")
		return er
	}
	if cmds, ok := t.namedRemoval(text); ok {
		// "reset the follower range, keep the rest", "国家和语言都不要了":
		// the named fields go, nothing else
		er.commands = append(er.commands, cmds...)
		er.read = append(er.read, "named_removal")
		return er
	}
	if rest, by, ok := t.secondSortKey(text); ok {
		// "sort by views, then followers": the first key sorts
		er.notes = append(er.notes, t.s.secondKeyNote(by))
		er.read = append(er.read, "second_sort_key")
		text = rest
	}
	if kept, withdrawn, ok := retractInMessage(text); ok {
		// "换成A…算了，还是B", "drop the minimum — actually keep it": the
		// change taken back in the same message is not applied
		er.notes = append(er.notes, t.s.retractNote(withdrawn))
		er.read = append(er.read, "retract_in_message")
		er.retracted = true
		text = kept
	}
	clauses := splitKeep(text)
	keepOnly := -1
	for i, cl := range clauses {
		if keepOnlyCue.MatchString(foldEdit(cl)) && !t.readsValue(cl) {
			// "keep only the country", not "只留粉丝二十万以上的" (a filter)
			keepOnly = i
			break
		}
		if startOverCue.MatchString(foldEdit(text)) && !startOverCue.MatchString(foldEdit(cl)) && keepCue.MatchString(foldEdit(cl)) && t.namesKept(cl) {
			// "重新开始，但国家保留", "start over but keep the country":
			// a start over naming no new search keeps only what it names
			// (startOverKeeping reads the one that names a new search)
			keepOnly = i
			break
		}
		if i+1 < len(clauses) && restCue.MatchString(foldEdit(strings.TrimSpace(clauses[i+1]))) && keepOnlyCue.MatchString(foldEdit(cl+"，"+clauses[i+1])) && !t.readsValue(cl) {
			// "除了语言，其他条件都去掉": the field before, the rest after
			keepOnly = i
			break
		}
	}
	// "order by subscribers, smallest first": a sort the reading reads
	// with its key is the reading's, not a reversal of the held one
	whole, err := t.read(text)
	sorted := err == nil && (whole.Sort != nil || whole.Unsorted != nil && !changeWords.MatchString(whole.Unsorted.By))
	rejected := false
	for i, cl := range clauses {
		c := foldEdit(strings.TrimSpace(strings.Trim(cl, " .!！?？~")))
		switch {
		case c == "":
			continue
		case seenCue.MatchString(c):
			// "exclude anyone we've seen": no seen-list to leave out
			er.notes = append(er.notes, t.s.seenNote())
			er.read = append(er.read, "seen_results")
			continue
		case keepOnly < 0 && t.followCommand(c, &er):
			continue // a page, a result count, a scaled bound, a fresher window
		case clearExclusionsCue.MatchString(c):
			// "clear the exclusions", 排除项都去掉: every exclusion held
			cmds, note := t.s.clearExclusions()
			er.commands = append(er.commands, cmds...)
			er.notes = append(er.notes, note)
			er.read = append(er.read, "clear_exclusions")
			continue
		case t.restores(c, &er):
			continue
		case assents(clauses, i):
			// "对，就按刚才那个": agreement with the search as it is, no
			// undo (what else the text says is read as usual)
			continue
		case t.undoes(c):
			er.undo = true
			er.read = append(er.read, "undo_last")
			continue
		case undoOpenerOnly.MatchString(c) && i+1 < len(clauses) && t.undoes(clauses[i+1]):
			continue // "never mind, go back": said with the undo after it
		case i == keepOnly:
			// the fields the other clauses set stay too ("keep only the
			// country, and make it 50k+")
			var others []string
			for j, o := range clauses {
				if j != i {
					others = append(others, o)
				}
			}
			if cmds, note, ok := t.s.keepOnly(foldEdit(text), t.fieldsSet(strings.Join(others, "，"))); ok {
				er.commands = append(er.commands, cmds...)
				er.notes = append(er.notes, note)
				er.read = append(er.read, "keep_only")
				continue
			}
		case keepOnly >= 0 && i > keepOnly && len(keptFields(c)) > 0 && !t.readsValue(c):
			er.read = append(er.read, "keep_only_field")
			continue // "…the country and the language": a field kept
		case keepOnly >= 0 && startOverClause(c):
			er.read = append(er.read, "keep_only_start_over")
			continue // "重新开始" said with the keep clause
		case keepOnly >= 0 && restCue.MatchString(c):
			er.read = append(er.read, "keep_only_rest")
			continue // said with the keep-only clause
		case i > 0 && removalVerb.MatchString(foldEdit(clauses[i-1])) && reasonCue.MatchString(c):
			er.read = append(er.read, "removal_reason")
			continue // "…, too strict": the reason names no condition
		case orderRemovedOK(c):
			which, _ := orderRemoved(c)
			if cmds, note, ok := t.s.removeByOrder(which); ok {
				er.commands = append(er.commands, cmds...)
				er.notes = append(er.notes, note)
				er.read = append(er.read, "remove_by_order")
				continue
			}
		case shiftMatches(c):
			if cmds, note, ok := t.s.shiftHeld(c); ok {
				er.commands = append(er.commands, cmds...)
				if note != "" {
					er.notes = append(er.notes, note)
				}
				er.read = append(er.read, "shift_bound")
				continue
			}
		case keepRestCue.MatchString(c):
			er.read = append(er.read, "keep_rest")
			continue // the rest stays: nothing to apply
		case !(sorted && whole.Sort != nil && whole.Sort.Ascending) && condparse.AsksAscending(c):
			// "粉丝少的排前面", "least active first": the lowest first is
			// named as unavailable, never answered with the held
			// descending sort
			if by := condparse.SortKeyIn(c); by != "" {
				er.notes = append(er.notes, t.s.ascendingNote(by))
			} else {
				er.reverse = true
			}
			er.read = append(er.read, "ascending_sort")
			continue
		case !sorted && reverseCue.MatchString(c):
			er.reverse = true
			er.read = append(er.read, "reverse_sort")
			continue
		case rejected && rejectKindCue.MatchString(c):
			continue // said of the result rejected beside it
		case rejectCue.MatchString(c):
			if pos, ok := positionIn(c); ok {
				rejected = true
				cmds, note := t.s.rejectPosition(pos)
				er.commands = append(er.commands, cmds...)
				er.notes = append(er.notes, note)
				er.read = append(er.read, "reject_position")
				continue
			}
		case letBackCue.MatchString(c) && !excludeWord.MatchString(letBackUndo.ReplaceAllString(c, " ")):
			if cmds, note, ok := t.s.letBackIn(c); ok {
				t.wantedBack(text) // "…, make it Minecraft only" said with it
				er.commands = append(er.commands, cmds...)
				er.notes = append(er.notes, note)
				er.read = append(er.read, "let_back_in")
				continue
			}
		}
		er.rest = append(er.rest, strings.TrimSpace(cl))
	}
	return er
}

// startOverClause reports a clause that only says the search starts
// over ("let's start fresh", 重来吧, "clear everything else", 清空其他条件).
func startOverClause(c string) bool {
	m := startOverCue.FindStringIndex(c)
	if m == nil {
		return false
	}
	tail := strings.TrimSpace(strings.Trim(c[m[1]:], " .!！?？~吧啊了"))
	head := strings.TrimSpace(strings.ToLower(c[:m[0]]))
	return (tail == "" || restOnly.MatchString(tail)) && len([]rune(head)) <= 8
}

// readsValue reports a clause the condition reading places a value of a
// field in (a filter, not a field named to keep).
func (t *turn) readsValue(clause string) bool {
	rd, err := t.read(clause)
	return err == nil && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor
	})
}

// shiftMatches reports a clause shiftCue reads.
func shiftMatches(c string) bool {
	return slices.ContainsFunc(shiftCue, func(re *regexp.Regexp) bool { return re.MatchString(c) })
}

// fieldsSet are the fields the condition reading of text sets a value of.
func (t *turn) fieldsSet(text string) []string {
	rd, err := t.read(text)
	if err != nil {
		return nil
	}
	var out []string
	for _, c := range rd.Conditions {
		if c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor {
			out = append(out, string(c.Field))
		}
	}
	return out
}

// editFold folds the traditional forms of the characters the edit cues
// are written with to their simplified ones (換成 → 换成, 倒過來 → 倒过来,
// 第二個 → 第二个), one rune for one of the same length, so a clause of
// 繁體 text meets the cues; the text routed on is never folded here.
var editFold = strings.NewReplacer(
	"換", "换", "過", "过", "從", "从", "個", "个", "這", "这", "種", "种", "樣", "样", "類", "类",
	"別", "别", "餘", "余", "刪", "删", "條", "条", "調", "调", "減", "减", "門", "门", "檻", "槛",
	"還", "还", "對", "对", "們", "们", "為", "为", "來", "来", "讓", "让", "幫", "帮", "後", "后",
	"數", "数", "訂", "订", "閱", "阅", "絲", "丝", "語", "语", "國", "国", "變", "变", "維", "维",
	"動", "动", "開", "开", "關", "关", "復", "复", "當", "当", "適", "适", "應", "应", "聯", "联",
	"將", "将", "撥", "拨", "價", "价", "際", "际", "區", "区", "題", "题", "標", "标", "簽", "签",
	"籤", "签", "項", "项", "層", "层", "級", "级", "點", "点", "擇", "择", "選", "选", "並", "并",
	"顯", "显", "試", "试", "採", "采", "鎖", "锁", "張", "张", "萬", "万", "兩", "两", "億", "亿",
	"順", "顺", "較", "较",
)

func foldEdit(s string) string { return editFold.Replace(s) }

// splitKeep splits text at editClauseSeps into its clauses; an "also"
// between them stays at the head of the clause it adds.
func splitKeep(text string) []string {
	var out []string
	from := 0
	for _, m := range editClauseSeps.FindAllStringIndex(text, -1) {
		out = append(out, text[from:m[0]])
		from = m[1]
		if sep := strings.TrimSpace(text[m[0]:m[1]]); strings.EqualFold(sep, "also") {
			// "ok now also Netherlands": "also" says the next clause adds,
			// so it stays with it (audit 32, S3)
			from = m[1] - len(sep) - 1
		}
	}
	return append(out, text[from:])
}

// positionIn is the result position a clause names (1-based, -1 for the
// last).
func positionIn(clause string) (int64, bool) {
	if m := hashPosition.FindStringSubmatch(clause); m != nil {
		n, err := strconv.ParseInt(m[1], 10, 64)
		return n, err == nil
	}
	if ps := router.Ordinals(clause); len(ps) > 0 {
		return ps[0], true
	}
	return 0, false
}

// fieldNamed is the field a keep-only clause names by a word of the
// registry's aliases, or keywords ("" when none).
var keywordWords = []string{"keyword", "keywords", "term", "terms", "tag", "tags", "topic", "topics", "关键词", "标签", "话题"}

// keptFields are the fields a keep-only text names: the registry's names
// and aliases, and the keywords, found as words of the text.
func keptFields(text string) (kept []string) {
	low := strings.ToLower(text)
	has := func(w string) bool {
		w = strings.ToLower(w)
		i := strings.Index(low, w)
		for i >= 0 {
			before, after := i == 0 || !isWordByte(low[i-1]), i+len(w) == len(low) || !isWordByte(low[i+len(w)])
			if before && (after || strings.HasPrefix(low[i+len(w):], "s ") || w[0] >= 0x80) {
				return true
			}
			j := strings.Index(low[i+1:], w)
			if j < 0 {
				break
			}
			i += 1 + j
		}
		return false
	}
	for _, f := range fields.Registry {
		if has(string(f.Name)) || slices.ContainsFunc(f.Aliases, has) || slices.ContainsFunc(f.Cues, has) {
			kept = append(kept, string(f.Name))
		}
	}
	if slices.ContainsFunc(keywordWords, has) {
		kept = append(kept, "keyword")
	}
	return kept
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_'
}

// keepOnly removes every condition and keyword but those of the fields
// the text names and the fields set (which other clauses of the same
// follow-up set); the platform and the anchor stay. ok is false when the
// text names no field (nothing to keep is no keep-only).
func (s *Session) keepOnly(text string, set []string) ([]router.Command, string, bool) {
	kept := keptFields(text)
	if len(kept) == 0 {
		return nil, "", false
	}
	var ids []string
	for _, c := range s.Conds {
		if c.Field == string(condition.Platform) || slices.Contains(kept, c.Field) || slices.Contains(set, c.Field) {
			continue
		}
		ids = append(ids, c.ID)
	}
	if !slices.Contains(kept, "keyword") {
		for _, tg := range s.Tags {
			ids = append(ids, tg.ID)
		}
	}
	var names []string
	for _, k := range kept {
		if k == "keyword" {
			names = append(names, pick(s.zh(), "关键词", "keywords"))
			continue
		}
		names = append(names, condition.Field(k).Label(s.Locale))
	}
	note := pick(s.zh(), "只保留了"+strings.Join(names, "、")+"（平台不变）", "Kept only "+strings.Join(names, ", ")+" (the platform stays)")
	if len(ids) == 0 {
		return nil, note, true
	}
	return []router.Command{{Name: "remove_filter", Args: router.Args{"condition_ids": ids}}}, note, true
}

// clearExclusionsCue says a clause removes every exclusion, naming them
// as a kind ("clear the exclusions", "drop all the excluded keywords",
// "no more exclusions", 排除项都去掉, 清空排除条件) rather than one by one
// (letBackIn).
var clearExclusionsCue = regexp.MustCompile(`(?i)^(?:please\s+)?(?:clear|remove|drop|delete|lift|get rid of|forget|scrap|reset|undo|cancel)\s+(?:all\s+)?(?:of\s+)?(?:the\s+|my\s+|those\s+|these\s+)?(?:exclusions?|excluded\s+(?:keywords?|words?|terms?|items?|ones)|negative\s+keywords?|exclude\s+list)(?:\s+(?:too|as well|please))?$|^no\s+more\s+exclusions$|^(?:去掉|取消|删除|删掉|清除|清空|移除|撤销|不要)(?:所有|全部)?的?(?:排除项|排除条件|排除的(?:词|关键词|条件)|屏蔽词)(?:吧|了)?$|^(?:排除项|排除条件|排除的(?:词|关键词|条件)|屏蔽词)(?:都|全部|全)?(?:去掉|取消|删掉|清空|不要了?)(?:吧|了)?$`)

// clearExclusions removes every exclusion held: the excluded keywords and
// the excluded values of every set field.
func (s *Session) clearExclusions() ([]router.Command, string) {
	var ids []string
	for _, tg := range s.Tags {
		if tg.Excluded {
			ids = append(ids, tg.ID)
		}
	}
	for _, c := range s.Conds {
		if isExclusion(c.Op) {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return nil, pick(s.zh(), "没有可去掉的排除项", "There were no exclusions to clear")
	}
	// the removal names what it removed ("Removed: …")
	return []router.Command{{Name: "remove_filter", Args: router.Args{"condition_ids": ids}}}, ""
}

// letBackIn removes the exclusions a clause names: an excluded keyword
// whose words it holds, or excluded values of a set the reading of the
// clause names. ok is false when it names none (the clause is read as
// before).
func (s *Session) letBackIn(clause string) ([]router.Command, string, bool) {
	low := strings.ToLower(clause)
	var ids, names []string
	for _, tg := range s.Tags {
		if tg.Excluded && tg.Text != "" && strings.Contains(low, foldEdit(strings.ToLower(tg.Text))) {
			ids, names = append(ids, tg.ID), append(names, tg.Text)
		}
	}
	var cmds []router.Command
	for _, c := range s.Conds {
		if !isExclusion(c.Op) {
			continue
		}
		ff, ok := filterFieldNamed(c.Field)
		if !ok || ff.Kind != fields.Set || ff.Vocab == nil {
			continue
		}
		var back, keep []string
		for _, v := range c.Value.Codes() {
			if e, ok := ff.Vocab.ByCode(v); ok && slices.ContainsFunc(append([]string{e.ZH, e.EN}, e.Aliases...), func(n string) bool {
				n = strings.ToLower(n)
				return len(n) > 2 && strings.Contains(low, n)
			}) {
				back = append(back, v)
				names = append(names, e.Name(s.Locale))
				continue
			}
			keep = append(keep, v)
		}
		if len(back) == 0 {
			continue
		}
		ids = append(ids, c.ID)
		if len(keep) > 0 {
			cmds = append(cmds, router.Command{Name: "add_filter", Args: router.Args{"field": c.Field, "op": string(condition.OpNotIn), "value": keep}})
		}
		if held := s.heldInclude(c.Field); len(held) > 0 {
			// an include list held would still keep them out ("tech, no
			// gaming" then "gaming is fine"): they join it
			cmds = append(cmds, router.Command{Name: "add_filter", Args: router.Args{"field": c.Field, "op": string(condition.OpIn), "value": union(held, back)}})
		}
	}
	if len(ids) == 0 {
		return nil, "", false
	}
	cmds = append([]router.Command{{Name: "remove_filter", Args: router.Args{"condition_ids": ids}}}, cmds...)
	return cmds, pick(s.zh(), "不再排除："+strings.Join(names, "、"), "No longer excluded: "+strings.Join(names, ", ")), true
}

// rejectPosition excludes what sets the result at pos apart from the
// search: its category when the search does not ask for it, else its
// first tag the search does not hold. With no such result or nothing to
// tell it apart, the part is named as not applied, with how to say it.
func (s *Session) rejectPosition(pos int64) ([]router.Command, string) {
	how := pick(s.zh(), "请直接说要排除什么，例如“不要探店类的”", "say what to leave out, e.g. “no vlogs”")
	u, err := resultURL(s, pos)
	if err != nil || u == "" {
		msg := pick(s.zh(), fmt.Sprintf("「不要第 %d 个那种」未应用：", pos), fmt.Sprintf("“not like result %d” was not applied: ", pos))
		if err != nil {
			msg += err.Error() + pick(s.zh(), "；", "; ")
		}
		return nil, msg + how
	}
	n := pos
	if n == -1 {
		n = int64(len(s.Results.Items))
	}
	ch := s.Results.Items[n-1].Channel
	held := s.heldInclude(string(condition.Category))
	if ch.Category != "" && !slices.Contains(held, ch.Category) {
		label := ch.Category
		if ff, ok := filterFieldNamed(string(condition.Category)); ok && ff.Vocab != nil {
			if e, ok := ff.Vocab.ByCode(ch.Category); ok {
				label = e.Name(s.Locale)
			}
		}
		return []router.Command{{Name: "add_filter", Args: router.Args{"field": string(condition.Category), "op": string(condition.OpNotIn), "value": []string{ch.Category}}}},
			pick(s.zh(), fmt.Sprintf("已排除第 %d 个结果的类目：%s", n, label), fmt.Sprintf("Left out result %d's category: %s", n, label))
	}
	for _, tag := range ch.Tags {
		tag = strings.TrimSpace(tag)
		if tag == "" || slices.ContainsFunc(s.Tags, func(t Tag) bool { return strings.EqualFold(t.Text, tag) }) {
			continue
		}
		return []router.Command{{Name: "exclude_keyword", Args: router.Args{"keywords": []string{tag}}}},
			pick(s.zh(), fmt.Sprintf("已排除第 %d 个结果的标签「%s」", n, tag), fmt.Sprintf("Left out result %d's tag “%s”", n, tag))
	}
	return nil, pick(s.zh(), fmt.Sprintf("「不要第 %d 个那种」未应用：它和当前条件没有可区分的类目或标签；", n), fmt.Sprintf("“not like result %d” was not applied: nothing in its category or tags sets it apart; ", n)) + how
}

// positionsNotRemoved names results left out by position as not
// applied, with how to say what to leave out instead.
func (s *Session) positionsNotRemoved(pos []int64) string {
	var ns []string
	for _, p := range pos {
		if p == -1 {
			ns = append(ns, pick(s.zh(), "最后一", "last"))
			continue
		}
		ns = append(ns, strconv.FormatInt(p, 10))
	}
	return pick(s.zh(), "「去掉第 "+strings.Join(ns, "、")+" 个结果」未应用：不能按位置去掉单个频道；请说要排除的类型或关键词，例如“不要做搬运的”",
		"“remove results "+strings.Join(ns, ", ")+"” was not applied: single channels cannot be removed by their position; say what to leave out instead, e.g. “no resellers”")
}

// reverseNote says the held sort cannot run the other way: every sort
// of this box runs highest first.
func (s *Session) reverseNote() string {
	l := sortName(cmp.Or(s.Sort, "relevance"))
	return pick(s.zh(), "排序只能从高到低：无法把「"+l.zh+"」倒过来排，顺序未变",
		"This box sorts highest first only: the "+l.en+" order cannot be reversed, so it is unchanged")
}

// routeEdits reads the session edits of a follow-up (sessionEdits) and
// routes the clauses they leave; it reports whether the edits read any
// clause (false: route as before).
func (t *turn) routeEdits(text string, f *fsm.Facts) (bool, error) {
	if _, note, ok := t.assentOnlyEdit(text); ok && note != "" {
		// "yep that one", "对就这个" with no question open: nothing
		// changes, and the notice says so (fixZ3, class Z4)
		t.refuse(f, note)
		t.plan.edits = append(t.plan.edits, "assent")
		return true, nil
	}
	er := t.sessionEdits(text)
	if len(er.read) == 0 {
		return false, nil
	}
	if er.reverse {
		er.notes = append(er.notes, t.s.reverseNote())
	}
	t.plan.undo = er.undo
	t.plan.restore = er.restore
	t.plan.retractedMsg = er.retracted
	if er.startOver != nil {
		// a new search of the rest, the conditions named kept (startNewTask)
		t.plan.reset, t.plan.text, t.plan.startOver = true, er.startOver.text, er.startOver
		t.plan.editsOnly = true
		t.plan.edits = append(t.plan.edits, er.read...)
		t.ev = fsm.SessionReset
		return true, nil
	}
	t.plan.page = er.page
	rest := strings.TrimSpace(strings.Join(er.rest, pick(t.s.zh(), "，", ", ")))
	t.plan.editsOnly = rest == ""
	if rest != "" {
		if err := t.route(rest, f); err != nil {
			return true, err
		}
		if f.RouterRefused {
			// the edits apply; the clauses no reading placed are named
			f.RouterRefused = false
			if !slices.Contains(er.read, "let_back_in") || !t.wantedBack(rest) {
				er.notes = append(er.notes, t.plan.notice)
			}
			t.plan.notice = ""
		}
	}
	t.plan.commands = append(t.plan.commands, er.commands...)
	t.plan.notes = append(t.plan.notes, er.notes...)
	t.plan.edits = append(t.plan.edits, er.read...)
	return true, nil
}

// notePendingPlatform says in the notice that a platform the user asked
// for cannot be searched from this page (seed 002 §1: one search runs in
// the current platform's channels) and how to settle its pending chip.
func (s *Session) notePendingPlatform() {
	for _, c := range s.Conds {
		if c.Field != string(condition.Platform) || c.Status != condition.StatusPending {
			continue
		}
		want := c.Value.Str
		if l := pick(s.zh(), c.LabelZH, c.LabelEN); l != "" {
			want = l
		}
		plat := s.Platform.Label(s.Locale)
		s.note(pick(s.zh(), "「"+want+"」待确认：这里只搜 "+plat+" 的频道，其他条件照旧；在该条件的菜单里选「仅作参考」或删除它",
			"“"+want+"” is pending: this page searches "+plat+" channels only, the other conditions stay; keep it for reference or remove it from its chip's menu"))
		return
	}
}

// wantedBack reads, beside an edit that let an excluded word back in
// ("actually Minecraft is fine, make it Minecraft only", "…，只要电车内容"),
// the same word said as the only one wanted: it becomes the topic, a
// filter (audit 30, class 4), as mergeReading makes it after a routed
// follow-up. It reports whether it read one.
func (t *turn) wantedBack(text string) bool {
	rd, err := t.readFollowup(text)

	if err != nil {
		return false
	}
	var extra []condparse.Condition
	for _, c := range rd.Conditions {
		if c.Field != condition.Keyword || c.Op != condition.OpContains || len(t.s.excludingTags(c.Value.Str)) == 0 ||
			!slices.ContainsFunc(append([]condparse.Span{c.Span}, c.MoreSpans...), func(sp condparse.Span) bool { return onlyWanted(rd.Input, sp) }) {
			continue
		}
		c.Status, c.Priority = condition.StatusApplied, 1
		c.Issues = slices.DeleteFunc(slices.Clone(c.Issues), func(i string) bool { return i == condparse.IssueRankingTerm })
		extra = append(extra, c)
	}
	if len(extra) == 0 {
		return false
	}
	res := rd.Result
	res.Conditions = extra
	t.plan.reading = &res
	return true
}

// alsoDoSplit is where an also-do clause may start after other words: a
// comma, a dash, a semicolon or an "and".
var alsoDoSplit = regexp.MustCompile(`(?i)\s*[,，;；—–]\s*|\s+-\s+|\s+(?:and\s+)?(?:only|just)\s`)

// alsoDoTail splits text into a head and an also-do clause ending it
// (alsoDoCue), when the head says something of its own.
func (t *turn) alsoDoTail(text string) (head, tail string, ok bool) {
	text = foldEdit(strings.TrimSpace(strings.Trim(text, " .!！?？~。")))
	for _, m := range alsoDoSplit.FindAllStringIndex(text, -1) {
		at := m[0]
		if strings.TrimSpace(text[m[0]:m[1]]) != "" && !strings.ContainsAny(text[m[0]:m[1]], ",，;；—–-") {
			// "… only those that also …": the also-do starts at the word
			at = m[0] + len(text[m[0]:m[1]]) - len(strings.TrimLeft(text[m[0]:m[1]], " "))
		}
		h := strings.TrimSpace(strings.Trim(text[:at], " ,，;；—–-"))
		tl := strings.TrimSpace(text[at:])
		tl = strings.TrimSpace(strings.TrimLeft(tl, ",，;；—–- "))
		if h == "" || !alsoDoCue.MatchString(tl) {
			continue
		}
		return h, tl, true
	}
	return "", "", false
}
