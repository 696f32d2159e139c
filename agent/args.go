package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/store"
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

// checkArgs refuses what no handler should see, the same way whichever
// session store is configured (issue 33: what PostgreSQL cannot store is
// refused before the turn, never a 500 at its commit): texts over
// MaxTextBytes (413), and invalid UTF-8, the replacement character (what
// a decoder made of invalid bytes or of a lone surrogate escape such as
// \ud800) or control characters other than tab and line breaks — NUL
// among them — in any string argument or any string or key of the value
// (400 bad_text).
func checkArgs(a api.Args) error {
	for _, f := range []struct{ name, v string }{
		{"text", a.Text}, {"url", a.URL}, {"tag_id", a.TagID}, {"scope", a.Scope}, {"option_id", a.OptionID},
		{"condition_id", a.ConditionID}, {"field", a.Field}, {"op", a.Op}, {"by", a.By}, {"cursor", a.Cursor}, {"status", a.Status},
	} {
		if err := checkString(f.name, f.v); err != nil {
			return err
		}
	}
	return checkValue(a.Value)
}

// checkString is checkArgs' rule for one string.
func checkString(name, v string) error {
	if len(v) > MaxTextBytes {
		return tooLong(name, v)
	}
	if !utf8.ValidString(v) {
		return badRequest("bad_text", both(name+" 不是有效的 UTF-8 文本", name+" is not valid UTF-8"), map[string]string{"arg": name})
	}
	for i, r := range v {
		if r == utf8.RuneError || unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			return badRequest("bad_text", both(fmt.Sprintf("%s 在第 %d 字节处有控制字符或无效字符（%U）", name, i, r),
				fmt.Sprintf("%s has a control or invalid character (%U) at byte %d", name, r, i)),
				map[string]string{"arg": name, "char": fmt.Sprintf("%U", r), "at": strconv.Itoa(i)})
		}
	}
	return nil
}

// MaxTextChars is how many characters MaxTextBytes holds at the least
// for Chinese text (three bytes a character in UTF-8); Latin letters
// take one byte each.
const MaxTextChars = MaxTextBytes / 3

// argWords name the arguments a user types in the words of a message
// (a marketer reads "文字最多 4096 字节", not the field name "text"); the
// details keep the argument's name.
var argWords = map[string]text{
	"text":  {"文字", "text"},
	"url":   {"链接", "link"},
	"value": {"值", "value"},
}

// tooLong is the 413 of a text over MaxTextBytes (issue 31 item 3: the
// search box lost a pasted brief without a word about the limit). It
// names the limit in bytes and in characters, and the size of the text.
func tooLong(name, v string) error {
	n, chars := len(v), utf8.RuneCountInString(v)
	w, ok := argWords[name]
	if !ok {
		w = text{name, name}
	}
	return newError(ErrTooLarge, "too_large", both(
		fmt.Sprintf("输入过长：%s最多 %d 字节（约 %d 个汉字或 %d 个英文字母），这段有 %d 字节（%d 个字符）；请删短后再试",
			w.zh, MaxTextBytes, MaxTextChars, MaxTextBytes, n, chars),
		fmt.Sprintf("the %s is too long: at most %d bytes (about %d Chinese characters or %d Latin letters); this one has %d bytes (%d characters), shorten it and retry",
			w.en, MaxTextBytes, MaxTextChars, MaxTextBytes, n, chars)),
		map[string]any{"arg": name, "max_bytes": MaxTextBytes, "max_chars_zh": MaxTextChars, "bytes": n, "chars": chars}, nil)
}

// checkValue applies checkString to every string and object key of the
// value arg. The value stays raw JSON until its handler reads it, so its
// escapes (\u0000, \ud800) would otherwise reach the store as written.
func checkValue(v json.RawMessage) error {
	if len(v) == 0 {
		return nil
	}
	if !json.Valid(v) {
		return badRequest("bad_value", both("value 不是有效的 JSON", "value is not valid JSON"), map[string]string{"arg": "value"})
	}
	dec := json.NewDecoder(bytes.NewReader(v))
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return badRequest("bad_value", both("value 不是有效的 JSON", "value is not valid JSON"), map[string]string{"arg": "value"})
		}
		if s, ok := tok.(string); ok {
			if err := checkString("value", s); err != nil {
				return err
			}
		}
	}
}

// checkKeyword refuses a tag text no search can run (issue 33: such a tag
// was accepted, after which every search answered 400 or the render
// failed): longer than store.MaxKeywordRunes characters or
// contract.MaxConditionValueWidth display columns, or with no searchable
// word (only punctuation or emoji). 400 bad_keyword names the limit.
func checkKeyword(text string) error {
	details := map[string]any{"max_chars": store.MaxKeywordRunes, "max_width": contract.MaxConditionValueWidth}
	if n := utf8.RuneCountInString(text); n > store.MaxKeywordRunes || contract.Width(text) > contract.MaxConditionValueWidth {
		details["reason"] = "too_long"
		return badRequest("bad_keyword", both(fmt.Sprintf("关键词最多 %d 个字符、%d 个显示宽度（一个汉字算 2）", store.MaxKeywordRunes, contract.MaxConditionValueWidth),
			fmt.Sprintf("a keyword is at most %d characters and %d display columns (a Chinese character counts 2)",
				store.MaxKeywordRunes, contract.MaxConditionValueWidth)), details)
	}
	if _, err := store.CanonicalKeywords([]store.Keyword{{Text: text}}); err != nil {
		details["reason"] = "no_searchable_word"
		return badRequest("bad_keyword", both("关键词至少要有一个字母、数字或汉字", "a keyword needs at least one letter, digit or Chinese character"), details)
	}
	return nil
}

// checkTagInput applies checkKeyword to the text an allowed event is about
// to make a tag of: a committed draft, a keyword-shaped search, an edited
// tag. It runs before the turn, so nothing of a refused event is logged.
func (t *turn) checkTagInput() error {
	switch t.ev {
	case fsm.InputCommit:
		if t.plan.anchorURL == "" && t.plan.text != "" {
			return checkKeyword(t.plan.text)
		}
	case fsm.SearchSubmit:
		if shape, _ := t.classify(t.plan.text); shape == fsm.ShapeKeyword && t.plan.text != "" && t.plan.unsupported == "" {
			return checkKeyword(t.plan.text)
		}
	case fsm.TagEditSubmit:
		if txt := strings.TrimSpace(t.args.Text); txt != "" {
			return checkKeyword(txt)
		}
	}
	return nil
}

// validSessionID reports whether id can name a session in any store: a
// NUL or invalid UTF-8 in a path is simply no session (404), never a
// database error.
func validSessionID(id string) bool {
	return id != "" && len(id) <= 200 && checkString("id", id) == nil
}
