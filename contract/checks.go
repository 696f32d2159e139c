package contract

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// The id matchers implement the schemas' patterns (idPattern, …) without
// a regexp; a test checks that they agree.

func charsIn(s string, minLen, maxLen int, ok func(byte) bool) bool {
	if len(s) < minLen || len(s) > maxLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
func isUpperID(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' }

// ValidID matches idPattern.
func ValidID(s string) bool {
	return len(s) > 0 && isAlnum(s[0]) && charsIn(s[1:], 0, 63, func(c byte) bool {
		return isAlnum(c) || c == '_' || c == '.' || c == ':' || c == '-'
	})
}

// ValidField matches fieldPattern.
func ValidField(s string) bool {
	return len(s) > 0 && s[0] >= 'a' && s[0] <= 'z' && charsIn(s[1:], 0, 39, func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
	})
}

func matchPrefixed(s, prefix string, maxLen int) bool {
	rest, ok := strings.CutPrefix(s, prefix)
	return ok && charsIn(rest, 1, maxLen, isUpperID)
}

// ValidAction matches actionPattern.
func ValidAction(s string) bool { return matchPrefixed(s, "A_", 120) }

// ValidRepair matches repairPattern.
func ValidRepair(s string) bool { return matchPrefixed(s, "A_REPAIR_", 110) }

// matchHintAction matches hintActionPattern.
func matchHintAction(s string) bool { return matchPrefixed(s, "A_HINT_", 110) }

// checker runs the Go checks of one validation: what the schemas cannot
// say (wording, the registry, the graph, the tags) and every bound the
// strict schemas drop.
type checker struct {
	in     *Input
	rule   *Rule
	doc    map[string]any
	known  *knownSet
	out    []Violation
	locale string
}

func newChecker(in *Input, rule *Rule, doc any) *checker {
	m, _ := doc.(map[string]any)
	return &checker{in: in, rule: rule, doc: m, locale: in.Locale}
}

// slot returns a slot's value (nil when absent or null).
func (c *checker) slot(name string) any {
	if c.doc == nil {
		return nil
	}
	return c.doc[name]
}

// get returns a slot's value unless the state forbids the slot: a
// forbidden slot is reported once, by the schema, and not read further.
func (c *checker) get(name string) any {
	if c.rule.Presence(name) == Forbidden {
		return nil
	}
	return c.slot(name)
}

func (c *checker) add(code Code, loc, check string, m msg) {
	c.addKw(code, loc, "contract:"+check, m)
}

func (c *checker) addKw(code Code, loc, kw string, m msg) {
	c.out = append(c.out, Violation{Code: code, InstanceLocation: loc, KeywordLocation: kw, Message: m.in(c.locale)})
}

// knownStrings builds the set of quotable user strings on first use.
func (c *checker) knownStrings() *knownSet {
	if c.known != nil {
		return c.known
	}
	k := &knownSet{}
	for _, t := range c.in.TagsBefore {
		k.add(t.Text)
	}
	for _, t := range c.in.TagsAfter {
		k.add(t.Text)
	}
	for _, cond := range c.in.Conditions {
		k.add(cond.Label)
		addValueStrings(k, JSONValue(cond.Value))
	}
	if arr, ok := c.get(SlotConditions).([]any); ok && c.in.Conditions == nil {
		// Without a graph, the document's own condition values are the
		// best evidence of what the user typed.
		for _, item := range arr {
			if m, ok := item.(map[string]any); ok {
				addValueStrings(k, m["value"])
			}
		}
	}
	for _, s := range c.in.UserTexts {
		k.add(s)
	}
	c.known = k
	return k
}

func addValueStrings(k *knownSet, v any) {
	switch x := v.(type) {
	case string:
		k.add(x)
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				k.add(s)
			}
		}
	}
}

func (c *checker) mask(s string) string {
	if c.knownStrings().match(s) {
		// The whole text is a string the user typed (an option or button
		// that offers the user's own words back): it is not the model
		// asking, so none of its wording is the model's.
		return ""
	}
	if !strings.ContainsFunc(s, isQuoteRune) {
		return s
	}
	return maskKnown(s, c.knownStrings())
}

func (c *checker) run() {
	if c.doc == nil {
		return
	}
	c.checkStatus()
	c.checkSummary()
	c.checkConditions()
	c.checkQuestion()
	c.checkRepairOptions()
	c.checkHint()
	c.checkActions()
	c.checkTags()
}

// textRule says which wording checks apply to one text.
type textRule struct {
	limit    int
	question bool // any question is a second question
	loading  bool // in-progress wording is fake loading
	ellipsis bool // an ellipsis is fake loading
	chat     bool
}

// text runs the wording checks on one text and returns it masked (see
// maskKnown).
func (c *checker) text(loc, s string, tr textRule) string {
	if tr.limit > 0 {
		if w := Width(s); w > tr.limit {
			c.add(TooLong, loc, "width", tooLongMsg(loc, w, tr.limit, c.rule))
		}
	}
	if s == "" || !(tr.question || tr.loading || tr.ellipsis || tr.chat) {
		return s
	}
	masked := c.mask(s)
	if tr.question {
		if sent, ok := firstQuestion(masked); ok {
			c.add(SecondQuestion, loc, "question_outside_slot", smuggledQuestionMsg(loc, sent))
		}
	}
	if tr.loading {
		if w, ok := loadingWording(masked); ok {
			c.add(FakeLoading, loc, "loading_wording", c.loadingWordMsg(loc, w))
		}
	}
	if tr.ellipsis && hasEllipsis(masked) {
		c.add(FakeLoading, loc, "ellipsis", c.ellipsisMsg(loc))
	}
	if tr.chat {
		if w, ok := ChatWording(masked); ok {
			c.add(ChatOutsideBox, loc, "chat_outside_box", chatMsg(loc, w))
		}
	}
	return masked
}

// Blank reports a text with nothing visible in it.
func Blank(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) && !unicode.IsControl(r) && !unicode.Is(unicode.Cf, r) && r != utf8.RuneError {
			return false
		}
	}
	return true
}

func (c *checker) checkStatus() {
	st, ok := c.get(SlotStatus).(map[string]any)
	if !ok {
		return
	}
	stable := !c.rule.InProgress
	if text, ok := st["text"].(string); ok {
		if Blank(text) && c.rule.Presence(SlotStatus) == Required {
			c.add(MissingSlot, "/status/text", "blank", c.blankMsg("status.text"))
		}
		c.text("/status/text", text, textRule{limit: c.rule.Limits.Status, question: true, loading: stable, ellipsis: stable, chat: true})
	}
	if loading, ok := st["loading"].(bool); ok && loading && stable {
		c.add(FakeLoading, "/status/loading", "loading_flag", c.loadingFlagMsg())
	}
	if tone, ok := st["tone"].(string); ok && tone == string(ToneProgress) && stable {
		c.add(FakeLoading, "/status/tone", "progress_tone", c.progressToneMsg())
	}
}

func (c *checker) checkSummary() {
	v := c.get(SlotTaskSummary)
	s, ok := v.(string)
	needKeywords := c.rule.SummaryWhenKeywords && c.hasKeywords()
	if (v == nil || (ok && Blank(s))) && needKeywords {
		c.add(MissingSlot, "/task_summary", "keywords_kept", keywordsKeptMsg())
	}
	if !ok {
		return
	}
	if Blank(s) && c.rule.Presence(SlotTaskSummary) == Required {
		c.add(MissingSlot, "/task_summary", "blank", c.blankMsg("task_summary"))
	}
	masked := c.text("/task_summary", s, textRule{limit: c.rule.Limits.TaskSummary, question: true, loading: !c.rule.InProgress, chat: true})
	c.checkSoftInSummary(s, masked)
}

// checkSoftInSummary flags a summary clause that presents a soft
// preference as an applied filter.
func (c *checker) checkSoftInSummary(s, masked string) {
	raw := clauses(s)
	if !slices.ContainsFunc(raw, appliedClause) {
		return
	}
	terms := c.softTerms()
	if len(terms) == 0 {
		return
	}
	mclauses := clauses(masked)
	if len(raw) != len(mclauses) {
		mclauses = raw
	}
	for i, cl := range raw {
		if !appliedClause(mclauses[i]) {
			continue
		}
		for _, t := range terms {
			if hasWordFold(cl, t) {
				c.add(SoftAsHard, "/task_summary", "soft_in_applied_clause", softSummaryMsg(t))
				return
			}
		}
	}
}

// softTerms are the labels and texts of soft conditions. A term that an
// applied hard condition or a keyword tag also carries is left out: its
// mention is ambiguous.
func (c *checker) softTerms() []string {
	var terms []string
	addTerm := func(s string) {
		s = DisplayText(s)
		if utf8.RuneCountInString(s) >= 2 && !containsFold(terms, s) {
			terms = append(terms, s)
		}
	}
	slotConds, _ := c.get(SlotConditions).([]any)
	for _, cond := range c.in.Conditions {
		if cond.Kind == condition.KindSoft {
			addTerm(cond.Label)
			if s, ok := cond.Value.(string); ok {
				addTerm(s)
			}
		}
	}
	for _, item := range slotConds {
		if m, ok := item.(map[string]any); ok && m["kind"] == string(condition.KindSoft) {
			if s, ok := m["label"].(string); ok {
				addTerm(s)
			}
			if s, ok := m["value"].(string); ok {
				addTerm(s)
			}
		}
	}
	if len(terms) == 0 {
		return nil
	}
	carried := func(t string) bool {
		for _, cond := range c.in.Conditions {
			if cond.Kind != condition.KindSoft && cond.Status == condition.StatusApplied {
				if v, _ := cond.Value.(string); hasFold(cond.Label, t) || hasFold(v, t) {
					return true
				}
			}
		}
		for _, item := range slotConds {
			m, ok := item.(map[string]any)
			if !ok || m["kind"] == string(condition.KindSoft) || m["status"] != string(condition.StatusApplied) {
				continue
			}
			l, _ := m["label"].(string)
			v, _ := m["value"].(string)
			if hasFold(l, t) || hasFold(v, t) {
				return true
			}
		}
		for _, tag := range c.currentTags() {
			if hasFold(tag.Text, t) {
				return true
			}
		}
		return false
	}
	return slices.DeleteFunc(terms, carried)
}

func str(m map[string]any, k string) (string, bool) {
	s, ok := m[k].(string)
	return s, ok
}

func (c *checker) checkID(loc string, m map[string]any, seen map[string]bool) {
	id, ok := str(m, "id")
	if !ok {
		return
	}
	if !ValidID(id) {
		c.add(InvalidSlot, loc+"/id", "id_format", mf("%s is %s; ids are 1-64 letters, digits, '_', '.', ':' or '-'.", "%s 为 %s；id 只能由 1-64 个字母、数字、'_'、'.'、':'、'-' 组成。", slotName(loc+"/id"), quoteShort(id)))
		return
	}
	if seen != nil {
		if seen[id] {
			c.add(InvalidSlot, loc+"/id", "duplicate_id", mf("%s repeats the id %q; ids must be unique.", "%s 重复使用 id %q；id 必须唯一。", slotName(loc+"/id"), id))
		}
		seen[id] = true
	}
}

// NormScope is a tag scope with the default written out: "" is tags.
func NormScope(s string) string {
	if s == "" {
		return string(ScopeTags)
	}
	return s
}

func (c *checker) currentTags() []Tag {
	if c.in.TagsAfter != nil {
		return c.in.TagsAfter
	}
	return c.in.TagsBefore
}

// hasKeywords reports kept keywords: positive tags of the session, or
// keyword conditions in the document.
func (c *checker) hasKeywords() bool {
	for _, t := range c.currentTags() {
		if !t.Excluded && !Blank(t.Text) {
			return true
		}
	}
	return false
}

func (c *checker) checkConditions() {
	arr, ok := c.get(SlotConditions).([]any)
	if !ok {
		return
	}
	seen := map[string]bool{}
	var graph map[string]Condition
	if c.in.Conditions != nil {
		graph = make(map[string]Condition, len(c.in.Conditions))
		for _, g := range c.in.Conditions {
			graph[g.ID] = g
		}
	}
	for i, item := range arr {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		base := ptr(SlotConditions, i)
		c.checkID(base, m, seen)
		id, _ := str(m, "id")
		kindS, _ := str(m, "kind")
		field, hasField := str(m, "field")
		op, _ := str(m, "op")
		status, _ := str(m, "status")
		if hasField && !ValidField(field) {
			c.add(InvalidSlot, base+"/field", "field_format", mf("%s is %s; a field is a lower-case identifier.", "%s 为 %s；field 须为小写标识符。", slotName(base+"/field"), quoteShort(field)))
		}
		if label, ok := str(m, "label"); ok {
			if Blank(label) {
				c.add(InvalidSlot, base+"/label", "blank", mf("%s is empty; every condition needs a chip label.", "%s 为空；每个条件都需要标签文字。", slotName(base+"/label")))
			}
			c.text(base+"/label", label, textRule{limit: c.rule.Limits.CondLabel})
		}
		if v, ok := str(m, "value"); ok {
			c.text(base+"/value", v, textRule{limit: c.rule.Limits.CondValue})
		}
		if kindS == string(condition.KindSoft) && status == string(condition.StatusApplied) {
			c.add(SoftAsHard, base+"/status", "soft_applied", softAppliedMsg(id))
		}
		if kindS == string(condition.KindKeyword) {
			if hasField && ValidField(field) && !slices.Contains(scope.List(), Scope(field)) {
				c.add(InvalidSlot, base+"/field", "keyword_scope", mf("%s is %q; a keyword's field is its match scope: tags, name, description, content or all.", "%s 为 %q；关键词的 field 是匹配目标：tags、name、description、content 或 all。", slotName(base+"/field"), field))
			}
			if op != string(condition.OpContains) && op != string(condition.OpNotContains) && slices.Contains(condition.Ops, condition.Op(op)) {
				c.add(InvalidSlot, base+"/op", "keyword_op", mf("%s is %q; a keyword is contains or not_contains.", "%s 为 %q；关键词的 op 只能是 contains 或 not_contains。", slotName(base+"/op"), op))
			}
		}
		if graph != nil {
			c.checkAgainstGraph(base, m, graph)
		}
		if kindS == string(condition.KindKeyword) {
			c.checkKeywordTag(base, m, graph)
		}
	}
}

func (c *checker) checkAgainstGraph(base string, m map[string]any, graph map[string]Condition) {
	id, _ := str(m, "id")
	g, ok := graph[id]
	if !ok {
		c.add(UnknownCondition, base, "graph", unknownCondMsg(id))
		return
	}
	kindS, _ := str(m, "kind")
	field, _ := str(m, "field")
	op, _ := str(m, "op")
	status, _ := str(m, "status")
	switch {
	case g.Kind == condition.KindSoft && kindS != string(condition.KindSoft):
		c.add(SoftAsHard, base+"/kind", "graph_soft_kind", softKindMsg(id, kindS))
	case kindS != string(g.Kind):
		c.add(UnknownCondition, base+"/kind", "graph_kind", condDiffMsg(id, "kind", string(g.Kind), kindS))
	}
	if status == string(condition.StatusApplied) && g.Status != condition.StatusApplied && kindS != string(condition.KindSoft) {
		c.add(SoftAsHard, base+"/status", "graph_status", softStatusMsg(id, string(g.Status)))
	}
	if g.Kind != condition.KindSoft && kindS != string(condition.KindSoft) && status != string(condition.StatusApplied) && g.Status == condition.StatusApplied {
		c.add(UnknownCondition, base+"/status", "graph_status", condDiffMsg(id, "status", string(g.Status), status))
	}
	keyword := g.Kind == condition.KindKeyword || kindS == string(condition.KindKeyword)
	diffCode := UnknownCondition
	if keyword {
		diffCode = ScopeRewrite
	}
	if field != normFieldForKind(g) {
		c.add(diffCode, base+"/field", "graph_field", condDiffMsg(id, "field", g.Field, field))
	}
	if op != string(g.Op) {
		c.add(diffCode, base+"/op", "graph_op", condDiffMsg(id, "op", string(g.Op), op))
	}
	if !equalJSON(m["value"], JSONValue(g.Value)) {
		c.add(UnknownCondition, base+"/value", "graph_value", condDiffMsg(id, "value", compactJSON(JSONValue(g.Value)), compactJSON(m["value"])))
	}
}

func normFieldForKind(g Condition) string {
	if g.Kind == condition.KindKeyword {
		return NormScope(g.Field)
	}
	return g.Field
}

// checkKeywordTag compares a keyword condition with the keyword tag it
// shows.
func (c *checker) checkKeywordTag(base string, m map[string]any, graph map[string]Condition) {
	tags := c.currentTags()
	if tags == nil {
		return
	}
	id, _ := str(m, "id")
	value, _ := str(m, "value")
	var tag *Tag
	for i := range tags {
		if tags[i].ID != "" && tags[i].ID == id {
			tag = &tags[i]
			break
		}
	}
	if tag == nil {
		want := strings.ToLower(DisplayText(value))
		for i := range tags {
			if want != "" && strings.ToLower(DisplayText(tags[i].Text)) == want {
				tag = &tags[i]
				break
			}
		}
	}
	if tag == nil {
		if graph == nil {
			c.add(UnknownCondition, base, "keyword_tag", mf("%s shows the keyword %s, which matches no keyword tag of the session.", "%s 展示的关键词 %s 不对应会话中的任何关键词 tag。", slotName(base), quoteShort(value)))
		}
		return
	}
	if field, ok := str(m, "field"); ok && field != NormScope(string(tag.Scope)) {
		c.add(ScopeRewrite, base+"/field", "keyword_scope", conditionScopeMsg(tag.Text, NormScope(string(tag.Scope)), field))
	}
	if op, ok := str(m, "op"); ok && (op == string(condition.OpNotContains)) != tag.Excluded && (op == string(condition.OpContains) || op == string(condition.OpNotContains)) {
		c.add(ScopeRewrite, base+"/op", "keyword_exclusion", conditionExclusionMsg(tag.Text, tag.Excluded))
	}
}

func (c *checker) checkQuestion() {
	v := c.get(SlotQuestion)
	if arr, ok := v.([]any); ok && len(arr) >= 2 {
		c.add(SecondQuestion, "/question", "question_array", questionArrayMsg(len(arr)))
		return
	}
	q, ok := v.(map[string]any)
	if !ok {
		return
	}
	c.checkID("/question", q, nil)
	if text, ok := str(q, "text"); ok {
		if Blank(text) {
			c.add(InvalidSlot, "/question/text", "blank", mf("question.text is empty; ask the one question.", "question.text 为空；请写出这一个问题。"))
		}
		c.text("/question/text", text, textRule{limit: c.rule.Limits.Question, chat: true})
		if n := CountQuestions(c.mask(text)); n > 1 {
			c.add(SecondQuestion, "/question/text", "one_question", multiQuestionMsg(n))
		}
	}
	opts, ok := q["options"].([]any)
	if !ok {
		return
	}
	if n := len(opts); n < 2 || n > 4 {
		c.add(OptionsCount, "/question/options", "options_count", optionsCountMsg(n))
	}
	seen := map[string]bool{}
	for i, o := range opts {
		m, ok := o.(map[string]any)
		if !ok {
			continue
		}
		base := ptr(SlotQuestion, "options", i)
		c.checkID(base, m, seen)
		if label, ok := str(m, "label"); ok {
			if Blank(label) {
				c.add(InvalidSlot, base+"/label", "blank", mf("%s is empty.", "%s 为空。", slotName(base+"/label")))
			}
			// An option is an answer, never a question of its own
			// (seed 001 §4.5: one question per episode).
			c.text(base+"/label", label, textRule{limit: c.rule.Limits.OptionLabel, question: true, chat: true})
		}
	}
}

func (c *checker) allowedNow(id string) bool {
	return c.in.AllowedActions == nil || slices.Contains(c.in.AllowedActions, id)
}

func (c *checker) checkRepairOptions() {
	arr, ok := c.get(SlotRepairOptions).([]any)
	if !ok {
		return
	}
	if n := len(arr); n < 1 || n > 3 {
		c.add(OptionsCount, "/repair_options", "repair_count", repairCountMsg(n))
	}
	for i, item := range arr {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		base := ptr(SlotRepairOptions, i)
		if id, ok := str(m, "action_id"); ok {
			switch {
			case !ValidRepair(id):
				c.add(ActionNotAllowed, base+"/action_id", "repair_family", notRepairMsg(id))
			case c.rule.RepairActions != nil && !slices.Contains(c.rule.RepairActions, id):
				c.add(ActionNotAllowed, base+"/action_id", "repair_set", notInRepairSetMsg(id, c.rule))
			case !c.allowedNow(id):
				c.add(ActionNotAllowed, base+"/action_id", "allowed_now", c.notAllowedMsg(id))
			}
		}
		if label, ok := str(m, "label"); ok {
			if Blank(label) {
				c.add(InvalidSlot, base+"/label", "blank", mf("%s is empty.", "%s 为空。", slotName(base+"/label")))
			}
			c.text(base+"/label", label, textRule{limit: c.rule.Limits.RepairLabel, question: true, chat: true})
		}
		if reason, ok := str(m, "reason"); ok {
			c.text(base+"/reason", reason, textRule{limit: c.rule.Limits.RepairReason, question: true, chat: true})
		}
		// An option's args name a condition of the session's graph
		// (issue 16 item 4): never one the graph does not have.
		if args, ok := m["args"].(map[string]any); ok && c.in.Conditions != nil {
			if id, ok := str(args, "condition_id"); ok && id != "" &&
				!slices.ContainsFunc(c.in.Conditions, func(g Condition) bool { return g.ID == id }) {
				c.add(UnknownCondition, base+"/args/condition_id", "repair_args", unknownCondMsg(id))
			}
		}
	}
}

func (c *checker) checkHint() {
	h, ok := c.get(SlotRepairHint).(map[string]any)
	if !ok {
		return
	}
	if text, ok := str(h, "text"); ok {
		if Blank(text) {
			c.add(MissingSlot, "/repair_hint/text", "blank", c.blankMsg("repair_hint.text"))
		}
		c.text("/repair_hint/text", text, textRule{limit: c.rule.Limits.Hint, question: true, loading: !c.rule.InProgress, chat: true})
	}
	ids, ok := h["action_ids"].([]any)
	if !ok {
		return
	}
	if len(ids) == 0 {
		c.add(InvalidSlot, "/repair_hint/action_ids", "hint_actions", mf("repair_hint.action_ids is empty; offer the hint's actions (A_HINT_OPEN_REPAIR_LOW_RECALL, A_HINT_DISMISS_LOW_RECALL).", "repair_hint.action_ids 为空；请给出提示的动作（A_HINT_OPEN_REPAIR_LOW_RECALL、A_HINT_DISMISS_LOW_RECALL）。"))
	}
	for i, x := range ids {
		id, ok := x.(string)
		if !ok {
			continue
		}
		loc := ptr(SlotRepairHint, "action_ids", i)
		switch {
		case !matchHintAction(id):
			c.add(ActionNotAllowed, loc, "hint_family", notHintMsg(id))
		case !c.allowedNow(id):
			c.add(ActionNotAllowed, loc, "allowed_now", c.notAllowedMsg(id))
		}
	}
}

func (c *checker) checkActions() {
	arr, ok := c.get(SlotActions).([]any)
	if !ok {
		return
	}
	seen := map[string]bool{}
	for i, item := range arr {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		base := ptr(SlotActions, i)
		if id, ok := str(m, "action_id"); ok {
			switch {
			case !ValidAction(id):
				c.add(ActionNotAllowed, base+"/action_id", "action_id_format", badActionIDMsg(id))
			case !c.allowedNow(id):
				c.add(ActionNotAllowed, base+"/action_id", "allowed_now", c.notAllowedMsg(id))
			case seen[id]:
				c.add(InvalidSlot, base+"/action_id", "duplicate_action", mf("%s lists %s twice.", "%s 重复列出 %s。", "actions", id))
			}
			seen[id] = true
		}
		if label, ok := str(m, "label"); ok {
			if Blank(label) {
				c.add(InvalidSlot, base+"/label", "blank", mf("%s is empty.", "%s 为空。", slotName(base+"/label")))
			}
			// A button does something; a question on it is a second
			// question (seed 001 §4.5).
			c.text(base+"/label", label, textRule{limit: c.rule.Limits.ActionLabel, question: true, chat: true})
		}
	}
}

// checkTags compares the keyword tags before and after the turn.
func (c *checker) checkTags() {
	if c.in.TagsBefore == nil || c.in.TagsAfter == nil {
		return
	}
	for i, b := range c.in.TagsBefore {
		j := slices.IndexFunc(c.in.TagsAfter, func(a Tag) bool { return a.ID == b.ID })
		if j < 0 {
			c.add(ScopeRewrite, ptr("tags_before", i), "tag_dropped", tagDroppedMsg(b.Text))
			continue
		}
		a := c.in.TagsAfter[j]
		if NormScope(string(a.Scope)) != NormScope(string(b.Scope)) {
			c.add(ScopeRewrite, ptr("tags_after", j, "scope"), "tag_scope", tagScopeMsg(b.Text, NormScope(string(b.Scope)), NormScope(string(a.Scope))))
		}
		if a.Excluded != b.Excluded {
			c.add(ScopeRewrite, ptr("tags_after", j, "is_excluded"), "tag_exclusion", tagExclusionMsg(b.Text, a.Excluded))
		}
		if normalizeText(a.Text) != normalizeText(b.Text) {
			c.add(ScopeRewrite, ptr("tags_after", j, "text"), "tag_text", tagTextMsg(b.Text, a.Text))
		}
	}
}

// equalJSON compares two generic JSON values, numbers by value.
func equalJSON(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		fx, e1 := x.Float64()
		fy, e2 := y.Float64()
		return e1 == nil && e2 == nil && fx == fy
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, has := y[k]
			if !has || !equalJSON(v, w) {
				return false
			}
		}
		return true
	case string:
		y, ok := b.(string)
		return ok && jsonString(x) == jsonString(y)
	}
	return a == b
}

// jsonString replaces each invalid UTF-8 byte by U+FFFD, as encoding/json
// does, so that a value compares equal before and after encoding.
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func compactJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return Clip(string(data), 60)
}
