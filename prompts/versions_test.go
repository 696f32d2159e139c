package prompts_test

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"searchagent/prompts"
)

// Every prompt version is pinned in versions.lock and its text is the
// text pinned for it: a prompt edit needs a version bump.
func TestPromptVersionsLocked(t *testing.T) {
	s, err := prompts.Default()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		data, err := os.ReadFile(prompts.LockFile)
		if err != nil {
			t.Fatal(err)
		}
		lock, err := prompts.ParseLock(string(data))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(prompts.LockFile, []byte(s.Record(lock, string(data))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(prompts.LockFile)
	if err != nil {
		t.Fatal(err)
	}
	lock, err := prompts.ParseLock(string(data))
	if err != nil {
		t.Fatal(err)
	}
	for _, is := range s.Lint(lock) {
		t.Error(is)
	}
	embedded, err := prompts.DefaultLock()
	if err != nil || len(embedded) != len(lock) {
		t.Errorf("embedded lock has %d entries (%v), the file %d", len(embedded), err, len(lock))
	}
}

// A prompt whose text changes without a version bump fails lint, and the
// lock cannot be re-recorded to hide it; a bump is recorded and passes. A
// change to the description (for people only) needs no bump.
func TestPromptEditWithoutVersionBumpFailsLint(t *testing.T) {
	files := fstest.MapFS{}
	for _, name := range []string{"files/classify.prompt", "schemas/classify.json"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = &fstest.MapFile{Data: data}
	}
	load := func(edit func(string) string) *prompts.Set {
		t.Helper()
		fs := fstest.MapFS{}
		for k, v := range files {
			fs[k] = v
		}
		fs["files/classify.prompt"] = &fstest.MapFile{Data: []byte(edit(string(files["files/classify.prompt"].Data)))}
		s, err := prompts.Load(fs)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	same := func(s string) string { return s }
	orig := load(same)
	lock, err := prompts.ParseLock(orig.Record(prompts.Lock{}, ""))
	if err != nil {
		t.Fatal(err)
	}
	version := `version: "2"`
	if !strings.Contains(string(files["files/classify.prompt"].Data), version) {
		t.Fatalf("classify.prompt has no %s", version)
	}
	edited := func(s string) string {
		return strings.Replace(s, "You do not chat and you do not search.", "You never chat and you never search.", 1)
	}
	tests := []struct {
		name string
		edit func(string) string
		want string
	}{
		{"unchanged", same, ""},
		{"system text edited, same version", edited, "changed_without_version_bump"},
		{"an example edited, same version", func(s string) string { return strings.Replace(s, "Examples:", "Examples (read them):", 1) }, "changed_without_version_bump"},
		{"a hint changed, same version", func(s string) string { return strings.Replace(s, "max_tokens: 200", "max_tokens: 300", 1) }, "changed_without_version_bump"},
		{"description edited", func(s string) string { return strings.Replace(s, "Router stage 3.", "The router's stage 3.", 1) }, ""},
		{"edited and bumped, not recorded", func(s string) string { return strings.Replace(edited(s), version, `version: "3"`, 1) }, "unrecorded_version"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := load(tc.edit)
			var got []string
			for _, is := range s.Lint(lock) {
				got = append(got, is.Code)
			}
			if g := strings.Join(got, ","); g != tc.want {
				t.Errorf("Lint = %q, want %q", g, tc.want)
			}
			// Recording keeps the pinned fingerprint: an unbumped edit
			// still fails after it.
			relock, err := prompts.ParseLock(s.Record(lock, orig.Record(prompts.Lock{}, "")))
			if err != nil {
				t.Fatal(err)
			}
			if n := len(s.Lint(relock)); (tc.want == "changed_without_version_bump") != (n > 0) {
				t.Errorf("after Record: %d issues", n)
			}
		})
	}
}
