package contract

import (
	"fmt"
	"strconv"
	"strings"
)

// Code is a violation's stable code.
type Code string

// Violation codes. They are stable: evals, metrics and prompts key on them.
const (
	// SecondQuestion: more than the one question allowed, a question in a
	// state that allows none, or a question smuggled into status,
	// task_summary, repair or hint text (contract 2.2, 4.5).
	SecondQuestion Code = "SECOND_QUESTION"
	// FakeLoading: a loading flag, a progress tone, in-progress wording
	// ("正在搜索", "searching…", "please wait") or an ellipsis in the status
	// of a stable state (seed 000 §5.3, contract 2.4).
	FakeLoading Code = "FAKE_LOADING"
	// ForbiddenSlot: a slot the state forbids, or a key that is no slot.
	ForbiddenSlot Code = "FORBIDDEN_SLOT"
	// MissingSlot: a slot the state requires is absent, null or blank.
	MissingSlot Code = "MISSING_SLOT"
	// ActionNotAllowed: an action id not allowed now, a repair option that
	// is not a repair action (A_REPAIR_*) or not one of the state's repair
	// set, a hint action that is not A_HINT_*.
	ActionNotAllowed Code = "ACTION_NOT_ALLOWED"
	// TooLong: a text over the state's bound (classic states are short).
	TooLong Code = "TOO_LONG"
	// OptionsCount: a question without 2-4 options, or not 1-3 repair
	// options.
	OptionsCount Code = "OPTIONS_COUNT"
	// ScopeRewrite: a keyword tag's scope, exclusion or text changed, or a
	// tag dropped, without the user (contract 2.4, spec 3.4.4).
	ScopeRewrite Code = "SCOPE_REWRITE"
	// SoftAsHard: a soft (or reference/pending) condition presented as an
	// applied filter (spec 3.7.5, contract 5.4).
	SoftAsHard Code = "SOFT_AS_HARD"
	// ChatOutsideBox: text that invites an open conversation or points
	// outside the search box (contract 2.1, 4.7).
	ChatOutsideBox Code = "CHAT_OUTSIDE_BOX"
	// UnknownCondition: a condition the session's graph does not have, or
	// one whose field, operator or value differs from the graph.
	UnknownCondition Code = "UNKNOWN_CONDITION"
	// InvalidSlot: a slot of the wrong shape (a wrong type, an unknown
	// enum value, a missing or extra field, a malformed or duplicate id).
	InvalidSlot Code = "INVALID_SLOT"

	// The claim checks of text the model wrote (CheckClaims, issue 27).

	// UngroundedClaim: a sentence names a country, language or category
	// the session's graph does not hold, or a follower, view or day figure
	// that is none of its numbers.
	UngroundedClaim Code = "UNGROUNDED_CLAIM"
	// CountMismatch: a sentence states a number that is no figure of the
	// turn (results total, results shown, option counts).
	CountMismatch Code = "COUNT_MISMATCH"
	// WrongLocale: a sentence outside the session's language.
	WrongLocale Code = "WRONG_LOCALE"
	// InternalIdentifier: a sentence shows a URL, a handle or a code identifier
	// the user did not type.
	InternalIdentifier Code = "INTERNAL_TEXT"
)

// Codes lists every code.
var Codes = []Code{SecondQuestion, FakeLoading, ForbiddenSlot, MissingSlot, ActionNotAllowed, TooLong, OptionsCount, ScopeRewrite, SoftAsHard, ChatOutsideBox, UnknownCondition, InvalidSlot,
	UngroundedClaim, CountMismatch, WrongLocale, InternalIdentifier}

// Violation is one breach of the contract.
type Violation struct {
	Code Code `json:"code"`
	// InstanceLocation is the JSON pointer of the offending value in the
	// slot document ("/question/options"); violations about keyword tags
	// point into the validator input ("/tags_after/0/scope").
	InstanceLocation string `json:"instance_location"`
	// KeywordLocation is the schema keyword that failed
	// ("expanded_clarifying.clarifying.json#/properties/question/…/maxItems"),
	// or "contract:<check>" for a check made in Go.
	KeywordLocation string `json:"keyword_location"`
	// Message says what is wrong and how to fix it, fit to feed back to
	// the model that wrote the slots.
	Message string `json:"message"`
}

func (v Violation) String() string {
	return fmt.Sprintf("%s at %s: %s", v.Code, v.InstanceLocation, v.Message)
}

// ptr builds a JSON pointer from tokens.
func ptr(tokens ...any) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		switch x := t.(type) {
		case int:
			b.WriteString(strconv.Itoa(x))
		case string:
			if strings.ContainsAny(x, "~/") {
				x = strings.ReplaceAll(x, "~", "~0")
				x = strings.ReplaceAll(x, "/", "~1")
			}
			b.WriteString(x)
		default:
			b.WriteString(fmt.Sprint(x))
		}
	}
	return b.String()
}

// msg holds a message in both languages.
type msg struct{ en, zh string }

func (m msg) in(locale string) string {
	if strings.HasPrefix(strings.ToLower(locale), "zh") {
		return m.zh
	}
	return m.en
}

func mf(en, zh string, args ...any) msg {
	return msg{en: fmt.Sprintf(en, args...), zh: fmt.Sprintf(zh, args...)}
}

// slotName renders a pointer for a message: "/status/text" → "status.text".
func slotName(p string) string {
	p = strings.TrimPrefix(p, "/")
	if p == "" {
		return "the document"
	}
	return strings.ReplaceAll(p, "/", ".")
}

func quoteShort(s string) string {
	return fmt.Sprintf("%q", Clip(normalizeText(s), 40))
}
