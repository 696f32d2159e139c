package condparse

import "regexp"

// rx is a rule's regular expression with its quick necessary condition
// (mustContain): each search first looks for one of the literals every
// match must hold and, when the input holds none, answers "no match"
// without running the expression. Most rules match rarely and most
// inputs hold none of a rule's words, so the backtracking a hundred
// expressions did at every position of every clause (over half of a
// parse, the embedded service's largest cost at 50 users) is skipped.
// The answers are the expression's own (TestRxAgreesWithRegexp); the
// methods a rule does not search with (Split, ReplaceAll…) are the
// embedded expression's.
type rx struct {
	*regexp.Regexp
	need mustContain
}

// mustRx compiles a rule's expression with its necessary condition; it
// panics on a bad expression, as regexp.MustCompile does, at start-up.
func mustRx(expr string) *rx {
	re := regexp.MustCompile(expr)
	r := &rx{Regexp: re, need: newMustContain(re)}
	allRx = append(allRx, r)
	return r
}

// allRx are the expressions compiled with mustRx, for the test that
// holds each condition to its expression.
var allRx []*rx

// may reports whether s can hold a match.
func (r *rx) may(s string) bool { return r.need.any || r.need.may(foldKey(s)) }

// MatchString is regexp.Regexp.MatchString behind the quick condition.
func (r *rx) MatchString(s string) bool { return r.may(s) && r.Regexp.MatchString(s) }

// FindString is regexp.Regexp.FindString behind the quick condition.
func (r *rx) FindString(s string) string {
	if !r.may(s) {
		return ""
	}
	return r.Regexp.FindString(s)
}

// FindStringIndex is regexp.Regexp.FindStringIndex behind the quick
// condition.
func (r *rx) FindStringIndex(s string) []int {
	if !r.may(s) {
		return nil
	}
	return r.Regexp.FindStringIndex(s)
}

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch behind the
// quick condition.
func (r *rx) FindStringSubmatch(s string) []string {
	if !r.may(s) {
		return nil
	}
	return r.Regexp.FindStringSubmatch(s)
}

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex
// behind the quick condition.
func (r *rx) FindStringSubmatchIndex(s string) []int {
	if !r.may(s) {
		return nil
	}
	return r.Regexp.FindStringSubmatchIndex(s)
}

// FindAllStringIndex is regexp.Regexp.FindAllStringIndex behind the
// quick condition.
func (r *rx) FindAllStringIndex(s string, n int) [][]int {
	if !r.may(s) {
		return nil
	}
	return r.Regexp.FindAllStringIndex(s, n)
}

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch behind
// the quick condition.
func (r *rx) FindAllStringSubmatch(s string, n int) [][]string {
	if !r.may(s) {
		return nil
	}
	return r.Regexp.FindAllStringSubmatch(s, n)
}

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex
// behind the quick condition.
func (r *rx) FindAllStringSubmatchIndex(s string, n int) [][]int {
	if !r.may(s) {
		return nil
	}
	return r.Regexp.FindAllStringSubmatchIndex(s, n)
}
