package store

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/taxonomy"
	"searchagent/tools/textnorm"

	"searchagent/tools/scope"
)

func badQuery(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrBadQuery, fmt.Sprintf(format, args...))
}

func checkPlatform(p platform.Platform) error {
	if !p.Valid() {
		return fmt.Errorf("%w: %w %q", ErrBadQuery, platform.ErrUnknown, p)
	}
	return nil
}

func checkPage(offset, limit int) (int, error) {
	switch {
	case offset < 0:
		return 0, badQuery("offset %d is negative", offset)
	case offset > MaxOffset:
		return 0, badQuery("offset %d is over the maximum %d", offset, MaxOffset)
	case limit < 0:
		return 0, badQuery("limit %d is negative", limit)
	case limit > MaxLimit:
		return 0, badQuery("limit %d is over the maximum %d", limit, MaxLimit)
	case limit == 0:
		return DefaultLimit, nil
	}
	return limit, nil
}

// Canonical returns q with defaults filled in (scope, sort, limit) and
// filter values canonicalised, or an error wrapping ErrBadQuery. It does
// not modify q.
func (q SearchQuery) Canonical() (SearchQuery, error) {
	if err := checkPlatform(q.Platform); err != nil {
		return q, err
	}
	var err error
	if q.Limit, err = checkPage(q.Offset, q.Limit); err != nil {
		return q, err
	}
	if q.Keywords, err = CanonicalKeywords(q.Keywords); err != nil {
		return q, err
	}
	if q.Filters, err = q.Filters.Canonical(); err != nil {
		return q, err
	}
	switch s := Sort(strings.ToLower(strings.TrimSpace(string(q.Sort)))); s {
	case "":
		q.Sort = SortRelevance
	case SortRelevance, SortFollowers, SortAvgViews, SortRecent:
		q.Sort = s
	case SortSimilarity:
		return q, badQuery("sort %q needs an anchor (use SimilarTo)", s)
	default:
		return q, badQuery("unknown sort %q (want relevance, followers, avg_views or recent)", q.Sort)
	}
	return q, nil
}

// Canonical returns q with defaults filled in (scope, sort, limit; a
// MinScore of 0 stays 0, meaning the store's default) and filter values
// canonicalised, or an error wrapping ErrBadQuery. It does not modify q.
func (q SimilarQuery) Canonical() (SimilarQuery, error) {
	c, err := CountQuery{Platform: q.Platform, AnchorKey: q.AnchorKey, Keywords: q.Keywords, Filters: q.Filters, MinScore: q.MinScore}.Canonical()
	if err != nil {
		return q, err
	}
	if c.AnchorKey == "" {
		return q, badQuery("anchor key is empty")
	}
	q.AnchorKey, q.Keywords, q.Filters = c.AnchorKey, c.Keywords, c.Filters
	if q.Limit, err = checkPage(q.Offset, q.Limit); err != nil {
		return q, err
	}
	switch s := Sort(strings.ToLower(strings.TrimSpace(string(q.Sort)))); s {
	case "", SortRelevance, SortSimilarity:
		q.Sort = SortSimilarity
	case SortFollowers, SortAvgViews, SortRecent:
		q.Sort = s
	default:
		return q, badQuery("unknown sort %q (want similarity, followers, avg_views or recent)", q.Sort)
	}
	return q, nil
}

// Canonical returns q with keyword scopes and filter values
// canonicalised, or an error wrapping ErrBadQuery.
func (q CountQuery) Canonical() (CountQuery, error) {
	if err := checkPlatform(q.Platform); err != nil {
		return q, err
	}
	q.AnchorKey = strings.TrimSpace(q.AnchorKey)
	if math.IsNaN(q.MinScore) || q.MinScore < -1 || q.MinScore > 1 {
		return q, badQuery("min score %v is outside [-1, 1]", q.MinScore)
	}
	var err error
	if q.Keywords, err = CanonicalKeywords(q.Keywords); err != nil {
		return q, err
	}
	if q.Filters, err = q.Filters.Canonical(); err != nil {
		return q, err
	}
	return q, nil
}

// CanonicalKeywords checks keywords and fills in default scopes. A
// keyword whose text has no searchable word (empty, only punctuation or
// emoji) or is longer than MaxKeywordRunes is an error.
func CanonicalKeywords(kws []Keyword) ([]Keyword, error) {
	if len(kws) > MaxKeywords {
		return nil, badQuery("%d keywords, at most %d", len(kws), MaxKeywords)
	}
	if len(kws) == 0 {
		return nil, nil
	}
	out := make([]Keyword, len(kws))
	for i, k := range kws {
		k.Text = strings.TrimSpace(k.Text)
		if n := utf8.RuneCountInString(k.Text); n > MaxKeywordRunes {
			return nil, badQuery("keyword %d is %d characters long, at most %d", i+1, n, MaxKeywordRunes)
		}
		if textnorm.Normalize(k.Text) == "" {
			return nil, badQuery("keyword %d %q has no searchable word", i+1, k.Text)
		}
		k.Scope = Scope(strings.ToLower(strings.TrimSpace(string(k.Scope))))
		if k.Scope == "" {
			k.Scope = scope.Default
		}
		if !k.Scope.Valid() {
			return nil, badQuery("keyword %q has unknown scope %q (want tags, name, description, content or all)", k.Text, k.Scope)
		}
		if k.Soft && k.Excluded {
			return nil, badQuery("keyword %q is both soft and excluded", k.Text)
		}
		out[i] = k
	}
	return out, nil
}

// Canonical checks the filters and canonicalises their values: country
// codes upper case, language codes and category ids lower case, names the
// taxonomy knows replaced by their codes, duplicates removed.
func (f Filters) Canonical() (Filters, error) {
	var err error
	if f.Countries, err = canonicalCodes("country", f.Countries, taxonomy.Countries, func(s string) (string, bool) {
		return strings.ToUpper(s), isAlpha(s, 2)
	}); err != nil {
		return f, err
	}
	if f.Languages, err = canonicalCodes("language", f.Languages, taxonomy.Languages, func(s string) (string, bool) {
		return strings.ToLower(s), isAlpha(s, 2)
	}); err != nil {
		return f, err
	}
	categoryShape := func(s string) (string, bool) {
		return strings.ToLower(s), utf8.RuneCountInString(s) <= 64
	}
	if f.Categories, err = canonicalCodes("category", f.Categories, taxonomy.Categories, categoryShape); err != nil {
		return f, err
	}
	if f.ExcludeCountries, err = canonicalCodes("excluded country", f.ExcludeCountries, taxonomy.Countries, func(s string) (string, bool) {
		return strings.ToUpper(s), isAlpha(s, 2)
	}); err != nil {
		return f, err
	}
	if f.ExcludeLanguages, err = canonicalCodes("excluded language", f.ExcludeLanguages, taxonomy.Languages, func(s string) (string, bool) {
		return strings.ToLower(s), isAlpha(s, 2)
	}); err != nil {
		return f, err
	}
	if f.ExcludeCategories, err = canonicalCodes("excluded category", f.ExcludeCategories, taxonomy.Categories, categoryShape); err != nil {
		return f, err
	}
	for _, r := range []struct {
		name string
		r    Range
	}{{"followers", f.Followers}, {"avg_views", f.AvgViews}} {
		switch {
		case r.r.Min < 0 || r.r.Max < 0:
			return f, badQuery("%s range %d..%d is negative", r.name, r.r.Min, r.r.Max)
		case r.r.Max != 0 && r.r.Min > r.r.Max:
			return f, badQuery("%s range min %d is over max %d", r.name, r.r.Min, r.r.Max)
		}
	}
	return f, nil
}

// canonicalCodes maps each value to its taxonomy code, or accepts it as a
// code when shape says it looks like one.
func canonicalCodes(field string, vals []string, vocab *taxonomy.Vocabulary, shape func(string) (string, bool)) ([]string, error) {
	if len(vals) == 0 {
		return nil, nil
	}
	if len(vals) > MaxFilterValues {
		return nil, badQuery("%d %s values, at most %d", len(vals), field, MaxFilterValues)
	}
	out := make([]string, 0, len(vals))
	for _, v := range vals {
		v = strings.TrimSpace(v)
		if v == "" {
			return nil, badQuery("empty %s value", field)
		}
		code, ok := "", false
		if t, found := vocab.ByCode(v); found {
			code, ok = t.Code, true
		} else if t, found := vocab.Lookup(v); found {
			code, ok = t.Code, true
		} else {
			code, ok = shape(v)
		}
		if !ok {
			return nil, badQuery("unknown %s %q", field, v)
		}
		if !slices.Contains(out, code) {
			out = append(out, code)
		}
	}
	return out, nil
}

func isAlpha(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// Match reports whether ch passes the filters. f must be canonical (see
// Canonical); categories are compared case-insensitively.
func (f Filters) Match(ch *catalog.Channel) bool {
	if len(f.Countries) > 0 && !slices.Contains(f.Countries, ch.Country) {
		return false
	}
	if len(f.Languages) > 0 && !slices.Contains(f.Languages, ch.Language) {
		return false
	}
	if len(f.Categories) > 0 && !slices.ContainsFunc(f.Categories, func(c string) bool { return strings.EqualFold(c, ch.Category) }) {
		return false
	}
	if ch.Country != "" && slices.Contains(f.ExcludeCountries, ch.Country) ||
		ch.Language != "" && slices.Contains(f.ExcludeLanguages, ch.Language) ||
		ch.Category != "" && slices.ContainsFunc(f.ExcludeCategories, func(c string) bool { return strings.EqualFold(c, ch.Category) }) {
		return false
	}
	if !f.Followers.Contains(ch.Followers) || !f.AvgViews.Contains(ch.AvgViews) {
		return false
	}
	if !f.ActiveSince.IsZero() && (ch.LastPostAt.IsZero() || ch.LastPostAt.Before(f.ActiveSince)) {
		return false
	}
	return true
}
