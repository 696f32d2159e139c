package condparse

import (
	"errors"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// MaxInputLen is the longest input, in bytes, that Parse accepts. The search
// box is a one-line box; 4 KiB holds well over a thousand CJK characters.
const MaxInputLen = 4096

// Errors returned by Parse; wrapped with details, test with errors.Is.
var (
	// ErrTooLong is returned for input longer than MaxInputLen bytes.
	ErrTooLong = errors.New("condparse: input too long")
	// ErrInvalidUTF8 is returned for input that is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("condparse: input is not valid UTF-8")
)

// Shape is the query shape of an input (spec 2.2, 3.7.1).
type Shape string

// The four shapes.
const (
	ShapeKeyword Shape = "keyword"
	ShapeURL     Shape = "url"
	ShapeNatural Shape = "natural"
	ShapeMixed   Shape = "mixed"
)

// Issue codes explain a status or an assumption; see the package doc.
const (
	IssueRangeSwapped = "range_swapped"
	IssueConflict     = "conflict"
	IssueFieldAssumed = "field_assumed"
	IssueOpAssumed    = "op_assumed"
	// IssueHeldBound marks a figure set on the bound the search holds
	// ("raise it to 25k", "改成两万五"): a follow-up moves that bound,
	// keeping its direction; alone it is a lower bound (op_assumed).
	IssueHeldBound = "held_bound"
	// IssueNamedBound marks a bound named by its noun ("粉丝下限调到十万",
	// "raise the floor to 100k", "上限五十万"): a follow-up sets that end
	// of the range the search holds and keeps the other.
	IssueNamedBound = "named_bound"
	// IssueNarrows marks a bound said as what to take out of the results
	// ("drop anyone under 100k", "去掉粉丝低于二十万的", "不要粉丝低于1w的"):
	// a follow-up narrows the count the search holds with it, never
	// widens it, and keeps the held range's other end.
	IssueNarrows = "narrows"
	// IssueAccepted marks a figure said to be acceptable too ("十万也行",
	// "80k is fine too"): read as an upper end; a follow-up widens the
	// count the search holds to take the figure in, keeping its other
	// end (audit 24, class F).
	IssueAccepted          = "accepted"
	IssueApproximate       = "approximate"
	IssueMultiplePlatforms = "multiple_platforms"
	IssuePlatformMismatch  = "platform_mismatch"
	IssueMultipleAnchors   = "multiple_anchors"
	IssueOverridden        = "overridden"
	// IssueAdded marks a wanted value said as an addition ("再加上新西兰",
	// "also Portugal", "把加拿大也加进来"): a follow-up adds it to the
	// values the field already holds instead of replacing them.
	IssueAdded = "added"
	// IssueRemoved marks an exclusion said with a removal verb ("forget
	// Canada"): a follow-up takes the value out of the filter that
	// holds it instead of excluding it.
	IssueRemoved = "removed"
	// IssueNothingBut marks a value wanted through a negated exception
	// ("不要 Korean 以外的语言": nothing but Korean): an inclusion although
	// a negation word was said, so a follow-up takes it as one.
	IssueNothingBut = "nothing_but"
	// IssueExcludedAfter marks a value excluded by an exclusion word that
	// follows it ("加拿大的不要了", "英国和法国除外", "gaming excluded"): an
	// exclusion although no negation word comes before the value, so a
	// follow-up takes it as one.
	IssueExcludedAfter = "excluded_after"
	// IssueFormat marks a category read from a content format alone
	// ("vlog", "tutorials", "ASMR": formCategories): beside another
	// category the search holds, a follow-up ranks the format instead
	// of replacing that category with it.
	IssueFormat = "format"
	// IssueSubtopic marks a category read from a subtopic word alone
	// ("探店", "baking": its category beside the word's ranking term):
	// beside another category the search holds, a follow-up keeps that
	// category and ranks the word, as a first search naming both does.
	IssueSubtopic = "subtopic"
	// IssueCorrected marks a condition read from a misspelt word
	// ("germny" → Germany): the label shows the reading made.
	IssueCorrected = "corrected"
)

// Scope is where a keyword matches (spec 3.4.1D): tools/scope's. The
// parser always produces scope.Tags.
type Scope = scope.Scope

// Span is a byte range of the input: Input[Start:End] == Text.
type Span struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
	// Role says what a remainder span asks for when the parser knows it
	// (a sort, a vague amount); empty on condition spans and on text the
	// parser could not read at all.
	Role Residue `json:"role,omitempty"`
	// Direction is a vague size's direction on a ResidueVague span
	// ("bigger" larger, "小一点" smaller); empty when it says none ("高一点"
	// names no measure).
	Direction SizeDirection `json:"direction,omitempty"`
}

// SizeDirection is the way a vague size points.
type SizeDirection string

// Directions of a vague size.
const (
	SizeLarger  SizeDirection = "larger"
	SizeSmaller SizeDirection = "smaller"
)

// Residue is what unplaced text asks for (seed 002 §3.7.5): residue is
// never silently a hard keyword.
type Residue string

// Residue roles of remainder spans.
const (
	// ResidueSort is a sort request ("按粉丝排序", "sort by views"): no
	// filter, and this version orders results itself.
	ResidueSort Residue = "sort"
	// ResidueVague is an amount without a number ("粉丝不太多", "not too
	// many followers"): a question for the user, never a guess.
	ResidueVague Residue = "vague"
	// ResidueUnsupported is a measure the catalog has no field for,
	// usually with its amount ("预算控制在一万以内", "budget under $5k",
	// "报价两千以内"): named as not applied, never a follower bound.
	ResidueUnsupported Residue = "unsupported"
	// ResiduePlace is a city, state or province said as an exclusion
	// ("不要东京的", "not California"): the catalog records countries, so
	// excluding the place's country would drop far more than asked; it
	// is named as not applied.
	ResiduePlace Residue = "place"
	// ResidueFrequency is an upper bound of a posting frequency ("no more
	// than twice a month", 每周更新不超过两次): the catalog holds no
	// frequency and no activity window keeps channels that post little;
	// named as not applied (rule_frequency.go).
	ResidueFrequency Residue = "frequency"
	// ResidueFrequencyPeriod is a counted posting frequency ("posts 3
	// times a week", 每周更新两次以上) whose period bounds activity: the
	// count is named as not filtered, the window applies.
	ResidueFrequencyPeriod Residue = "frequency_period"
	// ResidueGender is a creator's gender asked for or excluded ("别要男
	// 博主", "female creators only"): the catalog records none, so it is
	// named as not applied, never a keyword (rule_gender.go).
	ResidueGender Residue = "gender"
	// ResidueMeasure is a measure of the content the catalog has no data
	// for, with its qualifier or amount ("爆款率高的", "完播率30%以上", "a
	// high conversion rate"): named as not applied, never a ranking term
	// or a guessed preference (rule_measures.go).
	ResidueMeasure Residue = "measure"
	// ResidueAudience is a wish about the audience: where the followers
	// live, their language, gender or age ("粉丝主要在德国", "a mostly
	// male audience"): the catalog records no audience, so it is named
	// as not applied, never a creator filter (rule_audience.go).
	ResidueAudience Residue = "audience"
	// ResidueRelation is a wish about the user's own relations ("nothing
	// sponsored by competitors", 不要接过竞品的): the catalog does not
	// know who they are, so it is named as not applied, never a word
	// excluded or dropped silently (rule_relation.go).
	ResidueRelation Residue = "relation"
	// ResidueCampaign is a figure of the advertiser's logistics ("首批备货
	// 2000台", "1 reel + 3 stories each", "content live by Jan 20"): the
	// campaign's stock, units, dates or deliverables, never a count or
	// a window of the creators; named as no condition (rule_campaign.go).
	ResidueCampaign Residue = "campaign"
	// ResiduePaging asks for the next page of results ("show next page",
	// 看下一页): the list's own action, never a keyword.
	ResiduePaging Residue = "paging"
	// ResidueTrait is a creator's trait the catalog does not record
	// (真人出镜, "shows their face on camera"): named as not applied,
	// never a keyword.
	ResidueTrait Residue = "trait"
	// ResidueStage is a creator's stage of growth ("established", 刚起
	// 步) or growth said as a wish ("rising stars", 新锐, which also ranks
	// as the growth preference): the catalog has no growth or stage data,
	// so it is named as no filter (rule_talk.go).
	ResidueStage Residue = "stage"
	// ResidueAccepted is a figure or a size said to be acceptable as well
	// ("订阅不到5000也没关系", "under 5k is fine too", "doesn't matter if
	// they're small"): a permission, never a bound; named (rule_talk.go).
	ResidueAccepted Residue = "accepted"
	// ResidueRemark is a follow-up's remark or question about a result
	// shown ("it has way more than 300k", "why is this one here"): no
	// condition of the search changes; named (rule_talk.go).
	ResidueRemark Residue = "remark"
	// ResidueQuestion is a follow-up's question about the results shown
	// ("are any of them based in Canada?", "这些里面有做直播的吗", "is this
	// one still active?"): it asks, it sets nothing; named (rule_talk.go).
	ResidueQuestion Residue = "question"
	// ResidueDialect is a dialect, variant or mix of a language said as
	// excluded ("不要讲普通话的", "not Latin American Spanish"): the
	// catalog records the language, not its varieties, so excluding the
	// language would drop the one asked for; named as not applied.
	ResidueDialect Residue = "dialect"
	// ResidueSecondSort is a second sort key said after the first ("sort
	// by engagement, then by followers", 按互动率排序，其次按粉丝数): the
	// results sort by one key, the first one said; the second is named as
	// not applied, never a term (rule_secondsort.go).
	ResidueSecondSort Residue = "second_sort"
	// ResidueUnrecorded is a fact about the creators the catalog does
	// not record: compliance ("FDA-compliant", 合规的), a past deal ("has
	// worked with Nike", 合作过大牌的) or nearness to the writer ("nearby",
	// 附近的): named as not applied, never a ranking term
	// (rule_unrecorded.go).
	ResidueUnrecorded Residue = "unrecorded"
	// ResidueUnservedPlatform is a platform this version does not serve
	// (platform.Unserved: 小红书, Bilibili, Twitch): the search runs on
	// the session's platform; named, never a term (rule_unserved.go).
	ResidueUnservedPlatform Residue = "unserved_platform"
	// ResidueUnservedExcluded is such a platform the writer does not
	// want ("不要抖音和小红书"): it is not searched anyway (fixF3, class
	// F1), never a keyword.
	ResidueUnservedExcluded Residue = "unserved_excluded"
	// ResidueUnlistedCountry is a country the catalog's country list does
	// not have (taxonomy.UnlistedCountries: Sri Lanka, 尼泊尔): it cannot
	// filter; named, never a term, while a listed country beside it
	// filters (rule_unlisted.go).
	ResidueUnlistedCountry Residue = "unlisted_country"
	// ResidueRangeEnd is the end of a calendar range said of when the
	// creators posted ("between March and May", 3月到5月之间): the window
	// goes back to the range's start, and the catalog keeps only a
	// channel's last post, so the end is not applied; named
	// (rule_calrange.go).
	ResidueRangeEnd Residue = "range_end"
)

// Label is the user-facing name of a condition.
type Label struct {
	ZH string `json:"zh"`
	EN string `json:"en"`
}

// Condition is one node of the Condition Graph.
type Condition struct {
	// ID is "c1", "c2", … in result order.
	ID       string           `json:"id"`
	Kind     condition.Kind   `json:"kind"`
	Field    condition.Field  `json:"field"`
	Op       condition.Op     `json:"op"`
	Value    Value            `json:"value"`
	Source   condition.Source `json:"source"`
	Status   condition.Status `json:"status"`
	Priority int              `json:"priority"`
	// Span is the first text the condition came from; MoreSpans the others
	// when several mentions merged into one condition.
	Span      Span   `json:"span"`
	MoreSpans []Span `json:"more_spans,omitempty"`
	Label     Label  `json:"label"`
	// Scope and Excluded are set on keywords only.
	Scope    Scope `json:"scope,omitempty"`
	Excluded bool  `json:"excluded,omitempty"`
	// Issues are Issue* codes: what the parser assumed or flagged.
	Issues []string `json:"issues,omitempty"`
}

// Signals are what the classifier saw; the agent uses them to tell, for
// example, a classic keyword + URL seed (spec 3.4.1C-2) from a URL plus a
// sentence.
type Signals struct {
	Anchor    bool `json:"anchor"`
	Keyword   bool `json:"keyword"`
	Condition bool `json:"condition"`
	Sentence  bool `json:"sentence"`
	Category  bool `json:"category"`
}

// Result is the outcome of Parse.
type Result struct {
	Input   string  `json:"input"`
	Shape   Shape   `json:"shape"`
	Signals Signals `json:"signals"`
	// Conditions are ordered by priority, then by position in the input.
	Conditions []Condition `json:"conditions"`
	// Remainder lists text no rule consumed and that did not become a
	// keyword; filler words and separators are not listed.
	Remainder []Span `json:"remainder"`
	// Dropped lists the frame words the reading left out on purpose —
	// requests, politeness, hedges, the brief's own frame ("合作", "we're
	// a … brand"), style markers ("风格", "vibe") — once each, in input
	// order, so that the notice can name them (issue 26).
	Dropped []Span `json:"dropped,omitempty"`
	// Unlimited are the fields the text says have no requirement ("国家
	// 不限", "any language is fine", "no follower minimum anymore"): a
	// follow-up takes their filters away, once each, in input order.
	Unlimited []condition.Field `json:"unlimited,omitempty"`
	// Unbounded are the ends of counts the text takes away ("上限去掉",
	// "remove the cap", "no minimum anymore"): the other end stays.
	Unbounded []BoundLift `json:"unbounded,omitempty"`
	// Quantity is a result count the user said ("给我20个", "need 10 tech
	// youtubers", "just show me 10"): how many results, never a filter
	// or a keyword, named so that the box can say so (issue 26).
	Quantity *Span `json:"quantity,omitempty"`
	// Cantonese are the written Cantonese words, as typed, the reading
	// read as the Mandarin ones its rules know ("唔要" as "不要", "嘅" as
	// "的"; textnorm.CantoneseFold), once each, in input order.
	Cantonese []string `json:"cantonese,omitempty"`
	// Replaced are the values of a field the message said again with a
	// different value: the later one applies (a condition), the earlier
	// is named here so that the notice can say it was replaced.
	Replaced []Replacement `json:"replaced,omitempty"`
}

// ByField returns the conditions on field f, in result order.
func (r Result) ByField(f condition.Field) []Condition {
	var out []Condition
	for _, c := range r.Conditions {
		if c.Field == f {
			out = append(out, c)
		}
	}
	return out
}

// Keywords returns the keyword conditions, in result order.
func (r Result) Keywords() []Condition {
	var out []Condition
	for _, c := range r.Conditions {
		if c.Kind == condition.KindKeyword {
			out = append(out, c)
		}
	}
	return out
}

// Replacement is a value of a field said earlier in the message that a
// value said later replaced ("粉丝1万以上 … 粉丝2万以上"): From is the
// earlier value's label, To the applied one's.
type Replacement struct {
	Field condition.Field `json:"field"`
	From  Label           `json:"from"`
	To    Label           `json:"to"`
}

// BoundLift is one end of a count taken away: Upper for the cap, else the
// floor.
type BoundLift struct {
	Field condition.Field `json:"field"`
	Upper bool            `json:"upper"`
}
