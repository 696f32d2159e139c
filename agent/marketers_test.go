package agent

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/store"
)

// marketerPhrasing is one entry of tools/condparse/testdata/marketers_*.yaml:
// a first search, or (with Before) a follow-up typed after one, written the
// way marketers write briefs, with what it names.
type marketerPhrasing struct {
	Text     string `yaml:"text"`
	Before   string `yaml:"before"`
	Platform string `yaml:"platform"`
	Locale   string `yaml:"locale"`
	// Keywords are words the user marked as keywords (quoted or cued):
	// the only keyword chips allowed to filter.
	Keywords []string `yaml:"keywords"`
	// Want are conditions named in the text that must be applied, as
	// "field value" (country US, language en, category food), "field !value"
	// (an exclusion), "field >= n", "field <= n", "field a..b", or
	// "keyword x" (an applied keyword filter).
	Want []string `yaml:"want"`
	// Ref are hedged conditions, same syntax, that must be references.
	Ref []string `yaml:"ref"`
	// Absent are fields the follow-up removed.
	Absent []string `yaml:"absent"`
	// Sort is the sort said in words (followers, avg_views, recent, engagement).
	Sort string `yaml:"sort"`
	// Named are words for conditions the reading may not support: each
	// must be applied or named (in the notice or on a chip).
	Named []string `yaml:"named"`
	// Miss is why the phrasing is still misread: a known gap, reported
	// by the test and checked to stay a miss (a fixed one must drop it).
	Miss string `yaml:"miss"`
	// NoQuestion says the follow-up answers (or passes) the question the
	// first search opened: no question may be open after it (001 §4.5).
	NoQuestion bool `yaml:"no_question"`
	// Nonempty says the search must return results: a keyword-only input
	// whose topic the catalog holds (a creator noun glued to the topic,
	// "cooking channels", must not empty it).
	Nonempty bool `yaml:"nonempty"`
}

// fillerWords are frame, filler, hedge and style words a chip must not
// carry, on top of frameWords; written for the marketers files, apart
// from the parser's lexicon.
var fillerWords = []string{
	"ok", "okay", "actually", "anyone", "stuff", "thing", "fairly", "kind of", "love", "would", "let's", "hey",
	"那个", "顺便", "另外", "能不能", "可以", "一下", "就好", "急需", "种草", "推一下", "优先", "再加", "条件", "左右", "那种",
}

func chipFiller(text string) string {
	if w := hasFrameWord(text); w != "" {
		return w
	}
	low := strings.ToLower(text)
	for _, w := range fillerWords {
		if w[0] >= 0x80 {
			if strings.Contains(low, w) {
				return w
			}
			continue
		}
		if strings.Contains(" "+low+" ", " "+w+" ") {
			return w
		}
	}
	return ""
}

// followupEvent is the event a follow-up typed after the snapshot goes in
// with: the follow-up box's, or, after a classic keyword search with
// results (compact_classic), the classic box's, where more words upgrade
// the search (seed 000 §6.5).
func followupEvent(before api.Snapshot) string {
	if slices.ContainsFunc(before.Actions, func(x api.AllowedAction) bool { return x.Event == "followup.submit" }) {
		return "followup.submit"
	}
	return "search.submit"
}

// condMatches reports whether c meets one "field …" expectation.
func condMatches(c contract.Condition, want string) bool {
	field, rest, _ := strings.Cut(want, " ")
	rest = strings.TrimSpace(rest)
	if field == "keyword" {
		txt, _ := c.Value.(string)
		if x, ok := strings.CutPrefix(rest, "!"); ok {
			return c.Kind == condition.KindKeyword && c.Op == condition.OpNotContains && strings.EqualFold(txt, x)
		}
		return c.Kind == condition.KindKeyword && c.Op == condition.OpContains && strings.EqualFold(txt, rest)
	}
	if c.Field != field {
		return false
	}
	raw, _ := json.Marshal(c.Value)
	var v any
	_ = json.Unmarshal(raw, &v)
	num := func(s string) float64 { f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64); return f }
	switch {
	case strings.HasPrefix(rest, ">="):
		f, ok := v.(float64)
		if m, isRange := v.(map[string]any); isRange && c.Op == condition.OpBetween {
			return m["min"] == num(rest[2:]) // a bound merged with the other one
		}
		return ok && c.Op == condition.OpGte && f == num(rest[2:])
	case strings.HasPrefix(rest, "<="):
		f, ok := v.(float64)
		if field == "last_active" {
			return ok && c.Op == condition.OpWithinDays && f == num(rest[2:])
		}
		if m, isRange := v.(map[string]any); isRange && c.Op == condition.OpBetween {
			return m["max"] == num(rest[2:])
		}
		return ok && c.Op == condition.OpLte && f == num(rest[2:])
	case strings.Contains(rest, ".."):
		lo, hi, _ := strings.Cut(rest, "..")
		m, ok := v.(map[string]any)
		return ok && c.Op == condition.OpBetween && m["min"] == num(lo) && m["max"] == num(hi)
	case strings.HasPrefix(rest, "!"):
		if (c.Op == condition.OpIn || c.Op == condition.OpEq) && len(stringsOf(v)) > 0 {
			// "欧洲的…" then "排除英国": the value taken out of the
			// included set is excluded as much as by a not_in.
			return !slices.Contains(stringsOf(v), rest[1:])
		}
		return c.Op == condition.OpNotIn && slices.Contains(stringsOf(v), rest[1:])
	}
	return c.Op != condition.OpNotIn && slices.Contains(stringsOf(v), rest)
}

// marketerFailures runs one phrasing through agent.Handle on the demo
// catalog and says what it got wrong.
func marketerFailures(t *testing.T, a *Agent, m marketerPhrasing) []string {
	t.Helper()
	platform := cmp.Or(m.Platform, "youtube")
	loc := m.Locale
	if loc == "" {
		loc = "en"
		if strings.IndexFunc(m.Before+m.Text, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0 {
			loc = "zh"
		}
	}
	b := newBox(t, a, platform, loc)
	ev := "search.submit"
	marked := slices.Clone(m.Keywords)
	if m.Before != "" {
		before := b.send(ev, api.Args{Text: m.Before})
		ev = followupEvent(before)
		if condparse.Classify(m.Before) == condparse.ShapeKeyword {
			// a keyword-only first input is the user's own keyword
			// (seed 002 §3.3): it may filter.
			for _, c := range before.Context.Conditions {
				if txt, _ := c.Value.(string); c.Kind == condition.KindKeyword && txt != "" {
					marked = append(marked, txt)
				}
			}
		}
	}
	snap, err := b.try(ev, api.Args{Text: m.Text})
	if err != nil {
		return []string{"refused: " + err.Error()}
	}
	var out []string
	if snap.State.Session == "unsupported" || snap.Results == nil {
		out = append(out, "refused or no results: "+snap.Substate+" "+snap.Context.Notice)
	}
	conds := snap.Context.Conditions
	for _, c := range conds {
		if c.Kind != condition.KindKeyword {
			continue
		}
		txt, _ := c.Value.(string)
		if w := chipFiller(txt); w != "" {
			out = append(out, fmt.Sprintf("chip %q carries %q", txt, w))
		}
		if c.Status == condition.StatusApplied && c.Op == condition.OpContains && !slices.ContainsFunc(marked, func(k string) bool { return strings.EqualFold(k, txt) }) {
			out = append(out, "unmarked hard keyword "+txt)
		}
	}
	for _, w := range m.Want {
		if slices.ContainsFunc(conds, func(c contract.Condition) bool { return c.Status == condition.StatusApplied && condMatches(c, w) }) {
			continue
		}
		if code, ok := strings.CutPrefix(w, "category !"); ok && excludedByKeyword(snap, code) {
			continue // a follow-up's "不要X" is a keyword exclusion by design (filter.category)
		}
		out = append(out, "not applied: "+w)
	}
	for _, w := range m.Ref {
		if !slices.ContainsFunc(conds, func(c contract.Condition) bool { return c.Status == condition.StatusReference && condMatches(c, w) }) {
			out = append(out, "not a reference: "+w)
		}
	}
	for _, f := range m.Absent {
		if slices.ContainsFunc(conds, func(c contract.Condition) bool { return c.Field == f && c.Kind != condition.KindKeyword }) {
			out = append(out, "still filtered: "+f)
		}
	}
	if m.Sort != "" && (snap.Context.Sort != m.Sort || snap.Results != nil && snap.Results.Sort != m.Sort) {
		out = append(out, "sort "+snap.Context.Sort+", want "+m.Sort)
	}
	if m.Nonempty && (snap.Results == nil || snap.Results.Total == 0) {
		out = append(out, "no results")
	}
	if m.NoQuestion && snap.Context.PendingQuestion != nil {
		out = append(out, "a question is open after the answer: "+snap.Context.PendingQuestion.Text)
	}
	for _, w := range m.Named {
		if !strings.Contains(strings.ToLower(snap.Context.Notice), strings.ToLower(w)) && !slices.ContainsFunc(conds, func(c contract.Condition) bool {
			return strings.Contains(strings.ToLower(c.Label), strings.ToLower(w))
		}) {
			out = append(out, "neither applied nor named: "+w)
		}
	}
	if snap.Results != nil && snap.Results.Total == 0 {
		s := mustSession(t, a, b)
		q := s.buildQuery(testNow, "")
		var kws []store.Keyword
		for _, k := range q.keywords {
			if k.Excluded || !k.Soft && slices.ContainsFunc(marked, func(w string) bool { return strings.EqualFold(w, k.Text) }) {
				kws = append(kws, k)
			}
		}
		page, err := demoStore(t).Search(context.Background(), store.SearchQuery{Platform: s.Platform, Keywords: kws, Filters: q.filters, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if page.Total > 0 && q.anchor == "" {
			out = append(out, fmt.Sprintf("0 results while the catalog holds %d", page.Total))
		}
	}
	return out
}

// excludedByKeyword reports a category excluded through an applied
// keyword exclusion: some excluded keyword is applied and no listed
// channel is of that category.
func excludedByKeyword(snap api.Snapshot, code string) bool {
	if snap.Results == nil || !slices.ContainsFunc(snap.Context.Conditions, func(c contract.Condition) bool {
		return c.Kind == condition.KindKeyword && c.Op == condition.OpNotContains && c.Status == condition.StatusApplied
	}) {
		return false
	}
	return !slices.ContainsFunc(snap.Results.Items, func(it api.ResultItem) bool { return it.Channel != nil && it.Channel.Category == code })
}

// TestMarketerPhrasings reads briefs and follow-ups written for issue 26's
// judging the way marketers write them (zh, en, mixed), through the real
// agent on the demo catalog: no keyword chip filters unless the user
// marked it, no chip carries a frame, filler, hedge or style word, every
// condition named is applied (a hedged one as a reference) or named as
// not applied, word sorts sort, and 0 results only where the catalog
// itself holds nothing for the filters. marketers_heldout.yaml was run
// once before any rule changed; marketers_fresh.yaml was written after
// the fixes and run once; marketers_fresh2.yaml (39/66 on its first run)
// was written by a later session before its fixes; its
// marketers_final_heldout.yaml was run once after them (17/24) and never
// tuned on: a miss there is marked, not fixed. marketers_fresh3.yaml
// (26/54 on its first run) was written by session i26r2 before its fixes,
// and its marketers_final_heldout2.yaml was run once after them (20/24),
// never tuned on. marketers_fresh4.yaml (42/52 on its first run) was
// written by session i26r3 before its fixes, and its
// marketers_final_heldout3.yaml was run once after them (22/24), never
// tuned on. marketers_fresh5.yaml (58/78 on its first run) was written by
// session i26r4 before its fixes (78/78 after them), with
// marketers_final_heldout4.yaml, run once at the end of that session
// (21/24), never tuned on. marketers_lead_audit.yaml is the lead's audit
// through the HTTP API (64 entries tuned on, 28 held out: 26/28 on their
// one run); its header gives the figures.
func TestMarketerPhrasings(t *testing.T) {
	a := newTestAgent(t)
	for _, file := range []string{"marketers_heldout.yaml", "marketers_fresh.yaml", "marketers_fresh2.yaml", "marketers_final_heldout.yaml", "marketers_fresh3.yaml", "marketers_final_heldout2.yaml", "marketers_fresh4.yaml", "marketers_final_heldout3.yaml", "marketers_fresh5.yaml", "marketers_final_heldout4.yaml", "marketers_lead_audit.yaml", "marketers_lead_audit2.yaml", "marketers_lead_audit3.yaml", "marketers_lead_audit4.yaml", "marketers_lead_audit5.yaml", "marketers_lead_audit6.yaml", "marketers_lead_audit7.yaml", "marketers_lead_audit8.yaml", "marketers_lead_audit9.yaml"} {
		ms := phrasings[marketerPhrasing](t, file)
		failed := 0
		for _, m := range ms {
			f := marketerFailures(t, a, m)
			switch {
			case len(f) > 0 && m.Miss != "":
				failed++
				t.Logf("%s: known miss (%s): %q after %q: %s", file, m.Miss, m.Text, m.Before, strings.Join(f, "; "))
			case len(f) > 0:
				failed++
				t.Errorf("%s: %q after %q: %s", file, m.Text, m.Before, strings.Join(f, "; "))
			case m.Miss != "":
				t.Errorf("%s: %q after %q is read as meant now: drop its miss %q", file, m.Text, m.Before, m.Miss)
			}
		}
		t.Logf("%s: %d of %d read as meant", file, len(ms)-failed, len(ms))
	}
}
