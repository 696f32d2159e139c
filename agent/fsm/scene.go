package fsm

import "searchagent/tools/states"

// Scene, SubstateInfo, the scenes and the catalogue of seed 000 §8.1 live
// in tools/states; the names below re-export them.
type (
	// Scene is a scene of the catalogue of seed 000 §8.1.
	Scene = states.Scene
	// SubstateInfo is one entry of the catalogue.
	SubstateInfo = states.SubstateInfo
)

// Scenes, in the seed's order (states.Scene*).
const (
	SceneKeyword = states.SceneKeyword
	SceneURL     = states.SceneURL
	SceneNatural = states.SceneNatural
	SceneMixed   = states.SceneMixed
	SceneRepair  = states.SceneRepair
	SceneUpgrade = states.SceneUpgrade
)

// Catalogue is the 39 sub-states of seed 000 §8.1, in the seed's order.
var Catalogue = states.Catalogue

// Lookup returns the catalogue entry of a sub-state id.
func Lookup(substate string) (SubstateInfo, bool) { return states.Lookup(substate) }

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
