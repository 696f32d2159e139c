package fsm

import "slices"

// Offered actions (seed 000 §8.4, contract §3.2): the actions shown are
// the user actions that are executable now — one per event, shown only
// when a registry row for the event starts here and its guard holds for
// the current context and a plausible click. The agent's buttons, the
// contract's allowed set and a 409's allowed lists all come from Offers.

// Clicks returns the facts a plausible click of e would make from the
// current facts f, most likely first: the arguments a user sends with the
// event (a text, a tag, a chosen option) are unknown until the click, so
// each variant fills them in one plausible way. An event that acts on
// something absent now (a tag, a condition, results, an open question)
// has no variant.
func Clicks(e Event, f Facts) []Facts {
	with := func(mod func(*Facts)) Facts { g := f; mod(&g); return g }
	typed := func(shapes ...Shape) []Facts {
		var out []Facts
		for _, sh := range shapes {
			out = append(out, with(func(g *Facts) {
				g.HasText, g.TextEmpty, g.Draft, g.DraftHasURL = true, false, sh, sh == ShapeURL
			}))
		}
		return out
	}
	switch e {
	case InputType, FollowupType:
		return typed(ShapeKeyword)
	case InputCommit, SearchSubmit:
		if f.Draft != ShapeNone {
			// The click submits the draft the box holds: its row is known.
			return []Facts{with(func(g *Facts) { g.HasText = true })}
		}
		if e == SearchSubmit && (f.Tags > 0 || f.HasAnchor) {
			// Searching what is committed, or typing more first.
			return append([]Facts{f}, typed(ShapeKeyword, ShapeURL, ShapeNatural, ShapeMixed)...)
		}
		return typed(ShapeKeyword, ShapeURL, ShapeNatural, ShapeMixed)
	case FollowupSubmit:
		return []Facts{with(func(g *Facts) { g.HasText, g.RouterRefused = true, false })}
	case RepairFixURL, RepairReplaceAnchor:
		return typed(ShapeURL)
	case RepairSwitchToNL:
		// A click without text expands and waits for the description.
		return append([]Facts{f}, typed(ShapeNatural)...)
	case TagEdit, TagMenuOpen, TagSetScope, TagToggleExclude, TagDelete:
		if f.Tags == 0 {
			return nil
		}
		return []Facts{with(func(g *Facts) { g.TagIsLast = g.Tags == 1 })}
	case TagEditSubmit:
		if f.Tags == 0 {
			return nil
		}
		// Saving the edited text; clearing it to delete is tag.delete's button.
		return []Facts{with(func(g *Facts) { g.TagIsLast, g.HasText, g.TextEmpty = g.Tags == 1, true, false })}
	case ConditionEdit, ConditionRemove, FilterClear:
		if f.OnlyExplicit {
			return nil
		}
	case ResultsSort:
		if !f.HasResults {
			return nil
		}
	case ResultsPage:
		if !f.MoreResults {
			return nil
		}
	case ClarifyAnswer:
		if !f.PendingQuestion {
			return nil
		}
	}
	return []Facts{f}
}

// Offer returns the row a click of e fires now, or nil when the event is
// not offered: no row of e starts in s, or no plausible click passes a
// row's guard. The row is the first variant's (see Clicks), so it is the
// one that fires for the current context when that is known.
func (r *Registry) Offer(s State, e Event, f Facts) *Action {
	if !IsUserEvent(e) {
		return nil
	}
	for _, g := range Clicks(e, f) {
		if a, _ := r.match(s, e, g); a != nil && !a.Outcome {
			return a
		}
	}
	return nil
}

// Offers lists the offered user actions in s, one per event, in the
// order of UserEvents.
//
// The offers are a function of the state and the facts alone (the rows
// and their guards do not change), and a session's turns ask for them
// several times with the few combinations there are (Clicks and the row
// scan per user event were 3.5% of the service's CPU at 50 users): the
// registry keeps the first offersCap answers. The caller gets its own
// slice.
func (r *Registry) Offers(s State, f Facts) []*Action {
	k := offerKey{s, f}
	if v, ok := r.offers.Load(k); ok {
		return slices.Clone(v.([]*Action))
	}
	out := r.offersOf(s, f)
	if r.offersN.Load() < offersCap {
		if _, had := r.offers.LoadOrStore(k, out); !had {
			r.offersN.Add(1)
		}
	}
	return slices.Clone(out)
}

// offersCap bounds the offers a registry keeps (a fact is a count of
// tags: the combinations are few in practice, not by construction).
const offersCap = 4096

// offerKey is what the offers depend on.
type offerKey struct {
	s State
	f Facts
}

// offersOf computes Offers.
func (r *Registry) offersOf(s State, f Facts) []*Action {
	var out []*Action
	for _, e := range UserEvents {
		if a := r.Offer(s, e, f); a != nil {
			out = append(out, a)
		}
	}
	return out
}
