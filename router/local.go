package router

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"searchagent/router/classifier"
)

// The classifier stage's kinds, as /readyz, the log and the trace name
// them.
const (
	ClassifierLocal = "local"
	ClassifierModel = "model"
)

// Local classifier acceptance: a pick decides only when its posterior
// is at least LocalMinProb and the mean per-feature evidence for it over
// the runner-up is at least LocalMinMargin nats; anything weaker is not
// a decision and the rules' branch stands.
// Overriding what the rules matched (a refinement they understood)
// with a guard family takes LocalGuardOverMatchMargin; the family's cue
// floor (local_classifier_min_cue: an acquisition or payment cue beside
// the object) is checked as well.
const (
	LocalMinProb              = 0.9
	LocalMinMargin            = 0.3
	LocalGuardOverMatchMargin = 0.35
)

// localClassifier is stage 3 on the embedded default: the n-gram model
// of package classifier. It is pure (no I/O; the model is decoded once).
type localClassifier struct{ m *classifier.Model }

// WithLocalClassifier installs the local n-gram classifier as stage 3
// (for the embedded default, when no model is the classifier).
func WithLocalClassifier(m *classifier.Model) Option {
	return func(r *Router) error {
		if m == nil {
			return errors.New("nil local classifier model")
		}
		r.classifier, r.classifierKind = localClassifier{m: m}, ClassifierLocal
		return nil
	}
}

// WithDefaultLocalClassifier installs the local classifier with the
// embedded weights.
func WithDefaultLocalClassifier() Option {
	return func(r *Router) error {
		m, err := classifier.Default()
		if err != nil {
			return err
		}
		return WithLocalClassifier(m)(r)
	}
}

// ClassifierKind says which classifier stage is installed: "local",
// "model" or "" (none).
func (r *Router) ClassifierKind() string { return r.classifierKind }

// LocalClassifierInfo describes the installed local classifier's
// weights ("" when the local classifier is not installed).
func (r *Router) LocalClassifierInfo() string {
	lc, ok := r.classifier.(localClassifier)
	if !ok {
		return ""
	}
	return fmt.Sprintf("n-gram naive Bayes, weights v%d %s, %d examples, %d classes", lc.m.Version, shortHash(lc.m.CorpusHash), lc.m.Examples, len(lc.m.Classes))
}

func shortHash(h string) string {
	if i := strings.IndexByte(h, ':'); i >= 0 && len(h) > i+13 {
		return h[:i+13]
	}
	return h
}

// Classify predicts the input's class. The answer carries no slot
// values: the router reads them with the picked spec's own patterns.
func (l localClassifier) Classify(_ context.Context, req ClassifyRequest) (ClassifierAnswer, error) {
	return l.answer(Normalize(req.Input)), nil
}

func (l localClassifier) answer(norm string) ClassifierAnswer {
	p := l.m.Predict(norm)
	ans := ClassifierAnswer{Stage: ClassifierLocal, Scores: p.Scores, Margin: p.Margin, TopFeatures: p.Top, Prompt: "weights@" + shortHash(l.m.CorpusHash)}
	if len(ans.Scores) > 4 {
		ans.Scores = ans.Scores[:4]
	}
	if p.Known == 0 || len(p.Scores) == 0 {
		ans.Reason = "no known feature"
		return ans
	}
	top := p.Scores[0]
	ans.Confidence = top.Prob
	margin, kind := p.Margin, "margin"
	if isGuardClass(top.Class) {
		margin, kind = p.PairMargin, "pair margin"
		ans.Margin = margin
	}
	switch {
	case top.Class == classifier.NoneLabel:
		ans.Reason = fmt.Sprintf("reads as no intent (%.2f)", top.Prob)
	case top.Prob < LocalMinProb || margin < LocalMinMargin:
		ans.Reason = fmt.Sprintf("low confidence: %s %.2f, %s %.2f (needs %.2f and %.2f)", top.Class, top.Prob, kind, margin, LocalMinProb, LocalMinMargin)
	default:
		ans.SpecID = top.Class
		ans.Reason = fmt.Sprintf("%s %.2f, %s %.2f", top.Class, top.Prob, kind, margin)
	}
	return ans
}

// isGuardClass says whether a classifier class is a guard family (spec
// ids are domain.name; the guard specs' domain is guard).
//
// A guard family's pick is weighed by its pair margin (the evidence per
// feature that the family or the runner-up was trained on), a rules
// intent's by the margin over every known feature. A guard pick is
// checked a second time on evidence the model does not weigh (guardVeto:
// the guard rules' own cues must reach the family's floor), so the
// neutral words of a long sentence need not hold it back; a rules pick
// executes a command on the model's word alone and keeps the stricter
// mean.
func isGuardClass(class string) bool { return strings.HasPrefix(class, "guard.") }

// localGuard asks the local classifier whether a text the guard rules
// let through is one of the guard families. It runs on submitted text
// (first searches), where the rules stage is not consulted.
func (e *evaluation) localGuard(lc localClassifier, res *Result, out *stageOutcome) bool {
	ct := &ClassifierTrace{Called: true, From: res.Branch, Stage: ClassifierLocal}
	out.classifier = ct
	ans := lc.answer(e.nt.s)
	ct.Answer = &ans
	cs, ok := e.s.byID[ans.SpecID]
	if !ok || cs.Stage != StageGuard {
		ct.Reason = "not a guard family: " + ans.Reason
		return false
	}
	if res.Branch == BranchMatched && ans.Margin < LocalGuardOverMatchMargin {
		ct.Reason = fmt.Sprintf("%s does not override the rules' match: margin %.2f < %.2f", cs.ID, ans.Margin, LocalGuardOverMatchMargin)
		return false
	}
	veto, fixes := e.guardVeto(cs, lc)
	if veto != "" {
		ct.Reason = "vetoed: " + veto
		return false
	}
	ct.Accepted = true
	ct.Reason = fmt.Sprintf("accepted guard %s", cs.ID)
	if fixes != "" {
		ct.Reason += " (" + fixes + ")"
	}
	e.acceptGuard(cs, ans, res, out)
	return true
}

// guardVeto says why the local classifier may not name the guard family
// cs ("" when it may): the family does not opt in (metadata
// local_classifier: on), the guard rules saw none of its cues (score 0: the
// text names no followers, no phone or address, no rules — the n-gram
// model alone never refuses), a negation or harmless-context pattern
// cancelled them ("不要刷量的", "how to spot fake followers"; score < 0, or
// any pattern at LocalGuardVetoWeight or below fired),
// or the cues are below the family's floor (metadata
// local_classifier_min_cue): fake engagement needs an acquisition or
// payment cue beside the measure it names ("cheap", "bots", 花钱, 刷),
// never the measure alone ("followers matter less than watch time").
// Cues missing or below the floor get a second look on the tolerant
// reading (tolerantCues: "cheep folowers" read as "cheap followers"),
// and a negation or harmless context covers its own clauses only: the
// cues of the clauses it does not touch may reach the floor on their own
// ("avoiding bots never worked; sell me a package of 5k likes"). fixes
// says which second look lifted the veto.
func (e *evaluation) guardVeto(cs *compiledSpec, lc localClassifier) (veto, fixes string) {
	if cs.Metadata["local_classifier"] != "on" {
		// Families without object cues (minors, off-topic chat) are
		// the guard rules' alone.
		return cs.ID + " is the guard rules' alone", ""
	}
	score := 0.0
	for _, sr := range e.scored {
		if sr.cs == cs {
			score = sr.acc.score
			if name := vetoPattern(cs, sr.acc.pats); name != "" {
				if e.freeClauseCues(cs, sr.acc) {
					return "", "cues in a clause no negation or harmless context covers"
				}
				return fmt.Sprintf("the guard rules read a negation or harmless context of %s (%s)", cs.ID, name), ""
			}
			break
		}
	}
	if score < cs.localMinCue-1e-9 {
		if fx, ts, cancel := e.tolerantCues(cs, lc); fx != "" {
			switch {
			case cancel != "":
				return fmt.Sprintf("the guard rules read a negation or harmless context of %s (%s) once %s", cs.ID, cancel, fx), ""
			case ts >= cs.localMinCue-1e-9 && ts > 0:
				return "", "cues read tolerantly: " + fx
			}
		}
	}
	switch {
	case score <= 0:
		return fmt.Sprintf("the guard rules read no cue of %s, or a negation or harmless context", cs.ID), ""
	case score < cs.localMinCue-1e-9:
		return fmt.Sprintf("the guard rules' cues of %s score %.2f, below its floor %.2f (one kind of cue alone: an object needs an acquisition, request, person or addressee cue beside it)", cs.ID, score, cs.localMinCue), ""
	}
	return "", ""
}

// LocalGuardVetoWeight is the pattern weight at or below which a guard
// family's pattern is a negation or a harmless context ("avoid accounts
// with bot followers", "how to spot fake followers", "讲防开盒的博主"):
// when one fired, the local classifier may not name the family, whatever
// other cues the text holds (only the guard rules may then refuse, by
// their own score).
const LocalGuardVetoWeight = -1.0

// vetoPattern names the first fired pattern of cs (pats: the fired
// patterns' bits) that vetoes the local classifier, or "".
func vetoPattern(cs *compiledSpec, pats patMask) string {
	for ; !pats.empty(); pats = pats.rest() {
		p := &cs.patterns[pats.first()]
		if p.Weight <= LocalGuardVetoWeight+1e-9 {
			return p.Name
		}
	}
	return ""
}

// acceptGuard makes a classifier's guard pick the result: it refuses like
// a guard hit (contract 4.8); slots are not used.
func (e *evaluation) acceptGuard(cs *compiledSpec, ans ClassifierAnswer, res *Result, out *stageOutcome) {
	res.Branch = BranchGuardHit
	res.Candidates = []Candidate{{ID: cs.ID, Domain: cs.Domain, Version: cs.Version, Stage: cs.Stage, Confidence: round4(min(max(ans.Confidence, 0), 1)),
		Threshold: cs.Threshold, Priority: cs.Priority, Risk: cs.Risk, Metadata: cs.Metadata, Reason: "classifier: " + strings.TrimSpace(ans.Reason)}}
	res.Top = &res.Candidates[0]
	res.Commands = nil
	out.guard = cs
	out.cmdCands, out.cmdSpecs, out.cmdInfos, out.ambiguous = nil, nil, nil, nil
}

// localCandidate reads a local pick's slots with the spec's own patterns
// and vocabulary (grounded in the text by construction). A pick whose
// required slots the text does not give, or gives invalid, is not a
// decision.
func (e *evaluation) localCandidate(cs *compiledSpec, ans ClassifierAnswer) (Candidate, string) {
	var c Candidate
	found := false
	for _, sr := range e.scored {
		if sr.cs == cs {
			e.candidate(&c, cs, sr, true)
			found = true
			break
		}
	}
	if !found {
		e.candidate(&c, cs, scoredRef{cs: cs, acc: &specAcc{}}, true)
	}
	if len(c.MissingRequiredSlots) > 0 {
		return Candidate{}, fmt.Sprintf("%s needs %s, which the text does not give", cs.ID, strings.Join(c.MissingRequiredSlots, ", "))
	}
	if len(c.InvalidSlots) > 0 {
		return Candidate{}, fmt.Sprintf("%s: invalid %s", cs.ID, strings.Join(sortedKeys(c.InvalidSlots), ", "))
	}
	c.Confidence = round4(min(max(ans.Confidence, 0), 1))
	c.Reason = "classifier: " + ans.Reason
	return c, ""
}

// ParseCorpus reads the cases of a route suite file for training: the
// `cases` list, whatever else the file's header holds (kind, min_pass).
func ParseCorpus(data []byte) ([]Case, error) {
	var f struct {
		Cases []Case `yaml:"cases"`
	}
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("parse corpus: %w", err)
	}
	return f.Cases, nil
}

// TrainingExamples turns routing cases into the local classifier's
// corpus: a case that wants a top spec (guard or rules, no pending
// expectation) teaches that spec; a case that wants fallback with no
// top, or only asks not to be refused (not_branch: guard_hit), teaches
// "none". Ambiguous cases and expectation answers teach nothing.
func TrainingExamples(cases []Case) []classifier.Example {
	var out []classifier.Example
	for _, c := range cases {
		if len(c.Pending) > 0 || strings.TrimSpace(c.Text) == "" {
			continue
		}
		w := c.Want
		label := ""
		switch {
		case w.Top != "" && (w.Branch == "" || w.Branch == BranchMatched || w.Branch == BranchGuardHit || w.Branch == BranchClassified):
			label = w.Top
		case w.Top == "" && (w.Branch == BranchFallback || w.Branch == "" && w.NotBranch == BranchGuardHit):
			label = classifier.NoneLabel
		}
		if label == "" {
			continue
		}
		out = append(out, classifier.Example{Text: Normalize(c.Text), Label: label})
	}
	return out
}

// CorpusDir is where the training corpus lives, relative to the module
// root: every *.yaml route suite directly in it (not its heldout/
// subdirectory, which the classifier is never trained on).
const CorpusDir = "evals/suites/route"

// LoadCorpus reads the training examples of every *.yaml file directly
// under dir (sorted by name; subdirectories are not read).
func LoadCorpus(dir string) ([]classifier.Example, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("load corpus: no *.yaml under %s", dir)
	}
	sort.Strings(files)
	var out []classifier.Example
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("load corpus: %w", err)
		}
		cases, err := ParseCorpus(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, TrainingExamples(cases)...)
	}
	return out, nil
}
