package fsm

import "searchagent/tools/states"

// Shape is how free text reads (spec 3.7.1).
type Shape string

// Shapes of free text; ShapeNone is empty text.
const (
	ShapeNone    Shape = ""
	ShapeKeyword Shape = "keyword"
	ShapeURL     Shape = "url"
	ShapeNatural Shape = "natural"
	ShapeMixed   Shape = "mixed"
)

// Origin records how the current search task started; it selects the
// scene of a snapshot and the upgrade paths (seed 000 §6.5, §6.6).
type Origin string

// Origins of a search task.
const (
	OriginNone           Origin = ""
	OriginKeyword        Origin = "keyword"
	OriginURL            Origin = "url"
	OriginNatural        Origin = "natural"
	OriginMixed          Origin = "mixed"
	OriginKeywordUpgrade Origin = "keyword_upgrade"
	OriginURLUpgrade     Origin = "url_upgrade"
)

// Facts is what guards and the scene mapping read: a flat view of the
// session's context and of the event's arguments, computed by the
// executor before it asks Resolve.
type Facts struct {
	// Tags is the number of committed keyword tags.
	Tags int
	// HasAnchor says a resolved anchor is committed.
	HasAnchor bool
	// Draft is the shape of the draft text (or of the event's text);
	// ShapeNone when it is empty.
	Draft Shape
	// DraftHasURL says the draft contains a URL.
	DraftHasURL bool
	// TextEmpty says the event's text argument is empty (tag.edit_submit
	// with an empty text deletes the tag, seed 000 §3.2).
	TextEmpty bool
	// TagIsLast says the tag the event names is the only tag.
	TagIsLast bool
	// PendingQuestion says a clarifying question is open.
	PendingQuestion bool
	// RepairReason is the context's repair_reason.
	RepairReason states.RepairReason
	// HintVisible is repair_hint_visible.
	HintVisible bool
	// Origin is how the task started.
	Origin Origin
	// OnlyExplicit says the condition graph holds nothing but keyword
	// tags and/or one anchor (seed 000 §6.7 third condition).
	OnlyExplicit bool
	// SoftPending says soft preferences wait as references for
	// clarification (mixed-soft).
	SoftPending bool
	// Relaxable says an empty result has computed relaxations to offer
	// (issue 16 item 5: widening is offered only where it finds results).
	Relaxable bool
	// MenuOpen says a tag's scope menu is open (active_tag_menu).
	MenuOpen bool
	// RouterRefused says the router refused the follow-up (a fallback
	// without a classifier): the turn explains what is missing and
	// changes nothing else.
	RouterRefused bool
	// HasText says the event carries a non-empty text (or url) argument.
	HasText bool
	// HasResults says the result list holds channels (sort applies).
	HasResults bool
	// MoreResults says the result list has a next page.
	MoreResults bool
}

// Submit is what a search.submit or input.commit would start, from the
// committed tags, the anchor and the draft (spec 3.1A, 3.4.1C-2, 3.5.2A,
// seed 000 §6.4-6.6).
type Submit string

// Submit kinds.
const (
	SubmitNothing        Submit = "nothing"         // no draft, no tags, no anchor
	SubmitKeyword        Submit = "keyword"         // tags and/or a keyword draft
	SubmitURL            Submit = "url"             // a lone URL
	SubmitKeywordURL     Submit = "keyword_url"     // tags, then a URL draft (keyword+URL seed)
	SubmitAnchorOnly     Submit = "anchor_only"     // the committed anchor alone
	SubmitAnchorKeyword  Submit = "anchor_keyword"  // anchor plus keyword tags/draft
	SubmitNatural        Submit = "natural"         // a natural-language draft alone
	SubmitMixed          Submit = "mixed"           // a mixed draft alone
	SubmitKeywordUpgrade Submit = "keyword_upgrade" // tags plus natural/mixed draft (6.5)
	SubmitURLUpgrade     Submit = "url_upgrade"     // anchor plus natural/mixed draft (6.6)
	SubmitSecondAnchor   Submit = "second_anchor"   // an anchor exists and the draft is another URL
)

// ClassifySubmit decides what submitting now would start.
func ClassifySubmit(f Facts) Submit {
	switch f.Draft {
	case ShapeNone:
		switch {
		case f.HasAnchor && f.Tags > 0:
			return SubmitAnchorKeyword
		case f.HasAnchor:
			return SubmitAnchorOnly
		case f.Tags > 0:
			return SubmitKeyword
		}
		return SubmitNothing
	case ShapeURL:
		switch {
		case f.HasAnchor:
			return SubmitSecondAnchor
		case f.Tags > 0:
			return SubmitKeywordURL
		}
		return SubmitURL
	case ShapeKeyword:
		if f.HasAnchor {
			return SubmitAnchorKeyword
		}
		return SubmitKeyword
	default: // natural or mixed
		switch {
		case f.HasAnchor && f.DraftHasURL:
			return SubmitSecondAnchor
		case f.HasAnchor:
			return SubmitURLUpgrade
		case f.Tags > 0:
			return SubmitKeywordUpgrade
		case f.Draft == ShapeMixed:
			return SubmitMixed
		}
		return SubmitNatural
	}
}
