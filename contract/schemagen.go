package contract

// The schema files in schemas/ are generated from the rules table by
// genSchema; go generate ./contract rewrites them (JSON has no comments:
// schemas/README.md and .gitattributes mark them as generated).
//
//go:generate go test . -run TestSchemasUpToDate -update

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// Patterns shared by the schemas and the Go checks.
const (
	idPattern         = `^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$`
	fieldPattern      = `^[a-z][a-z0-9_]{0,39}$`
	actionPattern     = `^A_[A-Z0-9_]{1,120}$`
	repairPattern     = `^A_REPAIR_[A-Z0-9_]{1,110}$`
	hintActionPattern = `^A_HINT_[A-Z0-9_]{1,110}$`
)

// schemaDraft is the dialect of every schema file.
const schemaDraft = "https://json-schema.org/draft/2020-12/schema"

type obj = map[string]any

// genSchema builds the JSON Schema of a rule. The full variant carries the
// bounds (maxLength, minItems, maxItems, pattern); the strict variant keeps
// to the subset OpenAI strict structured output accepts: every property
// required, optional values nullable through type unions,
// additionalProperties false everywhere, no length, count or pattern
// bounds, no not/if. The Go checks enforce every bound the strict variant
// drops, so both variants yield the same violation codes.
func genSchema(r *Rule, strict bool) obj {
	g := gen{r: r, strict: strict}
	props := obj{}
	required := []string{}
	for _, name := range SlotNames {
		props[name] = g.slot(name)
		if strict || r.Presence(name) == Required {
			required = append(required, name)
		}
	}
	variant := "full"
	if strict {
		variant = "strict"
	}
	return obj{
		"$schema":              schemaDraft,
		"title":                "searchagent response contract: " + string(r.ID) + " (" + variant + ")",
		"description":          "State " + string(r.Key) + " (contract " + r.Section + "). " + r.Doc,
		"type":                 "object",
		"properties":           props,
		"required":             required,
		"additionalProperties": false,
	}
}

type gen struct {
	r      *Rule
	strict bool
}

// typed returns the type keyword for a slot of the given JSON type under
// its presence: the type, the type or null, or null alone.
func (g gen) typed(t string, p Presence) any {
	switch p {
	case Required:
		return t
	case Optional:
		return []any{t, "null"}
	}
	return "null"
}

func (g gen) str(maxWidth int, desc string) obj {
	s := obj{"type": "string"}
	if !g.strict && maxWidth > 0 {
		s["maxLength"] = maxWidth
	}
	if desc != "" {
		s["description"] = desc
	}
	return s
}

func (g gen) pattern(p, desc string) obj {
	s := obj{"type": "string"}
	if desc != "" {
		s["description"] = desc
	}
	if !g.strict {
		s["pattern"] = p
	}
	return s
}

func (g gen) array(items obj, minItems, maxItems int) obj {
	a := obj{"type": "array", "items": items}
	if !g.strict {
		if minItems > 0 {
			a["minItems"] = minItems
		}
		if maxItems > 0 {
			a["maxItems"] = maxItems
		}
	}
	return a
}

func object(props obj) obj {
	req := make([]string, 0, len(props))
	for k := range props {
		req = append(req, k)
	}
	sort.Strings(req)
	return obj{"type": "object", "properties": props, "required": req, "additionalProperties": false}
}

func enumOf[T ~string](vals []T) []any {
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = string(v)
	}
	return out
}

func strEnum(vals []string) []any {
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v
	}
	return out
}

func (g gen) slot(name string) obj {
	r := g.r
	p := r.Presence(name)
	if p == Forbidden {
		return obj{"type": "null", "description": "Forbidden in " + string(r.Key) + " (contract " + r.Section + "): null or absent."}
	}
	var s obj
	switch name {
	case SlotStatus:
		tones := Tones
		loading := obj{"type": "boolean", "description": "Animate the box; only while work is really in progress."}
		desc := "One short line on where the search stands; a statement, never a question."
		if !r.InProgress {
			tones = []Tone{ToneInfo, ToneSuccess, ToneWarning, ToneError}
			loading = obj{"type": "boolean", "enum": []any{false}, "description": "Stable state: always false (seed 000 §5.3)."}
			desc += " Stable state: no loading, no 'searching…/正在…' wording, no ellipsis."
		}
		s = object(obj{
			"text":    g.str(r.Limits.Status, ""),
			"tone":    obj{"type": "string", "enum": enumOf(tones)},
			"loading": loading,
		})
		s["description"] = desc
	case SlotTaskSummary:
		s = g.str(r.Limits.TaskSummary, "What we search by, what is applied, what is only a reference or still to clarify (spec 3.7.4); statements only.")
	case SlotConditions:
		cond := object(obj{
			"id":    g.pattern(idPattern, "The condition's id in the session's Condition Graph."),
			"kind":  obj{"type": "string", "enum": enumOf(condition.Kinds)},
			"field": g.pattern(fieldPattern, "What it constrains; for a keyword, its match scope (tags, name, description, content, all)."),
			"op":    obj{"type": "string", "enum": enumOf(condition.Ops)},
			"value": obj{"anyOf": []any{
				obj{"type": "string"},
				obj{"type": "number"},
				obj{"type": "array", "items": obj{"type": "string"}},
				object(obj{"min": obj{"type": []any{"number", "null"}}, "max": obj{"type": []any{"number", "null"}}}),
			}},
			"label":  g.str(r.Limits.CondLabel, ""),
			"source": obj{"type": "string", "enum": enumOf(condition.Sources)},
			"status": obj{"type": "string", "enum": enumOf(condition.Statuses), "description": "A soft condition is reference or pending, never applied."},
		})
		s = g.array(cond, 0, 0)
		s["description"] = "The conditions in force: anchor, keywords, hard filters, soft preferences (never applied), derived rules."
	case SlotQuestion:
		opt := object(obj{
			"id":    g.pattern(idPattern, ""),
			"label": g.str(r.Limits.OptionLabel, ""),
		})
		s = object(obj{
			"id":      g.pattern(idPattern, ""),
			"text":    g.str(r.Limits.Question, "One question, one question mark."),
			"options": g.array(opt, 2, 4),
		})
		s["description"] = "The single high-value question of this turn, with 2-4 options; never an array."
	case SlotRepairOptions:
		var action obj
		if len(r.RepairActions) > 0 {
			action = obj{"type": "string", "enum": strEnum(r.RepairActions)}
		} else {
			action = g.pattern(repairPattern, "A repair action (A_REPAIR_*).")
		}
		item := object(obj{
			"action_id": action,
			"label":     g.str(r.Limits.RepairLabel, ""),
			"reason":    g.str(r.Limits.RepairReason, "Why this repair helps; a statement."),
			"args":      g.repairArgs(),
		})
		if !g.strict {
			// args are optional: an option that changes nothing named
			// has none.
			item["required"] = []string{"action_id", "label", "reason"}
		}
		s = g.array(item, 1, 3)
		s["description"] = "1-3 repair suggestions, each a repair action allowed now."
	case SlotRepairHint:
		s = object(obj{
			"text":       g.str(r.Limits.Hint, "Few results: say so briefly."),
			"action_ids": g.array(g.pattern(hintActionPattern, "A hint action (A_HINT_*)."), 1, 0),
		})
		s["description"] = "The light low-recall hint; results stay visible and the repair opens only on the user's click."
	case SlotActions:
		item := object(obj{
			"action_id": g.pattern(actionPattern, "A registered action id allowed now."),
			"label":     g.str(r.Limits.ActionLabel, ""),
		})
		s = g.array(item, 0, 0)
		s["description"] = "The actions allowed now, from the action registry."
	}
	s["type"] = g.typed(s["type"].(string), p)
	return s
}

// repairArgs is the schema of a repair option's args: what it relaxes
// (the condition id), and the new match scope or widened range, if any.
func (g gen) repairArgs() obj {
	scopes := enumOf(scope.List())
	rng := object(obj{"min": obj{"type": "number"}, "max": obj{"type": "number"}})
	props := obj{
		"condition_id": g.pattern(idPattern, "The relaxed condition, tag or anchor."),
		"scope":        obj{"type": "string", "enum": scopes, "description": "A keyword's new match scope."},
		"value":        rng,
	}
	if !g.strict {
		// Nullable, as in the strict variant: an absent args is null.
		for _, v := range props {
			p := v.(obj)
			p["type"] = []any{p["type"], "null"}
		}
		props["scope"].(obj)["enum"] = append(slices.Clone(scopes), nil)
		return obj{"type": []any{"object", "null"}, "properties": props, "additionalProperties": false,
			"description": "What the option changes; sent back with its action (null when it changes nothing named)."}
	}
	// Strict structured output: every property required, optional ones
	// nullable.
	for k, v := range props {
		p := v.(obj)
		p["type"] = []any{p["type"], "null"}
		if k == "scope" {
			p["enum"] = append(slices.Clone(scopes), nil)
		}
	}
	a := object(props)
	a["type"] = []any{"object", "null"}
	a["description"] = "What the option changes; sent back with its action (null when it changes nothing named)."
	return a
}

// marshalSchema encodes a schema the way the files are written: indented,
// keys sorted, a trailing newline, no HTML escaping.
func marshalSchema(s obj) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
