package fsm

import (
	"errors"
	"searchagent/tools/states"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestStateHelpers pins the small predicates the executor and the page
// depend on: which states may show loading (seed 000 §5.3), which are
// expanded, and how a state is named in keys, traces and errors.
func TestStateHelpers(t *testing.T) {
	cases := []struct {
		s                   State
		key, str            string
		transient, expanded bool
	}{
		{Initial, "compact_classic/idle", "empty_input/compact_classic/idle", false, false},
		{st(states.DraftKeyword, states.CompactResolving, states.Retrieving), "compact_resolving/retrieving", "draft_keyword/compact_resolving/retrieving", true, false},
		{st(states.DraftKeyword, states.CompactResolving, states.Idle), "compact_resolving/idle", "draft_keyword/compact_resolving/idle", true, false},
		{st(states.CommittedKeyword, states.CompactClassic, states.Retrieving), "compact_classic/retrieving", "committed_keyword/compact_classic/retrieving", true, false},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.Refining), "expanded_agent/refining", "followup_waiting/expanded_agent/refining", true, true},
		{st(states.FollowupWaiting, states.ExpandedAgent, states.ResultsReady), "expanded_agent/results_ready", "followup_waiting/expanded_agent/results_ready", false, true},
		{st(states.FollowupWaiting, states.ExpandedClarifying, states.Clarifying), "expanded_clarifying/clarifying", "followup_waiting/expanded_clarifying/clarifying", false, true},
		{st(states.FollowupWaiting, states.ExpandedRepair, states.EmptyRepair), "expanded_repair/empty_repair", "followup_waiting/expanded_repair/empty_repair", false, true},
	}
	for _, tc := range cases {
		t.Run(tc.str, func(t *testing.T) {
			if got := tc.s.Key(); got != tc.key {
				t.Errorf("Key() = %q, want %q", got, tc.key)
			}
			if got := tc.s.String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
			if got := tc.s.Transient(); got != tc.transient {
				t.Errorf("Transient() = %v, want %v", got, tc.transient)
			}
			if got := tc.s.Expanded(); got != tc.expanded {
				t.Errorf("Expanded() = %v, want %v", got, tc.expanded)
			}
		})
	}
}

// TestApplySettle: a finished upgrade settles into the ordinary agent
// path (seed 000 §5.4, §6.5-6.6); other origins are kept, and a target's
// own origin wins.
func TestApplySettle(t *testing.T) {
	cases := []struct {
		name string
		to   Target
		o    Origin
		want Origin
	}{
		{"keyword upgrade settles natural", Target{Settle: true}, OriginKeywordUpgrade, OriginNatural},
		{"url upgrade settles mixed", Target{Settle: true}, OriginURLUpgrade, OriginMixed},
		{"mixed stays mixed", Target{Settle: true}, OriginMixed, OriginMixed},
		{"no settle keeps the upgrade", Target{}, OriginKeywordUpgrade, OriginKeywordUpgrade},
		{"target origin replaces", Target{Origin: OriginURL}, OriginKeyword, OriginURL},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, o := tc.to.Apply(Initial, tc.o)
			if o != tc.want || s != Initial {
				t.Errorf("Apply = %s, %s; want %s, %s", s, o, Initial, tc.want)
			}
		})
	}
}

// TestNotAllowedMessage: a refused event names the event, the state and
// every failed guard once, in the error the API reports.
func TestNotAllowedMessage(t *testing.T) {
	never := func(Facts) bool { return false }
	r := NewRegistry([]*Action{
		{ID: "A", Event: InputCommit, Guard: &Guard{Name: "g1", OK: never}},
		{ID: "A", Event: InputCommit, Guard: &Guard{Name: "g1", OK: never}},
		{ID: "B", Event: InputCommit, Guard: &Guard{Name: "g2", OK: never}},
		{ID: "C", Event: InputClear},
	})
	_, err := r.Resolve(Initial, InputCommit, Facts{})
	var na *NotAllowedError
	if !errors.As(err, &na) || !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("Resolve = %v, want a *NotAllowedError wrapping ErrNotAllowed", err)
	}
	want := "event not allowed in the current state: input.commit in empty_input/compact_classic/idle (guard failed: g1, g2)"
	if err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
	_, err = r.Resolve(Initial, TagEdit, Facts{})
	if want := "event not allowed in the current state: tag.edit in empty_input/compact_classic/idle"; err == nil || err.Error() != want {
		t.Errorf("message %v, want %q", err, want)
	}
	if got := len(r.ByID("A")); got != 2 {
		t.Errorf("ByID(A) has %d rows, want 2", got)
	}
	if a, err := r.Resolve(Initial, InputClear, Facts{}); err != nil || a.ID != "C" || a.GuardName() != "" {
		t.Errorf("Resolve(input.clear) = %+v, %v; want the unguarded C", a, err)
	}
	if got := r.ByID("B")[0].GuardName(); got != "g2" {
		t.Errorf("GuardName() = %q, want g2", got)
	}
}

// TestActionIDsNameTheEvent: the action ids of the table spell their event
// in upper case with underscores (seed 000 §8.5), as the trace shows them.
func TestActionIDsNameTheEvent(t *testing.T) {
	if diff := cmp.Diff("TAG_SET_SCOPE", eventName("tag.set_scope")); diff != "" {
		t.Errorf("eventName (-want +got):\n%s", diff)
	}
	if got := eventName("a.z_09"); got != "A_Z_09" {
		t.Errorf("eventName(a.z_09) = %q, want A_Z_09", got)
	}
}

// TestGuardBoundaries: each guard that decides what a click does (which
// tag or anchor deletion, which repair option, whether the fallback
// applies) holds on one side of its boundary and fails on the other.
func TestGuardBoundaries(t *testing.T) {
	type row struct {
		f    Facts
		want bool
	}
	cases := []struct {
		g    *Guard
		rows []row
	}{
		{gHasTags, []row{{Facts{Tags: 0}, false}, {Facts{Tags: 1}, true}}},
		{gNoTags, []row{{Facts{Tags: 0}, true}, {Facts{Tags: 1}, false}}},
		{gNoTagsNoAnchor, []row{{Facts{}, true}, {Facts{Tags: 1}, false}, {Facts{HasAnchor: true}, false}}},
		{gAnchorNoTags, []row{{Facts{HasAnchor: true}, true}, {Facts{HasAnchor: true, Tags: 1}, false}, {Facts{}, false}}},
		{gOthersRemain, []row{{Facts{Tags: 2, TagIsLast: true}, true}, {Facts{Tags: 1, TagIsLast: true}, false}, {Facts{Tags: 1}, true}}},
		{gAnchorDeleteEmpty, []row{{Facts{HasAnchor: true}, true}, {Facts{HasAnchor: true, Tags: 1}, false}, {Facts{HasAnchor: true, Draft: ShapeKeyword}, false}, {Facts{}, false}}},
		{gAnchorDeleteDraft, []row{{Facts{HasAnchor: true, Draft: ShapeNatural}, true}, {Facts{HasAnchor: true}, false}, {Facts{Draft: ShapeNatural}, false}}},
		{gAnchorDeleteTags, []row{{Facts{HasAnchor: true, Tags: 1}, true}, {Facts{HasAnchor: true}, false}, {Facts{HasAnchor: true, Tags: 1, Draft: ShapeKeyword}, false}, {Facts{Tags: 1}, false}}},
		{gHint, []row{{Facts{RepairReason: states.RepairLowRecall, HintVisible: true}, true}, {Facts{RepairReason: states.RepairLowRecall}, false}, {Facts{RepairReason: states.RepairNoResults, HintVisible: true}, false}}},
		{gReplaceAnchor, []row{{Facts{RepairReason: states.RepairLowRecall}, true}, {Facts{RepairReason: states.RepairNoResults, HasAnchor: true}, true}, {Facts{RepairReason: states.RepairNoResults}, false}, {Facts{RepairReason: states.RepairURLInvalid, HasAnchor: true}, false}}},
		{gExpandScope, []row{{Facts{RepairReason: states.RepairLowRecall}, true}, {Facts{RepairReason: states.RepairNoResults, Relaxable: true}, true}, {Facts{RepairReason: states.RepairNoResults}, false}, {Facts{RepairReason: states.RepairURLMismatch, Relaxable: true}, false}}},
		{gRemoveAnchorKeepTags, []row{{Facts{HasAnchor: true, Tags: 1}, true}, {Facts{RepairReason: states.RepairURLInvalid, Tags: 1}, true}, {Facts{HasAnchor: true}, false}, {Facts{Tags: 1}, false}}},
		{gRemoveAnchorOnly, []row{{Facts{HasAnchor: true}, true}, {Facts{RepairReason: states.RepairURLUnsupported}, true}, {Facts{HasAnchor: true, Tags: 1}, false}, {Facts{}, false}}},
		{gFallbackTags, []row{{Facts{OnlyExplicit: true, Tags: 1}, true}, {Facts{OnlyExplicit: true}, false}, {Facts{OnlyExplicit: true, Tags: 1, PendingQuestion: true}, false}, {Facts{Tags: 1}, false}}},
		{gFallbackAnchor, []row{{Facts{OnlyExplicit: true, HasAnchor: true}, true}, {Facts{OnlyExplicit: true, HasAnchor: true, Tags: 1}, false}, {Facts{OnlyExplicit: true}, false}, {Facts{OnlyExplicit: true, HasAnchor: true, PendingQuestion: true}, false}}},
		{gRouterRefused, []row{{Facts{RouterRefused: true, HasText: true}, true}, {Facts{RouterRefused: true}, false}, {Facts{HasText: true}, false}}},
		{gRouterAccepted, []row{{Facts{HasText: true}, true}, {Facts{RouterRefused: true, HasText: true}, false}, {Facts{}, false}}},
		{gClassicQuery, []row{{Facts{OnlyExplicit: true, Origin: OriginKeyword}, true}, {Facts{OnlyExplicit: true, Origin: OriginURL}, true}, {Facts{OnlyExplicit: true, Origin: OriginNatural}, false}, {Facts{Origin: OriginKeyword}, false}}},
		{gClassicQueryTags, []row{{Facts{OnlyExplicit: true, Origin: OriginKeyword, Tags: 1}, true}, {Facts{OnlyExplicit: true, Origin: OriginKeyword}, false}, {Facts{Origin: OriginKeyword, Tags: 1}, false}}},
		{gClassicQueryAnchor, []row{{Facts{OnlyExplicit: true, Origin: OriginURL, HasAnchor: true}, true}, {Facts{OnlyExplicit: true, Origin: OriginURL, HasAnchor: true, Tags: 1}, false}, {Facts{OnlyExplicit: true, Origin: OriginURL}, false}}},
		{gClassicQueryEmpty, []row{{Facts{OnlyExplicit: true, Origin: OriginKeyword}, true}, {Facts{OnlyExplicit: true, Origin: OriginKeyword, Tags: 1}, false}, {Facts{OnlyExplicit: true, Origin: OriginKeyword, HasAnchor: true}, false}}},
		{gTagsOrConds, []row{{Facts{OnlyExplicit: true, Tags: 1}, true}, {Facts{Tags: 0}, true}, {Facts{OnlyExplicit: true}, false}}},
		{gAgentQuery, []row{{Facts{OnlyExplicit: true, Origin: OriginKeyword}, false}, {Facts{OnlyExplicit: true, Origin: OriginMixed}, true}, {Facts{Origin: OriginURL}, true}}},
	}
	for _, tc := range cases {
		for _, r := range tc.rows {
			if got := tc.g.OK(r.f); got != r.want {
				t.Errorf("guard %s on %+v = %v, want %v", tc.g.Name, r.f, got, r.want)
			}
		}
	}
}

// TestClicks: the plausible clicks behind each offered button. A typed
// link is a URL draft (and only it), searching from a box with tags or an
// anchor may also mean "search what is committed", and a tag action knows
// whether it acts on the last tag.
func TestClicks(t *testing.T) {
	typed := func(sh Shape) Facts {
		return Facts{HasText: true, Draft: sh, DraftHasURL: sh == ShapeURL}
	}
	withTags := func(f Facts, n int) Facts { f.Tags = n; return f }
	four := func(n int) []Facts {
		return []Facts{withTags(typed(ShapeKeyword), n), withTags(typed(ShapeURL), n), withTags(typed(ShapeNatural), n), withTags(typed(ShapeMixed), n)}
	}
	cases := []struct {
		name string
		e    Event
		f    Facts
		want []Facts
	}{
		{"typing", InputType, Facts{}, []Facts{typed(ShapeKeyword)}},
		{"search from a blank box", SearchSubmit, Facts{}, four(0)},
		{"search with a tag committed", SearchSubmit, Facts{Tags: 1}, append([]Facts{{Tags: 1}}, four(1)...)},
		{"commit with a tag committed", InputCommit, Facts{Tags: 1}, four(1)},
		{"search a held draft", SearchSubmit, Facts{Draft: ShapeNatural}, []Facts{{Draft: ShapeNatural, HasText: true}}},
		{"fix a link", RepairFixURL, Facts{}, []Facts{typed(ShapeURL)}},
		{"delete one of two tags", TagDelete, Facts{Tags: 2}, []Facts{{Tags: 2}}},
		{"delete the last tag", TagDelete, Facts{Tags: 1}, []Facts{{Tags: 1, TagIsLast: true}}},
		{"save an edit without tags", TagEditSubmit, Facts{}, nil},
		{"save an edit of the last tag", TagEditSubmit, Facts{Tags: 1}, []Facts{{Tags: 1, TagIsLast: true, HasText: true}}},
		{"save an edit of one of two tags", TagEditSubmit, Facts{Tags: 2}, []Facts{{Tags: 2, HasText: true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Clicks(tc.e, tc.f)); diff != "" {
				t.Errorf("Clicks(%s, %+v) (-want +got):\n%s", tc.e, tc.f, diff)
			}
		})
	}
}

// TestNaturalDraftWithoutTags: a sentence typed over results with no tag
// committed is a draft, not the "upgrade my keywords" state (seed 000
// §8.1 upgrade-keyword-before needs a tag to upgrade).
func TestNaturalDraftWithoutTags(t *testing.T) {
	s := st(states.DraftKeyword, states.CompactClassic, states.ResultsReady)
	if got := Substate(s, Facts{Draft: ShapeNatural}).ID; got != "keyword-draft" {
		t.Errorf("Substate(%s, natural draft, no tag) = %q, want keyword-draft", s, got)
	}
	if got := Substate(s, Facts{Draft: ShapeNatural, Tags: 1}).ID; got != "upgrade-keyword-before" {
		t.Errorf("Substate(%s, natural draft, one tag) = %q, want upgrade-keyword-before", s, got)
	}
}
