package agent

import (
	"regexp"
	"strings"

	"searchagent/router"
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

// assentOnly is a whole follow-up that agrees and at most points at
// something (fixZ3, class Z4): "yep that one", "yes that one please",
// "对就这个", "好，第二个", "yeah, the second one". Group 1 is what it
// points at, if anything.
var assentOnly = regexp.MustCompile(`(?i)^(?:(?:对|对的|对啊|对呀|是的|是|好|好的|行|嗯|嗯嗯|可以|没错|yes|yep|yeah|yup|ok|okay|right|correct|exactly|sure)[\s,，.。!！]*)+` +
	`((?:就|那就|就要|要|选)?(?:这个|那个|这一个|那一个|第\s*[0-9一二三四五六七八九十]+\s*(?:个|项|条|种)?)(?:吧|呢|就行|就好)?|` +
	`(?:i'?ll\s+take\s+|go\s+with\s+|pick\s+)?(?:the\s+)?(?:this|that|first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th)\s+one|option\s+[a-f1-5])?` +
	`(?:[\s,，]*(?:please|pls|thanks|thank\s+you|谢谢|吧))?[\s.。!！]*$`)

// assentOnlyEdit reads a whole follow-up that only agrees (assentOnly):
// with a question open, the option it names by position is the answer
// (rest: the position, for the router's answer by position); with none,
// nothing changes and the notice says so. ok is false for any other
// text, and for a bare assent with a question open (the question stays).
func (t *turn) assentOnlyEdit(text string) (rest, note string, ok bool) {
	c := foldEdit(strings.TrimSpace(text))
	m := assentOnly.FindStringSubmatch(c)
	if m == nil {
		return "", "", false
	}
	s := t.s
	if s.Question != nil {
		if len(router.Ordinals(m[1])) == 1 {
			return strings.TrimSpace(m[1]), "", true
		}
		return "", "", false
	}
	q := clip(strings.TrimSpace(text), 24)
	return "", pick(s.zh(), "「"+q+"」：当前没有待回答的问题，条件没变，结果照旧",
		"“"+q+"”: there is no open question, so nothing changed; the search is as it was"), true
}
