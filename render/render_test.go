package render

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"searchagent/contract"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/condition"
	"searchagent/tools/scope"

	"searchagent/tools/states"
)

// substateCase is one sub-state of seed 000 §8.1 with the state keys and
// context it renders in (the agent/fsm mapping, DESIGN.md table).
type substateCase struct {
	id   string
	keys []contract.StateKey
	ctx  contract.Context
	// shape of the session: which data the scene has.
	keywords, anchor, natural, question, relax bool
}

var substateCases = []substateCase{
	{id: "keyword-blank", keys: []contract.StateKey{"compact_classic/idle"}},
	{id: "keyword-draft", keys: []contract.StateKey{"compact_classic/idle"}},
	{id: "keyword-committed", keys: []contract.StateKey{"compact_classic/idle", "compact_classic/retrieving", "compact_classic/results_ready"}, keywords: true},
	{id: "keyword-editing", keys: []contract.StateKey{"compact_classic/results_ready", "compact_classic/idle"}, keywords: true},
	{id: "keyword-multi", keys: []contract.StateKey{"compact_classic/results_ready", "compact_classic/idle"}, keywords: true},
	{id: "keyword-url-seed", keys: []contract.StateKey{"compact_classic/idle", "compact_classic/results_ready"}, keywords: true, anchor: true},
	{id: "keyword-scope", keys: []contract.StateKey{"compact_classic/results_ready"}, keywords: true},
	{id: "url-resolving", keys: []contract.StateKey{"compact_resolving/retrieving", "compact_resolving/idle", "compact_resolving/results_ready"}, anchor: true},
	{id: "url-anchor", keys: []contract.StateKey{"compact_classic/results_ready", "compact_classic/retrieving"}, anchor: true},
	{id: "url-keyword-seed", keys: []contract.StateKey{"compact_classic/results_ready"}, anchor: true, keywords: true},
	{id: "url-low-recall", keys: []contract.StateKey{"compact_classic/results_ready"}, ctx: contract.Context{RepairReason: states.RepairLowRecall, RepairHintVisible: true}, anchor: true},
	{id: "url-mismatch", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairURLMismatch}, anchor: true},
	{id: "url-unsupported", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairURLUnsupported}, anchor: true},
	{id: "url-invalid", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairURLInvalid}, anchor: true},
	{id: "natural-expanded", keys: []contract.StateKey{"expanded_agent/idle"}},
	{id: "natural-retrieving", keys: []contract.StateKey{"expanded_agent/retrieving"}, natural: true},
	{id: "natural-results", keys: []contract.StateKey{"expanded_agent/results_ready"}, natural: true},
	{id: "natural-clarifying", keys: []contract.StateKey{"expanded_clarifying/clarifying"}, natural: true, question: true},
	{id: "natural-followup-draft", keys: []contract.StateKey{"expanded_agent/results_ready", "expanded_clarifying/clarifying"}, natural: true, question: true},
	{id: "natural-followup-refining", keys: []contract.StateKey{"expanded_agent/refining"}, ctx: contract.Context{SourceStage: contract.StageFollowup}, natural: true},
	{id: "mixed-parse", keys: []contract.StateKey{"expanded_agent/retrieving", "expanded_agent/results_ready"}, natural: true, keywords: true, anchor: true},
	{id: "mixed-anchor", keys: []contract.StateKey{"expanded_agent/results_ready"}, natural: true, keywords: true, anchor: true},
	{id: "mixed-anchor", keys: []contract.StateKey{"expanded_agent/results_ready"}, ctx: contract.Context{RepairReason: states.RepairLowRecall, RepairHintVisible: true}, keywords: true, anchor: true},
	{id: "mixed-soft", keys: []contract.StateKey{"expanded_agent/results_ready"}, natural: true, keywords: true},
	{id: "mixed-clarifying", keys: []contract.StateKey{"expanded_clarifying/clarifying"}, natural: true, keywords: true, anchor: true, question: true},
	{id: "mixed-followup-draft", keys: []contract.StateKey{"expanded_agent/results_ready"}, natural: true, keywords: true, anchor: true},
	{id: "mixed-followup-refining", keys: []contract.StateKey{"expanded_agent/refining"}, natural: true, keywords: true, anchor: true},
	{id: "repair-invalid", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairURLInvalid}, keywords: true, anchor: true},
	{id: "repair-mismatch", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairURLMismatch}, keywords: true, anchor: true},
	{id: "repair-unsupported", keys: []contract.StateKey{"expanded_repair/unsupported", "expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairURLUnsupported}, keywords: true, anchor: true},
	{id: "repair-empty", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairNoResults}, natural: true, keywords: true, relax: true, question: true},
	{id: "repair-low-recall", keys: []contract.StateKey{"expanded_repair/results_ready"}, ctx: contract.Context{RepairReason: states.RepairLowRecall}, keywords: true, anchor: true},
	{id: "repair-followup-draft", keys: []contract.StateKey{"expanded_repair/empty_repair"}, ctx: contract.Context{RepairReason: states.RepairNoResults}, natural: true, relax: true},
	{id: "repair-followup-refining", keys: []contract.StateKey{"expanded_repair/refining", "expanded_repair/retrieving", "expanded_agent/refining"}, ctx: contract.Context{SourceStage: contract.StagePostRepair}, natural: true, keywords: true},
	// Refining after a clarifying answer or a condition edit (no sub-state
	// of its own in seed 000 §8.1).
	{id: "", keys: []contract.StateKey{"expanded_agent/refining", "expanded_agent/results_ready"}, natural: true, keywords: true},
	{id: "upgrade-keyword-before", keys: []contract.StateKey{"compact_classic/results_ready"}, keywords: true},
	{id: "upgrade-keyword-upgrading", keys: []contract.StateKey{"expanded_agent/retrieving"}, keywords: true, natural: true},
	{id: "upgrade-keyword-stable", keys: []contract.StateKey{"expanded_agent/results_ready"}, keywords: true, natural: true},
	{id: "upgrade-url-before", keys: []contract.StateKey{"compact_classic/results_ready"}, anchor: true},
	{id: "upgrade-url-upgrading", keys: []contract.StateKey{"expanded_agent/retrieving"}, anchor: true, natural: true},
	{id: "upgrade-url-stable", keys: []contract.StateKey{"expanded_agent/results_ready"}, anchor: true, natural: true},
}

// userStrings are the hostile and ordinary texts user input may carry.
var userStrings = []string{
	"swim vest", "救生衣", "Hollyland 麦克风", "why?", "你好吗", "好不好呢", "loading…", "正在搜索...", "let me know",
	"Do you know", "chat with me", "「quoted」", "“curly”", "a\"b", "a\x00b\u202ec", "\xff\xfe bad utf8", "🔥🔥 fire",
	"مرحبا بالعالم", "'; DROP TABLE channels;--", " ", "", "A|B;C。D", "...", "联系客服", strings.Repeat("长", 300),
	strings.Repeat("long ", 200), "性价比高", "premium",
}

// fixtureInput builds the render input of a sub-state case.
func fixtureInput(sc substateCase, key contract.StateKey, locale string, kw []string) Input {
	in := Input{State: key, Context: sc.ctx, Locale: locale, Platform: "youtube", ResultsTotal: 42}
	in.Context.Substate = sc.id
	if in.Context.RepairReason == states.RepairLowRecall {
		in.ResultsTotal = 3
	}
	hostile := len(kw) != 3 || kw[0] != "swim vest"
	if sc.keywords {
		for i, t := range kw {
			tag := contract.Tag{ID: fmt.Sprintf("t%d", i+1), Text: t, Scope: scope.List()[i%len(scope.List())], Excluded: i == 2}
			in.Keywords = append(in.Keywords, tag)
			op := condition.OpContains
			if tag.Excluded {
				op = condition.OpNotContains
			}
			in.Conditions = append(in.Conditions, contract.Condition{ID: tag.ID, Kind: condition.KindKeyword, Field: string(tag.Scope), Op: op, Value: contract.Clip(t, 100), Source: condition.SourceUserInput, Status: condition.StatusApplied})
		}
	}
	if sc.anchor {
		in.Anchor = &AnchorView{ConditionID: "c0", Handle: "@mkbhd", Title: "Marques Brownlee", URL: "https://www.youtube.com/@mkbhd", LinkPlatform: "instagram"}
		if hostile && len(kw) > 0 {
			in.Anchor.Handle = kw[0]
		}
		if !in.Context.RepairReason.IsURL() {
			in.Conditions = append(in.Conditions, contract.Condition{ID: "c0", Kind: condition.KindAnchor, Field: "anchor", Op: condition.OpEq, Value: "@mkbhd", Source: condition.SourceUserInput, Status: condition.StatusApplied})
		}
	}
	if sc.natural {
		in.Conditions = append(in.Conditions,
			contract.Condition{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpIn, Value: []string{"US", "CA"}, Label: tr{"地区：美国 / 加拿大", "Country: US / Canada"}.in(contract.IsZH(locale)), Source: condition.SourceUserInput, Status: condition.StatusApplied},
			contract.Condition{ID: "c2", Kind: condition.KindHard, Field: "followers", Op: condition.OpBetween, Value: map[string]any{"min": 5000, "max": 20000}, Source: condition.SourceUserInput, Status: condition.StatusApplied},
			contract.Condition{ID: "c3", Kind: condition.KindHard, Field: "last_active", Op: condition.OpWithinDays, Value: 30, Source: condition.SourceAgentInferred, Status: condition.StatusApplied},
			contract.Condition{ID: "c4", Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: "good_value", Label: tr{"性价比高", "good value"}.in(contract.IsZH(locale)), Source: condition.SourceUserInput, Status: condition.StatusReference},
			contract.Condition{ID: "c5", Kind: condition.KindDerived, Field: "tier", Op: condition.OpEq, Value: "mid", Source: condition.SourceAgentInferred, Status: condition.StatusPending},
		)
		if sc.id == "natural-followup-refining" || sc.id == "mixed-followup-refining" {
			in.Followup = "只要美国的，不要游戏"
			if hostile && len(kw) > 0 {
				in.Followup = kw[len(kw)-1]
			}
		}
	}
	if sc.question {
		in.Question = &QuestionSpec{ID: "q1", Topic: TopicSoftPreference, Subject: tr{"性价比高", "good value"}.in(contract.IsZH(locale)), Options: []contract.Option{{ID: "o1", Label: "价格低"}, {ID: "o2", Label: "均播高"}, {ID: "o3", Label: "都可以"}}}
		if hostile && len(kw) > 1 {
			in.Question.Subject = kw[1]
			in.Question.Options[0].Label = kw[0]
		}
	}
	if sc.relax {
		in.ResultsTotal = 0
		in.Relaxations = []Relaxation{{ActionID: contract.ActionExpandRecallScope, ConditionID: "c2", Count: 17}, {ActionID: contract.ActionExpandRecallScope, ConditionID: "c3", Count: 5}}
	}
	in.AllowedActions = allowedFor(key, in.Context)
	return in
}

// allowedFor is a plausible registry answer for a state.
func allowedFor(key contract.StateKey, c contract.Context) []contract.Action {
	ids := []string{"A_ANY__SESSION_RESET__EMPTY_INPUT__01"}
	switch key.Container() {
	case states.CompactClassic:
		ids = append(ids, "A_DRAFT_KEYWORD__SEARCH_SUBMIT__RETRIEVING__01", "A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", "A_COMPACT_CLASSIC__AGENT_UPGRADE__EXPANDED_AGENT__01")
	case states.ExpandedAgent, states.ExpandedClarifying:
		ids = append(ids, "A_FOLLOWUP_WAITING__FOLLOWUP_SUBMIT__REFINING__01", "A_RESULTS_READY__CONDITION_EDIT__REFINING__01", "A_EXPANDED_AGENT__AGENT_FALLBACK_TO_CLASSIC__COMPACT_CLASSIC__01")
	case states.ExpandedRepair:
		ids = append(ids, "A_EMPTY_REPAIR__FOLLOWUP_SUBMIT__REFINING__01")
	}
	switch {
	case c.RepairReason.IsURL():
		ids = append(ids, ruleOf("expanded_repair.empty_repair.url_invalid").RepairActions...)
	case key == "expanded_repair/results_ready":
		ids = append(ids, ruleOf("expanded_repair.results_ready.low_recall").RepairActions...)
	case key == "expanded_repair/empty_repair":
		ids = append(ids, contract.ActionExpandRecallScope, contract.ActionSwitchToNL, contract.ActionReplaceAnchor)
	case key == "expanded_repair/unsupported":
		ids = append(ids, contract.ActionSwitchToNL)
	}
	if c.LowRecallHint() {
		ids = append(ids, contract.HintActions...)
	}
	if key.Session() == states.Clarifying {
		ids = append(ids, "A_CLARIFYING__CLARIFY_ANSWER__REFINING__01")
	}
	out := make([]contract.Action, len(ids))
	for i, id := range ids {
		out[i] = contract.Action{ActionID: id}
	}
	return out
}

// ruleOf is the contract's rule of a schema id.
func ruleOf(id contract.SchemaID) *contract.Rule {
	r, err := contract.RuleFor(id)
	if err != nil {
		panic(err)
	}
	return r
}

func knownSubstate(s string) bool {
	_, ok := states.Lookup(s)
	return ok
}

var update = flag.Bool("update", false, "rewrite the golden files")

func newValidators(t testing.TB) (full, strict *contract.Validator) {
	t.Helper()
	full, err := contract.New(contract.WithFullSchemas())
	if err != nil {
		t.Fatal(err)
	}
	strict, err = contract.New(contract.WithStrictSchemas())
	if err != nil {
		t.Fatal(err)
	}
	return full, strict
}

// checkRendered validates one rendering through both schema variants and
// through its JSON encoding.
func checkRendered(t testing.TB, full, strict *contract.Validator, in Input, s contract.Slots) {
	t.Helper()
	vin := in.ValidationInput()
	for i, v := range []*contract.Validator{full, strict} {
		isStrict := i == 1
		rep, err := v.Validate(vin, s)
		if err != nil {
			t.Fatalf("Validate: %v", err)
		}
		if !rep.Valid {
			data, _ := json.MarshalIndent(s, "", "  ")
			t.Fatalf("Render(%s, %s, %s) is not valid (strict=%v):\n%v\nslots: %s", in.State, in.Context.Substate, in.Locale, isStrict, rep.Violations, data)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		rep, err = v.ValidateJSON(vin, data)
		if err != nil || !rep.Valid {
			t.Fatalf("Render(%s) encoded is not valid (strict=%v): %v %v\n%s", in.State, isStrict, err, rep.Violations, data)
		}
	}
}

// TestRenderEverySubstate renders every sub-state of seed 000 §8.1 in each
// of its state keys, in zh and en, with ordinary and hostile user strings,
// and checks that every output passes the validator.
func TestRenderEverySubstate(t *testing.T) {
	full, strict := newValidators(t)
	keySeen := map[contract.StateKey]bool{}
	variantSeen := map[contract.SchemaID]bool{}
	kwSets := [][]string{nil, {"swim vest", "救生衣", "gaming"}}
	for i := 0; i+3 <= len(userStrings); i += 3 {
		kwSets = append(kwSets, userStrings[i:i+3])
	}
	kwSets = append(kwSets, userStrings)
	for _, sc := range substateCases {
		if sc.id != "" && !knownSubstate(sc.id) {
			t.Fatalf("case %s is not a sub-state", sc.id)
		}
		for _, key := range sc.keys {
			for _, locale := range []string{"zh", "en"} {
				for _, kw := range kwSets {
					name := fmt.Sprintf("%s/%s/%s/%d", sc.id, key, locale, len(kw))
					t.Run(name, func(t *testing.T) {
						in := fixtureInput(sc, key, locale, kw)
						s, err := Turn(in)
						if err != nil {
							t.Fatalf("Render(%s) error: %v", name, err)
						}
						checkRendered(t, full, strict, in, s)
						keySeen[key] = true
						id, _ := contract.Resolve(in.State, in.Context)
						variantSeen[id] = true
					})
				}
			}
		}
	}
	for _, k := range contract.StateKeys {
		if !keySeen[k] {
			t.Errorf("no sub-state case renders the state %s", k)
		}
	}
	for _, id := range contract.SchemaIDs() {
		if !variantSeen[id] {
			t.Errorf("no sub-state case renders the schema %s", id)
		}
	}
	seen := map[string]bool{}
	for _, sc := range substateCases {
		seen[sc.id] = true
	}
	for _, id := range substates {
		if !seen[id] {
			t.Errorf("sub-state %s has no render case", id)
		}
	}
}

// TestRenderGolden pins the rendered texts of every sub-state (ordinary
// data) in testdata/render.golden.json; run with -update to rewrite it.
func TestRenderGolden(t *testing.T) {
	type entry struct {
		Substate string            `json:"substate"`
		State    contract.StateKey `json:"state"`
		Locale   string            `json:"locale"`
		Slots    contract.Slots    `json:"slots"`
	}
	var all []entry
	for _, sc := range substateCases {
		for _, key := range sc.keys {
			for _, locale := range []string{"zh", "en"} {
				s, err := Turn(fixtureInput(sc, key, locale, []string{"swim vest", "救生衣", "gaming"}))
				if err != nil {
					t.Fatalf("Render(%s, %s): %v", sc.id, key, err)
				}
				all = append(all, entry{sc.id, key, locale, s})
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(all); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "render.golden.json")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run with -update)", path, err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("rendered slots differ from %s; run go test ./render -run TestRenderGolden -update and review the diff", path)
	}
}

// randomInput draws a consistent render input.
func randomInput(rng *rand.Rand) Input {
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	key := contract.StateKeys[rng.IntN(len(contract.StateKeys))]
	var c contract.Context
	switch key {
	case "expanded_repair/empty_repair":
		c.RepairReason = []states.RepairReason{states.RepairNone, states.RepairNoResults, states.RepairURLInvalid, states.RepairURLMismatch, states.RepairURLUnsupported}[rng.IntN(5)]
	case "expanded_repair/results_ready":
		c.RepairReason = states.RepairLowRecall
	case "compact_classic/results_ready", "expanded_agent/results_ready":
		if rng.IntN(2) == 0 {
			c.RepairReason, c.RepairHintVisible = states.RepairLowRecall, rng.IntN(3) > 0
		}
	}
	c.SourceStage = []contract.SourceStage{"", contract.StageFirstRound, contract.StageFollowup, contract.StagePostRepair}[rng.IntN(4)]
	if rng.IntN(3) == 0 {
		c.Substate = substates[rng.IntN(len(substates))]
	}
	in := Input{State: key, Context: c, Locale: pick([]string{"zh", "en", "zh-CN", "en-US", ""}), Platform: pick([]string{"youtube", "instagram", "", "myspace?"}), ResultsTotal: rng.IntN(5) * rng.IntN(100000)}
	for i := range rng.IntN(7) {
		tag := contract.Tag{ID: fmt.Sprintf("t%d", i), Text: pick(userStrings), Scope: contract.Scope(pick([]string{"", "tags", "name", "description", "content", "all"})), Excluded: rng.IntN(4) == 0}
		in.Keywords = append(in.Keywords, tag)
		if rng.IntN(3) > 0 {
			op := condition.OpContains
			if tag.Excluded {
				op = condition.OpNotContains
			}
			in.Conditions = append(in.Conditions, contract.Condition{ID: tag.ID, Kind: condition.KindKeyword, Field: contract.NormScope(string(tag.Scope)), Op: op, Value: contract.Clip(tag.Text, 100), Source: condition.SourceUserInput, Status: condition.StatusApplied})
		}
	}
	if rng.IntN(2) == 0 {
		in.Anchor = &AnchorView{Handle: pick(userStrings), Title: pick(userStrings), URL: pick(userStrings), LinkPlatform: pick([]string{"tiktok", "x", "", "?"}), LinkIssue: pick([]string{"", LinkNotFound, LinkIncomplete})}
	}
	fields := []string{"country", "language", "followers", "avg_views", "last_active", "category", "preference", "tier", "custom_field"}
	for i := range rng.IntN(9) {
		kind := []condition.Kind{condition.KindAnchor, condition.KindHard, condition.KindSoft, condition.KindDerived}[rng.IntN(4)]
		op := []condition.Op{condition.OpEq, condition.OpNeq, condition.OpIn, condition.OpNotIn, condition.OpGte, condition.OpLte, condition.OpBetween, condition.OpWithinDays, condition.OpPrefer, condition.OpAvoid}[rng.IntN(10)]
		var v any
		switch op {
		case condition.OpIn, condition.OpNotIn:
			v = []string{contract.Clip(pick(userStrings), 50), "US"}
		case condition.OpGte, condition.OpLte, condition.OpWithinDays:
			v = rng.IntN(2000000)
		case condition.OpBetween:
			v = map[string]any{"min": rng.IntN(1000), "max": nil}
		default:
			v = contract.Clip(pick(userStrings), 100)
		}
		label := ""
		if rng.IntN(2) == 0 {
			label = pick(userStrings)
		}
		in.Conditions = append(in.Conditions, contract.Condition{
			ID: fmt.Sprintf("c%d", i), Kind: kind, Field: pick(fields), Op: op, Value: v, Label: label,
			Source: condition.Sources[rng.IntN(len(condition.Sources))], Status: condition.Statuses[rng.IntN(len(condition.Statuses))],
		})
	}
	if key.Session() == states.Clarifying || (key.Session() == states.EmptyRepair && rng.IntN(2) == 0) {
		q := &QuestionSpec{ID: "q1", Topic: QuestionTopic(pick([]string{"follower_range", "region", "activity", "category", "language", "soft_preference", "conflict", "other"})), Subject: pick(userStrings)}
		for j := range 2 + rng.IntN(3) {
			label := pick(userStrings)
			if contract.Blank(contract.DisplayText(label)) || hasChat(label) {
				label = fmt.Sprintf("选项 %d", j)
			}
			q.Options = append(q.Options, contract.Option{ID: fmt.Sprintf("o%d", j), Label: label})
		}
		in.Question = q
	}
	for _, cond := range in.Conditions {
		if rng.IntN(3) == 0 && cond.Kind != condition.KindKeyword {
			in.Relaxations = append(in.Relaxations, Relaxation{ActionID: pick([]string{contract.ActionExpandRecallScope, contract.ActionReplaceAnchor}), ConditionID: cond.ID, Count: rng.IntN(50)})
		}
	}
	in.AllowedActions = allowedFor(key, c)
	if rng.IntN(4) == 0 {
		// A registry label is a statement (the registry's own tests hold
		// that); a hostile one that asks or chats is not a label it has.
		label := pick(userStrings)
		if contract.CountQuestions(label) > 0 || hasChat(label) {
			label = "Something new"
		}
		in.AllowedActions = append(in.AllowedActions, contract.Action{ActionID: "A_X__SOMETHING_NEW__Y__01", Label: label})
	}
	return in
}

var (
	renderSeed = flag.Uint64("render-seed", 1, "seed of TestRenderProperty")
	renderN    = flag.Int("render-n", 3000, "random inputs in TestRenderProperty")
)

func hasChat(s string) bool { _, ok := contract.ChatWording(s); return ok }

// TestRenderProperty renders thousands of random consistent inputs and
// checks that every output passes the validator (both schema variants and
// the JSON encoding).
func TestRenderProperty(t *testing.T) {
	full, strict := newValidators(t)
	rng := rand.New(rand.NewPCG(*renderSeed, 2))
	n := *renderN
	if testing.Short() {
		n = 300
	}
	rendered := 0
	for i := range n {
		in := randomInput(rng)
		s, err := Turn(in)
		if err != nil {
			if !errors.Is(err, ErrInvalidInput) && !errors.Is(err, contract.ErrContext) {
				t.Fatalf("case %d: Render error %v is neither ErrInvalidInput nor ErrContext", i, err)
			}
			continue
		}
		rendered++
		checkRendered(t, full, strict, in, s)
	}
	if rendered < n*8/10 {
		t.Errorf("only %d of %d random inputs rendered", rendered, n)
	}
}

func TestRenderErrors(t *testing.T) {
	base := func(key contract.StateKey) Input {
		return Input{State: key, Locale: "en", AllowedActions: allowedFor(key, contract.Context{})}
	}
	tests := []struct {
		name string
		in   Input
		want error
	}{
		{"unknown state", Input{State: "nowhere/idle"}, contract.ErrUnknownState},
		{"clarifying without question", base("expanded_clarifying/clarifying"), ErrInvalidInput},
		{"five options", func() Input {
			in := base("expanded_clarifying/clarifying")
			in.Question = &QuestionSpec{ID: "q", Options: []contract.Option{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}, {ID: "c", Label: "C"}, {ID: "d", Label: "D"}, {ID: "e", Label: "E"}}}
			return in
		}(), ErrInvalidInput},
		{"two questions in text", func() Input {
			in := base("expanded_clarifying/clarifying")
			in.Question = &QuestionSpec{ID: "q", Text: "US only? Or Canada too?", Options: []contract.Option{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}}}
			return in
		}(), ErrInvalidInput},
		{"bad condition id", func() Input {
			in := base("expanded_agent/results_ready")
			in.Conditions = []contract.Condition{{ID: "bad id", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "US", Source: condition.SourceManual, Status: condition.StatusApplied}}
			return in
		}(), ErrInvalidInput},
		{"keyword scope disagrees with tag", func() Input {
			in := base("expanded_agent/results_ready")
			in.Keywords = []contract.Tag{{ID: "t1", Text: "vest", Scope: contract.ScopeName}}
			in.Conditions = []contract.Condition{{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "vest", Source: condition.SourceUserInput, Status: condition.StatusApplied}}
			return in
		}(), ErrInvalidInput},
		{"keyword scope disagrees with the tag of the same text", func() Input {
			in := base("expanded_agent/results_ready")
			in.Keywords = []contract.Tag{{ID: "k9", Text: "Vest", Scope: contract.ScopeName}}
			in.Conditions = []contract.Condition{{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "vest", Source: condition.SourceUserInput, Status: condition.StatusApplied}}
			return in
		}(), ErrInvalidInput},
		{"keyword exclusion disagrees with the tag of the same id", func() Input {
			in := base("expanded_agent/results_ready")
			in.Keywords = []contract.Tag{{ID: "t1", Text: "swim vest", Scope: contract.ScopeTags, Excluded: true}}
			in.Conditions = []contract.Condition{{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "life vest", Source: condition.SourceUserInput, Status: condition.StatusApplied}}
			return in
		}(), ErrInvalidInput},
		{"condition value over the bound", func() Input {
			in := base("expanded_agent/results_ready")
			in.Conditions = []contract.Condition{{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: strings.Repeat("x", contract.MaxConditionValueWidth+1), Source: condition.SourceManual, Status: condition.StatusApplied}}
			return in
		}(), ErrInvalidInput},
		{"url repair with no repair action allowed", Input{State: "expanded_repair/empty_repair", Context: contract.Context{RepairReason: states.RepairURLInvalid}}, ErrInvalidInput},
		{"hint without hint actions", Input{State: "compact_classic/results_ready", Context: contract.Context{RepairReason: states.RepairLowRecall, RepairHintVisible: true}}, ErrInvalidInput},
		{"low recall on empty_repair", Input{State: "expanded_repair/empty_repair", Context: contract.Context{RepairReason: states.RepairLowRecall}}, contract.ErrContext},
		{"unknown substate", Input{State: "expanded_agent/idle", Context: contract.Context{Substate: "nope"}}, contract.ErrContext},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Turn(tc.in)
			if !errors.Is(err, tc.want) {
				t.Errorf("Render(%s) error = %v, want %v", tc.name, err, tc.want)
			}
		})
	}
}

func TestTemplateHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Template{}.Render(ctx, Input{State: "compact_classic/idle"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Render(cancelled) error = %v, want context.Canceled", err)
	}
	s, err := Template{}.Render(context.Background(), Input{State: "compact_classic/idle", AllowedActions: []contract.Action{{ActionID: "A_DRAFT_KEYWORD__SEARCH_SUBMIT__RETRIEVING__01"}}})
	if err != nil || len(s.Actions) != 1 || s.Actions[0].Label != "Search" {
		t.Errorf("Render(idle) = %+v, %v; want one Search action", s, err)
	}
}

func TestActionLabel(t *testing.T) {
	tests := []struct{ id, locale, want string }{
		{contract.ActionFixURL, "zh", "修改链接"},
		{contract.ActionFixURL, "en", "Fix the link"},
		{"A_COMMITTED_KEYWORD__TAG_SET_SCOPE__COMMITTED_KEYWORD__01", "zh-CN", "切换匹配目标"},
		{"A_RESULTS_READY__RESULTS_SORT__RESULTS_READY__01", "en", "Sort"},
		{"A_X__BRAND_NEW_EVENT__Y__01", "en", "Brand new event"},
		{"A_X__RESULTS_SORT__Y", "en", "Sort"},
		{"A_X__RESULTS_SORT", "en", "X results sort"},
		{"A_NAV_SCENE", "en", "Nav scene"},
	}
	for _, tc := range tests {
		if got := contract.ActionLabel(tc.id, tc.locale); got != tc.want {
			t.Errorf("ActionLabel(%q, %q) = %q, want %q", tc.id, tc.locale, got, tc.want)
		}
	}
}

func TestConditionLabel(t *testing.T) {
	tests := []struct {
		c      contract.Condition
		locale string
		want   string
	}{
		{contract.Condition{Kind: condition.KindHard, Field: "followers", Op: condition.OpGte, Value: 10000}, "zh", "粉丝 ≥ 1万"},
		{contract.Condition{Kind: condition.KindHard, Field: "followers", Op: condition.OpGte, Value: 10000}, "en", "Followers ≥ 10k"},
		{contract.Condition{Kind: condition.KindHard, Field: "followers", Op: condition.OpBetween, Value: map[string]any{"min": 5000, "max": 20000}}, "zh", "粉丝 5000–2万"},
		{contract.Condition{Kind: condition.KindHard, Field: "followers", Op: condition.OpBetween, Value: map[string]any{"min": 5000}}, "en", "Followers ≥ 5k"},
		{contract.Condition{Kind: condition.KindHard, Field: "followers", Op: condition.OpBetween, Value: map[string]any{"max": 20000}}, "zh", "粉丝 ≤ 2万"},
		{contract.Condition{Kind: condition.KindHard, Field: "country", Op: condition.OpIn, Value: []string{"US", "CA"}}, "en", "Country: US / CA"},
		{contract.Condition{Kind: condition.KindHard, Field: "country", Op: condition.OpContains, Value: "US"}, "zh", "地区：US"},
		{contract.Condition{Kind: condition.KindHard, Field: "country", Op: condition.OpContains, Value: "US"}, "en", "Country: US"},
		{contract.Condition{Kind: condition.KindHard, Field: "country", Op: condition.OpNotContains, Value: "US"}, "zh", "排除地区：US"},
		{contract.Condition{Kind: condition.KindHard, Field: "country", Op: condition.OpNotContains, Value: "US"}, "en", "Country: not US"},
		{contract.Condition{Kind: condition.KindHard, Field: "last_active", Op: condition.OpWithinDays, Value: 30}, "en", "Active: last 30 days"},
		{contract.Condition{Kind: condition.KindKeyword, Field: "name", Op: condition.OpNotContains, Value: "gaming"}, "zh", "排除「gaming」 · 频道名"},
		{contract.Condition{Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: "premium", Label: "高级感"}, "zh", "高级感"},
	}
	for _, tc := range tests {
		if got := contract.ConditionLabel(tc.c, tc.locale); got != tc.want {
			t.Errorf("ConditionLabel(%+v, %s) = %q, want %q", tc.c, tc.locale, got, tc.want)
		}
	}
}

func TestSubstateCasesMatchResolve(t *testing.T) {
	for _, sc := range substateCases {
		for _, k := range sc.keys {
			c := sc.ctx
			c.Substate = sc.id
			if _, err := contract.Resolve(k, c); err != nil {
				t.Errorf("Resolve(%s, %s) = %v", k, sc.id, err)
			}
		}
	}
	if len(substates) != 39 || len(slices.Compact(slices.Sorted(slices.Values(substates)))) != 39 {
		t.Errorf("want 39 distinct sub-states, have %d", len(substates))
	}
}

// substates are the catalogue's sub-state ids (tools/states).
var substates = func() []string {
	ids := make([]string, len(states.Catalogue))
	for i, s := range states.Catalogue {
		ids[i] = s.ID
	}
	return ids
}()

// TestRenderAtTheBounds renders what is just inside each input bound: a
// condition value exactly as wide as allowed, a keyword condition found by
// its tag's text; the output keeps them and validates.
func TestRenderAtTheBounds(t *testing.T) {
	full, strict := newValidators(t)
	const key = "expanded_agent/results_ready"
	wide := strings.Repeat("x", contract.MaxConditionValueWidth)
	in := Input{State: key, Locale: "en", AllowedActions: allowedFor(key, contract.Context{}),
		Keywords: []contract.Tag{{ID: "k9", Text: "Vest", Scope: contract.ScopeTags}},
		Conditions: []contract.Condition{
			{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: wide, Source: condition.SourceManual, Status: condition.StatusApplied},
			{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "vest", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		}}
	s, err := Turn(in)
	if err != nil {
		t.Fatalf("Render(value of width %d) error = %v, want none", len(wide), err)
	}
	if len(s.Conditions) != 2 || s.Conditions[0].Value != wide || s.Conditions[1].ID != "t1" {
		t.Errorf("Render conditions = %+v, want c1 with the whole value and t1", s.Conditions)
	}
	checkRendered(t, full, strict, in, s)
}

// TestSummaryConditionLabels holds how an applied condition's label reads
// in the summary: bare when short (up to 24) and clean, else quoted and
// clipped, never dropped.
func TestSummaryConditionLabels(t *testing.T) {
	const key = "expanded_agent/results_ready"
	tests := []struct{ label, want string }{
		{"US only", "Applied: US only"},
		{strings.Repeat("x", 24), "Applied: " + strings.Repeat("x", 24)},
		{strings.Repeat("y", 25), "Applied: “" + strings.Repeat("y", 23) + "…”"},
		{"US only?", "Applied: “US only?”"},
	}
	for _, tc := range tests {
		in := Input{State: key, Locale: "en", AllowedActions: allowedFor(key, contract.Context{}), ResultsTotal: 5,
			Conditions: []contract.Condition{{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "US", Label: tc.label, Source: condition.SourceManual, Status: condition.StatusApplied}}}
		s, err := Turn(in)
		if err != nil || s.TaskSummary != tc.want {
			t.Errorf("Render(label %q).TaskSummary = %q, %v; want %q", tc.label, s.TaskSummary, err, tc.want)
		}
	}
}

// TestWithUser holds when a label quotes the user's string: only when at
// least 6 columns are left for it.
func TestWithUser(t *testing.T) {
	r := &renderer{}
	for _, tc := range []struct {
		limit int
		want  string
	}{{14, "Drop it"}, {15, "Drop “Chann…”"}, {16, "Drop “Channe…”"}} {
		if got := r.withUser("Drop %s", "Channel name", "Drop it", tc.limit); got != tc.want {
			t.Errorf("withUser(limit %d) = %q, want %q", tc.limit, got, tc.want)
		}
	}
	if got := r.withUser("Drop %s", "", "Drop it", 40); got != "Drop it" {
		t.Errorf("withUser(no user) = %q, want the fallback", got)
	}
}

// TestRepairSummaries holds the task summary of the repairs, which says
// what survives: after a failed link, the keywords and the applied
// filters (not a pending one); in the low-recall repair, the anchor and
// the keywords.
func TestRepairSummaries(t *testing.T) {
	swim := []contract.Tag{{ID: "t1", Text: "swim vest", Scope: contract.ScopeTags}}
	us := contract.Condition{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "US", Label: "US", Source: condition.SourceManual, Status: condition.StatusApplied}
	en := contract.Condition{ID: "c2", Kind: condition.KindHard, Field: "language", Op: condition.OpEq, Value: "en", Label: "English", Source: condition.SourceManual, Status: condition.StatusPending}
	abc := &AnchorView{Handle: "@abc", Title: "ABC Tech"}
	urlCtx := contract.Context{RepairReason: states.RepairURLInvalid, Substate: "url-invalid"}
	lowCtx := contract.Context{RepairReason: states.RepairLowRecall, Substate: "repair-low-recall"}
	tests := []struct {
		name string
		in   Input
		want string
	}{
		{"url, keyword and filter", Input{State: "expanded_repair/empty_repair", Context: urlCtx, Locale: "en", Keywords: swim, Conditions: []contract.Condition{us, en}},
			"The link gave no anchor; kept: “swim vest”, US; still searchable"},
		{"url, keyword and filter zh", Input{State: "expanded_repair/empty_repair", Context: urlCtx, Locale: "zh", Keywords: swim, Conditions: []contract.Condition{us, en}},
			"链接未能生成锚点，已保留：「swim vest」 / US，可继续搜索"},
		{"url, keyword and a pending filter", Input{State: "expanded_repair/empty_repair", Context: urlCtx, Locale: "en", Keywords: swim, Conditions: []contract.Condition{en}},
			"The link gave no anchor; keywords “swim vest” are kept and still searchable"},
		{"low recall, anchor and keyword", Input{State: "expanded_repair/results_ready", Context: lowCtx, Locale: "en", Anchor: abc, Keywords: swim, ResultsTotal: 2},
			"Anchor “@abc” and keywords “swim vest” are kept"},
		{"low recall, anchor", Input{State: "expanded_repair/results_ready", Context: lowCtx, Locale: "en", Anchor: abc, ResultsTotal: 2},
			"Anchor “@abc” is kept"},
		{"low recall, keyword", Input{State: "expanded_repair/results_ready", Context: lowCtx, Locale: "en", Keywords: swim, ResultsTotal: 2},
			"Keywords “swim vest” are kept"},
		{"low recall, neither", Input{State: "expanded_repair/results_ready", Context: lowCtx, Locale: "en", ResultsTotal: 2},
			"The current conditions are kept"},
	}
	for _, tc := range tests {
		tc.in.AllowedActions = allowedFor(tc.in.State, tc.in.Context)
		s, err := Turn(tc.in)
		if err != nil || s.TaskSummary != tc.want {
			t.Errorf("Render(%s).TaskSummary = %q, %v; want %q", tc.name, s.TaskSummary, err, tc.want)
		}
	}
}

// TestSummaryFitsTheBound holds how the summary gives way when it is too
// wide: every item up to the exact bound, then fewer items per part
// ("+N more"), then fewer parts, then a generic text.
func TestSummaryFitsTheBound(t *testing.T) {
	c := func(id, label string, st condition.Status) contract.Condition {
		return contract.Condition{ID: id, Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "US", Label: label, Source: condition.SourceManual, Status: st}
	}
	in := Input{State: "expanded_agent/results_ready", Locale: "en", ResultsTotal: 5,
		Keywords:   []contract.Tag{{ID: "t1", Text: "swim vest"}, {ID: "t2", Text: "life jacket"}, {ID: "t3", Text: "gaming", Excluded: true}},
		Conditions: []contract.Condition{c("c1", "US", condition.StatusApplied), c("c2", "English", condition.StatusApplied), c("c3", "Tech", condition.StatusApplied), c("c4", "Recent", condition.StatusPending)}}
	rule := *ruleOf("expanded_agent.results_ready")
	r := &renderer{in: in, id: "expanded_agent.results_ready", rule: &rule}
	if err := r.prepare(); err != nil {
		t.Fatal(err)
	}
	const all = "Keywords “swim vest”, “life jacket”; Excluding “gaming”; Applied: US / English / Tech; To clarify: Recent"
	tests := []struct {
		limit int
		want  string
	}{
		{280, all},
		{contract.Width(all), all},
		{contract.Width(all) - 1, "Keywords “swim vest” +1 more; Excluding “gaming”; Applied: US +2 more; To clarify: Recent"},
		{48, "Keywords “swim vest” +1 more; Excluding “gaming”"},
		{47, "Keywords “swim vest” +1 more"},
		{28, "Keywords “swim vest” +1 more"},
		{27, "Search by the current conditions"},
	}
	for _, tc := range tests {
		rule.Limits.TaskSummary = tc.limit
		if got := r.summary(true); got != tc.want {
			t.Errorf("summary(limit %d) = %q, want %q", tc.limit, got, tc.want)
		}
	}
}

// TestRenderQuestion holds the question a state shows: 2-4 options, a
// given text of one question up to the bound, the template text with the
// subject quoted when it fits (the short template otherwise).
func TestRenderQuestion(t *testing.T) {
	two := []contract.Option{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}}
	long80 := "Which region would you want the channels to come from, the US or Canada or else?"
	tests := []struct {
		name    string
		key     contract.StateKey
		locale  string
		spec    QuestionSpec
		want    string
		options int
	}{
		{"two options", "expanded_clarifying/clarifying", "en", QuestionSpec{ID: "q", Topic: TopicRegion, Options: two}, "Which region should the channels be from?", 2},
		{"four options", "expanded_clarifying/clarifying", "en", QuestionSpec{ID: "q", Topic: TopicRegion, Options: []contract.Option{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}, {ID: "c", Label: "C"}, {ID: "d", Label: "D"}}}, "Which region should the channels be from?", 4},
		{"one option", "expanded_clarifying/clarifying", "en", QuestionSpec{ID: "q", Topic: TopicRegion, Options: two[:1]}, "", 0},
		{"given text", "expanded_clarifying/clarifying", "en", QuestionSpec{ID: "q", Text: "Which region?", Options: two}, "Which region?", 2},
		{"given text at the bound", "expanded_clarifying/clarifying", "en", QuestionSpec{ID: "q", Text: long80, Options: two}, long80, 2},
		{"given text over the repair bound", "expanded_repair/empty_repair", "en", QuestionSpec{ID: "q", Text: long80, Options: two}, "", 0},
		{"long template, short in a repair", "expanded_repair/empty_repair", "en", QuestionSpec{ID: "q", Topic: TopicRegion, Options: two}, "Which region?", 2},
		{"subject up to the bound", "expanded_repair/empty_repair", "zh", QuestionSpec{ID: "q", Topic: TopicSoftPreference, Subject: "abcdefghijklmnopqrstuvwxyz", Options: two},
			"「abcdefghijklmnopqrstu…」更接近哪一种？", 2},
	}
	for _, tc := range tests {
		spec := tc.spec
		in := Input{State: tc.key, Locale: tc.locale, AllowedActions: allowedFor(tc.key, contract.Context{}), Question: &spec}
		s, err := Turn(in)
		if tc.want == "" {
			if !errors.Is(err, ErrInvalidInput) {
				t.Errorf("Render(%s) error = %v, want ErrInvalidInput", tc.name, err)
			}
			continue
		}
		if err != nil || s.Question == nil || s.Question.Text != tc.want || len(s.Question.Options) != tc.options {
			t.Errorf("Render(%s).Question = %+v, %v; want %q with %d options", tc.name, s.Question, err, tc.want, tc.options)
		}
	}
}

// TestRepairOptionChoice holds which repair options a repair offers and
// how "remove the anchor/link" reads after what is kept: the applied
// filters (not a pending one), else the keywords, else nothing.
func TestRepairOptionChoice(t *testing.T) {
	us := contract.Condition{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "US", Label: "US", Source: condition.SourceManual, Status: condition.StatusApplied}
	pending := us
	pending.Status = condition.StatusPending
	swim := []contract.Tag{{ID: "t1", Text: "swim vest"}}
	abc := &AnchorView{Handle: "@abc"}
	url := contract.Context{RepairReason: states.RepairURLInvalid}
	low := contract.Context{RepairReason: states.RepairLowRecall}
	var all []contract.Action
	for _, id := range []string{contract.ActionFixURL, contract.ActionRemoveAnchorKeepKeywords, contract.ActionSwitchToNL, contract.ActionReplaceAnchor, contract.ActionExpandRecallScope, "A_ANY__SESSION_RESET__EMPTY_INPUT__01"} {
		all = append(all, contract.Action{ActionID: id})
	}
	tests := []struct {
		name   string
		key    contract.StateKey
		ctx    contract.Context
		anchor *AnchorView
		kw     []contract.Tag
		conds  []contract.Condition
		reason string
		want   []string // action_id=label
	}{
		{"link, filter kept", "expanded_repair/empty_repair", url, nil, swim, []contract.Condition{us}, "",
			[]string{"A_REPAIR_FIX_URL=Fix the link", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the link, keep the rest", "A_REPAIR_SWITCH_TO_NL=Describe it in words"}},
		{"link, keywords kept", "expanded_repair/empty_repair", url, nil, swim, []contract.Condition{pending}, "",
			[]string{"A_REPAIR_FIX_URL=Fix the link", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the link, keep keywords", "A_REPAIR_SWITCH_TO_NL=Describe it in words"}},
		{"link, nothing kept", "expanded_repair/empty_repair", url, nil, nil, []contract.Condition{pending}, "",
			[]string{"A_REPAIR_FIX_URL=Fix the link", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Remove the link", "A_REPAIR_SWITCH_TO_NL=Describe it in words"}},
		{"low recall, filter kept", "expanded_repair/results_ready", low, abc, swim, []contract.Condition{us}, "",
			[]string{"A_REPAIR_REPLACE_ANCHOR=Replace the anchor", "A_REPAIR_EXPAND_RECALL_SCOPE=Widen the search", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the anchor, keep the rest"}},
		{"low recall, keywords kept", "expanded_repair/results_ready", low, abc, swim, []contract.Condition{pending}, "",
			[]string{"A_REPAIR_REPLACE_ANCHOR=Replace the anchor", "A_REPAIR_EXPAND_RECALL_SCOPE=Widen the search", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the anchor, keep keywords"}},
		{"low recall, anchor only", "expanded_repair/results_ready", low, abc, nil, []contract.Condition{us}, "",
			[]string{"A_REPAIR_REPLACE_ANCHOR=Replace the anchor", "A_REPAIR_EXPAND_RECALL_SCOPE=Widen the search", "A_REPAIR_SWITCH_TO_NL=Describe it in words"}},
		{"no results, anchor", "expanded_repair/empty_repair", contract.Context{}, abc, swim, []contract.Condition{us}, "",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE=Widen the search", "A_REPAIR_REPLACE_ANCHOR=Replace the anchor", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the anchor, keep the rest"}},
		{"no results, no anchor", "expanded_repair/empty_repair", contract.Context{}, nil, swim, []contract.Condition{us}, "",
			[]string{"A_REPAIR_EXPAND_RECALL_SCOPE=Widen the search", "A_REPAIR_SWITCH_TO_NL=Describe it in words"}},
		{"unsupported", "expanded_repair/unsupported", contract.Context{}, nil, swim, []contract.Condition{us}, "",
			[]string{"A_REPAIR_SWITCH_TO_NL=Describe it in words"}},
		{"unsupported link", "expanded_repair/unsupported", contract.Context{}, nil, swim, []contract.Condition{us}, "url_unsupported",
			[]string{"A_REPAIR_FIX_URL=Fix the link", "A_REPAIR_SWITCH_TO_NL=Describe it in words", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the anchor, keep the rest"}},
		{"unsupported with anchor", "expanded_repair/unsupported", contract.Context{}, abc, swim, []contract.Condition{us}, "",
			[]string{"A_REPAIR_FIX_URL=Fix the link", "A_REPAIR_SWITCH_TO_NL=Describe it in words", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS=Drop the anchor, keep the rest"}},
	}
	for _, tc := range tests {
		in := Input{State: tc.key, Context: tc.ctx, Locale: "en", AllowedActions: all, Anchor: tc.anchor, Keywords: tc.kw,
			Conditions: tc.conds, ResultsTotal: 2, UnsupportedReason: tc.reason}
		s, err := Turn(in)
		if err != nil {
			t.Errorf("Render(%s): %v", tc.name, err)
			continue
		}
		var got []string
		for _, o := range s.RepairOptions {
			got = append(got, o.ActionID+"="+o.Label)
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Render(%s).RepairOptions (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestRelaxationText holds the label (with its count) and the reason of
// each kind of relaxation, in both languages: the snapshot's buttons show
// them.
func TestRelaxationText(t *testing.T) {
	followers := contract.Condition{ID: "c1", Kind: condition.KindHard, Field: "followers", Op: condition.OpGte, Value: 100000, Label: "Followers ≥ 100k", Status: condition.StatusApplied}
	gaming := contract.Condition{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpNotContains, Value: "gaming", Label: "Exclude gaming", Status: condition.StatusApplied}
	tests := []struct {
		rx                    Relaxation
		c                     contract.Condition
		locale, label, reason string
	}{
		{Relaxation{Change: RelaxDrop, Count: 12}, followers, "en", "Drop “Followers ≥ 100k” (12)", "12 results without it; the other conditions stay"},
		{Relaxation{Change: RelaxDrop, Count: 12}, followers, "zh", "去掉「Followers ≥ 100k」(12)", "去掉后有 12 个结果；其余条件保持不变"},
		{Relaxation{Change: RelaxWiden, Widened: "Followers ≥ 10k", Count: 1}, followers, "en", "Widen to “Followers ≥ 10k” (1)", "1 result once widened; none in the current range"},
		{Relaxation{Change: RelaxWiden, Widened: "Followers ≥ 10k", Count: 1}, followers, "zh", "放宽为「Followers ≥ 10k」(1)", "放宽后有 1 个结果；当前范围内没有结果"},
		{Relaxation{Change: RelaxScope, Scope: contract.ScopeAll, Count: 3}, gaming, "en", "Match “gaming” in all sources (3)", "3 results; the keyword matches nothing in channel tags"},
		{Relaxation{Change: RelaxScope, Scope: contract.ScopeAll, Count: 3}, gaming, "zh", "改在全部来源中匹配「gaming」(3)", "有 3 个结果；该关键词在频道标签中没有匹配"},
		{Relaxation{Change: RelaxInclude, Count: 20}, gaming, "en", "Stop excluding “gaming” (20)", "20 results without the exclusion, which removes every result"},
		{Relaxation{Change: RelaxInclude, Count: 20}, gaming, "zh", "不再排除「gaming」(20)", "取消排除后有 20 个结果；排除条件去掉了全部结果"},
		{Relaxation{Change: RelaxSimilarity, Count: 7}, followers, "en", "Accept less similar channels (7)", "7 results; no close enough channel around the anchor meets the conditions"},
		{Relaxation{Change: RelaxSimilarity, Count: 7}, followers, "zh", "放宽相似度要求(7)", "放宽后有 7 个结果；锚点附近足够相似的频道都不满足条件"},
		{Relaxation{Change: RelaxRemoveAnchor, Count: 0}, followers, "en", "Drop the anchor, keep keywords (0)", "0 results by the keywords alone; none around the anchor matches them"},
		{Relaxation{Change: RelaxRemoveAnchor, Count: 0}, followers, "zh", "删除锚点，按关键词搜(0)", "只按关键词有 0 个结果；锚点附近没有符合关键词的频道"},
	}
	for _, tc := range tests {
		label, reason := RelaxationText(tc.rx, tc.c, tc.locale)
		if label != tc.label || reason != tc.reason {
			t.Errorf("RelaxationText(%s, %s) = %q, %q; want %q, %q", tc.rx.Change, tc.locale, label, reason, tc.label, tc.reason)
		}
	}
}

// TestURLMismatchStatus holds the status of a link from another platform:
// it names both platforms when both are known, else the page's, else
// neither.
func TestURLMismatchStatus(t *testing.T) {
	ctx := contract.Context{RepairReason: states.RepairURLMismatch}
	tests := []struct {
		page   string
		anchor *AnchorView
		locale string
		want   string
	}{
		{"youtube", &AnchorView{URL: "https://www.tiktok.com/@x", LinkPlatform: "tiktok"}, "en", "You're on YouTube channel search; this link is from TikTok"},
		{"youtube", &AnchorView{URL: "https://www.tiktok.com/@x", LinkPlatform: "tiktok"}, "zh", "当前在 YouTube 频道搜索页，该链接属于 TikTok"},
		{"youtube", &AnchorView{URL: "https://x.com/y"}, "en", "This link is not from YouTube"},
		{"youtube", &AnchorView{URL: "https://x.com/y"}, "zh", "该链接不属于当前 YouTube 频道搜索页"},
		{"", &AnchorView{URL: "https://x.com/y", LinkPlatform: "tiktok"}, "en", "This link is from another platform than this page"},
	}
	for _, tc := range tests {
		in := Input{State: "expanded_repair/empty_repair", Context: ctx, Locale: tc.locale, AllowedActions: allowedFor("expanded_repair/empty_repair", ctx), Platform: tc.page, Anchor: tc.anchor}
		s, err := Turn(in)
		if err != nil || s.Status == nil || s.Status.Text != tc.want {
			t.Errorf("Render(url_mismatch, page %q, link %q).Status = %+v, %v; want %q", tc.page, tc.anchor.LinkPlatform, s.Status, err, tc.want)
		}
	}
}

// TestLowerBoundTotalStatus: a similar set counted only to its candidate
// pool (api.Results.TotalAtLeast) shows its count as "N+" in both
// locales, and an exact count as it is.
func TestLowerBoundTotalStatus(t *testing.T) {
	for _, tc := range []struct {
		state   contract.StateKey
		atLeast bool
		locale  string
		want    string
	}{
		{"compact_classic/results_ready", true, "zh", "·相似频道 1000+ 个"},
		{"compact_classic/results_ready", true, "en", " · 1000+ similar"},
		{"compact_classic/results_ready", false, "en", " · 1000 similar"},
		{"expanded_agent/results_ready", true, "zh", "已围绕锚点召回 1000+ 个相似频道"},
		{"expanded_agent/results_ready", true, "en", "1000+ similar channels around the anchor"},
		{"expanded_agent/results_ready", false, "zh", "已围绕锚点召回 1000 个相似频道"},
	} {
		in := Input{State: tc.state, Locale: tc.locale, AllowedActions: allowedFor(tc.state, contract.Context{}), Platform: "youtube",
			Anchor: &AnchorView{URL: "https://www.youtube.com/@x"}, ResultsTotal: 1000, ResultsAtLeast: tc.atLeast}
		s, err := Turn(in)
		if err != nil || s.Status == nil || !strings.Contains(s.Status.Text, tc.want) {
			t.Errorf("Render(%s, at least %v, %s).Status = %+v, %v; want it to hold %q", tc.state, tc.atLeast, tc.locale, s.Status, err, tc.want)
		}
	}
}
