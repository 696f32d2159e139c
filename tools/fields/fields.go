// Package fields is the filter-field registry: one row per field a hard
// filter may constrain, and everything that lists filter fields derives
// from it — the store's filter clauses, Match, the memory store's facets,
// the PostgreSQL SQL, the agent's filter commands and filter.set checks,
// the sorts, the first-search parser's count fields, the router's
// filter.remove enum and generated count specs, the prompt schemas' enums,
// the eval predicates and the OpenAPI enums.
//
// A new filter field on data the catalog has is one row in Registry (its
// name and label in tools/condition, the vocabulary every package speaks),
// plus a migration when its SQL needs a column the channels table lacks.
package fields

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/condition"
	"searchagent/tools/number"
	"searchagent/tools/taxonomy"
)

// Kind is how a field's values read and compare.
type Kind string

// The field kinds.
const (
	// Set is a code of a vocabulary (country, language, category): eq,
	// in, not_in. A channel whose value is unknown fails an inclusion and
	// passes an exclusion.
	Set Kind = "set"
	// Count is a whole number (followers): gte, lte, between.
	Count Kind = "count"
	// Ratio is a share in basis points, RatioScale per whole (3% is 300):
	// gte, lte, between, like a count.
	Ratio Kind = "ratio"
	// Duration is the time since an instant, in days: within_days. An
	// unknown instant fails.
	Duration Kind = "duration"
)

// RatioScale is the stored value of a ratio of one (100%): ratios are in
// basis points, so 2.5% is 250.
const RatioScale = 10_000

// Ops are the operators a field of kind k takes.
func (k Kind) Ops() []condition.Op {
	switch k {
	case Set:
		return []condition.Op{condition.OpEq, condition.OpIn, condition.OpNotIn}
	case Count, Ratio:
		return []condition.Op{condition.OpGte, condition.OpLte, condition.OpBetween}
	case Duration:
		return []condition.Op{condition.OpWithinDays}
	}
	return nil
}

// Numeric reports whether k bounds a number with a range (Count, Ratio).
func (k Kind) Numeric() bool { return k == Count || k == Ratio }

// Field is one row of the registry.
type Field struct {
	// Name is the field as tools/condition names it (its zh/en label is
	// condition.Field.Label).
	Name condition.Field
	Kind Kind
	// Column is the field's SQL over the channels table: a column name or
	// an expression of columns (and of doc, the channel's JSON). It comes
	// from here, never from input.
	Column string
	// Number reads a Count or Ratio field from a channel; Text reads a Set
	// field's code; Time reads a Duration field's instant (zero: unknown).
	Number func(*catalog.Channel) int64
	Text   func(*catalog.Channel) string
	Time   func(*catalog.Channel) time.Time
	// Vocab and Shape canonicalise a Set field's values: a name or code
	// the vocabulary knows becomes its code, anything else must have the
	// shape of a code (Shape returns it canonical). Fold says the codes
	// compare case-insensitively.
	Vocab *taxonomy.Vocabulary
	Shape func(string) (string, bool)
	Fold  bool
	// Max is the largest value of a Count or Ratio bound, or of a
	// Duration's days.
	Max int64
	// Sort says results may be sorted by the field, most first.
	Sort bool
	// Aliases are the zh and en words that name the field ("粉丝数",
	// "follower count"), as in "去掉粉丝限制" (the router's filter.remove).
	Aliases []string
	// Cues are the zh and en words that make a number next to them a
	// bound on a Count or Ratio field ("粉丝 1w+", "engagement above 2%"):
	// the first-search parser's and the router's count words.
	Cues []string
	// Default is the field a bare count ("1w 以上") bounds.
	Default bool
}

// Label is the field's display name in locale ("zh…" or en).
func (f Field) Label(locale string) string { return f.Name.Label(locale) }

// Ops are the operators the field takes.
func (f Field) Ops() []condition.Op { return f.Kind.Ops() }

// Registry lists every filter field, in the order clauses, chips and
// enums list them.
var Registry = []Field{
	{Name: condition.Country, Kind: Set, Column: "country",
		Text: func(ch *catalog.Channel) string { return ch.Country }, Vocab: taxonomy.Countries, Shape: alpha(2, strings.ToUpper),
		Aliases: []string{"国家", "地区", "国家地区", "region", "location", "countries"}},
	{Name: condition.Language, Kind: Set, Column: "language",
		Text: func(ch *catalog.Channel) string { return ch.Language }, Vocab: taxonomy.Languages, Shape: alpha(2, strings.ToLower),
		Aliases: []string{"语言", "语种", "language", "languages"}},
	{Name: condition.Category, Kind: Set, Column: "category",
		Text: func(ch *catalog.Channel) string { return ch.Category }, Vocab: taxonomy.Categories, Fold: true,
		Shape:   func(s string) (string, bool) { return strings.ToLower(s), utf8.RuneCountInString(s) <= 64 },
		Aliases: []string{"类目", "类别", "品类", "领域", "categories", "niche"}},
	{Name: condition.Followers, Kind: Count, Column: "followers", Max: number.MaxCount, Sort: true, Default: true,
		Number:  func(ch *catalog.Channel) int64 { return ch.Followers },
		Aliases: []string{"粉丝", "粉丝数", "粉丝量", "订阅", "订阅数", "follower", "follower count", "subscriber", "subscribers", "subscriber count", "subs", "size", "audience size"},
		Cues: []string{"粉丝", "粉絲", "粉丝数", "粉丝量", "粉丝数量", "粉丝规模", "粉丝量级", "粉丝体量", "体量", "粉", "订阅", "订阅数", "订阅者", "订阅量", "订阅人数",
			"关注者", "关注数", "关注量", "followers", "follower", "follower count", "followers count", "subscribers",
			"subscriber", "subscriber count", "subs", "sub", "sub count", "fans", "fanbase", "audience size", "a following of", "following of",
			// Spanish, Portuguese, Catalan and German (issue 26, class B1)
			"seguidores", "suscriptores", "subscriptores", "suscritos", "inscritos", "inscritas", "subscritores", "seguidors", "abonnenten"}},
	{Name: condition.AvgViews, Kind: Count, Column: "avg_views", Max: number.MaxCount, Sort: true,
		Number:  func(ch *catalog.Channel) int64 { return ch.AvgViews },
		Aliases: []string{"均播", "播放", "播放量", "平均播放", "views", "avg views", "average views", "view count"},
		Cues: []string{"均播", "均播放", "平均播放", "平均播放量", "平均播放数", "场均", "场均播放", "播放均值", "播放量", "平均观看",
			"平均观看量", "均观看", "avg views", "avg. views", "average views", "average view count", "avg view count",
			"views per video", "views per post", "average views per video", "views", "avg viewership"}},
	{Name: condition.Engagement, Kind: Ratio, Max: 100 * RatioScale, Sort: true,
		// Average interactions per post (the published lists' Eng.
		// (Avg.)) or else average views, over followers.
		Column: `(CASE WHEN followers > 0 THEN COALESCE(NULLIF((doc->>'avg_engagement')::bigint, 0), avg_views) * ` +
			"10000 / followers ELSE 0 END)",
		Number:  EngagementRate,
		Aliases: []string{"互动率", "互动", "参与率", "engagement", "engagement rate", "interaction rate"},
		Cues: []string{"互动率", "互動率", "平均互动率", "参与率", "互动比例", "engagement rate", "engagement", "eng rate", "eng.",
			"interaction rate", "engagement ratio"}},
	{Name: condition.LastActive, Kind: Duration, Column: "last_post_at", Max: 3650,
		Time:    func(ch *catalog.Channel) time.Time { return ch.LastPostAt },
		Aliases: []string{"活跃", "活跃度", "活跃时间", "更新时间", "发布时间", "activity", "active", "recency"}},
}

// EngagementRate is a channel's engagement rate in basis points: its
// average interactions per post where its source gives them
// (AvgEngagement), else its average views, over its followers; 0 without
// followers.
func EngagementRate(ch *catalog.Channel) int64 {
	if ch.Followers <= 0 {
		return 0
	}
	n := ch.AvgEngagement
	if n == 0 {
		n = ch.AvgViews
	}
	return n * RatioScale / ch.Followers
}

func alpha(n int, canon func(string) string) func(string) (string, bool) {
	return func(s string) (string, bool) {
		if len(s) != n {
			return "", false
		}
		for i := 0; i < len(s); i++ {
			if c := s[i] | 0x20; c < 'a' || c > 'z' {
				return "", false
			}
		}
		return canon(s), true
	}
}

// Lookup returns the row of a field named by its name or a synonym
// tools/condition knows ("subscribers").
func Lookup(name string) (Field, bool) {
	f, ok := condition.ParseField(name)
	if !ok {
		return Field{}, false
	}
	i := slices.IndexFunc(Registry, func(r Field) bool { return r.Name == f })
	if i < 0 {
		return Field{}, false
	}
	return Registry[i], true
}

// ByAlias returns the field a word names: its name or one of its Aliases
// ("国家", "languages"), case-insensitively.
func ByAlias(word string) (Field, bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	for _, f := range Registry {
		if string(f.Name) == w || slices.ContainsFunc(f.Aliases, func(a string) bool { return strings.ToLower(a) == w }) {
			return f, true
		}
	}
	return Field{}, false
}

// Names lists the fields' names in registry order.
func Names() []string {
	out := make([]string, len(Registry))
	for i, f := range Registry {
		out[i] = string(f.Name)
	}
	return out
}

// Of lists the rows of the kinds given, in registry order.
func Of(kinds ...Kind) []Field {
	var out []Field
	for _, f := range Registry {
		if slices.Contains(kinds, f.Kind) {
			out = append(out, f)
		}
	}
	return out
}

// Sorts lists the fields results may be sorted by, in registry order.
func Sorts() []string {
	var out []string
	for _, f := range Registry {
		if f.Sort {
			out = append(out, string(f.Name))
		}
	}
	return out
}

// FormatRatio renders a ratio in basis points as a percentage: 300 is
// "3%", 250 is "2.5%", 5 is "0.05%".
func FormatRatio(bp int64) string {
	s := strconv.FormatInt(bp/100, 10)
	if frac := bp % 100; frac != 0 {
		s += "." + strings.TrimRight(strconv.FormatInt(frac+100, 10)[1:], "0")
	}
	return s + "%"
}

// ParsePercent reads a percentage's number ("3", "2.5", "0.05") as basis
// points; more than two decimals round to the nearest basis point.
func ParsePercent(s string) (int64, bool) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "%"))
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" {
		return 0, false
	}
	var bp int64
	for _, r := range whole {
		if r < '0' || r > '9' || bp > number.MaxCount {
			return 0, false
		}
		bp = bp*10 + int64(r-'0')
	}
	bp *= 100
	var f, pow int64 = 0, 1
	for i, r := range frac {
		if r < '0' || r > '9' {
			return 0, false
		}
		if i < 3 {
			f, pow = f*10+int64(r-'0'), pow*10
		}
	}
	return bp + (f*100+pow/2)/pow, true
}
