package states

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
