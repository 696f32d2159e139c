// Package render is the deterministic template renderer of the Agent
// Response Contract (seed 001): Turn (and Template) turns an Input — the
// session's state, context, tags, anchor, Condition Graph, results count,
// pending question, computed relaxations and allowed actions — into zh or
// en slots (contract.Slots) for every state and sub-state: what we search
// by, what is applied, what is only a reference (spec 3.7.4), the URL hint
// texts of spec 3.5.5, the repair baselines of seed 000 §8.5.
//
// Every output passes package contract's validator: Input.ValidationInput
// gives the matching validator input and Input.Claims the facts the claim
// checks read; the tests render every sub-state and thousands of random
// inputs and validate each output. The agent calls Turn once per turn;
// package contract (the validator) does not import this package.
package render
