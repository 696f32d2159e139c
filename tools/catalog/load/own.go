package load

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
)

// ownColumns are the columns (and JSONL fields) of our own formats:
// catalog.Channel's JSON names.
var ownColumns = []string{
	"platform", "id", "handle", "aliases", "name", "url", "description", "tags",
	"category", "country", "language", "followers", "avg_views", "avg_engagement", "last_post_at",
	"recent_titles", "content_ids", "source",
}

// listColumns hold "|"-separated lists in CSV and arrays in JSONL.
var listColumns = []string{"aliases", "tags", "recent_titles", "content_ids"}

func allOwnColumns(h []string) bool {
	for _, c := range h {
		if !slices.Contains(ownColumns, c) {
			return false
		}
	}
	return true
}

// record is one row of our formats: scalar values and lists, by column.
type record struct {
	scalars map[string]string
	lists   map[string][]string
}

func ownCSVParser(header []string, cfg config) (rowParser, error) {
	seen := map[string]bool{}
	for _, c := range header {
		if !slices.Contains(ownColumns, c) {
			return nil, fmt.Errorf("%w: unknown column %s (want %s)", ErrBadHeader, quote(c), strings.Join(ownColumns, ", "))
		}
		if seen[c] {
			return nil, fmt.Errorf("%w: column %q appears twice", ErrBadHeader, c)
		}
		seen[c] = true
	}
	if !seen["name"] {
		return nil, fmt.Errorf("%w: no name column", ErrBadHeader)
	}
	if !seen["handle"] && !seen["id"] && !seen["url"] {
		return nil, fmt.Errorf("%w: no handle, id or url column", ErrBadHeader)
	}
	if !seen["platform"] && cfg.platform == "" {
		return nil, fmt.Errorf("%w: no platform column and no default platform (WithPlatform)", ErrBadHeader)
	}
	return func(cells []string) (*catalog.Channel, []string, error) {
		rec := record{scalars: map[string]string{}, lists: map[string][]string{}}
		for i, c := range header {
			if !utf8.ValidString(cells[i]) {
				return nil, nil, fmt.Errorf("%s: invalid UTF-8", c)
			}
			if slices.Contains(listColumns, c) {
				rec.lists[c] = splitRaw(cells[i])
			} else {
				rec.scalars[c] = cells[i]
			}
		}
		return buildOwn(rec, cfg)
	}, nil
}

// buildOwn validates a record of our formats into a channel.
func buildOwn(rec record, cfg config) (*catalog.Channel, []string, error) {
	// Identity values and numbers are only trimmed, so that a control
	// character makes them invalid instead of being dropped; text is cleaned.
	s := func(k string) string { return strings.TrimSpace(rec.scalars[k]) }
	ch := &catalog.Channel{}
	if v := s("platform"); v != "" {
		p, err := platform.Parse(v)
		if err != nil {
			return nil, nil, fmt.Errorf("platform: unknown platform %s", quote(v))
		}
		ch.Platform = p
	} else if cfg.platform != "" {
		ch.Platform = cfg.platform
	} else {
		return nil, nil, errors.New("platform: missing (and no default platform)")
	}
	p := ch.Platform

	ch.ID = s("id")
	if ch.ID != "" {
		if err := validChannelID(p, ch.ID); err != nil {
			return nil, nil, fmt.Errorf("id: %w", err)
		}
	}
	ch.Handle = strings.TrimPrefix(s("handle"), "@")
	if ch.Handle != "" {
		if err := ValidHandle(p, ch.Handle); err != nil {
			return nil, nil, fmt.Errorf("handle: %w", err)
		}
	}
	if raw := s("url"); raw != "" {
		ref, ok := parseChannelURL(p, raw)
		if !ok {
			return nil, nil, fmt.Errorf("url: %s is not a %s channel URL", quote(raw), p.Label("en"))
		}
		if err := applyURLRef(ch, ref); err != nil {
			return nil, nil, fmt.Errorf("url: %w", err)
		}
	}
	if ch.ID == "" && ch.Handle == "" {
		return nil, nil, errors.New("no handle, id or channel URL")
	}
	for _, a := range rec.lists["aliases"] {
		if p != platform.YouTube {
			return nil, nil, fmt.Errorf("aliases: only YouTube channels have /c/ and /user/ names")
		}
		if !youTubeName(a, 1, 100) {
			return nil, nil, fmt.Errorf("aliases: %w: %s", ErrBadHandle, quote(a))
		}
		if !slices.Contains(ch.Aliases, a) {
			ch.Aliases = append(ch.Aliases, a)
		}
	}

	ch.Name = clean(rec.scalars["name"])
	if ch.Name == "" {
		return nil, nil, errors.New("name: empty")
	}
	if n := utf8.RuneCountInString(ch.Name); n > maxNameRunes {
		return nil, nil, fmt.Errorf("name: %d characters, at most %d", n, maxNameRunes)
	}
	ch.Description = clean(rec.scalars["description"])
	if n := utf8.RuneCountInString(ch.Description); n > maxDescRunes {
		return nil, nil, fmt.Errorf("description: %d characters, at most %d", n, maxDescRunes)
	}
	var err error
	if ch.Tags, err = checkList("tags", cleanAll(rec.lists["tags"]), maxTagRunes); err != nil {
		return nil, nil, err
	}
	if ch.RecentTitles, err = checkList("recent_titles", cleanAll(rec.lists["recent_titles"]), maxTitleRunes); err != nil {
		return nil, nil, err
	}
	ids, err := checkList("content_ids", rec.lists["content_ids"], 64)
	if err != nil {
		return nil, nil, err
	}
	for _, id := range ids {
		if err := validContentID(p, id); err != nil {
			return nil, nil, fmt.Errorf("content_ids: %w", err)
		}
	}
	ch.ContentIDs = ids

	if v := s("category"); v != "" {
		code, ok := lookupCategory(v)
		if !ok {
			return nil, nil, fmt.Errorf("category: unknown category %s", quote(v))
		}
		ch.Category = code
	}
	if v := s("country"); v != "" {
		code, ok := lookupCountry(v)
		if !ok {
			return nil, nil, fmt.Errorf("country: unknown country %s", quote(v))
		}
		ch.Country = code
	}
	if v := s("language"); v != "" {
		code, ok := lookupLanguage(v)
		if !ok {
			return nil, nil, fmt.Errorf("language: unknown language %s", quote(v))
		}
		ch.Language = code
	}
	if ch.Followers, err = ParseCount(s("followers")); err != nil {
		return nil, nil, fmt.Errorf("followers: %w", err)
	}
	if ch.AvgViews, err = ParseCount(s("avg_views")); err != nil {
		return nil, nil, fmt.Errorf("avg_views: %w", err)
	}
	if ch.AvgEngagement, err = ParseCount(s("avg_engagement")); err != nil {
		return nil, nil, fmt.Errorf("avg_engagement: %w", err)
	}
	if ch.LastPostAt, err = ParseDate(s("last_post_at")); err != nil {
		return nil, nil, fmt.Errorf("last_post_at: %w", err)
	}
	ch.URL = catalog.ChannelURL(p, ch.ID, ch.Handle)
	return ch, nil, nil
}

// applyURLRef fills the id or handle a channel URL names, or reports a
// disagreement with the values the row already has.
func applyURLRef(ch *catalog.Channel, ref urlRef) error {
	switch ref.kind {
	case catalog.RefID:
		if err := validChannelID(ch.Platform, ref.value); err != nil {
			return err
		}
		if ch.ID != "" && ch.ID != ref.value {
			return fmt.Errorf("names channel %s but id is %s", ref.value, ch.ID)
		}
		ch.ID = ref.value
	case catalog.RefHandle:
		if err := ValidHandle(ch.Platform, ref.value); err != nil {
			return err
		}
		if ch.Handle != "" && !strings.EqualFold(ch.Handle, ref.value) {
			return fmt.Errorf("names @%s but handle is %s", ref.value, ch.Handle)
		}
		ch.Handle = ref.value
	default: // a legacy /c/ or /user/ name
		if !youTubeName(ref.value, 1, 100) {
			return fmt.Errorf("%w: %s", ErrBadHandle, quote(ref.value))
		}
		if !slices.Contains(ch.Aliases, ref.value) {
			ch.Aliases = append(ch.Aliases, ref.value)
		}
		if ch.ID == "" && ch.Handle == "" {
			return fmt.Errorf("a /%s/ URL names no handle or id; give the handle or id too", ref.kind)
		}
	}
	return nil
}

func checkList(col string, items []string, maxRunes int) ([]string, error) {
	if len(items) > maxListItems {
		return nil, fmt.Errorf("%s: %d items, at most %d", col, len(items), maxListItems)
	}
	for _, it := range items {
		if n := utf8.RuneCountInString(it); n > maxRunes {
			return nil, fmt.Errorf("%s: an item of %d characters, at most %d", col, n, maxRunes)
		}
	}
	return dedupe(items), nil
}

func loadJSONL(ctx context.Context, br *bufio.Reader, name string, cfg config) (Result, error) {
	res := Result{Report: Report{File: name, Format: FormatJSONL}}
	rep := &res.Report
	for line := 1; ; line++ {
		if line%256 == 0 {
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
		data, tooLong, err := readLine(br)
		if err != nil && !errors.Is(err, io.EOF) {
			return res, err
		}
		if line == 1 {
			data = bytes.TrimPrefix(data, bom)
		}
		if tooLong {
			rep.Read++
			rep.reject(line, fmt.Sprintf("line longer than %d bytes", MaxLineBytes))
		} else if len(bytes.TrimSpace(data)) > 0 {
			rep.Read++
			ch, err := parseJSONLine(data, cfg)
			if err == nil {
				ch.Source = name + ":" + strconv.Itoa(line)
				err = ch.Validate()
			}
			if err != nil {
				rep.reject(line, err.Error())
			} else {
				rep.Accepted++
				res.Channels = append(res.Channels, ch)
			}
		}
		if errors.Is(err, io.EOF) {
			return res, nil
		}
	}
}

// readLine reads one line without its terminator. A line longer than
// MaxLineBytes is consumed and reported as tooLong.
func readLine(br *bufio.Reader) (data []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > MaxLineBytes+2 {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		buf = bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))
		return buf, tooLong, err
	}
}

func parseJSONLine(data []byte, cfg config) (*catalog.Channel, error) {
	if !utf8.Valid(data) {
		return nil, errors.New("invalid UTF-8")
	}
	var obj map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("not a JSON object: %s", shortJSONError(err))
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value on the line")
	}
	if obj == nil {
		return nil, errors.New("not a JSON object: null")
	}
	rec := record{scalars: map[string]string{}, lists: map[string][]string{}}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the first unknown field reported is stable
	for _, k := range keys {
		raw := obj[k]
		col := strings.ToLower(k)
		if !slices.Contains(ownColumns, col) {
			return nil, fmt.Errorf("unknown field %s", quote(k))
		}
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			continue
		}
		if slices.Contains(listColumns, col) {
			var arr []string
			if err := json.Unmarshal(raw, &arr); err == nil {
				var items []string
				for _, it := range arr {
					if it = strings.TrimSpace(it); it != "" {
						items = append(items, it)
					}
				}
				rec.lists[col] = items
				continue
			}
			var str string
			if err := json.Unmarshal(raw, &str); err != nil {
				return nil, fmt.Errorf("%s: want an array of strings", col)
			}
			rec.lists[col] = splitRaw(str)
			continue
		}
		var str string
		if err := json.Unmarshal(raw, &str); err == nil {
			rec.scalars[col] = str
			continue
		}
		if col == "followers" || col == "avg_views" || col == "avg_engagement" {
			var num json.Number
			d := json.NewDecoder(bytes.NewReader(raw))
			d.UseNumber()
			if err := d.Decode(&num); err == nil {
				rec.scalars[col] = num.String()
				continue
			}
			return nil, fmt.Errorf("%s: want a number or a count string", col)
		}
		return nil, fmt.Errorf("%s: want a string", col)
	}
	ch, _, err := buildOwn(rec, cfg)
	return ch, err
}

func shortJSONError(err error) string {
	msg := err.Error()
	if len(msg) > 120 {
		msg = msg[:120] + "…"
	}
	return msg
}
