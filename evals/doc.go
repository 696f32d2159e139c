// Package evals runs the eval suites prompt engineers gate changes with:
// YAML files of route cases (an input and its context → the router's
// branch, top intent, commands and slots), contract cases (a slot
// document for a state → valid, or the exact violation codes) and
// scenario cases (a session driven event by event through the agent,
// checked after every step), plus conversation-level rules checked over
// every turn of every scenario. Suites live in evals/suites; `searchagent
// eval` is the command line, `make eval` the shortcut.
package evals
