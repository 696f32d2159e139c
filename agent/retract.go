package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// Audit 29's follow-up path (issue 26 items 3 and 5, fixV): a message
// that takes back its own change ("switch to Ghana… no wait, undo that,
// keep Nigeria", 换成A…算了，还是B, "drop the minimum — actually keep
// it"), a change of one field put back by name ("put the country back",
// 恢复原来的粉丝条件), and a first search that drops a bound it stated
// ("100k+ followers, actually forget the follower minimum").

// retractWord is a clause that takes back the change said right before
// it in the same message, and nothing else: "算了", "never mind",
// "scratch that", "no wait", "undo that", 撤销刚才的 (saysUndo reads the
// longer forms). A bare correction mark followed by a new value ("不对，
// 是五万") is correctedTail's, not this.
var retractWord = regexp.MustCompile(`(?i)^(?:(?:hmm+|oh|ah|um+|uh+|well|actually|wait|ok(?:ay)?|哦|噢|啊|呃|嗯)[\s,，]*)*` +
	`(?:算了|那算了|还是算了|算了算了|never ?mind|nvm|forget (?:it|that)|scratch that|no wait|wait,? no|actually,? no|no no|nah|no|oops|不对|不对不对|不行|不要了|不了)` +
	`[\s.!。！]*$`)

// retractUndo are the retraction clauses that take back by name ("算了",
// "undo that", "forget that"): after one, the clauses that only say what
// stays are read too ("还是巴西", "keep Nigeria").
var retractUndo = regexp.MustCompile(`(?i)算了|never ?mind|nvm|forget|scratch|undo|revert|cancel|撤销|撤回|取消`)

// keepSame is a clause that keeps what the clause before it would have
// changed: "keep it", "leave it (as is)", "留着吧", "还是保留吧", "不变".
var keepSame = regexp.MustCompile(`(?i)^(?:(?:actually|no|oh|hmm+|ok(?:ay)?|wait|just|算了|哦|还是|那就|就)[\s,，]*)*` +
	`(?:(?:keep|leave)\s+(?:it|that|them|this|those)(?:\s+(?:as\s+(?:is|it\s+is|they\s+are)|then|please|there|on|in))*` +
	`|(?:保留|留着|留下|不变|不动|别动|别改|不改了?|维持原样|保持原样|保持不变)(?:吧|就好|就行|好了)?)[\s.!。！]*$`)

// keepValue opens a clause that names the value kept: "keep Nigeria",
// "stay with Germany", "stick with", "还是巴西"; the value is read alone.
var keepValue = regexp.MustCompile(`(?i)^(?:(?:no|ok(?:ay)?|so|just|actually|那|就)[\s,，]*)*(?:keep|stay\s+with|stick\s+(?:with|to)|go\s+with|还是|保持|保留|就要)\s*`)

// retractSeps cut a message into clauses where a retraction may stand
// alone: the edit separators and the dashes and ellipses of talk.
var retractSeps = regexp.MustCompile(`(?i)[,，;；。!！]|……|…|\.{2,}|\s+[—–-]+\s+|—+|\s+(?:and|then|but)\s+|然后`)

// isRetraction reports a clause that takes back the change before it.
func isRetraction(c string) bool {
	c = strings.TrimSpace(foldEdit(c))
	return c != "" && (retractWord.MatchString(c) || saysUndo(c))
}

// retractInMessage reads a message that takes back its own change: the
// last retraction with a change before it withdraws that change (the
// nearest clause before it that is no retraction of its own); what
// follows it and only keeps the value held is read as nothing new.
// kept is the rest of the message to read; withdrawn the clause taken
// back; ok is false when the message takes nothing back.
func retractInMessage(text string) (kept, withdrawn string, ok bool) {
	var clauses []string
	from := 0
	for _, m := range retractSeps.FindAllStringIndex(text, -1) {
		clauses = append(clauses, strings.TrimSpace(text[from:m[0]]))
		from = m[1]
	}
	clauses = append(clauses, strings.TrimSpace(text[from:]))
	clauses = slices.DeleteFunc(clauses, func(c string) bool { return strings.Trim(c, " .。!！?？") == "" })
	r := -1
	for i := len(clauses) - 1; i >= 1; i-- {
		c := strings.TrimSpace(foldEdit(clauses[i]))
		if isRetraction(c) || keepSame.MatchString(c) || retractHead(c) != "" {
			r = i
			break
		}
	}
	if r < 0 {
		return text, "", false
	}
	j := r - 1
	for j >= 0 && isRetraction(clauses[j]) {
		j--
	}
	if j < 0 {
		return text, "", false
	}
	// a retraction word alone before a new value is a correction
	// (correctedTail): "不对，是五万"
	byName := keepSame.MatchString(foldEdit(clauses[r])) || retractHead(foldEdit(clauses[r])) != ""
	for k := j + 1; k <= r; k++ {
		if retractUndo.MatchString(foldEdit(clauses[k])) {
			byName = true
		}
	}
	rest := clauses[r+1:]
	if h := retractHead(foldEdit(clauses[r])); h != "" && !keepSame.MatchString(foldEdit(clauses[r])) {
		rest = append([]string{strings.TrimSpace(clauses[r][len(h):])}, rest...)
	}
	var tail []string
	for _, c := range rest {
		f := strings.TrimSpace(foldEdit(c))
		switch {
		case keepSame.MatchString(f):
			byName = true
		case keepValue.MatchString(f):
			byName = true
			tail = append(tail, strings.TrimSpace(keepValue.ReplaceAllString(f, "")))
		default:
			tail = append(tail, c)
		}
	}
	if !byName {
		return text, "", false
	}
	return strings.Join(append(slices.Clone(clauses[:j]), tail...), "，"), clauses[j], true
}

// retractOpener is a retraction word that opens a clause which goes on
// ("算了还是保留吧", "actually keep it", "never mind, …").
var retractOpener = regexp.MustCompile(`(?i)^(?:(?:hmm+|oh|well|actually|哦|嗯)[\s,，]*)*(?:算了|那算了|never ?mind|nvm|actually,?\s+no|no wait|scratch that)[\s,，]*`)

// retractHead is the retraction word opening c when more follows it.
func retractHead(c string) string {
	m := retractOpener.FindString(c)
	if m == "" || strings.TrimSpace(c[len(m):]) == "" {
		return ""
	}
	return m
}

// retractNote says what a message took back of itself.
func (s *Session) retractNote(withdrawn string) string {
	return pick(s.zh(), "「"+clip(withdrawn, 24)+"」已在同一句里撤回，未应用",
		"“"+clip(withdrawn, 24)+"” was taken back in the same message and not applied")
}

// retractFirstSearch takes out of a first search the conditions the same
// message took back ("100k+ followers, actually forget the follower
// minimum", "粉丝10万以上，算了粉丝不限"): a field said to have no
// requirement, or a bound lifted, after the text stated it. What was
// taken back is kept as the search before the change, so that "put the
// follower minimum back" restores it.
func (t *turn) retractFirstSearch(res condparse.Result) {
	s := t.s
	before := s.held()
	var gone []string
	for i := 0; i < len(s.Conds); i++ {
		c := s.Conds[i]
		if c.Kind != condition.KindHard && c.Kind != condition.KindDerived || isExclusion(c.Op) || c.Status != condition.StatusApplied {
			continue
		}
		drop := slices.Contains(res.Unlimited, condition.Field(c.Field))
		for _, u := range res.Unbounded {
			if string(u.Field) == c.Field && (c.Op == condition.OpGte && !u.Upper || c.Op == condition.OpLte && u.Upper) {
				drop = true
			}
		}
		if !drop {
			continue
		}
		zh, en := describe(c)
		gone = append(gone, pick(s.zh(), cmpOr(c.LabelZH, zh), cmpOr(c.LabelEN, en)))
		s.Conds = slices.Delete(s.Conds, i, i+1)
		i--
	}
	if len(gone) == 0 {
		return
	}
	t.plan.retracted = &before
	s.note(pick(s.zh(), "已按同一句里的撤回去掉："+strings.Join(gone, "、"),
		"Taken back in the same message, not applied: "+strings.Join(gone, ", ")))
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// restoreCue puts one field's earlier value back ("put the country
// back", "bring the follower minimum back", "restore the language",
// 恢复原来的粉丝条件, 把粉丝要求加回来, 把国家改回原来的); obj is the words
// naming what: a field (keptFields) restores it, none ("what you just
// removed", 刚才删掉的) undoes the last change.
var restoreCue = regexp.MustCompile(`(?i)^(?:(?:hmm+|ok(?:ay)?|oh|actually|and|so|now)[\s,，]*)*(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+|just\s+|let'?s\s+)*(?:` +
	`(?:put|bring|add|get|set)\s+(?P<obj>.+?)\s+back(?:\s+(?:in|on|again))?` +
	`|(?:put|bring|add)\s+back\s+(?P<obj2>.+?)` +
	`|(?:restore|reinstate|reapply|re-?add)\s+(?P<obj3>.+?)` +
	`|take\s+me\s+back\s+to\s+(?P<obj4>.+?)` +
	`)(?:\s+(?:please|pls|then|again))?[\s.!]*$` +
	`|^(?:算了|好吧|嗯|哦)?[\s，,]*(?:还是|请|帮我|麻烦)?(?:把|将)?(?P<zh>[^，,。]*?)(?:给我)?(?:加回来|加回去|放回来|放回去|要回来|恢复回来|恢复原样|恢复|改回来|改回去|改回原来的|改回原样|还原|退回去)(?:吧|一下|了)?[\s。.!！]*$` +
	`|^(?:恢复|还原|改回|退回到?|返回到?)(?P<zh2>(?:原来|原先|之前|刚才|刚刚|上一步|上一个|上一次)[^，,。]*?)(?:吧|一下)?[\s。.!！]*$`)

// restoreObject is the words a restoreCue clause names, "" when none.
func restoreObject(clause string) (string, bool) {
	m := restoreCue.FindStringSubmatch(strings.TrimSpace(foldEdit(clause)))
	if m == nil {
		return "", false
	}
	for i, n := range restoreCue.SubexpNames() {
		if n != "" && m[i] != "" {
			return m[i], true
		}
	}
	return "", true
}

// restoreGeneric are object words that name no field: the last change
// as a whole ("what you just removed", "the previous results", 刚才删掉的).
var restoreGeneric = regexp.MustCompile(`(?i)^(?:(?:the|my|that|those|these|what|it|them|everything|all)\b.*|.*(?:removed|dropped|deleted|took\s+out|cut|previous|earlier|last|before|original|old).*|.*(?:删掉|去掉|删除|拿掉|刚才|刚刚|之前|原来|上一步|上一次|上一个).*|)$`)

// restoreFields puts back the earlier conditions of the fields named
// (from the search before the last change, else the ones dropped
// earlier): true when it read the clause, whatever it could restore.
func (s *Session) restoreFields(names []string) {
	var parts []string
	for _, f := range names {
		var from []Cond
		if s.Before != nil {
			from = heldCondsOf(s.Before.Conds, f)
		}
		if len(from) == 0 || slices.EqualFunc(from, heldCondsOf(s.Conds, f), sameCond) {
			from = heldCondsOf(s.Dropped, f)
		}
		if len(from) == 0 || slices.EqualFunc(from, heldCondsOf(s.Conds, f), sameCond) {
			continue
		}
		s.Conds = slices.DeleteFunc(s.Conds, func(c Cond) bool { return c.Field == f })
		for _, c := range from {
			c.Value.Strs = slices.Clone(c.Value.Strs)
			s.Conds = append(s.Conds, c)
			zh, en := describe(c)
			parts = append(parts, pick(s.zh(), "「"+cmpOr(c.LabelZH, zh)+"」", "“"+cmpOr(c.LabelEN, en)+"”"))
		}
	}
	if len(parts) == 0 {
		s.note(pick(s.zh(), "没有可以恢复的先前条件："+strings.Join(fieldLabels(s, names), "、")+"保持不变",
			"there is no earlier "+strings.Join(fieldLabels(s, names), ", ")+" condition to put back: the conditions stay as they are"))
		return
	}
	s.note(pick(s.zh(), "已恢复："+strings.Join(parts, "、"), "Put back: "+strings.Join(parts, ", ")))
}

// heldCondsOf are the hard and derived conditions of field f in cs.
func heldCondsOf(cs []Cond, f string) []Cond {
	var out []Cond
	for _, c := range cs {
		if c.Field == f && (c.Kind == condition.KindHard || c.Kind == condition.KindDerived) {
			out = append(out, c)
		}
	}
	return out
}

// fieldLabels are the names of fields in the session's locale.
func fieldLabels(s *Session, names []string) []string {
	var out []string
	for _, f := range names {
		l := f
		if ff, ok := filterFieldNamed(f); ok {
			l = ff.Label(s.Locale)
		}
		out = append(out, l)
	}
	return out
}

// keepDropped records the conditions a change took away or replaced
// (each field's last earlier value), so that a field named later is put
// back even after another change ("remove the country", "make it
// 100k+", "put the country back").
func (s *Session) keepDropped(before Held) {
	for _, f := range fieldsOf(before.Conds) {
		was, now := heldCondsOf(before.Conds, f), heldCondsOf(s.Conds, f)
		if slices.EqualFunc(was, now, sameCond) {
			continue
		}
		s.Dropped = slices.DeleteFunc(s.Dropped, func(c Cond) bool { return c.Field == f })
		s.Dropped = append(s.Dropped, was...)
	}
}

// fieldsOf are the fields of cs, once each, in order.
func fieldsOf(cs []Cond) []string {
	var out []string
	for _, c := range cs {
		if !slices.Contains(out, c.Field) {
			out = append(out, c.Field)
		}
	}
	return out
}

// restores reads a clause that puts something back by name: a field
// named restores its earlier value, none undoes the last change.
func (t *turn) restores(c string, er *editResult) bool {
	obj, ok := restoreObject(c)
	if !ok || t.readsValue(c) && len(keptFields(obj)) == 0 {
		return false
	}
	if f := keptFields(obj); len(f) > 0 && !slices.Contains(f, "keyword") {
		er.restore = append(er.restore, f...)
		er.read = append(er.read, "restore_field")
		return true
	}
	if !restoreGeneric.MatchString(strings.ToLower(strings.TrimSpace(obj))) {
		return false
	}
	er.undo = true
	er.read = append(er.read, "undo_last")
	return true
}
