// Package store defines how the agent searches the channel catalog: the
// Store interface that the in-memory store (package memstore) and the
// PostgreSQL + pgvector store implement, and the query and result types
// they share.
//
// Two searches exist. Search is keyword search: each keyword matches in a
// scope (tags, name, description, content, or all of them), positive
// keywords must all match, excluded keywords remove the channels they
// match, hard filters narrow the set, results are ranked by relevance or
// by a field. SimilarTo is anchor search (spec 3.5.2, 3.7.2, 3.7.6): the
// anchor channel is returned on its own as the pinned reference, and the
// ranked items are the other channels of the platform whose embeddings are
// most similar to it; keywords and hard filters narrow that similar set
// only and never hide the anchor. Every search stays inside one platform
// (spec 1).
package store

import (
	"context"
	"errors"
	"time"

	"slices"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/condition"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/fields"
	"searchagent/tools/platform"

	"searchagent/tools/scope"
)

// Store searches one catalog of channels. Implementations are safe for
// concurrent use.
type Store interface {
	// Search runs a keyword search (see SearchQuery).
	Search(ctx context.Context, q SearchQuery) (Page, error)
	// SimilarTo runs an anchor search (see SimilarQuery).
	SimilarTo(ctx context.Context, q SimilarQuery) (SimilarResult, error)
	// Count is the Total that Search (no AnchorKey) or SimilarTo (with
	// one) would report for the same conditions, for repair suggestions
	// that re-count with one condition relaxed.
	Count(ctx context.Context, q CountQuery) (int, error)
	// ChannelByKey returns the channel a canonical key names (see
	// catalog.Key), or an error wrapping catalog.ErrNotFound.
	ChannelByKey(ctx context.Context, key string) (*catalog.Channel, error)
	// ChannelByContent returns the channel that published contentID on p,
	// or an error wrapping catalog.ErrNotFound.
	ChannelByContent(ctx context.Context, p platform.Platform, contentID string) (*catalog.Channel, error)
	// Describe says which store and embedding model are active, for
	// /readyz, the startup log and traces.
	Describe() Info
}

// Info describes an active store.
type Info struct {
	// Store is the implementation: "memory" or "postgres".
	Store string `json:"store"`
	// Model and Dimensions are the embedding model the store's vectors
	// were made with.
	Model      string `json:"embedding_model"`
	Dimensions int    `json:"embedding_dimensions"`
	// MinScore is the default minimum similarity of SimilarTo.
	MinScore float64 `json:"min_score"`
	// Channels is the number of channels, per platform in PerPlatform.
	Channels    int                       `json:"channels"`
	PerPlatform map[platform.Platform]int `json:"per_platform,omitempty"`
	// Catalog says where the channels came from (the catalog's label).
	Catalog string `json:"catalog"`
	// BuildTime is how long loading and indexing took, zero if unknown.
	BuildTime time.Duration `json:"build_time,omitempty"`
	// Learned says whether a similarity learned from the catalog is in
	// use, and which.
	Learned LearnedInfo `json:"learned_similarity"`
}

// LearnedInfo describes the store's learned similarity (tools/embed/cooc).
type LearnedInfo struct {
	// State is "on", or "off" with the reason.
	State      string        `json:"state"`
	Model      string        `json:"model,omitempty"`
	Dimensions int           `json:"dimensions,omitempty"`
	Terms      int           `json:"terms,omitempty"`
	Channels   int           `json:"trained_on_channels,omitempty"`
	BuildTime  time.Duration `json:"build_time,omitempty"`
}

// LearnedOff is the state of a store built without a learned model.
const LearnedOff = "off: no learned model (hashing similarity and the alias table only)"

// DescribeLearned is the LearnedInfo of model m (nil: off).
func DescribeLearned(m *cooc.Model) LearnedInfo {
	if m == nil {
		return LearnedInfo{State: LearnedOff}
	}
	st := m.Stats()
	return LearnedInfo{State: "on", Model: st.Model, Dimensions: st.Dimensions, Terms: st.Terms, Channels: st.Channels, BuildTime: st.BuildTime}
}

// Errors of the store. Lookups of unknown channels and anchors return
// errors wrapping catalog.ErrNotFound.
var (
	// ErrBadQuery is returned (wrapped with the reason) for a query that
	// cannot run: unknown platform or scope or sort, negative offset,
	// limit over MaxLimit, min over max in a range, an empty keyword.
	ErrBadQuery = errors.New("bad query")
	// ErrPlatformMismatch is returned (wrapped, together with
	// ErrBadQuery) when the anchor belongs to another platform than the
	// query: a search never leaves its platform.
	ErrPlatformMismatch = errors.New("anchor is on another platform")
)

// ErrNotFound is catalog.ErrNotFound, re-exported for callers of Store.
var ErrNotFound = catalog.ErrNotFound

// Scope is where a keyword is matched (spec 3.4.1D): tools/scope's. The
// zero value means scope.Default (tags). What each scope matches: tags,
// the channel's tags and its category (the category's id and zh and en
// names count as tags); name, the channel's name, handle and aliases;
// description, its description; content, the titles of its recent
// content; all, any of these.
type Scope = scope.Scope

// Keyword is one keyword tag: its text, where it matches, and whether it
// excludes (spec 3.4.1D-E). Positive keywords must all match (AND); an
// excluded keyword removes the channels it matches in its own scope and
// changes nothing about the other keywords. A keyword of several words
// ("swim vest", "汽配评测") matches as a phrase: its words, or for Chinese
// its characters, in order and adjacent within one field value, after
// textnorm normalisation (case, width, traditional/simplified, plurals).
//
// In tag scope a keyword that names a topic of the bilingual alias table
// (taxonomy.Synonyms) also matches the topic's other words and its
// category ("cooking" matches food, 美食, 烹饪): see Aliases. Exact keeps
// the keyword to its own words.
type Keyword struct {
	Text     string `json:"text"`
	Scope    Scope  `json:"scope,omitempty"`
	Excluded bool   `json:"is_excluded,omitempty"`
	// Exact turns alias expansion off for this keyword.
	Exact bool `json:"exact,omitempty"`
	// Soft ranks without filtering: a channel need not match it, one that
	// does scores higher in a keyword search ("汽配评测" said around the
	// category 汽车, issue 16). Similar recall ranks by similarity and
	// does not use it; an excluded keyword cannot be soft.
	Soft bool `json:"soft,omitempty"`
}

// Range bounds a count; 0 leaves a side open. Both ends are inclusive.
type Range struct {
	Min int64 `json:"min,omitempty"`
	Max int64 `json:"max,omitempty"`
}

// IsZero reports whether r is open on both sides.
func (r Range) IsZero() bool { return r.Min == 0 && r.Max == 0 }

// Contains reports whether v lies in r.
func (r Range) Contains(v int64) bool {
	return (r.Min == 0 || v >= r.Min) && (r.Max == 0 || v <= r.Max)
}

// Filters are hard filters (priority P1), one per field of the filter
// registry (tools/fields). A channel passes when every set field matches:
// its country is one of Countries, its language one of Languages, its
// category one of Categories, its followers, average views and every
// other count or ratio in their ranges, and it posted at or after
// ActiveSince. A channel whose country, language, category or last post
// is unknown fails a filter on that field.
//
// The registry's first fields have their own members; a field added to
// the registry later is filtered through Sets, Ranges or Since under its
// name, so it needs no member here (Range, SetRange, Values and SetValues
// reach every field alike).
type Filters struct {
	// Countries are ISO 3166-1 alpha-2 codes; names and aliases the
	// taxonomy knows ("美国", "USA") are accepted and canonicalised.
	Countries []string `json:"countries,omitempty"`
	// Languages are ISO 639-1 codes (or taxonomy names: "英语").
	Languages []string `json:"languages,omitempty"`
	// Categories are taxonomy category ids (or names: "汽车").
	Categories []string `json:"categories,omitempty"`
	// ExcludeCountries, ExcludeLanguages and ExcludeCategories remove the
	// channels whose value is one of them ("不要游戏", "exclude gaming"); a
	// channel whose value is unknown passes an exclusion.
	ExcludeCountries  []string  `json:"exclude_countries,omitempty"`
	ExcludeLanguages  []string  `json:"exclude_languages,omitempty"`
	ExcludeCategories []string  `json:"exclude_categories,omitempty"`
	Followers         Range     `json:"followers,omitzero"`
	AvgViews          Range     `json:"avg_views,omitzero"`
	ActiveSince       time.Time `json:"active_since,omitzero"`
	// Ranges bounds the other count and ratio fields (a ratio in basis
	// points: fields.RatioScale is 100%), by field name ("engagement").
	Ranges map[condition.Field]Range `json:"ranges,omitempty"`
	// Sets holds the other set fields' values, by field name.
	Sets map[condition.Field]Values `json:"sets,omitempty"`
	// Since holds the other duration fields' earliest instant.
	Since map[condition.Field]time.Time `json:"since,omitempty"`
}

// Values are a set field's included and excluded codes.
type Values struct {
	In  []string `json:"in,omitempty"`
	Out []string `json:"out,omitempty"`
}

// Range is the range of the count or ratio field name.
func (f *Filters) Range(name condition.Field) Range {
	if p := f.rangeMember(name); p != nil {
		return *p
	}
	return f.Ranges[name]
}

// SetRange sets the range of the count or ratio field name.
func (f *Filters) SetRange(name condition.Field, r Range) {
	if p := f.rangeMember(name); p != nil {
		*p = r
		return
	}
	if r.IsZero() {
		delete(f.Ranges, name)
		return
	}
	if f.Ranges == nil {
		f.Ranges = map[condition.Field]Range{}
	}
	f.Ranges[name] = r
}

func (f *Filters) rangeMember(name condition.Field) *Range {
	switch name {
	case condition.Followers:
		return &f.Followers
	case condition.AvgViews:
		return &f.AvgViews
	}
	return nil
}

// Values are the included and excluded codes of the set field name.
func (f *Filters) Values(name condition.Field) Values {
	if in, out := f.setMembers(name); in != nil {
		return Values{In: *in, Out: *out}
	}
	return f.Sets[name]
}

// SetValues sets the included and excluded codes of the set field name.
func (f *Filters) SetValues(name condition.Field, v Values) {
	if in, out := f.setMembers(name); in != nil {
		*in, *out = v.In, v.Out
		return
	}
	if len(v.In) == 0 && len(v.Out) == 0 {
		delete(f.Sets, name)
		return
	}
	if f.Sets == nil {
		f.Sets = map[condition.Field]Values{}
	}
	f.Sets[name] = v
}

func (f *Filters) setMembers(name condition.Field) (in, out *[]string) {
	switch name {
	case condition.Country:
		return &f.Countries, &f.ExcludeCountries
	case condition.Language:
		return &f.Languages, &f.ExcludeLanguages
	case condition.Category:
		return &f.Categories, &f.ExcludeCategories
	}
	return nil, nil
}

// SinceOf is the earliest instant of the duration field name (zero: no
// filter).
func (f *Filters) SinceOf(name condition.Field) time.Time {
	if name == condition.LastActive {
		return f.ActiveSince
	}
	return f.Since[name]
}

// SetSince sets the earliest instant of the duration field name.
func (f *Filters) SetSince(name condition.Field, t time.Time) {
	if name == condition.LastActive {
		f.ActiveSince = t
		return
	}
	if t.IsZero() {
		delete(f.Since, name)
		return
	}
	if f.Since == nil {
		f.Since = map[condition.Field]time.Time{}
	}
	f.Since[name] = t
}

// IsZero reports whether no filter is set.
func (f Filters) IsZero() bool { return len(f.Clauses()) == 0 }

// ClauseOp is how a clause constrains its column.
type ClauseOp int

// The clause operators.
const (
	// OneOf: the value is one of Values (an unknown value fails).
	OneOf ClauseOp = iota
	// NoneOf: the value is none of Values (an unknown value passes).
	NoneOf
	// AtLeast: the count is Number or more.
	AtLeast
	// AtMost: the count is Number or less.
	AtMost
	// Since: the time is Time or later (an unknown time fails).
	Since
)

// Clause is one set filter in a store-neutral form, so that a store
// derives its query from the filters without knowing their fields: the
// registry row it bears on (its Column is the SQL, its readers the
// channel's value), the operator and its operand.
type Clause struct {
	Field fields.Field
	Op    ClauseOp
	// Values is the operand of OneOf and NoneOf; Field.Fold says they
	// compare case-insensitively (the store lower-cases both sides).
	Values []string
	// Number is the operand of AtLeast and AtMost.
	Number int64
	// Time is the operand of Since.
	Time time.Time
}

// Clauses lists the filters that are set, in registry order (fields.Registry
// is the one place a store learns a filter field's column and operators).
func (f Filters) Clauses() []Clause {
	var out []Clause
	for _, fd := range fields.Registry {
		switch fd.Kind {
		case fields.Set:
			v := f.Values(fd.Name)
			if len(v.In) > 0 {
				out = append(out, Clause{Field: fd, Op: OneOf, Values: v.In})
			}
			if len(v.Out) > 0 {
				out = append(out, Clause{Field: fd, Op: NoneOf, Values: v.Out})
			}
		case fields.Count, fields.Ratio:
			r := f.Range(fd.Name)
			if r.Min > 0 {
				out = append(out, Clause{Field: fd, Op: AtLeast, Number: r.Min})
			}
			if r.Max > 0 {
				out = append(out, Clause{Field: fd, Op: AtMost, Number: r.Max})
			}
		case fields.Duration:
			if t := f.SinceOf(fd.Name); !t.IsZero() {
				out = append(out, Clause{Field: fd, Op: Since, Time: t})
			}
		}
	}
	return out
}

// Match reports whether ch passes the clause (its operand canonical).
func (c Clause) Match(ch *catalog.Channel) bool {
	switch c.Op {
	case OneOf, NoneOf:
		v := c.Field.Text(ch)
		in := slices.ContainsFunc(c.Values, func(x string) bool { return x == v || c.Field.Fold && strings.EqualFold(x, v) })
		if c.Op == OneOf {
			return v != "" && in
		}
		return v == "" || !in
	case AtLeast:
		return c.Field.Number(ch) >= c.Number
	case AtMost:
		return c.Field.Number(ch) <= c.Number
	case Since:
		t := c.Field.Time(ch)
		return !t.IsZero() && !t.Before(c.Time)
	}
	return false
}

// Sort orders results.
type Sort string

// Sorts. Every sort breaks ties by followers (descending), then by
// channel key (ascending), so pages are stable.
const (
	// SortRelevance ranks keyword matches by BM25 score; the default of
	// Search. With no positive keyword every score is 0 and the order is
	// the tie-break. In SimilarTo it means SortSimilarity.
	SortRelevance Sort = "relevance"
	// SortSimilarity ranks by the hybrid similarity to the anchor (see Weights); the
	// default of SimilarTo, invalid in Search.
	SortSimilarity Sort = "similarity"
	// SortFollowers ranks by followers, most first.
	SortFollowers Sort = "followers"
	// SortAvgViews ranks by average views, most first.
	SortAvgViews Sort = "avg_views"
	// SortRecent ranks by last post time, newest first (unknown last).
	SortRecent Sort = "recent"
	// SortEngagement ranks by engagement rate, highest first.
	SortEngagement Sort = "engagement"
)

// Sorts are the sorts of a keyword search: relevance, recent and one per
// sortable field of the registry (fields.Sorts), most first.
func Sorts() []Sort {
	out := []Sort{SortRelevance}
	for _, n := range fields.Sorts() {
		out = append(out, Sort(n))
	}
	return append(out, SortRecent)
}

// Field is the registry row a sort ranks by, if it ranks by a field.
func (s Sort) Field() (fields.Field, bool) {
	if s == SortRelevance || s == SortSimilarity || s == SortRecent {
		return fields.Field{}, false
	}
	f, ok := fields.Lookup(string(s))
	return f, ok && f.Sort && f.Kind.Numeric()
}

// Paging limits.
const (
	// DefaultLimit is the page size when Limit is 0.
	DefaultLimit = 20
	// MaxLimit is the largest page size.
	MaxLimit = 100
	// MaxOffset is the largest offset: deep pages cost a top-k heap of
	// offset+limit entries, so paging stops there.
	MaxOffset = 10_000
	// MaxKeywords is the most keywords one query may carry.
	MaxKeywords = 20
	// MaxKeywordRunes is the longest keyword text, in characters.
	MaxKeywordRunes = 100
	// MaxFilterValues is the most values one list filter may carry.
	MaxFilterValues = 50
)

// Minimum similarity of SimilarTo.
const (
	// NoMinScore as MinScore ranks every channel of the platform, however
	// dissimilar (for diagnostics and recall measurement).
	NoMinScore = -1.0
	// DefaultMinScore is the minimum cosine similarity when neither the
	// query, the store's configuration nor its embedder
	// (embed.Thresholder) says otherwise. It is the hashing embedder's
	// calibrated threshold; calibrate another model with MeasureRecall.
	DefaultMinScore = 0.40
	// LowRecallBelow is the similar-set size under which an anchor search
	// counts as low recall (spec 3.5.3C, seed 000 6.9): results are still
	// shown, and the caller sets repair_reason=low_recall with a hint.
	LowRecallBelow = 10
)

// LowRecall reports whether an anchor search that found total similar
// channels should be flagged low_recall.
func LowRecall(total int) bool { return total < LowRecallBelow }

// SearchQuery is a keyword search inside one platform.
type SearchQuery struct {
	Platform platform.Platform `json:"platform"`
	Keywords []Keyword         `json:"keywords,omitempty"`
	Filters  Filters           `json:"filters,omitzero"`
	// Sort is SortRelevance when empty.
	Sort Sort `json:"sort,omitempty"`
	// Offset and Limit page the ranked results; Limit 0 is DefaultLimit.
	Offset int `json:"offset,omitempty"`
	Limit  int `json:"limit,omitempty"`
}

// Hit is one ranked channel: Score is the BM25 relevance in Search (0
// without positive keywords) and the hybrid similarity to the anchor in
// SimilarTo.
//
// In SimilarTo, Score is the hybrid similarity (see Weights), Similarity
// the embedding cosine (0 for a thin anchor: see Basis) and Reasons say
// why the channel matches.
type Hit struct {
	Channel    *catalog.Channel `json:"channel"`
	Score      float64          `json:"score"`
	Similarity float64          `json:"similarity,omitempty"`
	Reasons    []Reason         `json:"reasons,omitempty"`
}

// Page is one page of search results.
type Page struct {
	Items []Hit `json:"items"`
	// Total is the number of channels matching the query, over all pages.
	Total int `json:"total"`
	// NextOffset is the offset of the next page, -1 after the last.
	NextOffset int `json:"next_offset"`
	// Expansions lists the aliases keywords were widened with (see
	// Expansion), so the user sees "cooking · also matches food, 美食".
	Expansions []Expansion `json:"expansions,omitempty"`
}

// SimilarQuery is an anchor search: channels similar to the anchor,
// inside the query's platform.
type SimilarQuery struct {
	Platform platform.Platform `json:"platform"`
	// AnchorKey is a canonical catalog key of the anchor channel.
	AnchorKey string `json:"anchor_key"`
	// Keywords and Filters narrow the similar set; the anchor itself is
	// always returned, whether it matches them or not.
	Keywords []Keyword `json:"keywords,omitempty"`
	Filters  Filters   `json:"filters,omitzero"`
	// Sort is SortSimilarity when empty; other sorts re-order the
	// similar set (the channels at or above MinScore).
	Sort   Sort `json:"sort,omitempty"`
	Offset int  `json:"offset,omitempty"`
	Limit  int  `json:"limit,omitempty"`
	// MinScore is the minimum cosine similarity for a channel to count as
	// similar, in [-1, 1]; 0 means the store's default (Info.MinScore)
	// and NoMinScore ranks every channel.
	MinScore float64 `json:"min_score,omitempty"`
}

// SimilarResult is the answer to an anchor search. The similar set is the
// channels whose embedding cosine is at least MinScore (for a thin anchor,
// whose audience is within SignalBand and country the same: see Basis),
// ranked by the hybrid score (DefaultWeights) with Sort similarity; with
// NoMinScore the channels under the store's default minimum rank after
// those above it.
type SimilarResult struct {
	// Anchor is the pinned reference channel, never among Items.
	Anchor *catalog.Channel `json:"anchor"`
	Items  []Hit            `json:"items"`
	// Total is the size of the similar set after keywords and filters,
	// or with TotalAtLeast a lower bound of it.
	Total int `json:"total"`
	// TotalAtLeast says the set goes on beyond Total: a store that ranks
	// a candidate pool of the anchor's nearest neighbours (pgstore) does
	// not count a set that no keyword bounds past a full pool, whose
	// exact size would cost a distance for every filtered channel (all of
	// a country's, at a million channels two seconds a search). Shown as
	// "1,000+". Count stays exact.
	TotalAtLeast bool `json:"total_at_least,omitempty"`
	NextOffset   int  `json:"next_offset"`
	// MinScore is the minimum similarity that was applied.
	MinScore float64 `json:"min_score"`
	// Expansions lists the aliases keywords were widened with.
	Expansions []Expansion `json:"expansions,omitempty"`
	// Basis says what the search matched on: content, or for an anchor
	// with only a name, audience size, views, country and language (and
	// why).
	Basis Basis `json:"basis"`
}

// CountQuery asks how many channels a search would find: a keyword search
// without AnchorKey, the size of the similar set with one.
type CountQuery struct {
	Platform  platform.Platform `json:"platform"`
	AnchorKey string            `json:"anchor_key,omitempty"`
	Keywords  []Keyword         `json:"keywords,omitempty"`
	Filters   Filters           `json:"filters,omitzero"`
	MinScore  float64           `json:"min_score,omitempty"`
}
