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
		// describe: entries of the client's description (deadlines,
		// seed, breaker) as /readyz and the log say them
		describe map[string]string
	}{
		{name: "nothing set: no model", env: map[string]string{}, off: true},
		{name: "a key without a chat model is refused", env: map[string]string{"OPENAI_API_KEY": "k"}, errHas: "SEARCHAGENT_CHAT_MODEL"},
		{name: "defaults", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m"}, stages: "classifier,parse,slots"},
		{name: "per-stage switch", env: map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_MODEL_STAGES": "classifier"}, stages: "classifier"},
		{name: "unknown stage", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_MODEL_STAGES": "classifier,dreams"}, errHas: "dreams"},
		{name: "record and replay together", env: map[string]string{"SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_RECORD": "a", "SEARCHAGENT_LLM_REPLAY": "b"}, errHas: "exclude"},
		{name: "bad output mode", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_OUTPUT": "xml"}, errHas: "output mode"},
		{name: "bad timeout", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_TIMEOUT": "soon"}, errHas: "duration"},
		{name: "bad stage deadline", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_PARSE_DEADLINE": "-1s"}, errHas: "SEARCHAGENT_LLM_PARSE_DEADLINE"},
		{name: "bad seed", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_SEED": "lucky"}, errHas: "SEARCHAGENT_LLM_SEED"},
		{name: "bad breaker cool-down", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_BREAKER_COOLDOWN": "a while"}, errHas: "SEARCHAGENT_LLM_BREAKER_COOLDOWN"},
		{name: "deadlines, seed and breaker set", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_CLASSIFIER_DEADLINE": "1s",
			"SEARCHAGENT_LLM_SLOTS_DEADLINE": "6s", "SEARCHAGENT_LLM_SEED": "off", "SEARCHAGENT_LLM_BREAKER_FAILURES": "5", "SEARCHAGENT_LLM_BREAKER_COOLDOWN": "1m"}, stages: "classifier,parse,slots",
			describe: map[string]string{"stage_deadlines": "classifier=1s,parse=2.5s,slots=6s", "seed": "off", "breaker": "opens after 5 consecutive failures (at once on 401/403), cool-down 1m0s"}},
		{name: "replay needs no endpoint", env: map[string]string{"SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_LLM_REPLAY": "dir"}, stages: "classifier,parse,slots"},
		{name: "embeddings stage needs an embed model", env: map[string]string{"OPENAI_API_KEY": "k", "SEARCHAGENT_CHAT_MODEL": "m", "SEARCHAGENT_MODEL_STAGES": "embeddings"}, errHas: "SEARCHAGENT_EMBED_MODEL"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := modelFromEnv(func(k string) string { return tc.env[k] }, prometheus.NewRegistry(), v, nil)
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
				d := ms.path.Client().Describe()
				for k, want := range tc.describe {
					if d[k] != want {
						t.Errorf("Describe()[%q] = %q, want %q", k, d[k], want)
					}
				}
			}
		})
	}
}
