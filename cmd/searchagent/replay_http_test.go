package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"searchagent/api"
)

// An auditor replays stored turns over HTTP: each turn's router input and
// stages, read from GET /v1/sessions/{id}/trace and sent to POST
// /v1/route/explain, give the stored result and trace byte for byte —
// follow-ups with conditions and with an open question included.
func TestStoredTurnsReplayOverHTTP(t *testing.T) {
	srv := apiServer(t)
	c := newClient(t, srv.URL, "youtube", "zh")
	for _, st := range []struct {
		event string
		args  api.Args
	}{
		{"search.submit", api.Args{Text: "帮我找美国的科技测评频道，粉丝五万以上"}},
		{"followup.submit", api.Args{Text: "不要游戏类的，粉丝改成十万以上"}},
		{"followup.submit", api.Args{Text: "找住在东京的旅行博主"}},
		{"followup.submit", api.Args{Text: "放宽一点但是更精准"}},
		{"followup.submit", api.Args{Text: "排除西班牙语"}},
	} {
		c.send(st.event, st.args)
	}
	_, b := do(t, "GET", srv.URL+"/v1/sessions/"+c.id+"/trace", nil, map[string]string{"X-Session-Token": c.token})
	var doc struct {
		Turns []struct {
			Router *struct {
				Input  json.RawMessage `json:"input"`
				Stages string          `json:"stages"`
				Result json.RawMessage `json:"result"`
				Trace  json.RawMessage `json:"trace"`
			} `json:"router"`
		} `json:"turns"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("trace: %v\n%s", err, b)
	}
	replayed, withConds := 0, 0
	for i, turn := range doc.Turns {
		sr := turn.Router
		if sr == nil {
			continue
		}
		var req map[string]any
		if err := json.Unmarshal(sr.Input, &req); err != nil {
			t.Fatal(err)
		}
		req["stages"] = sr.Stages
		if conds, _ := req["conditions"].([]any); len(conds) > 0 {
			withConds++
		}
		resp, got := do(t, "POST", srv.URL+"/v1/route/explain", req, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("turn %d: POST /v1/route/explain = %d %s", i+1, resp.StatusCode, got)
		}
		var out struct {
			Result json.RawMessage `json:"result"`
			Trace  json.RawMessage `json:"trace"`
		}
		if err := json.Unmarshal(got, &out); err != nil {
			t.Fatal(err)
		}
		for _, part := range []struct {
			name           string
			stored, replay json.RawMessage
		}{{"result", sr.Result, out.Result}, {"trace", sr.Trace, out.Trace}} {
			var a, b bytes.Buffer
			json.Compact(&a, part.stored)
			json.Compact(&b, part.replay)
			if !bytes.Equal(a.Bytes(), b.Bytes()) {
				t.Errorf("turn %d: the replayed %s differs\nstored:   %s\nreplayed: %s", i+1, part.name, a.Bytes(), b.Bytes())
			}
		}
		replayed++
	}
	if replayed < 4 || withConds < 4 {
		t.Errorf("replayed %d turns (%d with conditions), want the 4 follow-ups, each with its conditions", replayed, withConds)
	}
}
