package prompts

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"searchagent/tools/llm"
)

// LockFile is the file, beside files/ and schemas/, that pins each
// prompt version's fingerprint: one "id@version sha256" line per version
// ever released, appended to and never rewritten, so a text edit without
// a version bump cannot be recorded.
const LockFile = "versions.lock"

// Issue is one prompt lint finding.
type Issue struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (i Issue) String() string {
	return fmt.Sprintf("prompt %s@%s: error %s: %s", i.ID, i.Version, i.Code, i.Message)
}

// fingerprint hashes what of a prompt reaches the model.
func fingerprint(p *Prompt) string {
	data, _ := json.Marshal(struct {
		System          string              `json:"system"`
		Examples        []map[string]string `json:"examples"`
		ExampleTemplate string              `json:"example_template"`
		Template        string              `json:"template"`
		Inputs          []string            `json:"inputs"`
		Hints           Hints               `json:"hints"`
		Output          string              `json:"output"`
		Schema          json.RawMessage     `json:"schema"`
	}{p.System, p.Examples, p.ExampleTemplate, p.Template, p.Inputs, p.ModelHints, p.Output, p.Schema})
	return llm.Hash(data)
}

// Lock is a parsed versions.lock: id@version → fingerprint.
type Lock map[string]string

// ReadLock reads LockFile from fsys (an empty lock when it is absent).
func ReadLock(fsys fs.FS) (Lock, error) {
	data, err := fs.ReadFile(fsys, LockFile)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Lock{}, nil
		}
		return nil, err
	}
	return ParseLock(string(data))
}

// DefaultLock is the embedded versions.lock.
func DefaultLock() (Lock, error) { return ReadLock(embedded) }

// ParseLock parses "id@version sha256" lines; blank lines and # comments
// are skipped.
func ParseLock(text string) (Lock, error) {
	l := Lock{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, sum, ok := strings.Cut(line, " ")
		if !ok || !strings.Contains(key, "@") || len(strings.TrimSpace(sum)) != 64 {
			return nil, fmt.Errorf("%s line %d: want \"id@version sha256\", got %q", LockFile, n, line)
		}
		if _, dup := l[key]; dup {
			return nil, fmt.Errorf("%s line %d: %s listed twice", LockFile, n, key)
		}
		l[key] = strings.TrimSpace(sum)
	}
	return l, sc.Err()
}

// Lint checks every prompt of s against the lock: a version whose
// fingerprint differs from the one pinned for it changed its text without
// a version bump; a version the lock lacks is unrecorded.
func (s *Set) Lint(lock Lock) []Issue {
	var out []Issue
	for _, id := range s.IDs() {
		p := s.byID[id]
		pinned, ok := lock[id+"@"+p.Version]
		switch {
		case !ok:
			out = append(out, Issue{ID: id, Version: p.Version, Code: "unrecorded_version",
				Message: fmt.Sprintf("version %s is not in %s; record it with go test ./prompts -run TestPromptVersionsLocked -update", p.Version, LockFile)})
		case pinned != p.Fingerprint:
			out = append(out, Issue{ID: id, Version: p.Version, Code: "changed_without_version_bump",
				Message: fmt.Sprintf("its text changed without a version bump (version %s was %s, is %s): raise version in files/%s.prompt", p.Version, pinned[:12], p.Fingerprint[:12], id)})
		}
	}
	return out
}

// Record returns the lock text with every prompt version of s the lock
// lacks appended; pinned versions are kept as they are (a changed text
// stays a lint error until its version changes).
func (s *Set) Record(lock Lock, text string) string {
	var add []string
	for _, id := range s.IDs() {
		p := s.byID[id]
		if _, ok := lock[id+"@"+p.Version]; !ok {
			add = append(add, id+"@"+p.Version+" "+p.Fingerprint)
		}
	}
	slices.Sort(add)
	if len(add) == 0 {
		return text
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text + strings.Join(add, "\n") + "\n"
}
