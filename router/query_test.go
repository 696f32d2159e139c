package router

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestQueryMatchesExplain: Query builds no trace, Explain does; their
// results must be identical for every routing case.
func TestQueryMatchesExplain(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, c := range loadTestCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			q, err := snap.Query(c.Input)
			if err != nil {
				t.Fatalf("Query(%q) error = %v", c.Text, err)
			}
			e, _, err := snap.Explain(c.Input)
			if err != nil {
				t.Fatalf("Explain(%q) error = %v", c.Text, err)
			}
			qj, _ := json.Marshal(q)
			ej, _ := json.Marshal(e)
			if string(qj) != string(ej) {
				t.Errorf("Query(%q) = %s\nExplain result = %s", c.Text, qj, ej)
			}
		})
	}
}

// TestRequiredLiterals: literal sets of a few regexes.
func TestRequiredLiterals(t *testing.T) {
	tests := []struct {
		re   string
		want [][]string
	}{
		{`abc`, [][]string{{"abc"}}},
		{`(?:粉丝|订阅者?)\s*\d+`, [][]string{{"粉丝", "订阅"}, {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}}},
		{`a*b?`, nil},
		{`(?:x|y*)z`, [][]string{{"z"}}},
		{`(?i)abc`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.re, func(t *testing.T) {
			got := requiredLiterals(tc.re)
			for i := range got {
				slices.Sort(got[i])
			}
			for i := range tc.want {
				slices.Sort(tc.want[i])
			}
			slices.SortFunc(got, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
			slices.SortFunc(tc.want, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
			if len(got) != len(tc.want) {
				t.Fatalf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
			}
			for i := range got {
				if !slices.Equal(got[i], tc.want[i]) {
					t.Errorf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
				}
			}
		})
	}
}

// TestWholeAlphabet: the rune check of whole-input regexes lets through
// every text the regex matches and stops texts with a rune it cannot
// match; regexes not anchored at both ends, or matching any rune, get
// none.
func TestWholeAlphabet(t *testing.T) {
	tests := []struct {
		re   string
		text string
		want bool
	}{
		{`^(?:第\s*\d+个|[a-f])$`, "第 12个", true},
		{`^(?:第\s*\d+个|[a-f])$`, "b", true},
		{`^(?:第\s*\d+个|[a-f])$`, "第x个", false},
		{`^(?:第\s*\d+个|[a-f])$`, "只要第1个", false},
		{`^(?i)pick$`, "PiCK", true},
		{`^(?i)pick$`, "picks!", false},
		{`^\x01\x1f*$`, "\x01\x1f\x1f", true},
	}
	for _, tc := range tests {
		alpha := wholeAlphabet(tc.re)
		if alpha == nil {
			t.Fatalf("wholeAlphabet(%q) = nil, want a check", tc.re)
		}
		if got := alpha.MatchString(tc.text); got != tc.want {
			t.Errorf("wholeAlphabet(%q).MatchString(%q) = %v, want %v", tc.re, tc.text, got, tc.want)
		}
		if regexp.MustCompile(tc.re).MatchString(tc.text) && !alpha.MatchString(tc.text) {
			t.Errorf("wholeAlphabet(%q) stops %q, which the regex matches", tc.re, tc.text)
		}
	}
	for _, re := range []string{`^abc`, `abc$`, `^a.c$`, `^(?:a|b)$|^c$`, `^$`} {
		if alpha := wholeAlphabet(re); alpha != nil {
			t.Errorf("wholeAlphabet(%q) = %v, want nil", re, alpha)
		}
	}
}

// TestAppendConf: confidences print as strconv's two-decimal form, for
// every multiple of 0.0001 in [0, 1] (ties at …50 included) and for
// values round4 never gives (a negative that rounds to 0 keeps its sign;
// two-digit integer parts).
func TestAppendConf(t *testing.T) {
	confs := []float64{-0.5, 1.5, 12.5, -0.00001, 0.123456, math.NaN(), math.Inf(1)}
	for k := 0; k <= 10000; k++ {
		confs = append(confs, round4(float64(k)/10000))
	}
	for _, c := range confs {
		if got, want := string(appendConf(nil, c)), strconv.FormatFloat(c, 'f', 2, 64); got != want {
			t.Errorf("appendConf(%v) = %q, want %q", c, got, want)
		}
	}
}

// TestOrigSpan: a span's original text is the original bytes behind it
// without white space at either end, for every span of inputs with
// spaces of several kinds, dropped runes and full-width forms; an empty
// span is empty, at the text's ends too.
func TestOrigSpan(t *testing.T) {
	for _, s := range []string{
		"只要美国的，粉丝 1w+，不要游戏", "  US\u3000only ,  over\t10k ", "a\u200bb \u00a0c\u2028d\u3000\u3000，e",
		"Ｆｕｌｌ　ｗｉｄｔｈ　", "x \u200b y", "\u3000", "é\u0301 ü",
	} {
		n := normalize(s)
		for a := 0; a <= len(n.s); a++ {
			for b := a; b <= len(n.s); b++ {
				if got, want := n.origSpan(a, b), strings.TrimSpace(s[n.off[a]:n.off[b]]); got != want {
					t.Errorf("normalize(%q).origSpan(%d, %d) = %q, want %q", s, a, b, got, want)
				}
			}
		}
	}
}

// edgeSpecs puts the rules stage on its edges: exclusive specs tied in
// confidence where the higher priority has the later id (rank.*), two
// exactly one margin apart (margin.*), a runner-up whose "would win" gap
// rounds up (win.*), composable specs that conflict exactly one margin
// apart (conflict.*), a lower-priority runner-up with weightless terms and
// patterns (zero.*), a near miss that only a pattern of exactly the gap
// closes (near.q), a spec with a term written in capitals and in two
// groups (dup.terms), one with two slots of the country vocabulary
// (dup.lex), one whose two enum slots share an alias (dup.enum), two
// composable specs matched by a pattern that captures nothing (pat.*), and
// a guard whose cue a negation cancels (guard.neg).
const edgeSpecs = `specs:
  - id: rank.a
    domain: test
    priority: 40
    label: {zh: 甲, en: a}
    terms: [{weight: 0.6, en: [kappa]}]
    command: {name: reset}
  - id: rank.b
    domain: test
    priority: 50
    label: {zh: 乙, en: b}
    terms: [{weight: 0.6, en: [kappa]}]
    command: {name: new_task}
  - id: margin.a
    domain: test
    priority: 50
    label: {zh: 甲, en: a}
    terms: [{weight: 0.7, en: [lambda]}]
    command: {name: reset}
  - id: margin.b
    domain: test
    priority: 50
    label: {zh: 乙, en: b}
    terms: [{weight: 0.6, en: [lambda]}]
    command: {name: new_task}
  - id: win.a
    domain: test
    priority: 50
    label: {zh: 甲, en: a}
    terms: [{weight: 0.9, en: [mu]}]
    command: {name: reset}
  - id: win.b
    domain: test
    priority: 50
    label: {zh: 乙, en: b}
    terms: [{weight: 0.595, en: [mu]}]
    command: {name: new_task}
  - id: conflict.a
    domain: test
    priority: 30
    composable: true
    conflicts_with: [conflict.b]
    label: {zh: 甲, en: a}
    terms: [{weight: 0.7, en: [nu]}]
    command: {name: add_soft_preference, args: {preference: nu}}
  - id: conflict.b
    domain: test
    priority: 30
    composable: true
    label: {zh: 乙, en: b}
    terms: [{weight: 0.6, en: [xi]}]
    command: {name: add_soft_preference, args: {preference: xi}}
  - id: zero.top
    domain: test
    priority: 50
    label: {zh: 甲, en: a}
    terms: [{weight: 0.8, en: [omicron]}]
    command: {name: reset}
  - id: zero.low
    domain: test
    priority: 40
    label: {zh: 乙, en: b}
    terms:
      - {weight: 0.8, en: [omicron]}
      - {weight: 0.2, en: [rho]}
      - {weight: 0, en: [pi]}
    patterns:
      - {name: sigma, regex: 'sigma\d', weight: 0}
    command: {name: new_task}
  - id: near.q
    domain: test
    priority: 50
    label: {zh: 近, en: near}
    terms: [{weight: 0.4, en: [tau]}]
    patterns:
      - {name: upsilon, regex: 'upsilon\d', weight: 0.1}
    command: {name: reset}
  - id: dup.terms
    domain: test
    priority: 50
    label: {zh: 词, en: terms}
    terms:
      - {weight: 0.3, en: [Beta, eta]}
      - {weight: 0.3, en: [beta, eta]}
    command: {name: reset}
  - id: dup.lex
    domain: test
    priority: 50
    label: {zh: 国, en: country}
    lexicons:
      - {slot: from, weight: 0.3}
      - {slot: to, weight: 0.3}
    slots:
      from: {type: country}
      to: {type: country}
    command: {name: reset}
  - id: dup.enum
    domain: test
    priority: 50
    label: {zh: 档, en: tier}
    lexicons:
      - {slot: size, weight: 0.3}
      - {slot: tier, weight: 0.3}
    slots:
      size: {type: enum, enum: [small], aliases: {small: [mini]}}
      tier: {type: enum, enum: [basic], aliases: {basic: [mini]}}
    command: {name: reset}
  - id: pat.a
    domain: test
    priority: 30
    composable: true
    label: {zh: 甲, en: a}
    patterns:
      - {name: chi, regex: 'chi\d', weight: 0.6}
    command: {name: widen_recall}
  - id: pat.b
    domain: test
    priority: 30
    composable: true
    label: {zh: 乙, en: b}
    patterns:
      - {name: psi, regex: 'psi\d', weight: 0.6}
    command: {name: narrow}
  - id: guard.neg
    domain: test
    stage: guard
    priority: 90
    label: {zh: 禁, en: forbidden}
    terms:
      - {weight: 0.6, en: [forbidden]}
      - {weight: -0.6, en: [not]}
`

// TestRulesStageEdges pins what Query and Explain say at the rules
// stage's edges: a confidence tie goes to the higher priority whatever the
// ids; a gap of exactly the margin is ambiguous, for exclusive and for
// conflicting composable specs, and the runner-up's gap says how close it
// was; a weightless term or pattern never closes a gap, a pattern of
// exactly the gap does; a reason lists each term as written and each
// lexicon name once; two intents matched by patterns alone give their
// commands in the order written; a guard cue cancelled by a negation is
// listed as rejected; the stages that did not run are named.
func TestRulesStageEdges(t *testing.T) {
	snap := compileDoc(t, edgeSpecs)
	matched := []string{"expectation: nothing pending", "classifier: not needed (matched)"}
	tests := []struct {
		input    string
		branch   Branch
		top      string
		reason   string    // the decision's reason, when set
		commands []Command // when set
		hitTerms []string
		rejected []RejectedSpec
		guardRej []RejectedSpec
		runnerUp *Counterfactual
		near     []Counterfactual
		skipped  []string
	}{
		{
			input: "kappa", branch: BranchMatched, top: "rank.b", reason: "rank.b: terms: kappa (0.60, threshold 0.50)", hitTerms: []string{"kappa"},
			rejected: []RejectedSpec{{ID: "rank.a", Score: 0.6, Reason: "lost to rank.b on priority (50 vs 40)"}},
			runnerUp: &Counterfactual{ID: "rank.a", Score: 0.6, Threshold: 0.5, Note: "priority 40 < 50 of rank.b: only a priority change would let it compete"},
			skipped:  matched,
		},
		{
			input: "lambda", branch: BranchAmbiguous, top: "margin.a",
			runnerUp: &Counterfactual{ID: "margin.b", Score: 0.6, Threshold: 0.5, Gap: 0.0001,
				Note: "within the ambiguity margin of margin.a (0.70 vs 0.60, margin 0.10, same priority 50): a wider gap or a different priority would have decided it"},
			skipped: []string{"expectation: nothing pending", "classifier: not configured"},
		},
		{
			input: "mu", branch: BranchMatched, top: "win.a",
			rejected: []RejectedSpec{{ID: "win.b", Score: 0.595, Reason: "lost to win.a (0.90 vs 0.59)"}},
			runnerUp: &Counterfactual{ID: "win.b", Score: 0.595, Threshold: 0.5, Gap: 0.205,
				Note: "+0.20 would bring it within the ambiguity margin of win.a (ambiguous); +0.31 would win"},
			skipped: matched,
		},
		{
			input: "nu xi", branch: BranchAmbiguous, top: "conflict.a",
			runnerUp: &Counterfactual{ID: "conflict.b", Score: 0.6, Threshold: 0.5, Gap: 0.0001,
				Note: "conflicts with conflict.a and is within the ambiguity margin (0.60 vs 0.70)"},
			skipped: []string{"expectation: nothing pending", "classifier: not configured"},
		},
		{
			input: "omicron", branch: BranchMatched, top: "zero.top",
			rejected: []RejectedSpec{{ID: "zero.low", Score: 0.8, Reason: "lost to zero.top on priority (50 vs 40)"}},
			runnerUp: &Counterfactual{ID: "zero.low", Score: 0.8, Threshold: 0.5, MissingTerm: `term "rho" (+0.20)`,
				Note: "priority 40 < 50 of zero.top: only a priority change would let it compete"},
			skipped: matched,
		},
		{
			input: "tau", branch: BranchFallback,
			rejected: []RejectedSpec{{ID: "near.q", Score: 0.4, Reason: "below threshold: 0.40 < 0.50"}},
			near: []Counterfactual{{ID: "near.q", Score: 0.4, Threshold: 0.5, Gap: 0.1, MissingTerm: "pattern upsilon (+0.10)",
				Note: "needs +0.10: pattern upsilon (+0.10) would cross the threshold"}},
			skipped: []string{"expectation: nothing pending", "classifier: not configured"},
		},
		{
			input: "Beta eta eta", branch: BranchMatched, top: "dup.terms", hitTerms: []string{"Beta", "beta", "eta"},
			reason:  "dup.terms: terms: Beta, beta, eta (0.60, threshold 0.50)",
			skipped: matched,
		},
		{
			input: "美国 usa 英国", branch: BranchMatched, top: "dup.lex",
			reason:  "dup.lex: lexicon: 美国→US, usa→US, 英国→GB (0.60, threshold 0.50)",
			skipped: matched,
		},
		{
			input: "mini", branch: BranchMatched, top: "dup.enum",
			reason:  "dup.enum: lexicon: mini→small, mini→basic (0.60, threshold 0.50)",
			skipped: matched,
		},
		{
			input: "chi1 psi2", branch: BranchMatched, top: "pat.a",
			commands: []Command{{Name: "widen_recall", Spec: "pat.a"}, {Name: "narrow", Spec: "pat.b"}},
			skipped:  matched,
		},
		{
			input: "not forbidden kappa", branch: BranchMatched, top: "rank.b",
			guardRej: []RejectedSpec{{ID: "guard.neg", Score: 0, Reason: "below threshold: 0.00 < 0.50"}},
			rejected: []RejectedSpec{{ID: "rank.a", Score: 0.6, Reason: "lost to rank.b on priority (50 vs 40)"}},
			runnerUp: &Counterfactual{ID: "rank.a", Score: 0.6, Threshold: 0.5, Note: "priority 40 < 50 of rank.b: only a priority change would let it compete"},
			near:     []Counterfactual{{ID: "guard.neg", Score: 0, Threshold: 0.5, Gap: 0.5, Note: "needs +0.50: no single term or pattern closes the gap"}},
			skipped:  matched,
		},
	}
	empty := cmpopts.EquateEmpty()
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			res, tr, err := snap.Explain(Input{Text: tc.input})
			if err != nil {
				t.Fatal(err)
			}
			top := ""
			if res.Top != nil {
				top = res.Top.ID
			}
			if res.Branch != tc.branch || top != tc.top {
				t.Errorf("Explain(%q) = %s top %q, want %s top %q", tc.input, res.Branch, top, tc.branch, tc.top)
			}
			if tc.reason != "" && res.Decision.Reason != tc.reason {
				t.Errorf("Explain(%q) decision reason = %q, want %q", tc.input, res.Decision.Reason, tc.reason)
			}
			if tc.commands != nil {
				if diff := cmp.Diff(tc.commands, res.Commands); diff != "" {
					t.Errorf("Explain(%q) commands (-want +got):\n%s", tc.input, diff)
				}
			}
			if tc.hitTerms != nil {
				var got []string
				if len(tr.Rules) > 0 {
					got = tr.Rules[0].HitTerms
				}
				if !cmp.Equal(got, tc.hitTerms) {
					t.Errorf("Explain(%q) hit terms = %q, want %q", tc.input, got, tc.hitTerms)
				}
			}
			if diff := cmp.Diff(tc.rejected, tr.RulesRejected, empty); diff != "" {
				t.Errorf("Explain(%q) rules rejected (-want +got):\n%s", tc.input, diff)
			}
			if diff := cmp.Diff(tc.guardRej, tr.GuardRejected, empty); diff != "" {
				t.Errorf("Explain(%q) guard rejected (-want +got):\n%s", tc.input, diff)
			}
			if diff := cmp.Diff(tc.runnerUp, tr.RunnerUp); diff != "" {
				t.Errorf("Explain(%q) runner-up (-want +got):\n%s", tc.input, diff)
			}
			if diff := cmp.Diff(tc.near, tr.NearMisses, empty); diff != "" {
				t.Errorf("Explain(%q) near misses (-want +got):\n%s", tc.input, diff)
			}
			if diff := cmp.Diff(tc.skipped, tr.Skipped, empty); diff != "" {
				t.Errorf("Explain(%q) skipped (-want +got):\n%s", tc.input, diff)
			}
		})
	}
}

// TestAdjacentFiltersBothApply: two filters written without a space
// between them ("美国英语": the country's text ends where the language's
// begins) both apply, in the order written; text that merely touches is
// not claimed by the other filter.
func TestAdjacentFiltersBothApply(t *testing.T) {
	snap := defaultSnapshot(t)
	country := Command{Name: "add_filter", Spec: "filter.country", Args: Args{"field": "country", "op": "in", "value": []string{"US"}}}
	language := Command{Name: "add_filter", Spec: "filter.language", Args: Args{"field": "language", "op": "in", "value": []string{"en"}}}
	for _, tc := range []struct {
		input string
		want  []Command
	}{
		{"只要美国英语博主", []Command{country, language}},
		{"只要英语美国博主", []Command{language, country}},
		{"English US creators", []Command{language, country}},
	} {
		res, err := snap.Query(Input{Text: tc.input})
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tc.want, res.Commands); diff != "" {
			t.Errorf("Query(%q) commands (-want +got):\n%s", tc.input, diff)
		}
	}
}
