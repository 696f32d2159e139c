package contract

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

//go:embed schemas/*.json schemas/strict/*.json
var schemaFS embed.FS

// ErrBadJSON is returned for a slot document that is not JSON.
var ErrBadJSON = errors.New("slot document is not valid JSON")

// ErrSchema is returned when an embedded schema fails to compile.
var ErrSchema = errors.New("contract schema does not compile")

// schemaBase prefixes every schema's URL inside the compiler.
const schemaBase = "https://searchagent.local/contract/schemas/"

// Schema returns the embedded schema file of id: the full variant, or the
// strict variant for OpenAI strict structured output.
func Schema(id SchemaID, strict bool) ([]byte, error) {
	if _, err := RuleFor(id); err != nil {
		return nil, err
	}
	return schemaFS.ReadFile(schemaPath(id, strict))
}

func schemaPath(id SchemaID, strict bool) string {
	if strict {
		return "schemas/strict/" + id.File()
	}
	return "schemas/" + id.File()
}

// Input is what a slot document is validated against besides its state.
type Input struct {
	// State is the state key "<container_state>/<session_state>".
	State StateKey `json:"state"`
	// Context selects the schema variant (see Resolve).
	Context Context `json:"context"`
	// Locale of the messages: "zh…" for Chinese, anything else English.
	Locale string `json:"locale,omitempty"`
	// AllowedActions are the action ids the registry allows now; nil skips
	// the check (ids must still be well formed and repair/hint actions of
	// the right family).
	AllowedActions []string `json:"allowed_actions,omitempty"`
	// TagsBefore and TagsAfter are the keyword tags before the turn and
	// after applying it; nil skips the scope checks. With TagsAfter nil,
	// TagsBefore is the current set.
	TagsBefore []Tag `json:"tags_before,omitempty"`
	TagsAfter  []Tag `json:"tags_after,omitempty"`
	// Conditions is the session's Condition Graph; nil skips the
	// UNKNOWN_CONDITION and graph SOFT_AS_HARD checks.
	Conditions []Condition `json:"conditions,omitempty"`
	// UserTexts are further strings from the user or the catalog (anchor
	// handle and title, the follow-up text, option labels) that texts may
	// quote: a quoted known string is not read for wording. Tag texts and
	// condition values and labels are known already.
	UserTexts []string `json:"user_texts,omitempty"`
	// Claims, when set, are the turn's facts the status text and the task
	// summary are checked against (CheckClaims): set it for text a model
	// wrote.
	Claims *Claims `json:"claims,omitempty"`
}

// Report is the result of one validation.
type Report struct {
	State      StateKey    `json:"state"`
	Schema     SchemaID    `json:"schema"`
	Valid      bool        `json:"valid"`
	Violations []Violation `json:"violations"`
}

// Codes returns the distinct codes of the report, sorted.
func (r Report) Codes() []Code {
	seen := map[Code]bool{}
	var out []Code
	for _, v := range r.Violations {
		if !seen[v.Code] {
			seen[v.Code] = true
			out = append(out, v.Code)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Validator checks slot documents against the per-state schemas and the
// contract's Go checks. Schemas are compiled once, in New; a Validator is
// safe for concurrent use.
type Validator struct {
	schemas map[SchemaID]*jsonschema.Schema
	strict  bool
}

type config struct{ strict bool }

// ValidatorOption configures a Validator.
type ValidatorOption func(*config)

// WithFullSchemas validates against the full schema variants, which carry
// the length, count and pattern bounds as schema keywords.
func WithFullSchemas() ValidatorOption { return func(c *config) { c.strict = false } }

// WithStrictSchemas validates against the strict variants (the schemas an
// OpenAI strict structured-output call uses). It is the default: every
// bound the strict variants drop is checked in Go, before the schema, so
// the report is the same under either variant (the golden corpus test
// compares them violation by violation) and the strict variants skip the
// redundant keywords.
func WithStrictSchemas() ValidatorOption { return func(c *config) { c.strict = true } }

// New compiles every schema of the chosen variant, once.
func New(opts ...ValidatorOption) (*Validator, error) {
	cfg := config{strict: true}
	for _, o := range opts {
		o(&cfg)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	ids := SchemaIDs()
	for _, id := range ids {
		data, err := schemaFS.ReadFile(schemaPath(id, cfg.strict))
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrSchema, id, err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrSchema, id, err)
		}
		if err := c.AddResource(schemaBase+id.File(), doc); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrSchema, id, err)
		}
	}
	v := &Validator{schemas: make(map[SchemaID]*jsonschema.Schema, len(ids)), strict: cfg.strict}
	for _, id := range ids {
		s, err := c.Compile(schemaBase + id.File())
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrSchema, id, err)
		}
		v.schemas[id] = s
	}
	return v, nil
}

// Validate checks typed slots: they are turned into the JSON value
// encoding/json would produce and validated exactly like a document a model
// wrote (ValidateJSON), schema first, then the Go checks.
func (v *Validator) Validate(in Input, s Slots) (Report, error) {
	return v.validate(in, slotsInstance(s))
}

// ValidateJSON checks a slot document as a model wrote it. A document that
// is not JSON is an error (ErrBadJSON); anything that is JSON yields a
// report.
func (v *Validator) ValidateJSON(in Input, data []byte) (Report, error) {
	doc, err := decodeJSON(data)
	if err != nil {
		return Report{}, err
	}
	return v.validate(in, doc)
}

// decodeJSON reads one JSON value (numbers as json.Number) and nothing
// after it.
func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrBadJSON, describeJSONError(data, err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: unexpected data after the JSON value at byte %d", ErrBadJSON, dec.InputOffset())
	}
	return doc, nil
}

func describeJSONError(data []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := 1, 1
		for _, b := range data[:min(max(int(se.Offset)-1, 0), len(data))] { // Offset is past the bad byte
			if b == '\n' {
				line++
				col = 1
			} else {
				col++
			}
		}
		return fmt.Sprintf("%v (line %d, column %d)", se, line, col)
	}
	if errors.Is(err, io.EOF) {
		return "empty input"
	}
	return err.Error()
}

func (v *Validator) validate(in Input, doc any) (Report, error) {
	id, err := Resolve(in.State, in.Context)
	if err != nil {
		return Report{}, err
	}
	rule, err := RuleFor(id)
	if err != nil {
		return Report{}, err
	}
	if m, ok := doc.(map[string]any); ok {
		// An absent slot is null: fill the keys so that both schema
		// variants see the same document.
		for _, name := range SlotNames {
			if _, has := m[name]; !has {
				m[name] = nil
			}
		}
		// So are a repair option's absent args and their absent keys.
		if ro, ok := m[SlotRepairOptions].([]any); ok {
			for _, o := range ro {
				om, ok := o.(map[string]any)
				if !ok {
					continue
				}
				if _, has := om["args"]; !has {
					om["args"] = nil
				}
				if am, ok := om["args"].(map[string]any); ok {
					for _, k := range []string{"condition_id", "scope", "value"} {
						if _, has := am[k]; !has {
							am[k] = nil
						}
					}
				}
			}
		}
	}
	c := newChecker(&in, rule, doc)
	c.run()
	if in.Claims != nil {
		c.out = append(c.out, CheckClaims(*in.Claims, modelTexts(doc))...)
	}
	if err := v.schemas[id].Validate(doc); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return Report{}, fmt.Errorf("validate %s: %w", id, err)
		}
		c.schemaErrors(ve, id)
	}
	vs := dedupe(c.out)
	return Report{State: in.State, Schema: id, Valid: len(vs) == 0, Violations: vs}, nil
}

// dedupe keeps the first violation per code and location, then sorts by
// location and code.
func dedupe(vs []Violation) []Violation {
	out := make([]Violation, 0, len(vs))
	seen := make(map[string]bool, len(vs))
	for _, v := range vs {
		k := string(v.Code) + "\x00" + v.InstanceLocation
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, v)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].InstanceLocation != out[j].InstanceLocation {
			return out[i].InstanceLocation < out[j].InstanceLocation
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// schemaErrors maps the schema's leaf errors to violations.
func (c *checker) schemaErrors(ve *jsonschema.ValidationError, id SchemaID) {
	p := message.NewPrinter(language.English)
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		_, anyOf := e.ErrorKind.(*kind.AnyOf)
		if len(e.Causes) > 0 && !anyOf {
			for _, cause := range e.Causes {
				walk(cause)
			}
			return
		}
		c.schemaLeaf(e, id, p)
	}
	walk(ve)
}

func keywordLocation(id SchemaID, e *jsonschema.ValidationError) string {
	frag := ""
	if i := strings.IndexByte(e.SchemaURL, '#'); i >= 0 {
		frag = e.SchemaURL[i+1:]
	}
	return id.File() + "#" + frag + ptr(stringsToAny(e.ErrorKind.KeywordPath())...)
}

func stringsToAny(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

func (c *checker) schemaLeaf(e *jsonschema.ValidationError, id SchemaID, p *message.Printer) {
	loc := ptr(stringsToAny(e.InstanceLocation)...)
	kw := keywordLocation(id, e)
	toks := e.InstanceLocation
	r := c.rule
	detail := e.ErrorKind.LocalizedString(p)
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, m := range k.Missing {
			if len(toks) == 0 {
				c.addKw(MissingSlot, ptr(m), kw, c.missingMsg(m))
				continue
			}
			c.addKw(InvalidSlot, loc+ptr(m), kw, mf("%s lacks the field %q.", "%s 缺少字段 %q。", slotName(loc), m))
		}
		return
	case *kind.AdditionalProperties:
		for _, name := range k.Properties {
			if len(toks) == 0 {
				c.addKw(ForbiddenSlot, ptr(name), kw, unknownSlotMsg(name))
				continue
			}
			c.addKw(InvalidSlot, loc+ptr(name), kw, mf("%s has the unknown field %q; remove it.", "%s 含未知字段 %q，请删除。", slotName(loc), name))
		}
		return
	case *kind.Type:
		if len(toks) == 0 {
			c.addKw(InvalidSlot, "", kw, mf("The slot document must be a JSON object of slots, not %s.", "槽位文档必须是 JSON 对象，而不是 %s。", k.Got))
			return
		}
		if len(toks) == 1 {
			slot := toks[0]
			val := c.slot(slot)
			switch pres := r.Presence(slot); {
			case pres == Forbidden && val != nil:
				c.addKw(ForbiddenSlot, loc, kw, c.forbiddenMsg(slot))
				return
			case pres == Required && val == nil:
				c.addKw(MissingSlot, loc, kw, c.missingMsg(slot))
				return
			}
			if arr, ok := val.([]any); ok && slot == SlotQuestion && len(arr) >= 2 {
				c.addKw(SecondQuestion, loc, kw, questionArrayMsg(len(arr)))
				return
			}
		}
	case *kind.Enum:
		switch {
		case loc == "/status/loading":
			c.addKw(FakeLoading, loc, kw, c.loadingFlagMsg())
			return
		case loc == "/status/tone" && k.Got == string(ToneProgress):
			c.addKw(FakeLoading, loc, kw, c.progressToneMsg())
			return
		case isActionLoc(toks):
			c.addKw(ActionNotAllowed, loc, kw, mf("%s is not an action this slot may offer here (%s).", "%s 不是此处允许的动作（%s）。", fmt.Sprint(k.Got), detail))
			return
		}
	case *kind.Pattern:
		if isActionLoc(toks) {
			c.addKw(ActionNotAllowed, loc, kw, mf("%q is not an action id this slot may offer (%s).", "%q 不是此处允许的动作 id（%s）。", k.Got, detail))
			return
		}
	case *kind.MaxLength:
		c.addKw(TooLong, loc, kw, mf("%s has %d characters, over the %d this state allows; shorten it.", "%s 有 %d 个字符，超过本状态上限 %d，请缩短。", slotName(loc), k.Got, k.Want))
		return
	case *kind.MinItems:
		if code, m, ok := countMsg(loc, k.Got); ok {
			c.addKw(code, loc, kw, m)
			return
		}
	case *kind.MaxItems:
		if code, m, ok := countMsg(loc, k.Got); ok {
			c.addKw(code, loc, kw, m)
			return
		}
	}
	c.addKw(InvalidSlot, loc, kw, mf("%s: %s.", "%s：%s。", slotName(loc), detail))
}

func countMsg(loc string, got int) (Code, msg, bool) {
	switch loc {
	case "/question/options":
		return OptionsCount, optionsCountMsg(got), true
	case "/repair_options":
		return OptionsCount, repairCountMsg(got), true
	}
	return "", msg{}, false
}

// isActionLoc reports a location holding an action id.
func isActionLoc(toks []string) bool {
	if len(toks) == 0 {
		return false
	}
	if toks[len(toks)-1] == "action_id" {
		return true
	}
	return len(toks) == 3 && toks[0] == SlotRepairHint && toks[1] == "action_ids"
}

// slotsInstance turns typed slots into the generic JSON value the schemas
// validate, exactly as encoding/json would encode them.
func slotsInstance(s Slots) map[string]any {
	m := make(map[string]any, len(SlotNames))
	for _, n := range SlotNames {
		m[n] = nil
	}
	if s.Status != nil {
		m[SlotStatus] = map[string]any{"text": s.Status.Text, "tone": string(s.Status.Tone), "loading": s.Status.Loading}
	}
	if s.TaskSummary != "" {
		m[SlotTaskSummary] = s.TaskSummary
	}
	if s.Conditions != nil {
		conds := make([]any, len(s.Conditions))
		for i, c := range s.Conditions {
			conds[i] = map[string]any{
				"id": c.ID, "kind": string(c.Kind), "field": c.Field, "op": string(c.Op), "value": JSONValue(c.Value),
				"label": c.Label, "source": string(c.Source), "status": string(c.Status),
			}
		}
		m[SlotConditions] = conds
	}
	if q := s.Question; q != nil {
		var opts any
		if q.Options != nil {
			o := make([]any, len(q.Options))
			for i, op := range q.Options {
				o[i] = map[string]any{"id": op.ID, "label": op.Label}
			}
			opts = o
		}
		m[SlotQuestion] = map[string]any{"id": q.ID, "text": q.Text, "options": opts}
	}
	if s.RepairOptions != nil {
		ro := make([]any, len(s.RepairOptions))
		for i, o := range s.RepairOptions {
			m := map[string]any{"action_id": o.ActionID, "label": o.Label, "reason": o.Reason}
			if a := o.Args; a != nil {
				args := map[string]any{}
				if a.ConditionID != "" {
					args["condition_id"] = a.ConditionID
				}
				if a.Scope != "" {
					args["scope"] = string(a.Scope)
				}
				if a.Value != nil {
					args["value"] = map[string]any{"min": float64(a.Value.Min), "max": float64(a.Value.Max)}
				}
				m["args"] = args
			}
			ro[i] = m
		}
		m[SlotRepairOptions] = ro
	}
	if h := s.RepairHint; h != nil {
		var ids any
		if h.ActionIDs != nil {
			a := make([]any, len(h.ActionIDs))
			for i, id := range h.ActionIDs {
				a[i] = id
			}
			ids = a
		}
		m[SlotRepairHint] = map[string]any{"text": h.Text, "action_ids": ids}
	}
	if s.Actions != nil {
		as := make([]any, len(s.Actions))
		for i, a := range s.Actions {
			as[i] = map[string]any{"action_id": a.ActionID, "label": a.Label}
		}
		m[SlotActions] = as
	}
	return m
}

// JSONValue converts a Go value to its generic JSON form (numbers as
// json.Number).
func JSONValue(v any) any {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return x
	case bool:
		return x
	case json.Number:
		return x
	case int:
		return json.Number(strconv.Itoa(x))
	case int64:
		return json.Number(strconv.FormatInt(x, 10))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil // not a JSON number
		}
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = JSONValue(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = JSONValue(e)
		}
		return out
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	doc, err := decodeJSON(data)
	if err != nil {
		return fmt.Sprint(v)
	}
	return doc
}
