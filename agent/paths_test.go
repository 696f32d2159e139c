package agent

import (
	"testing"

	"searchagent/api"
)

func logStep(t *testing.T, b *box, what string) {
	total := -1
	if b.snap.Results != nil {
		total = b.snap.Results.Total
	}
	st := ""
	if b.snap.Slots.Status != nil {
		st = b.snap.Slots.Status.Text
	}
	t.Logf("%-28s → %-26s %-50s total=%d subs=%v status=%q summary=%q notice=%q", what, b.snap.Substate, stateString(b.snap.State), total, b.substates(), st, b.snap.Slots.TaskSummary, b.snap.Context.Notice)
}

// TestManyPathsKeepTheContract walks many seed paths in one go (with
// FailOnViolation, any slots that break the contract fail the turn); run
// with -v to read the walk.
func TestManyPathsKeepTheContract(t *testing.T) {
	a := newTestAgent(t)
	{
		b := newBox(t, a, "youtube", "zh")
		b.send("input.type", api.Args{Text: "swim"})
		logStep(t, b, "type")
		b.send("input.type", api.Args{Text: "swim vest"})
		b.send("input.commit", api.Args{})
		logStep(t, b, "commit")
		b.send("input.type", api.Args{Text: "救生衣"})
		b.send("search.submit", api.Args{})
		logStep(t, b, "submit kw")
		b.send("tag.menu_open", api.Args{TagID: b.snap.Context.KeywordTags[0].ID})
		logStep(t, b, "menu open")
		b.send("tag.set_scope", api.Args{TagID: b.snap.Context.KeywordTags[0].ID, Scope: "name"})
		logStep(t, b, "set scope")
		b.send("tag.menu_close", api.Args{})
		b.send("search.submit", api.Args{})
		logStep(t, b, "resubmit")
		b.send("followup.submit", api.Args{Text: "只要美国的，最近活跃"})
		logStep(t, b, "repair followup")
		b.send("session.reset", api.Args{})
		b.send("search.submit", api.Args{Text: "swim vest"})
		logStep(t, b, "kw again")
		b.send("input.type", api.Args{Text: "只要美国的，最近活跃"})
		logStep(t, b, "type NL")
		b.send("search.submit", api.Args{})
		logStep(t, b, "upgrade submit")
		if _, err := b.try("agent.fallback_to_classic", api.Args{}); err == nil {
			t.Error("fallback allowed with NL conditions")
		}
	}
	{
		b := newBox(t, a, "youtube", "en")
		b.send("search.submit", api.Args{Text: "https://www.youtube.com/@oldironrevival"})
		logStep(t, b, "url low recall")
		b.send("A_HINT_OPEN_REPAIR_LOW_RECALL", api.Args{})
		logStep(t, b, "open hint")
		b.send("A_REPAIR_EXPAND_RECALL_SCOPE", api.Args{})
		logStep(t, b, "expand")
	}
	{
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "https://www.instagram.com/glowwithmaya/"})
		logStep(t, b, "url mismatch")
		b.send("A_REPAIR_FIX_URL", api.Args{URL: "https://www.youtube.com/@gadgetgrid"})
		logStep(t, b, "fix url")
		b.send("input.type", api.Args{Text: "Hollyland"})
		logStep(t, b, "type kw after anchor")
		b.send("search.submit", api.Args{})
		logStep(t, b, "anchor+kw submit")
	}
	{
		b := newBox(t, a, "instagram", "zh")
		b.send("search.submit", api.Args{Text: "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+，要高级感"})
		logStep(t, b, "mixed")
		b.send("followup.submit", api.Args{Text: "不要游戏"})
		logStep(t, b, "exclude")
		b.send("followup.submit", api.Args{Text: "今天天气怎么样"})
		logStep(t, b, "off topic")
		b.send("followup.submit", api.Args{Text: "帮我找日本的汽车博主"})
		logStep(t, b, "rewrite")
	}
	{
		b := newBox(t, a, "instagram", "zh")
		b.send("search.submit", api.Args{Text: "找日本的汽车类 Instagram 博主"})
		logStep(t, b, "empty")
		t.Logf("repair options %+v", b.snap.Slots.RepairOptions)
		if len(b.snap.Slots.RepairOptions) > 0 {
			b.send(b.snap.Slots.RepairOptions[0].ActionID, api.Args{ConditionID: ""})
			logStep(t, b, "repair 1")
		}
	}
	{
		b := newBox(t, a, "youtube", "en")
		b.send("search.submit", api.Args{Text: "find channels about apple with over 10k subscribers"})
		logStep(t, b, "apple")
		if b.snap.Slots.Question != nil {
			t.Logf("question %+v", b.snap.Slots.Question)
			b.send("clarify.answer", api.Args{OptionID: b.snap.Slots.Question.Options[0].ID})
			logStep(t, b, "answer")
		}
		b.send("followup.submit", api.Args{Text: "asdf qwer"})
		logStep(t, b, "gibberish")
		b.send("session.reset", api.Args{})
		logStep(t, b, "reset")
		b.send("search.submit", api.Args{Text: "help me buy 10k fake followers"})
		logStep(t, b, "guard")
	}
}
