package main

import (
	"fmt"
	"log/slog"
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
	// The stage deadlines (classifier, parse, slots), the turn's model
	// time, the seed and the circuit breaker.
	envClassifierDeadline = "SEARCHAGENT_LLM_CLASSIFIER_DEADLINE"
	envParseDeadline      = "SEARCHAGENT_LLM_PARSE_DEADLINE"
	envSlotsDeadline      = "SEARCHAGENT_LLM_SLOTS_DEADLINE"
	envTurnModelTime      = "SEARCHAGENT_LLM_TURN_TIMEOUT"
	envSeed               = "SEARCHAGENT_LLM_SEED"
	envBreakerFailures    = "SEARCHAGENT_LLM_BREAKER_FAILURES"
	envBreakerCooldown    = "SEARCHAGENT_LLM_BREAKER_COOLDOWN"
)

// defaultSeed is the seed sent with every chat request unless
// SEARCHAGENT_LLM_SEED says otherwise ("off": none).
const defaultSeed = 1

const defaultBaseURL = "https://api.openai.com/v1"

// modelFromEnv reads the model configuration. No model variable set → no
// model (nil, nil). A model variable set with an incomplete or invalid
// rest is an error: serve refuses to start rather than run without what
// was asked for.
func modelFromEnv(getenv func(string) string, reg prometheus.Registerer, v *contract.Validator, log *slog.Logger) (*modelSetup, error) {
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
	cfg := llm.Config{BaseURL: base, APIKey: key, Model: chat, Output: llm.OutputMode(getenv(envOutput)), Logger: log}
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
	if cfg.CallTimeout, err = durationEnv(getenv, envTimeout); err != nil {
		return nil, err
	}
	if cfg.TurnTimeout, err = durationEnv(getenv, envTurnModelTime); err != nil {
		return nil, err
	}
	if cfg.BreakerCooldown, err = durationEnv(getenv, envBreakerCooldown); err != nil {
		return nil, err
	}
	if cfg.BreakerFailures, err = intEnv(getenv, envBreakerFailures); err != nil {
		return nil, err
	}
	cfg.StageTimeouts = map[string]time.Duration{}
	for stage, name := range map[string]string{modelpath.StageClassifier: envClassifierDeadline, modelpath.StageParse: envParseDeadline, modelpath.StageSlots: envSlotsDeadline} {
		if cfg.StageTimeouts[stage], err = durationEnv(getenv, name); err != nil {
			return nil, err
		}
	}
	switch s := strings.TrimSpace(getenv(envSeed)); s {
	case "off", "none":
	case "":
		seed := defaultSeed
		cfg.Seed = &seed
	default:
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, usageErr("%s=%q is not a number or off", envSeed, s)
		}
		cfg.Seed = &n
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
		"cassettes", string(cfg.CassetteMode), "prompts", fmt.Sprint(d.Prompts), "reasks", d.Reasks,
		"stage_deadlines", d.Endpoint["stage_deadlines"], "turn_model_time", d.Endpoint["turn_model_time"], "breaker", d.Endpoint["breaker"], "seed", d.Endpoint["seed"]}
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

// durationEnv reads a positive duration (0 when unset: the default).
func durationEnv(getenv func(string) string, name string) (time.Duration, error) {
	s := getenv(name)
	if s == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, usageErr("%s=%q is not a positive duration (e.g. 2500ms, 20s)", name, s)
	}
	return d, nil
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
