package agent

import (
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"

	"searchagent/api"
)

// Numeric bounds of event arguments (issue 15: a within_days of 2^63-1
// overflowed to zero results).
const (
	// MaxDays bounds a within_days value (ten years).
	MaxDays = 3650
	// MaxCount bounds a followers or avg_views value (a results.page
	// cursor is bounded by store.MaxOffset).
	MaxCount = 10_000_000_000
)

// checkArgs refuses what no handler should see: texts over MaxTextBytes
// (413), and invalid UTF-8, the replacement character (what a decoder
// made of invalid bytes) or control characters other than tab and line
// breaks in any string argument (400 bad_text).
func checkArgs(a api.Args) error {
	for _, f := range []struct{ name, v string }{
		{"text", a.Text}, {"url", a.URL}, {"tag_id", a.TagID}, {"scope", a.Scope}, {"option_id", a.OptionID},
		{"condition_id", a.ConditionID}, {"field", a.Field}, {"op", a.Op}, {"by", a.By}, {"cursor", a.Cursor},
	} {
		if len(f.v) > MaxTextBytes {
			return newError(ErrTooLarge, "too_large", fmt.Sprintf("%s is longer than %d bytes", f.name, MaxTextBytes), map[string]int{"max_bytes": MaxTextBytes}, nil)
		}
		if !utf8.ValidString(f.v) {
			return badRequest("bad_text", f.name+" is not valid UTF-8", map[string]string{"arg": f.name})
		}
		for i, r := range f.v {
			if r == utf8.RuneError || unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
				return badRequest("bad_text", fmt.Sprintf("%s has a control or invalid character (%U) at byte %d", f.name, r, i),
					map[string]string{"arg": f.name, "char": fmt.Sprintf("%U", r), "at": strconv.Itoa(i)})
			}
		}
	}
	return nil
}
