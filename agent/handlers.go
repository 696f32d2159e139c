package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"searchagent/agent/fsm"
	"searchagent/agent/modelpath"
	"searchagent/api"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/states"
	"searchagent/tools/store"
	"searchagent/tools/urlresolve"
)

// prepare decides the turn's first action without changing anything: the
// event's handler validates the arguments (and runs the router for
// follow-ups) and fills the guard facts; the registry picks the row. A
// refusal is a 409 with what is offered now; no event is logged for it.
func (t *turn) prepare() error {
	f := t.s.facts()
	if h := handlerFor(t.ev); h.prepare != nil {
		if err := h.prepare(t, &f); err != nil {
			return err
		}
	}
	a, err := t.a.reg.Resolve(t.s.State, t.ev, f)
	if err != nil {
		return t.refusal(err, f)
	}
	t.first, t.facts = a, f
	return t.checkTagInput()
}

// guardCheck runs the router's guard stage over submitted text: a guard
// hit lands the turn in unsupported (contract 4.8).
func (t *turn) guardCheck(text string) {
	in := router.Input{Text: text, Locale: t.s.Locale, Platform: string(t.s.Platform), State: routerState(t.s.State), Turn: int(t.s.Turn)}
	// The deterministic stages only: submitted text is read by the
	// condition parser next, so a model classifier is not asked here; the
	// local classifier (pure, cheap) checks it for guard families the
	// rules missed. A refusal is audited with its full explain trace.
	var res *router.Result
	var tr *router.Trace
	var err error
	stages := StagesRules
	if t.a.cfg.Router.ClassifierKind() == router.ClassifierLocal {
		stages = StagesSubmitted
		res, tr, err = t.a.cfg.Router.ExplainSubmitted(t.ctx, in)
	} else {
		if res, err = t.a.cfg.Router.QueryRules(t.ctx, in); err != nil || res.Branch != router.BranchGuardHit {
			return
		}
		res, tr, err = t.a.cfg.Router.ExplainRules(t.ctx, in)
	}
	if err != nil || res.Branch != router.BranchGuardHit {
		return
	}
	t.trace.Router = &RouterStage{Input: in, Stages: stages, Result: res, Trace: tr}
	t.a.cfg.Observer.RouterBranch(string(res.Branch))
	if _, ok := t.overruleLocalGuard(text, tr); ok {
		return
	}
	t.plan.unsupported = guardReason(res)
	t.plan.alternative = guardAlternative(res, t.s.zh())
}

// guardAlternative is the safe alternative search of the refused guard
// family (its spec's metadata alternative_zh / alternative_en), or "".
func guardAlternative(res *router.Result, zh bool) string {
	if res.Top == nil {
		return ""
	}
	return res.Top.Metadata[pick(zh, "alternative_zh", "alternative_en")]
}

func routerState(s fsm.State) router.State {
	return router.State{Input: string(s.Input), Container: string(s.Container), Session: string(s.Session)}
}

func guardReason(res *router.Result) string {
	if res.Top == nil {
		return ""
	}
	return guardReasonID(res.Top.ID)
}

// guardReasonID is the unsupported reason of a guard spec id.
func guardReasonID(specID string) string {
	switch id := strings.TrimPrefix(specID, "guard."); id {
	case "contact_info":
		return "personal_data"
	default:
		return id
	}
}

// route sends a follow-up through the router and turns its decision into
// the turn's plan: the event to resolve and the commands to apply, or a
// refusal that says what is missing.
func (t *turn) route(text string, f *fsm.Facts) error {
	s := t.s
	in := router.Input{Text: text, Locale: s.Locale, Platform: string(s.Platform), State: routerState(s.State),
		Turn: int(s.Turn), Pending: s.Expect, Conditions: s.routerConditions(), ActiveTagID: s.ActiveTagID}
	res, tr, err := t.a.cfg.Router.Explain(t.ctx, in)
	if errors.Is(err, router.ErrInputTooLong) {
		return tooLong("text", text)
	}
	if err != nil {
		return newError(ErrInternal, "internal", both("意图路由出错，请稍后重试", "the router failed"), nil, err)
	}
	t.trace.Router = &RouterStage{Input: in, Stages: StagesAll, Result: res, Trace: tr}
	t.a.cfg.Observer.RouterBranch(string(res.Branch))
	t.plan.text = text
	refuse := func(msg string) { t.refuse(f, msg) }
	if res.Branch == router.BranchGuardHit {
		if rd, ok := t.overruleLocalGuard(text, tr); ok {
			t.takeSort(rd)
			if usefulParse(rd.Result) {
				t.plan.parse = &rd.Result
			}
			return nil
		}
	}
	if res.Branch == router.BranchGuardHit {
		t.plan.unsupported = guardReason(res)
		t.plan.alternative = guardAlternative(res, s.zh())
		return nil
	}
	if s.State.Session == states.Unsupported {
		// The last request was refused and nothing of it was kept: the
		// rewrite is a fresh description (seed 000 §5.2 unsupported →
		// retrieving), read whole by the parser.
		rd, err := t.read(text)
		if err != nil || !usefulParse(rd.Result) {
			refuse(refusalText(s, res))
			return nil
		}
		t.plan.parse, t.plan.rewrite = &rd.Result, true
		t.takeSort(rd)
		return nil
	}
	if len(t.plan.edits) == 0 {
		// "keep only the country, drop the rest", "let plumbing back in",
		// "reverse that", "不要第二个那种": edits of the search held,
		// read per clause; the other clauses are routed as before.
		if ok, err := t.routeEdits(text, f); ok || err != nil {
			return err
		}
	}
	switch res.Branch {
	case router.BranchFallback, router.BranchAmbiguous:
		// The rules did not decide; the deterministic condition parser
		// may still read the text as conditions (a real refinement). If it
		// reads nothing, refuse and say what is missing.
		rd, err := t.readFollowup(text)
		if c := tr.Classifier; err == nil && c != nil && c.Ungrounded != "" && onlyKeywords(rd.Result) {
			// The model read a request the follow-up does not state (an
			// invented slot value, issue 27): it is not applied, and the
			// words are no topic either — nothing changes, and the box
			// says what was not understood.
			q := clip(text, 16)
			refuse(pick(s.zh(), "没能理解「"+q+"」：请说明要补充什么，例如“只要美国的”或“粉丝 1w+”",
				"“"+q+"” was not understood: say what to add, e.g. “US only” or “10k+ followers”"))
			return nil
		}
		if err == nil {
			// A sort said in words sorts (issue 26 item 3), or says it
			// cannot.
			t.takeSort(rd)
		}
		if err == nil && len(rd.Conditions) == 0 {
			if lifts := s.boundLifts(rd); len(lifts) > 0 {
				// "上限去掉", "remove the cap": the held count's end goes.
				t.plan.lifts = append(t.plan.lifts, lifts...)
				return nil
			}
		}
		if err == nil && usefulParse(rd.Result) {
			t.heldBounds(&rd, func(condition.Field) bool { return false })
			s.insteadInReading(&rd)
			for i := range rd.Conditions {
				// "add us + ca too" that no rule read: the values join
				// the held ones, as after a routed follow-up
				rd.Conditions[i] = s.addedToHeld(rd.Conditions[i])
			}
			if !usefulParse(rd.Result) && t.plan.sort == "" && len(t.plan.notes) > 0 {
				// "bump the minimum by 20k" with no minimum held: nothing
				// to move, and the notes say how to set a figure.
				refuse(strings.Join(t.plan.notes, pick(s.zh(), "；", "; ")))
				t.plan.notes = nil
				return nil
			}
			t.plan.lifts = append(t.plan.lifts, s.boundLifts(rd)...)
			t.plan.parse = &rd.Result
			return nil
		}
		if t.plan.sort != "" || t.plan.unsorted != "" || t.plan.ascending != "" {
			// "sort by followers and show next page": the sort runs, and
			// what else the reading placed is named (audit 25, class 4)
			if msg := residueNotice(s.zh(), rd.Remainder); err == nil && msg != "" {
				t.plan.notes = append(t.plan.notes, msg)
			}
			return nil
		}
		if msg := residueNotice(s.zh(), rd.Remainder); err == nil && msg != "" {
			refuse(msg)
			return nil
		}
		if msg := s.countNotice(text, rd.Quantity); err == nil && msg != "" {
			refuse(msg)
			return nil
		}
		if err == nil && len(rd.Dropped) > 0 && len(rd.Conditions) == 0 && len(rd.Remainder) == 0 {
			// Nothing but frame words ("再多给几个", "show me a few
			// more"): named, and the search stays as it is.
			var quoted []string
			for _, d := range rd.Dropped {
				quoted = append(quoted, pick(s.zh(), "「"+d.Text+"」", "“"+d.Text+"”"))
			}
			refuse(pick(s.zh(), "这句补充没有新的条件（"+strings.Join(quoted, "、")+"未作为条件）：当前条件的结果已全部列出",
				"this follow-up adds no condition ("+strings.Join(quoted, ", ")+" not used as one): every match of the current search is listed"))
			return nil
		}
		refuse(refusalText(s, res))
		return nil
	}
	if res.Decision.RequiresConfirmation {
		refuse(pick(s.zh(), "清空当前搜索需要确认：请点击「新建搜索」", "clearing the search needs confirmation: use “New search”"))
		return nil
	}
	if !res.Decision.ShouldExecute {
		// A spec matched but cannot run ("不要太大的" excluding nothing
		// once trimmed); the condition reading may still place the rest
		// ("…，十万以下就好"): one reading for the whole follow-up.
		if rd, err := t.readFollowup(text); err == nil && (placesFilters(rd.Result) || res.Top != nil && res.Top.ID == "keyword.exclude" && excludesKeyword(rd.Result)) {
			t.takeSort(rd)
			t.heldBounds(&rd, func(condition.Field) bool { return false })
			s.insteadInReading(&rd)
			t.plan.lifts = append(t.plan.lifts, s.boundLifts(rd)...)
			t.plan.parse = &rd.Result
			return nil
		} else if lifts := s.boundLifts(rd); err == nil && len(lifts) > 0 {
			// "remove the 10w cap, 按订阅从高到低" read by the classifier as
			// an anchor removal with no anchor: the cap named is lifted.
			t.takeSort(rd)
			t.plan.lifts = append(t.plan.lifts, lifts...)
			return nil
		} else if err == nil && rd.Sort != nil {
			// "去掉粉丝条件，再按最近更新排" with no follower condition held:
			// the sort runs, and the part that could not is named
			t.takeSort(rd)
			s.note(refusalText(s, res))
			return nil
		}
		refuse(residueRefusal(s, text, res, t.now))
		return nil
	}
	for _, cmd := range res.Commands {
		if err := t.planCommand(cmd, f); err != nil {
			return err
		}
	}
	if t.plan.reset {
		t.ev = fsm.SessionReset
	}
	t.sayOtherPositions(res.Commands, text)
	if t.ev == fsm.RepairExpandRecallScope && (len(t.plan.commands) > 0 || t.saysBound(text)) {
		// "widen it to any country … and ditch the mukbang ones" on an
		// empty result: the widening is said with the edits that do it,
		// so the follow-up runs as one, every part applied, rather than
		// as the repair's generic widening that would drop the rest.
		// So is a bound said beside it ("两三万太少了 最少要十万"): the
		// explicit bound wins over the vague widening (narrowsBy).
		t.ev, t.plan.widen = fsm.FollowupSubmit, true
	}
	if t.ev == fsm.RepairExpandRecallScope && t.plan.unrelaxable {
		t.ev = fsm.FollowupSubmit
		t.refuse(f, pick(s.zh(), "放宽任何一个条件都仍然没有结果：请删除或修改条件，或改用自然语言描述", "relaxing any one condition still finds nothing: remove or change conditions, or describe it in words"))
	}
	if !f.RouterRefused && t.ev == fsm.FollowupSubmit {
		// The graph commands are completed by the condition reading of
		// the same text: one reading for first searches and follow-ups.
		if rd, err := t.readFollowup(text); err == nil {
			t.mergeReading(rd)
		}
	}
	if !f.RouterRefused && t.ev == fsm.FollowupSubmit && len(t.plan.commands) == 0 && len(t.plan.lifts) == 0 && t.plan.reading == nil && t.plan.sort == "" && t.plan.unsorted == "" && t.plan.ascending == "" && !t.plan.widen && !t.plan.narrow {
		if t.plan.notice != "" {
			// what the reading placed but cannot apply ("不要大阪的": a
			// city) is the answer, not "not understood"
			refuse(t.plan.notice)
		} else {
			refuse(refusalText(s, res))
		}
	}
	return nil
}

func str(v any) string { s, _ := v.(string); return s }

// saysBound reports a follow-up whose reading sets a bound of a count
// ("两三万太少了 最少要十万", "20k is way too small, at least 100k", "五千
// 太多了 控制在三千以内"): the router reads its complaint as a vague
// widening or narrowing, the reading the figure meant; the figure is
// what the user asked for, so it is applied and nothing is widened or
// narrowed beyond it (narrowsBy).
func (t *turn) saysBound(text string) bool {
	rd, err := t.readFollowup(text)
	return err == nil && slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Kind == condition.KindHard && isCount(string(c.Field)) && !c.Excluded &&
			(c.Op == condition.OpGte || c.Op == condition.OpLte || c.Op == condition.OpBetween)
	})
}

// usefulParse reports whether a parse found conditions to refine by.
func usefulParse(r condparse.Result) bool {
	for _, c := range r.Conditions {
		if c.Kind != condition.KindAnchor || c.Field == condition.URL {
			return true
		}
	}
	return false
}

// placesFilters reports a reading that places a filter or preference of
// its own (a country, a count, an activity window …): keywords alone are
// what the unrunnable spec already failed to read ("只搜简介").
func placesFilters(r condparse.Result) bool {
	return slices.ContainsFunc(r.Conditions, func(c condparse.Condition) bool {
		return c.Kind != condition.KindAnchor && c.Kind != condition.KindKeyword
	})
}

// excludesKeyword reports a reading that excludes a word ("插画的不要了"):
// what the exclusion spec, its pattern come out empty, did not read.
func excludesKeyword(r condparse.Result) bool {
	return slices.ContainsFunc(r.Conditions, func(c condparse.Condition) bool {
		return c.Kind == condition.KindKeyword && c.Excluded && c.Status == condition.StatusApplied
	})
}

// missingSlotWords names, for the user, what a router slot asks for; the
// slot ids and the router's reasons are internal and never shown.
var missingSlotWords = map[string][2]string{
	"target":  {"要修改的是哪个条件", "which condition to change"},
	"value":   {"新的取值", "the new value"},
	"field":   {"要改的是哪一项", "which field to change"},
	"scope":   {"关键词的匹配范围", "where the keyword should match"},
	"keyword": {"关键词", "the keyword"},
	"url":     {"链接", "the link"},
	"intent":  {"想做什么操作", "what to do"},
}

// missingWords turns the router's missing data ("keyword.scope.target:
// no active condition matches …") into user words, once each; entries with
// no user meaning ("text") give none, and the caller falls back to its
// generic hint.
func missingWords(miss []string) (zh, en []string) {
	for _, m := range miss {
		id, _, _ := strings.Cut(m, ":")
		id = strings.TrimSpace(id)
		if i := strings.LastIndexByte(id, '.'); i >= 0 {
			id = id[i+1:]
		}
		w, ok := missingSlotWords[id]
		if !ok || slices.Contains(zh, w[0]) {
			continue
		}
		zh, en = append(zh, w[0]), append(en, w[1])
	}
	return zh, en
}

// residueNotice says what a parse's placed-but-unfilterable remainder
// asks for (condparse.Residue): a sort is no filter (the results' own
// sort event orders them), a vague amount needs a number. Each role is
// said once, naming every span of it, in the order the roles first
// appear (audit 25: "单价…" and "首批备货…" are both named). It is "" when
// no remainder span has a role.
func residueNotice(zh bool, rem []condparse.Span) string {
	var order []condparse.Residue
	spans := map[condparse.Residue][]string{}
	for _, r := range rem {
		if r.Role == "" {
			continue
		}
		if _, ok := spans[r.Role]; !ok {
			order = append(order, r.Role)
		}
		if q := clip(r.Text, 24); !slices.Contains(spans[r.Role], q) {
			spans[r.Role] = append(spans[r.Role], q)
		}
	}
	var msgs []string
	for _, role := range order {
		q := strings.Join(spans[role], pick(zh, "」、「", "”, “"))
		msg := roleNotice(zh, role, q)
		if !zh && len(spans[role]) > 1 {
			msg = plural.Replace(msg)
		}
		if msg != "" {
			msgs = append(msgs, msg)
		}
	}
	return strings.Join(msgs, pick(zh, "。", ". "))
}

// plural words an English notice of several spans ("“too big”,
// “smaller” have no number").
var plural = strings.NewReplacer("” has no number", "” have no number", "” was not applied", "” were not applied",
	"” was not excluded", "” were not excluded", "” is a sort, not a filter", "” are sorts, not filters",
	"” describes the campaign", "” describe the campaign", "so it is not a condition", "so they are not conditions",
	"” is not a filter", "” are not filters", "” says what is acceptable", "” say what is acceptable", "” is about a result shown", "” are about a result shown")

// roleNotice says what the remainder q of one role asks for.
func roleNotice(zh bool, role condparse.Residue, q string) string {
	switch role {
	case condparse.ResidueSort:
		return pick(zh, "「"+q+"」是排序要求，不是筛选条件，未加入条件：请用结果列表的「排序」切换",
			"“"+q+"” is a sort, not a filter, so no condition was added: use Sort on the results")
	case condparse.ResidueSecondSort:
		return pick(zh, "第二排序「"+q+"」未应用：结果只能按一个字段排序，已按第一个排序",
			"the second sort key, “"+q+"”, was not applied: results sort by one key, the first one said")
	case condparse.ResidueVague:
		return pick(zh, "「"+q+"」没有具体数值，未加入条件：请给出范围，例如“粉丝 1万以下”",
			"“"+q+"” has no number, so no condition was added: give a range, e.g. “under 10k followers”")
	case condparse.ResiduePlace:
		return pick(zh, "未排除「"+q+"」：频道库只记录国家，不记录城市或州省，按国家排除会去掉仍想要的频道",
			"“"+q+"” was not excluded: the catalog records countries, not cities or states, and excluding the country would drop channels still wanted")
	case condparse.ResidueFrequencyPeriod:
		return pick(zh, "「"+q+"」：频道库不记录发帖频率，已按这个周期内有发布筛选，次数未作为条件",
			"“"+q+"”: the catalog holds no posting frequency, so channels that posted within that period are kept; the count is not a filter")
	case condparse.ResidueFrequency:
		return pick(zh, "「"+q+"」未加入条件：频道库不记录发帖频率，无法按发帖次数筛选（可以按最近一次发布的时间筛选）",
			"“"+q+"” was not applied: the catalog holds no posting frequency, so it cannot filter by how often channels post (it can by when they last posted)")
	case condparse.ResidueGender:
		return pick(zh, "「"+q+"」未加入条件：频道库不记录创作者的性别，无法按性别筛选",
			"“"+q+"” was not applied: the catalog does not record creators' gender, so it cannot filter by it")
	case condparse.ResidueDialect:
		return pick(zh, "「"+q+"」未加入条件：频道库只记录语言，不区分同一语言的方言或变体，按语言排除会去掉仍想要的频道",
			"“"+q+"” was not applied: the catalog records languages, not their dialects or variants, and excluding the language would drop channels still wanted")
	case condparse.ResidueUnservedPlatform:
		return pick(zh, "「"+q+"」暂不支持：可搜索的平台只有 YouTube、Instagram、TikTok 和 X，仍在当前平台上搜索（要换平台请在页面顶部选择）",
			"“"+q+"” is not available: the platforms searched are YouTube, Instagram, TikTok and X, so the search stays on the current platform (switch platforms at the top of the page)")
	case condparse.ResidueUnservedExcluded:
		return pick(zh, "「"+q+"」本来就不在搜索范围内：可搜索的平台只有 YouTube、Instagram、TikTok 和 X",
			"“"+q+"” is not searched anyway: the platforms searched are YouTube, Instagram, TikTok and X")
	case condparse.ResidueUnlistedCountry:
		return pick(zh, "「"+q+"」不在可筛选的国家列表中，无法按它筛选，也未作为关键词；其他条件照常生效",
			"the catalog's country list does not have “"+q+"”: it is not available as a country filter, so no filter or keyword was made of it; the other conditions apply")
	case condparse.ResidueRangeEnd:
		return pick(zh, "时间段的结束「"+q+"」未应用：频道库只记录最近一次发布，已按从时间段开始至今有发布筛选",
			"the end of the period, “"+q+"”, was not applied: the catalog records only each channel's latest post, so channels that posted from the period's start until now are kept")
	case condparse.ResidueUnrecorded:
		return pick(zh, "「"+q+"」未加入条件：频道库不记录合规资质、合作记录或与你的距离，无法按它筛选",
			"“"+q+"” was not applied: the catalog does not record compliance, past deals or how near creators are to you, so it cannot filter by it")
	case condparse.ResidueTrait:
		return pick(zh, "「"+q+"」未加入条件：频道库不记录这类内容特征（是否真人出镜、字幕），无法按它筛选",
			"“"+q+"” was not applied: the catalog does not record such traits of the content (whether creators show their face on camera, captions or subtitles), so it cannot filter by it")
	case condparse.ResidueStage:
		return pick(zh, "「"+q+"」不作为筛选条件：频道库没有涨粉或成长阶段数据（增长类的说法仅作参考排序）；在意体量请给出粉丝范围，例如“粉丝 5万以下”",
			"“"+q+"” is not a filter: the catalog has no growth or stage data (growth wording only ranks, as a reference); if size matters, give a follower range, e.g. “under 50k followers”")
	case condparse.ResidueAccepted:
		return pick(zh, "「"+q+"」是说也可以接受，不是上下限：未因此设粉丝条件",
			"“"+q+"” says what is acceptable too, not a bound: no follower limit was set from it")
	case condparse.ResidueQuestion:
		return pick(zh, "「"+q+"」是对结果的提问，搜索框无法回答，未作为条件（要按它筛选请直接说，例如“只要加拿大的”）",
			"“"+q+"” asks about the results, which this box does not answer, so it is not a condition (to filter by it, say so, e.g. “only ones in Canada”)")
	case condparse.ResidueRemark:
		return pick(zh, "「"+q+"」说的是结果里的频道，不是新条件：条件未改动（显示的结果都符合已生效的条件；要改范围请直接说，例如“粉丝 50万以下”）",
			"“"+q+"” is about a result shown, not a new condition: nothing was changed (every result meets the applied conditions; to change a range, say so, e.g. “up to 500k followers”)")
	case condparse.ResidueMeasure:
		return pick(zh, "「"+q+"」未加入条件：频道库没有这项数据（如完播率、转化率、爆款率），可以按互动率、均播或粉丝筛选或排序",
			"“"+q+"” was not applied: the catalog has no such measure (completion, conversion or hit rates); it can filter or sort by engagement rate, average views or followers")
	case condparse.ResidueAudience:
		return pick(zh, "「"+q+"」未加入条件：频道库没有受众数据（粉丝在哪里、性别、年龄），只能按创作者本人的国家、语言等筛选",
			"“"+q+"” was not applied: the catalog has no audience data (where followers live, their gender or age); it filters by the creator's own country, language and so on")
	case condparse.ResidueRelation:
		return pick(zh, "「"+q+"」未加入条件：频道库不知道哪些是你的竞品或对手，无法按它排除（可以直接写出品牌名，例如“不要和某品牌合作过的”）",
			"“"+q+"” was not applied: the catalog does not know who your competitors are, so it cannot exclude by it (name the brands instead, e.g. “no one who worked with BrandX”)")
	case condparse.ResidueUnsupported:
		return pick(zh, "「"+q+"」未加入条件：频道库没有这一项（如预算、报价、年龄），无法按它筛选",
			"“"+q+"” was not applied: the catalog has no such field (budget, price, age), so it cannot filter")
	case condparse.ResidueCampaign:
		return pick(zh, "「"+q+"」是投放安排（库存、价格、日期、交付内容），不是对博主的要求，未作为条件",
			"“"+q+"” describes the campaign (stock, units, dates, deliverables), not the creators, so it is not a condition")
	case condparse.ResiduePaging:
		return pick(zh, "「"+q+"」：结果已按当前条件全部列出，翻页请用结果列表底部的「更多结果」",
			"“"+q+"”: every match is listed; for the next page use More results below the list")
	}
	return ""
}

// similarCues say that more like some results is asked ("more like",
// "similar", 类似, 差不多).
var similarCues = []string{"like", "similar", "same as", "类似", "相似", "差不多", "一样", "像", "那样", "这样的", "那种", "这种"}

// asksSimilar reports whether a follow-up asks for more like some results.
func asksSimilar(text string) bool {
	low := strings.ToLower(text)
	for _, c := range similarCues {
		if strings.Contains(low, c) {
			return true
		}
	}
	return false
}

// similarGroupNotice answers "more like the first three" (fixW2, class
// W6): with no results there is nothing to compare with; with results
// a similar search starts from one of them, named by its position.
func similarGroupNotice(zh bool, q string, none bool) string {
	n := clip(strings.TrimSpace(q), 12)
	if none {
		return pick(zh, "「"+n+"」：当前条件下没有结果，没有可比较的频道；可以先放宽条件，或贴一个频道链接来找相似的",
			"“"+n+"”: there are no results under the current conditions, so there is nothing to compare with; widen a condition first, or paste a channel link to find similar ones")
	}
	return pick(zh, "「"+n+"」：找相似要从一个结果出发，请指定一个，例如“像第一个那样的”；条件未改动",
		"“"+n+"”: a similar search starts from one result, so name one, e.g. “more like the first one”; nothing was changed")
}

// countNotice names a result count said in text (quantityNotice), or,
// where text asks for more like that many results ("more like the first
// three", "跟前三个差不多的"), says what a similar search needs
// (similarGroupNotice, fixW2 class W6): the results so named are
// examples, never a count.
func (s *Session) countNotice(text string, q *condparse.Span) string {
	if q == nil || !asksSimilar(text) {
		return quantityNotice(s.zh(), q)
	}
	return similarGroupNotice(s.zh(), q.Text, s.Results == nil || s.Results.Total == 0)
}

// quantityNotice names a result count the user said ("给我20个", "need 10
// tech youtubers"): how many results is no filter and no keyword; the
// list shows every match in order (issue 26).
func quantityNotice(zh bool, q *condparse.Span) string {
	if q == nil {
		return ""
	}
	n := clip(strings.TrimSpace(q.Text), 12)
	return pick(zh, "结果数量「"+n+"」不作为筛选条件：结果按排序全部列出",
		"the result count “"+n+"” is not a filter: all matches are listed in order")
}

// residueRefusal is the refusal of a follow-up the router matched but
// cannot execute: when the parser places the text as a sort or a vague
// amount ("粉丝不要太多"), that is what the user is told (issue 16 item
// 10); otherwise what the router misses.
func residueRefusal(s *Session, text string, res *router.Result, now time.Time) string {
	if rd, err := condparse.Read(text, condparse.WithPlatform(s.Platform), condparse.WithNow(now)); err == nil {
		if msg := residueNotice(s.zh(), rd.Remainder); msg != "" {
			return msg
		}
	}
	return refusalText(s, res)
}

// refusalText says what is missing (seed 003 §3.1: never a fake "noted").
func refusalText(s *Session, res *router.Result) string {
	if res.Decision.Refusal != "" {
		return res.Decision.Refusal
	}
	if zh, en := missingWords(res.Decision.MissingData); len(zh) > 0 {
		return pick(s.zh(), "还不能执行：请说明"+strings.Join(zh, "、"), "cannot run this yet: say "+strings.Join(en, " and "))
	}
	return pick(s.zh(), "没能理解这条补充：可以说地区、粉丝量、关键词或排除项，例如“只要美国的，粉丝 1w+”", "could not read this follow-up: say a region, a follower range, a keyword or an exclusion, e.g. “US only, 10k+ followers”")
}

func (q *Question) option(id, text string) *QuestionOption {
	for i := range q.Options {
		o := &q.Options[i]
		if id != "" && o.ID == id || text != "" && (strings.EqualFold(o.LabelZH, text) || strings.EqualFold(o.LabelEN, text)) {
			return o
		}
	}
	return nil
}

// editedCond is the condition a condition.edit makes (source manual).
// A filter field's value is read as the parser reads it (values.go); any
// other condition's (a soft preference) by its op's JSON form.
func (t *turn) editedCond() (Cond, error) {
	_, old := t.s.cond(t.args.ConditionID)
	c := *old
	c.Source, c.Status = condition.SourceManual, condition.StatusApplied
	if c.Kind == condition.KindSoft {
		c.Status = condition.StatusReference
	}
	if ff, ok := filterFieldNamed(c.Field); ok && slices.Contains(ff.Ops(), c.Op) {
		v, err := readValue(ff, c.Op, t.args.Value)
		if err != nil {
			return c, err
		}
		c.Value = v
	} else if err := decodeValue(t.args.Value, c.Op, &c.Value); err != nil {
		return c, valueError(c.Field, t.args.Value, *err, nil)
	}
	c.LabelZH, c.LabelEN = "", ""
	return c, nil
}

// filterCond is the condition a filter.set makes (source manual).
func (t *turn) filterCond() (Cond, error) {
	a := t.args
	c := Cond{Kind: condition.KindHard, Field: a.Field, Op: condition.Op(a.Op), Source: condition.SourceManual, Status: condition.StatusApplied, Priority: 1}
	ff, ok := filterFieldNamed(a.Field)
	if !ok {
		names := fields.Names()
		return c, badRequest("bad_field", both("筛选字段（field）必须是 "+strings.Join(names, "、")+" 之一", "field must be one of "+strings.Join(names, ", ")),
			map[string]any{"field": a.Field, "allowed": names})
	}
	if ff.Kind == fields.Set && c.Op == "" {
		c.Op = condition.OpIn
	}
	if ff.Kind == fields.Duration {
		c.Op = condition.OpWithinDays
	}
	if !slices.Contains(ff.Ops(), c.Op) {
		var ops []string
		for _, o := range ff.Ops() {
			ops = append(ops, string(o))
		}
		return c, badRequest("bad_op", both(ff.Label("zh")+"的运算（op）必须是 "+strings.Join(ops, "、")+" 之一",
			"op must be "+strings.Join(ops[:len(ops)-1], ", ")+" or "+ops[len(ops)-1]+" for "+a.Field),
			map[string]any{"field": a.Field, "op": a.Op, "allowed": ops})
	}
	v, err := readValue(ff, c.Op, a.Value)
	if err != nil {
		return c, err
	}
	c.Value = v
	f := store.Filters{}
	applyFilter(&f, c, t.now)
	if _, err := f.Canonical(); err != nil {
		return c, valueError(a.Field, a.Value, both(ff.Label("zh")+"：这个值无法用于检索", ff.Label("en")+": this value cannot be searched"), nil)
	}
	return c, nil
}

// decodeValue reads a value by its op's JSON form alone (a condition of
// no filter field); the error says what form was expected.
func decodeValue(raw json.RawMessage, op condition.Op, v *condparse.Value) *text {
	if len(raw) == 0 {
		return &text{"缺少值（value）", "a value is required"}
	}
	switch op {
	case "between":
		var r struct{ Min, Max int64 }
		if err := json.Unmarshal(raw, &r); err != nil || r.Min < 0 || r.Max < 0 || (r.Max != 0 && r.Min > r.Max) || r.Min > MaxCount || r.Max > MaxCount {
			t := both(fmt.Sprintf(`值必须是 {"min": n, "max": m}，且 0 ≤ min ≤ max ≤ %d`, int64(MaxCount)), fmt.Sprintf(`value must be {"min": n, "max": m} with 0 <= min <= max <= %d`, int64(MaxCount)))
			return &t
		}
		*v = condparse.RangeValue(r.Min, r.Max)
	case "gte", "lte", "within_days":
		var n int64
		if err := json.Unmarshal(raw, &n); err != nil || n <= 0 {
			return &text{"值必须是正整数", "value must be a positive integer"}
		}
		if max := int64(MaxCount); op == "within_days" && n > MaxDays || n > max {
			t := both(fmt.Sprintf("值超出范围（天数最多 %d，数量最多 %d）", MaxDays, max), fmt.Sprintf("value is out of range (at most %d days, %d for counts)", MaxDays, max))
			return &t
		}
		*v = condparse.IntValue(n)
	case "in", "not_in":
		var ss []string
		if err := json.Unmarshal(raw, &ss); err != nil {
			var one string
			if err := json.Unmarshal(raw, &one); err != nil || one == "" {
				return &text{"值必须是字符串或字符串列表", "value must be a string or a list of strings"}
			}
			ss = []string{one}
		}
		if len(ss) == 0 {
			return &text{"值不能为空", "value must not be empty"}
		}
		*v = condparse.StringsValue(ss...)
	default:
		var one string
		if err := json.Unmarshal(raw, &one); err != nil || one == "" {
			return &text{"值必须是字符串", "value must be a string"}
		}
		*v = condparse.StringValue(one)
	}
	return nil
}

// run applies the turn: turn.started, the router decision, the context
// change and the first transition, then the work until the session lands,
// then the slots and results.
func (t *turn) run() error {
	s := t.s
	if err := t.emit(api.EventTurnStarted, api.TurnStarted{Turn: s.Turn, Event: string(t.ev), Args: t.args, State: toAPIState(s.State)}); err != nil {
		return err
	}
	if t.trace.Router != nil {
		if err := t.emit(api.EventRouterDecision, t.trace.Router.Result); err != nil {
			return err
		}
	}
	s.Notice = ""
	before := s.held()
	h := handlerFor(t.ev)
	if h.effect != nil {
		if err := h.effect(t); err != nil {
			return err
		}
	}
	if err := t.apply(t.first); err != nil {
		return err
	}
	if h.after != nil {
		if err := h.after(t); err != nil {
			return err
		}
	}
	// Everything the user asked for is applied now: the contract's
	// SCOPE_REWRITE check compares the slots with these tags, so only a
	// change the agent made on its own would count.
	t.tagsBefore = nil
	for _, tg := range s.Tags {
		t.tagsBefore = append(t.tagsBefore, tg.Tag)
	}
	if err := t.work(); err != nil {
		return err
	}
	t.keepBefore(before)
	t.douyinNote()
	t.trace.Notice = s.Notice
	t.followPlan()
	if err := t.render(t.ctx); err != nil {
		return err
	}
	if s.Results != nil && t.searched {
		if err := t.emitResults(); err != nil {
			return err
		}
	}
	return nil
}

// beginTask clears what a new first round replaces: the last task's
// repair, question and notices; explicit tags and the anchor stay.
func (t *turn) beginTask() {
	s := t.s
	s.Question, s.Expect, s.Asked = nil, nil, nil
	s.RepairReason, s.HintVisible, s.Unsupported = states.RepairNone, false, ""
	s.Relaxations, s.Offset, s.MinScore = nil, 0, 0
	s.SourceStage = StageFirstRound
	if s.Anchor != nil && !s.Anchor.Resolved() {
		s.Anchor = nil
	}
}

// absorb merges the parse of a rewritten request into the graph (step
// parse_conditions).
func (t *turn) absorb() error {
	s := t.s
	return t.step(api.StepParseConditions, func() (any, error) {
		u, second := s.absorbParse(*t.plan.parse, condition.SourceUserInput)
		t.trace.Parse = t.plan.parse
		if u != "" {
			t.plan.anchorURL = u
		}
		// A part the reading placed but cannot apply (a city or state
		// excluded, a vague amount) is named, never dropped in silence,
		// in a follow-up as in a first search.
		s.note(residueNotice(s.zh(), t.plan.parse.Remainder))
		return map[string]any{"conditions": len(t.plan.parse.Conditions), "second_anchor_refused": second}, nil
	})
}

func keepResolved(a *Anchor) *Anchor {
	if a.Resolved() {
		return a
	}
	return nil
}

// parseInto parses text into the graph as a visible step.
func (t *turn) parseInto(text string) error {
	s := t.s
	return t.step(api.StepParseConditions, func() (any, error) {
		rd, err := t.read(text)
		if err != nil {
			if errors.Is(err, condparse.ErrTooLong) {
				return nil, tooLong("text", text)
			}
			return nil, newError(ErrBadRequest, "bad_text", both("这段文字无法读取（不是有效的 UTF-8）", "this text cannot be read (not valid UTF-8)"), nil, err)
		}
		res := rd.Result
		t.trace.Parse = &res
		model := t.modelParse(text, &res)
		if t.plan.unsupported != "" {
			// The model recognised a guard: nothing of the request is
			// absorbed (contract 4.8).
			return map[string]any{"shape": res.Shape, "model": model, "refused": t.plan.unsupported}, nil
		}
		u, second := s.absorbParse(res, condition.SourceUserInput)
		if startsTask(t.ev) {
			t.retractFirstSearch(res)
		}
		if u != "" && !s.Anchor.Resolved() {
			t.plan.anchorURL = u
			s.Anchor = &Anchor{ID: s.newID("a"), URL: u, Resolution: string(urlresolve.StateResolving)}
		}
		if second {
			s.Notice = pick(s.zh(), "只能有一个锚点：第二个链接未使用，请替换或删除现有锚点", "only one anchor: the second link was not used; replace or delete the current anchor")
		}
		var rem []string
		for _, r := range res.Remainder {
			rem = append(rem, r.Text)
		}
		if msg := residueNotice(s.zh(), res.Remainder); msg != "" && s.Notice == "" {
			s.Notice = msg
		}
		if len(rem) > 0 && s.Notice == "" {
			s.Notice = pick(s.zh(), "未识别：", "not understood: ") + clip(strings.Join(rem, " "), 24)
		}
		s.note(s.countNotice(text, res.Quantity))
		s.note(replacedNotice(s.zh(), res.Replaced))
		if rd.Sort != nil && rd.Sort.Ascending {
			s.sayAscending(rd.Sort.By)
		} else if rd.Sort != nil {
			// A sort said in words sorts (issue 26 item 3).
			s.applySort(rd.Sort.By)
		}
		if rd.Unsorted != nil {
			s.sayUnsorted(rd.Unsorted.By)
		}
		var dropped, quoted []string
		for _, d := range res.Dropped {
			dropped = append(dropped, d.Text)
			quoted = append(quoted, pick(s.zh(), "「"+d.Text+"」", "“"+d.Text+"”"))
		}
		if len(dropped) > 0 {
			// Frame words are left out on purpose, and said (issue 26).
			t.dropped = append(t.dropped, dropped...)
			s.note(pick(s.zh(), "未作为条件：", "Not used as conditions: ") + strings.Join(quoted, pick(s.zh(), "、", ", ")))
		}
		detail := map[string]any{"shape": res.Shape, "conditions": len(res.Conditions), "remainder": rem}
		if len(dropped) > 0 {
			detail["dropped"] = dropped
		}
		if model != "" {
			detail["model"] = model
		}
		return detail, nil
	})
}

// modelParse runs the model parse stage when it is on and the
// deterministic parse left text unread (modelpath.NeedsModel), merging the
// proposal into res. It returns what happened, for the step's detail
// ("" when the model was not asked); a failure keeps the deterministic
// parse and says so in the detail and the trace.
func (t *turn) modelParse(text string, res *condparse.Result) string {
	mp := t.a.cfg.ModelPath
	if mp == nil || !mp.Stages().Parse || !modelpath.NeedsModel(*res) {
		return ""
	}
	infos := t.a.cfg.Router.Snapshot().SpecInfos()
	merged, mtr, err := mp.Parse(t.ctx, modelpath.ParseRequest{Text: text, Platform: string(t.s.Platform), Locale: t.s.Locale, Deterministic: *res,
		Graph: t.s.chips(), Guards: modelpath.GuardIDs(infos), GuardInfos: infos})
	t.trace.ModelParse = &mtr
	if err != nil {
		return "model parse failed, the deterministic parse stands: " + err.Error()
	}
	if mtr.Guard != "" {
		t.plan.unsupported = guardReasonID(mtr.Guard)
		return "the model recognised guard " + mtr.Guard + ": the request is refused"
	}
	*res = merged
	return fmt.Sprintf("merged: %d added, %d offered, %d agreed, %d rejected, %d disagreements", len(mtr.Added), len(mtr.Offered), len(mtr.Agreed), len(mtr.Rejected), len(mtr.Disagreements))
}

// overruleLocalGuard decides whether a guard hit that only the local
// n-gram classifier made stands. When the condition reading places every
// word of the text as a condition or a sort ("粉丝越多越好", "粉丝五千到两万之间的"),
// the text is a search refinement and n-grams alone do not refuse it
// (issue 26 item 7: look-alikes pass); the turn's router stage says so
// (RouterStage.Overruled).
// It returns the reading when it overrules.
func (t *turn) overruleLocalGuard(text string, tr *router.Trace) (condparse.Reading, bool) {
	if tr == nil || tr.Classifier == nil || tr.DecidedBy() != "classifier:"+router.ClassifierLocal {
		return condparse.Reading{}, false
	}
	rd, err := t.read(text)
	if err != nil || !placesEveryWord(rd) {
		return condparse.Reading{}, false
	}
	if t.trace.Router != nil {
		t.trace.Router.Overruled = "the condition reading places every word as a search condition or sort"
	}
	return rd, true
}

// placesEveryWord reports whether the reading understood the whole text
// as search conditions or a sort: no word left unread, no word kept as a
// keyword or ranking term, and something placed.
func placesEveryWord(rd condparse.Reading) bool {
	if len(rd.Remainder) > 0 {
		return false
	}
	for _, c := range rd.Conditions {
		if c.Kind == condition.KindKeyword || c.Kind == condition.KindAnchor {
			return false
		}
	}
	return len(rd.Conditions) > 0 || rd.Sort != nil
}

// noteRouterOutcome records in the router stage what the turn does with
// the decision (RouterStage.Outcome).
func (t *turn) noteRouterOutcome(f *fsm.Facts) {
	rs := t.trace.Router
	if rs == nil || rs.Result == nil {
		return
	}
	branch := rs.Result.Branch
	switch {
	case f.RouterRefused:
		rs.Outcome, rs.OutcomeNote = OutcomeRefused, "nothing changes; the notice says what is missing"
	case t.plan.unsupported != "":
		rs.Outcome, rs.OutcomeNote = OutcomeGuard, "the guard "+rs.Trace.TopID+" refused the request"
	case rs.Overruled != "" || t.plan.rewrite || branch == router.BranchFallback || branch == router.BranchAmbiguous:
		rs.Outcome = OutcomeReading
		rs.OutcomeNote = fmt.Sprintf("the router did not decide (%s); the condition reading of the text was applied", branch)
		if rs.Overruled != "" {
			rs.OutcomeNote = "the local classifier's guard hit was overruled; the condition reading of the text was applied"
		} else if t.plan.rewrite {
			rs.OutcomeNote = "a rewrite after a refusal: the condition reading of the text was applied as a new first search"
		}
	default:
		rs.Outcome = OutcomeCommands
		rs.OutcomeNote = fmt.Sprintf("the router's %d command(s) were carried out", len(rs.Result.Commands))
		if t.plan.reading != nil {
			rs.OutcomeNote += ", with the condition reading of the same text merged after them"
		}
	}
	switch {
	case t.plan.editsOnly && !f.RouterRefused && t.plan.unsupported == "":
		rs.Outcome = OutcomeEdits
		rs.OutcomeNote = "every clause was read by the agent as an edit of the search held (" + strings.Join(t.plan.edits, ", ") + "); the router's decision was not carried out"
	case len(t.plan.edits) > 0:
		rs.OutcomeNote += "; session edits read by the agent: " + strings.Join(t.plan.edits, ", ")
	}
}

// sayOtherPositions names the results a follow-up named beside the one
// that became the anchor ("第一个和第三个都不错，找类似的"): a search has
// one anchor, the first named; the others are said as not used, never
// dropped in silence.
func (t *turn) sayOtherPositions(cmds []router.Command, text string) {
	i := slices.IndexFunc(cmds, func(c router.Command) bool { return c.Name == "replace_anchor" && c.Args.Get("position") != nil })
	if i < 0 {
		return
	}
	pos, _ := intOf(cmds[i].Args.Get("position"))
	if t.s.Results == nil || pos > int64(len(t.s.Results.Items)) {
		return // no such result: the anchor's failure is said instead
	}
	var others []string
	for _, p := range router.Ordinals(text) {
		if p != pos && p > 0 {
			others = append(others, strconv.FormatInt(p, 10))
		}
	}
	if len(others) == 0 {
		return
	}
	s := t.s
	t.plan.notice = pick(s.zh(), fmt.Sprintf("一次只能以一个结果为锚点：已按第 %d 个找相似，第 %s 个未使用", pos, strings.Join(others, "、")),
		fmt.Sprintf("a search has one anchor: finding channels like result %d; result %s not used", pos, strings.Join(others, ", ")))
}

// douyinCue names Douyin (抖音), TikTok's Chinese sibling, but not the
// words that already mean TikTok itself (抖音国际版, 海外抖音).
var douyinCue = regexp.MustCompile(`(?i)douyin|抖音`)

// tiktokItself are the Chinese names of TikTok that hold 抖音 (抖音国际版,
// 抖音海外版, 海外抖音).
var tiktokItself = regexp.MustCompile(`抖音(?:国际|海外)版|(?:海外|国际)版?抖音`)

// douyinExcluded is Douyin named after an exclusion word in its clause.
var douyinExcluded = regexp.MustCompile(`(?i)(?:不要|不看|不搜|别|除了|排除|去掉|\bno\b|\bnot\b|\bwithout\b|\bexcept\b|\bexclude\b|\bskip\b)[^，,。.;；!！?？]{0,12}?(?:抖音|douyin)`)

// douyinNote says, for a search or a follow-up naming Douyin (抖音),
// that it is searched as TikTok (fixZ3, class Z6): the box serves
// TikTok, never Douyin's own catalog, and the name is no keyword.
func (t *turn) douyinNote() {
	if t.ev != fsm.SearchSubmit && t.ev != fsm.FollowupSubmit {
		return
	}
	text := tiktokItself.ReplaceAllString(t.args.Text, "")
	if !douyinCue.MatchString(text) || douyinExcluded.MatchString(text) {
		// "不要抖音": Douyin not wanted is TikTok not wanted, said by
		// the platforms' notice (absorbPlatform), never "searched as
		// TikTok" (fixF3, class F1)
		return
	}
	t.s.note(pick(t.s.zh(), "「抖音」按 TikTok 搜索：这里搜索的是 TikTok，不包含抖音（中国大陆版）自己的频道",
		"“Douyin” is searched as TikTok: this box searches TikTok, not Douyin's own (mainland China) catalog"))
}
