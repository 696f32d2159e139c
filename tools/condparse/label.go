package condparse

import (
	"strconv"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/taxonomy"
)

// label renders the user-facing zh and en name of a condition.
func (st *state) label(pc *pcond) Label {
	c := pc.c
	if c.Label.ZH != "" && c.Kind != condition.KindDerived {
		if c.Op == condition.OpAvoid {
			return Label{ZH: "避免：" + c.Label.ZH, EN: "Avoid: " + c.Label.EN}
		}
		return c.Label
	}
	if isCount(c.Field) {
		zh, en := countText(pc)
		return Label{ZH: c.Field.Label("zh") + " " + zh, EN: c.Field.Label("en") + " " + en}
	}
	switch c.Field {
	case condition.Country, condition.Language, condition.Category, condition.Platform:
		zh := make([]string, 0, len(pc.names))
		en := make([]string, 0, len(pc.names))
		for _, n := range pc.names {
			if namedByPlace(n, pc.names) {
				continue
			}
			zh = append(zh, n.ZH)
			en = append(en, n.EN)
		}
		l := Label{ZH: strings.Join(zh, "、"), EN: strings.Join(en, ", ")}
		if pc.neg {
			l = Label{ZH: "排除 " + l.ZH, EN: "Not " + l.EN}
		}
		return l
	case condition.LastActive:
		d := strconv.FormatInt(c.Value.Int, 10)
		if !pc.since.IsZero() {
			day := pc.since.Format("2006-01-02")
			return Label{ZH: day + " 以来活跃（近 " + d + " 天）", EN: "Active since " + day + " (" + d + " days)"}
		}
		return Label{ZH: "近 " + d + " 天活跃", EN: "Active in last " + d + " days"}
	case condition.Keyword:
		if c.Excluded {
			return Label{ZH: "排除：" + c.Value.Str, EN: "Exclude: " + c.Value.Str}
		}
		return Label{ZH: c.Value.Str, EN: c.Value.Str}
	case condition.Preference:
		return Label{ZH: "避免：" + c.Value.Str, EN: "Avoid: " + c.Value.Str}
	case condition.URL:
		return Label{ZH: "链接 " + c.Value.Str, EN: "Link " + c.Value.Str}
	case condition.Handle:
		return Label{ZH: c.Value.Str, EN: c.Value.Str}
	}
	return Label{ZH: c.Value.String(), EN: c.Value.String()}
}

// namedByPlace reports that a country's name is said again by a place of
// it among the names ("美国加州": 美国 and 美国（加州，…）), so that the label
// names the country once.
func namedByPlace(n Label, names []Label) bool {
	for _, o := range names {
		if o != n && strings.HasPrefix(o.ZH, n.ZH+"（") && strings.HasPrefix(o.EN, n.EN+" (") {
			return true
		}
	}
	return false
}

func countText(pc *pcond) (zh, en string) {
	zhN, enN := zhCount, enCount
	if ff, ok := numericField(pc.c.Field); ok && ff.Kind == fields.Ratio {
		zhN, enN = fields.FormatRatio, fields.FormatRatio
	}
	switch {
	case pc.hasLo && pc.hasHi:
		return zhN(pc.lo) + "–" + zhN(pc.hi), enN(pc.lo) + "–" + enN(pc.hi)
	case pc.hasLo:
		return "≥ " + zhN(pc.lo), "≥ " + enN(pc.lo)
	default:
		return "≤ " + zhN(pc.hi), "≤ " + enN(pc.hi)
	}
}

// zhCount writes 3000, 1万, 1.5万, 100万, 1亿.
func zhCount(n int64) string {
	if justBelowRound(n) {
		return grouped(n)
	}
	switch {
	case n >= 100_000_000:
		return decimal(n, 100_000_000) + "亿"
	case n >= 10_000:
		return decimal(n, 10_000) + "万"
	}
	return strconv.FormatInt(n, 10)
}

// enCount writes 500, 5K, 1.5K, 1.2M, 1B.
func enCount(n int64) string {
	if justBelowRound(n) {
		return grouped(n)
	}
	switch {
	case n >= 1_000_000_000:
		return decimal(n, 1_000_000_000) + "B"
	case n >= 1_000_000:
		return decimal(n, 1_000_000) + "M"
	case n >= 1_000:
		return decimal(n, 1_000) + "K"
	}
	return strconv.FormatInt(n, 10)
}

// justBelowRound reports a figure one below a round thousand (99,999,
// the end of "five figures"): with a unit it would read 99.99K.
func justBelowRound(n int64) bool { return n >= 9_999 && (n+1)%1000 == 0 }

// grouped writes n with thousands separators (999,999).
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// decimal writes n/unit with at most two decimals, trailing zeros removed.
func decimal(n, unit int64) string {
	whole := n / unit
	frac := (n % unit) * 100 / unit
	if frac == 0 {
		return strconv.FormatInt(whole, 10)
	}
	s := strconv.FormatInt(whole, 10) + "." + strconv.FormatInt(100+frac, 10)[1:]
	return strings.TrimRight(s, "0")
}

// Describe labels a condition given only its field, op and value, as
// conditions made outside the parser (router commands, manual filters)
// need: vocabulary codes become their zh and en names.
func Describe(field condition.Field, op condition.Op, v Value) Label {
	names := func(vocab func(string) (string, string)) Label {
		codes := v.Strs
		if v.Str != "" {
			codes = []string{v.Str}
		}
		zh := make([]string, 0, len(codes))
		en := make([]string, 0, len(codes))
		for _, c := range codes {
			z, e := vocab(c)
			zh, en = append(zh, z), append(en, e)
		}
		l := Label{ZH: strings.Join(zh, "、"), EN: strings.Join(en, ", ")}
		if op == condition.OpNotIn || op == condition.OpNeq {
			l = Label{ZH: "排除 " + l.ZH, EN: "Not " + l.EN}
		}
		return l
	}
	if isCount(field) {
		zhName, enName := field.Label("zh"), field.Label("en")
		pc := &pcond{c: Condition{Field: field}}
		switch op {
		case condition.OpBetween:
			pc.lo, pc.hi, pc.hasLo, pc.hasHi = v.Range.Min, v.Range.Max, v.Range.Min > 0, v.Range.Max > 0
		case condition.OpGte:
			pc.lo, pc.hasLo = v.Int, true
		case condition.OpLte:
			pc.hi, pc.hasHi = v.Int, true
		default:
			pc.lo, pc.hi, pc.hasLo, pc.hasHi = v.Int, v.Int, true, true
		}
		if !pc.hasLo && !pc.hasHi {
			return Label{ZH: zhName, EN: enName}
		}
		zh, en := countText(pc)
		return Label{ZH: zhName + " " + zh, EN: enName + " " + en}
	}
	switch field {
	case condition.Country:
		return names(func(c string) (string, string) { return vocabName(taxonomy.Countries, c) })
	case condition.Language:
		return names(func(c string) (string, string) { return vocabName(taxonomy.Languages, c) })
	case condition.Category:
		return names(func(c string) (string, string) { return vocabName(taxonomy.Categories, c) })
	case condition.LastActive:
		d := strconv.FormatInt(v.Int, 10)
		return Label{ZH: "近 " + d + " 天活跃", EN: "Active in last " + d + " days"}
	case condition.Preference:
		l := names(preferenceName)
		if op == condition.OpAvoid {
			l = Label{ZH: "避免：" + l.ZH, EN: "Avoid: " + l.EN}
		}
		return l
	}
	return Label{ZH: v.String(), EN: v.String()}
}

// routerPreferences maps the router's soft-preference slot values
// (router/specs/keywords.yaml, keyword.soft) to the reading's codes: the
// router's enum values are also words it reads ("engaging"), so its
// names stay its own, and the graph holds one code a preference
// (PreferenceCode).
var routerPreferences = map[string]string{
	"value_for_money": "value",
	"high_quality":    "quality",
	"engaging":        "engagement",
}

// PreferenceCode is the one code of a soft preference: the reading's
// code for a router slot value ("value_for_money" is "value"), any other
// code as it is.
func PreferenceCode(code string) string {
	if c, ok := routerPreferences[code]; ok {
		return c
	}
	return code
}

// IsPreferenceCode reports a code of the reading's soft preferences.
func IsPreferenceCode(code string) bool {
	for _, p := range softPrefs {
		if p.code == code {
			return true
		}
	}
	return false
}

// preferenceName names a soft preference code in zh and en. A code no
// table knows is shown as words, never as a raw identifier.
func preferenceName(code string) (string, string) {
	code = PreferenceCode(code)
	for _, p := range softPrefs {
		if p.code == code {
			return p.label.ZH, p.label.EN
		}
	}
	w := strings.Join(strings.FieldsFunc(code, func(r rune) bool { return r == '_' || r == '.' || r == '-' }), " ")
	return w, w
}

func vocabName(v *taxonomy.Vocabulary, code string) (string, string) {
	if t, ok := v.ByCode(code); ok {
		return t.ZH, t.EN
	}
	return code, code
}
