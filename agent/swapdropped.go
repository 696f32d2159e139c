package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
)

// dropCue says a clause drops the values it names from the search
// ("日本的不要了", "drop Japan", "Belgium is not necessary", "Mexico is
// out", "德国的就算了").
var dropCue = regexp.MustCompile(`(?i)\b(?:drop|remove|forget(?:\s+about)?|skip|ditch|scrap|lose|leave\s+out|no\s+more|no\s+longer|without|(?:don'?t|do\s+not)\s+need|(?:is|are)\s+out|(?:is|are|isn'?t|aren'?t)\s+(?:not\s+)?(?:necessary|needed|required|wanted)|not\s+(?:necessary|needed|required|wanted))\b|不要|不需要|不用|算了|去掉|删掉|删了|拿掉|去了|除掉|不考虑|别要`)

// swapClauseSeps cut a swap into its clauses: punctuation and "but", not
// "and", which goes on with the list ("drop Brazil and Argentina" drops
// both).
var swapClauseSeps = regexp.MustCompile(`(?i)[,，;；。]|\s+but\s+|但是|然后`)

// onlyCue says the values a clause names are the only ones wanted ("only
// France", "just Spain", "只留美国", "只要法国").
var onlyCue = regexp.MustCompile(`(?i)\b(?:only|just|solely)\b|只要|只留|只保留|只看|只找|仅`)

// swapDropped reads a follow-up that drops held values of a set field in
// one clause and names others of the same field in another ("换成韩国吧，日本
// 的不要了", "Belgium is not necessary, only France", "drop Japan, Korea
// instead", "不要英国了，只留美国"): the field's include set becomes the
// values named — with the held ones not dropped beside them unless the
// values named are said to be the only ones. The clauses left (naming
// other fields) are returned to be read as before. ok is false when no
// clause drops a held value while another names a new one.
func (s *Session) swapDropped(text string) (cmds []router.Command, rest []string, ok bool) {
	clauses := swapClauseSeps.Split(text, -1)
	type clauseRead struct {
		codes map[string][]string
		drop  bool
		other bool // sets a condition of a field that is no set field
	}
	reads := make([]clauseRead, len(clauses))
	only := false
	for i, cl := range clauses {
		cr := clauseRead{codes: map[string][]string{}, drop: dropCue.MatchString(cl)}
		if rd, err := condparse.Read(cl); err == nil {
			for _, c := range rd.Conditions {
				if c.Kind != condition.KindHard && c.Kind != condition.KindDerived {
					continue
				}
				ff, isSet := filterFieldNamed(string(c.Field))
				if !isSet || ff.Kind != fields.Set || ff.Vocab == nil {
					cr.other = true
					continue
				}
				if !cr.drop && (c.Excluded || c.Op == condition.OpNotIn || c.Op == condition.OpNeq) {
					cr.other = true // an exclusion said beside: read as before
					continue
				}
				cr.codes[string(c.Field)] = union(cr.codes[string(c.Field)], c.Value.Codes())
			}
		}
		if !cr.drop && len(cr.codes) > 0 && onlyCue.MatchString(cl) {
			only = true
		}
		reads[i] = cr
	}
	used := make([]bool, len(clauses))
	for _, f := range []string{string(condition.Country), string(condition.Language), string(condition.Category)} {
		held := s.heldInclude(f)
		var dropped, named []string
		var at []int
		for i, cr := range reads {
			if len(cr.codes[f]) == 0 || cr.other {
				continue
			}
			if cr.drop {
				dropped = union(dropped, cr.codes[f])
			} else {
				named = union(named, cr.codes[f])
			}
			at = append(at, i)
		}
		if len(dropped) == 0 || len(named) == 0 || slices.ContainsFunc(dropped, func(v string) bool { return !slices.Contains(held, v) }) ||
			slices.ContainsFunc(named, func(v string) bool { return slices.Contains(dropped, v) }) {
			continue
		}
		// the held values kept come first, the named ones after
		want := named
		if !only {
			var kept []string
			for _, v := range held {
				if !slices.Contains(dropped, v) {
					kept = append(kept, v)
				}
			}
			want = union(kept, named)
		}
		cmds = append(cmds, router.Command{Name: "add_filter", Args: router.Args{"field": f, "op": string(condition.OpIn), "value": want}})
		for _, i := range at {
			used[i] = true
		}
	}
	if len(cmds) == 0 {
		return nil, nil, false
	}
	for i, cl := range clauses {
		if !used[i] && strings.TrimSpace(strings.Trim(cl, " .。!！?？~吧")) != "" {
			rest = append(rest, strings.TrimSpace(cl))
		}
	}
	return cmds, rest, true
}
