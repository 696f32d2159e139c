// Package prompts holds the model path's versioned prompt files and their
// loader and renderer.
//
// A prompt file (files/<id>.prompt) is a YAML header between "---" lines —
// id, version, description, model hints, the state's contract excerpt, the
// output schema it answers with, the input variables and the system text —
// followed by the user template. Both texts are Go templates; a prompt is
// rendered as a langchaingo chat template (github.com/tmc/langchaingo/prompts:
// a system and a user message), whose system message is a few-shot template
// when the header lists examples (examples and example_template), so the
// prompt files, not Go code, hold the examples. The header's contract
// excerpt documents the prompt for people; it is not sent to the model.
// Load validates every file at start (header fields, unique ids, templates
// and examples that render with their declared inputs, output schemas that
// exist and compile as JSON), so a bad prompt fails start-up, not a turn.
//
// A Rendered prompt carries its id, version and the sha256 of the rendered
// text: every trace records them, and the model client keys its cassettes
// by them. Callers build the variables from the session's condition graph
// and state each turn, never from chat history.
package prompts

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/tmc/langchaingo/llms"
	lcprompts "github.com/tmc/langchaingo/prompts"
	"gopkg.in/yaml.v3"

	"searchagent/tools/llm"
)

//go:embed files/*.prompt schemas/*.json versions.lock
var embedded embed.FS

// ErrInvalid is returned for a prompt file that does not load.
var ErrInvalid = errors.New("invalid prompt file")

// ErrUnknown is returned for a prompt id the set does not have.
var ErrUnknown = errors.New("unknown prompt")

// SchemaContract is the output_schema value of a prompt that answers with
// the state's contract schema (supplied by the caller at render time).
const SchemaContract = "contract"

// Hints are the model hints of a prompt.
type Hints struct {
	Temperature float32 `yaml:"temperature" json:"temperature"`
	MaxTokens   int     `yaml:"max_tokens" json:"max_tokens"`
}

// Prompt is one loaded prompt file.
type Prompt struct {
	ID          string   `yaml:"id"`
	Version     string   `yaml:"version"`
	Description string   `yaml:"description"`
	ModelHints  Hints    `yaml:"model_hints"`
	Contract    string   `yaml:"contract"`
	Output      string   `yaml:"output_schema"`
	Inputs      []string `yaml:"inputs"`
	System      string   `yaml:"system"`
	// Examples are the few-shot examples, each a map of the
	// ExampleTemplate's variables; they follow the system text in the
	// system message (langchaingo's FewShotPrompt).
	Examples        []map[string]string `yaml:"examples"`
	ExampleTemplate string              `yaml:"example_template"`
	Template        string              `yaml:"-"`
	// Schema is the output schema (nil for SchemaContract).
	Schema json.RawMessage `yaml:"-"`
	// Fingerprint is the sha256 of what reaches the model (system text,
	// examples, templates, inputs, hints, output schema); the description
	// and contract excerpt are for people and not in it. versions.lock
	// pins one fingerprint per id@version.
	Fingerprint string `yaml:"-"`
}

// Rendered is a prompt rendered for one call.
type Rendered struct {
	ID       string
	Version  string
	System   string
	User     string
	Hash     string
	Schema   json.RawMessage
	Hints    Hints
	Contract string
}

// Messages are the chat messages of a rendered prompt.
func (r Rendered) Messages() []llm.Message {
	return []llm.Message{{Role: "system", Content: r.System}, {Role: "user", Content: r.User}}
}

// Set is a validated set of prompts.
type Set struct {
	byID map[string]*Prompt
}

// Default loads the embedded prompt files.
func Default() (*Set, error) { return Load(embedded) }

// Load reads and validates files/*.prompt and schemas/*.json of fsys.
func Load(fsys fs.FS) (*Set, error) {
	names, err := fs.Glob(fsys, "files/*.prompt")
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%w: no files/*.prompt", ErrInvalid)
	}
	s := &Set{byID: map[string]*Prompt{}}
	for _, name := range names {
		p, err := parse(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrInvalid, name, err)
		}
		if _, dup := s.byID[p.ID]; dup {
			return nil, fmt.Errorf("%w: %s: duplicate id %q", ErrInvalid, name, p.ID)
		}
		s.byID[p.ID] = p
	}
	return s, nil
}

func parse(fsys fs.FS, name string) (*Prompt, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	text := strings.ReplaceAll(string(raw), "\r\n", "\n")
	rest, ok := strings.CutPrefix(text, "---\n")
	if !ok {
		return nil, errors.New(`no "---" header`)
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return nil, errors.New(`the header has no closing "---"`)
	}
	var p Prompt
	dec := yaml.NewDecoder(strings.NewReader(head))
	dec.KnownFields(true)
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("header: %v", err)
	}
	p.Template = strings.TrimSpace(body)
	switch {
	case p.ID == "" || p.ID+".prompt" != path.Base(name):
		return nil, fmt.Errorf("id %q does not match the file name", p.ID)
	case p.Version == "":
		return nil, errors.New("no version")
	case strings.TrimSpace(p.System) == "" || p.Template == "":
		return nil, errors.New("empty system text or template")
	case strings.TrimSpace(p.Contract) == "":
		return nil, errors.New("no contract excerpt")
	case len(p.Inputs) == 0:
		return nil, errors.New("no inputs declared")
	case p.Output == "":
		return nil, errors.New("no output_schema")
	}
	if p.Output != SchemaContract {
		sch, err := fs.ReadFile(fsys, "schemas/"+p.Output+".json")
		if err != nil {
			return nil, fmt.Errorf("output schema %q: %v", p.Output, err)
		}
		var doc map[string]any
		if err := json.Unmarshal(sch, &doc); err != nil || doc["type"] != "object" {
			return nil, fmt.Errorf("output schema %q is not a JSON object schema", p.Output)
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, sch); err != nil {
			return nil, err
		}
		p.Schema = buf.Bytes()
	}
	for _, t := range []string{p.System, p.Template} {
		if err := lcprompts.CheckValidTemplate(t, lcprompts.TemplateFormatGoTemplate, p.Inputs); err != nil {
			return nil, fmt.Errorf("template: %v", err)
		}
	}
	if (len(p.Examples) > 0) != (strings.TrimSpace(p.ExampleTemplate) != "") {
		return nil, errors.New("examples and example_template go together")
	}
	if len(p.Examples) > 0 {
		// Every example renders, and the assembled system text still
		// parses as a template (an example may not hold "{{").
		vals := map[string]any{}
		for _, in := range p.Inputs {
			vals[in] = in
		}
		if _, err := p.chat().FormatMessages(vals); err != nil {
			return nil, fmt.Errorf("examples: %v", err)
		}
	}
	p.Fingerprint = fingerprint(&p)
	return &p, nil
}

// chat is the prompt as a langchaingo chat template: a system message
// (the system text, then the few-shot examples) and the user message.
func (p *Prompt) chat() lcprompts.ChatPromptTemplate {
	sys := lcprompts.MessageFormatter(lcprompts.SystemMessagePromptTemplate{Prompt: goTemplate(p.System, p.Inputs)})
	if len(p.Examples) > 0 {
		var keys []string
		for k := range p.Examples[0] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		sys = fewShotSystem{&lcprompts.FewShotPrompt{
			Examples: p.Examples, ExamplePrompt: goTemplate(strings.TrimSpace(p.ExampleTemplate), keys),
			Prefix: strings.TrimSpace(p.System), InputVariables: p.Inputs, ExampleSeparator: "\n\n",
			TemplateFormat: lcprompts.TemplateFormatGoTemplate,
		}}
	}
	return lcprompts.NewChatPromptTemplate([]lcprompts.MessageFormatter{sys, lcprompts.HumanMessagePromptTemplate{Prompt: goTemplate(p.Template, p.Inputs)}})
}

func goTemplate(t string, vars []string) lcprompts.PromptTemplate {
	return lcprompts.PromptTemplate{Template: t, InputVariables: vars, TemplateFormat: lcprompts.TemplateFormatGoTemplate}
}

// fewShotSystem makes a few-shot prompt the system message of a chat
// template.
type fewShotSystem struct{ *lcprompts.FewShotPrompt }

var _ lcprompts.MessageFormatter = fewShotSystem{}

func (f fewShotSystem) FormatMessages(values map[string]any) ([]llms.ChatMessage, error) {
	text, err := f.Format(values)
	if err != nil {
		return nil, fmt.Errorf("formatting the few-shot system message: %w", err)
	}
	return []llms.ChatMessage{llms.SystemChatMessage{Content: text}}, nil
}

func (f fewShotSystem) GetInputVariables() []string { return f.InputVariables }

// IDs lists the prompt ids, sorted.
func (s *Set) IDs() []string {
	ids := make([]string, 0, len(s.byID))
	for id := range s.byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Get returns a prompt.
func (s *Set) Get(id string) (*Prompt, error) {
	p, ok := s.byID[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknown, id)
	}
	return p, nil
}

// Versions maps each prompt id to its version (for /readyz and traces).
func (s *Set) Versions() map[string]string {
	out := make(map[string]string, len(s.byID))
	for id, p := range s.byID {
		out[id] = p.Version
	}
	return out
}

// Render renders prompt id with vars, which must set exactly the declared
// inputs. schema is the output schema of a SchemaContract prompt (ignored
// otherwise).
func (s *Set) Render(id string, vars map[string]any, schema json.RawMessage) (Rendered, error) {
	p, err := s.Get(id)
	if err != nil {
		return Rendered{}, err
	}
	for _, in := range p.Inputs {
		if _, ok := vars[in]; !ok {
			return Rendered{}, fmt.Errorf("prompt %s: input %q not set", id, in)
		}
	}
	for k := range vars {
		if !slices.Contains(p.Inputs, k) {
			return Rendered{}, fmt.Errorf("prompt %s: %q is not a declared input", id, k)
		}
	}
	vals := make(map[string]any, len(vars)+1)
	for k, v := range vars {
		vals[k] = v
	}
	r := Rendered{ID: p.ID, Version: p.Version, Hints: p.ModelHints, Contract: p.Contract, Schema: p.Schema}
	if p.Output == SchemaContract {
		if len(schema) == 0 {
			return Rendered{}, fmt.Errorf("prompt %s answers with the contract schema: pass it", id)
		}
		r.Schema = schema
	}
	msgs, err := p.chat().FormatMessages(vals)
	if err != nil {
		return Rendered{}, fmt.Errorf("prompt %s: %w", id, err)
	}
	for _, m := range msgs {
		switch m.GetType() {
		case llms.ChatMessageTypeSystem:
			r.System = strings.TrimSpace(m.GetContent())
		case llms.ChatMessageTypeHuman:
			r.User = m.GetContent()
		}
	}
	r.Hash = llm.Hash([]byte(r.System + "\x00" + r.User))
	return r, nil
}
