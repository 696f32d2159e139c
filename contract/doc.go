// Package contract is the Agent Response Contract of seed 001: the output
// slots the search box shows, one JSON Schema per state, the validator that
// checks a slot document against its state (schemas, Go rules, violation
// codes) and the claim checks of model text. The template renderer that
// writes the slots is package render; this package does not import it. It
// imports nothing of this project but the leaf vocabularies.
//
// # Slots
//
// A turn's output is one JSON object of slots (Slots):
//
//	status          {"text", "tone": info|progress|success|warning|error, "loading"}
//	task_summary    string
//	conditions      [{"id", "kind", "field", "op", "value", "label", "source", "status"}]
//	question        {"id", "text", "options": [{"id", "label"}] (2-4)}
//	repair_options  [{"action_id", "label", "reason"}] (1-3, A_REPAIR_* only)
//	repair_hint     {"text", "action_ids": [A_HINT_*]}
//	actions         [{"action_id", "label"}] (the registry's actions allowed now)
//
// An absent slot is omitted or null; both mean the same.
//
// # State keys, context and schemas
//
// The state key is "<container_state>/<session_state>". What the state pair
// does not say comes from the context (seed 000 §2.3), given as Context:
// repair_reason, repair_hint_visible, source_stage and the scene/sub-state.
// Resolve maps a key and its context to a schema (SchemaID, a file under
// schemas/; schemas/strict/ holds the strict variant of each):
//
//	state key                       context                                     schema                                        contract
//	compact_classic/idle                                                        compact_classic.idle                          4.1
//	compact_classic/retrieving                                                  compact_classic.retrieving                    4.1
//	compact_classic/results_ready   (no visible low-recall hint)                compact_classic.results_ready                 4.1
//	compact_classic/results_ready   repair_reason=low_recall, hint visible      compact_classic.results_ready.low_recall      4.4A
//	compact_resolving/*             (idle, retrieving, results_ready)           compact_resolving.<session>                   4.2
//	expanded_agent/idle                                                         expanded_agent.idle                           4.3
//	expanded_agent/retrieving                                                   expanded_agent.retrieving                     4.3
//	expanded_agent/results_ready    (no visible low-recall hint)                expanded_agent.results_ready                  4.4
//	expanded_agent/results_ready    repair_reason=low_recall, hint visible      expanded_agent.results_ready.low_recall       4.4A
//	expanded_agent/refining         (answer or condition edit)                  expanded_agent.refining                       4.6
//	expanded_agent/refining         source_stage=followup or *-followup-refining expanded_agent.refining.followup             4.6A
//	expanded_clarifying/clarifying                                              expanded_clarifying.clarifying                4.5
//	expanded_repair/retrieving                                                  expanded_repair.retrieving                    4.7
//	expanded_repair/refining                                                    expanded_repair.refining                      4.6A
//	expanded_repair/results_ready   the opened low-recall repair                expanded_repair.results_ready.low_recall      4.7A
//	expanded_repair/empty_repair    repair_reason=no_results or none            expanded_repair.empty_repair                  4.7
//	expanded_repair/empty_repair    repair_reason=url_invalid|url_mismatch|url_unsupported
//	                                                                            expanded_repair.empty_repair.url_<reason>     5.2A
//	expanded_repair/unsupported                                                 expanded_repair.unsupported                   4.8
//
// Each schema says which slots the state requires, allows and forbids
// (Rule, generated into the files by TestSchemasUpToDate -update):
//
//	schema                                   status  summary  conditions  question  repair  hint  actions
//	compact_classic.{idle,retrieving,results_ready}  opt  -      -           -         -       -     req
//	compact_classic.results_ready.low_recall opt     -        -           -         -       req   opt
//	compact_resolving.*                      req     -        -           -         -       -     req
//	expanded_agent.{idle,retrieving,refining} req    opt      opt         -         -       -     req
//	expanded_agent.results_ready             req     req      req         -         -       -     req
//	expanded_agent.results_ready.low_recall  req     req      req         -         -       req   opt
//	expanded_agent.refining.followup         req     req      opt         -         -       -     req
//	expanded_clarifying.clarifying           req     opt      req         req       -       -     req
//	expanded_repair.{retrieving,refining}    req     opt      opt         -         -       -     req
//	expanded_repair.results_ready.low_recall req     req      req         -         req(4)  -     req
//	expanded_repair.empty_repair[.url_*]     req     opt(5)   req         opt(s)    req(3)  -     req
//	expanded_repair.unsupported              req     opt      opt         -         opt     -     req
//
// (3) url_* variants take only A_REPAIR_FIX_URL, A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS,
// A_REPAIR_SWITCH_TO_NL; (4) only the low-recall set A_REPAIR_REPLACE_ANCHOR,
// A_REPAIR_EXPAND_RECALL_SCOPE, A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS,
// A_REPAIR_SWITCH_TO_NL; (5) url_* variants require the summary when
// keyword tags are kept; (s) a very short question (contract 4.7).
//
// Loading (a true loading flag, a progress tone) is allowed only where work
// is in progress: retrieving, refining and every compact_resolving state
// (seed 000 §5.3). Text bounds are in display width (a wide character
// counts 2): in compact states a status is at most 40, an action label 32,
// a hint 60; in expanded states a status 80, a summary 280, a question 80
// (40 in a repair), an option label 40, a condition label 60.
//
// The sub-states of seed 000 §8.1 render with these keys (the agent's fsm
// mapping): keyword-* and url-anchor, url-keyword-seed, upgrade-*-before on
// compact_classic; url-resolving on compact_resolving; url-low-recall on
// compact_classic/results_ready with the hint; url-invalid, url-mismatch,
// url-unsupported and repair-invalid, repair-mismatch on
// expanded_repair/empty_repair with the URL reason; repair-unsupported on
// expanded_repair/unsupported; repair-empty and repair-followup-draft on
// expanded_repair/empty_repair; repair-low-recall on
// expanded_repair/results_ready; repair-followup-refining on
// expanded_repair/refining or retrieving; natural-expanded on
// expanded_agent/idle; natural-retrieving, mixed-parse and
// upgrade-*-upgrading on expanded_agent/retrieving; natural-results,
// mixed-anchor, mixed-soft, *-followup-draft and upgrade-*-stable on
// expanded_agent/results_ready; *-clarifying on
// expanded_clarifying/clarifying; *-followup-refining on
// expanded_agent/refining.
//
// # Strict structured output
//
// The strict variants (Schema(id, true)) keep to what OpenAI strict
// structured output accepts: every property required, optional values
// nullable through type unions, additionalProperties false, no not/if, and
// no length, count or pattern bounds. The full variants add those bounds.
// The validator checks every bound in Go as well, before the schema, so a
// document gets the same report under either variant (the golden corpus
// test compares them violation by violation); it runs the strict variants
// by default (WithFullSchemas for the full ones), which skips the
// redundant keywords.
//
// There is one validation path: the jsonschema library checks structure,
// then the Go checks the rules a schema cannot say. ValidateJSON runs it
// on a document as a model wrote it (decoded with encoding/json, numbers as
// json.Number); Validate turns typed Slots into the same JSON value first,
// and a property test holds the two entry points to the same reports.
//
// # Violations
//
// Validator.Validate and ValidateJSON return a Report of Violations, each
// with a stable Code, the instance location (a JSON pointer into the slot
// document, or into the input's tags for SCOPE_REWRITE on tags), the
// keyword location ("<schema file>#<pointer>" for a schema keyword,
// "contract:<check>" for a Go check) and a message in the input's locale,
// written to be fed back to the model. The codes: SECOND_QUESTION,
// FAKE_LOADING, FORBIDDEN_SLOT, MISSING_SLOT, ACTION_NOT_ALLOWED, TOO_LONG,
// OPTIONS_COUNT, SCOPE_REWRITE, SOFT_AS_HARD, CHAT_OUTSIDE_BOX,
// UNKNOWN_CONDITION, and INVALID_SLOT for a slot of the wrong shape.
//
// Text a model wrote is also checked against the turn's facts when the
// input carries Claims (CheckClaims): UNGROUNDED_CLAIM (a country,
// language, category or follower/view/day figure the graph does not hold),
// COUNT_MISMATCH (a number that is no figure of the turn), WRONG_LOCALE
// (a sentence outside the session's language) and INTERNAL_TEXT (a URL, a
// handle or a code identifier the user did not type).
//
// The wording checks read every text the user does not own: a quoted span
// («「…」», «“…”», «"…"») whose content is a known user string (a tag, a
// condition value or label, Input.UserTexts), whole or clipped with "…",
// is the user's and is not read. They are heuristics: a question is a
// question mark, a 吗/呢 ending, 要不要-style words or an auxiliary before
// you/we/I ("do you", "would you"); fake loading is 正在/加载/…中/请稍候 or
// searching/loading/please wait/…, or an ellipsis in a status; chat is
// wording that opens a conversation or points out of the box (聊聊,
// 联系客服, let me know, feel free to, sidebar, as an AI, …).
package contract
