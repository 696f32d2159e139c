package main

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"searchagent/contract"
)

func TestModelFromEnv(t *testing.T) {
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		env    map[string]string
		stages string // "" with wantOff
		off    bool
		errHas string
	}{
		{name: "nothing set: no model", env: map[string]string{}, off: true},
		{name: "a key without a chat model is refused", env: map[string]string{"OPENAI_API_KEY": "k"}, errHas: "SEARCHAGENT_CHAT_MODEL"},
		{name: "defaults", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m"}, stages: "classifier,parse,slots"},
		{name: "per-stage switch", env: map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_MODEL_STAGES": "classifier"}, stages: "classifier"},
		{name: "unknown stage", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_MODEL_STAGES": "classifier,dreams"}, errHas: "dreams"},
		{name: "record and replay together", env: map[string]string{"SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_RECORD": "a", "SEARCHAGENT_LLM_REPLAY": "b"}, errHas: "exclude"},
		{name: "bad output mode", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_OUTPUT": "xml"}, errHas: "output mode"},
		{name: "bad timeout", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_TIMEOUT": "soon"}, errHas: "duration"},
		{name: "replay needs no endpoint", env: map[string]string{"SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_REPLAY": "dir"}, stages: "classifier,parse,slots"},
		{name: "embeddings stage needs an embed model", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_MODEL_STAGES": "embeddings"}, errHas: "SEARCHAGENT_EMBED_MODEL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := modelFromEnv(func(k string) string { return tc.env[k] }, prometheus.NewRegistry(), v)
			switch {
			case tc.errHas != "":
				if err == nil || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("modelFromEnv(%v) error = %v, want one naming %q", tc.env, err, tc.errHas)
				}
			case err != nil:
				t.Fatalf("modelFromEnv(%v) = %v", tc.env, err)
			case tc.off:
				if ms != nil {
					t.Errorf("modelFromEnv(%v) configured a model", tc.env)
				}
			default:
				if got := strings.Join(ms.path.Stages().Names(), ","); got != tc.stages {
					t.Errorf("stages = %q, want %q", got, tc.stages)
				}
			}
		})
	}
}
