package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRoutes: the page, its assets, the picker data and the example
// client are served from the embedded files.
func TestRoutes(t *testing.T) {
	mux := http.NewServeMux()
	for _, r := range Routes() {
		mux.Handle(strings.TrimSuffix(strings.Split(r.Path, "*")[0], "/")+"/", r.Handler)
	}
	cases := []struct{ path, ctype, contains string }{
		{"/", "text/html", `<script src="/static/app.js">`},
		{"/static/app.js", "text/javascript", "snapshot.actions"},
		{"/static/style.css", "text/css", ".box"},
		{"/static/substates.json", "application/json", `"substate"`},
		{"/examples/client.html", "text/html", "turn.error"},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.path, nil))
			body, _ := io.ReadAll(rec.Body)
			if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), tc.ctype) || !strings.Contains(string(body), tc.contains) {
				t.Errorf("GET %s = %d %q, want 200 %s containing %q", tc.path, rec.Code, rec.Header().Get("Content-Type"), tc.ctype, tc.contains)
			}
		})
	}
}

// TestNoListingsAndJSON404s: a directory is never listed and a missing
// file is the API's JSON 404.
func TestNoListingsAndJSON404s(t *testing.T) {
	mux := http.NewServeMux()
	for _, r := range Routes() {
		mux.Handle(strings.TrimSuffix(strings.Split(r.Path, "*")[0], "/")+"/", r.Handler)
	}
	for _, p := range []string{"/examples/", "/examples", "/static/", "/static/examples/", "/static/nope.js", "/examples/nope.html", "/examples/../static/"} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code == http.StatusMovedPermanently || rec.Code == http.StatusTemporaryRedirect {
			continue // the mux cleans the path first
		}
		if rec.Code != http.StatusNotFound || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || !strings.Contains(rec.Body.String(), `"code":"not_found"`) {
			t.Errorf("GET %s = %d %q %.80s, want a JSON 404", p, rec.Code, rec.Header().Get("Content-Type"), rec.Body)
		}
	}
}

// TestPickerCoversTheCatalogue: the picker data lists 39 sub-states, each
// with the events that reach it.
func TestPickerCoversTheCatalogue(t *testing.T) {
	b, err := static.ReadFile("static/substates.json")
	if err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		Substate string            `json:"substate"`
		Steps    []json.RawMessage `json:"steps"`
	}
	if err := json.Unmarshal(b, &entries); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.Substate] = true
	}
	if len(entries) != 39 || len(seen) != 39 {
		t.Errorf("picker data has %d entries (%d distinct), want the 39 sub-states", len(entries), len(seen))
	}
}

// TestControls: the typed controls list every filter field with its ops,
// the set fields' vocabularies, the sorts and the text limit.
func TestControls(t *testing.T) {
	mux := http.NewServeMux()
	for _, r := range Routes() {
		mux.Handle(strings.TrimSuffix(strings.Split(r.Path, "*")[0], "/")+"/", r.Handler)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, PathControls, nil))
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		t.Fatalf("GET %s = %d %q", PathControls, rec.Code, rec.Header().Get("Content-Type"))
	}
	var c Controls
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{}
	for _, f := range c.Fields {
		kinds[f.Name] = f.Kind
		if f.ZH == "" || f.EN == "" || len(f.Ops) == 0 {
			t.Errorf("field %+v lacks a label or ops", f)
		}
	}
	want := map[string]string{"country": "set", "language": "set", "category": "set", "followers": "count", "avg_views": "count", "engagement": "ratio", "last_active": "duration"}
	for name, kind := range want {
		if kinds[name] != kind {
			t.Errorf("field %s kind = %q, want %q", name, kinds[name], kind)
		}
	}
	for _, v := range []string{"country", "language", "category"} {
		terms := c.Vocabularies[v]
		if len(terms) < 5 || terms[0].Code == "" || terms[0].ZH == "" || terms[0].EN == "" {
			t.Errorf("vocabulary %s = %d terms (%+v), want named terms", v, len(terms), terms)
		}
	}
	bys := map[string]bool{}
	for _, s := range c.Sorts {
		bys[s.By] = s.ZH != "" && s.EN != ""
	}
	for _, by := range []string{"relevance", "similarity", "followers", "recent"} {
		if !bys[by] {
			t.Errorf("sort %s missing or unlabelled in %+v", by, c.Sorts)
		}
	}
	if c.MaxTextBytes != 4096 {
		t.Errorf("max_text_bytes = %d, want 4096", c.MaxTextBytes)
	}
}
