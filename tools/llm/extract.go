package llm

import (
	"bytes"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
)

var (
	// thinkBlock is a reasoning model's <think>…</think> preamble.
	thinkBlock = regexp.MustCompile(`(?is)<think>.*?</think>`)
	// fence is a Markdown code fence (``` or ~~~, any info string, any
	// case: ```JSON, ```json, ~~~).
	fence = regexp.MustCompile("(?s)(?:```|~~~)[^\\n`~]*\\n(.*?)(?:```|~~~)")
)

// maxObjectStarts bounds the '{' positions tried in one answer.
const maxObjectStarts = 32

var errNoObject = errors.New("no JSON object in the answer")

// ExtractJSON returns the JSON object of a model's answer: the answer
// itself, or the first object inside a code fence (``` or ~~~, any info
// string), after a leading sentence, or after a <think>…</think> block.
// Text after the object is ignored.
func ExtractJSON(content string) (string, error) {
	s := strings.TrimSpace(thinkBlock.ReplaceAllString(content, ""))
	candidates := []string{}
	for _, m := range fence.FindAllStringSubmatch(s, -1) {
		candidates = append(candidates, m[1])
	}
	candidates = append(candidates, s)
	for _, c := range candidates {
		if obj, ok := firstObject(c); ok {
			return obj, nil
		}
	}
	return "", errNoObject
}

// firstObject decodes the first JSON object that starts at one of the
// first '{' of s.
func firstObject(s string) (string, bool) {
	s = strings.TrimSpace(s)
	from := 0
	for range maxObjectStarts {
		i := strings.IndexByte(s[from:], '{')
		if i < 0 {
			return "", false
		}
		start := from + i
		dec := json.NewDecoder(strings.NewReader(s[start:]))
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == nil {
			var obj map[string]json.RawMessage
			if json.Unmarshal(raw, &obj) == nil {
				return string(bytes.TrimSpace(raw)), true
			}
		}
		from = start + 1
	}
	return "", false
}
