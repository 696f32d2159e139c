package contract

import "strings"

// phraseSet finds which of a list of phrases occur in a text in one pass
// over it, instead of one strings.Contains per phrase: a bit table of the
// phrases' first two bytes picks the few positions where a phrase may
// start. TestPhraseSetMatchesContains holds it to the Contains loop.
type phraseSet struct {
	phrases []string
	pairs   [1 << 16 / 64]uint64 // bit (b0<<8 | b1) set: some phrase starts with b0 b1
	short   bool                 // a phrase of under two bytes (checked with Contains)
}

func newPhraseSet(phrases ...string) *phraseSet {
	p := &phraseSet{phrases: phrases}
	for _, w := range phrases {
		if len(w) < 2 {
			p.short = true
			continue
		}
		k := uint(w[0])<<8 | uint(w[1])
		p.pairs[k/64] |= 1 << (k % 64)
	}
	return p
}

// first returns the earliest phrase of the list (in list order, not text
// order) that s contains, as the loop `for _, w := range phrases { if
// strings.Contains(s, w) … }` does.
func (p *phraseSet) first(s string) (string, bool) {
	if p.short {
		for _, w := range p.phrases {
			if strings.Contains(s, w) {
				return w, true
			}
		}
		return "", false
	}
	best := -1
	for i := 0; i+1 < len(s); i++ {
		k := uint(s[i])<<8 | uint(s[i+1])
		if p.pairs[k/64]&(1<<(k%64)) == 0 {
			continue
		}
		rest := s[i:]
		for j, w := range p.phrases {
			if best >= 0 && j >= best {
				break
			}
			if strings.HasPrefix(rest, w) {
				best = j
				break
			}
		}
		if best == 0 {
			break
		}
	}
	if best < 0 {
		return "", false
	}
	return p.phrases[best], true
}
