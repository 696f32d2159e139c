package pgstore

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/store"
)

var engagementSQL = func() string { f, _ := fields.Lookup("engagement"); return f.Column }()

// TestWhereFilters: the filter SQL is derived from store.Filters.Clauses,
// one condition per set filter, in the clauses' order, with its
// arguments (category values lower-cased). No database needed.
func TestWhereFilters(t *testing.T) {
	since := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		filters  store.Filters
		wantSQL  string
		wantArgs []any
	}{
		{"none", store.Filters{}, `platform = $1`, []any{"youtube"}},
		{"all", store.Filters{
			Countries: []string{"US"}, Languages: []string{"en"}, Categories: []string{"Gaming"},
			ExcludeCountries: []string{"CN"}, ExcludeLanguages: []string{"zh"}, ExcludeCategories: []string{"Music"},
			Followers: store.Range{Min: 10000, Max: 500000}, AvgViews: store.Range{Min: 3000}, ActiveSince: since,
		},
			`platform = $1 AND country = ANY($2::text[]) AND (country = '' OR country <> ALL($3::text[]))` +
				` AND language = ANY($4::text[]) AND (language = '' OR language <> ALL($5::text[]))` +
				` AND category = ANY($6::text[]) AND (category = '' OR category <> ALL($7::text[])) AND followers >= $8 AND followers <= $9` +
				` AND avg_views >= $10 AND last_post_at >= $11`,
			[]any{"youtube", []string{"US"}, []string{"CN"}, []string{"en"}, []string{"zh"}, []string{"gaming"}, []string{"music"},
				int64(10000), int64(500000), int64(3000), since}},
		{"max only", store.Filters{AvgViews: store.Range{Max: 100}}, `platform = $1 AND avg_views <= $2`, []any{"youtube", int64(100)}},
		{"engagement, an expression", store.Filters{Ranges: map[condition.Field]store.Range{condition.Engagement: {Min: 250}}},
			`platform = $1 AND ` + engagementSQL + ` >= $2`, []any{"youtube", int64(250)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b builder
			got, err := (&Store{}).where(&b, "youtube", nil, tc.filters)
			if err != nil {
				t.Fatalf("where(%+v): %v", tc.filters, err)
			}
			if got != tc.wantSQL {
				t.Errorf("where(%+v) =\n%s\nwant\n%s", tc.filters, got, tc.wantSQL)
			}
			if diff := cmp.Diff(tc.wantArgs, b.args); diff != "" {
				t.Errorf("where(%+v) args (-want +got):\n%s", tc.filters, diff)
			}
		})
	}
}

// TestClauseSQLUnknownOp: an operator without SQL is an error, not a
// filter silently dropped.
func TestClauseSQLUnknownOp(t *testing.T) {
	var b builder
	if _, err := clauseSQL(&b, store.Clause{Field: fields.Registry[0], Op: store.ClauseOp(99)}); !errors.Is(err, errClause) {
		t.Errorf("clauseSQL with an unknown op: error %v, want errClause", err)
	}
}

// TestPlanEachRunsKeywordQueriesUnnamed: with pgx's cached prepared
// statements a keyword query goes as an unnamed statement (planned with
// its values each time); a DSN's own unnamed mode is left as it is.
func TestPlanEachRunsKeywordQueriesUnnamed(t *testing.T) {
	tests := []struct {
		mode pgx.QueryExecMode
		want []any
	}{
		{pgx.QueryExecModeCacheStatement, []any{pgx.QueryExecModeCacheDescribe}},
		{pgx.QueryExecModeCacheDescribe, nil},
		{pgx.QueryExecModeExec, nil},
		{pgx.QueryExecModeSimpleProtocol, nil},
	}
	for _, tc := range tests {
		if got := planEach(tc.mode); !slices.Equal(got, tc.want) {
			t.Errorf("planEach(%v) = %v, want %v", tc.mode, got, tc.want)
		}
	}
}
