package condparse

import (
	"os"
	"strings"
	"testing"
)

func TestZZProbe(t *testing.T) {
	for _, in := range strings.Split(os.Getenv("PROBE"), "\n") {
		if in == "" {
			continue
		}
		r := readAt(t, in, nil, nil)
		t.Logf("%s\n   %q sort=%v", in, briefs(r.Result), r.Sort)
	}
}
