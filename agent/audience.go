package agent

import (
	"slices"
	"strings"
	"unicode"

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
