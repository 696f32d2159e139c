package main

import (
	"encoding/json"
	"testing"

	"searchagent/api"
	"searchagent/tools/catalog"
)

// nextCursor reads the cursor of a results event as encoding/json would,
// even when a channel's text quotes the key.
func TestNextCursor(t *testing.T) {
	tricky := &catalog.Channel{Name: `"next_cursor":"99"`, Description: `say "next_cursor":"7"`}
	cases := []struct {
		name string
		r    api.Results
	}{
		{"none", api.Results{Items: []api.ResultItem{{Channel: tricky}}}},
		{"offset", api.Results{Items: []api.ResultItem{{Channel: tricky}}, NextCursor: "20"}},
		{"empty", api.Results{}},
		// Members after the cursor (it is looked for from the end).
		{"expansions after", api.Results{Items: []api.ResultItem{{Channel: tricky}}, NextCursor: "40",
			Expansions: []api.Expansion{{Keyword: `"next_cursor":"3"`, Also: []string{`"next_cursor":"5"`}, Label: "x"}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := json.Marshal(tc.r)
			if err != nil {
				t.Fatal(err)
			}
			if got := nextCursor(b); got != tc.r.NextCursor {
				t.Errorf("nextCursor(%s) = %q, want %q", b, got, tc.r.NextCursor)
			}
		})
	}
}
