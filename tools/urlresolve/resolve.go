package urlresolve

import (
	"context"
	"errors"
	"fmt"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// Lookup finds channels by canonical key or by content id. Both methods
// return an error wrapping catalog.ErrNotFound for a miss; any other error
// is a real failure. *catalog.Catalog satisfies it, and so does a
// database-backed store.
type Lookup interface {
	ChannelByKey(ctx context.Context, key string) (*catalog.Channel, error)
	ChannelByContent(ctx context.Context, p platform.Platform, contentID string) (*catalog.Channel, error)
}

var _ Lookup = (*catalog.Catalog)(nil)

// State is a URL micro-state of the business spec (seed 002, 3.5.3A).
type State string

// The URL micro-states, verbatim from the spec.
const (
	// StateResolving: the link is being recognised. Resolve never returns
	// it; callers use it for the transient state around a Resolve call.
	StateResolving   State = "resolving"
	StateExact       State = "resolved_exact"       // a channel of the current platform
	StateMismatch    State = "resolved_mismatch"    // a usable link of another platform
	StateUnsupported State = "resolved_unsupported" // a recognised link of an unsupported type
	StateInvalid     State = "resolved_invalid"     // malformed, unknown, or naming nothing in the catalog
)

// Repair reasons (state machine context repair_reason) for the failed states.
const (
	RepairURLInvalid     = "url_invalid"
	RepairURLMismatch    = "url_mismatch"
	RepairURLUnsupported = "url_unsupported"
)

// Resolution is the outcome of resolving a link on a platform's search
// page. It is JSON-encodable with snake_case names.
type Resolution struct {
	// State is one of the resolved_* micro-states.
	State State `json:"state"`
	// Reason says why, in a stable code (channel_found, platform_mismatch,
	// unsupported_playlist, bad_handle, channel_not_found…).
	Reason Reason `json:"reason"`
	// Page is the platform whose search page the link was entered on.
	Page platform.Platform `json:"page"`
	// LinkPlatform is the platform the link belongs to, when recognised.
	LinkPlatform platform.Platform `json:"link_platform,omitempty"`
	// Parsed is what the link names, when it was recognised.
	Parsed *Parsed `json:"parsed,omitempty"`
	// Channel and Key (the channel's primary canonical key) are set for
	// resolved_exact only.
	Channel *catalog.Channel `json:"channel,omitempty"`
	Key     string           `json:"key,omitempty"`
	// RepairReason is url_invalid, url_mismatch or url_unsupported for the
	// failed states, empty for resolved_exact.
	RepairReason string `json:"repair_reason,omitempty"`
	// Hint is the short user-facing text for the state (spec 3.5.5).
	Hint Hint `json:"hint"`
}

// ErrNoLookup is returned by Resolve when it is given no Lookup.
var ErrNoLookup = errors.New("urlresolve: no channel lookup")

// Resolve parses raw and decides its micro-state on page's search page:
//
//   - a link that does not parse: resolved_invalid with the parse reason
//     and the "cannot recognise this link" hint;
//   - a recognised link of an unsupported type: resolved_unsupported, even
//     when it belongs to another platform (switching platform would not
//     make it usable);
//   - a channel or content link of another platform: resolved_mismatch,
//     without a lookup (searches stay inside the current platform);
//   - a channel link whose key the catalog knows: resolved_exact;
//   - a content link: resolved_exact when the catalog knows the content
//     id, or else the channel handle the link carries (TikTok video, X
//     status, Instagram /<user>/p/…);
//   - anything else: resolved_invalid with channel_not_found or
//     content_not_found and the "no channel for this link" hint.
//
// A lookup error other than catalog.ErrNotFound is returned as an error,
// never reported as an invalid link.
func Resolve(ctx context.Context, page platform.Platform, raw string, lookup Lookup) (Resolution, error) {
	if !page.Valid() {
		return Resolution{}, fmt.Errorf("urlresolve: resolve on page %q: %w", page, platform.ErrUnknown)
	}
	if lookup == nil {
		return Resolution{}, ErrNoLookup
	}
	p, err := Parse(raw)
	if err != nil {
		e := &Error{Reason: ReasonMalformed}
		errors.As(err, &e)
		return Resolution{
			State: StateInvalid, Reason: e.Reason, Page: page, LinkPlatform: e.Platform,
			RepairReason: RepairURLInvalid, Hint: unreadableHint(),
		}, nil
	}
	res := Resolution{Page: page, LinkPlatform: p.Platform, Parsed: &p}
	switch {
	case p.Kind == KindUnsupported:
		res.State, res.Reason, res.RepairReason, res.Hint = StateUnsupported, p.Reason, RepairURLUnsupported, unsupportedHint()
		return res, nil
	case p.Platform != page:
		res.State, res.Reason, res.RepairReason, res.Hint = StateMismatch, ReasonPlatformMismatch, RepairURLMismatch, mismatchHint(page, p.Platform)
		return res, nil
	}
	if err := ctx.Err(); err != nil {
		return Resolution{}, fmt.Errorf("urlresolve: resolve: %w", err)
	}
	var (
		ch     *catalog.Channel
		reason Reason
	)
	if p.Kind == KindContent {
		if ch, err = found(lookup.ChannelByContent(ctx, p.Platform, p.ContentID)); err != nil {
			return Resolution{}, fmt.Errorf("urlresolve: look up %s: %w", p.ContentKey, err)
		}
		reason = ReasonContentFound
	}
	if ch == nil && p.Key != "" {
		if ch, err = found(lookup.ChannelByKey(ctx, p.Key)); err != nil {
			return Resolution{}, fmt.Errorf("urlresolve: look up %s: %w", p.Key, err)
		}
		reason = ReasonChannelFound
		if p.Kind == KindContent {
			reason = ReasonContentHandleFound
		}
	}
	if ch == nil {
		res.State, res.Reason, res.RepairReason, res.Hint = StateInvalid, ReasonChannelNotFound, RepairURLInvalid, notFoundHint()
		if p.Kind == KindContent {
			res.Reason = ReasonContentNotFound
		}
		return res, nil
	}
	res.State, res.Reason, res.Channel, res.Key, res.Hint = StateExact, reason, ch, ch.Key(), exactHint(ch.Name)
	return res, nil
}

// found turns a miss (an error wrapping catalog.ErrNotFound, or a nil
// channel) into (nil, nil) and keeps real errors.
func found(ch *catalog.Channel, err error) (*catalog.Channel, error) {
	if errors.Is(err, catalog.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return ch, nil
}
