// Package textmatch is the one dictionary matcher: a byte-level
// Aho–Corasick automaton over a fixed set of patterns, built once and
// read by many goroutines.
//
// Its callers need two readings of one automaton:
//
//   - every occurrence of every pattern in one pass (Scan; Run, Stop and
//     Outputs for a caller that precomputes what each output means, as
//     the router's scan tables do), where a pattern may require ASCII
//     word boundaries (Bounds): "tv" is not found in "tvs2" but is in
//     "tvs", a plural;
//   - the patterns that start at one position of a text of runes,
//     shortest first (Prefixes, for the condition parser's longest match),
//     where a space in a pattern matches a run of white space and a
//     pattern that ends on a letter of a spaced script must end its word
//     ("usa" is not found in "usability", "美国" is in "美国人": CJK runes
//     are words of their own).
//
// The rune classes both readings rely on (IsWordByte, IsWordRune, IsCJK,
// IsSpaceRune, InWordJoin) live here too, so that the boundaries a match
// needs and the tokens its callers cut agree.
package textmatch
