package agent

import (
	"regexp"
	"strings"
)

// assentCue is a clause that agrees with what the box said and asks for
// nothing else (Y5): "对", "对，就按刚才那个", "yes that's right", "yep
// that's it", "就这样". It keeps the search as it is: never an undo, even
// where "按刚才那个" alone would read as "as before".
var assentCue = regexp.MustCompile(`(?i)^(?:(?:对|对的|对啊|对呀|是的|是|好|好的|行|嗯|嗯嗯|可以|没错|yes|yep|yeah|yup|ok|okay|right|correct|exactly|sure)[\s,，.。!！]*)+` +
	`(?:(?:就|那就)?(?:按|照|用)(?:刚才|刚刚|这个|那个|你说)的?(?:那个|这个|那样|的)?(?:来|吧|就行|就好)?|就这样(?:吧)?|就这个(?:吧)?|that'?s\s+(?:it|right|correct|fine)|that\s+is\s+(?:it|right))?[\s.。!！]*$`)

// keepAsSaidCue is a clause that keeps the search as the box has it
// ("就按刚才那个", "就这样吧"): said after an assent it is the assent's,
// not an undo.
var keepAsSaidCue = regexp.MustCompile(`^(?:就|那就)?(?:按|照|用)(?:刚才|刚刚|这个|那个|你说)的?(?:那个|这个|那样|的)?(?:来|吧|就行|就好)?$|^就这样(?:吧)?$|^就这个(?:吧)?$`)

// assents reports clause i of clauses as part of an assent that keeps the
// search as the box has it: a keep-as-said clause right after an assent
// ("对，就按刚才那个"), that assent itself, or an assent with its
// keep-as-said words in one clause ("yes that's right", "对就按刚才那个").
// A bare 嗯 or "yes" alone is not read here: it asks for nothing, and the
// refusal that says so stays.
func assents(clauses []string, i int) bool {
	fold := func(k int) string { return foldEdit(strings.TrimSpace(strings.Trim(clauses[k], " .!！?？~"))) }
	c := fold(i)
	switch {
	case keepAsSaidCue.MatchString(c):
		return i > 0 && assentCue.MatchString(fold(i-1))
	case assentWithKeep.MatchString(c):
		return true
	case assentCue.MatchString(c):
		return i+1 < len(clauses) && keepAsSaidCue.MatchString(fold(i+1))
	}
	return false
}

// assentWithKeep is an assent and its keep-as-said words in one clause.
var assentWithKeep = regexp.MustCompile(`(?i)^(?:对|对的|是的|没错|好|好的|行|可以|yes|yep|yeah|yup|ok|okay|right)[\s,，]*(?:(?:就|那就)?(?:按|照|用)(?:刚才|刚刚|这个|那个|你说)的?(?:那个|这个|那样|的)?(?:来|吧|就行|就好)?|就这样(?:吧)?|就这个(?:吧)?)$`)
