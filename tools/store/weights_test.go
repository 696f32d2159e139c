package store

import (
	"strings"
	"testing"
)

func TestWeightsName(t *testing.T) {
	cases := []struct {
		name    string
		data    string
		want    []string
		wantErr bool
	}{
		{"a fitted file", `{"version":1,"start_objective":1.2,"objective":1.25,"weights":{}}`,
			[]string{"fitted weights v1 sha256:", "train objective 1.2000 → 1.2500", "relevance --fit"}, false},
		{"not JSON", `weights`, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := WeightsName([]byte(tc.data))
			if (err != nil) != tc.wantErr {
				t.Fatalf("WeightsName() error = %v, want error %v", err, tc.wantErr)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("WeightsName() = %q, want it to contain %q", got, w)
				}
			}
		})
	}
	// A refit changes the name: the hash covers the whole file.
	a, _ := WeightsName([]byte(`{"version":1,"objective":1}`))
	b, _ := WeightsName([]byte(`{"version":1,"objective":1 }`))
	if a == b {
		t.Errorf("two different weights files share the name %q", a)
	}
	if !strings.HasPrefix(DefaultWeightsName, "fitted weights v1 sha256:") {
		t.Errorf("DefaultWeightsName = %q", DefaultWeightsName)
	}
}
