package condparse

import (
	"maps"
	"slices"
	"strings"

	"searchagent/tools/platform"
)

// unservedPlatforms names a platform this version does not serve
// (platform.Unserved: "on Bilibili", "小红书上的", "换成快手") with
// ResidueUnservedPlatform (fixW2, class W5): the search runs on the
// session's platform and the user is told so, never a keyword "小红书".
// The name is found in the text, whatever the lexer made of it (a
// Chinese name may be lexed rune by rune); a Latin name only as a whole
// word. A word a condition already read is left as it is.
func (st *state) unservedPlatforms() {
	st.nameMentions(unservedNames, st.unservedRole, func(low []rune, at, end int, latin bool) bool {
		// "facebook ads experts", "小红书风的拉花": the platform is the
		// topic or the style, never where to search
		return latin && !topicAfter(low, end) || !latin && !styleAfter(low, end)
	})
}

// unservedRole is ResidueUnservedExcluded for a name inside an exclusion
// ("不要小红书": it was never searched), else ResidueUnservedPlatform.
func (st *state) unservedRole(from, to int) Residue {
	for k := from; k <= to; k++ {
		if st.toks[k].neg != 0 {
			return ResidueUnservedExcluded
		}
	}
	return ResidueUnservedPlatform
}

// unservedNames are platform.Unserved's names, in a fixed order.
var unservedNames = slices.Sorted(maps.Keys(platform.Unserved))

// nameMentions names with role(first token, last token) each occurrence in the text of one of
// names (lower-case) that reads as the thing named (reads: past the
// shared checks), whatever the lexer made of it (a Chinese name may be
// lexed rune by rune): a Latin name only as a whole word, an occurrence
// only where it spans whole tokens no condition has read. A name the text
// does not hold costs one substring search.
func (st *state) nameMentions(names []string, role func(from, to int) Residue, reads func(low []rune, at, end int, latin bool) bool) {
	lowText := strings.ToLower(string(st.t.norm))
	var low []rune
	for _, name := range names {
		if !strings.Contains(lowText, name) {
			continue
		}
		if low == nil {
			low = []rune(lowText)
		}
		nr := []rune(name)
		latin := nr[0] < 0x80
		for at := 0; at+len(nr) <= len(low); at++ {
			if string(low[at:at+len(nr)]) != name {
				continue
			}
			end := at + len(nr)
			if latin && (at > 0 && latinWord(low[at-1]) || end < len(low) && latinWord(low[end])) {
				continue
			}
			if !reads(low, at, end, latin) {
				continue
			}
			from, to := -1, -1
			for k := range st.toks {
				if st.toks[k].s >= at && st.toks[k].e <= end {
					if from < 0 {
						from = k
					}
					to = k
				}
			}
			if from < 0 || st.toks[from].s != at || st.toks[to].e != end {
				continue
			}
			free := true
			for k := from; k <= to; k++ {
				if r := st.toks[k].role; r != roleNone && r != roleContent {
					free = false
				}
			}
			if free {
				st.name(from, to, role(from, to))
				st.sig.Sentence = true
			}
		}
	}
}

// latinWord reports a rune that continues a Latin word.
func latinWord(r rune) bool { return r < 0x80 && isWordRune(r) }

// unservedTails are the words after a platform's name that keep it a
// platform ("Twitch streamers", "LinkedIn ones"); any other word after it
// makes the name part of a topic ("Facebook ads", "LinkedIn marketing").
var unservedTails = map[string]bool{"ones": true, "one": true, "creators": true, "channels": true, "accounts": true,
	"influencers": true, "streamers": true, "users": true, "people": true, "instead": true, "only": true, "too": true,
	"please": true, "then": true, "now": true, "as": true, "and": true, "or": true, "is": true, "has": true, "have": true,
	"with": true, "for": true, "in": true, "from": true, "based": true}

// topicAfter reports a Latin word right after position end (past one
// space) that is no unservedTails word.
func topicAfter(low []rune, end int) bool {
	w := latinWordAfter(low, end)
	return w != "" && !unservedTails[w]
}

// latinWordAfter is the Latin word right after position end, past its
// spaces ("" when none).
func latinWordAfter(low []rune, end int) string {
	i := end
	for i < len(low) && low[i] == ' ' {
		i++
	}
	j := i
	for j < len(low) && latinWord(low[j]) {
		j++
	}
	return string(low[i:j])
}

// styleAfters say a platform's name is a style ("小红书风", "B站式",
// "快手同款"), never where to search.
var styleAfters = []string{"风", "式", "范", "体", "同款", "感", "味"}

// styleAfter reports a style word (styleAfters) right at position end.
func styleAfter(low []rune, end int) bool {
	rest := string(low[end:])
	for _, w := range styleAfters {
		if strings.HasPrefix(rest, w) {
			return true
		}
	}
	return false
}
