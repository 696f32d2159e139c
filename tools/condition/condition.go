// Package condition names the parts of a node of the Condition Graph (spec
// 2.3) that everyone shares: its kind, its field, its operator, its source
// and its status. The condition parser, the router, the agent and the
// response contract all speak these words; each list lives here once.
package condition

import (
	"slices"
	"strings"
)

// Kind is the kind of a condition (spec 2.3).
type Kind string

// Condition kinds, with their priorities (spec 3.7.3): anchor P0, hard and
// keyword P1, soft P2, derived P3.
const (
	KindAnchor  Kind = "anchor"
	KindKeyword Kind = "keyword"
	KindHard    Kind = "hard"
	KindSoft    Kind = "soft"
	KindDerived Kind = "derived"
)

// Kinds lists every condition kind.
var Kinds = []Kind{KindAnchor, KindKeyword, KindHard, KindSoft, KindDerived}

// Field names what a condition constrains.
type Field string

// The fields.
const (
	// Anchor is the pinned channel of a similar-channel search, as the
	// conditions slot shows it.
	Anchor Field = "anchor"
	// URL is an anchor given as a link; the value is the link as typed.
	URL Field = "url"
	// Handle is an anchor given as "@handle"; the value includes the "@".
	Handle Field = "handle"
	// Channel is an anchor recognised as an exact channel name; the value
	// is the channel id.
	Channel Field = "channel"
	// Keyword is an explicit keyword or brand word.
	Keyword Field = "keyword"
	// Platform is a platform code of tools/platform.
	Platform Field = "platform"
	// Country is an ISO 3166-1 alpha-2 code of taxonomy.Countries.
	Country Field = "country"
	// Language is an ISO 639-1 code of taxonomy.Languages.
	Language Field = "language"
	// Category is a category code of taxonomy.Categories.
	Category Field = "category"
	// Followers is the follower (subscriber) count.
	Followers Field = "followers"
	// AvgViews is the average views per video or post.
	AvgViews Field = "avg_views"
	// LastActive is the time since the last upload or post, in days, with
	// OpWithinDays ("active in the last 30 days").
	LastActive Field = "last_active"
	// Preference is a soft preference (spec 3.7.5).
	Preference Field = "preference"
	// Tier is a derived creator size tier ("腰部达人").
	Tier Field = "tier"
	// Engagement is the engagement rate.
	Engagement Field = "engagement"
)

// Fields lists every field. Which of them a hard filter may constrain,
// and how, is the filter registry's (tools/fields).
var Fields = []Field{Anchor, URL, Handle, Channel, Keyword, Platform, Country, Language, Category, Followers, AvgViews, LastActive, Preference, Tier, Engagement}

// labels are the fields' display names.
var labels = map[Field][2]string{
	Anchor:     {"锚点", "Anchor"},
	URL:        {"链接", "Link"},
	Handle:     {"账号", "Handle"},
	Channel:    {"频道", "Channel"},
	Keyword:    {"关键词", "Keyword"},
	Platform:   {"平台", "Platform"},
	Country:    {"地区", "Country"},
	Language:   {"语言", "Language"},
	Category:   {"类目", "Category"},
	Followers:  {"粉丝", "Followers"},
	AvgViews:   {"均播", "Avg views"},
	LastActive: {"活跃", "Active"},
	Preference: {"偏好", "Preference"},
	Tier:       {"量级", "Tier"},
	Engagement: {"互动率", "Engagement"},
}

// synonyms are other spellings of fields that models and older callers
// write; ParseField maps them to the field.
var synonyms = map[string]Field{
	"region":          Country,
	"subscribers":     Followers,
	"views":           AvgViews,
	"activity":        LastActive,
	"active_within":   LastActive,
	"engagement_rate": Engagement,
}

// ParseField returns the field named by its value or a synonym
// ("subscribers" → Followers), case-insensitive.
func ParseField(s string) (Field, bool) {
	t := strings.ToLower(strings.TrimSpace(s))
	if f := Field(t); f.Valid() {
		return f, true
	}
	f, ok := synonyms[t]
	return f, ok
}

// Valid reports whether f is one of Fields.
func (f Field) Valid() bool {
	_, ok := labels[f]
	return ok
}

// Label is the display name of f in locale ("zh…" or anything else for
// en); a synonym gets its field's name, anything else comes back as is.
func (f Field) Label(locale string) string {
	g, ok := ParseField(string(f))
	if !ok {
		return string(f)
	}
	if strings.HasPrefix(locale, "zh") {
		return labels[g][0]
	}
	return labels[g][1]
}

// Op is a condition's operator. The JSON form of each operand:
//
//	eq, neq           a string ("US", "youtube", a handle or channel id)
//	in, not_in        an array of strings (["US","CA"])
//	gte, lte          a number (10000)
//	between           {"min": 5000, "max": 20000}
//	within_days       a number of days (30)
//	contains          a keyword; not_contains for an excluded keyword
//	prefer, avoid     a soft preference code or text
type Op string

// Condition operators.
const (
	OpEq          Op = "eq"
	OpNeq         Op = "neq"
	OpIn          Op = "in"
	OpNotIn       Op = "not_in"
	OpGte         Op = "gte"
	OpLte         Op = "lte"
	OpBetween     Op = "between"
	OpWithinDays  Op = "within_days"
	OpContains    Op = "contains"
	OpNotContains Op = "not_contains"
	OpPrefer      Op = "prefer"
	OpAvoid       Op = "avoid"
)

// Ops lists every operator.
var Ops = []Op{OpEq, OpNeq, OpIn, OpNotIn, OpGte, OpLte, OpBetween, OpWithinDays, OpContains, OpNotContains, OpPrefer, OpAvoid}

// Valid reports whether o is one of Ops.
func (o Op) Valid() bool {
	return slices.Contains(Ops, o)
}

// Source says where a condition came from (spec 5.2).
type Source string

// Condition sources.
const (
	SourceUserInput     Source = "user_input"
	SourceAgentInferred Source = "agent_inferred"
	SourceManual        Source = "manual"
)

// Sources lists every condition source.
var Sources = []Source{SourceUserInput, SourceAgentInferred, SourceManual}

// Status says whether a condition filters the results now.
type Status string

// Condition statuses. A soft condition is never applied (spec 3.7.5).
const (
	// StatusApplied conditions filter (or anchor) the search.
	StatusApplied Status = "applied"
	// StatusReference conditions are shown and may rank, never filter.
	StatusReference Status = "reference"
	// StatusPending conditions need the user's word before they apply.
	StatusPending Status = "pending"
)

// Statuses lists every condition status.
var Statuses = []Status{StatusApplied, StatusReference, StatusPending}
