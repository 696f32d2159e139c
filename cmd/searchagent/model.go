package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"searchagent/agent/modelpath"
	"searchagent/contract"
	"searchagent/prompts"
	"searchagent/tools/embed"
	"searchagent/tools/llm"
)

// modelSetup is the model path serve wires, or nothing when no model is
// configured.
type modelSetup struct {
	path     *modelpath.Path
	embedder embed.Embedder // nil unless the embeddings stage is on
	// summary is what the startup log says.
	summary []any
}

// The environment of the model path (README "Use a model").
const (
	envAPIKey     = "OPENAI_API_KEY"
	envBaseURL    = "OPENAI_BASE_URL"
	envChatModel  = "SEARCHAGENT_CHAT_MODEL"
	envEmbedModel = "SEARCHAGENT_EMBED_MODEL"
	envEmbedDims  = "SEARCHAGENT_EMBED_DIMENSIONS"
	envStages     = "SEARCHAGENT_MODEL_STAGES"
	envOutput     = "SEARCHAGENT_LLM_OUTPUT"
	envRecord     = "SEARCHAGENT_LLM_RECORD"
	envReplay     = "SEARCHAGENT_LLM_REPLAY"
	envTurnTokens = "SEARCHAGENT_LLM_TURN_TOKENS"
	envTimeout    = "SEARCHAGENT_LLM_TIMEOUT"
	envRetries    = "SEARCHAGENT_LLM_RETRIES"
	envReasks     = "SEARCHAGENT_LLM_REASKS"
)

const defaultBaseURL = "https://api.openai.com/v1"

// modelFromEnv reads the model configuration. No model variable set → no
// model (nil, nil). A model variable set with an incomplete or invalid
// rest is an error: serve refuses to start rather than run without what
// was asked for.
func modelFromEnv(getenv func(string) string, reg prometheus.Registerer, v *contract.Validator) (*modelSetup, error) {
	key, base, chat := getenv(envAPIKey), getenv(envBaseURL), getenv(envChatModel)
	record, replay := getenv(envRecord), getenv(envReplay)
	if key == "" && base == "" && chat == "" && replay == "" && record == "" && getenv(envEmbedModel) == "" {
		return nil, nil
	}
	if chat == "" {
		return nil, usageErr("%s is required when a model endpoint is configured (%s / %s / %s / %s)", envChatModel, envAPIKey, envBaseURL, envRecord, envReplay)
	}
	if base == "" && replay == "" {
		base = defaultBaseURL
	}
	cfg := llm.Config{BaseURL: base, APIKey: key, Model: chat, Output: llm.OutputMode(getenv(envOutput))}
	switch {
	case record != "" && replay != "":
		return nil, usageErr("%s and %s exclude each other", envRecord, envReplay)
	case record != "":
		cfg.CassetteMode, cfg.Cassettes = llm.CassetteRecord, record
	case replay != "":
		cfg.CassetteMode, cfg.Cassettes = llm.CassetteReplay, replay
	}
	var err error
	if cfg.TurnTokenBudget, err = intEnv(getenv, envTurnTokens); err != nil {
		return nil, err
	}
	if cfg.MaxRetries, err = intEnv(getenv, envRetries); err != nil {
		return nil, err
	}
	if s := getenv(envTimeout); s != "" {
		if cfg.CallTimeout, err = time.ParseDuration(s); err != nil || cfg.CallTimeout <= 0 {
			return nil, usageErr("%s=%q is not a positive duration (e.g. 20s)", envTimeout, s)
		}
	}
	m, err := llm.NewMetrics(reg)
	if err != nil {
		return nil, failErr("model metrics: %v", err)
	}
	cfg.Observer = m
	client, err := llm.New(cfg)
	if err != nil {
		return nil, usageErr("model: %v", err)
	}
	stages, embeddings, err := parseStages(getenv(envStages), getenv(envEmbedModel) != "")
	if err != nil {
		return nil, err
	}
	set, err := prompts.Default()
	if err != nil {
		return nil, failErr("prompts: %v", err)
	}
	opts := []modelpath.Option{modelpath.WithMetrics(reg)}
	if s := getenv(envReasks); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, usageErr("%s=%q is not a number", envReasks, s)
		}
		opts = append(opts, modelpath.WithReasks(n))
	}
	path, err := modelpath.New(client, set, v, stages, opts...)
	if err != nil {
		return nil, usageErr("%v", err)
	}
	ms := &modelSetup{path: path}
	d := path.Describe()
	ms.summary = []any{"model", chat, "endpoint", base, "output", string(cfg.Output), "model_stages", strings.Join(d.Stages, ","),
		"cassettes", string(cfg.CassetteMode), "prompts", fmt.Sprint(d.Prompts), "reasks", d.Reasks}
	if embeddings {
		model := getenv(envEmbedModel)
		if model == "" {
			return nil, usageErr("the embeddings stage needs %s", envEmbedModel)
		}
		dims := 1536
		if s := getenv(envEmbedDims); s != "" {
			if dims, err = strconv.Atoi(s); err != nil || dims <= 0 {
				return nil, usageErr("%s=%q is not a positive number", envEmbedDims, s)
			}
		}
		if ms.embedder, err = embed.NewOpenAI(client, model, dims, 0); err != nil {
			return nil, usageErr("%v", err)
		}
		ms.summary = append(ms.summary, "embed_model", ms.embedder.Model())
	}
	return ms, nil
}

// parseStages reads SEARCHAGENT_MODEL_STAGES: a comma list of
// classifier, parse, slots (or "slots:every_turn"), embeddings; "none"
// for none. Unset: classifier, parse and slots, plus embeddings when an
// embedding model is named.
func parseStages(s string, embedModel bool) (modelpath.Stages, bool, error) {
	if strings.TrimSpace(s) == "" {
		return modelpath.Stages{Classifier: true, Parse: true, Slots: true}, embedModel, nil
	}
	var st modelpath.Stages
	emb := false
	for _, f := range strings.Split(s, ",") {
		switch f = strings.TrimSpace(f); f {
		case "none", "":
		case modelpath.StageClassifier:
			st.Classifier = true
		case modelpath.StageParse:
			st.Parse = true
		case modelpath.StageSlots:
			st.Slots = true
		case "slots:every_turn":
			st.Slots, st.SlotsEveryTurn = true, true
		case modelpath.StageEmbeddings:
			emb = true
		default:
			return st, false, usageErr("%s: unknown stage %q (want %s)", envStages, f, strings.Join([]string{"classifier", "parse", "slots", "slots:every_turn", "embeddings", "none"}, ", "))
		}
	}
	return st, emb, nil
}

func intEnv(getenv func(string) string, name string) (int, error) {
	s := getenv(name)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, usageErr("%s=%q is not a number", name, s)
	}
	return n, nil
}
