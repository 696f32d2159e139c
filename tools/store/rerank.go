package store

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/platform"
	"searchagent/tools/taxonomy"
)

// Weights are the weights of the hybrid similarity score (see
// Signals.Score): topic relevance (Content, Tags, Category), squared, times
// audience fit (1 + Audience, Views, Country, Language, Activity), so that a channel
// of the same size and country never outranks one of the same topic by
// fit alone.
type Weights struct {
	// Content weighs the embedding cosine similarity.
	Content float64 `json:"content"`
	// Tags weighs the Jaccard overlap of the tag sets (without the
	// category), scaled by the anchor's label share (Profile.LabelShare).
	Tags float64 `json:"tags"`
	// Category weighs being in the anchor's category.
	Category float64 `json:"category"`
	// Niche weighs having the anchor's very tag set (Signals.Niche): on
	// the published lists, whose tags are a channel's category columns,
	// the exact category combination a marketer calls its niche.
	Niche float64 `json:"niche"`
	// Audience weighs audience-size proximity: 1 for the same follower
	// count, falling linearly to 0 at AudienceSpan decades apart.
	Audience float64 `json:"audience"`
	// Views weighs the proximity of average views per follower, the
	// platform statistic every published list has.
	Views float64 `json:"views"`
	// Country and Language weigh a known, equal country (language).
	Country  float64 `json:"country"`
	Language float64 `json:"language"`
	// Activity weighs posting within ActiveWindow of the anchor.
	Activity float64 `json:"activity"`
	// Learned weighs the cosine of the two channels' vectors in the term
	// space learned from the catalog (tools/embed/cooc), 0 when the store
	// has no learned model.
	Learned float64 `json:"learned"`
}

// Hybrid-score constants.
const (
	// AudienceSpan is how many decades of follower count apart audience
	// proximity reaches 0.
	AudienceSpan = 1.5
	// ActiveWindow is how close two channels' last posts must be to count
	// as equally active.
	ActiveWindow = 90 * 24 * time.Hour
	// SignalBand is the largest follower ratio at which a channel is a
	// neighbour of a thin anchor (see Profile.Thin).
	SignalBand = 3.0
)

// Profile is what the hybrid score reads of one channel, computed once per
// channel by a store.
type Profile struct {
	// Tags are the lower-cased tags, sorted, distinct. The category is
	// not among them: it has its own signal (Signals.Category).
	Tags []string
	// LogFollowers is log10(1+followers); ViewsRate log10 of average views
	// per follower, NaN when either count is unknown.
	LogFollowers float64
	ViewsRate    float64
	// Coverage is the channel's embedded-text coverage.
	Coverage embed.Coverage
	ch       *catalog.Channel
}

// NewProfile builds the profile of ch.
func NewProfile(ch *catalog.Channel) Profile {
	return NewProfileCovered(ch, embed.ChannelCoverage(ch))
}

// NewProfileCovered is NewProfile with the channel's coverage already
// known (embed.ChannelCoverage(ch), which tokenises the channel's text):
// a store that keeps it per channel passes it in.
func NewProfileCovered(ch *catalog.Channel, cov embed.Coverage) Profile {
	p := Profile{ch: ch, LogFollowers: math.Log10(1 + float64(max(ch.Followers, 0))), ViewsRate: math.NaN(), Coverage: cov}
	if ch.Followers > 0 && ch.AvgViews > 0 {
		p.ViewsRate = math.Log10(float64(ch.AvgViews) / float64(ch.Followers))
	}
	for _, t := range ch.Tags {
		if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
			p.Tags = append(p.Tags, t)
		}
	}
	slices.Sort(p.Tags)
	p.Tags = slices.Compact(p.Tags)
	return p
}

// Channel is the channel of the profile.
func (p *Profile) Channel() *catalog.Channel { return p.ch }

// LabelShare is the share of the channel's content features in its
// category and tags (embed.Coverage.Labels): 1 for a channel known by its
// labels alone, less the more description and titles it has. The hybrid
// score weighs tag overlap by the anchor's share, since the cosine reads
// the same tags in the context of the rest of the text.
func (p *Profile) LabelShare() float64 {
	if p.Coverage.Content == 0 {
		return 1
	}
	return float64(p.Coverage.Labels) / float64(p.Coverage.Content)
}

// Thin reports whether the channel has too little text to be compared by
// its embedding (embed.Coverage.Thin): an anchor so thin gets neighbours by
// the signals it has (audience size, views, country, language) instead.
func (p *Profile) Thin() bool { return p.Coverage.Thin() }

// InBand reports whether c is a signal neighbour of the thin anchor a:
// follower counts within SignalBand of each other, and the same country
// when the anchor's is known.
func InBand(a, c *Profile) bool {
	if math.Abs(a.LogFollowers-c.LogFollowers) > math.Log10(SignalBand) {
		return false
	}
	return a.ch.Country == "" || a.ch.Country == c.ch.Country
}

// Signals are the hybrid score's inputs for one (anchor, candidate) pair,
// each in [0, 1] (Content in [-1, 1]).
type Signals struct {
	Content, Tags, Category, Audience, Views, Country, Language, Activity float64
	// Niche is 1 when the two channels have the same (non-empty) tag set.
	Niche float64
	// Learned is the learned-space cosine (see Weights.Learned; 0 when
	// either channel has no learned vector or the store no model).
	Learned float64
	// Shared are the tags both have.
	Shared []string
	// Ratio is the larger follower count over the smaller (0 if unknown).
	Ratio float64
	// Labels is the anchor's label share (Profile.LabelShare), which
	// scales the tag weight.
	Labels float64
	thin   bool
}

// Candidate is one channel of an anchor's similar set before ranking:
// what the default similarity sort orders (tier first, then the hybrid
// score, then followers, most first, then the channel key) and what a
// weight fit re-scores (tools/store/relevance).
type Candidate struct {
	Channel *catalog.Channel
	Signals Signals
	// Tier is 1 for a channel at or above the store's default minimum
	// score (or in a thin anchor's signal band), 0 below it.
	Tier int
}

// CandidateSource is a store that lists an anchor's similar set with the
// hybrid signals of each candidate (the memory store), for fitting the
// weights.
type CandidateSource interface {
	Candidates(ctx context.Context, p platform.Platform, anchorKey string) ([]Candidate, error)
}

// Compare computes the signals of candidate c against anchor a; cosine is
// their embedding similarity, ignored (0) when either is thin.
func Compare(a, c *Profile, cosine float64) Signals {
	s := Signals{thin: a.Thin(), Labels: a.LabelShare()}
	if !a.Thin() && !c.Thin() {
		s.Content = cosine
	}
	inter := 0
	i, j := 0, 0
	for i < len(a.Tags) && j < len(c.Tags) {
		switch {
		case a.Tags[i] < c.Tags[j]:
			i++
		case a.Tags[i] > c.Tags[j]:
			j++
		default:
			inter++
			s.Shared = append(s.Shared, a.Tags[i])
			i++
			j++
		}
	}
	if union := len(a.Tags) + len(c.Tags) - inter; union > 0 {
		s.Tags = float64(inter) / float64(union)
		if inter == union {
			s.Niche = 1
		}
	}
	ac, cc := a.ch, c.ch
	if ac.Category != "" && strings.EqualFold(ac.Category, cc.Category) {
		s.Category = 1
	}
	if ac.Followers > 0 && cc.Followers > 0 {
		d := math.Abs(a.LogFollowers - c.LogFollowers)
		s.Audience = max(0, 1-d/AudienceSpan)
		s.Ratio = float64(max(ac.Followers, cc.Followers)) / float64(min(ac.Followers, cc.Followers))
	}
	if !math.IsNaN(a.ViewsRate) && !math.IsNaN(c.ViewsRate) {
		s.Views = max(0, 1-math.Abs(a.ViewsRate-c.ViewsRate))
	}
	if ac.Country != "" && ac.Country == cc.Country {
		s.Country = 1
	}
	if ac.Language != "" && ac.Language == cc.Language {
		s.Language = 1
	}
	if !ac.LastPostAt.IsZero() && !cc.LastPostAt.IsZero() {
		if d := ac.LastPostAt.Sub(cc.LastPostAt); d < ActiveWindow && d > -ActiveWindow {
			s.Activity = 1
		}
	}
	return s
}

// Score is the hybrid similarity: topic² × fit, where topic is the
// weighted sum of content, tag (times Labels), niche, category and learned
// signals (at least 0; 1 for a thin anchor, which has none: see
// Profile.Thin) and fit
// is 1 plus the weighted sum of audience, views, country, language and
// activity.
func (s Signals) Score(w Weights) float64 {
	topic := 1.0
	if !s.thin {
		topic = max(0, w.Content*s.Content+w.Tags*s.Labels*s.Tags+w.Niche*s.Niche+w.Category*s.Category+w.Learned*s.Learned)
	}
	fit := 1 + w.Audience*s.Audience + w.Views*s.Views + w.Country*s.Country + w.Language*s.Language + w.Activity*s.Activity
	return topic * topic * fit
}

// Reason is one "why this match" reason of a similar channel: a stable
// code and its text in zh and en.
type Reason struct {
	Code string `json:"code"`
	ZH   string `json:"zh"`
	EN   string `json:"en"`
}

// Text is the reason in locale ("zh" or anything else for en).
func (r Reason) Text(locale string) string {
	if strings.HasPrefix(locale, "zh") {
		return r.ZH
	}
	return r.EN
}

// Reason codes.
const (
	ReasonSameNiche       = "same_niche"
	ReasonSharedTags      = "shared_tags"
	ReasonSameCategory    = "same_category"
	ReasonSimilarContent  = "similar_content"
	ReasonSimilarAudience = "similar_audience"
	ReasonSimilarViews    = "similar_views"
	ReasonSameCountry     = "same_country"
	ReasonSameLanguage    = "same_language"
	ReasonActive          = "recently_active"
	ReasonLearned         = "learned_similar"
)

// LearnedReasonMin is the learned-space cosine at which a match says it
// is near the anchor in the learned space.
const LearnedReasonMin = 0.8

// Reasons explains a match in the order of what it says most: niche or
// tags, category, content, audience, views, country, language, activity.
// minContent is the cosine at which content counts as similar.
func (s Signals) Reasons(a, c *Profile, minContent float64) []Reason {
	var out []Reason
	ac, cc := a.ch, c.ch
	switch {
	case s.Tags == 1 && len(s.Shared) > 0:
		out = append(out, Reason{ReasonSameNiche, "同一细分：" + strings.Join(s.Shared, "、"), "same niche: " + strings.Join(s.Shared, ", ")})
	case len(s.Shared) > 0:
		out = append(out, Reason{ReasonSharedTags, "共同标签：" + strings.Join(s.Shared, "、"), "shared tags: " + strings.Join(s.Shared, ", ")})
	}
	if s.Category == 1 {
		zh, en := ac.Category, ac.Category
		if t, ok := taxonomy.Categories.ByCode(ac.Category); ok {
			zh, en = t.ZH, t.EN
		}
		out = append(out, Reason{ReasonSameCategory, "同类目：" + zh, "same category: " + en})
	}
	if s.Content >= minContent && s.Content > 0 {
		out = append(out, Reason{ReasonSimilarContent, fmt.Sprintf("内容相似（%.2f）", s.Content), fmt.Sprintf("similar content (%.2f)", s.Content)})
	}
	if s.Learned >= LearnedReasonMin {
		out = append(out, Reason{ReasonLearned, fmt.Sprintf("目录中共现的标签和类目相近（%.2f）", s.Learned),
			fmt.Sprintf("close in the catalog's co-occurrence space (%.2f)", s.Learned)})
	}
	if s.Ratio > 0 && s.Ratio <= 2 {
		out = append(out, Reason{ReasonSimilarAudience, fmt.Sprintf("粉丝量相近（%s 对 %s）", count(cc.Followers), count(ac.Followers)),
			fmt.Sprintf("similar audience (%s vs %s followers)", count(cc.Followers), count(ac.Followers))})
	}
	if s.Views >= 0.8 && a.Thin() {
		out = append(out, Reason{ReasonSimilarViews, "播放/粉丝比相近", "similar views per follower"})
	}
	if s.Country == 1 {
		zh, en := ac.Country, ac.Country
		if t, ok := taxonomy.Countries.ByCode(ac.Country); ok {
			zh, en = t.ZH, t.EN
		}
		out = append(out, Reason{ReasonSameCountry, "同一国家：" + zh, "same country: " + en})
	}
	if s.Language == 1 {
		zh, en := ac.Language, ac.Language
		if t, ok := taxonomy.Languages.ByCode(ac.Language); ok {
			zh, en = t.ZH, t.EN
		}
		out = append(out, Reason{ReasonSameLanguage, "同一语言：" + zh, "same language: " + en})
	}
	if s.Activity == 1 {
		out = append(out, Reason{ReasonActive, "活跃时间相近", "active at the same time"})
	}
	return out
}

// count formats a follower count as 1.2M, 35K or 900.
func count(n int64) string {
	switch {
	case n >= 1_000_000:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/1e6)) + "M"
	case n >= 1_000:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/1e3)) + "K"
	}
	return fmt.Sprint(n)
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

// Basis says what an anchor search matched on.
type Basis struct {
	// Code is "content" (embedding similarity, re-ranked by the hybrid
	// score) or "signals" (the anchor is thin: audience size, views,
	// country and language only).
	Code string `json:"code"`
	// ZH and EN say it to the user; for "signals" they say why.
	ZH string `json:"zh"`
	EN string `json:"en"`
	// Coverage is the anchor's embedded-text coverage.
	Coverage embed.Coverage `json:"coverage"`
}

// Basis codes.
const (
	BasisContent = "content"
	BasisSignals = "signals"
)

// AnchorBasis is the basis of an anchor search around the anchor with
// profile a.
func AnchorBasis(a *Profile) Basis {
	if a.Thin() {
		return Basis{Code: BasisSignals, Coverage: a.Coverage,
			ZH: "该频道只有名称，没有类目、标签、简介或内容可比：相似频道按粉丝量、播放/粉丝比、国家和语言匹配",
			EN: "This channel has only a name: no category, tags, description or content to compare. Similar channels are matched by audience size, views per follower, country and language"}
	}
	return Basis{Code: BasisContent, Coverage: a.Coverage,
		ZH: "按内容相似度召回，再按标签、类目、粉丝量、国家、语言和活跃度综合排序",
		EN: "Recalled by content similarity, ranked by tags, category, audience size, country, language and activity"}
}
