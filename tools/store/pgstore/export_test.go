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
