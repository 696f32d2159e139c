package store

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/platform"
)

// TestQueryBoundaries: every bound of a query is accepted at its edge and
// refused one step beyond it with ErrBadQuery (the 400 a client sees), and
// accepted values come back canonical.
func TestQueryBoundaries(t *testing.T) {
	yt := platform.YouTube
	kws := func(n int) []Keyword {
		out := make([]Keyword, n)
		for i := range out {
			out[i] = Keyword{Text: "cars"}
		}
		return out
	}
	search := func(q SearchQuery) func() (any, error) {
		q.Platform = yt
		return func() (any, error) {
			c, err := q.Canonical()
			return []any{c.Offset, c.Limit, c.Sort, c.Keywords}, err
		}
	}
	similar := func(q SimilarQuery) func() (any, error) {
		q.Platform = yt
		if q.AnchorKey == "" {
			q.AnchorKey = "yt:a"
		}
		return func() (any, error) {
			c, err := q.Canonical()
			return []any{c.AnchorKey, c.Limit, c.Sort}, err
		}
	}
	count := func(min float64) func() (any, error) {
		return func() (any, error) {
			c, err := CountQuery{Platform: yt, MinScore: min, AnchorKey: " yt:a "}.Canonical()
			return c.AnchorKey, err
		}
	}
	countQ := func(q CountQuery) func() (any, error) {
		q.Platform = yt
		return func() (any, error) { return q.Canonical() }
	}
	filters := func(f Filters) func() (any, error) {
		return func() (any, error) { return f.Canonical() }
	}
	cases := []struct {
		name string
		run  func() (any, error)
		want any // nil when an error is wanted, accepted for any value
	}{
		{"offset -1", search(SearchQuery{Offset: -1}), nil},
		{"offset at the maximum", search(SearchQuery{Offset: MaxOffset}), []any{MaxOffset, DefaultLimit, SortRelevance, []Keyword(nil)}},
		{"offset over the maximum", search(SearchQuery{Offset: MaxOffset + 1}), nil},
		{"limit -1", search(SearchQuery{Limit: -1}), nil},
		{"limit 0 is the default", search(SearchQuery{}), []any{0, DefaultLimit, SortRelevance, []Keyword(nil)}},
		{"limit at the maximum", search(SearchQuery{Limit: MaxLimit}), []any{0, MaxLimit, SortRelevance, []Keyword(nil)}},
		{"limit over the maximum", search(SearchQuery{Limit: MaxLimit + 1}), nil},
		{"sort is case and space insensitive", search(SearchQuery{Sort: " Followers "}), []any{0, DefaultLimit, SortFollowers, []Keyword(nil)}},
		{"unknown sort", search(SearchQuery{Sort: "likes"}), nil},
		{"keywords at the maximum", search(SearchQuery{Keywords: kws(MaxKeywords)}), accepted},
		{"keywords over the maximum", search(SearchQuery{Keywords: kws(MaxKeywords + 1)}), nil},
		{"keyword scope canonical", search(SearchQuery{Keywords: []Keyword{{Text: " 汽配 ", Scope: " NAME "}}}),
			[]any{0, DefaultLimit, SortRelevance, []Keyword{{Text: "汽配", Scope: "name"}}}},
		{"keyword scope default", search(SearchQuery{Keywords: []Keyword{{Text: "cars"}}}),
			[]any{0, DefaultLimit, SortRelevance, []Keyword{{Text: "cars", Scope: "tags"}}}},
		{"keyword of the longest length", search(SearchQuery{Keywords: []Keyword{{Text: strings.Repeat("车", MaxKeywordRunes)}}}),
			[]any{0, DefaultLimit, SortRelevance, []Keyword{{Text: strings.Repeat("车", MaxKeywordRunes), Scope: "tags"}}}},
		{"keyword one character too long", search(SearchQuery{Keywords: []Keyword{{Text: strings.Repeat("车", MaxKeywordRunes+1)}}}), nil},
		{"keyword without a word", search(SearchQuery{Keywords: []Keyword{{Text: "!!!"}}}), nil},
		{"keyword with an unknown scope", search(SearchQuery{Keywords: []Keyword{{Text: "cars", Scope: "title"}}}), nil},
		{"similar sort defaults to similarity", similar(SimilarQuery{Sort: "relevance"}), []any{"yt:a", DefaultLimit, SortSimilarity}},
		{"similar sort recent", similar(SimilarQuery{Sort: "RECENT"}), []any{"yt:a", DefaultLimit, SortRecent}},
		{"similar unknown sort", similar(SimilarQuery{Sort: "likes"}), nil},
		{"similar blank anchor", similar(SimilarQuery{AnchorKey: "  "}), nil},
		{"similar limit over the maximum", similar(SimilarQuery{Limit: MaxLimit + 1}), nil},
		{"min score 1", count(1), "yt:a"},
		{"min score -1", count(-1), "yt:a"},
		{"min score over 1", count(1.0001), nil},
		{"min score NaN", count(math.NaN()), nil},
		{"count with a keyword without a word", countQ(CountQuery{Keywords: []Keyword{{Text: "…"}}}), nil},
		{"count with a negative range", countQ(CountQuery{Filters: Filters{Followers: Range{Min: -1}}}), nil},
		{"similar with a bad filter", similar(SimilarQuery{Filters: Filters{Countries: []string{"1"}}}), nil},
		{"codes canonical and deduplicated", filters(Filters{Countries: []string{"zz", "ZZ"}, Languages: []string{"EN"}, ExcludeCountries: []string{"qq"}, ExcludeLanguages: []string{"XX"}}),
			Filters{Countries: []string{"ZZ"}, Languages: []string{"en"}, ExcludeCountries: []string{"QQ"}, ExcludeLanguages: []string{"xx"}}},
		{"codes of the letters a and z", filters(Filters{Countries: []string{"qa"}, Languages: []string{"AZ"}}), Filters{Countries: []string{"QA"}, Languages: []string{"az"}}},
		{"letters only around a-z", filters(Filters{Countries: []string{"a`"}}), nil},
		{"letters only up to z", filters(Filters{Countries: []string{"{a"}}), nil},
		{"a code has two letters", filters(Filters{Languages: []string{"zzz"}}), nil},
		{"an excluded code too", filters(Filters{ExcludeLanguages: []string{"q1"}}), nil},
		{"an excluded country too", filters(Filters{ExcludeCountries: []string{"q1"}}), nil},
		{"empty value", filters(Filters{Countries: []string{" "}}), nil},
		{"values at the maximum", filters(Filters{ExcludeCategories: slicesOf("zz-cat", MaxFilterValues)}), Filters{ExcludeCategories: []string{"zz-cat"}}},
		{"category of 64 characters", filters(Filters{Categories: []string{strings.Repeat("q", 64)}}), Filters{Categories: []string{strings.Repeat("q", 64)}}},
		{"category of 65 characters", filters(Filters{Categories: []string{strings.Repeat("q", 65)}}), nil},
		{"excluded category of 65 characters", filters(Filters{ExcludeCategories: []string{strings.Repeat("q", 65)}}), nil},
		{"negative min", filters(Filters{Followers: Range{Min: -1}}), nil},
		{"negative max", filters(Filters{AvgViews: Range{Max: -1}}), nil},
		{"min over max", filters(Filters{Followers: Range{Min: 6, Max: 5}}), nil},
		{"min equal to max", filters(Filters{Followers: Range{Min: 5, Max: 5}}), Filters{Followers: Range{Min: 5, Max: 5}}},
		{"open max", filters(Filters{AvgViews: Range{Min: 5}}), Filters{AvgViews: Range{Min: 5}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.run()
			if tc.want == nil {
				if !errors.Is(err, ErrBadQuery) {
					t.Errorf("error = %v, want ErrBadQuery", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error = %v, want none", err)
			}
			if tc.want == accepted {
				return
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("canonical (-want +got):\n%s", diff)
			}
		})
	}
}

// accepted wants no error and leaves the canonical value unchecked.
const accepted = "accepted"

func slicesOf(v string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// TestKeywordErrorsNameTheKeyword: the 400 message of a bad keyword says
// which one, counted from 1 as the user typed them.
func TestKeywordErrorsNameTheKeyword(t *testing.T) {
	tests := []struct {
		name string
		kws  []Keyword
		want string
	}{
		{"second too long", []Keyword{{Text: "cars"}, {Text: strings.Repeat("车", MaxKeywordRunes+1)}},
			"bad query: keyword 2 is 101 characters long, at most 100"},
		{"first has no word", []Keyword{{Text: "!!!"}, {Text: "cars"}},
			`bad query: keyword 1 "!!!" has no searchable word`},
		{"third has no word", []Keyword{{Text: "cars"}, {Text: "vlog"}, {Text: " … "}},
			`bad query: keyword 3 "…" has no searchable word`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := CanonicalKeywords(tc.kws)
			if err == nil || err.Error() != tc.want {
				t.Errorf("CanonicalKeywords(%v) error = %v, want %q", tc.kws, err, tc.want)
			}
		})
	}
}
