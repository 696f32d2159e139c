package server

import (
	"net/http"
	"testing"
)

// TestCreateSessionPassesTheProofOfOwnership: replacing a client's session
// needs the old token in the header (never ?token=) or the API key that
// created it; the server hands both to the agent and nothing from the body.
func TestCreateSessionPassesTheProofOfOwnership(t *testing.T) {
	tests := []struct {
		name      string
		opts      []Option
		c         call
		wantToken string
		wantOwner bool
	}{
		{"no proof", nil, call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube","client_ref":"c1"}`}, "", false},
		{"header token", nil, call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube","client_ref":"c1"}`,
			header: map[string]string{"X-Session-Token": "old-token"}}, "old-token", false},
		{"query token is not a proof", nil, call{method: "POST", path: "/v1/sessions?token=old-token", body: `{"platform":"youtube","client_ref":"c1"}`}, "", false},
		{"api key owns", []Option{WithAPIKeys([]string{"k1"})}, call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube","client_ref":"c1"}`,
			header: map[string]string{"Authorization": "Bearer k1"}}, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			rec := do(t, newTestServer(t, f, tc.opts...).Handler(), tc.c)
			if rec.Code != http.StatusCreated {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			if rec := do(t, newTestServer(t, f, tc.opts...).Handler(), call{method: "POST", path: tc.c.path, header: tc.c.header,
				body: `{"platform":"youtube","client_ref":"c1","ReplaceToken":"x","Owner":"y"}`}); rec.Code != http.StatusBadRequest {
				t.Errorf("a body claiming a proof: status %d, want 400", rec.Code)
			}
			got := f.gotCreate
			if got.ReplaceToken != tc.wantToken || (got.Owner != "") != tc.wantOwner || got.Owner == "k1" {
				t.Errorf("CreateSession got ReplaceToken %q Owner %q, want %q and owner=%v (never the key itself)", got.ReplaceToken, got.Owner, tc.wantToken, tc.wantOwner)
			}
		})
	}
}
