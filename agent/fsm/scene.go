package fsm

import "searchagent/tools/states"

// info returns the catalogue entry of an id the mapping names; a test
// checks that every id the mapping can return is in the catalogue.
func info(id string) states.SubstateInfo {
	s, _ := states.Lookup(id)
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
func Substate(s State, f Facts) states.SubstateInfo {
	mixed := f.Origin == OriginMixed || f.Origin == OriginURLUpgrade
	natDraft := f.Draft == ShapeNatural || f.Draft == ShapeMixed
	switch s.Container {
	case states.CompactResolving:
		return info("url-resolving")
	case states.ExpandedRepair:
		switch {
		case s.Session == states.Retrieving || s.Session == states.Refining:
			return info("repair-followup-refining")
		case s.Input == states.DraftFollowup:
			return info("repair-followup-draft")
		case s.Session == states.ResultsReady:
			return info("repair-low-recall")
		case s.Session == states.Unsupported:
			return info("repair-unsupported")
		}
		pure := f.Tags == 0
		switch f.RepairReason {
		case states.RepairURLInvalid:
			return info(pick(pure, "url-invalid", "repair-invalid"))
		case states.RepairURLMismatch:
			return info(pick(pure, "url-mismatch", "repair-mismatch"))
		case states.RepairURLUnsupported:
			return info(pick(pure, "url-unsupported", "repair-unsupported"))
		}
		return info("repair-empty")
	case states.ExpandedClarifying:
		if s.Input == states.DraftFollowup {
			return info(pick(mixed, "mixed-followup-draft", "natural-followup-draft"))
		}
		return info(pick(mixed, "mixed-clarifying", "natural-clarifying"))
	case states.ExpandedAgent:
		switch s.Session {
		case states.Idle:
			return info("natural-expanded")
		case states.Retrieving:
			switch f.Origin {
			case OriginKeywordUpgrade:
				return info("upgrade-keyword-upgrading")
			case OriginURLUpgrade:
				return info("upgrade-url-upgrading")
			case OriginMixed:
				return info("mixed-parse")
			}
			return info("natural-retrieving")
		case states.Refining:
			return info(pick(mixed, "mixed-followup-refining", "natural-followup-refining"))
		}
		if s.Input == states.DraftFollowup {
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
	case s.Input == states.EditingKeyword:
		return info("keyword-editing")
	case f.MenuOpen:
		return info("keyword-scope")
	case f.HasAnchor && f.Tags > 0:
		return info(pick(f.Origin == OriginURL, "url-keyword-seed", "keyword-url-seed"))
	case f.HasAnchor && s.Input == states.DraftKeyword && natDraft:
		return info("upgrade-url-before")
	case f.HasAnchor && s.Input == states.DraftKeyword:
		return info("url-keyword-seed")
	case f.HasAnchor && s.Session == states.ResultsReady && f.HintVisible && f.RepairReason == states.RepairLowRecall:
		return info("url-low-recall")
	case f.HasAnchor:
		return info("url-anchor")
	case f.Tags > 0 && s.Input == states.DraftKeyword && natDraft && s.Session == states.ResultsReady:
		return info("upgrade-keyword-before")
	case f.Tags > 0 && s.Input == states.DraftKeyword, f.Tags > 1:
		return info("keyword-multi")
	case f.Tags == 1:
		return info("keyword-committed")
	case s.Input == states.DraftKeyword:
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
