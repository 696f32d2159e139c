package llm

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// schemas caches compiled output schemas by the hash of their text.
type schemas struct {
	mu sync.Mutex
	m  map[string]*jsonschema.Schema
}

// compile returns the compiled schema of raw (hash is its hash).
func (s *schemas) compile(hash string, raw []byte) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.m[hash]; ok {
		return sch, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("llm: output schema: %w", err)
	}
	url := "mem://llm/" + hash + ".json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("llm: output schema: %w", err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("llm: output schema: %w", err)
	}
	if s.m == nil {
		s.m = map[string]*jsonschema.Schema{}
	}
	s.m[hash] = sch
	return sch, nil
}

// validate checks content against the schema raw: nil, or an ErrBadOutput
// that says what does not match (fed back to the model on a re-ask).
func (s *schemas) validate(hash string, raw []byte, content string) error {
	sch, err := s.compile(hash, raw)
	if err != nil {
		return err
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(content))
	if err != nil {
		return fmt.Errorf("%w: not JSON: %v", ErrBadOutput, err)
	}
	if err := sch.Validate(inst); err != nil {
		msg := err.Error()
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			msg = strings.Join(leaves(ve), "; ")
		}
		return fmt.Errorf("%w: does not match its schema: %s", ErrBadOutput, clip(msg, 600))
	}
	return nil
}

// leaves are the innermost validation errors, each with its JSON pointer.
func leaves(ve *jsonschema.ValidationError) []string {
	if len(ve.Causes) == 0 {
		return []string{"at /" + strings.Join(ve.InstanceLocation, "/") + ": " + ve.ErrorKind.LocalizedString(printer)}
	}
	var out []string
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

var printer = message.NewPrinter(language.English)
