package evals

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/prompts"
	"searchagent/router"
)

// evidence lists what decided a router run, one fact a line, so that two
// runs of a case can be compared fact by fact: the deciding stage, each
// spec over its threshold with its hit patterns, terms and lexicon words,
// the expectation that answered, the classifier's answer and the specs'
// snapshot revision. prefix names the turn in a scenario.
func evidence(prefix string, tr *router.Trace) []string {
	if tr == nil {
		return nil
	}
	var out []string
	add := func(format string, a ...any) { out = append(out, prefix+fmt.Sprintf(format, a...)) }
	add("stage %s", tr.DecidedBy())
	for _, group := range []struct {
		name  string
		specs []router.ScoredSpec
	}{{"guard", tr.Guard}, {"rules", tr.Rules}} {
		for _, s := range group.specs {
			add("%s spec %s fires", group.name, s.ID)
			add("%s spec %s scores %.2f (threshold %.2f)", group.name, s.ID, s.Score, s.Threshold)
			for _, p := range s.HitPatterns {
				add("pattern %s/%s fires", s.ID, p)
			}
			for _, w := range s.HitTerms {
				add("term %s/%s fires", s.ID, w)
			}
			for _, w := range s.HitLexicon {
				add("lexicon %s/%s fires", s.ID, w)
			}
		}
	}
	if e := tr.Expectation; e != nil && e.HitID != "" {
		add("expectation %s answered by %s (%s)", e.HitID, e.OptionID, e.By)
	}
	if c := tr.Classifier; c != nil && c.Called {
		ans := ""
		if c.Answer != nil {
			ans = c.Answer.SpecID
		}
		add("classifier %s answers %q (accepted %v)", c.Stage, ans, c.Accepted)
		// A model classifier would have been asked with this prompt.
		if pt := promptTexts()[promptClassify]; pt != "" {
			add("%s", pt)
		}
	}
	add("specs revision %d", tr.SnapshotRevision)
	return out
}

// turnLines are a scenario's decisions, one line a turn: the event, the
// state it landed in, the actions that fired, the results, the router's
// commands and the condition graph.
func turnLines(turns []turnView) []string {
	var out []string
	for _, v := range turns {
		if v.Refused != nil {
			out = append(out, fmt.Sprintf("turn %d %s: refused %s", v.Step, v.Event, v.Refused.Code))
			continue
		}
		s := v.After
		var fired []string
		for _, e := range v.Events {
			if e.Name == api.EventTransition {
				var t api.Transition
				if json.Unmarshal(e.Data, &t) == nil {
					fired = append(fired, t.ActionID)
				}
			}
		}
		line := fmt.Sprintf("turn %d %s: state %s/%s/%s (%s); fired %s", v.Step, v.Event, s.State.Input, s.State.Container, s.State.Session, s.Substate, strings.Join(fired, ", "))
		if r := s.Results; r != nil {
			line += fmt.Sprintf("; results %d", r.Total)
			if r.LowRecall {
				line += " low recall"
			}
		}
		if d := v.decision(); d != nil {
			var cmds []string
			for _, c := range d.Commands {
				cmds = append(cmds, c.Name)
			}
			line += fmt.Sprintf("; router %s %s [%s]", d.Branch, d.top(), strings.Join(cmds, " "))
		}
		var conds []string
		for _, c := range s.Context.Conditions {
			v, _ := json.Marshal(c.Value)
			conds = append(conds, fmt.Sprintf("%s %s %s (%s)", c.Field, c.Op, v, c.Status))
		}
		line += "; conditions " + strings.Join(conds, ", ")
		if s.Slots.Status != nil {
			line += "; status " + s.Slots.Status.Text
		}
		out = append(out, line)
	}
	return out
}

// sessionEvidence is the router evidence of every turn of a session
// trace (agent.TraceDoc).
func sessionEvidence(doc any) []string {
	td, ok := doc.(agent.TraceDoc)
	if !ok {
		return nil
	}
	var out []string
	for _, raw := range td.Turns {
		var t struct {
			Turn   int64 `json:"turn"`
			Router *struct {
				Trace *router.Trace `json:"trace"`
			} `json:"router"`
			ModelCalls []struct {
				PromptID      string `json:"prompt_id"`
				PromptVersion string `json:"prompt_version"`
				PromptHash    string `json:"prompt_hash"`
			} `json:"model_calls"`
			Parse    json.RawMessage `json:"parse"`
			Contract json.RawMessage `json:"contract"`
		}
		if json.Unmarshal(raw, &t) != nil {
			continue
		}
		prefix := fmt.Sprintf("turn %d: ", t.Turn)
		if t.Router != nil {
			out = append(out, evidence(prefix, t.Router.Trace)...)
		}
		for _, c := range t.ModelCalls {
			out = append(out, fmt.Sprintf("%sprompt %s@%s rendered %s", prefix, c.PromptID, c.PromptVersion, short(c.PromptHash)))
		}
		// The prompts the model path would send for this turn: the parse
		// of a read text, the slots of a checked render.
		if len(t.Parse) > 0 && string(t.Parse) != "null" {
			out = append(out, prefix+promptTexts()[promptParse])
		}
		if len(t.Contract) > 0 && string(t.Contract) != "null" {
			out = append(out, prefix+promptTexts()[promptSlots])
		}
	}
	return out
}

// promptTexts are "id@version text <fingerprint>" of the embedded prompt
// files: evidence of the prompts a case's path would send to a model, so
// that a prompt edit shows in a --model off baseline diff too.
var promptTexts = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	set, err := prompts.Default()
	if err != nil {
		return out
	}
	for _, id := range set.IDs() {
		if p, err := set.Get(id); err == nil {
			out[id] = fmt.Sprintf("prompt %s@%s text %s", id, p.Version, short(p.Fingerprint))
		}
	}
	return out
})

// The prompts of the model path's stages (prompts/files).
const (
	promptClassify = "classify"
	promptParse    = "parse_conditions"
	promptSlots    = "write_slots"
)

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// lineDiff is what b has that a lacks ("+ …") and the reverse ("- …"),
// in the order of the lines.
func lineDiff(a, b []string) []string {
	var out []string
	for _, l := range a {
		if !slices.Contains(b, l) {
			out = append(out, "- "+l)
		}
	}
	for _, l := range b {
		if !slices.Contains(a, l) {
			out = append(out, "+ "+l)
		}
	}
	return out
}

// Cause is one evidence change and the cases it explains.
type Cause struct {
	// What is the change in words: "pattern guard.fake_engagement/buy_en
	// no longer fires", "term … now fires", "specs revision … → …".
	What  string   `json:"what"`
	Cases []string `json:"cases"`
}

// causeWords turns an evidence diff line into the cause's words (the turn
// prefix dropped, so that one change across turns and cases is one
// cause).
func causeWords(line string) string {
	sign, fact := line[:1], line[2:]
	if _, rest, ok := strings.Cut(fact, ": "); ok && strings.HasPrefix(fact, "turn ") {
		fact = rest
	}
	switch {
	case strings.HasSuffix(fact, " fires") && sign == "-":
		return strings.TrimSuffix(fact, " fires") + " no longer fires"
	case strings.HasSuffix(fact, " fires"):
		return strings.TrimSuffix(fact, " fires") + " now fires"
	case sign == "-":
		return "no longer: " + fact
	}
	return "now: " + fact
}

// causeList is one change's causes in words: a spec whose score moved is
// one cause ("rules spec X scores 0.80 → 0.70 (threshold 0.60)").
func causeList(lines []string) []string {
	scoreKey := func(l string) (string, string, bool) {
		fact := l[2:]
		if _, rest, ok := strings.Cut(fact, ": "); ok && strings.HasPrefix(fact, "turn ") {
			fact = rest
		}
		k, v, ok := strings.Cut(fact, " scores ")
		return k, v, ok
	}
	old := map[string]string{}
	for _, l := range lines {
		if k, v, ok := scoreKey(l); ok && l[0] == '-' {
			old[k] = v
		}
	}
	var out []string
	paired := map[string]bool{}
	for _, l := range lines {
		if k, v, ok := scoreKey(l); ok && l[0] == '+' {
			if was, ok := old[k]; ok {
				wasScore, _, _ := strings.Cut(was, " ")
				out = append(out, k+" scores "+wasScore+" → "+v)
				paired[k] = true
			}
		}
	}
	for _, l := range lines {
		if k, _, ok := scoreKey(l); (ok && paired[k]) || strings.Contains(l, "specs revision ") {
			continue // a revision moves with any spec edit: said once, not per case
		}
		out = append(out, causeWords(l))
	}
	return out
}

// causesOf aggregates the evidence changes of the changed cases, most
// cases first.
func causesOf(changes []Change) []Cause {
	by := map[string][]string{}
	for _, ch := range changes {
		seen := map[string]bool{}
		for _, w := range causeList(ch.Causes) {
			if strings.HasPrefix(w, "no longer: specs revision") || strings.HasPrefix(w, "now: specs revision") || seen[w] {
				continue
			}
			seen[w] = true
			by[w] = append(by[w], ch.Case)
		}
	}
	var out []Cause
	for w, cs := range by {
		out = append(out, Cause{What: w, Cases: cs})
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].Cases) != len(out[j].Cases) {
			return len(out[i].Cases) > len(out[j].Cases)
		}
		return out[i].What < out[j].What
	})
	return out
}
