// Package router is the staged intent router behind the search box's
// follow-up input (seed 004, adapted). It is pure: no network, no clock,
// no global mutable state. A Router holds an immutable Snapshot of
// compiled specs, swapped atomically, and maps one input with its context
// (state triple, pending expectations, session conditions) to a Result —
// branch, top candidate, candidates, commands — plus a Decision for the
// agent (seed 003 §4.3) and, from Explain, a deterministic Trace.
//
// # Stages (first hit wins)
//
//  0. guard: specs that refuse on recognition (personal contact data,
//     fake engagement, minors, off-topic chat, prompt injection) →
//     guard_hit; guard precedes everything, pending expectations included.
//  1. expectation: the previous turn's pending expectations — a
//     clarifying question's options (answered by label, alias or position:
//     "第二个", "the 2nd one", "B", "2", "最后一个"), a repair's expected URL
//     or description — each live for a TTL in turns → expectation_hit.
//  2. rules: every spec is scored in one pass — an Aho–Corasick automaton
//     (tools/textmatch, the matcher condparse shares)
//     finds all terms, vocabulary names and pattern triggers; only
//     triggered regexes (Go's regexp, RE2) run. Specs over their
//     threshold fire. Exclusive
//     specs compete (top two within the ambiguity margin at equal priority
//     → ambiguous); composable refine specs all fire, each claiming the text
//     its slots came from so that two intents never consume the same words
//     (higher priority wins the text) → matched, or fallback. A spec
//     gives at most one command, so a sentence that keeps and excludes
//     values of one field ("只要美国的，不要英国的") is served by two
//     specs: filter.country_exclude (priority 61) claims the negated
//     values and filter.country fills from the rest — add_filter in [US]
//     and add_filter not_in [GB].
//  3. classifier (optional): only for ambiguous and fallback; its answer is
//     validated (known spec, slots re-typed) → classified, and traced.
//
// Without a classifier a fallback is a refusal that says what is missing
// (seed 003 §3.1: no fake "noted").
//
// # Specs
//
// Specs are YAML (see specs/*.yaml, embedded; LoadDir reads a directory).
// Text is matched after Normalize: full-width folding, case folding,
// traditional→simplified for common characters. Slot types: string, int,
// count, enum, url, platform, country (ISO 3166-1 alpha-2), language (ISO
// 639-1), category, scope, duration (days), plus ordinal and condition;
// the vocabularies of country, language, category, platform and scope are
// the project's vocabulary packages (tools/taxonomy, tools/platform,
// tools/scope). Counts
// normalise "1w+" to {min:10000}, "5k-20k" to {min:5000,max:20000},
// "10万以下" to {max:100000}. Lint checks a spec set (intentctl lint).
//
// # Command vocabulary
//
// Commands are {"name", "args"}; args are typed and normalised:
//
//	add_filter          {field, op, value}   field: country|language (op in|not_in,
//	                                         value [codes]) | followers|avg_views (op
//	                                         gte|lte|between|eq, value int or [min,max])
//	                                         | last_active (op within_days, value days)
//	                                         | category (op in|not_in, value [codes])
//	remove_filter       {field, condition_ids}  field also keyword|preference
//	add_keyword         {keywords: [text]}
//	exclude_keyword     {keywords: [text]}   an excluded keyword tag (spec 3.4.1E)
//	set_keyword_scope   {scope, condition_ids}  scope: tags|name|description|content|all
//	add_soft_preference {preference: [premium|value_for_money|brand_fit|high_quality|authentic|engaging]}
//	replace_anchor      {url, platform, action_id?}  platform: youtube|instagram|tiktok|x
//	remove_anchor       {}                   A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS
//	widen_recall        {}                   A_REPAIR_EXPAND_RECALL_SCOPE
//	narrow              {}
//	new_task            {text?}
//	reset               {}                   session.reset (requires confirmation)
//	back_to_classic     {}                   agent.fallback_to_classic (6.7 preconditions)
//	switch_to_nl        {text?, action_id?}  A_REPAIR_SWITCH_TO_NL
//	answer_option       {question_id, option_id, label, by} from an expectation,
//	                    or {position} from the rules (clarify.answer)
//
// Inputs longer than DefaultMaxInputBytes are refused with ErrInputTooLong.
//
// # Performance
//
// The budget is instructions per query (make bench-router-instr, at most
// 80k); wall-clock figures on a shared machine are noise. Query builds no
// trace; Explain adds it. Working memory is pooled per snapshot. Slots
// and Args are plain maps (encoding/json sorts their keys, so the JSON is
// deterministic).
package router
