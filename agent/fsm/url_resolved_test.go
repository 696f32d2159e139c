package fsm

import (
	"searchagent/tools/states"
	"testing"
)

// TestResolvedLinkKeepsWhatCameWithIt: when a searched link resolves, a
// link searched alone becomes the classic box's anchor, while a link that
// came with a keyword tag or with other conditions opens the agent view
// (mixed search) so that those stay shown and searched.
func TestResolvedLinkKeepsWhatCameWithIt(t *testing.T) {
	resolving := st(states.DraftKeyword, states.CompactResolving, states.Retrieving)
	cases := []struct {
		name       string
		facts      Facts
		wantID     string
		want       State
		wantOrigin Origin
	}{
		{"link alone", Facts{OnlyExplicit: true, HasAnchor: true, Origin: OriginURL},
			"A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__COMPACT_CLASSIC__01", st(states.CommittedAnchor, states.CompactClassic, states.Retrieving), OriginURL},
		{"link with one keyword tag", Facts{OnlyExplicit: true, HasAnchor: true, Tags: 1, Origin: OriginURL},
			"A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__EXPANDED_AGENT__02", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), OriginMixed},
		{"link with three keyword tags", Facts{OnlyExplicit: true, HasAnchor: true, Tags: 3, Origin: OriginURL},
			"A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__EXPANDED_AGENT__02", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), OriginMixed},
		{"link with other conditions, no tag", Facts{HasAnchor: true, Origin: OriginURL},
			"A_COMPACT_RESOLVING__SYSTEM_URL_RESOLVED_EXACT__EXPANDED_AGENT__02", st(states.FollowupWaiting, states.ExpandedAgent, states.Retrieving), OriginMixed},
	}
	reg := Default()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := reg.Resolve(resolving, SysResolvedExact, tc.facts)
			if err != nil {
				t.Fatalf("Resolve(%s, %s, %+v) error: %v", resolving, SysResolvedExact, tc.facts, err)
			}
			if a.ID != tc.wantID {
				t.Errorf("Resolve(%s, %s, %+v) = %s, want %s", resolving, SysResolvedExact, tc.facts, a.ID, tc.wantID)
			}
			got, origin := a.To.Apply(resolving, tc.facts.Origin)
			if got != tc.want || origin != tc.wantOrigin {
				t.Errorf("%s: to %s (origin %s), want %s (origin %s)", a.ID, got, origin, tc.want, tc.wantOrigin)
			}
		})
	}
}
