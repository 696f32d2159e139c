package router

import "math/bits"

// MaxPatterns is the most patterns one spec may hold (Lint's bound): the
// width of patMask, the set a query keeps of a spec's triggered, fired
// and dropped patterns.
const MaxPatterns = 128

// patMask is a set of a spec's pattern indexes below MaxPatterns. Two
// words rather than one: a family's patterns stay in one spec (its
// trace, refusal and classifier label name one spec) when it outgrows
// 64 alternations.
type patMask [MaxPatterns / 64]uint64

// with returns m with pattern i added (i below MaxPatterns).
func (m patMask) with(i int) patMask {
	m[i>>6] |= 1 << uint(i&63)
	return m
}

// has reports whether pattern i is in m.
func (m patMask) has(i int) bool {
	return i >= 0 && i < MaxPatterns && m[i>>6]&(1<<uint(i&63)) != 0
}

// and returns the patterns in both m and o.
func (m patMask) and(o patMask) patMask {
	for k := range m {
		m[k] &= o[k]
	}
	return m
}

// or returns the patterns in m or o.
func (m patMask) or(o patMask) patMask {
	for k := range m {
		m[k] |= o[k]
	}
	return m
}

// without returns m less pattern i.
func (m patMask) without(i int) patMask {
	m[i>>6] &^= 1 << uint(i&63)
	return m
}

// empty reports whether m holds no pattern.
func (m patMask) empty() bool {
	for _, w := range m {
		if w != 0 {
			return false
		}
	}
	return true
}

// first returns m's lowest pattern index, or -1 when m is empty.
func (m patMask) first() int {
	for k, w := range m {
		if w != 0 {
			return k*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// rest returns m less its lowest pattern: with first, the loop over a
// set in index order (for run := m; !run.empty(); run = run.rest()).
func (m patMask) rest() patMask {
	for k, w := range m {
		if w != 0 {
			m[k] = w & (w - 1)
			return m
		}
	}
	return m
}
