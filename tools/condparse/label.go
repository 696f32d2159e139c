package condparse

import (
	"strconv"
	"strings"
)

// label renders the user-facing zh and en name of a condition.
func (st *state) label(pc *pcond) Label {
	c := pc.c
	if c.Label.ZH != "" && c.Kind != KindDerived {
		if c.Op == OpAvoid {
			return Label{ZH: "避免：" + c.Label.ZH, EN: "Avoid: " + c.Label.EN}
		}
		return c.Label
	}
	switch c.Field {
	case FieldCountry, FieldLanguage, FieldCategory, FieldPlatform:
		zh := make([]string, 0, len(pc.names))
		en := make([]string, 0, len(pc.names))
		for _, n := range pc.names {
			zh = append(zh, n.ZH)
			en = append(en, n.EN)
		}
		l := Label{ZH: strings.Join(zh, "、"), EN: strings.Join(en, ", ")}
		if pc.neg {
			l = Label{ZH: "排除 " + l.ZH, EN: "Not " + l.EN}
		}
		return l
	case FieldFollowers, FieldAvgViews:
		zhName, enName := "粉丝", "Followers"
		if c.Field == FieldAvgViews {
			zhName, enName = "均播", "Avg views"
		}
		zh, en := countText(pc)
		l := Label{ZH: zhName + " " + zh, EN: enName + " " + en}
		if c.Kind == KindDerived && c.Label.ZH != "" {
			l = Label{ZH: c.Label.ZH + "（" + l.ZH + "）", EN: c.Label.EN + " (" + l.EN + ")"}
		}
		return l
	case FieldLastActive:
		d := strconv.FormatInt(c.Value.Int, 10)
		return Label{ZH: "近 " + d + " 天活跃", EN: "Active in last " + d + " days"}
	case FieldKeyword:
		if c.Excluded {
			return Label{ZH: "排除：" + c.Value.Str, EN: "Exclude: " + c.Value.Str}
		}
		return Label{ZH: c.Value.Str, EN: c.Value.Str}
	case FieldPreference:
		return Label{ZH: "避免：" + c.Value.Str, EN: "Avoid: " + c.Value.Str}
	case FieldURL:
		return Label{ZH: "链接 " + c.Value.Str, EN: "Link " + c.Value.Str}
	case FieldHandle:
		return Label{ZH: c.Value.Str, EN: c.Value.Str}
	}
	return Label{ZH: c.Value.String(), EN: c.Value.String()}
}

func countText(pc *pcond) (zh, en string) {
	switch {
	case pc.hasLo && pc.hasHi:
		return zhCount(pc.lo) + "–" + zhCount(pc.hi), enCount(pc.lo) + "–" + enCount(pc.hi)
	case pc.hasLo:
		return "≥ " + zhCount(pc.lo), "≥ " + enCount(pc.lo)
	default:
		return "≤ " + zhCount(pc.hi), "≤ " + enCount(pc.hi)
	}
}

// zhCount writes 3000, 1万, 1.5万, 100万, 1亿.
func zhCount(n int64) string {
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
