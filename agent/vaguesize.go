package agent

import (
	"regexp"
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
)

// sizeSteps is the ladder a vague size ("bigger", "小一点的") moves a
// follower bound along: the tiers' edges and the halfway marks between
// them.
var sizeSteps = []int64{1_000, 5_000, 10_000, 50_000, 100_000, 500_000, 1_000_000, 5_000_000, 10_000_000}

// stepAbove is the first rung above n (n itself when none is).
func stepAbove(n int64) int64 {
	for _, s := range sizeSteps {
		if s > n {
			return s
		}
	}
	return n
}

// stepBelow is the last rung below n (0 when none is).
func stepBelow(n int64) int64 {
	for i := len(sizeSteps) - 1; i >= 0; i-- {
		if sizeSteps[i] < n {
			return sizeSteps[i]
		}
	}
	return 0
}

// unsortedMeasures are measures a vague amount may be said of that no
// sort orders by ("点赞多一点", "more comments"): named, never a follower
// step. The sortable ones are the reading's (condparse.SortKeyIn).
var unsortedMeasures = regexp.MustCompile(`点赞|评论|(?i)\b(?:likes|comments)\b`)

// acceptWords after a vague size make it a widening ("smaller is fine",
// "大一点的也行"): the range takes that side in, rather than moving.
var acceptWords = []string{"is fine", "are fine", "is ok", "are ok", "is okay", "are okay", "ok", "okay", "totally fine",
	"are welcome too", "are welcome", "is welcome", "welcome too", "welcome", "works", "too", "也行", "也可以", "也没关系", "也ok", "都行", "没关系", "无所谓", "可以接受"}

// moveVerbs ask for a size move without being a topic ("go bigger",
// "get a tier up", "来点小一些的").
var moveVerbs = map[string]bool{"go": true, "get": true, "make": true, "make them": true, "show": true, "show me": true,
	"give me": true, "something": true, "来点": true, "来些": true, "换点": true}

// stepVagueSize reads a follow-up's vague size as one step of the
// follower range the session holds (issue 26, audit 21): "bigger" raises
// the floor to the next rung (a range moves up a band), "smaller" lowers
// the cap, and said as acceptable ("smaller ones are fine") the range only
// takes that side in. With no follower condition held, the wish for
// bigger ones sorts by followers and a smaller one stays named (no
// filter is guessed from nothing). The step is a derived
// condition (agent_inferred) and the returned notice says it and how to
// set a number.
func (s *Session) stepVagueSize(rd *condparse.Reading) string {
	if slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool { return c.Field == condition.Followers }) {
		return ""
	}
	at := slices.IndexFunc(rd.Remainder, func(sp condparse.Span) bool {
		return sp.Role == condparse.ResidueVague && sp.Direction != ""
	})
	if at < 0 {
		return ""
	}
	sp := rd.Remainder[at]
	clause := spanClause(rd.Input, sp)
	by := condparse.SortKeyIn(clause)
	if by == condparse.SortFollowers {
		by = "" // "bigger", "大一点": the size itself
	}
	if by != "" || unsortedMeasures.MatchString(clause) {
		// "播放多一点的", "more views": more of a measure sorts by it,
		// and its word is no ranking term; less of it, or more of a
		// measure no sort orders by, stays named.
		if by == "" || sp.Direction != condparse.SizeLarger || rd.Sort != nil {
			return ""
		}
		rd.Sort = &condparse.SortRequest{By: by, Span: sp}
		rd.Remainder = slices.Delete(slices.Clone(rd.Remainder), at, at+1)
		rd.Conditions = slices.DeleteFunc(slices.Clone(rd.Conditions), func(c condparse.Condition) bool {
			return c.Kind == condition.KindKeyword && condparse.SortKeyIn(c.Value.Str) == by
		})
		return ""
	}
	tail := strings.ToLower(rd.Input[min(sp.End, len(rd.Input)):])
	rest := strings.TrimLeft(tail, " ,，的")
	accept := false
	if w := slices.IndexFunc(acceptWords, func(w string) bool { return strings.HasPrefix(rest, w) }); w >= 0 {
		// the words that welcome it are frame, no ranking term
		accept = true
		end := sp.End + len(tail) - len(rest) + len(acceptWords[w])
		rd.Conditions = slices.DeleteFunc(slices.Clone(rd.Conditions), func(c condparse.Condition) bool {
			return c.Kind == condition.KindKeyword && c.Span.Start >= sp.End && c.Span.End <= end
		})
	}
	// lowering the bar ("粉丝要求再低一点", "门槛降一点") takes the
	// smaller side in: the floor comes down, as "smaller is fine"
	accept = accept || sp.Direction == condparse.SizeSmaller && condparse.BarLowered(sp.Text)
	lo, hi, held := s.heldFollowers()
	if !held {
		// No range the user set: nothing to step from, and no filter is
		// guessed. A wish for bigger ones sorts by followers (the
		// biggest first); a smaller one stays named.
		if sp.Direction != condparse.SizeLarger || accept || rd.Sort != nil {
			return ""
		}
		rd.Sort = &condparse.SortRequest{By: condparse.SortFollowers, Span: sp}
		rd.Remainder = slices.Delete(slices.Clone(rd.Remainder), at, at+1)
		q := clip(sp.Text, 24)
		return pick(s.zh(), "「"+q+"」没有具体数值，也没有粉丝范围可调：未加筛选条件，要筛选请写范围，例如“粉丝 10万以上”",
			"“"+q+"” had no number and no follower range is set, so no filter was added; to filter, give a range such as “over 100k followers”")
	}
	lo, hi = stepRange(lo, hi, sp.Direction == condparse.SizeLarger, accept)
	if lo == 0 && hi == 0 {
		return ""
	}
	c := condparse.Condition{Kind: condition.KindDerived, Field: condition.Followers, Source: condition.SourceAgentInferred,
		Status: condition.StatusApplied, Priority: 3, Span: sp}
	switch {
	case lo > 0 && hi > 0:
		c.Op, c.Value = condition.OpBetween, condparse.RangeValue(lo, hi)
	case lo > 0:
		c.Op, c.Value = condition.OpGte, condparse.IntValue(lo)
	default:
		c.Op, c.Value = condition.OpLte, condparse.IntValue(hi)
	}
	c.Label = condparse.Describe(c.Field, c.Op, c.Value)
	// the verb that asks for the move is no ranking term ("go bigger")
	rd.Conditions = slices.DeleteFunc(slices.Clone(rd.Conditions), func(k condparse.Condition) bool {
		return k.Kind == condition.KindKeyword && moveVerbs[strings.ToLower(k.Value.Str)]
	})
	rd.Conditions = append(rd.Conditions, c)
	// every vague size of the same way is that one wish ("量级小了点，往上
	// 调一调"): none of them is named as not applied
	rd.Remainder = slices.DeleteFunc(slices.Clone(rd.Remainder), func(r condparse.Span) bool {
		return r.Role == condparse.ResidueVague && r.Direction == sp.Direction
	})
	q := clip(sp.Text, 24)
	return pick(s.zh(), "「"+q+"」没有具体数值：粉丝范围按一档调整，要精确范围请直接写数字",
		"“"+q+"” had no number, so the follower range moved one step; give a number to set it exactly")
}

// stepRange moves the held follower range [lo, hi] (0 for an open end)
// one step: a range moves to the band beside it, as wide (in ratio) as it
// was; a floor or a cap moves to the next rung, and a floor said smaller
// turns into a cap there (smaller than what was asked); said as
// acceptable, the range only takes that side in (larger: the cap goes;
// smaller: the floor moves one rung down). It is (0, 0) when there is no
// step to take.
func stepRange(lo, hi int64, larger, accept bool) (int64, int64) {
	switch {
	case accept && larger:
		if hi == 0 {
			return 0, 0
		}
		return lo, 0
	case accept:
		if lo == 0 {
			return 0, 0
		}
		return stepBelow(lo), hi
	case lo > 0 && hi > 0 && larger:
		return hi, nearestStep(hi * hi / lo)
	case lo > 0 && hi > 0:
		return nearestStep(lo * lo / hi), lo
	case larger && hi > 0:
		return hi, 0
	case larger:
		return stepAbove(lo), 0
	case lo > 0:
		return 0, lo
	}
	return 0, stepBelow(hi)
}

// nearestStep is the rung nearest n by ratio (0 for n <= 0).
func nearestStep(n int64) int64 {
	if n <= 0 {
		return 0
	}
	best := sizeSteps[0]
	for _, r := range sizeSteps {
		if ratio(r, n) < ratio(best, n) {
			best = r
		}
	}
	return best
}

// ratio is how far apart a and b are as a factor (>= 1).
func ratio(a, b int64) float64 {
	if a < b {
		a, b = b, a
	}
	return float64(a) / float64(b)
}

// spanClause is the clause of in that holds sp ("粉丝再往上提一档吧" of
// "粉丝再往上提一档吧，顺便按互动率从高到低排"): a measure named in another
// clause is not what the size is said of.
func spanClause(in string, sp condparse.Span) string {
	from, to := 0, len(in)
	for _, sep := range clauseSeps.FindAllStringIndex(in, -1) {
		if sep[1] <= sp.Start {
			from = sep[1]
		}
		if sep[0] >= sp.End && sep[0] < to {
			to = sep[0]
		}
	}
	return in[from:to]
}

// heldFollowers is the follower range the session applies: its floor and
// cap (0 for an open end), and whether one is held.
func (s *Session) heldFollowers() (lo, hi int64, ok bool) {
	return s.heldCount(condition.Followers)
}
