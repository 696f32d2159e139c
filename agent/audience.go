package agent

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/taxonomy"
)

// audienceCodes are the codes of vocabulary v that a follow-up names only
// inside a wish about the audience ("their audience should be mostly in
// Germany", 粉丝主要在德国; condparse.ResidueAudience): the reading names
// the wish as not applied, so the router's filter on the creators'
// country or language made of the same words would contradict it
// (audit 26, class 3). A code the reading also applies on field f stays.
func audienceCodes(rd condparse.Reading, f condition.Field, v *taxonomy.Vocabulary) []string {
	var out []string
	for _, sp := range rd.Remainder {
		if sp.Role != condparse.ResidueAudience {
			continue
		}
		text := strings.ToLower(sp.Text)
		for _, nt := range v.Names() {
			if slices.Contains(out, nt.Term.Code) || !namesIn(text, strings.ToLower(nt.Name)) {
				continue
			}
			if slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
				return c.Field == f && c.Op != condition.OpNotIn && slices.Contains(c.Value.Codes(), nt.Term.Code)
			}) {
				continue
			}
			out = append(out, nt.Term.Code)
		}
	}
	return out
}

// namesIn reports name inside text, a Latin name as whole words.
func namesIn(text, name string) bool {
	if len(name) < 2 {
		return false
	}
	for from := 0; ; {
		i := strings.Index(text[from:], name)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(name)
		latin := func(s string, last bool) bool {
			if s == "" {
				return false
			}
			r := rune(s[0])
			if last {
				r = rune(s[len(s)-1])
			}
			return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r))
		}
		if !(latin(name, false) && latin(text[:i], true)) && !(latin(name, true) && latin(text[end:], false)) {
			return true
		}
		from = i + 1
	}
}

// droppedPlaceCodes are the countries of the places the reading dropped
// as frame (condparse.Result.Dropped): the writer's own place or its
// launch plan ("we're launching in the UK first but keep US creators",
// 我们准备进北美) when the creators' place is said beside it (H1). The
// router's filter of the same words gives way to the reading; a country
// the reading also holds as a condition stays.
func droppedPlaceCodes(rd condparse.Reading) []string {
	var out []string
	for _, sp := range rd.Dropped {
		// a name, never a code ("in", "us" are words); a short name
		// only as written ("UK", never "uk" inside other words)
		lower := strings.ToLower(sp.Text)
		said := func(n string) bool {
			if utf8.RuneCountInString(n) < 2 {
				return false // 美, 英: a rune of other words
			}
			if len(n) <= 3 {
				return namesIn(sp.Text, n)
			}
			return namesIn(lower, strings.ToLower(n))
		}
		var codes []string
		for _, nt := range taxonomy.Countries.Names() {
			if !slices.Contains(codes, nt.Term.Code) && said(nt.Name) {
				codes = append(codes, nt.Term.Code)
			}
		}
		for _, r := range taxonomy.Regions {
			if slices.ContainsFunc(r.Names, said) || slices.ContainsFunc(r.Caps, func(n string) bool { return namesIn(sp.Text, n) }) {
				codes = append(codes, r.Countries...)
			}
		}
		for _, code := range codes {
			if slices.Contains(out, code) || slices.ContainsFunc(rd.Conditions, func(c condparse.Condition) bool {
				return c.Field == condition.Country && slices.Contains(c.Value.Codes(), code)
			}) {
				continue
			}
			out = append(out, code)
		}
	}
	return out
}
