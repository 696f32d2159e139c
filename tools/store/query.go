package store

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/fields"
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
	switch s := Sort(strings.ToLower(strings.TrimSpace(string(q.Sort)))); {
	case s == "":
		q.Sort = SortRelevance
	case slices.Contains(Sorts(), s):
		q.Sort = s
	case s == SortSimilarity:
		return q, badQuery("sort %q needs an anchor (use SimilarTo)", s)
	default:
		return q, badQuery("unknown sort %q (want %s)", q.Sort, sortNames(Sorts()))
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
	switch s := Sort(strings.ToLower(strings.TrimSpace(string(q.Sort)))); {
	case s == "" || s == SortRelevance || s == SortSimilarity:
		q.Sort = SortSimilarity
	case slices.Contains(Sorts(), s):
		q.Sort = s
	default:
		return q, badQuery("unknown sort %q (want similarity or %s)", q.Sort, sortNames(Sorts()[1:]))
	}
	return q, nil
}

func sortNames(ss []Sort) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
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
		k.Scope = cmp.Or(k.Scope, scope.Default)
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

// Canonical checks the filters and canonicalises their values: set
// fields' names the taxonomy knows replaced by their codes, codes in
// their canonical case (fields.Field.Shape), duplicates removed; count and
// ratio ranges non-negative, min at most max, and within the field's
// maximum. A field in Ranges, Sets or Since the registry does not know,
// or of another kind, is an error.
func (f Filters) Canonical() (Filters, error) {
	for name := range f.Ranges {
		if fd, ok := fields.Lookup(string(name)); !ok || !fd.Kind.Numeric() || fd.Name != name {
			return f, badQuery("unknown count or ratio filter field %q", name)
		}
	}
	for name := range f.Sets {
		if fd, ok := fields.Lookup(string(name)); !ok || fd.Kind != fields.Set || fd.Name != name {
			return f, badQuery("unknown set filter field %q", name)
		}
	}
	for name := range f.Since {
		if fd, ok := fields.Lookup(string(name)); !ok || fd.Kind != fields.Duration || fd.Name != name {
			return f, badQuery("unknown duration filter field %q", name)
		}
	}
	f.Ranges, f.Sets, f.Since = maps.Clone(f.Ranges), maps.Clone(f.Sets), maps.Clone(f.Since)
	for _, fd := range fields.Registry {
		switch fd.Kind {
		case fields.Set:
			v := f.Values(fd.Name)
			var err error
			if v.In, err = canonicalCodes(string(fd.Name), v.In, fd.Vocab, fd.Shape); err != nil {
				return f, err
			}
			if v.Out, err = canonicalCodes("excluded "+string(fd.Name), v.Out, fd.Vocab, fd.Shape); err != nil {
				return f, err
			}
			f.SetValues(fd.Name, v)
		case fields.Count, fields.Ratio:
			r := f.Range(fd.Name)
			switch {
			case r.Min < 0 || r.Max < 0:
				return f, badQuery("%s range %d..%d is negative", fd.Name, r.Min, r.Max)
			case r.Max != 0 && r.Min > r.Max:
				return f, badQuery("%s range min %d is over max %d", fd.Name, r.Min, r.Max)
			case fd.Max > 0 && (r.Min > fd.Max || r.Max > fd.Max):
				return f, badQuery("%s range %d..%d is over the maximum %d", fd.Name, r.Min, r.Max, fd.Max)
			}
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

// Match reports whether ch passes the filters: every clause of Clauses.
// f must be canonical (see Canonical); categories are compared
// case-insensitively.
func (f Filters) Match(ch *catalog.Channel) bool {
	for _, c := range f.Clauses() {
		if !c.Match(ch) {
			return false
		}
	}
	return true
}
