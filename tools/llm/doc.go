// Package llm is the OpenAI-compatible model client of the model path: chat
// completions with structured output (response_format json_schema, strict,
// with our schemas passed as raw JSON, or json_object for servers without
// strict schemas), embeddings, bounded retries with exponential backoff and
// jitter that honour Retry-After, a per-call and per-turn timeout, a
// per-turn token budget, and a record/replay layer that stores each
// exchange as a cassette file.
//
// Every call is accounted: a Call (stage, prompt id and version, the hash
// of the rendered prompt and of the schema, model, tokens, latency,
// attempts, finish reason, cassette key, error) goes to the turn's ledger
// (see StartTurn) for the trace and to the Observer for Prometheus.
//
// The wire work is done by github.com/sashabaranov/go-openai; this package
// adds the policy around it. Nothing here knows prompts' texts or
// schemas' meaning: callers pass them in a Request.
package llm
