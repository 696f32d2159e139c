package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareSetsRunsSideBySide: --compare reads the reports and prints
// each mode's figures, with throughput and p99 against the first run of
// as many users.
func TestCompareSetsRunsSideBySide(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, r report) string {
		b, _ := json.Marshal(r)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	emb := write("e.json", report{Users: 50, TurnsPerSecond: 1000, All: kindReport{P50MS: 10, P99MS: 50}, Kinds: map[string]kindReport{"natural": {P50MS: 12}}})
	pg := write("p.json", report{Users: 50, TurnsPerSecond: 600, All: kindReport{P50MS: 40, P99MS: 150}, Kinds: map[string]kindReport{"natural": {P50MS: 45}}, Errors: map[string]int{"natural 500": 2}})
	one := write("o.json", report{Users: 1, TurnsPerSecond: 300, All: kindReport{P50MS: 3, P99MS: 6}, Kinds: map[string]kindReport{"natural": {P50MS: 4.2}}})
	runs, err := readReports("embedded=" + emb + ",postgres=" + pg + ",postgres 1 user=" + one)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	compare(&out, runs)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	tests := []struct {
		line int
		want []string
	}{
		{1, []string{"embedded", "50", "1000", "10.0", "50.0", "12.0"}},
		{2, []string{"postgres", "50", "600", "40.0", "150.0", "45.0", "60%", "3.0×"}},
		{3, []string{"2 errors", "natural 500"}},
		{4, []string{"postgres 1 user", "300", "4.2"}},
	}
	for _, tc := range tests {
		if tc.line >= len(lines) {
			t.Fatalf("compare printed %d lines, want line %d:\n%s", len(lines), tc.line, out.String())
		}
		for _, w := range tc.want {
			if !strings.Contains(lines[tc.line], w) {
				t.Errorf("compare line %d = %q, want it to contain %q", tc.line, lines[tc.line], w)
			}
		}
	}
	if strings.Contains(lines[4], "%") {
		t.Errorf("a run with no other of as many users is compared: %q", lines[4])
	}
	if _, err := readReports("nofile"); err == nil {
		t.Error(`readReports("nofile") = nil error, want one`)
	}
}
