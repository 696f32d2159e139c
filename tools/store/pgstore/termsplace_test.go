package pgstore

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
)

// TestTermsPlaceIndex: a required keyword's condition finds its rows
// through the index channels_terms_place (migration 00013: the condition's
// expression is the index's), with the platform and a single country as
// the index's elements and no condition of their own, so that no bitmap
// of the platform's or country's rows is ANDed with it; with two
// countries or none, the platform's element only and the countries as a
// condition; an excluded keyword alone keeps the platform's condition.
func TestTermsPlaceIndex(t *testing.T) {
	ctx := context.Background()
	cat := demoCatalog(t, 600)
	s, _, _ := ingested(t, cat.All(), cat.Label())
	game := store.Keyword{Text: "game review", Scope: scope.All}
	for _, tc := range []struct {
		name      string
		kws       []store.Keyword
		f         store.Filters
		place     string // the place element the condition names ("" none)
		platform  bool   // the platform's own condition is written
		countries bool   // the countries' own condition is written
	}{
		{"one country", []store.Keyword{game}, store.Filters{Countries: []string{"US"}}, "\x1fyoutube\x1fUS", false, false},
		{"no country", []store.Keyword{game}, store.Filters{}, "\x1fyoutube", false, false},
		{"two countries", []store.Keyword{game}, store.Filters{Countries: []string{"US", "GB"}}, "\x1fyoutube", false, true},
		{"tags only", []store.Keyword{{Text: "耳机", Scope: scope.Tags}}, store.Filters{Countries: []string{"CN"}}, "\x1fyoutube\x1fCN", false, false},
		{"excluded only", []store.Keyword{{Text: "game", Scope: scope.All, Excluded: true}}, store.Filters{Countries: []string{"US"}}, "", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &builder{}
			where, err := s.where(b, platform.YouTube, tc.kws, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(where, "platform = $"); got != tc.platform {
				t.Errorf("platform condition written %v, want %v: %s", got, tc.platform, where)
			}
			if got := strings.Contains(where, "country = ANY"); got != tc.countries {
				t.Errorf("countries condition written %v, want %v: %s", got, tc.countries, where)
			}
			named := false
			for _, a := range b.args {
				if terms, ok := a.([]string); ok && len(terms) > 0 && terms[len(terms)-1] == tc.place {
					named = true
				}
			}
			if tc.place != "" && !named {
				t.Errorf("no condition names the place %q: %s %v", tc.place, where, b.args)
			}
			if tc.place == "" {
				return
			}
			// The plan: the index, and not the platform's and
			// country's index (sequential scans off: the table is small).
			var plan []string
			err = s.inTx(ctx, func(ctx context.Context, tx pgx.Tx) error {
				_, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`)
				return err
			}, func(tx pgx.Tx) error {
				rows, err := tx.Query(ctx, `EXPLAIN (COSTS OFF) SELECT count(*) FROM channels WHERE `+where, append([]any{pgx.QueryExecModeSimpleProtocol}, b.args...)...)
				if err != nil {
					return err
				}
				defer rows.Close()
				for rows.Next() {
					var l string
					if err := rows.Scan(&l); err != nil {
						return err
					}
					plan = append(plan, l)
				}
				return rows.Err()
			})
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(plan, "\n")
			if !strings.Contains(text, "channels_terms_place") || strings.Contains(text, "channels_platform_country") {
				t.Errorf("plan does not read channels_terms_place alone:\n%s", text)
			}
			// The same rows as the keyword's field conditions alone.
			var n, want int
			if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM channels WHERE `+where, b.args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			wb := &builder{}
			plain := `platform = ` + wb.arg(string(platform.YouTube))
			for _, k := range tc.kws {
				plain += ` AND ` + matchExpr(wb, wb.plan(k))
			}
			for _, c := range tc.f.Clauses() {
				sql, err := clauseSQL(wb, c)
				if err != nil {
					t.Fatal(err)
				}
				plain += ` AND ` + sql
			}
			if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM channels WHERE `+plain, wb.args...).Scan(&want); err != nil {
				t.Fatal(err)
			}
			if n != want {
				t.Errorf("%d rows through the index's condition, %d through the field conditions", n, want)
			}
			t.Logf("%d rows", n)
		})
	}
}
