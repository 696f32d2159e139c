package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/evals"
	"searchagent/router"
	"searchagent/tools/condition"
)

// Issue 16 (the box keeps its promises), driven through the HTTP API on
// the embedded default (demo catalog, rules-only router, template
// renderer): each test asserts what the search box shows — the state
// triple, the sub-state, the condition chips with their sources, the
// texts and the results.

var (
	demoOnce    sync.Once
	demoHandler http.Handler
	demoErr     error
)

// demoAPI is the real server over an agent on the demo catalog, built
// once per test binary, with the executor's test mode on: every slots
// event must pass the contract.
func demoAPI(t *testing.T) http.Handler {
	t.Helper()
	demoOnce.Do(func() {
		r, err := router.Default()
		if err != nil {
			demoErr = err
			return
		}
		v, err := contract.New()
		if err != nil {
			demoErr = err
			return
		}
		a, err := evals.DemoAgent(context.Background(), r, v, nil, func(c *agent.Config) { c.FailOnViolation = true })
		if err != nil {
			demoErr = err
			return
		}
		s, err := New(a)
		if err != nil {
			demoErr = err
			return
		}
		demoHandler = s.Handler()
	})
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return demoHandler
}

// promiseBox is one search box talking to the server.
type promiseBox struct {
	t         *testing.T
	h         http.Handler
	id, token string
	snap      api.Snapshot
}

func newPromiseBox(t *testing.T, platform, locale string) *promiseBox {
	t.Helper()
	h := demoAPI(t)
	rec := do(t, h, call{method: "POST", path: "/v1/sessions", body: fmt.Sprintf(`{"platform":%q,"locale":%q}`, platform, locale)})
	if rec.Code != http.StatusCreated {
		t.Fatalf("POST /v1/sessions = %d %s", rec.Code, rec.Body.String())
	}
	var cr api.CreateSessionResponse
	mustJSON(t, rec, &cr)
	return &promiseBox{t: t, h: h, id: cr.SessionID, token: cr.Token, snap: cr.Snapshot}
}

// post posts one event and returns the response; on 200 the box's
// snapshot is the new one.
func (b *promiseBox) post(event string, args api.Args) *httptest.ResponseRecorder {
	b.t.Helper()
	body, err := json.Marshal(api.EventRequest{Event: event, Args: args})
	if err != nil {
		b.t.Fatal(err)
	}
	rec := do(b.t, b.h, call{method: "POST", path: "/v1/sessions/" + b.id + "/events", body: string(body),
		header: map[string]string{api.HeaderToken: b.token}})
	if rec.Code == http.StatusOK {
		var er api.EventResponse
		mustJSON(b.t, rec, &er)
		b.snap = er.Snapshot
	}
	return rec
}

// send posts one event and fails the test unless it is answered 200; it
// also fails when a slot text shows an internal identifier (item 8).
func (b *promiseBox) send(event string, args api.Args) {
	b.t.Helper()
	if rec := b.post(event, args); rec.Code != http.StatusOK {
		b.t.Fatalf("%s %+v in %s = %d %s", event, args, b.state(), rec.Code, rec.Body.String())
	}
	user := []string{args.Text}
	for _, tg := range b.snap.Context.KeywordTags {
		user = append(user, tg.Text)
	}
	for _, f := range contract.InternalText(b.snap.Slots, user) {
		b.t.Errorf("%s %q: slot %s shows %q (%s) in %q", event, args.Text, f.Where, f.Match, f.Why, f.Text)
	}
}

func (b *promiseBox) state() string {
	s := b.snap.State
	return s.Input + "/" + s.Container + "/" + s.Session
}

// wantState checks the state triple and the sub-state.
func (b *promiseBox) wantState(triple, substate string) {
	b.t.Helper()
	if got := b.state(); got != triple {
		b.t.Errorf("state = %s, want %s", got, triple)
	}
	if b.snap.Substate != substate {
		b.t.Errorf("substate = %s, want %s", b.snap.Substate, substate)
	}
}

// conds lists the condition chips as "field op value source".
func (b *promiseBox) conds() []string {
	var out []string
	for _, c := range b.snap.Context.Conditions {
		raw, _ := json.Marshal(c.Value)
		out = append(out, fmt.Sprintf("%s %s %s %s", c.Field, c.Op, raw, c.Source))
	}
	return out
}

// wantCond checks that a chip "field op value source" is shown.
func (b *promiseBox) wantCond(want string) {
	b.t.Helper()
	if got := b.conds(); !slices.Contains(got, want) {
		b.t.Errorf("conditions %q, want %q among them", got, want)
	}
}

// keywords lists the positive keyword chips.
func (b *promiseBox) keywords() []string {
	var out []string
	for _, c := range b.snap.Context.Conditions {
		if c.Kind == condition.KindKeyword && c.Op != "not_contains" {
			out = append(out, fmt.Sprint(c.Value))
		}
	}
	return out
}

// wantSummary checks that the task summary says part.
func (b *promiseBox) wantSummary(part string) {
	b.t.Helper()
	if !strings.Contains(b.snap.Slots.TaskSummary, part) {
		b.t.Errorf("task_summary %q, want it to say %q", b.snap.Slots.TaskSummary, part)
	}
}

// results checks every result of the page with ok and that there is one.
func (b *promiseBox) results(what string, ok func(api.ResultItem) bool) {
	b.t.Helper()
	if b.snap.Results == nil || len(b.snap.Results.Items) == 0 {
		b.t.Fatalf("no results, want %s", what)
	}
	for _, it := range b.snap.Results.Items {
		if !ok(it) {
			c := it.Channel
			b.t.Errorf("result %s (%s, %s, %d followers), want %s", c.Name, c.Country, c.Category, c.Followers, what)
		}
	}
}

// TestPromiseChangesAreSaid is item 7: a later statement about a field
// replaces, extends or removes the earlier one through one merge rule,
// the change is said, and the results follow it.
func TestPromiseChangesAreSaid(t *testing.T) {
	const ready = "followup_waiting/expanded_agent/results_ready"
	for _, tc := range []struct {
		locale, keyword, first, second, said, want string
	}{
		// "只要…以上的" keeps the ones of the held range at or above the
		// bound (its cap stays); a plain floor replaces the range
		{"zh", "美食", "粉丝5千到2万", "只要粉丝 1w 以上的，不要游戏", "已修改：粉丝 5000–2万 → 粉丝 1万–2万", `followers between {"max":20000,"min":10000} user_input`},
		{"zh", "美食", "粉丝5千到2万", "粉丝 1w 以上，不要游戏", "已修改：粉丝 5000–2万 → 粉丝 ≥ 1万", `followers gte 10000 user_input`},
		{"en", "food", "followers 5k to 20k", "only over 10k, no gaming", "Changed: Followers 5K–20K → Followers ≥ 10K", `followers gte 10000 user_input`},
	} {
		t.Run(tc.locale+"/followers", func(t *testing.T) {
			b := newPromiseBox(t, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: tc.keyword})
			b.send("agent.upgrade", api.Args{})
			b.send("followup.submit", api.Args{Text: tc.first})
			b.wantCond(`followers between {"max":20000,"min":5000} user_input`)
			b.send("followup.submit", api.Args{Text: tc.second})
			b.wantState(ready, "natural-results")
			b.wantCond(tc.want)
			// "不要游戏", "no gaming": the gaming category left out, as
			// the same words in a first search (one reading, issue 26)
			b.wantCond(`category not_in ["gaming"] user_input`)
			if slices.ContainsFunc(b.conds(), func(c string) bool { return strings.HasPrefix(c, `followers between {"max":20000,"min":5000}`) }) {
				t.Errorf("conditions %q: the old follower range is still there", b.conds())
			}
			b.wantSummary(tc.said)
			b.results("≥ 10k followers", func(it api.ResultItem) bool { return it.Channel.Followers >= 10000 })
		})
	}
	for _, tc := range []struct {
		locale, only, not, said string
	}{
		{"zh", "只要美国的", "不要美国的", "已修改：美国 → 排除 美国"},
		{"en", "US only", "exclude the US", "Changed: United States → Not United States"},
	} {
		t.Run(tc.locale+"/country", func(t *testing.T) {
			b := newPromiseBox(t, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: "美食"})
			b.send("agent.upgrade", api.Args{})
			b.send("followup.submit", api.Args{Text: tc.only})
			b.results("a US channel", func(it api.ResultItem) bool { return it.Channel.Country == "US" })
			b.send("followup.submit", api.Args{Text: tc.not})
			b.wantState(ready, "natural-results")
			b.wantCond(`country not_in ["US"] user_input`)
			b.wantSummary(tc.said)
			b.results("no US channel", func(it api.ResultItem) bool { return it.Channel.Country != "US" })
		})
	}
	t.Run("zh/a tier replaces a range", func(t *testing.T) {
		b := newPromiseBox(t, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找美国的科技博主，粉丝1万以上"})
		b.send("followup.submit", api.Args{Text: "要腰部博主"})
		b.wantState(ready, "natural-results")
		b.wantSummary("已修改：粉丝 ≥ 1万 → 腰部博主")
		b.wantCond(`followers between {"max":1000000,"min":100000} agent_inferred`)
		if n := len(slices.DeleteFunc(b.conds(), func(c string) bool { return !strings.HasPrefix(c, "followers ") })); n != 1 {
			t.Errorf("conditions %q: %d follower ranges, want one", b.conds(), n)
		}
		b.results("100k-1M followers", func(it api.ResultItem) bool {
			return it.Channel.Followers >= 100000 && it.Channel.Followers <= 1000000
		})
	})
	t.Run("zh/exclusions add up", func(t *testing.T) {
		b := newPromiseBox(t, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "美食"})
		b.send("agent.upgrade", api.Args{})
		b.send("followup.submit", api.Args{Text: "不要美国的"})
		b.send("followup.submit", api.Args{Text: "不要英国的"})
		b.wantCond(`country not_in ["US","GB"] user_input`)
		b.wantSummary("已修改：排除 美国 → 排除 美国、英国")
		b.results("neither US nor GB", func(it api.ResultItem) bool { return it.Channel.Country != "US" && it.Channel.Country != "GB" })
	})
}

// TestPromiseTopicKeptAfterUpgrade is item 2: a full description sent as
// a follow-up after the upgrade keeps its topic, as the same text typed
// in the box does.
func TestPromiseTopicKeptAfterUpgrade(t *testing.T) {
	const text = "找美国的科技博主，粉丝10万以上，最近活跃"
	direct := newPromiseBox(t, "youtube", "zh")
	direct.send("search.submit", api.Args{Text: text})

	b := newPromiseBox(t, "youtube", "zh")
	b.send("agent.upgrade", api.Args{})
	b.send("followup.submit", api.Args{Text: text})
	b.wantState("followup_waiting/expanded_agent/results_ready", "natural-results")
	for _, want := range []string{`country eq "US" user_input`, `category eq "tech" user_input`, `followers gte 100000 user_input`, `last_active within_days 30 user_input`} {
		b.wantCond(want)
	}
	b.results("a US tech channel with ≥ 100k followers", func(it api.ResultItem) bool {
		c := it.Channel
		return c.Category == "tech" && c.Country == "US" && c.Followers >= 100000
	})
	if b.snap.Results.Total != direct.snap.Results.Total {
		t.Errorf("after the upgrade %d results, typed in the box %d", b.snap.Results.Total, direct.snap.Results.Total)
	}
}

// TestPromiseResidueNeverKeyword is item 3 through the API: words of a
// follow-up the parser cannot place never become a keyword chip (the
// agent's table has the 40 phrasings; these are the issue's own).
func TestPromiseResidueNeverKeyword(t *testing.T) {
	for _, tc := range []struct{ locale, text, notice string }{
		{"zh", "把粉丝改成 5 万以上", ""},
		{"zh", "换成科技博主", ""},
		{"zh", "按粉丝排序", "已按粉丝量从高到低排序"},
		{"zh", "找粉丝不太多的美国科技博主", ""},
		{"zh", "粉丝不要太多", "没有具体数值"},
		{"en", "feel like real recommendations", ""},
		{"en", "sort by followers", "Sorted by followers"},
		{"en", "not too many followers", "has no number"},
	} {
		t.Run(tc.locale+"/"+tc.text, func(t *testing.T) {
			b := newPromiseBox(t, "youtube", tc.locale)
			first := map[string]string{"zh": "帮我找美国的科技博主", "en": "find tech creators in the US"}[tc.locale]
			b.send("search.submit", api.Args{Text: first})
			before := b.keywords()
			b.send("followup.submit", api.Args{Text: tc.text})
			if got := b.keywords(); !slices.Equal(got, before) {
				t.Errorf("keywords %q after %q, want %q", got, tc.text, before)
			}
			if tc.notice != "" && !strings.Contains(b.snap.Context.Notice, tc.notice) {
				t.Errorf("notice %q, want it to say %q", b.snap.Context.Notice, tc.notice)
			}
			if b.snap.State.Container != "expanded_agent" && b.snap.State.Container != "expanded_clarifying" {
				t.Errorf("state %s after %q", b.state(), tc.text)
			}
		})
	}
}

// TestPromiseTextsShowNoCodes is item 8 through the API: every turn's
// slot texts are checked for internal identifiers (send), a soft
// preference is named, an en count of one is singular.
func TestPromiseTextsShowNoCodes(t *testing.T) {
	for _, tc := range []struct{ locale, first, followup, label string }{
		{"zh", "帮我找美国的科技博主", "要性价比高的", "性价比高"},
		{"en", "find tech creators in the US", "value for money please", "Good value"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			b := newPromiseBox(t, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: tc.first})
			b.send("followup.submit", api.Args{Text: tc.followup})
			b.wantCond(`preference prefer "value" user_input`)
			for _, c := range b.snap.Context.Conditions {
				if c.Field == "preference" && c.Label != tc.label {
					t.Errorf("preference label %q, want %q", c.Label, tc.label)
				}
			}
			if strings.Contains(b.snap.Slots.TaskSummary, "value_for_money") || strings.Contains(b.snap.Slots.TaskSummary, "prefer value") {
				t.Errorf("task_summary %q shows the code", b.snap.Slots.TaskSummary)
			}
		})
	}
	t.Run("en singular", func(t *testing.T) {
		b := newPromiseBox(t, "instagram", "en")
		b.send("search.submit", api.Args{Text: "Hollyland mic, US, IG, over 10k followers, avg views 3000+"})
		if b.snap.Results != nil && b.snap.Results.Total == 1 && b.snap.Slots.Status != nil && strings.Contains(b.snap.Slots.Status.Text, "1 channels") {
			t.Errorf("status %q: one channel is singular", b.snap.Slots.Status.Text)
		}
	})
}

// TestPromiseSourcesSayWhoDecided is item 9 through the API: a creator
// tier's follower range is the agent's reading; results after a repair
// are post_repair.
func TestPromiseSourcesSayWhoDecided(t *testing.T) {
	t.Run("tier is inferred", func(t *testing.T) {
		b := newPromiseBox(t, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找腰部科技博主"})
		var followers, category string
		for _, c := range b.snap.Context.Conditions {
			switch c.Field {
			case "followers":
				followers = string(c.Source)
			case "category":
				category = string(c.Source)
			}
		}
		if followers != "agent_inferred" || category != "user_input" {
			t.Errorf("sources followers=%q category=%q, want agent_inferred and user_input (conditions %q)", followers, category, b.conds())
		}
		if b.snap.Context.SourceStage != "first_round" {
			t.Errorf("source_stage %q, want first_round", b.snap.Context.SourceStage)
		}
	})
	t.Run("after a repair", func(t *testing.T) {
		b := newPromiseBox(t, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "Torque"})
		if b.snap.Context.SourceStage == "post_repair" {
			t.Fatalf("the first search is already post_repair")
		}
		b.send("tag.set_scope", api.Args{TagID: b.snap.Context.KeywordTags[0].ID, Scope: "name"})
		if got := b.snap.Context.SourceStage; got != "post_repair" {
			t.Errorf("after tag.set_scope in %s: source_stage %q, want post_repair", b.state(), got)
		}
	})
}

// TestPromiseClarifyFreeText is item 10 (the question's part): the
// platform-conflict question names both platforms; a typed answer is read
// as what it says — a condition or an option — and words that are
// neither leave the question open with a notice naming them (never "no
// such option", never a keyword).
func TestPromiseClarifyFreeText(t *testing.T) {
	const clarifying = "followup_waiting/expanded_clarifying/clarifying"
	for _, tc := range []struct {
		locale, text, question, junk, notUnderstood, condition, wantCond string
	}{
		{"zh", "找 Instagram 上的美妆博主", "你要找 Instagram 的频道，但这里只搜 YouTube", "随便", "没看懂「随便」", "只要美国的", `country eq "US" user_input`},
		{"en", "find beauty creators on Instagram", "You asked for Instagram, but this page searches YouTube", "whatever", "“whatever” was not understood", "only US", `country eq "US" user_input`},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			b := newPromiseBox(t, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: tc.text})
			b.wantState(clarifying, "natural-clarifying")
			if b.snap.Slots.Question == nil || !strings.Contains(b.snap.Slots.Question.Text, tc.question) {
				t.Fatalf("question %+v, want it to name the conflict %q", b.snap.Slots.Question, tc.question)
			}
			b.send("clarify.answer", api.Args{Text: tc.junk})
			b.wantState(clarifying, "natural-clarifying")
			if b.snap.Slots.Question == nil {
				t.Errorf("the question went after %q", tc.junk)
			}
			if got := b.keywords(); len(got) != 0 {
				t.Errorf("keywords %q after the answer %q", got, tc.junk)
			}
			b.wantSummary(tc.notUnderstood)
			// A typed condition applies and the question it did not
			// answer stays answerable (issue 26 item 5).
			b.send("clarify.answer", api.Args{Text: tc.condition})
			b.wantState(clarifying, "natural-clarifying")
			if b.snap.Slots.Question == nil {
				t.Errorf("the question went after %q, its condition left pending", tc.condition)
			}
			b.wantCond(tc.wantCond)
			b.results("a US channel", func(it api.ResultItem) bool { return it.Channel.Country == "US" })
			b.send("clarify.answer", api.Args{OptionID: "o1"})
			b.wantState("followup_waiting/expanded_agent/results_ready", "natural-results")
			b.wantCond(tc.wantCond)
		})
	}
}

// TestPromiseMixedExampleEnLikeZh is item 10 (the mixed example of seed
// 002 §3.5): the en wording finds what the zh one finds — the brand and
// the product are two keywords in both.
func TestPromiseMixedExampleEnLikeZh(t *testing.T) {
	zh := newPromiseBox(t, "instagram", "zh")
	zh.send("search.submit", api.Args{Text: "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+"})
	en := newPromiseBox(t, "instagram", "en")
	en.send("search.submit", api.Args{Text: "Hollyland mic, US, IG, over 10k followers, avg views 3000+"})
	for _, b := range []*promiseBox{zh, en} {
		b.wantState("followup_waiting/expanded_agent/results_ready", "mixed-parse")
		b.wantCond(`all contains "Hollyland" user_input`)
		b.wantCond(`country eq "US" user_input`)
		b.wantCond(`followers gte 10000 user_input`)
		b.wantCond(`avg_views gte 3000 user_input`)
		b.results("a US channel with ≥ 10k followers", func(it api.ResultItem) bool {
			return it.Channel.Country == "US" && it.Channel.Followers >= 10000
		})
	}
	if got := en.keywords(); !slices.Equal(got, []string{"Hollyland", "mic"}) {
		t.Errorf("en keywords %q, want [Hollyland mic]", got)
	}
	if zh.snap.Results.Total != en.snap.Results.Total {
		t.Errorf("zh finds %d, en %d", zh.snap.Results.Total, en.snap.Results.Total)
	}
}

// TestPromiseTopicRanks is item 10 (the seed's own example): "汽配评测"
// is read as the category 汽车 and the words still rank the channels, so
// the results are not ordered by followers alone; the filters stay hard.
func TestPromiseTopicRanks(t *testing.T) {
	b := newPromiseBox(t, "youtube", "zh")
	b.send("search.submit", api.Args{Text: "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人"})
	b.wantState("followup_waiting/expanded_agent/results_ready", "natural-results")
	b.wantCond(`category eq "automotive" user_input`)
	b.wantCond(`followers between {"max":20000,"min":5000} user_input`)
	b.results("a US automotive channel with 5k-20k followers", func(it api.ResultItem) bool {
		c := it.Channel
		return c.Category == "automotive" && c.Country == "US" && c.Followers >= 5000 && c.Followers <= 20000
	})
	items := b.snap.Results.Items
	if items[0].Score <= 0 {
		t.Errorf("first result %s has score %v: the topic does not rank", items[0].Channel.Name, items[0].Score)
	}
	if slices.IsSortedFunc(items, func(x, y api.ResultItem) int { return int(y.Channel.Followers - x.Channel.Followers) }) &&
		!slices.IsSortedFunc(items, func(x, y api.ResultItem) int {
			switch {
			case x.Score > y.Score:
				return -1
			case x.Score < y.Score:
				return 1
			}
			return 0
		}) {
		t.Errorf("results are ordered by followers, not by the topic")
	}
	for _, c := range b.snap.Context.Conditions {
		if c.Kind == condition.KindKeyword {
			t.Errorf("the topic became a keyword chip %q: it ranks, it does not filter", c.Label)
		}
	}
}

// TestPromiseRemovalIsSaid is item 7 for removals: a condition the user
// removes in words goes, it is said, and the results widen.
func TestPromiseRemovalIsSaid(t *testing.T) {
	for _, tc := range []struct{ locale, first, remove, said, gone string }{
		{"zh", "帮我找美国的科技博主，粉丝1万以上", "去掉粉丝限制", "已移除：粉丝 ≥ 1万", "followers"},
		{"en", "find tech creators in the US with over 10k followers", "any country is fine", "Removed: United States", "country"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			b := newPromiseBox(t, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: tc.first})
			before := b.snap.Results.Total
			b.send("followup.submit", api.Args{Text: tc.remove})
			b.wantState("followup_waiting/expanded_agent/results_ready", "natural-results")
			b.wantSummary(tc.said)
			if slices.ContainsFunc(b.snap.Context.Conditions, func(c contract.Condition) bool { return c.Field == tc.gone }) {
				t.Errorf("conditions %q still have %s", b.conds(), tc.gone)
			}
			if b.snap.Results.Total <= before {
				t.Errorf("%d results after the removal, %d before", b.snap.Results.Total, before)
			}
		})
	}
}
