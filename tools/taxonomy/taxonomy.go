// Package taxonomy holds the closed vocabularies channels are described
// with: countries (ISO 3166-1 alpha-2), languages (ISO 639-1) and content
// categories, each with zh and en names and the aliases users and data
// files write for them.
package taxonomy

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Term is one entry of a vocabulary.
type Term struct {
	// Code is the stable id: "US", "en", "automotive".
	Code string
	// ZH and EN are the display names.
	ZH, EN string
	// Aliases are further spellings, matched case-insensitively.
	Aliases []string
}

// Name returns the display name in locale ("zh" or anything else for en).
func (t Term) Name(locale string) string {
	if strings.HasPrefix(locale, "zh") {
		return t.ZH
	}
	return t.EN
}

// Vocabulary is a closed set of terms with lookup by code or by any name.
type Vocabulary struct {
	terms  []Term
	once   sync.Once
	byCode map[string]Term
	byName map[string]Term
	names  []NamedTerm
}

func (v *Vocabulary) index() {
	v.once.Do(func() {
		v.byCode = make(map[string]Term, len(v.terms))
		v.byName = make(map[string]Term, len(v.terms)*4)
		for _, t := range v.terms {
			v.byCode[strings.ToLower(t.Code)] = t
			for _, n := range append([]string{t.Code, t.ZH, t.EN}, t.Aliases...) {
				if n == "" {
					continue
				}
				k := strings.ToLower(n)
				if _, dup := v.byName[k]; !dup {
					v.byName[k] = t
				}
			}
			for _, n := range append([]string{t.ZH, t.EN}, t.Aliases...) {
				if n != "" {
					v.names = append(v.names, NamedTerm{Name: n, Term: t})
				}
			}
		}
		sortByLenDesc(v.names)
	})
}

// Terms lists every term in table order.
func (v *Vocabulary) Terms() []Term { return v.terms }

// ByCode returns the term with the given code (case-insensitive).
func (v *Vocabulary) ByCode(code string) (Term, bool) {
	v.index()
	t, ok := v.byCode[strings.ToLower(strings.TrimSpace(code))]
	return t, ok
}

// Lookup returns the term named by s: its code, zh or en name, or an alias,
// case-insensitive, surrounding space ignored.
func (v *Vocabulary) Lookup(s string) (Term, bool) {
	v.index()
	t, ok := v.byName[strings.ToLower(strings.TrimSpace(s))]
	return t, ok
}

// Names lists every name (zh, en, aliases; not codes) with its term, for
// building matchers over free text. Longer names come first so that a
// matcher that takes the first hit prefers "美国东部" over "美国". The
// list is built once and shared (the reading walks it on every turn):
// callers read it and never modify it.
func (v *Vocabulary) Names() []NamedTerm {
	v.index()
	return v.names
}

// NamedTerm is one spelling of a term.
type NamedTerm struct {
	Name string
	Term Term
}

// sortByLenDesc orders names by length in runes, longest first, keeping
// table order among equals.
func sortByLenDesc(ns []NamedTerm) {
	slices.SortStableFunc(ns, func(a, b NamedTerm) int {
		return utf8.RuneCountInString(b.Name) - utf8.RuneCountInString(a.Name)
	})
}

// Initials maps the first character of each term's Chinese name to its
// code where no other term's name starts with it: the shorthand of a
// brief ("欧洲（德法意西）" are four countries, "中英文" two languages).
// Ambiguous characters (印: 印度 or 印度尼西亚) are left out.
func (v *Vocabulary) Initials() map[rune]string {
	return initialsOf(v)
}

func initialsOf(v *Vocabulary) map[rune]string {
	out, seen := map[rune]string{}, map[rune]int{}
	for _, t := range v.terms {
		for _, r := range t.ZH {
			seen[r]++
			out[r] = t.Code
			break
		}
	}
	for r, n := range seen {
		if n > 1 {
			delete(out, r)
		}
	}
	return out
}
