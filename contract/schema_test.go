package contract

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated schemas and golden files")

// TestSchemasUpToDate checks that every file under schemas/ is what the rule
// table generates; run with -update to regenerate them.
func TestSchemasUpToDate(t *testing.T) {
	for _, id := range SchemaIDs() {
		r, _ := RuleFor(id)
		for _, strict := range []bool{false, true} {
			want, err := marshalSchema(genSchema(r, strict))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.FromSlash(schemaPath(id, strict))
			if *update {
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read %s: %v (run go generate ./contract)", path, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is stale; run go generate ./contract", path)
			}
		}
	}
}

func newValidators(t testing.TB) (full, strict *Validator) {
	t.Helper()
	full, err := New(WithFullSchemas())
	if err != nil {
		t.Fatal(err)
	}
	strict, err = New(WithStrictSchemas())
	if err != nil {
		t.Fatal(err)
	}
	return full, strict
}
