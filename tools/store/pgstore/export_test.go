package pgstore

import (
	"context"

	"searchagent/tools/store"
)

// SQLKeywordSearch makes s answer every keyword search with the SQL over
// channels, never from the postings (the comparison of
// TestPostingSearchAsSQL).
func SQLKeywordSearch(s *Store) { s.sqlKeyword = true }

// FromPostings reports whether s answers q from the postings.
func FromPostings(ctx context.Context, s *Store, q store.SearchQuery) (bool, error) {
	q, err := q.Canonical()
	if err != nil {
		return false, err
	}
	lx, err := s.learnedExpansions(ctx, q.Platform, q.Keywords)
	if err != nil {
		return false, err
	}
	return !s.sqlKeyword && postingShape(q, lx), nil
}

// SetMaxRankedRows bounds the ranked sets kept at n rows until the test
// ends (the default, 2,000, exceeds the test catalogs' platforms).
func SetMaxRankedRows(t interface{ Cleanup(func()) }, n int) {
	was := maxRankedRows
	maxRankedRows = n
	t.Cleanup(func() { maxRankedRows = was })
}
