package store

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/catalog"
	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/platform"

	"searchagent/tools/scope"
)

func TestSearchQueryCanonical(t *testing.T) {
	in := SearchQuery{
		Platform: platform.YouTube,
		Keywords: []Keyword{{Text: "  swim vest "}, {Text: "汽配", Scope: "Name", Excluded: true}},
		Filters:  Filters{Countries: []string{"美国", "us", "gb"}, Languages: []string{"English", "ZH"}, Categories: []string{"汽车", "Gaming", "knitting"}},
	}
	got, err := in.Canonical()
	if err != nil {
		t.Fatalf("Canonical: %v", err)
	}
	want := SearchQuery{
		Platform: platform.YouTube,
		Keywords: []Keyword{{Text: "swim vest", Scope: scope.Tags}, {Text: "汽配", Scope: scope.Name, Excluded: true}},
		Filters:  Filters{Countries: []string{"US", "GB"}, Languages: []string{"en", "zh"}, Categories: []string{"automotive", "gaming", "knitting"}},
		Sort:     SortRelevance,
		Limit:    DefaultLimit,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Canonical mismatch (-want +got):\n%s", diff)
	}
	if in.Keywords[1].Scope != "Name" || in.Filters.Countries[0] != "美国" {
		t.Errorf("Canonical modified its receiver: %+v", in)
	}
}

func TestSimilarQueryCanonical(t *testing.T) {
	tests := []struct {
		sort, want Sort
	}{{"", SortSimilarity}, {SortRelevance, SortSimilarity}, {"Followers", SortFollowers}, {SortRecent, SortRecent}}
	for _, tc := range tests {
		q, err := SimilarQuery{Platform: platform.X, AnchorKey: " x/@/a ", Sort: tc.sort}.Canonical()
		if err != nil || q.Sort != tc.want || q.AnchorKey != "x/@/a" || q.Limit != DefaultLimit {
			t.Errorf("SimilarQuery{Sort: %q}.Canonical() = %+v, %v; want sort %q", tc.sort, q, err, tc.want)
		}
	}
}

func TestCanonicalErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
		also error
	}{
		{"unknown platform", func() error { _, err := SearchQuery{Platform: "vine"}.Canonical(); return err }(), platform.ErrUnknown},
		{"similar without anchor", func() error { _, err := SimilarQuery{Platform: platform.YouTube}.Canonical(); return err }(), nil},
		{"similarity sort in search", func() error {
			_, err := SearchQuery{Platform: platform.YouTube, Sort: SortSimilarity}.Canonical()
			return err
		}(), nil},
		{"bad language", func() error {
			_, err := Filters{Languages: []string{"klingon"}}.Canonical()
			return err
		}(), nil},
		{"too many values", func() error {
			_, err := Filters{Categories: make([]string, MaxFilterValues+1)}.Canonical()
			return err
		}(), nil},
		{"min score below -1", func() error { _, err := CountQuery{Platform: platform.YouTube, MinScore: -1.5}.Canonical(); return err }(), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !errors.Is(tc.err, ErrBadQuery) {
				t.Errorf("error = %v, want ErrBadQuery", tc.err)
			}
			if tc.also != nil && !errors.Is(tc.err, tc.also) {
				t.Errorf("error = %v, want it to wrap %v too", tc.err, tc.also)
			}
		})
	}
}

func TestFiltersMatch(t *testing.T) {
	ch := &catalog.Channel{Country: "US", Language: "en", Category: "Tech", Followers: 10_000, AvgViews: 500,
		LastPostAt: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)}
	unknown := &catalog.Channel{Followers: 10_000}
	tests := []struct {
		name         string
		f            Filters
		want, wantUn bool
	}{
		{"none", Filters{}, true, true},
		{"country", Filters{Countries: []string{"GB", "US"}}, true, false},
		{"language miss", Filters{Languages: []string{"zh"}}, false, false},
		{"category case-insensitive", Filters{Categories: []string{"tech"}}, true, false},
		{"followers open max", Filters{Followers: Range{Min: 10_000}}, true, true},
		{"followers open min", Filters{Followers: Range{Max: 9_999}}, false, false},
		{"avg views", Filters{AvgViews: Range{Min: 100, Max: 1000}}, true, false},
		{"followers at the max", Filters{Followers: Range{Min: 5_000, Max: 10_000}}, true, true},
		{"followers at the min", Filters{Followers: Range{Min: 10_000, Max: 20_000}}, true, true},
		{"followers one over the max", Filters{Followers: Range{Max: 9_999}}, false, false},
		{"active since", Filters{ActiveSince: time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)}, true, false},
		{"active since later", Filters{ActiveSince: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)}, false, false},
		{"exclude country", Filters{ExcludeCountries: []string{"美国"}}, false, true},
		{"exclude other country", Filters{ExcludeCountries: []string{"GB"}}, true, true},
		{"exclude language", Filters{ExcludeLanguages: []string{"English"}}, false, true},
		{"exclude category by name", Filters{ExcludeCategories: []string{"科技"}}, false, true},
		{"exclude other category", Filters{ExcludeCategories: []string{"gaming"}}, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := tc.f.Canonical()
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Match(ch); got != tc.want {
				t.Errorf("Match(%+v) = %v, want %v", f, got, tc.want)
			}
			if got := f.Match(unknown); got != tc.wantUn {
				t.Errorf("Match(%+v) on a channel with unknown fields = %v, want %v", f, got, tc.wantUn)
			}
			if f.IsZero() != (tc.name == "none") {
				t.Errorf("IsZero(%+v) = %v", f, f.IsZero())
			}
		})
	}
}

func TestLowRecall(t *testing.T) {
	for _, tc := range []struct {
		total int
		want  bool
	}{{0, true}, {LowRecallBelow - 1, true}, {LowRecallBelow, false}, {500, false}} {
		if got := LowRecall(tc.total); got != tc.want {
			t.Errorf("LowRecall(%d) = %v, want %v", tc.total, got, tc.want)
		}
	}
}

// TestFiltersClauses: every set filter is one clause, in the registry's
// order, on its registry row; IsZero is "no clause".
func TestFiltersClauses(t *testing.T) {
	since := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	type clause struct {
		Field  condition.Field
		Column string
		Op     ClauseOp
		Values []string
		Number int64
		Time   time.Time
	}
	tests := []struct {
		name string
		f    Filters
		want []clause
	}{
		{"zero", Filters{}, nil},
		{"countries and followers min", Filters{Countries: []string{"US"}, Followers: Range{Min: 10}},
			[]clause{{Field: "country", Column: "country", Op: OneOf, Values: []string{"US"}}, {Field: "followers", Column: "followers", Op: AtLeast, Number: 10}}},
		{"excluded categories", Filters{ExcludeCategories: []string{"gaming"}},
			[]clause{{Field: "category", Column: "category", Op: NoneOf, Values: []string{"gaming"}}}},
		{"views max and active", Filters{AvgViews: Range{Max: 5}, ActiveSince: since},
			[]clause{{Field: "avg_views", Column: "avg_views", Op: AtMost, Number: 5}, {Field: "last_active", Column: "last_post_at", Op: Since, Time: since}}},
		{"engagement through Ranges", Filters{Ranges: map[condition.Field]Range{condition.Engagement: {Min: 300}}},
			[]clause{{Field: "engagement", Column: mustField(t, "engagement").Column, Op: AtLeast, Number: 300}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []clause
			for _, c := range tc.f.Clauses() {
				got = append(got, clause{c.Field.Name, c.Field.Column, c.Op, c.Values, c.Number, c.Time})
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Clauses(%+v) (-want +got):\n%s", tc.f, diff)
			}
			if z := tc.f.IsZero(); z != (len(tc.want) == 0) {
				t.Errorf("IsZero(%+v) = %v, want %v", tc.f, z, len(tc.want) == 0)
			}
		})
	}
}

func mustField(t *testing.T, name string) fields.Field {
	t.Helper()
	f, ok := fields.Lookup(name)
	if !ok {
		t.Fatalf("fields.Lookup(%q): no row", name)
	}
	return f
}

// TestFiltersJSON: the filters a response echoes leave out the ranges
// that are open on both sides and keep a range with only a min or only a
// max.
func TestFiltersJSON(t *testing.T) {
	tests := []struct {
		f    Filters
		want string
	}{
		{Filters{}, `{}`},
		{Filters{Followers: Range{Min: 5}}, `{"followers":{"min":5}}`},
		{Filters{AvgViews: Range{Max: 3}}, `{"avg_views":{"max":3}}`},
		{Filters{Followers: Range{Min: 1, Max: 9}, Countries: []string{"US"}}, `{"countries":["US"],"followers":{"min":1,"max":9}}`},
	}
	for _, tc := range tests {
		b, err := json.Marshal(tc.f)
		if err != nil || string(b) != tc.want {
			t.Errorf("json.Marshal(%+v) = %s, %v; want %s", tc.f, b, err, tc.want)
		}
	}
}

// TestNoMinScoreRanksEveryChannel: NoMinScore is a valid minimum no cosine
// falls under (cosines are in [-1, 1]), so it ranks every channel.
func TestNoMinScoreRanksEveryChannel(t *testing.T) {
	if NoMinScore > -1 {
		t.Errorf("NoMinScore = %v, want at most -1, the lowest cosine", NoMinScore)
	}
	if _, err := (SimilarQuery{Platform: platform.YouTube, AnchorKey: "yt:a", MinScore: NoMinScore}).Canonical(); err != nil {
		t.Errorf("SimilarQuery{MinScore: NoMinScore}.Canonical() error = %v, want none", err)
	}
}
