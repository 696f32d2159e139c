package condparse

import (
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/condition"
)

// Two asks in one (audit 32, S1): a brief that asks for a second kind of
// creator beside the first ("另外再找几个做美食探店的，同样的条件", "and
// also find some food channels", "two kinds of channels: FPS players,
// and PC build channels") wants each kind. The category one ask names
// never prunes the subtopic category of another (pruneTopics works per
// ask), and words of a listed kind that name no category rank, never
// filter: a hard keyword from one kind would drop every channel of the
// other.

// secondAskCue opens a second ask.
var secondAskCue = mustRx(`另外(?:再)?(?:找|要|来|加|挑)|再(?:找|来|挑)(?:几个|一些|点)|还(?:要|想|得)找|(?i)\b(?:and\s+)?also\s+(?:find|look(?:ing)?\s+for|want|need|get)\b`)

// twoKindsCue announces a list of kinds ("two kinds of channels:", "两类博主：").
var twoKindsCue = mustRx(`(?i)\b(?:two|three|2|3|both)\s+(?:different\s+)?(?:kinds|sorts|types)\s+of\b[^:：.。]*[:：]|(?:两|三|2|3)(?:类|种)[^:：。]{0,12}[:：]`)

// kindSep separates the kinds of a listed ask after its colon.
var kindSep = mustRx(`(?i),\s*(?:and\s+|or\s+)?|;\s*|，|；|、|\s+and\s+`)

// askBounds returns the rune offsets where a new ask starts, and the rune
// ranges of the items of a listed ask (twoKindsCue).
func (st *state) askBounds() (bounds []int, items [][2]int) {
	in := string(st.t.orig)
	runeAt := func(b int) int { return utf8.RuneCountInString(in[:b]) }
	for _, m := range secondAskCue.FindAllStringIndex(in, -1) {
		bounds = append(bounds, runeAt(m[0]))
	}
	for _, m := range twoKindsCue.FindAllStringIndex(in, -1) {
		rest := in[m[1]:]
		end := len(rest)
		if i := strings.IndexAny(rest, ".。!！?？"); i >= 0 {
			end = i
		}
		from := 0
		for _, sp := range kindSep.FindAllStringIndex(rest[:end], -1) {
			bounds = append(bounds, runeAt(m[1]+sp[1]))
			items = append(items, [2]int{runeAt(m[1] + from), runeAt(m[1] + sp[0])})
			from = sp[1]
		}
		if from > 0 {
			items = append(items, [2]int{runeAt(m[1] + from), runeAt(m[1] + end)})
		}
	}
	slices.Sort(bounds)
	return bounds, items
}

// askOf is the index of the ask a rune offset falls in.
func askOf(bounds []int, at int) int {
	n := 0
	for _, b := range bounds {
		if at >= b {
			n++
		}
	}
	return n
}

// listedKindsRank makes the hard keywords read inside the items of a
// listed ask ranking terms (see the file comment).
func (st *state) listedKindsRank(items [][2]int) {
	for _, pc := range st.conds {
		if pc.dropped || pc.neg || pc.c.Kind != condition.KindKeyword || pc.c.Op != condition.OpContains || pc.c.Status == condition.StatusReference {
			continue
		}
		if !slices.ContainsFunc(items, func(it [2]int) bool { return pc.s >= it[0] && pc.e <= it[1] }) {
			continue
		}
		pc.c.Status, pc.c.Priority = condition.StatusReference, 2
		pc.addIssue(IssueRankingTerm)
	}
}
