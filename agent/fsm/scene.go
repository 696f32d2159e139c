package fsm

// Scene is a scene of the catalogue of seed 000 §8.1.
type Scene string

// Scenes, in the seed's order.
const (
	SceneKeyword Scene = "keyword"
	SceneURL     Scene = "url"
	SceneNatural Scene = "natural"
	SceneMixed   Scene = "mixed"
	SceneRepair  Scene = "repair"
	SceneUpgrade Scene = "upgrade"
)

// SubstateInfo is one entry of the catalogue.
type SubstateInfo struct {
	Scene Scene  `json:"scene"`
	ID    string `json:"substate"`
	// ZH is the seed's name of the sub-state; EN its English rendering.
	ZH string `json:"zh"`
	EN string `json:"en"`
	// Transient says the sub-state is work in progress, observable as a
	// transition event during a turn rather than as a resting snapshot.
	Transient bool `json:"transient"`
}

// Catalogue is the 39 sub-states of seed 000 §8.1, in the seed's order.
var Catalogue = []SubstateInfo{
	{SceneKeyword, "keyword-blank", "初始空白态", "blank", false},
	{SceneKeyword, "keyword-draft", "输入态", "typing", false},
	{SceneKeyword, "keyword-committed", "完成态", "committed", false},
	{SceneKeyword, "keyword-editing", "编辑已有关键词", "editing a keyword", false},
	{SceneKeyword, "keyword-multi", "多关键词", "several keywords", false},
	{SceneKeyword, "keyword-url-seed", "关键词+URL种子", "keywords + URL seed", false},
	{SceneKeyword, "keyword-scope", "匹配目标", "match target", false},

	{SceneURL, "url-resolving", "识别中", "resolving", true},
	{SceneURL, "url-anchor", "锚点搜索就绪", "anchor search ready", false},
	{SceneURL, "url-keyword-seed", "URL+关键词种子", "URL + keywords seed", false},
	{SceneURL, "url-low-recall", "低召回提示态", "low-recall hint", false},
	{SceneURL, "url-mismatch", "平台不匹配", "platform mismatch", false},
	{SceneURL, "url-unsupported", "类型不支持", "unsupported link type", false},
	{SceneURL, "url-invalid", "无法识别", "unrecognised link", false},

	{SceneNatural, "natural-expanded", "刚展开", "just expanded", false},
	{SceneNatural, "natural-retrieving", "首轮搜索中", "first search running", true},
	{SceneNatural, "natural-results", "首轮结果已返回", "results ready", false},
	{SceneNatural, "natural-clarifying", "追问态", "clarifying", false},
	{SceneNatural, "natural-followup-draft", "主动补充输入中", "typing a follow-up", false},
	{SceneNatural, "natural-followup-refining", "补充后刷新中", "refreshing after a follow-up", true},

	{SceneMixed, "mixed-parse", "解析摘要态", "parse summary", false},
	{SceneMixed, "mixed-anchor", "锚点优先态", "anchor first", false},
	{SceneMixed, "mixed-soft", "软条件待澄清态", "soft preferences to clarify", false},
	{SceneMixed, "mixed-clarifying", "追问态", "clarifying", false},
	{SceneMixed, "mixed-followup-draft", "主动补充输入中", "typing a follow-up", false},
	{SceneMixed, "mixed-followup-refining", "补充后刷新中", "refreshing after a follow-up", true},

	{SceneRepair, "repair-invalid", "URL 无法识别", "URL not recognised", false},
	{SceneRepair, "repair-mismatch", "平台不匹配", "platform mismatch", false},
	{SceneRepair, "repair-unsupported", "类型不支持", "not supported", false},
	{SceneRepair, "repair-empty", "有条件无结果", "no results for these conditions", false},
	{SceneRepair, "repair-low-recall", "低召回修正展开态", "low-recall repair open", false},
	{SceneRepair, "repair-followup-draft", "主动补充输入中", "typing a fix", false},
	{SceneRepair, "repair-followup-refining", "修正后刷新中", "refreshing after a fix", true},

	{SceneUpgrade, "upgrade-keyword-before", "关键词起手-触发前", "keyword start, before upgrade", false},
	{SceneUpgrade, "upgrade-keyword-upgrading", "关键词起手-升级中", "keyword start, upgrading", true},
	{SceneUpgrade, "upgrade-keyword-stable", "关键词起手-升级稳定", "keyword start, upgraded", false},
	{SceneUpgrade, "upgrade-url-before", "URL 起手-触发前", "URL start, before upgrade", false},
	{SceneUpgrade, "upgrade-url-upgrading", "URL 起手-升级中", "URL start, upgrading", true},
	{SceneUpgrade, "upgrade-url-stable", "URL 起手-升级稳定", "URL start, upgraded", false},
}

// Lookup returns the catalogue entry of a sub-state id.
func Lookup(substate string) (SubstateInfo, bool) {
	for _, s := range Catalogue {
		if s.ID == substate {
			return s, true
		}
	}
	return SubstateInfo{}, false
}

// info returns the catalogue entry of an id the mapping names; a test
// checks that every id the mapping can return is in the catalogue.
func info(id string) SubstateInfo {
	s, _ := Lookup(id)
	return s
}

// Substate maps a state and its facts to the catalogue entry. It is the
// one mapping table of the product (seed 000 §8.1); the rules, in order:
//
//   - compact_resolving is url-resolving.
//   - expanded_repair: retrieving/refining → repair-followup-refining; a
//     follow-up draft → repair-followup-draft; results_ready (the
//     low-recall repair opened by its hint) → repair-low-recall;
//     unsupported → repair-unsupported; empty_repair by repair_reason —
//     URL failures are url-* when the URL was the whole query and repair-*
//     when keywords were kept (seed 000 §6.8), no_results → repair-empty.
//   - expanded_clarifying: a follow-up draft → *-followup-draft, else
//     *-clarifying (mixed when the task is mixed, else natural).
//   - expanded_agent: idle → natural-expanded; retrieving → the upgrade's
//     *-upgrading, mixed-parse or natural-retrieving; refining →
//     *-followup-refining; a follow-up draft → *-followup-draft;
//     results_ready → upgrade-*-stable, mixed-soft (soft preferences
//     pending), mixed-anchor (an anchor), mixed-parse, natural-results.
//   - compact_classic: editing → keyword-editing; a menu open →
//     keyword-scope; an anchor with keywords → keyword-url-seed or
//     url-keyword-seed by which came first; an anchor with a natural draft
//     → upgrade-url-before, with a keyword draft → url-keyword-seed; an
//     anchor alone → url-low-recall (hint visible) or url-anchor; keywords
//     with a natural draft after results → upgrade-keyword-before; then
//     keyword-multi, keyword-committed, keyword-draft, keyword-blank.
func Substate(s State, f Facts) SubstateInfo {
	mixed := f.Origin == OriginMixed || f.Origin == OriginURLUpgrade
	natDraft := f.Draft == ShapeNatural || f.Draft == ShapeMixed
	switch s.Container {
	case CompactResolving:
		return info("url-resolving")
	case ExpandedRepair:
		switch {
		case s.Session == Retrieving || s.Session == Refining:
			return info("repair-followup-refining")
		case s.Input == DraftFollowup:
			return info("repair-followup-draft")
		case s.Session == ResultsReady:
			return info("repair-low-recall")
		case s.Session == Unsupported:
			return info("repair-unsupported")
		}
		pure := f.Tags == 0
		switch f.RepairReason {
		case RepairURLInvalid:
			return info(pick(pure, "url-invalid", "repair-invalid"))
		case RepairURLMismatch:
			return info(pick(pure, "url-mismatch", "repair-mismatch"))
		case RepairURLUnsupported:
			return info(pick(pure, "url-unsupported", "repair-unsupported"))
		}
		return info("repair-empty")
	case ExpandedClarifying:
		if s.Input == DraftFollowup {
			return info(pick(mixed, "mixed-followup-draft", "natural-followup-draft"))
		}
		return info(pick(mixed, "mixed-clarifying", "natural-clarifying"))
	case ExpandedAgent:
		switch s.Session {
		case Idle:
			return info("natural-expanded")
		case Retrieving:
			switch f.Origin {
			case OriginKeywordUpgrade:
				return info("upgrade-keyword-upgrading")
			case OriginURLUpgrade:
				return info("upgrade-url-upgrading")
			case OriginMixed:
				return info("mixed-parse")
			}
			return info("natural-retrieving")
		case Refining:
			return info(pick(mixed, "mixed-followup-refining", "natural-followup-refining"))
		}
		if s.Input == DraftFollowup {
			return info(pick(mixed, "mixed-followup-draft", "natural-followup-draft"))
		}
		switch {
		case f.Origin == OriginKeywordUpgrade:
			return info("upgrade-keyword-stable")
		case f.Origin == OriginURLUpgrade:
			return info("upgrade-url-stable")
		case f.Origin == OriginMixed && f.SoftPending:
			return info("mixed-soft")
		case f.Origin == OriginMixed && f.HasAnchor:
			return info("mixed-anchor")
		case f.Origin == OriginMixed:
			return info("mixed-parse")
		}
		return info("natural-results")
	}
	// compact_classic
	switch {
	case s.Input == EditingKeyword:
		return info("keyword-editing")
	case f.MenuOpen:
		return info("keyword-scope")
	case f.HasAnchor && f.Tags > 0:
		return info(pick(f.Origin == OriginURL, "url-keyword-seed", "keyword-url-seed"))
	case f.HasAnchor && s.Input == DraftKeyword && natDraft:
		return info("upgrade-url-before")
	case f.HasAnchor && s.Input == DraftKeyword:
		return info("url-keyword-seed")
	case f.HasAnchor && s.Session == ResultsReady && f.HintVisible && f.RepairReason == RepairLowRecall:
		return info("url-low-recall")
	case f.HasAnchor:
		return info("url-anchor")
	case f.Tags > 0 && s.Input == DraftKeyword && natDraft && s.Session == ResultsReady:
		return info("upgrade-keyword-before")
	case f.Tags > 0 && s.Input == DraftKeyword, f.Tags > 1:
		return info("keyword-multi")
	case f.Tags == 1:
		return info("keyword-committed")
	case s.Input == DraftKeyword:
		return info("keyword-draft")
	}
	return info("keyword-blank")
}

func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
