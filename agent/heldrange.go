package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/fields"
)

// A follow-up that moves or sets one end of a count the search holds
// (audit 23): "bump the minimum by 20k" and "下限提高2万" move the held
// floor by the amount; "under 200k" or "cap at 200k" inside a held
// range, stated or read from a creator tier ("mid-tier", 腰部), sets that
// end and keeps the other. A bound past the other end replaces the range,
// and the notice says so.

// boundDelta marks an amount a bound moves by rather than the figure it
// is set to: "by 20k" in English, a move verb right before the figure in
// Chinese ("提高2万", "再降5万"; "降到10万" sets the figure).
var boundDelta = regexp.MustCompile(`(?i)\bby\s+(?:another\s+|a further\s+|an extra\s+|an additional\s+)?[0-9]|(?:提高|提升|增加|上调|调高|抬高|加|涨|降低|下调|调低|压低|减少|降|减|砍)了?\s*(?:[0-9][0-9.,]*\s*(?:万|千|w|k)|[一二三四五六七八九十两半几]+\s*(?:万|千))`)

// boundDown is a move verb that lowers the bound ("lower … by", "再降").
var boundDown = regexp.MustCompile(`(?i)\b(?:lower|lowers|lowered|decrease|decreased|drop|drops|dropped|cut|reduce|reduced|down|less|shrink|trim|loosen)\b|降|减|下调|调低|压低|砍`)

// heldCount is the range the session applies for the count field f, a
// stated range or a creator tier's (0 for an open end).
func (s *Session) heldCount(f condition.Field) (lo, hi int64, ok bool) {
	for _, c := range s.Conds {
		if c.Field != string(f) || c.Status != condition.StatusApplied || c.Kind != condition.KindHard && c.Kind != condition.KindDerived {
			continue
		}
		switch c.Op {
		case condition.OpGte:
			return c.Value.Int, 0, true
		case condition.OpLte:
			return 0, c.Value.Int, true
		case condition.OpBetween:
			return c.Value.Range.Min, c.Value.Range.Max, true
		}
	}
	return 0, 0, false
}

// setCount gives c the range lo..hi (0 for an open end) and its label.
func setCount(c *condparse.Condition, lo, hi int64) {
	c.Op, c.Value = countValue(lo, hi)
	c.Label = condparse.Describe(c.Field, c.Op, c.Value)
	c.Issues = slices.DeleteFunc(slices.Clone(c.Issues), func(i string) bool {
		return i == condparse.IssueOpAssumed || i == condparse.IssueNamedBound || i == condparse.IssueHeldBound
	})
}

// shiftHeldBounds reads a bound said with an amount to move it by ("bump
// the minimum by 20k", "上限再降5万") as the held end moved by that amount,
// the other end kept. With no such end held there is nothing to move
// from: the condition is dropped and the returned notes say how to set a
// figure instead.
func (s *Session) shiftHeldBounds(rd *condparse.Reading) (notes []string) {
	var drop []int
	for i := range rd.Conditions {
		c := &rd.Conditions[i]
		if c.Kind != condition.KindHard || c.Value.Type != condparse.ValueInt || c.Op != condition.OpGte && c.Op != condition.OpLte || !isCount(string(c.Field)) {
			continue
		}
		clause := foldEdit(spanClause(rd.Input, c.Span))
		if !boundDelta.MatchString(foldEdit(c.Span.Text)) && !boundDelta.MatchString(clause) {
			continue
		}
		d := c.Value.Int
		if boundDown.MatchString(clause) {
			d = -d
		}
		lo, hi, note, ok := s.moveHeldEnd(c.Field, c.Op == condition.OpLte, d, clip(c.Span.Text, 24))
		if note != "" {
			notes = append(notes, note)
		}
		if !ok {
			drop = append(drop, i)
			continue
		}
		if lo == 0 && hi == 0 {
			drop = append(drop, i)
			continue
		}
		setCount(c, lo, hi)
	}
	for j := len(drop) - 1; j >= 0; j-- {
		rd.Conditions = slices.Delete(rd.Conditions, drop[j], drop[j]+1)
	}
	return notes
}

// moveHeldEnd moves the held minimum (or, upper, the cap) of the count
// field f by d, the other end kept: the range it gives (0 for an open
// end; both 0 when nothing is left), and a note when the end moved past
// the other one (which the moved end alone then replaces). With no such
// end held, ok is false and the note, for q (the words the user said),
// says how to give a figure instead.
func (s *Session) moveHeldEnd(f condition.Field, upper bool, d int64, q string) (lo, hi int64, note string, ok bool) {
	lo, hi, held := s.heldCount(f)
	end := lo
	if upper {
		end = hi
	}
	if !held || end == 0 {
		which := text{"下限", "minimum"}
		if upper {
			which = text{"上限", "cap"}
		}
		return 0, 0, pick(s.zh(), "「"+q+"」未应用：当前没有"+which.zh+"可以调整，请直接写数值，例如“粉丝 5万以上”",
			"“"+q+"” was not applied: there is no "+which.en+" to move; give the figure, e.g. “over 50k followers”"), false
	}
	end = max(end+d, 0)
	if upper {
		hi = end
	} else {
		lo = end
	}
	if lo > 0 && hi > 0 && lo > hi {
		// moved past the other end: the moved end alone
		if upper {
			lo = 0
		} else {
			hi = 0
		}
		note = s.replacedRangeNote(f)
	}
	return lo, hi, note, true
}

// replacedRangeNote says that a new bound past the other end of the held
// range replaced it.
func (s *Session) replacedRangeNote(f condition.Field) string {
	l := text{f.Label("zh"), f.Label("en")}
	return pick(s.zh(), "新的"+l.zh+"界限越过了原范围的另一端，已替换整个范围",
		"the new "+l.en+" bound lies past the other end of the range held, so it replaces the range")
}

// keptEnd is the range a one-sided bound said in a follow-up makes with
// the count the session holds: inside a held range (or tier) it sets that
// end and keeps the other ("under 200k" after 100k–1M: 100k–200k); a
// bound past the other end stands alone (past is true). ok is false when
// the session holds no range of that field to keep an end of.
func (s *Session) keptEnd(f condition.Field, op condition.Op, n int64) (lo, hi int64, past, ok bool) {
	hlo, hhi, held := s.heldCount(f)
	if !held || hlo == 0 || hhi == 0 {
		return 0, 0, false, false // a one-sided bound merges as before (mergeCond)
	}
	switch op {
	case condition.OpLte:
		if n <= hlo {
			return 0, n, true, true
		}
		return hlo, n, false, true
	case condition.OpGte:
		if n >= hhi {
			return n, 0, true, true
		}
		return n, hhi, false, true
	}
	return 0, 0, false, false
}

// narrowedCount is the count a follow-up bound said as what to take out
// of the results (condparse.IssueNarrows: "drop anyone under 100k",
// 这些里面去掉粉丝低于二十万的) leaves of the one the session holds: the
// held range narrowed, its other end kept, never widened ("under 200k"
// taken out of 240k–360k leaves 240k–360k). ok is false without such a
// bound, without a held count of its field, or when the bound takes out
// the whole held range (it then stands alone, as keptEnd's past).
func (s *Session) narrowedCount(c condparse.Condition) (lo, hi int64, ok bool) {
	if !slices.Contains(c.Issues, condparse.IssueNarrows) {
		return 0, 0, false
	}
	hlo, hhi, held := s.heldCount(c.Field)
	if !held {
		return 0, 0, false
	}
	n := c.Value.Int
	switch c.Op {
	case condition.OpGte:
		if hhi != 0 && n >= hhi {
			return 0, 0, false
		}
		return max(hlo, n), hhi, true
	case condition.OpLte:
		if hlo != 0 && n <= hlo {
			return 0, 0, false
		}
		if hhi != 0 {
			n = min(hhi, n)
		}
		return hlo, n, true
	}
	return 0, 0, false
}

// keepsEnd reports a follow-up bound that keeps the other end of a held
// range: one named by its noun ("raise the floor to 100k", "下限降到10万",
// "cap at 200k") or a plain cap ("under 200k", "20万以下": not so big, the
// floor stays). A plain floor ("at least 200k", "粉丝 1w 以上") is said
// from where the range now starts up, and replaces it as before.
func keepsEnd(c condparse.Condition) bool {
	return slices.Contains(c.Issues, condparse.IssueNamedBound) || c.Op == condition.OpLte
}

// insteadCue says a follow-up's values replace the ones it names beside
// them ("nvm brazil do mexico n colombia instead", "Brazil → Mexico and
// Colombia", "巴西换成墨西哥").
var insteadCue = regexp.MustCompile(`(?i)\binstead\b|\bout\s*[,，;/]\s*\S+(?:\s+\S+)?\s+in\b|\bnvm\b|\bnever\s*mind\b|\brather than\b|\bin place of\b|\breplace\b|\bswap\b|→|->|=>|换成|改成|改为|换为|替换成|换到`)

// insteadOfHeld takes out of an include list the held values of the
// field that it names when it says its other values come instead of them:
// the list then replaces the held one rather than extending it. vals is
// returned as is without such a cue, or when every value is held or none
// is.
func (s *Session) insteadOfHeld(text string, f string, vals, named []string) []string {
	if !insteadCue.MatchString(foldEdit(text)) {
		return vals
	}
	held := s.heldInclude(f)
	var fresh []string
	for _, v := range vals {
		// only a held value the follow-up names goes ("swap Korea for
		// Taiwan" after Japan and Korea keeps Japan)
		if !slices.Contains(held, v) || !slices.Contains(named, v) {
			fresh = append(fresh, v)
		}
	}
	if len(fresh) == 0 || len(fresh) == len(vals) {
		return vals
	}
	return fresh
}

// insteadInReading applies insteadOfHeld to the include conditions of a
// reading (not those said as an addition: "also Mexico instead of…" keeps
// its own reading).
func (s *Session) insteadInReading(rd *condparse.Reading) {
	for i, c := range rd.Conditions {
		if c.Kind != condition.KindHard || c.Op != condition.OpIn && c.Op != condition.OpEq || slices.Contains(c.Issues, condparse.IssueAdded) {
			continue
		}
		vals := c.Value.Codes()
		if kept := s.insteadOfHeld(rd.Input, string(c.Field), vals, namedCodes(c)); len(kept) < len(vals) {
			c.Op, c.Value = setValue(false, kept)
			c.Label = condparse.Describe(c.Field, c.Op, c.Value)
			rd.Conditions[i] = c
		}
	}
}

// namedCodes are the values of a set condition said by their own name
// ("brazil", "Mexico"): a value a group brought ("港台", "DACH") is not
// named, so a group said instead of one of its members keeps it.
func namedCodes(c condparse.Condition) []string {
	ff, ok := filterFieldNamed(string(c.Field))
	if !ok || ff.Vocab == nil {
		return nil
	}
	var out []string
	for _, sp := range append([]condparse.Span{c.Span}, c.MoreSpans...) {
		if term, ok := ff.Vocab.Lookup(sp.Text); ok {
			out = append(out, term.Code)
		}
	}
	return out
}

// takeAcceptedIn widens the count the session holds to take in a figure
// said to be acceptable too ("粉丝也可以再多一点 十万也行", "80k is fine
// too": condparse.IssueAccepted): above the held range it becomes the
// new upper end, below it the new lower end, the other end kept; inside
// it nothing changes. The vague size said with it ("再多一点", "a bit
// higher") and the bare field word are that same wish, neither a step of
// their own nor unread text (audit 24, class F). With no count held the
// figure stays an upper end.
func (s *Session) takeAcceptedIn(rd *condparse.Reading) {
	var taken []condition.Field
	var kept []condparse.Condition
	for _, c := range rd.Conditions {
		lo, hi, held := s.heldCount(c.Field)
		if !slices.Contains(c.Issues, condparse.IssueAccepted) || c.Value.Type != condparse.ValueInt || !held {
			kept = append(kept, c)
			continue
		}
		taken = append(taken, c.Field)
		n := c.Value.Int
		switch {
		case hi > 0 && n > hi:
			hi = n
		case lo > 0 && n < lo:
			lo = n
		default:
			continue // the figure is in the range held already
		}
		setCount(&c, lo, hi)
		c.Issues = slices.DeleteFunc(c.Issues, func(i string) bool { return i == condparse.IssueAccepted })
		kept = append(kept, c)
	}
	rd.Conditions = kept
	if len(taken) == 0 {
		return
	}
	rd.Conditions = slices.DeleteFunc(rd.Conditions, func(c condparse.Condition) bool {
		return c.Kind == condition.KindKeyword && slices.Contains(acceptWords, strings.ToLower(strings.TrimSpace(c.Value.Str)))
	})
	rd.Remainder = slices.DeleteFunc(slices.Clone(rd.Remainder), func(r condparse.Span) bool {
		if r.Role == condparse.ResidueVague {
			return true
		}
		for _, f := range taken {
			if fieldWordsOnly(f, r.Text) {
				return true
			}
		}
		return false
	})
}

// fieldWordsOnly reports text that only names field f or a vague size of
// it ("粉丝", "followers can go a bit higher").
func fieldWordsOnly(f condition.Field, text string) bool {
	ff, ok := fields.Lookup(string(f))
	if !ok {
		return false
	}
	t := strings.ToLower(strings.TrimSpace(text))
	for _, w := range append([]string{string(ff.Name)}, append(ff.Aliases, ff.Cues...)...) {
		if w = strings.ToLower(w); w != "" && strings.HasPrefix(t, w) {
			return true
		}
	}
	return false
}
