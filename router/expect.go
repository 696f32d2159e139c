package router

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"searchagent/tools/textmatch"
)

var urlFinder = regexp.MustCompile(urlRe)

// answerFillers are words around an answer that do not change it.
var answerPrefixes = []string{"我选择", "我选", "选择", "我要", "就要", "就选", "选", "要", "就", "是", "用",
	"i'll take", "i will take", "i'll go with", "go with", "i choose", "i pick", "choose", "pick", "option", "the", "it's", "its"}
var answerSuffixes = []string{"吧", "啊", "呀", "的", "那个", "这个", "那项", "吧。", "please", "one", "option", "thanks", "thank you"}

func stripAnswer(t string) string {
	t = strings.Trim(t, " .!?,:;~-\"'")
	for changed := true; changed; {
		changed = false
		for _, p := range answerPrefixes {
			if strings.HasPrefix(t, p) && len(t) > len(p) {
				t, changed = strings.Trim(t[len(p):], " .!?,:;~-\"'"), true
			}
		}
		for _, s := range answerSuffixes {
			if strings.HasSuffix(t, s) && len(t) > len(s) {
				t, changed = strings.Trim(t[:len(t)-len(s)], " .!?,:;~-\"'"), true
			}
		}
	}
	return t
}

// expectation runs stage 1 over the pending expectations in order; the
// first live one the input answers wins. It returns the hit's candidate
// and command; the trace only when asked.
func (e *evaluation) expectation(trace bool) (*Candidate, Command, *ExpectationTrace) {
	var et *ExpectationTrace
	if trace {
		et = &ExpectationTrace{PendingIDs: []string{}}
		for _, p := range e.in.Pending {
			et.PendingIDs = append(et.PendingIDs, p.ID)
		}
	}
	hit := func(id, option, by string) {
		if et != nil {
			et.HitID, et.OptionID, et.By = id, option, by
		}
	}
	miss := func(id string, why func() string) {
		if et != nil {
			et.Misses = append(et.Misses, RejectedSpec{ID: id, Reason: why()})
		}
	}
	for _, p := range e.in.Pending {
		if !p.live(e.in.Turn) {
			if et != nil {
				et.Expired = append(et.Expired, p.ID)
			}
			continue
		}
		switch p.Kind {
		case ExpectChoice:
			opt, by, why := matchOption(e.nt.s, p.Options)
			if opt == nil {
				miss(p.ID, func() string { return why })
				continue
			}
			hit(p.ID, opt.ID, by)
			args := Args{"by": by, "label": opt.Label, "option_id": opt.ID, "question_id": p.ID}
			if p.ActionID != "" {
				args = args.set("action_id", p.ActionID)
			}
			c := expCandidate(p, "answers "+p.ID+" with option "+opt.ID+" by "+by)
			c.Slots = Slots{"option": {Type: SlotEnum, Raw: e.in.Text, Value: opt.ID, Source: "expectation:" + by}}
			return c, Command{Name: "answer_option", Spec: "expectation:" + p.ID, Args: args}, et
		case ExpectURL:
			loc := urlFinder.FindStringIndex(e.nt.s)
			if loc == nil {
				miss(p.ID, func() string { return "expects a URL; the input has none" })
				continue
			}
			orig := e.nt.origSpan(loc[0], loc[1])
			u, err := parseURL(orig)
			if err != nil {
				miss(p.ID, func() string { return "expects a URL: " + err.Error() })
				continue
			}
			c := expCandidate(p, "expected URL found")
			c.Slots = Slots{"url": {Type: SlotURL, Raw: orig, Value: u, Source: "expectation:url"}}
			args := Args{"url": u}
			if pl := platformOfURL(u); pl != "" {
				args = args.set("platform", pl)
				c.Slots = c.Slots.set("platform", Slot{Type: SlotPlatform, Raw: u, Value: pl, Source: "derived"})
				if e.in.Platform != "" && pl != e.in.Platform {
					c.InvalidSlots = map[string]string{"platform": fmt.Sprintf("the link is a %s link but this search runs on %s (resolved_mismatch)", pl, e.in.Platform)}
				}
			}
			if p.ActionID != "" {
				args = args.set("action_id", p.ActionID)
			}
			hit(p.ID, "", "url")
			return c, Command{Name: "replace_anchor", Spec: "expectation:" + p.ID, Args: args}, et
		case ExpectText:
			text := strings.TrimSpace(e.in.Text)
			if utf8.RuneCountInString(e.nt.s) < 2 {
				miss(p.ID, func() string { return "expects a description; the input is too short" })
				continue
			}
			hit(p.ID, "", "text_input")
			c := expCandidate(p, "expected description given")
			c.Slots = Slots{"text": {Type: SlotString, Raw: text, Value: text, Source: "expectation:text"}}
			args := Args{"text": text}
			if p.ActionID != "" {
				args = args.set("action_id", p.ActionID)
			}
			return c, Command{Name: "switch_to_nl", Spec: "expectation:" + p.ID, Args: args}, et
		default:
			miss(p.ID, func() string { return fmt.Sprintf("unknown expectation kind %q", p.Kind) })
		}
	}
	return nil, Command{}, et
}

func expCandidate(p Expectation, reason string) *Candidate {
	return &Candidate{ID: "expectation:" + p.ID, Domain: "expectation", Version: 1, Stage: "expectation", Confidence: 1, Threshold: 1,
		Risk: RiskLow, Reason: reason}
}

// matchOption finds the option the answer names, by text or position.
func matchOption(norm string, opts []Choice) (*Choice, string, string) {
	if len(opts) == 0 {
		return nil, "", "the question has no options"
	}
	t := stripAnswer(norm)
	// By text: the whole answer, or the answer containing one option's
	// label with at most a few characters around it.
	// Two options named apart ("美国或英国") answer nothing: the later
	// stages read them as the filter they are.
	var best, other *Choice
	bestAt, bestLen := 0, 0
	for i := range opts {
		for _, name := range append([]string{opts[i].Label, opts[i].ID}, opts[i].Aliases...) {
			n := Normalize(name)
			if n == "" {
				continue
			}
			if t == n || norm == n {
				return &opts[i], "text", ""
			}
			if k := strings.Index(t, n); k >= 0 {
				rest := stripAnswer(strings.TrimSpace(t[:k] + " " + t[k+len(n):]))
				if t[:k]+t[k+len(n):] == "" || utf8.RuneCountInString(rest) <= 3 {
					if textmatch.IsWordByte(n[0]) && (k > 0 && textmatch.IsWordByte(t[k-1]) || k+len(n) < len(t) && textmatch.IsWordByte(t[k+len(n)])) {
						continue
					}
					if best != nil && best != &opts[i] && (k >= bestAt+bestLen || k+len(n) <= bestAt) {
						other = &opts[i]
					}
					if len(n) > bestLen {
						best, bestAt, bestLen = &opts[i], k, len(n)
					}
				}
			}
		}
	}
	if other != nil && other != best {
		return nil, "", fmt.Sprintf("names more than one option (%s, %s)", best.ID, other.ID)
	}
	if best != nil {
		return best, "text", ""
	}
	// By position.
	if pos, err := parseOrdinal(t); err == nil {
		switch {
		case pos == -1:
			return &opts[len(opts)-1], "position", ""
		case pos >= 1 && int(pos) <= len(opts):
			return &opts[pos-1], "position", ""
		default:
			return nil, "", fmt.Sprintf("position %d is out of range (%d options)", pos, len(opts))
		}
	}
	return nil, "", "matches no option by text or position"
}
