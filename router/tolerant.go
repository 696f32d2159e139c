package router

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/textmatch"
)

// The local classifier may name a guard family only beside the guard
// rules' cues of it (guardVeto). A misspelt cue ("folowers", "ignor …
// instrucitons", "sub scribers") is no cue to the rules, so the veto
// threw away a correct classifier answer. The tolerant reading gives the
// veto a second look: each unknown Latin word one edit (an insertion, a
// deletion, a substitution or a swap of two neighbours) from a long word
// of the family's own vocabulary (the first letter kept), or two words
// that join into one, is read as that word, and the family's cues are
// scored again on the corrected text. It only lifts the veto: the rules
// never refuse on a correction, and the classifier still has to pick the
// family with its own confidence, so two independent readings must
// agree.

// minTolerantLen is the shortest word a correction reads or writes: one
// edit in a shorter word is too often another word.
const minTolerantLen = 5

var (
	regexEscape = regexp.MustCompile(`\\.`)
	latinWord   = regexp.MustCompile(`[a-z]+`)
)

// familyWords lists the Latin words of minTolerantLen letters or more of a
// spec's terms and patterns (a pattern's words are the letter runs of its
// source, escapes removed), sorted and unique.
func familyWords(sp *Spec) []string {
	var out []string
	add := func(text string) {
		for _, w := range latinWord.FindAllString(strings.ToLower(text), -1) {
			if len(w) >= minTolerantLen {
				out = append(out, w)
			}
		}
	}
	for _, g := range sp.Terms {
		for _, t := range g.EN {
			add(t)
		}
	}
	for _, p := range sp.Patterns {
		add(regexEscape.ReplaceAllString(p.Regex, " "))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// tolerantText corrects the unknown words of the normalised text toward
// words (sorted), as the package comment says; known reports the words
// that are words already. It returns the corrected text and the
// corrections made ("folowers→followers"), or the text itself and none.
func tolerantText(text string, words []string, known func(string) bool) (string, []string) {
	locs := latinWord.FindAllStringIndex(text, -1)
	var b strings.Builder
	var fixes []string
	last := 0
	for i := 0; i < len(locs); i++ {
		lo, hi := locs[i][0], locs[i][1]
		w := text[lo:hi]
		// Two words that join into a vocabulary word, one of them no
		// word at all ("sub scribers").
		if i+1 < len(locs) && locs[i+1][0] == hi+1 && text[hi] == ' ' {
			w2 := text[locs[i+1][0]:locs[i+1][1]]
			if j := w + w2; len(j) > minTolerantLen && (!known(w) || !known(w2)) && contains(words, j) {
				b.WriteString(text[last:lo])
				b.WriteString(j)
				fixes = append(fixes, w+" "+w2+"→"+j)
				last = locs[i+1][1]
				i++
				continue
			}
		}
		if len(w) < minTolerantLen || known(w) {
			continue
		}
		for _, c := range words {
			// A typo keeps the first letter; a word one edit away in
			// its first letter is mostly another word ("saying",
			// "paying").
			if w[0] == c[0] && textmatch.OneEdit(w, c, nil) && !otherEnding(w, c) {
				b.WriteString(text[last:lo])
				b.WriteString(c)
				fixes = append(fixes, w+"→"+c)
				last = hi
				break
			}
		}
	}
	if len(fixes) == 0 {
		return text, nil
	}
	b.WriteString(text[last:])
	return b.String(), fixes
}

// otherEnding reports two words that differ only in their inflection
// endings (trailing s, r, d, y, e): another form of a word ("supplies"
// beside "supplier" and "suppliers", "liked" beside "likes"), not a typo
// of it. A typo inside the stem ("folowers") or of another letter
// ("followerz") is still one.
func otherEnding(a, b string) bool {
	const endings = "srdye"
	sa, sb := strings.TrimRight(a, endings), strings.TrimRight(b, endings)
	return sa == sb && len(sa) >= 4
}

func contains(sorted []string, w string) bool {
	_, ok := slices.BinarySearch(sorted, w)
	return ok
}

// knownWords is every Latin word, and every run of two Chinese
// characters or more, of every spec's patterns and of the automaton's
// entries (terms, vocabularies, triggers): a word the router reads is
// never corrected into another.
func knownWords(specs []*compiledSpec, entries []string) map[string]bool {
	out := map[string]bool{}
	add := func(text string) {
		for _, w := range latinWord.FindAllString(text, -1) {
			out[w] = true
		}
		for _, w := range hanRun.FindAllString(text, -1) {
			if utf8.RuneCountInString(w) >= 2 {
				out[w] = true
			}
		}
	}
	for _, cs := range specs {
		for _, p := range cs.Patterns {
			add(regexEscape.ReplaceAllString(p.Regex, " "))
		}
	}
	for _, t := range entries {
		add(t)
	}
	return out
}

// tolerantCues scores guard family cs again on the tolerant reading of
// the text: misspelt Latin words (words the local classifier's model
// knows, lc, are words already) and Chinese homophone substitutes
// (homophoneText) corrected. It returns the corrections ("" when none), and the score and
// cancelling pattern of cs on the corrected text.
func (e *evaluation) tolerantCues(cs *compiledSpec, lc localClassifier) (fixes string, score float64, cancel string) {
	if lc.m == nil {
		return "", 0, ""
	}
	known := func(w string) bool { return e.s.known[w] || lc.m.KnownWord(w) }
	text, fx := tolerantText(e.nt.s, cs.cueWords, known)
	text, hx := homophoneText(text, cs.cueHanzi, func(w string) bool { return e.s.known[w] })
	fx = append(fx, hx...)
	if len(fx) == 0 {
		return "", 0, ""
	}
	score, cancel = e.s.familyCues(text, cs)
	return strings.Join(fx, ", "), score, cancel
}

// familyCues scans text (normalised) and returns guard family cs's rules
// score and its first cancelling pattern ("" when none fired).
func (s *Snapshot) familyCues(text string, cs *compiledSpec) (float64, string) {
	sc := s.pool.Get().(*scratch)
	defer s.pool.Put(sc)
	defer sc.release()
	sc.reset()
	sc.norm, sc.off, _ = appendNormalized(sc.norm[:0], sc.off[:0], text)
	sc.in = Input{Text: text}
	e := &sc.eval
	*e = evaluation{s: s, in: &sc.in, nt: normText{s: string(sc.norm), orig: text, off: sc.off}, loc: sc.in.locale(), sc: sc}
	e.scan()
	for _, sr := range e.scored {
		if sr.cs == cs {
			return sr.acc.score, vetoPattern(cs, sr.acc.pats)
		}
	}
	return 0, ""
}
