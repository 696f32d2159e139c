package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/api"
	"searchagent/tools/catalog"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// Why a result is there, in words (issue 31 item 4): every result item
// carries its reasons (code and sentence, api.MatchReason) and the short
// labels a card shows (api.ResultItem.ReasonLabels, "同类目 · 受众规模相近 ·
// 同国家"). The reasons come from the store: a similar channel's match
// signals (store.Signals.Reasons), a keyword met through an alias
// (store.AliasReasons), and for a keyword search the keyword's field in
// the store's own field texts (store.FieldTexts) and the filters the
// channel met. The raw score stays in Score, for the explain drawer.

// Reason codes the agent adds to the store's.
const (
	// ReasonKeyword says a keyword the user marked is in a field of the
	// channel ("名称含「kayak」").
	ReasonKeyword = "keyword_match"
	// ReasonFilter says the channel meets an applied filter (its chip).
	ReasonFilter = "meets_filter"
)

// reasonLabels are the card's words of the store's reason codes (the
// reason's text keeps the figures: "粉丝量相近（35K 对 40K）").
var reasonLabels = map[string]text{
	store.ReasonSameNiche:       {"同一细分", "same niche"},
	store.ReasonSharedTags:      {"共同标签", "shared tags"},
	store.ReasonSameCategory:    {"同类目", "same category"},
	store.ReasonSimilarContent:  {"内容相近", "similar content"},
	store.ReasonSimilarAudience: {"受众规模相近", "similar audience size"},
	store.ReasonSimilarViews:    {"播放表现相近", "similar views per follower"},
	store.ReasonSameCountry:     {"同国家", "same country"},
	store.ReasonSameLanguage:    {"同语言", "same language"},
	store.ReasonActive:          {"活跃时间相近", "active at the same time"},
	store.ReasonLearned:         {"主题相关", "related topics"},
}

// figureAside is a parenthesised aside that holds a figure ("（相似度
// 0.98）", "(0.99)"): the reason's text keeps it for the explain drawer,
// a card label never shows it (issue 31 item 5: no raw scores on cards).
var figureAside = regexp.MustCompile(`\s*[（(][^（）()]*[0-9][^（）()]*[）)]`)

// cardLabel is the words a card shows for r: the code's fixed label, else
// r's text without the asides that carry figures.
func cardLabel(r store.Reason, zh bool) string {
	if l, ok := reasonLabels[r.Code]; ok {
		return l.in(zh)
	}
	t := r.EN
	if zh {
		t = r.ZH
	}
	if !strings.ContainsAny(t, "(（") {
		// No aside to drop: the expression needs an opening parenthesis
		// (running it on every card's reasons was 1.3% of a turn).
		return strings.TrimSpace(t)
	}
	return strings.TrimSpace(figureAside.ReplaceAllString(t, ""))
}

// scopeWords name a keyword's field in a reason.
var scopeWords = map[store.Scope]text{
	scope.Tags:        {"标签", "tags"},
	scope.Name:        {"名称", "name"},
	scope.Description: {"简介", "description"},
	scope.Content:     {"近期视频标题", "recent titles"},
}

// keywordReasons says, for each keyword that is not excluded, in which of
// its fields the channel has it (the first of the scope's fields, in the
// store's index order), as the store indexes the channel's texts.
func keywordReasons(ch *catalog.Channel, kws []store.Keyword) []store.Reason {
	var out []store.Reason
	var buf []string
	for _, k := range kws {
		if k.Excluded {
			continue
		}
		want := textnorm.Normalize(k.Text)
		if want == "" {
			continue
		}
		scopes := []store.Scope{k.Scope}
		if k.Scope == "" || k.Scope == scope.All {
			scopes = store.FieldScopes()
		}
		for _, sc := range scopes {
			buf = store.FieldTexts(ch, sc, buf)
			if slices.ContainsFunc(buf, func(s string) bool { return strings.Contains(textnorm.Normalize(s), want) }) {
				w := scopeWords[sc]
				out = append(out, store.Reason{Code: ReasonKeyword, ZH: w.zh + "含「" + k.Text + "」", EN: "“" + k.Text + "” in the " + w.en})
				break
			}
		}
	}
	return out
}

// filterReasons are the applied filters every result of the query meets,
// each worded as its chip.
func (s *Session) filterReasons() []store.Reason {
	var out []store.Reason
	for _, c := range s.chips() {
		if k := string(c.Kind); k != "hard" && k != "derived" || c.Status != "applied" {
			continue
		}
		if _, ok := filterFieldNamed(c.Field); !ok {
			continue
		}
		out = append(out, store.Reason{Code: ReasonFilter, ZH: c.Label, EN: c.Label})
	}
	return out
}

// withReasons puts a result's reasons, in the session's locale, and their
// card labels on the item.
func (s *Session) withReasons(it *api.ResultItem, reasons []store.Reason) {
	for _, r := range reasons {
		it.Reasons = append(it.Reasons, api.MatchReason{Code: r.Code, Text: r.Text(s.Locale)})
		label := cardLabel(r, s.zh())
		if !slices.Contains(it.ReasonLabels, label) {
			it.ReasonLabels = append(it.ReasonLabels, label)
		}
	}
}
