package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"searchagent/contract"
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
	"searchagent/tools/states"
)

// ErrInvalidInput is returned by the renderer for an input it cannot turn
// into slots that keep the contract (a clarifying state without a question,
// a condition with a malformed id, no repair action allowed, …).
var ErrInvalidInput = errors.New("render input does not fit the contract")

// AnchorView is the pinned anchor, or the URL that failed to become one.
type AnchorView struct {
	// ConditionID is the anchor's node in the Condition Graph, if any.
	ConditionID string `json:"condition_id,omitempty"`
	// Handle ("@mkbhd"), Title ("Marques Brownlee") and URL as resolved or
	// as typed; the texts show the first one set.
	Handle string `json:"handle,omitempty"`
	Title  string `json:"title,omitempty"`
	URL    string `json:"url,omitempty"`
	// LinkPlatform is the platform the link belongs to (url_mismatch).
	LinkPlatform string `json:"link_platform,omitempty"`
	// LinkIssue refines url_invalid (spec 3.5.5): LinkIncomplete (default:
	// "链接不完整") or LinkNotFound ("资源失效").
	LinkIssue string `json:"link_issue,omitempty"`
}

// Link issues of url_invalid.
const (
	LinkIncomplete = "incomplete"
	LinkNotFound   = "not_found"
)

// QuestionTopic selects the template of a question.
type QuestionTopic string

// Question topics (spec 4.1: what may trigger a question).
const (
	TopicFollowerRange  QuestionTopic = "follower_range"
	TopicRegion         QuestionTopic = "region"
	TopicActivity       QuestionTopic = "activity"
	TopicCategory       QuestionTopic = "category"
	TopicLanguage       QuestionTopic = "language"
	TopicSoftPreference QuestionTopic = "soft_preference"
	TopicConflict       QuestionTopic = "conflict"
)

// QuestionSpec is the pending question the agent chose.
type QuestionSpec struct {
	// ID is the question's id (answered with clarify.answer).
	ID string `json:"id"`
	// Topic picks the template text.
	Topic QuestionTopic `json:"topic"`
	// Subject is the term asked about ("性价比高"), quoted in the text.
	Subject string `json:"subject,omitempty"`
	// Text, when set, replaces the template; it must be one short
	// question with no chat wording.
	Text string `json:"text,omitempty"`
	// Options are the 2-4 answers.
	Options []contract.Option `json:"options"`
}

// Relaxation is one computed repair of a zero-result search: relax one
// condition and the search returns Count results (DESIGN: each repair
// option comes from a real re-count).
type Relaxation struct {
	// ActionID is the repair action (A_REPAIR_*, usually
	// A_REPAIR_EXPAND_RECALL_SCOPE).
	ActionID string `json:"action_id"`
	// ConditionID is the relaxed condition, from Conditions.
	ConditionID string `json:"condition_id"`
	// Change says how it is relaxed: drop (the condition goes), widen (a
	// range or time window grows to Widened), scope (a keyword matches
	// in Scope instead), include (an exclusion goes), similarity (less
	// similar channels around the anchor), remove_anchor or platform
	// (the same conditions on the platform the user named).
	Change RelaxChange `json:"change,omitempty"`
	// Scope is the keyword's new match scope (change scope).
	Scope contract.Scope `json:"scope,omitempty"`
	// Widened is the condition's label after widening (change widen).
	Widened string `json:"widened,omitempty"`
	// Args are what the option carries for the client to send back.
	Args *contract.RepairArgs `json:"args,omitempty"`
	// Count is the number of results with it relaxed.
	Count int `json:"count"`
}

// RelaxChange is how a relaxation changes its condition.
type RelaxChange string

// Relaxation changes.
const (
	RelaxDrop         RelaxChange = "drop"
	RelaxWiden        RelaxChange = "widen"
	RelaxScope        RelaxChange = "scope"
	RelaxInclude      RelaxChange = "include"
	RelaxSimilarity   RelaxChange = "similarity"
	RelaxRemoveAnchor RelaxChange = "remove_anchor"
	// RelaxPlatform searches the platform the user named, which this
	// page does not search (its condition left pending), with the other
	// conditions.
	RelaxPlatform RelaxChange = "platform"
)

// Input is everything the template renderer needs for one turn; the
// agent fills it from its session. Every field is optional except State.
type Input struct {
	// State is the turn's state key.
	State contract.StateKey `json:"state"`
	// Context selects the variant and the wording (see Resolve).
	Context contract.Context `json:"context"`
	// Locale: "zh…" renders Chinese, anything else English.
	Locale string `json:"locale"`
	// Platform is the page's platform ("youtube"), named by the URL
	// mismatch hint.
	Platform string `json:"platform,omitempty"`
	// Keywords are the session's keyword tags, in order.
	Keywords []contract.Tag `json:"keywords,omitempty"`
	// Anchor is the pinned anchor (or the failed URL); nil when none.
	Anchor *AnchorView `json:"anchor,omitempty"`
	// Conditions is the session's Condition Graph in display order,
	// keyword and anchor nodes included; it becomes the conditions slot.
	Conditions []contract.Condition `json:"conditions,omitempty"`
	// Followup is the follow-up text a follow-up refining applies.
	Followup string `json:"followup,omitempty"`
	// ResultsTotal is the number of results, the pinned anchor excluded.
	ResultsTotal int `json:"results_total"`
	// ResultsAtLeast says ResultsTotal is a lower bound (api.Results.
	// TotalAtLeast): the count reads "1000+".
	ResultsAtLeast bool `json:"results_at_least,omitempty"`
	// Question is the pending question: required in clarifying, optional
	// (and then very short) in empty_repair.
	Question *QuestionSpec `json:"question,omitempty"`
	// Relaxations are the computed repairs of a no_results repair.
	Relaxations []Relaxation `json:"relaxations,omitempty"`
	// UnsupportedReason says why the request is refused (unsupported):
	// personal_data, fake_engagement, minors, off_topic, prompt_injection,
	// url_unsupported, other_platform, or empty for a generic limit.
	UnsupportedReason string `json:"unsupported_reason,omitempty"`
	// AllowedActions are the actions the registry allows now; an empty
	// label takes ActionLabel.
	AllowedActions []contract.Action `json:"allowed_actions,omitempty"`
}

// ValidationInput is the validator input matching this render input: the
// same state, context, actions, tags and graph, and the user strings the
// texts may quote.
func (in Input) ValidationInput() contract.Input {
	ids := make([]string, 0, len(in.AllowedActions))
	for _, a := range in.AllowedActions {
		ids = append(ids, a.ActionID)
	}
	var texts []string
	if a := in.Anchor; a != nil {
		texts = append(texts, a.Handle, a.Title, a.URL, a.LinkPlatform)
	}
	texts = append(texts, in.Followup, in.Platform)
	if q := in.Question; q != nil {
		texts = append(texts, q.Subject)
		for _, o := range q.Options {
			texts = append(texts, o.Label)
		}
	}
	for _, c := range in.Conditions {
		texts = append(texts, contract.ConditionLabel(c, in.Locale))
	}
	return contract.Input{
		State: in.State, Context: in.Context, Locale: in.Locale, AllowedActions: ids,
		TagsBefore: in.Keywords, TagsAfter: in.Keywords, Conditions: in.Conditions, UserTexts: texts,
	}
}

// TypedTexts are the strings of a render input that come from the user or
// the catalog, as typed: keyword tag texts, keyword and anchor values, the
// anchor's handle, title and URL, the follow-up. Rendered labels and
// filter codes are not among them.
func (in Input) TypedTexts() []string {
	var out []string
	for _, t := range in.Keywords {
		out = append(out, t.Text)
	}
	for _, c := range in.Conditions {
		if v, ok := c.Value.(string); ok && (c.Kind == condition.KindKeyword || c.Kind == condition.KindAnchor) {
			out = append(out, v)
		}
	}
	if a := in.Anchor; a != nil {
		out = append(out, a.Handle, a.Title, a.URL)
	}
	return append(out, in.Followup)
}

// Claims gathers the claims of a render input for the validator's claim
// checks (contract.CheckClaims); shown is the number of
// results on the page.
func (in Input) Claims(shown int) contract.Claims {
	cl := contract.Claims{Locale: in.Locale, Conditions: in.Conditions, Figures: []int64{int64(in.ResultsTotal), int64(shown)},
		Items: len(in.Keywords) + len(in.Conditions)}
	cl.Known = append(cl.Known, in.ValidationInput().UserTexts...)
	cl.Known = append(cl.Known, in.TypedTexts()...)
	if q := in.Question; q != nil {
		cl.Figures = append(cl.Figures, int64(len(q.Options)))
	}
	if n := len(in.Relaxations); n > 0 {
		cl.Figures = append(cl.Figures, int64(n))
		for _, r := range in.Relaxations {
			cl.Figures = append(cl.Figures, int64(r.Count))
		}
	}
	return cl
}

// Template is the deterministic renderer: zh and en texts from
// tables, for every state and sub-state. Every output it returns passes
// the validator for in.ValidationInput().
type Template struct{}

// Render renders the slots of one turn.
func (Template) Render(ctx context.Context, in Input) (contract.Slots, error) {
	if err := ctx.Err(); err != nil {
		return contract.Slots{}, err
	}
	return Turn(in)
}

// Turn renders the slots of one turn (see Template).
func Turn(in Input) (contract.Slots, error) {
	id, err := contract.Resolve(in.State, in.Context)
	if err != nil {
		return contract.Slots{}, err
	}
	rule, err := contract.RuleFor(id)
	if err != nil {
		return contract.Slots{}, err
	}
	r := &renderer{in: in, zh: contract.IsZH(in.Locale), id: id, rule: rule}
	if err := r.prepare(); err != nil {
		return contract.Slots{}, err
	}
	return r.render()
}

type renderer struct {
	in       Input
	zh       bool
	id       contract.SchemaID
	rule     *contract.Rule
	actions  []contract.Action
	positive []contract.Tag
	excluded []contract.Tag
	conds    []contract.Condition
}

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidInput, fmt.Sprintf(format, args...))
}

func (r *renderer) t(zh, en string) string {
	if r.zh {
		return zh
	}
	return en
}

// prepare checks the input and derives the display lists.
func (r *renderer) prepare() error {
	for _, a := range r.in.AllowedActions {
		if !contract.ValidAction(a.ActionID) {
			return invalid("action id %q is malformed", a.ActionID)
		}
		if slices.ContainsFunc(r.actions, func(x contract.Action) bool { return x.ActionID == a.ActionID }) {
			continue
		}
		r.actions = append(r.actions, a)
	}
	for _, t := range r.in.Keywords {
		if contract.Blank(t.Text) {
			continue
		}
		if t.Excluded {
			r.excluded = append(r.excluded, t)
		} else {
			r.positive = append(r.positive, t)
		}
	}
	limit := r.rule.Limits
	seen := map[string]bool{}
	for _, c := range r.in.Conditions {
		switch {
		case !contract.ValidID(c.ID):
			return invalid("condition id %q is malformed", c.ID)
		case seen[c.ID]:
			return invalid("condition id %q repeats", c.ID)
		case !contract.ValidField(c.Field):
			return invalid("condition %s has the malformed field %q", c.ID, c.Field)
		case !slices.Contains(condition.Kinds, c.Kind), !slices.Contains(condition.Ops, c.Op), !slices.Contains(condition.Sources, c.Source), !slices.Contains(condition.Statuses, c.Status):
			return invalid("condition %s has an unknown kind, op, source or status", c.ID)
		}
		seen[c.ID] = true
		if s, ok := c.Value.(string); ok && contract.Width(s) > limit.CondValue {
			return invalid("condition %s: value wider than %d", c.ID, limit.CondValue)
		}
		if !validValue(contract.JSONValue(c.Value)) {
			return invalid("condition %s: value must be a string, a number, a list of strings or {min,max}", c.ID)
		}
		if c.Kind == condition.KindKeyword {
			if err := r.checkKeywordCondition(c); err != nil {
				return err
			}
		}
		out := c
		out.Label = contract.Clip(contract.ConditionLabel(c, r.in.Locale), limit.CondLabel)
		if out.Label == "" {
			return invalid("condition %s has no label", c.ID)
		}
		if c.Kind == condition.KindSoft && c.Status == condition.StatusApplied {
			out.Status = condition.StatusReference // spec 3.7.5: never applied
		}
		out.Value = contract.JSONValue(c.Value)
		r.conds = append(r.conds, out)
	}
	return nil
}

func (r *renderer) checkKeywordCondition(c contract.Condition) error {
	if !slices.Contains(scope.List(), contract.Scope(c.Field)) || (c.Op != condition.OpContains && c.Op != condition.OpNotContains) {
		return invalid("keyword condition %s needs a scope field and contains/not_contains", c.ID)
	}
	if r.in.Keywords == nil {
		return nil
	}
	value, _ := c.Value.(string)
	var tag *contract.Tag
	for i := range r.in.Keywords {
		if r.in.Keywords[i].ID != "" && r.in.Keywords[i].ID == c.ID {
			tag = &r.in.Keywords[i]
			break
		}
	}
	if tag == nil {
		want := strings.ToLower(contract.DisplayText(value))
		for i := range r.in.Keywords {
			if want != "" && strings.ToLower(contract.DisplayText(r.in.Keywords[i].Text)) == want {
				tag = &r.in.Keywords[i]
				break
			}
		}
	}
	if tag == nil {
		return nil
	}
	if contract.NormScope(string(tag.Scope)) != c.Field || tag.Excluded != (c.Op == condition.OpNotContains) {
		return invalid("keyword condition %s disagrees with its tag's scope or exclusion", c.ID)
	}
	return nil
}

func (r *renderer) render() (contract.Slots, error) {
	var s contract.Slots
	rule := r.rule
	if rule.Presence(contract.SlotStatus) != contract.Forbidden {
		s.Status = r.status()
	}
	if p := rule.Presence(contract.SlotTaskSummary); p != contract.Forbidden {
		s.TaskSummary = r.summary(p == contract.Required || (rule.SummaryWhenKeywords && len(r.positive) > 0))
	}
	if p := rule.Presence(contract.SlotConditions); p == contract.Required || (p == contract.Optional && len(r.conds) > 0) {
		s.Conditions = append([]contract.Condition{}, r.conds...)
	}
	if p := rule.Presence(contract.SlotQuestion); p != contract.Forbidden && (p == contract.Required || r.in.Question != nil) {
		q, err := r.question()
		if err != nil {
			return contract.Slots{}, err
		}
		s.Question = q
	}
	if p := rule.Presence(contract.SlotRepairOptions); p != contract.Forbidden {
		opts, err := r.repairOptions()
		if err != nil {
			return contract.Slots{}, err
		}
		if len(opts) == 0 && p == contract.Required {
			return contract.Slots{}, invalid("%s needs a repair option and no repair action is allowed now", r.id)
		}
		if len(opts) > 0 {
			s.RepairOptions = opts
		}
	}
	if rule.Presence(contract.SlotRepairHint) == contract.Required {
		h, err := r.hint()
		if err != nil {
			return contract.Slots{}, err
		}
		s.RepairHint = h
	}
	if rule.Presence(contract.SlotActions) != contract.Forbidden {
		s.Actions = r.actionList()
	}
	return s, nil
}

func (r *renderer) anchorName() string {
	a := r.in.Anchor
	if a == nil {
		return ""
	}
	for _, s := range []string{a.Handle, a.Title, a.URL} {
		if d := contract.DisplayText(s); d != "" {
			return d
		}
	}
	return ""
}

// q quotes a user string clipped to maxW (the quotes not counted).
func (r *renderer) q(s string, maxW int) string {
	d := contract.Clip(contract.DisplayText(s), maxW)
	if d == "" {
		return ""
	}
	return contract.Quote(d, r.zh)
}

// withUser fills format's %s with the quoted user string when it fits the
// limit, else returns the fallback.
func (r *renderer) withUser(format, user, fallback string, limit int) string {
	base := contract.Width(fmt.Sprintf(format, ""))
	room := limit - base - 4
	if user != "" && room >= 6 {
		if q := r.q(user, room); q != "" {
			return fmt.Sprintf(format, q)
		}
	}
	return fallback
}

func (r *renderer) status() *contract.Status {
	in := r.in
	n := in.ResultsTotal
	// c is the count as shown: "1000+" when the total is a lower bound.
	c := itoa(n)
	if in.ResultsAtLeast {
		c += "+"
	}
	en := func(noun string) string {
		if c == "1" {
			return "1 " + noun
		}
		return c + " " + noun + "s"
	}
	limit := r.rule.Limits.Status
	sub := in.Context.Substate
	mk := func(text string, tone contract.Tone) *contract.Status {
		return &contract.Status{Text: contract.Cut(text, limit), Tone: tone, Loading: tone == contract.ToneProgress && r.rule.InProgress}
	}
	switch r.id {
	case "compact_classic.idle":
		return nil
	case "compact_classic.retrieving":
		return mk(r.t("搜索中", "Searching"), contract.ToneProgress)
	case "compact_resolving.idle", "compact_resolving.retrieving", "compact_resolving.results_ready":
		return mk(r.t("正在识别链接", "Resolving the link"), contract.ToneProgress)
	case "compact_classic.results_ready":
		switch {
		case in.Context.SourceStage == contract.StagePostRepair:
			return mk(r.t("修正后共 "+c+" 个频道", en("channel")+" after the fix"), contract.ToneSuccess)
		case in.Anchor != nil:
			return mk(r.withUser(r.t("锚点%s·相似频道 "+c+" 个", "Anchor %s · "+c+" similar"), r.anchorName(),
				r.t("已锁定锚点 · 相似频道 "+c+" 个", "Anchor pinned · "+c+" similar"), limit), contract.ToneSuccess)
		}
		return mk(r.t("共 "+c+" 个频道", en("channel")), contract.ToneSuccess)
	case "compact_classic.results_ready.low_recall":
		if in.Anchor != nil {
			return mk(r.t("相似频道较少（"+c+" 个）", "Few similar channels ("+c+")"), contract.ToneWarning)
		}
		return mk(r.t("结果较少（"+c+" 个）", "Few results ("+c+")"), contract.ToneWarning)
	case "expanded_agent.idle":
		return mk(r.t("已展开智能搜索，请描述要找的频道", "Smart search is on; describe the channels you want"), contract.ToneInfo)
	case "expanded_agent.retrieving":
		switch {
		case sub == "upgrade-keyword-upgrading":
			return mk(r.t("正在升级为智能搜索，关键词已保留", "Upgrading to smart search; keywords kept"), contract.ToneProgress)
		case sub == "upgrade-url-upgrading":
			return mk(r.t("正在升级为智能搜索，锚点已保留", "Upgrading to smart search; anchor kept"), contract.ToneProgress)
		case sub == "mixed-parse":
			return mk(r.t("已解析输入，正在搜索", "Input parsed; searching"), contract.ToneProgress)
		}
		return mk(r.t("正在按当前条件搜索", "Searching with these conditions"), contract.ToneProgress)
	case "expanded_agent.results_ready":
		switch {
		case in.Context.SourceStage == contract.StagePostRepair:
			return mk(r.t("修正后找到 "+c+" 个频道", en("channel")+" found after the fix"), contract.ToneSuccess)
		case sub == "upgrade-keyword-stable" || sub == "upgrade-url-stable":
			return mk(r.t("已升级为智能搜索，找到 "+c+" 个频道", "Smart search on: "+en("channel")+" found"), contract.ToneSuccess)
		case sub == "mixed-soft" || (sub == "" && r.hasStatus(condition.StatusPending, condition.StatusReference)):
			return mk(r.t("找到 "+c+" 个频道，部分偏好仅作参考", en("channel")+" found; some preferences are only a reference"), contract.ToneSuccess)
		case in.Anchor != nil:
			return mk(r.t("已围绕锚点召回 "+c+" 个相似频道", en("similar channel")+" around the anchor"), contract.ToneSuccess)
		}
		return mk(r.t("找到 "+c+" 个频道", en("channel")+" found"), contract.ToneSuccess)
	case "expanded_agent.results_ready.low_recall":
		return mk(r.t("结果较少：仅 "+c+" 个", "Only "+en("result")), contract.ToneWarning)
	case "expanded_agent.refining":
		return mk(r.t("条件已更新，正在刷新结果", "Conditions updated; refreshing results"), contract.ToneProgress)
	case "expanded_agent.refining.followup":
		return mk(r.t("正在按补充要求刷新结果", "Refreshing with your addition"), contract.ToneProgress)
	case "expanded_clarifying.clarifying":
		return mk(r.t("已有 "+c+" 个结果，还需确认一点", en("result")+" so far; one point to confirm"), contract.ToneInfo)
	case "expanded_repair.retrieving":
		return mk(r.t("正在按修正后的条件重新搜索", "Searching again with the fix"), contract.ToneProgress)
	case "expanded_repair.refining":
		return mk(r.t("正在按修正要求刷新结果", "Refreshing with your fix"), contract.ToneProgress)
	case "expanded_repair.results_ready.low_recall":
		return mk(r.t("结果较少：仅 "+c+" 个，可以试试下面的修正", "Only "+en("result")+"; try a fix below"), contract.ToneWarning)
	case "expanded_repair.empty_repair":
		return mk(r.t("当前条件下没有结果", "No channels match these conditions"), contract.ToneWarning)
	case "expanded_repair.empty_repair.url_invalid":
		if in.Anchor != nil && in.Anchor.LinkIssue == LinkNotFound {
			return mk(r.t("未能识别该链接对应的频道", "Couldn't find the channel for this link"), contract.ToneError)
		}
		return mk(r.t("当前无法识别该链接，可直接粘贴频道主页链接或只输入频道名", "Can't read this link. Paste the channel home page link or type its name."), contract.ToneError)
	case "expanded_repair.empty_repair.url_mismatch":
		page := contract.PlatformName(in.Platform)
		link := ""
		if in.Anchor != nil {
			link = contract.PlatformName(in.Anchor.LinkPlatform)
		}
		switch {
		case page != "" && link != "":
			return mk(r.t(fmt.Sprintf("当前在 %s 频道搜索页，该链接属于 %s", page, link), fmt.Sprintf("You're on %s channel search; this link is from %s", page, link)), contract.ToneWarning)
		case page != "":
			return mk(r.t(fmt.Sprintf("该链接不属于当前 %s 频道搜索页", page), fmt.Sprintf("This link is not from %s", page)), contract.ToneWarning)
		}
		return mk(r.t("该链接属于其他平台，与当前频道搜索页不匹配", "This link is from another platform than this page"), contract.ToneWarning)
	case "expanded_repair.empty_repair.url_unsupported":
		return mk(r.t("当前版本不支持用该类链接起搜", "This version can't start a search from this kind of link"), contract.ToneWarning)
	case "expanded_repair.unsupported":
		code := in.UnsupportedReason
		if code == "" && in.Context.RepairReason == states.RepairURLUnsupported {
			code = "url_unsupported"
		}
		reason := unsupportedReasons[code]
		if reason == (tr{}) {
			reason = tr{"当前需求", "this request"}
		}
		return mk(r.t("暂不支持："+reason.zh, "Not supported: "+reason.en), contract.ToneError)
	}
	return mk(r.t("搜索框已更新", "Search box updated"), contract.ToneInfo)
}

var unsupportedReasons = map[string]tr{
	"personal_data":    {"查找个人联系方式或隐私信息", "finding personal contact or private details"},
	"fake_engagement":  {"购买粉丝或刷量", "buying followers or fake engagement"},
	"minors":           {"针对未成年人的需求", "requests that target minors"},
	"off_topic":        {"与频道搜索无关的请求", "requests unrelated to channel search"},
	"prompt_injection": {"修改系统规则的指令", "instructions that change the system's rules"},
	"url_unsupported":  {"用该类链接起搜", "starting a search from this kind of link"},
	"other_platform":   {"在当前页搜索其他平台的频道", "searching another platform from this page"},
}

func itoa(n int) string { return fmt.Sprint(n) }

func (r *renderer) hasStatus(statuses ...condition.Status) bool {
	for _, c := range r.conds {
		if c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor && slices.Contains(statuses, c.Status) {
			return true
		}
	}
	return false
}

// part is one section of the task summary: a prefix and a list of items.
type part struct {
	prefix, suffix string
	items          []string
	sep            string
}

func (r *renderer) summaryParts() []part {
	in := r.in
	zh := r.zh
	var parts []part
	quoted := func(tags []contract.Tag) []string {
		var out []string
		for _, t := range tags {
			if q := r.q(t.Text, 20); q != "" {
				if s := contract.NormScope(string(t.Scope)); s != string(contract.ScopeTags) {
					q += tr{"（" + contract.ScopeLabel(contract.Scope(s), "zh") + "）", " (" + contract.ScopeLabel(contract.Scope(s), "en") + ")"}.in(zh)
				}
				out = append(out, q)
			}
		}
		return out
	}
	itemSep := r.t("", ", ")
	labelItems := func(match func(contract.Condition) bool) []string {
		var out []string
		for _, c := range r.conds {
			if !match(c) {
				continue
			}
			if contract.Width(c.Label) <= 24 && contract.CleanText(c.Label) {
				out = append(out, c.Label)
			} else if q := r.q(c.Label, 24); q != "" {
				out = append(out, q)
			}
		}
		return out
	}
	if r.id == "expanded_agent.refining.followup" {
		if q := r.q(in.Followup, 40); q != "" {
			parts = append(parts, part{prefix: r.t("本轮补充：", "Adding: "), items: []string{q}})
		}
	}
	switch r.id {
	case "expanded_repair.empty_repair.url_invalid", "expanded_repair.empty_repair.url_mismatch", "expanded_repair.empty_repair.url_unsupported":
		conds := labelItems(func(c contract.Condition) bool {
			return c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor && c.Status == condition.StatusApplied
		})
		if len(conds) > 0 {
			// The other conditions survive the failed link (seed 000
			// §6.8, spec 3.5.3B): say which.
			kept := append(quoted(r.positive), conds...)
			return []part{{prefix: r.t("链接未能生成锚点，已保留：", "The link gave no anchor; kept: "), items: kept, sep: r.t(" / ", ", "),
				suffix: r.t("，可继续搜索", "; still searchable")}}
		}
		if len(r.positive) == 0 {
			return nil
		}
		kws := quoted(r.positive)
		if len(kws) == 0 {
			return []part{{prefix: r.t("链接未能生成锚点，关键词已保留，可继续搜索", "The link gave no anchor; the keywords are kept and still searchable")}}
		}
		return []part{{prefix: r.t("链接未能生成锚点，关键词", "The link gave no anchor; keywords "), items: kws, sep: itemSep,
			suffix: r.t("已保留，可继续搜索", " are kept and still searchable")}}
	case "expanded_repair.results_ready.low_recall":
		name := ""
		if in.Anchor != nil {
			name = r.q(r.anchorName(), 24)
		}
		kws := quoted(r.positive)
		switch {
		case name != "" && len(kws) > 0:
			parts = append(parts, part{prefix: r.t("锚点"+name+"与关键词", "Anchor "+name+" and keywords "), items: kws, sep: itemSep, suffix: r.t("仍保留", " are kept")})
		case name != "":
			parts = append(parts, part{prefix: r.t("锚点"+name+"仍保留", "Anchor "+name+" is kept")})
		case len(kws) > 0:
			parts = append(parts, part{prefix: r.t("关键词", "Keywords "), items: kws, sep: itemSep, suffix: r.t("仍保留", " are kept")})
		default:
			parts = append(parts, part{prefix: r.t("当前条件仍保留", "The current conditions are kept")})
		}
	default:
		if in.Anchor != nil {
			if name := r.anchorName(); name != "" {
				parts = append(parts, part{prefix: r.t("锚点", "Anchor "), items: []string{r.q(name, 24)}, suffix: r.t("置顶", " pinned")})
			} else {
				parts = append(parts, part{prefix: r.t("锚点已置顶", "Anchor pinned")})
			}
			if len(r.positive) > 0 {
				parts = append(parts, part{prefix: r.t("关键词只作用于相似频道", "keywords narrow the similar channels")})
			}
		}
		if kws := quoted(r.positive); len(kws) > 0 {
			parts = append(parts, part{prefix: r.t("关键词", "Keywords "), items: kws, sep: itemSep})
		}
	}
	if ex := quoted(r.excluded); len(ex) > 0 {
		parts = append(parts, part{prefix: r.t("排除", "Excluding "), items: ex, sep: itemSep})
	}
	notTag := func(c contract.Condition) bool {
		return c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor
	}
	if items := labelItems(func(c contract.Condition) bool {
		return notTag(c) && c.Kind != condition.KindSoft && c.Status == condition.StatusApplied
	}); len(items) > 0 {
		parts = append(parts, part{prefix: r.t("已生效：", "Applied: "), items: items, sep: " / "})
	}
	if items := labelItems(func(c contract.Condition) bool {
		return notTag(c) && c.Status != condition.StatusPending && (c.Kind == condition.KindSoft || c.Status == condition.StatusReference)
	}); len(items) > 0 {
		parts = append(parts, part{prefix: r.t("仅作参考：", "Reference only: "), items: items, sep: " / "})
	}
	if items := labelItems(func(c contract.Condition) bool { return notTag(c) && c.Status == condition.StatusPending }); len(items) > 0 {
		parts = append(parts, part{prefix: r.t("待澄清：", "To clarify: "), items: items, sep: " / "})
	}
	return parts
}

// summary renders the task summary within the state's bound; with need
// set it always says something.
func (r *renderer) summary(need bool) string {
	parts := r.summaryParts()
	if len(parts) == 0 {
		if !need {
			return ""
		}
		parts = []part{{prefix: r.t("按你的描述搜索", "Search by your description")}}
	}
	limit := r.rule.Limits.TaskSummary
	joiner := r.t("；", "; ")
	build := func(ps []part, k int) string {
		out := make([]string, 0, len(ps))
		for _, p := range ps {
			s := p.prefix
			if len(p.items) > 0 {
				n := min(k, len(p.items))
				s += strings.Join(p.items[:n], p.sep)
				if more := len(p.items) - n; more > 0 {
					s += r.t(fmt.Sprintf("等 %d 项", more), fmt.Sprintf(" +%d more", more))
				}
			}
			out = append(out, s+p.suffix)
		}
		return strings.Join(out, joiner)
	}
	for _, k := range []int{8, 4, 2, 1} {
		if s := build(parts, k); contract.Width(s) <= limit {
			return s
		}
	}
	for n := len(parts) - 1; n >= 1; n-- {
		if s := build(parts[:n], 1); contract.Width(s) <= limit {
			return s
		}
	}
	return build([]part{{prefix: r.t("按当前条件搜索", "Search by the current conditions")}}, 1)
}

type questionText struct{ long, short tr }

var questionTexts = map[QuestionTopic]questionText{
	TopicFollowerRange:  {tr{"你要的粉丝量级是哪一档？", "Which follower range do you mean?"}, tr{"粉丝量级要哪一档？", "Which follower range?"}},
	TopicRegion:         {tr{"主要找哪个地区的频道？", "Which region should the channels be from?"}, tr{"要哪个地区？", "Which region?"}},
	TopicActivity:       {tr{"活跃时间要多近？", "How recent should their activity be?"}, tr{"活跃时间要多近？", "How recent?"}},
	TopicCategory:       {tr{"你指的是哪类内容？", "Which kind of content do you mean?"}, tr{"哪类内容？", "Which content?"}},
	TopicLanguage:       {tr{"频道主要用什么语言？", "Which language should the channels use?"}, tr{"用什么语言？", "Which language?"}},
	TopicSoftPreference: {tr{"这个偏好更接近哪一种？", "What does this preference mean for you?"}, tr{"这个偏好指哪种？", "Which meaning?"}},
	TopicConflict:       {tr{"两个条件互相冲突，保留哪一个？", "Two conditions conflict. Which one should stay?"}, tr{"保留哪个条件？", "Which condition stays?"}},
}

var defaultQuestion = questionText{tr{"想优先满足哪一项？", "Which should come first?"}, tr{"先满足哪一项？", "Which comes first?"}}

func (r *renderer) question() (*contract.Question, error) {
	spec := r.in.Question
	if spec == nil {
		return nil, invalid("%s needs the pending question", r.id)
	}
	if !contract.ValidID(spec.ID) {
		return nil, invalid("question id %q is malformed", spec.ID)
	}
	if n := len(spec.Options); n < 2 || n > 4 {
		return nil, invalid("question %s has %d options, want 2-4", spec.ID, n)
	}
	limits := r.rule.Limits
	var text string
	if spec.Text != "" {
		text = contract.DisplayText(spec.Text)
		if contract.CountQuestions(text) > 1 {
			return nil, invalid("question text asks more than one question")
		}
		if _, chat := contract.ChatWording(text); chat {
			return nil, invalid("question text has chat wording")
		}
		if contract.Width(text) > limits.Question {
			return nil, invalid("question text is wider than %d", limits.Question)
		}
	} else {
		qt, ok := questionTexts[spec.Topic]
		if !ok {
			qt = defaultQuestion
		}
		text = qt.long.in(r.zh)
		if spec.Topic == TopicSoftPreference && !contract.Blank(spec.Subject) {
			text = r.withUser(r.t("%s更接近哪一种？", "What does %s mean for you?"), spec.Subject, text, limits.Question)
		}
		if contract.Width(text) > limits.Question {
			text = qt.short.in(r.zh)
		}
	}
	q := &contract.Question{ID: spec.ID, Text: text}
	seen := map[string]bool{}
	for _, o := range spec.Options {
		if !contract.ValidID(o.ID) || seen[o.ID] {
			return nil, invalid("option id %q is malformed or repeats", o.ID)
		}
		seen[o.ID] = true
		label := contract.Clip(contract.DisplayText(o.Label), limits.OptionLabel)
		if label == "" {
			return nil, invalid("option %s has no label", o.ID)
		}
		if _, chat := contract.ChatWording(label); chat {
			return nil, invalid("option %s has chat wording", o.ID)
		}
		q.Options = append(q.Options, contract.Option{ID: o.ID, Label: label})
	}
	return q, nil
}

func (r *renderer) allowed(id string) bool {
	return slices.ContainsFunc(r.actions, func(a contract.Action) bool { return a.ActionID == id })
}

type repairText struct{ label, reason tr }

var repairTexts = map[string]repairText{
	contract.ActionFixURL:            {tr{"修改链接", "Fix the link"}, tr{"粘贴频道主页链接后重新识别", "Paste the channel home page link to retry"}},
	contract.ActionSwitchToNL:        {tr{"改用自然语言描述", "Describe it in words"}, tr{"用一句话描述想找的频道", "Say in one sentence which channels you want"}},
	contract.ActionReplaceAnchor:     {tr{"更换锚点频道", "Replace the anchor"}, tr{"换一个更典型的频道重新召回", "Pick a more typical channel to search around"}},
	contract.ActionExpandRecallScope: {tr{"扩大召回范围", "Widen the search"}, tr{"放宽关键词或范围后重新搜索", "Relax keywords or scope and search again"}},
}

func (r *renderer) removeAnchorText() repairText {
	link := r.in.Context.RepairReason.IsURL()
	conds := slices.ContainsFunc(r.conds, func(c contract.Condition) bool {
		return c.Kind != condition.KindKeyword && c.Kind != condition.KindAnchor && c.Status == condition.StatusApplied
	})
	switch {
	case conds && link:
		return repairText{tr{"删除链接，按其余条件搜", "Drop the link, keep the rest"}, tr{"其余条件已保留，直接按它们搜索", "Search by the kept conditions"}}
	case conds:
		return repairText{tr{"删除锚点，按其余条件搜", "Drop the anchor, keep the rest"}, tr{"只按已保留的条件搜索", "Search by the kept conditions only"}}
	case len(r.positive) > 0 && link:
		return repairText{tr{"删除链接，按关键词搜", "Drop the link, keep keywords"}, tr{"关键词已保留，直接按关键词搜索", "Search by the kept keywords"}}
	case len(r.positive) > 0:
		return repairText{tr{"删除锚点，按关键词搜", "Drop the anchor, keep keywords"}, tr{"只按已保留的关键词搜索", "Search by the kept keywords only"}}
	case link:
		return repairText{tr{"删除链接", "Remove the link"}, tr{"回到经典输入，改用关键词", "Back to the classic box to type keywords"}}
	}
	return repairText{tr{"删除锚点", "Remove the anchor"}, tr{"回到经典输入，改用关键词", "Back to the classic box to type keywords"}}
}

func (r *renderer) baselineOption(id string) contract.RepairOption {
	t, ok := repairTexts[id]
	if id == contract.ActionRemoveAnchorKeepKeywords {
		t, ok = r.removeAnchorText(), true
	}
	if !ok {
		l := contract.ActionLabel(id, r.in.Locale)
		t = repairText{tr{l, l}, tr{"", ""}}
	}
	lim := r.rule.Limits
	return contract.RepairOption{ActionID: id, Label: contract.Clip(t.label.in(r.zh), lim.RepairLabel), Reason: contract.Clip(t.reason.in(r.zh), lim.RepairReason)}
}

// baselineOptions returns the allowed actions of a baseline set, at most 3.
func (r *renderer) baselineOptions(ids []string) []contract.RepairOption {
	var out []contract.RepairOption
	for _, id := range ids {
		if len(out) == 3 {
			break
		}
		if r.allowed(id) {
			out = append(out, r.baselineOption(id))
		}
	}
	return out
}

func (r *renderer) repairOptions() ([]contract.RepairOption, error) {
	switch {
	case r.rule.RepairActions != nil:
		ids := r.rule.RepairActions
		if r.id == "expanded_repair.results_ready.low_recall" && len(r.positive) == 0 {
			// anchor-only: dropping the anchor returns to the classic box,
			// the weakest of the four (spec 3.5.3C).
			ids = []string{contract.ActionReplaceAnchor, contract.ActionExpandRecallScope, contract.ActionSwitchToNL, contract.ActionRemoveAnchorKeepKeywords}
		}
		return r.baselineOptions(ids), nil
	case r.id == "expanded_repair.empty_repair":
		var out []contract.RepairOption
		lim := r.rule.Limits
		for _, rx := range r.in.Relaxations {
			if len(out) == 3 {
				break
			}
			if !contract.ValidRepair(rx.ActionID) {
				return nil, invalid("relaxation action %q is not a repair action", rx.ActionID)
			}
			if !r.allowed(rx.ActionID) {
				continue
			}
			i := slices.IndexFunc(r.conds, func(c contract.Condition) bool { return c.ID == rx.ConditionID })
			if i < 0 {
				return nil, invalid("relaxation names the unknown condition %q", rx.ConditionID)
			}
			label, reason := r.relaxText(rx, r.conds[i])
			out = append(out, contract.RepairOption{ActionID: rx.ActionID, Label: label, Reason: contract.Clip(reason, lim.RepairReason), Args: rx.Args})
		}
		if len(out) > 0 {
			return out, nil
		}
		ids := []string{contract.ActionExpandRecallScope, contract.ActionSwitchToNL}
		if r.in.Anchor != nil {
			ids = []string{contract.ActionExpandRecallScope, contract.ActionReplaceAnchor, contract.ActionRemoveAnchorKeepKeywords, contract.ActionSwitchToNL}
		}
		return r.baselineOptions(ids), nil
	case r.id == "expanded_repair.unsupported":
		ids := []string{contract.ActionSwitchToNL}
		if r.in.Anchor != nil || r.in.UnsupportedReason == "url_unsupported" {
			ids = []string{contract.ActionFixURL, contract.ActionSwitchToNL, contract.ActionRemoveAnchorKeepKeywords}
		}
		return r.baselineOptions(ids), nil
	}
	return nil, nil
}

// RelaxationText is the label and reason of a relaxation's repair option
// in locale, within the expanded repair box's limits: the snapshot's button
// for the same relaxation says the same as the repair option.
func RelaxationText(rx Relaxation, c contract.Condition, locale string) (label, reason string) {
	rule, err := contract.RuleFor("expanded_repair.empty_repair")
	if err != nil { // the table has the schema (contract.TestEveryStateKeyHasSchemas)
		return "", ""
	}
	r := &renderer{in: Input{Locale: locale}, zh: contract.IsZH(locale), rule: rule}
	return r.relaxText(rx, c)
}

// relaxText is a relaxation's label, which promises its count ("(20)"),
// and its reason, which says the count in words and the cause it repairs.
func (r *renderer) relaxText(rx Relaxation, c contract.Condition) (label, reason string) {
	lim := r.rule.Limits.RepairLabel
	n := rx.Count
	count := fmt.Sprintf(r.t("(%d)", " (%d)"), n)
	results := r.t(fmt.Sprintf("有 %d 个结果", n), enCount(n, "result"))
	user := c.Label
	if c.Kind == condition.KindKeyword {
		if v, ok := c.Value.(string); ok {
			user = v
		}
	}
	fallback := r.t("放宽一个条件", "Relax one condition") + count
	switch rx.Change {
	case RelaxScope:
		from := contract.Scope(c.Field)
		label = r.withUser(r.t("改在"+rx.Scope.Label("zh")+"中匹配%s", "Match %s in "+strings.ToLower(rx.Scope.MenuLabel("en")))+count, user, fallback, lim)
		reason = r.t(results+"；该关键词在"+from.Label("zh")+"中没有匹配", results+"; the keyword matches nothing in "+strings.ToLower(from.MenuLabel("en")))
	case RelaxWiden:
		label = r.withUser(r.t("放宽为%s", "Widen to %s")+count, rx.Widened, fallback, lim)
		reason = r.t("放宽后"+results+"；当前范围内没有结果", results+" once widened; none in the current range")
	case RelaxInclude:
		label = r.withUser(r.t("不再排除%s", "Stop excluding %s")+count, user, fallback, lim)
		reason = r.t("取消排除后"+results+"；排除条件去掉了全部结果", results+" without the exclusion, which removes every result")
	case RelaxSimilarity:
		label = contract.Clip(r.t("放宽相似度要求", "Accept less similar channels")+count, lim)
		reason = r.t("放宽后"+results+"；锚点附近足够相似的频道都不满足条件", results+"; no close enough channel around the anchor meets the conditions")
	case RelaxPlatform:
		label = r.withUser(r.t("换到%s搜，条件不变", "Search %s, same conditions")+count, user, fallback, lim)
		reason = r.t("在你说的平台上"+results+"；当前页面只搜另一个平台", results+" on the platform you named; this page searches another one")
	case RelaxRemoveAnchor:
		label = contract.Clip(r.t("删除锚点，按关键词搜", "Drop the anchor, keep keywords")+count, lim)
		reason = r.t("只按关键词"+results+"；锚点附近没有符合关键词的频道", results+" by the keywords alone; none around the anchor matches them")
	default:
		label = r.withUser(r.t("去掉%s", "Drop %s")+count, user, fallback, lim)
		reason = r.t("去掉后"+results+"；其余条件保持不变", results+" without it; the other conditions stay")
	}
	return label, reason
}

func (r *renderer) hint() (*contract.RepairHint, error) {
	var ids []string
	for _, id := range contract.HintActions {
		if r.allowed(id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, invalid("the low-recall hint needs %s or %s allowed now", contract.ActionHintOpenLowRecall, contract.ActionHintDismissLowRecall)
	}
	text := r.t("结果较少，可展开修正区调整锚点或关键词", "Few results: open the repair to adjust the anchor or keywords")
	if r.rule.Classic {
		text = r.t("结果较少，可展开修正或继续浏览", "Few results: open the repair or keep browsing")
	}
	return &contract.RepairHint{Text: contract.Clip(text, r.rule.Limits.Hint), ActionIDs: ids}, nil
}

func (r *renderer) actionList() []contract.Action {
	out := make([]contract.Action, 0, len(r.actions))
	for _, a := range r.actions {
		label := contract.DisplayText(a.Label)
		if _, chat := contract.ChatWording(label); label == "" || chat {
			label = contract.ActionLabel(a.ActionID, r.in.Locale)
		}
		if _, chat := contract.ChatWording(label); chat {
			label = a.ActionID
		}
		out = append(out, contract.Action{ActionID: a.ActionID, Label: contract.Clip(label, r.rule.Limits.ActionLabel)})
	}
	return out
}

// validValue reports a condition value of the schema's shape: a string, a
// number, a list of strings, or {"min", "max"} with numbers or nulls.
func validValue(v any) bool {
	switch x := v.(type) {
	case string, json.Number:
		return true
	case []any:
		for _, e := range x {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	case map[string]any:
		if len(x) != 2 {
			return false
		}
		for _, k := range []string{"min", "max"} {
			e, ok := x[k]
			if !ok {
				return false
			}
			if _, num := e.(json.Number); e != nil && !num {
				return false
			}
		}
		return true
	}
	return false
}
