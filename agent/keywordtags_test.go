package agent

import (
	"strings"
	"testing"

	"searchagent/api"
)

// A keyword-only input in the classic box (a submitted search, or a draft
// committed as a tag) with a creator noun glued to its topic commits the
// topic words as the tag, names the noun as not used, keeps the classic
// states (seed 000 §3.2, §6.1) and returns results (issue 26): the noun
// (and filler such as 类, 视频, content next to it) never empties the
// search; two vocabulary words run together (户外露营) are two tags. A keyword with no creator noun is kept as
// typed, and one made only of such words stays one tag as typed.
func TestKeywordOnlyInputDropsCreatorNouns(t *testing.T) {
	a := newTestAgent(t)
	tests := []struct {
		locale, text, event string
		wantTags            []string
		wantNotice          string // "" for no notice
	}{
		{"en", "tech channels", "search.submit", []string{"tech"}, "channels"},
		{"en", "diy creators", "search.submit", []string{"diy"}, "creators"},
		{"en", "hiking YouTubers", "input.commit", []string{"hiking"}, "YouTubers"},
		{"zh", "美妆博主", "search.submit", []string{"美妆"}, "博主"},
		{"zh", "萌宠达人", "input.commit", []string{"萌宠"}, "达人"},
		{"zh", "旅行频道，露营博主", "search.submit", []string{"旅行", "露营"}, "频道"},
		{"zh", "科技类频道", "search.submit", []string{"科技"}, "频道"},
		{"zh", "搞笑视频博主", "input.commit", []string{"搞笑"}, "博主"},
		{"zh", "户外露营博主", "search.submit", []string{"户外", "露营"}, "博主"},
		{"en", "finance content creators", "search.submit", []string{"finance"}, "creators"},
		{"en", "swim vest", "search.submit", []string{"swim vest"}, ""},
		{"en", "creators", "search.submit", []string{"creators"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.text+"/"+tt.event, func(t *testing.T) {
			b := newBox(t, a, "youtube", tt.locale)
			var snap api.Snapshot
			notice := ""
			if tt.event == "input.commit" {
				b.send("input.type", api.Args{Text: tt.text})
				notice = b.send("input.commit", api.Args{}).Context.Notice
				snap = b.send("search.submit", api.Args{})
			} else {
				snap = b.send("search.submit", api.Args{Text: tt.text})
				notice = snap.Context.Notice
			}
			var tags []string
			for _, tag := range snap.Context.KeywordTags {
				tags = append(tags, tag.Text)
			}
			if strings.Join(tags, "|") != strings.Join(tt.wantTags, "|") {
				t.Errorf("tags %q, want %q", tags, tt.wantTags)
			}
			if tt.wantNotice != "" && !strings.Contains(notice, tt.wantNotice) {
				t.Errorf("notice %q does not name %q", notice, tt.wantNotice)
			}
			if tt.wantNotice == "" && (strings.Contains(notice, "未作为条件") || strings.Contains(notice, "Not used")) {
				t.Errorf("notice %q names dropped words, none were dropped", notice)
			}
			if len(tt.wantTags) > 1 {
				return // several keywords AND: the catalog may hold none with all
			}
			if st := snap.State; st.Input != "committed_keyword" || st.Container != "compact_classic" || st.Session != "results_ready" {
				t.Errorf("state %s, want committed_keyword/compact_classic/results_ready (classic mode kept)", stateString(st))
			}
			if tt.text != "creators" && (snap.Results == nil || snap.Results.Total == 0) {
				t.Errorf("no results for %q", tt.text)
			}
		})
	}
}
