package agent

import (
	"encoding/json"
	"fmt"
	"searchagent/tools/condition"
	"slices"
	"strconv"
	"strings"

	"searchagent/tools/condparse"
	"searchagent/tools/fields"
	"searchagent/tools/number"
	"searchagent/tools/taxonomy"
)

// An edited value (condition.edit, filter.set) is read with the readers
// the condition parser reads a sentence with (issue 31 item 2): a value
// the parser would read is accepted, one it would not is refused with a
// message that lists the allowed values or says the expected form.
//
//   - set fields (country, language, category): a name in zh or en, an
//     alias or a code the field's vocabulary knows (tools/taxonomy), alone
//     or as a list; "Germany", "德国" and "DE" are the country DE, while
//     "zz" is refused like "Narnia", and "DE" is no category;
//   - counts (followers, avg_views): a JSON integer, or a count as people
//     write one (tools/number: "5万", "10k", "1.2M", "三千"); between is
//     {"min", "max"} of either, or a range in words ("1万-5万");
//   - ratios (engagement): a JSON integer in basis points, or a
//     percentage as written ("3%", "2.5");
//   - durations (last_active): a day count, as an integer or as written
//     ("30", "三十").

// valueError is the 400 bad_value of an edit: what was wrong in both
// languages, and the details the client shows (the field, the value, the
// expected form and, for a vocabulary, every allowed value).
func valueError(field string, raw json.RawMessage, msg text, extra map[string]any) error {
	details := map[string]any{"field": field, "value": json.RawMessage(raw)}
	if len(raw) == 0 {
		details["value"] = nil
	}
	for k, v := range extra {
		details[k] = v
	}
	return badRequest("bad_value", msg, details)
}

// readValue reads raw as the value of field ff under op (op is one of the
// field's operators).
func readValue(ff fields.Field, op condition.Op, raw json.RawMessage) (condparse.Value, error) {
	name := string(ff.Name)
	label := text{ff.Label("zh"), ff.Label("en")}
	if len(raw) == 0 || string(raw) == "null" {
		return condparse.Value{}, valueError(name, raw, both(label.zh+"：缺少值（value）", label.en+": a value is required"), nil)
	}
	switch ff.Kind {
	case fields.Set:
		return readSet(ff, string(op), raw)
	case fields.Count, fields.Ratio:
		return readBounds(ff, string(op), raw)
	case fields.Duration:
		n, ok := readNumber(ff, raw)
		if !ok || n <= 0 || n > ff.Max {
			return condparse.Value{}, valueError(name, raw, both(
				fmt.Sprintf("%s：需要天数，1 到 %d 之间的整数（如 30）", label.zh, ff.Max),
				fmt.Sprintf("%s: give a number of days, a whole number from 1 to %d (e.g. 30)", label.en, ff.Max)),
				map[string]any{"expected": "days", "min": 1, "max": ff.Max})
		}
		return condparse.IntValue(n), nil
	}
	return condparse.Value{}, valueError(name, raw, both(label.zh+"：无法读取这个值", label.en+": this value cannot be read"), nil)
}

// readSet reads a set field's value: one name or code, or a list of them
// for in / not_in, each canonicalised to its code by the vocabulary.
func readSet(ff fields.Field, op string, raw json.RawMessage) (condparse.Value, error) {
	name := string(ff.Name)
	var words []string
	if err := json.Unmarshal(raw, &words); err != nil {
		var one string
		if err := json.Unmarshal(raw, &one); err != nil {
			return condparse.Value{}, valueError(name, raw, both(ff.Label("zh")+"：值必须是一个名称或代码，或它们的列表",
				ff.Label("en")+": the value must be a name or code, or a list of them"), vocabDetails(ff.Vocab))
		}
		words = []string{one}
	}
	var codes []string
	for _, w := range words {
		if strings.TrimSpace(w) == "" {
			return condparse.Value{}, valueError(name, raw, both(ff.Label("zh")+"：值必须是一个名称或代码，或它们的列表",
				ff.Label("en")+": the value must be a name or code, or a list of them"), vocabDetails(ff.Vocab))
		}
		t, ok := ff.Vocab.Lookup(w)
		if !ok {
			return condparse.Value{}, unknownTerm(ff, w, raw)
		}
		if !slices.Contains(codes, t.Code) {
			codes = append(codes, t.Code)
		}
	}
	if len(codes) == 0 {
		return condparse.Value{}, valueError(name, raw, both(ff.Label("zh")+"：列表不能为空", ff.Label("en")+": the list must not be empty"), vocabDetails(ff.Vocab))
	}
	if op == "eq" {
		if len(codes) > 1 {
			return condparse.Value{}, valueError(name, raw, both(ff.Label("zh")+"：eq 只取一个值，多个值请用 in", ff.Label("en")+": eq takes one value; use in for several"), nil)
		}
		return condparse.StringValue(codes[0]), nil
	}
	return condparse.StringsValue(codes...), nil
}

// exampleTerms is how many of a vocabulary's values a refusal names in
// its message when the vocabulary is too long to list whole (the details
// list them all).
const exampleTerms = 8

// unknownTerm refuses a word the field's vocabulary does not know, naming
// the allowed values: all of them for a short vocabulary (categories),
// the first few and how many there are for a long one.
func unknownTerm(ff fields.Field, word string, raw json.RawMessage) error {
	terms := ff.Vocab.Terms()
	var zh, en []string
	for i, t := range terms {
		if len(terms) > 2*exampleTerms && i == exampleTerms {
			break
		}
		zh, en = append(zh, t.ZH), append(en, t.EN)
		if ff.Name != "category" {
			zh[len(zh)-1] += "（" + t.Code + "）"
			en[len(en)-1] += " (" + t.Code + ")"
		}
	}
	listZH, listEN := strings.Join(zh, "、"), strings.Join(en, ", ")
	if len(zh) < len(terms) {
		listZH = fmt.Sprintf("%s 等 %d 个", listZH, len(terms))
		listEN = fmt.Sprintf("%s and %d more", listEN, len(terms)-len(en))
	}
	return valueError(string(ff.Name), raw, both(
		fmt.Sprintf("%s「%s」无法识别：可用的值是 %s（中文名、英文名或代码均可）", ff.Label("zh"), word, listZH),
		fmt.Sprintf("%s “%s” is not one we know: use %s (a Chinese or English name, or the code)", ff.Label("en"), word, listEN)),
		vocabDetails(ff.Vocab))
}

// vocabTerm is one allowed value of a set field, in the details of a
// refusal.
type vocabTerm struct {
	Code string `json:"code"`
	ZH   string `json:"zh"`
	EN   string `json:"en"`
}

func vocabDetails(v *taxonomy.Vocabulary) map[string]any {
	var out []vocabTerm
	for _, t := range v.Terms() {
		out = append(out, vocabTerm{t.Code, t.ZH, t.EN})
	}
	return map[string]any{"expected": "name_or_code", "allowed": out}
}

// readNumber reads one bound of a count, ratio or duration field: a JSON
// integer, or a string the parser's number reader reads (a count with a
// zh or en unit; for a ratio, a percentage).
func readNumber(ff fields.Field, raw json.RawMessage) (int64, bool) {
	var n json.Number
	if err := json.Unmarshal(raw, &n); err == nil {
		v, err := strconv.ParseInt(string(n), 10, 64)
		return v, err == nil && v >= 0
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, false
	}
	if ff.Kind == fields.Ratio {
		return readPercent(s)
	}
	return number.ParseCount(s)
}

// readPercent reads a ratio bound as the parser reads a percentage: in
// digits ("3%", "2.5", full-width "３％") or in words ("百分之三",
// "百分之三点五", number.ScanPercent), the whole string, in basis points.
func readPercent(s string) (int64, bool) {
	rs := number.Fold(strings.TrimSpace(s))
	if n, end, ok := number.ScanPercent(rs, 0); ok && end == len(rs) {
		return n.BasisPoints, true
	}
	return fields.ParsePercent(string(rs))
}

// readBounds reads a count's or ratio's gte / lte bound or between range.
func readBounds(ff fields.Field, op string, raw json.RawMessage) (condparse.Value, error) {
	name := string(ff.Name)
	if ff.Kind == fields.Count {
		ff.Max = min(ff.Max, MaxCount) // the bound of every count argument
	}
	form := both(fmt.Sprintf("整数或带单位的数（如 5万、10k、1.2M），最大 %d", ff.Max),
		fmt.Sprintf("a whole number or one with a unit (e.g. 50000, \"5万\", 10k, 1.2M), at most %d", ff.Max))
	if ff.Kind == fields.Ratio {
		form = both(fmt.Sprintf("百分比（如 \"3%%\"、\"2.5\"）或基点整数（300 即 3%%），最大 %s", fields.FormatRatio(ff.Max)),
			fmt.Sprintf("a percentage (e.g. \"3%%\", \"2.5\") or whole basis points (300 is 3%%), at most %s", fields.FormatRatio(ff.Max)))
	}
	bad := func(zh, en string) error {
		return valueError(name, raw, both(ff.Label("zh")+"："+zh+form.zh, ff.Label("en")+": "+en+form.en),
			map[string]any{"expected": string(ff.Kind), "max": ff.Max})
	}
	if op != "between" {
		n, ok := readNumber(ff, raw)
		if !ok || n <= 0 || n > ff.Max {
			return condparse.Value{}, bad("需要一个正数，", "give a positive number, ")
		}
		return condparse.IntValue(n), nil
	}
	var lo, hi int64
	var obj struct {
		Min json.RawMessage `json:"min"`
		Max json.RawMessage `json:"max"`
	}
	var s string
	switch {
	case json.Unmarshal(raw, &s) == nil && ff.Kind == fields.Count:
		// A range in words, as the parser reads one ("1万-5万").
		r, err := number.ParseRange(s)
		if err != nil || r.Min == nil || r.Max == nil {
			return condparse.Value{}, bad("范围需要两个数（如 {\"min\": \"1万\", \"max\": \"5万\"} 或 \"1万-5万\"），", `a range needs two numbers (e.g. {"min": "10k", "max": "50k"} or "10k-50k"), `)
		}
		lo, hi = *r.Min, *r.Max
	case json.Unmarshal(raw, &obj) == nil && (obj.Min != nil || obj.Max != nil):
		var ok bool
		if obj.Min != nil {
			if lo, ok = readNumber(ff, obj.Min); !ok {
				return condparse.Value{}, bad("下限 min 无法读取，", "min cannot be read, ")
			}
		}
		if obj.Max != nil {
			if hi, ok = readNumber(ff, obj.Max); !ok {
				return condparse.Value{}, bad("上限 max 无法读取，", "max cannot be read, ")
			}
		}
	default:
		return condparse.Value{}, bad(`范围写作 {"min", "max"}，`, `a range is {"min", "max"}, `)
	}
	if hi != 0 && lo > hi {
		return condparse.Value{}, bad("下限大于上限，", "min is above max, ")
	}
	if lo > ff.Max || hi > ff.Max {
		return condparse.Value{}, bad("超出上限，", "over the limit, ")
	}
	return condparse.RangeValue(lo, hi), nil
}
